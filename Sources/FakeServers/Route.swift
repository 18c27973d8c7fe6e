// The routes the fake servers answer, and how a request's URL is read to find one.
import Foundation

/// One of the four calls the workbook makes.
public enum Route: String, CaseIterable, Sendable {
    /// `POST https://popcorn.example/login`
    case login
    /// `GET https://api.unsplash.com/search/photos?query=…`
    case searchPhotos
    /// `GET https://api.unsplash.com/photos/random`
    case randomPhoto
    /// `GET https://api.unsplash.com/photos/{id}`
    case photo
    /// `GET https://api.unsplash.com/users/{username}/photos`: the exercises' new call.
    case userPhotos
}

/// A URL as a server reads it: path segments with dot segments resolved, then each one
/// percent-decoded; a query split on `&` and `=`, `+` read as a space, then percent-decoded.
public struct ServerView: Equatable, Sendable {
    public let host: String
    public let pathSegments: [String]
    public let query: [QueryItem]

    public struct QueryItem: Equatable, Sendable {
        public let name: String
        public let value: String
    }

    public init?(_ url: URL) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let host = components.host
        else { return nil }
        self.host = host.lowercased()
        pathSegments = Self.segments(ofPercentEncodedPath: components.percentEncodedPath)
        query = (components.percentEncodedQuery ?? "")
            .split(separator: "&", omittingEmptySubsequences: true)
            .map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let value = parts.count > 1 ? Self.formDecoded(parts[1]) : ""
                return QueryItem(name: Self.formDecoded(parts[0]), value: value)
            }
    }

    /// The values a name has, in the order sent.
    public func values(_ name: String) -> [String] {
        query.filter { $0.name == name }.map(\.value)
    }

    // The way web servers normalise a path before routing it (RFC 3986, 5.2.4).
    static func segments(ofPercentEncodedPath path: String) -> [String] {
        var resolved: [String] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..": _ = resolved.popLast()
            default: resolved.append(String(segment).removingPercentEncoding ?? String(segment))
            }
        }
        return resolved
    }

    // HTML form decoding, which is what servers apply to a query: `+` is a space.
    static func formDecoded(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
