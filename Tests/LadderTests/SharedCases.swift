// The shared case list. Every stage's suite runs every case here; a failure names both.
import FakeServers
import Fixtures
import Foundation
import Harness
import Models
import StageTesting
import Testing

let demoUsername = FakeServers.demoUsername
let demoPassword = FakeServers.demoPassword

enum SharedCases {
    static let all: [SharedCase] = login + signedIn + search + random + photo + badReplies + everyCall + capabilities

    // MARK: - Login

    static var login: [SharedCase] {
        [
            SharedCase("login with the demo account returns the server's token") { stage in
                let token = try stage.value(await stage.adapter.login(username: demoUsername, password: demoPassword))
                #expect(token.accessToken == "popcorn-access-8f14e45fceea167a5a36dedd4bea2543")
                #expect(token.refreshToken == "popcorn-refresh-c9f0f895fb98ab9159f51fd0297e236d")
                #expect(token.accessExpiredAt == "2026-12-31T23:59:59+09:00")
                #expect(token.refreshExpiredAt == "2027-01-30T23:59:59+09:00")
            },
            SharedCase("login with a wrong password fails with the server's message") { stage in
                let failure = try stage.failure(await stage.adapter.login(username: demoUsername, password: "wrong"))
                #expect(failure.message.contains("Invalid username or password"))
                #expect(failure.kind == stage.expectedKind(.unauthorized))
            },
            SharedCase("login sends POST /login with a JSON body and its Content-Type") { stage in
                _ = await stage.adapter.login(username: demoUsername, password: demoPassword)
                let request = try stage.onlyRequest()
                #expect(request.method == "POST")
                #expect(request.url.absoluteString == "https://popcorn.example/login")
                #expect(request.header("Content-Type") == "application/json")
                #expect(request.jsonStrings == ["username": demoUsername, "password": demoPassword])
            },
            SharedCase("login keeps quotes, backslashes, newlines and non-ASCII in the credentials") { stage in
                let username = #"pop"corn\ 팝콘"#
                let password = "a \"quoted\"\npass\\word 🍿"
                let failure = try stage.failure(await stage.adapter.login(username: username, password: password))
                #expect(failure.kind == stage.expectedKind(.unauthorized))
                #expect(try stage.onlyRequest().jsonStrings == ["username": username, "password": password])
            },
            SharedCase("the password appears in no URL and no header, only in the body") { stage in
                _ = await stage.adapter.login(username: demoUsername, password: demoPassword)
                let request = try stage.onlyRequest()
                #expect(!request.url.absoluteString.contains(demoPassword))
                #expect(!request.headers.values.contains { $0.contains(demoPassword) })
                #expect(String(decoding: request.body ?? Data(), as: UTF8.self).contains(demoPassword))
            },
            SharedCase("login while offline fails with a transport error") { stage in
                stage.fake.override(.login, with: .failure(.notConnectedToInternet))
                let failure = try stage.failure(
                    await stage.adapter.login(username: demoUsername, password: demoPassword))
                #expect(!failure.message.isEmpty)
                #expect(failure.kind == stage.expectedKind(.offline))
            },
            SharedCase("a login reply that is an HTML error page fails") { stage in
                stage.fake.override(
                    .login,
                    with: .reply(status: 502, body: "<html><body>Bad Gateway</body></html>", contentType: "text/html"))
                let failure = try stage.failure(
                    await stage.adapter.login(username: demoUsername, password: demoPassword))
                #expect(!failure.message.isEmpty)
                #expect(!failure.message.contains(demoPassword))
            },
        ]
    }

    // MARK: - Search

    static var search: [SharedCase] {
        [
            SharedCase("search returns the page the fake holds for the query") { stage in
                let page = try stage.value(await stage.adapter.searchPhotos(query: "coffee"))
                #expect(page.total == 2)
                #expect(page.totalPages == 1)
                #expect(page.results.map(\.id) == ["Dwu85P9SOIk", "Rk3OQZ1Y5Jw"])
            },
            SharedCase("search sends GET /search/photos with the key and no body") { stage in
                _ = await stage.adapter.searchPhotos(query: "coffee")
                let request = try stage.onlyRequest()
                #expect(request.method == "GET")
                #expect(request.serverView?.pathSegments == ["search", "photos"])
                #expect(request.header("Authorization") == "Client-ID \(FakeServers.demoAccessKey)")
                #expect(request.body?.isEmpty ?? true)
            },
            SharedCase("a query with spaces, &, =, # and Korean reaches the server exactly as typed") { stage in
                let query = "cats & dogs = #1 서울 밤"
                _ = await stage.adapter.searchPhotos(query: query)
                let view = try #require(try stage.onlyRequest().serverView)
                #expect(view.query.map(\.name) == ["query"])
                #expect(view.values("query") == [query])
            },
            SharedCase("a Korean query finds the photo described in Korean") { stage in
                let page = try stage.value(await stage.adapter.searchPhotos(query: "서울"))
                #expect(page.results.map(\.id) == ["2hs9d5fdQQU"])
                #expect(page.results.first?.description == "서울의 밤거리")
            },
            SharedCase("an empty query fails with the server's 400") { stage in
                let failure = try stage.failure(await stage.adapter.searchPhotos(query: ""))
                #expect(failure.kind == stage.expectedKind(.badRequest))
            },
        ]
    }

    // MARK: - Random photo

    static var random: [SharedCase] {
        [
            SharedCase("randomPhoto returns the fake's first random photo, nulls and all") { stage in
                let photo = try stage.value(await stage.adapter.randomPhoto())
                #expect(photo.id == "8manzosDSGM")
                #expect(photo.user.name == "Lena Orwig")
                #expect(photo.blurHash == nil)
                #expect(photo.description == nil)
                #expect(photo.altDescription == nil)
            },
            SharedCase("randomPhoto sends GET /photos/random with no query at all") { stage in
                _ = await stage.adapter.randomPhoto()
                let request = try stage.onlyRequest()
                #expect(request.method == "GET")
                #expect(request.url.absoluteString == "https://api.unsplash.com/photos/random")
                #expect(request.body?.isEmpty ?? true)
            },
        ]
    }

    // MARK: - Photo by id

    static var photo: [SharedCase] {
        [
            SharedCase("photo(id:) returns the photo with that id") { stage in
                let photo = try stage.value(await stage.adapter.photo(id: "Dwu85P9SOIk"))
                #expect(photo.id == "Dwu85P9SOIk")
                #expect(photo.createdAt == "2016-05-03T11:00:28-04:00")
                #expect(photo.width == 2448 && photo.height == 3264)
                #expect(photo.color == "#6E633A")
                #expect(photo.description == "A man drinking a coffee.")
                #expect(photo.likes == 286)
                #expect(photo.user == PhotoUser(id: "QPxL2MGqfrw", username: "exampleuser", name: "Joe Example"))
                #expect(photo.urls.thumb.absoluteString.hasSuffix("&w=200&fit=max"))
            },
            SharedCase("photo(id:) sends GET /photos/{id} with the key in the Authorization header only") { stage in
                _ = await stage.adapter.photo(id: "Dwu85P9SOIk")
                let request = try stage.onlyRequest()
                #expect(request.method == "GET")
                #expect(request.url.absoluteString == "https://api.unsplash.com/photos/Dwu85P9SOIk")
                #expect(request.header("Authorization") == "Client-ID \(FakeServers.demoAccessKey)")
                #expect(!request.url.absoluteString.contains(FakeServers.demoAccessKey))
                #expect(request.body?.isEmpty ?? true)
            },
            SharedCase("an unknown id fails") { stage in
                let failure = try stage.failure(await stage.adapter.photo(id: "no-such-id"))
                #expect(!failure.message.isEmpty)
                #expect(failure.kind == stage.expectedKind(.notFound))
                if stage.declares(.typedFailures) {
                    #expect(
                        failure.message.contains("Couldn't find Photo"), "a typed stage passes on the server's message")
                }
            },
            SharedCase("a 500 with Unsplash's error body fails") { stage in
                stage.fake.override(.photo, with: .reply(status: 500, body: #"{"errors":["Internal server error"]}"#))
                let failure = try stage.failure(await stage.adapter.photo(id: "Dwu85P9SOIk"))
                #expect(failure.kind == stage.expectedKind(.server))
            },
            SharedCase("a malformed JSON body fails") { stage in
                stage.fake.override(.photo, with: .reply(status: 200, body: #"{"id": "Dwu85P9SOIk", "width": "#))
                let failure = try stage.failure(await stage.adapter.photo(id: "Dwu85P9SOIk"))
                #expect(failure.kind == stage.expectedKind(.decoding))
            },
            SharedCase("a reply that arrives late still arrives") { stage in
                stage.fake.timeScale = 0.01  // 0.2 seconds late on the fake's clock, 2 ms of real waiting
                stage.fake.override(.photo, with: .delay(0.2))
                let photo = await stage.adapter.photo(id: "Dwu85P9SOIk").value
                #expect(photo?.id == "Dwu85P9SOIk")
            },
        ]
    }

    // MARK: - Bad replies

    static var badReplies: [SharedCase] {
        [
            SharedCase("a timeout fails") { stage in
                stage.fake.override(.photo, with: .failure(.timedOut))
                let failure = try stage.failure(await stage.adapter.photo(id: "Dwu85P9SOIk"))
                #expect(failure.kind == stage.expectedKind(.timedOut))
            },
            SharedCase("an empty 200 fails") { stage in
                stage.fake.override(.photo, with: .reply(status: 200, body: ""))
                let failure = try stage.failure(await stage.adapter.photo(id: "Dwu85P9SOIk"))
                #expect(failure.kind == stage.expectedKind(.emptyBody))
            },
            SharedCase("every status from 300 to 599 fails by its kind, with its number in the message") { stage in
                // Each status a typed stage names, and the edges of the ranges it does not.
                let statuses = [
                    300, 301, 304, 399, 400, 401, 402, 403, 404, 405, 409, 428, 429, 430, 499, 500, 503, 599,
                ]
                for status in statuses {
                    stage.fake.override(.photo, with: .reply(status: status, body: "", contentType: "text/plain"))
                    let failure = try stage.failure(await stage.adapter.photo(id: "Dwu85P9SOIk"))
                    let named: [Int: FailureKind] = [
                        400: .badRequest, 401: .unauthorized, 403: .forbidden, 404: .notFound, 429: .tooManyRequests,
                    ]
                    let kind = named[status] ?? ((500...599).contains(status) ? .server : .unexpectedStatus)
                    #expect(failure.kind == stage.expectedKind(kind), "status \(status)")
                    if stage.declares(.typedFailures) {
                        #expect(failure.message.contains("\(status)"), "status \(status): \(failure.message)")
                    }
                }
            },
            SharedCase("a plain-text 429 'Rate Limit Exceeded' fails") { stage in
                stage.fake.override(
                    .searchPhotos, with: .reply(status: 429, body: "Rate Limit Exceeded", contentType: "text/plain"))
                let failure = try stage.failure(await stage.adapter.searchPhotos(query: "dogs"))
                #expect(failure.kind == stage.expectedKind(.tooManyRequests))
                if stage.declares(.typedFailures) {
                    #expect(failure.message.contains("Rate Limit Exceeded"))
                }
            },
            SharedCase("every shape of Unsplash's rate limit fails as tooManyRequests, and a plain 403 as forbidden") {
                stage in
                // A 403 that says so in its body, or in its header however the name is spelt, is the limit.
                let overLimit: [Override] =
                    RateLimitShape.allCases.map(Override.rateLimited) + [
                        Override(
                            status: 403, headers: ["Content-Type": "application/json", "X-RateLimit-Remaining": "0"],
                            body: Data(#"{"errors":["Forbidden"]}"#.utf8))
                    ]
                for override in overLimit {
                    stage.fake.override(.randomPhoto, with: override)
                    let failure = try stage.failure(await stage.adapter.randomPhoto())
                    #expect(
                        failure.kind == stage.expectedKind(.tooManyRequests),
                        "\(override.status ?? 0) \(override.headers)")
                }
                stage.fake.override(
                    .randomPhoto,
                    with: Override(
                        status: 403, headers: ["Content-Type": "application/json", "X-Ratelimit-Remaining": "12"],
                        body: Data(#"{"errors":["This key may not fetch random photos"]}"#.utf8)))
                let failure = try stage.failure(await stage.adapter.randomPhoto())
                #expect(failure.kind == stage.expectedKind(.forbidden))
            },
            SharedCase("a 200 login envelope whose status is not success fails with its message") { stage in
                stage.fake.override(
                    .login,
                    with: .reply(status: 200, body: #"{"resultCode":200,"status":"fail","data":"Account locked"}"#))
                let failure = try stage.failure(
                    await stage.adapter.login(username: demoUsername, password: demoPassword))
                #expect(failure.message.contains("Account locked"))
                #expect(failure.kind == stage.expectedKind(.unexpectedStatus))
            },
            SharedCase("every status code completes every call, the ones no enum lists too") { stage in
                // The source material's `guard let error = Error(rawValue: code) else { return }` left
                // the caller waiting forever on a code it did not list. Stage 3 checks the status once
                // per function, so every call is tried.
                let statuses = [204, 299, 302, 400, 402, 409, 418, 422, 451, 500, 502, 503, 599]
                let calls: [(Route, Call)] = [
                    (.login, Scenarios.demoLogin), (.searchPhotos, .searchPhotos(query: "dogs")),
                    (.randomPhoto, .randomPhoto), (.photo, Scenarios.knownPhoto),
                ]
                for (route, call) in calls {
                    for status in statuses {
                        stage.fake.override(
                            route, with: .reply(status: status, body: "teapot", contentType: "text/plain"))
                        let outcome = await Scenarios.outcome(of: call, on: stage.adapter)
                        #expect(!outcome.succeeded, "\(call) with status \(status)")
                    }
                }
                #expect(stage.fake.log.count == statuses.count * calls.count)
            },
        ]
    }

    // MARK: - Every call

    static var everyCall: [SharedCase] {
        [
            SharedCase("every call completes exactly once, whether it succeeds or fails") { stage in
                let adapter = stage.adapter
                #expect(await adapter.login(username: demoUsername, password: demoPassword).value != nil)
                #expect(await adapter.login(username: demoUsername, password: "wrong").failure != nil)
                #expect(await adapter.searchPhotos(query: "dogs").value != nil)
                #expect(await adapter.randomPhoto().value != nil)
                #expect(await adapter.photo(id: "no-such-id").failure != nil)
                stage.fake.override(.randomPhoto, with: .failure(.timedOut))
                #expect(await adapter.randomPhoto().failure != nil)
                stage.fake.override(.searchPhotos, with: .reply(status: 200, body: ""))
                #expect(await adapter.searchPhotos(query: "dogs").failure != nil)
                #expect(stage.fake.log.count == 7)
                // `SharedCase.run` then checks that no handler was called twice or never.
            },
            SharedCase("every GET reaches its server: none carries a body, which URLSession will not send") { stage in
                let token = try stage.value(await stage.adapter.login(username: demoUsername, password: demoPassword))
                _ = await stage.adapter.profile(token: token)
                _ = await stage.adapter.searchPhotos(query: "dogs")
                _ = await stage.adapter.randomPhoto()
                _ = await stage.adapter.photo(id: "Dwu85P9SOIk")
                let sent = stage.fake.log.filter { $0.method == "GET" }.compactMap(\.route)
                for route in [Route.profile, .searchPhotos, .randomPhoto, .photo] {
                    #expect(
                        sent.contains(route),
                        """
                        \(route) never reached the server. URLSession fails a GET that carries a body with \
                        URLError(.dataLengthExceedsMaximum) and sends nothing: a GET's parameters go in the query.
                        """)
                }
            },
            SharedCase(
                "the password stays in the login body and the key in its header, and no message or log shows either"
            ) { stage in
                let adapter = stage.adapter
                var failures: [Failure] = []
                failures += [await adapter.login(username: demoUsername, password: demoPassword).failure].compactMap {
                    $0
                }
                failures += [await adapter.login(username: demoUsername, password: demoPassword + "!").failure]
                    .compactMap {
                        $0
                    }
                stage.fake.override(
                    .login, with: .reply(status: 500, body: "<html>\(demoPassword)?</html>", contentType: "text/html"))
                failures += [await adapter.login(username: demoUsername, password: demoPassword).failure].compactMap {
                    $0
                }
                _ = await adapter.searchPhotos(query: "dogs")
                stage.fake.override(
                    .photo, with: .reply(status: 401, body: #"{"errors":["OAuth error: The access token is invalid"]}"#)
                )
                failures += [await adapter.photo(id: "Dwu85P9SOIk").failure].compactMap { $0 }
                #expect(failures.count == 3)
                let secrets = [demoPassword, FakeServers.demoAccessKey]
                for request in stage.fake.log {
                    for secret in secrets {
                        #expect(!request.url.absoluteString.contains(secret))
                        #expect(
                            !Redaction.lines(for: request).joined().contains(secret), "the tour's request log masks it")
                    }
                    for (name, value) in request.headers where value.contains(FakeServers.demoAccessKey) {
                        #expect(name.caseInsensitiveCompare("Authorization") == .orderedSame)
                    }
                    #expect(!request.headers.values.contains { $0.contains(demoPassword) })
                    if String(decoding: request.body ?? Data(), as: UTF8.self).contains(demoPassword) {
                        #expect(request.route == .login && request.method == "POST")
                    }
                }
                for failure in failures {
                    #expect(!secrets.contains { failure.message.contains($0) }, "\(failure.message)")
                }
            },
            SharedCase("a server that repeats a secret, whole, escaped or cut, shows it in no failure and no log line")
            {
                stage in
                let token = try stage.value(await stage.adapter.login(username: demoUsername, password: demoPassword))
                let logging = stage.adapter as? any CallLogging
                for echo in Echo.all(token: token) {
                    // One echo at a time in the fake's log and the logger's, which the case checks last.
                    stage.fake.reset()
                    logging?.clearLog()
                    stage.fake.override(echo.route, with: echo.reply)
                    let message = try #require(await echo.failure(on: stage.adapter, token: token)?.message, "\(echo)")
                    // Where it shows, never what: a failure's text would print the secret.
                    let logged = logging?.loggedLines ?? []
                    let places = ["the failure message"] + logged.indices.map { "log line \($0 + 1)" }
                    for (place, text) in zip(places, [message] + logged) {
                        #expect(
                            leak(of: echo.secret, in: text) == nil,
                            "stage \(stage.number), \(echo): it shows in \(place)")
                    }
                }
            },
            SharedCase("a wrong password that holds a word of the server's sentence leaves the sentence whole") {
                stage in
                // The tour's wrong password ends in "password"; masking a piece of it would eat the word.
                let logging = stage.adapter as? any CallLogging
                logging?.clearLog()
                let failure = try stage.failure(
                    await stage.adapter.login(username: demoUsername, password: "not-the-password"))
                #expect(failure.message.contains("Invalid username or password"), "\(failure.message)")
                // A log line that shows the reply's body (stage 4's from kata 4's part 7 on) shows it whole.
                if let line = logging?.loggedLines.last {
                    #expect(!line.contains("username or •••"), "\(line)")
                }
            },
            SharedCase("a 401 for a revoked key fails") { stage in
                stage.fake.override(
                    .photo, with: .reply(status: 401, body: #"{"errors":["OAuth error: The access token is invalid"]}"#)
                )
                let failure = try stage.failure(await stage.adapter.photo(id: "Dwu85P9SOIk"))
                #expect(failure.kind == stage.expectedKind(.unauthorized))
            },
        ]
    }
}
