// The fake Unsplash API: search, random and photo by id, keyed, strict about method, body and query.
import Foundation

enum UnsplashServer {
    /// What a reply's `X-Ratelimit-*` headers say, and whether the key had any requests left.
    struct RateLimit: Sendable {
        let limit: Int
        let remaining: Int
        let exceeded: Bool

        /// With no quota set: the pair a demo app's first request of the hour, of its 50, shows.
        static let unmetered = RateLimit(limit: 50, remaining: 49, exceeded: false)

        var headers: [String: String] {
            [RateLimitShape.limitHeader: String(limit), RateLimitShape.remainingHeader: String(remaining)]
        }
    }

    /// Whether the request carries the demo access key, so that a quota can count it.
    static func isKeyed(_ request: RecordedRequest) -> Bool {
        request.header("Authorization") == "Client-ID \(FakeServers.demoAccessKey)"
    }

    static func route(_ view: ServerView) -> Route? {
        switch view.pathSegments {
        case ["search", "photos"]: .searchPhotos
        case ["photos", "random"]: .randomPhoto
        case let segments where segments.count == 2 && segments[0] == "photos": .photo
        case let segments where segments.count == 3 && segments[0] == "users" && segments[2] == "photos": .userPhotos
        default: nil
        }
    }

    /// - Parameters:
    ///   - randomDraw: how many random photos were served before this one.
    ///   - rateLimit: what the reply's `X-Ratelimit-*` headers say; `nil` for none (a request a
    ///     quota cannot count, since it has no key).
    static func answer(
        _ request: RecordedRequest, view: ServerView, route: Route?, randomDraw: Int, rateLimit: RateLimit?
    ) -> Answer {
        var reply =
            if rateLimit?.exceeded == true {
                Answer.json(403, ["errors": [RateLimitShape.message]])
            } else {
                answer(request, view: view, route: route, randomDraw: randomDraw)
            }
        if let rateLimit { reply.headers.merge(rateLimit.headers) { own, _ in own } }
        return reply
    }

    private static func answer(_ request: RecordedRequest, view: ServerView, route: Route?, randomDraw: Int)
        -> Answer
    {
        guard let route else { return failure(404, "Not found") }
        guard request.method == "GET" else { return failure(405, "Method not allowed: use GET") }
        guard isKeyed(request) else {
            return failure(401, "OAuth error: The access token is invalid")
        }
        switch route {
        case .searchPhotos: return search(view)
        case .randomPhoto: return photo(Catalogue.photos[(randomDraw * 7 + 3) % Catalogue.photos.count])
        case .photo:
            guard let photo = Catalogue.photo(id: view.pathSegments[1]) else {
                return failure(404, "Couldn't find Photo")
            }
            return self.photo(photo)
        case .userPhotos: return userPhotos(username: view.pathSegments[1], view)
        case .login, .profile, .logout, .refreshToken, .favorite: return failure(404, "Not found")
        }
    }

    private static func userPhotos(username: String, _ view: ServerView) -> Answer {
        let photos = Catalogue.photos.filter { $0.user.username == username }
        guard !photos.isEmpty else { return failure(404, "Couldn't find User") }
        guard let page = Int(view.values("page").first ?? "1"), (1...10_000).contains(page),
            let perPage = Int(view.values("per_page").first ?? "10"), (1...30).contains(perPage)
        else {
            return failure(400, "page must be from 1 to 10000 and per_page from 1 to 30")
        }
        let pageOfPhotos = photos.dropFirst((page - 1) * perPage).prefix(perPage)
        var reply = jsonReply(Catalogue.jsonArray(pageOfPhotos))
        reply.headers["X-Total"] = "\(photos.count)"
        return reply
    }

    private static func search(_ view: ServerView) -> Answer {
        // Blank is all whitespace, as `trimmingCharacters(in: .whitespaces)` would leave nothing.
        guard let query = view.values("query").first,
            !query.unicodeScalars.allSatisfy(CharacterSet.whitespaces.contains)
        else {
            return failure(400, "query is missing")
        }
        guard let page = Int(view.values("page").first ?? "1"), (1...10_000).contains(page),
            let perPage = Int(view.values("per_page").first ?? "10"), (1...30).contains(perPage)
        else {
            return failure(400, "page must be from 1 to 10000 and per_page from 1 to 30")
        }
        // A word longer than a photo's text cannot be in it; that spares the long queries a search.
        let words: [(Substring, Int)] = query.lowercased().split { $0.isWhitespace }.map { ($0, $0.count) }
        let matches = Catalogue.searchable.filter { photo in
            words.allSatisfy { word, length in length <= photo.length && photo.text.contains(word) }
        }.map(\.photo)
        let pageOfMatches = matches.dropFirst((page - 1) * perPage).prefix(perPage)
        // Keys in sorted order, as every other reply of the fake has them.
        let body =
            Data(#"{"results":"#.utf8) + Catalogue.jsonArray(pageOfMatches)
            + Data(#","total":\#(matches.count),"total_pages":\#((matches.count + perPage - 1) / perPage)}"#.utf8)
        return jsonReply(body)
    }

    private static func photo(_ photo: CataloguePhoto) -> Answer {
        jsonReply(Catalogue.jsonByID[photo.id] ?? Data())
    }

    private static func jsonReply(_ body: Data) -> Answer {
        Answer(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }

    private static func failure(_ status: Int, _ message: String) -> Answer {
        .json(status, ["errors": [message]])
    }
}
