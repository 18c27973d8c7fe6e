// The fake servers hold stages to the real servers' rules; these tests hold the fake to them.
import FakeServers
import FakeTurns
import Foundation
import Locking
import Models
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The fakes need no stage, so these tests are a target of their own, which a kata does not
// rebuild. They take turns on the separate fake with the stage 6 suites in WorkbookTests.
@Suite("Fake servers", .serialized, .separateFakeTurn)
struct FakeServerTests {
    // The separate fake, which only this suite's session reaches; what it says, the shared one says too.
    let fake = {
        FakeServers.install()
        FakeServers.separate.reset()
        return FakeServers.separate
    }()
    let session = URLSession(configuration: FakeServers.separate.sessionConfiguration())
    let key = "Client-ID \(FakeServers.demoAccessKey)"

    /// Sends a request the way no stage would, to see what the fake answers.
    func send(
        _ method: String = "GET", _ url: String, headers: [String: String] = [:], body: String? = nil,
        timeout: TimeInterval = 5
    ) async throws -> (status: Int, body: Data, headers: [AnyHashable: Any]) {
        var request = URLRequest(url: try #require(URL(string: url)), timeoutInterval: timeout)
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, data, http.allHeaderFields)
    }

    func errors(_ body: Data) throws -> [String] {
        try JSONDecoder().decode(UnsplashErrorBody.self, from: body).errors
    }

    func loginMessage(_ body: Data) throws -> String? {
        try JSONDecoder().decode(LoginResponse.self, from: body).message
    }

    // MARK: - Popcorn

    @Test("login with the demo account answers 200 and a token in the envelope")
    func loginSucceeds() async throws {
        let body = #"{"username":"popcorn","password":"\#(FakeServers.demoPassword)"}"#
        let reply = try await send(
            "POST", "https://popcorn.example/login", headers: ["Content-Type": "application/json"], body: body)
        #expect(reply.status == 200)
        let envelope = try JSONDecoder().decode(LoginResponse.self, from: reply.body)
        #expect(envelope.resultCode == 200 && envelope.status == "success")
        #expect(envelope.token?.accessToken.hasPrefix("popcorn-access-") == true)
    }

    @Test("login with a wrong password answers 401 with a message in data")
    func loginWrongPassword() async throws {
        let body = #"{"username":"popcorn","password":"nope"}"#
        let reply = try await send(
            "POST", "https://popcorn.example/login", headers: ["Content-Type": "application/json"], body: body)
        #expect(reply.status == 401)
        #expect(try loginMessage(reply.body) == "Invalid username or password")
    }

    // Test arguments are printed as the tests run: the password goes in only when a test sends it.
    static let goodBody = #"{"username":"popcorn","password":"PASSWORD"}"#

    @Test(
        "login refuses a malformed body, a missing Content-Type and other methods",
        arguments: [
            ("POST", "application/json", "{\"username\":", 400),
            ("POST", "application/json", "{\"username\":\"popcorn\"}", 400),
            ("POST", "application/json", "[\"popcorn\",\"PASSWORD\"]", 400),
            ("POST", "text/plain", goodBody, 400),
            ("GET", "application/json", "", 405),
            ("PUT", "application/json", goodBody, 405),
        ])
    func loginRefuses(method: String, contentType: String, body: String, status: Int) async throws {
        let body = body.replacingOccurrences(of: "PASSWORD", with: FakeServers.demoPassword)
        let reply = try await send(
            method, "https://popcorn.example/login", headers: ["Content-Type": contentType],
            body: body.isEmpty ? nil : body)
        #expect(reply.status == status)
        #expect(try loginMessage(reply.body)?.isEmpty == false)
    }

    // MARK: - Unsplash

    @Test("Unsplash refuses a request without the access key")
    func unsplashWantsTheKey() async throws {
        let reply = try await send(
            "GET", "https://api.unsplash.com/photos/random", headers: ["Authorization": "Client-ID wrong"])
        #expect(reply.status == 401)
        #expect(try errors(reply.body) == ["OAuth error: The access token is invalid"])
    }

    @Test("a GET with a body fails in the client, as URLSession fails it, and reaches no server")
    func getWithABodyIsNeverSent() async throws {
        for (url, headers) in [
            ("https://api.unsplash.com/photos/random", ["Authorization": key]),
            ("https://popcorn.example/me", ["Authorization": "Bearer popcorn-access-unknown"]),
        ] {
            for method in ["GET", "get"] {
                let error = await #expect(throws: URLError.self) {
                    try await send(method, url, headers: headers, body: "{}")
                }
                #expect(error?.code == .dataLengthExceedsMaximum, "\(method) \(url)")
            }
            // An empty body is no body: URLSession sends that GET.
            let empty = try await send("GET", url, headers: headers, body: "")
            #expect(empty.status != 0)
        }
        #expect(fake.log.map(\.method) == ["GET", "GET"], "only the two GETs without a body were sent")
    }

    @Test("a real URLSession fails a GET with a body before it connects: the fake copies it")
    func realURLSessionRefusesAGetWithABody() async throws {
        // The real client, on a loopback port where nothing listens: the only question is whether
        // it tries to connect. Without a body it tries, and fails to.
        let real = URLSession(configuration: .ephemeral)
        defer { real.invalidateAndCancel() }
        var request = URLRequest(
            url: try #require(URL(string: "http://127.0.0.1:9/photos/random")), timeoutInterval: 5)
        let connecting = await #expect(throws: URLError.self) {
            try await real.data(for: FakeServers.toTheRealClient(request))
        }
        // The fake knows no such host; only the real client gets as far as a refused connection.
        #expect(connecting?.code == .cannotConnectToHost)
        request.httpBody = Data("{}".utf8)
        let refused = await #expect(throws: URLError.self) {
            try await real.data(for: FakeServers.toTheRealClient(request))
        }
        #expect(refused?.code == .dataLengthExceedsMaximum)
    }

    @Test("Unsplash refuses other methods")
    func unsplashIsStrictAboutMethod() async throws {
        let post = try await send(
            "POST", "https://api.unsplash.com/photos/random", headers: ["Authorization": key], body: "{}")
        #expect(post.status == 405)
    }

    @Test("search without a query answers 400 'query is missing'")
    func searchWantsAQuery() async throws {
        let reply = try await send("GET", "https://api.unsplash.com/search/photos", headers: ["Authorization": key])
        #expect(reply.status == 400)
        #expect(try errors(reply.body) == ["query is missing"])
    }

    @Test("search pages through its matches deterministically")
    func searchPages() async throws {
        let first = try await send(
            "GET", "https://api.unsplash.com/search/photos?query=a&per_page=5", headers: ["Authorization": key])
        let second = try await send(
            "GET", "https://api.unsplash.com/search/photos?query=a&per_page=5&page=2",
            headers: ["Authorization": key])
        let again = try await send(
            "GET", "https://api.unsplash.com/search/photos?query=a&per_page=5", headers: ["Authorization": key])
        let page1 = try JSONDecoder().decode(SearchPage.self, from: first.body)
        let page2 = try JSONDecoder().decode(SearchPage.self, from: second.body)
        #expect(page1.total > 10)
        #expect(page1.totalPages == (page1.total + 4) / 5)
        #expect(page1.results.count == 5 && page2.results.count == 5)
        #expect(Set(page1.results.map(\.id)).isDisjoint(with: page2.results.map(\.id)))
        #expect(first.body == again.body)
    }

    @Test("search reads + as a space and %2B as a plus, as servers do")
    func searchDecodesLikeAServer() async throws {
        _ = try await send(
            "GET", "https://api.unsplash.com/search/photos?query=c%2B%2B+code", headers: ["Authorization": key])
        #expect(fake.log.first?.serverView?.values("query") == ["c++ code"])
    }

    @Test("random walks the catalogue in the same order after every reset")
    func randomIsDeterministic() async throws {
        func draw() async throws -> String {
            let reply = try await send(
                "GET", "https://api.unsplash.com/photos/random", headers: ["Authorization": key])
            return try JSONDecoder().decode(Photo.self, from: reply.body).id
        }
        let firstRun = [try await draw(), try await draw(), try await draw()]
        fake.reset()
        let secondRun = [try await draw(), try await draw(), try await draw()]
        #expect(firstRun == secondRun)
        #expect(Set(firstRun).count == 3)
    }

    @Test("every photo in the catalogue decodes, the ones with nulls too")
    func catalogueDecodes() async throws {
        let reply = try await send(
            "GET", "https://api.unsplash.com/search/photos?query=%20&per_page=30", headers: ["Authorization": key])
        #expect(reply.status == 400, "a blank query is a missing query")
        var photos: [Photo] = []
        for word in ["a", "e", "i", "o", "u", "서울", "제주도"] {
            let page = try await send(
                "GET",
                "https://api.unsplash.com/search/photos?query=\(word.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)&per_page=30",
                headers: ["Authorization": key])
            photos += try JSONDecoder().decode(SearchPage.self, from: page.body).results
        }
        let unique = Set(photos.map(\.id))
        #expect(unique.count >= 20)
        #expect(photos.contains { $0.blurHash == nil } && photos.contains { $0.description == nil })
        #expect(photos.contains { $0.altDescription == nil } && photos.contains { $0.color == nil })
    }

    @Test("an unknown id answers 404 'Couldn't find Photo'; dot segments are resolved first")
    func unknownPhoto() async throws {
        let unknown = try await send("GET", "https://api.unsplash.com/photos/nope", headers: ["Authorization": key])
        #expect(unknown.status == 404)
        #expect(try errors(unknown.body) == ["Couldn't find Photo"])
        let escaped = try await send(
            "GET", "https://api.unsplash.com/photos/..%2Fme", headers: ["Authorization": key])
        #expect(try errors(escaped.body) == ["Couldn't find Photo"])
        #expect(fake.log.last?.serverView?.pathSegments == ["photos", "../me"])
        let climbed = try await send(
            "GET", "https://api.unsplash.com/photos/../me", headers: ["Authorization": key])
        #expect(climbed.status == 404)
        #expect(try errors(climbed.body) == ["Not found"])
    }

    // MARK: - Overrides and the log

    @Test("an override replaces status, headers and body for the next reply only")
    func overrideIsOneShot() async throws {
        fake.override(
            .randomPhoto, with: Override(status: 503, headers: ["Retry-After": "30"], body: Data("busy".utf8)))
        let overridden = try await send(
            "GET", "https://api.unsplash.com/photos/random", headers: ["Authorization": key])
        #expect(overridden.status == 503)
        #expect(String(decoding: overridden.body, as: UTF8.self) == "busy")
        #expect(header("Retry-After", of: overridden) == "30")
        let normal = try await send(
            "GET", "https://api.unsplash.com/photos/random", headers: ["Authorization": key])
        #expect(normal.status == 200)
    }

    @Test("a transport error override fails the request with that URLError code")
    func overrideTransportError() async throws {
        fake.override(.photo, with: .failure(.notConnectedToInternet))
        let error = await #expect(throws: URLError.self) {
            try await send("GET", "https://api.unsplash.com/photos/Dwu85P9SOIk", headers: ["Authorization": key])
        }
        #expect(error?.code == .notConnectedToInternet)
    }

    @Test("a reply slower than the request's timeout, or no reply at all, times out")
    func overrideTimesOut() async throws {
        // The fake's clock runs 100 times fast: the 1-second timeout ends after 10 ms of real
        // time, long before the 200-second reply (2 real seconds) would come.
        fake.timeScale = 0.01
        for override in [Override.delay(200), .noAnswer] {
            fake.override(.photo, with: override)
            let started = Date()
            let error = await #expect(throws: URLError.self) {
                try await send(
                    "GET", "https://api.unsplash.com/photos/Dwu85P9SOIk", headers: ["Authorization": key],
                    timeout: 1)
            }
            #expect(error?.code == .timedOut)
            #expect(Date().timeIntervalSince(started) < 1.5)
        }
    }

    @Test("an unknown host fails as not found, so nothing reaches the real network")
    func unknownHost() async throws {
        let error = await #expect(throws: URLError.self) {
            try await send("GET", "https://example.com/")
        }
        #expect(error?.code == .cannotFindHost)
        #expect(fake.log.first?.route == nil)
    }

    @Test("the log keeps method, URL, headers and body as sent")
    func logKeepsRequests() async throws {
        _ = try await send(
            "POST", "https://popcorn.example/login", headers: ["Content-Type": "application/json"],
            body: #"{"a":"b"}"#)
        let entry = try #require(fake.log.first)
        #expect(entry.method == "POST")
        #expect(entry.url.absoluteString == "https://popcorn.example/login")
        #expect(entry.header("content-type") == "application/json")
        #expect(entry.jsonStrings == ["a": "b"])
        #expect(entry.route == .login)
    }
}

extension FakeServerTests {
    @Test("a user's photos come as an array, and an unknown user is a 404")
    func userPhotos() async throws {
        let reply = try await send(
            "GET", "https://api.unsplash.com/users/exampleuser/photos", headers: ["Authorization": key])
        #expect(reply.status == 200)
        let photos = try JSONDecoder().decode([Photo].self, from: reply.body)
        #expect(photos.map(\.id) == ["Dwu85P9SOIk", "Rk3OQZ1Y5Jw", "cT2k5v9-wQo"])
        #expect(photos.allSatisfy { $0.user.username == "exampleuser" })
        let unknown = try await send(
            "GET", "https://api.unsplash.com/users/nobody/photos", headers: ["Authorization": key])
        #expect(unknown.status == 404)
        #expect(try errors(unknown.body) == ["Couldn't find User"])
    }
}

extension FakeServerTests {
    @Test("a page number too large to multiply is a 400, not a crash")
    func hugePage() async throws {
        let search = try await send(
            "GET", "https://api.unsplash.com/search/photos?query=cat&page=9223372036854775807",
            headers: ["Authorization": key])
        #expect(search.status == 400)
        let user = try await send(
            "GET", "https://api.unsplash.com/users/exampleuser/photos?page=9223372036854775807",
            headers: ["Authorization": key])
        #expect(user.status == 400)
    }
}

extension FakeServerTests {
    /// A keyed GET that may wait a long time for its reply, as a held one does.
    func get(_ path: String) async throws -> (status: Int, body: Data) {
        let reply = try await send(
            "GET", "https://api.unsplash.com" + path, headers: ["Authorization": key], timeout: 60)
        return (reply.status, reply.body)
    }

    @Test("a hold keeps replies back until the test releases them, in the order it chooses, and counts what it holds")
    func holdReleasesInChosenOrder() async throws {
        let ids = ["Dwu85P9SOIk", "LBI7cgq3pbM", "yC-Yzbqy7PY"]
        let hold = fake.hold(.photo, times: ids.count)
        let answered = Locked<[String]>([])
        let calls = ids.map { id in
            Task {
                let reply = try await get("/photos/\(id)")
                answered.withLock { $0.append(id) }
                return reply
            }
        }
        try #require(await hold.waitUntilHeld(ids.count))
        #expect(hold.count == 3 && hold.caught == 3)
        #expect(Set(hold.requests.map(\.url.lastPathComponent)) == Set(ids))
        #expect(fake.peakConcurrentRequests == 3, "held requests are in flight together")
        #expect(answered.withLock { $0 }.isEmpty, "nothing is answered while held")
        // The last first, then the first, then the middle one: each answered once released.
        for index in [2, 0, 1] {
            #expect(hold.release { $0.url.lastPathComponent == ids[index] } == 1)
            let reply = try await calls[index].value
            #expect(reply.status == 200)
            #expect(try JSONDecoder().decode(Photo.self, from: reply.body).id == ids[index])
        }
        #expect(answered.withLock { $0 } == [ids[2], ids[0], ids[1]])
        #expect(hold.count == 0 && hold.release() == 0)
        // Past its `times`, the route answers at once again.
        let unheld = try await get("/photos/\(ids[0])")
        #expect(unheld.status == 200 && hold.caught == 3)
    }

    @Test("a held request whose client cancels is no longer held, counts as stopped, and gets nothing on release")
    func holdThenCancel() async throws {
        let hold = fake.hold(.photo)
        let call = Task {
            try await get("/photos/Dwu85P9SOIk")
        }
        try #require(await hold.waitUntilHeld(1))
        call.cancel()
        await #expect(throws: (any Error).self) { try await call.value }
        #expect(fake.stoppedRequests == 1)
        #expect(hold.count == 0 && hold.caught == 1)
        #expect(hold.release() == 0)
    }

    @Test("a hold keeps an override's reply back too, says when a wait never comes true, and open() lets all go")
    func holdWithOverrideAndOpen() async throws {
        let hold = Hold()
        fake.override(.randomPhoto, with: Override(status: 503, hold: hold), times: 2)
        let first = Task {
            try await get("/photos/random")
        }
        try #require(await hold.waitUntilHeld(1))
        #expect(await hold.waitUntilHeld(2, timeout: .milliseconds(20)) == false, "only one request was sent")
        hold.open()
        #expect(try await first.value.status == 503)
        let second = try await get("/photos/random")
        #expect(second.status == 503, "an open hold lets the reply through, override and all")
        #expect(hold.caught == 2 && hold.count == 0)
    }
}

extension FakeServerTests {
    @Test("the separate fake hears only the sessions made from its configuration; the shared one never hears them")
    func separateFakeIsSeparate() async throws {
        // An id no other test asks for, so that the shared fake's log, which the suites on
        // `URLSession.shared` are filling meanwhile, can be searched for it.
        let id = "separate-\(UUID().uuidString)"
        let reply = try await get("/photos/\(id)")
        #expect(reply.status == 404)
        #expect(fake.log.map(\.url.lastPathComponent) == [id])
        #expect(!FakeServers.shared.log.contains { $0.url.lastPathComponent == id })
    }
}

// MARK: - Popcorn's signed-in calls

extension FakeServerTests {
    typealias Reply = (status: Int, body: Data, headers: [AnyHashable: Any])

    /// A header of a reply by name, ignoring case as HTTP does; `nil` when it is missing.
    func header(_ name: String, of reply: Reply) -> String? {
        reply.headers.first { ($0.key as? String)?.caseInsensitiveCompare(name) == .orderedSame }?.value as? String
    }

    /// How many of a reply's headers have this name, in any case.
    func headerCount(_ name: String, of reply: Reply) -> Int {
        reply.headers.keys.filter { ($0 as? String)?.caseInsensitiveCompare(name) == .orderedSame }.count
    }

    func signIn(_ username: String = FakeServers.demoUsername, _ password: String = FakeServers.demoPassword)
        async throws -> (status: Int, envelope: LoginResponse)
    {
        let body = try JSONSerialization.data(withJSONObject: ["username": username, "password": password])
        let reply = try await send(
            "POST", "https://popcorn.example/login", headers: ["Content-Type": "application/json"],
            body: String(decoding: body, as: UTF8.self))
        return (reply.status, try JSONDecoder().decode(LoginResponse.self, from: reply.body))
    }

    /// The demo account's token, from a login that must work.
    func demoToken() async throws -> Token {
        try #require(try await signIn().envelope.token)
    }

    func me(_ accessToken: String?) async throws -> Reply {
        try await send(
            "GET", "https://popcorn.example/me", headers: accessToken.map { ["Authorization": "Bearer \($0)"] } ?? [:])
    }

    func profile(_ reply: Reply) throws -> PopcornEnvelope<Profile> {
        try JSONDecoder().decode(PopcornEnvelope<Profile>.self, from: reply.body)
    }

    func logout(_ accessToken: String) async throws -> Reply {
        try await send("POST", "https://popcorn.example/logout", headers: ["Authorization": "Bearer \(accessToken)"])
    }

    func refresh(_ refreshToken: String) async throws -> (status: Int, envelope: LoginResponse) {
        let body = try JSONSerialization.data(withJSONObject: ["refresh_token": refreshToken])
        let reply = try await send(
            "POST", "https://popcorn.example/token/refresh", headers: ["Content-Type": "application/json"],
            body: String(decoding: body, as: UTF8.self))
        return (reply.status, try JSONDecoder().decode(LoginResponse.self, from: reply.body))
    }

    @Test("GET /me with the login's access token answers 200 and the profile in the envelope")
    func meAnswersTheProfile() async throws {
        let reply = try await me(try await demoToken().accessToken)
        #expect(reply.status == 200)
        let envelope = try profile(reply)
        #expect(envelope.succeeded && envelope.resultCode == 200)
        #expect(
            envelope.payload
                == Profile(username: "popcorn", displayName: "Popcorn Demo", joinedAt: "2025-03-14T10:00:00+09:00"))
        #expect(fake.log.map(\.route) == [.login, .profile])
    }

    @Test("GET /me with no Bearer token, or one never issued, is a 401 envelope saying so in WWW-Authenticate")
    func meRefusesAStranger() async throws {
        let missing = try await me(nil)
        #expect(missing.status == 401)
        #expect(header("WWW-Authenticate", of: missing) == "Bearer")
        #expect(try profile(missing).message?.contains("Bearer") == true)
        let basic = try await send(
            "GET", "https://popcorn.example/me", headers: ["Authorization": "Basic cG9wY29ybjo="])
        #expect(basic.status == 401 && header("WWW-Authenticate", of: basic) == "Bearer")
        let unknown = try await me("popcorn-access-forged")
        #expect(unknown.status == 401)
        #expect(header("WWW-Authenticate", of: unknown) == #"Bearer error="invalid_token""#)
        let envelope = try profile(unknown)
        #expect(envelope.message == "Invalid access token" && envelope.divisionCode == nil)
        #expect(envelope.resultCode == 401 && envelope.status == "fail")
    }

    @Test("GET /me refuses other methods")
    func meIsStrict() async throws {
        let token = try await demoToken().accessToken
        let post = try await send("POST", "https://popcorn.example/me", headers: ["Authorization": "Bearer \(token)"])
        #expect(post.status == 405 && header("Allow", of: post) == "GET")
    }

    @Test("an access token works until the fake's clock reaches its lifetime, then /me answers TOKEN_EXPIRED")
    func accessTokenExpiresOnTheClock() async throws {
        let token = try await demoToken()
        #expect(fake.now == FakeServers.clockStart)
        fake.advanceClock(by: FakeServers.accessTokenLifetime - 1)
        #expect(try await me(token.accessToken).status == 200, "a second before it expires")
        fake.advanceClock(by: 1)
        let expired = try await me(token.accessToken)
        #expect(expired.status == 401)
        #expect(header("WWW-Authenticate", of: expired) == #"Bearer error="invalid_token""#)
        let envelope = try profile(expired)
        #expect(envelope.divisionCode == PopcornDivisionCode.tokenExpired)
        #expect(envelope.message == "Access token expired" && envelope.data == nil)
        // The moment it expired is the one its login wrote down.
        let written = try #require(ISO8601DateFormatter().date(from: token.accessExpiredAt))
        #expect(fake.now == written)
    }

    @Test("expireAccessTokens() moves the clock on by the access tokens' lifetime; a login then hands out a new pair")
    func expireAccessTokens() async throws {
        let first = try await demoToken()
        fake.expireAccessTokens()
        #expect(fake.now == FakeServers.clockStart.addingTimeInterval(FakeServers.accessTokenLifetime))
        #expect(try await me(first.accessToken).status == 401)
        let second = try await demoToken()
        #expect(second.accessToken == "popcorn-access-issued-1" && second.refreshToken == "popcorn-refresh-issued-1")
        #expect(second.accessExpiredAt == "2027-01-01T00:59:59+09:00")
        #expect(try await me(second.accessToken).status == 200)
    }

    @Test("POST /logout answers 204 with no body, and every token of that sign-in stops working")
    func logoutRevokes() async throws {
        let token = try await demoToken()
        let reply = try await logout(token.accessToken)
        #expect(reply.status == 204)
        #expect(reply.body.isEmpty && header("Content-Type", of: reply) == nil)
        let after = try await me(token.accessToken)
        #expect(after.status == 401)
        #expect(try profile(after).message == "Invalid access token")
        #expect(try await logout(token.accessToken).status == 401, "a second logout has no token to end")
        let refreshed = try await refresh(token.refreshToken)
        #expect(refreshed.status == 401 && refreshed.envelope.message == "Invalid refresh token")
        // Signing in again does not bring the ended token back: the login issues a new pair.
        let again = try await demoToken()
        #expect(again.accessToken == "popcorn-access-issued-1")
        #expect(try await me(again.accessToken).status == 200)
        #expect(fake.log.compactMap(\.route).filter { $0 == .logout }.count == 2)
    }

    @Test("POST /logout needs the Bearer token and refuses other methods")
    func logoutIsStrict() async throws {
        let token = try await demoToken().accessToken
        let missing = try await send("POST", "https://popcorn.example/logout")
        #expect(missing.status == 401 && header("WWW-Authenticate", of: missing) == "Bearer")
        let get = try await send("GET", "https://popcorn.example/logout", headers: ["Authorization": "Bearer \(token)"])
        #expect(get.status == 405 && header("Allow", of: get) == "POST")
        #expect(try await me(token).status == 200, "neither refused request signed anyone out")
    }

    @Test("PUT /me/favorites/{id} answers 204 with no body for a known photo, and is as strict as /me")
    func favoriteAnswersNoBody() async throws {
        let token = try await demoToken()
        let bearer = ["Authorization": "Bearer \(token.accessToken)"]
        let known = try await send("PUT", "https://popcorn.example/me/favorites/Dwu85P9SOIk", headers: bearer)
        #expect(known.status == 204 && known.body.isEmpty)
        let unknown = try await send("PUT", "https://popcorn.example/me/favorites/no-such-photo", headers: bearer)
        #expect(try unknown.status == 404 && loginMessage(unknown.body) == "Couldn't find Photo")
        let missing = try await send("PUT", "https://popcorn.example/me/favorites/Dwu85P9SOIk")
        #expect(missing.status == 401 && header("WWW-Authenticate", of: missing) == "Bearer")
        let post = try await send("POST", "https://popcorn.example/me/favorites/Dwu85P9SOIk", headers: bearer)
        #expect(post.status == 405 && header("Allow", of: post) == "PUT")
        let withBody = try await send(
            "PUT", "https://popcorn.example/me/favorites/Dwu85P9SOIk", headers: bearer, body: "{}")
        #expect(withBody.status == 400)
        fake.expireAccessTokens()
        let expired = try await send("PUT", "https://popcorn.example/me/favorites/Dwu85P9SOIk", headers: bearer)
        #expect(try expired.status == 401 && loginMessage(expired.body) == "Access token expired")
        #expect(fake.log.compactMap(\.route).filter { $0 == .favorite }.count == 6)
    }

    @Test("POST /token/refresh trades the refresh token for a new, numbered pair; the one sent is used up")
    func refreshRotates() async throws {
        let login = try await demoToken()
        let first = try await refresh(login.refreshToken)
        #expect(first.status == 200 && first.envelope.succeeded)
        let token1 = try #require(first.envelope.token)
        #expect(token1.accessToken == "popcorn-access-issued-1" && token1.refreshToken == "popcorn-refresh-issued-1")
        // Issued at the clock's start, it expires when the demo token does, and is written the same way.
        #expect(token1.accessExpiredAt == login.accessExpiredAt && token1.refreshExpiredAt == login.refreshExpiredAt)
        let second = try await refresh(token1.refreshToken)
        let token2 = try #require(second.envelope.token)
        #expect(token2.accessToken == "popcorn-access-issued-2" && token2.refreshToken == "popcorn-refresh-issued-2")
        let reused = try await refresh(login.refreshToken)
        #expect(reused.status == 401 && reused.envelope.message == "Refresh token already used")
        for accessToken in [login.accessToken, token1.accessToken, token2.accessToken] {
            #expect(try await me(accessToken).status == 200, "an access token works until it expires")
        }
        // Logging out with the newest ends the whole sign-in, the older pairs too.
        #expect(try await logout(token2.accessToken).status == 204)
        #expect(try await me(login.accessToken).status == 401)
        #expect(try await refresh(token2.refreshToken).status == 401)
    }

    @Test("after the access token expires a refresh gets one that works; a refresh token expires too")
    func refreshAfterExpiry() async throws {
        let login = try await demoToken()
        fake.advanceClock(by: 600)
        fake.expireAccessTokens()
        #expect(try profile(try await me(login.accessToken)).divisionCode == PopcornDivisionCode.tokenExpired)
        let renewed = try #require(try await refresh(login.refreshToken).envelope.token)
        #expect(renewed.accessExpiredAt == "2027-01-01T01:09:59+09:00")
        #expect(renewed.refreshExpiredAt == "2027-01-31T01:09:59+09:00")
        #expect(try await me(renewed.accessToken).status == 200)
        fake.advanceClock(by: FakeServers.refreshTokenLifetime)
        let late = try await refresh(renewed.refreshToken)
        #expect(late.status == 401 && late.envelope.message == "Refresh token expired")
        #expect(late.envelope.token == nil)
    }

    @Test(
        "POST /token/refresh refuses an unknown token, a malformed body, a missing Content-Type and other methods",
        arguments: [
            ("POST", "application/json", #"{"refresh_token":"a-forged-token"}"#, 401),
            ("POST", "application/json", #"{"refresh":"DEMO-REFRESH"}"#, 400),
            ("POST", "application/json", "{\"refresh_token\":", 400),
            ("POST", "application/json", #"{"refresh_token":42}"#, 400),
            ("POST", "text/plain", #"{"refresh_token":"DEMO-REFRESH"}"#, 400),
            ("GET", "application/json", "", 405),
        ])
    func refreshRefuses(method: String, contentType: String, body: String, status: Int) async throws {
        // The arguments name the demo refresh token by a placeholder: Swift Testing prints them,
        // and no token may reach the test output.
        let body = body.replacingOccurrences(
            of: "DEMO-REFRESH", with: "popcorn-refresh-c9f0f895fb98ab9159f51fd0297e236d")
        let reply = try await send(
            method, "https://popcorn.example/token/refresh", headers: ["Content-Type": contentType],
            body: body.isEmpty ? nil : body)
        #expect(reply.status == status)
        let envelope = try JSONDecoder().decode(LoginResponse.self, from: reply.body)
        #expect(envelope.token == nil && envelope.message?.isEmpty == false)
        #expect(fake.log.first?.route == .refreshToken)
    }

    @Test("the unfinished account's login answers 400 E009 with the tokens in data, and they work on /me")
    func unfinishedSignUp() async throws {
        let login = try await signIn(FakeServers.unfinishedUsername, FakeServers.unfinishedPassword)
        #expect(login.status == 400)
        #expect(login.envelope.resultCode == 400 && login.envelope.status == "fail")
        #expect(login.envelope.divisionCode == PopcornDivisionCode.notCompletedSignUp)
        #expect(login.envelope.message == "Not completed sign-up")
        #expect(login.envelope.token == nil, "it is a failure, not a sign-in")
        let token = try #require(login.envelope.payloadEvenOnFailure)
        #expect(token.accessToken.hasPrefix("popcorn-access-") && token.accessToken != "popcorn-access-issued-1")
        let again = try await signIn(FakeServers.unfinishedUsername, FakeServers.unfinishedPassword)
        #expect(again.envelope.payloadEvenOnFailure == token, "the same pair while it works")
        let me = try await me(token.accessToken)
        #expect(me.status == 200)
        #expect(try profile(me).payload?.username == FakeServers.unfinishedUsername)
        #expect(try profile(me).payload?.displayName == nil, "no display name until the sign-up is finished")
        let wrong = try await signIn(FakeServers.unfinishedUsername, "wrong")
        #expect(wrong.status == 401 && wrong.envelope.divisionCode == nil)
    }

    @Test("reset() forgets ended, used and issued tokens and rewinds the clock")
    func resetForgetsTokens() async throws {
        let login = try await demoToken()
        let issued = try #require(try await refresh(login.refreshToken).envelope.token)
        #expect(try await logout(issued.accessToken).status == 204)
        fake.advanceClock(by: 86_400)
        fake.reset()
        #expect(fake.now == FakeServers.clockStart)
        #expect(try await me(login.accessToken).status == 200)
        #expect(try await me(issued.accessToken).status == 401, "a token issued before the reset is unknown")
        let again = try await refresh(login.refreshToken)
        #expect(again.envelope.token?.accessToken == "popcorn-access-issued-1", "the count starts again")
    }

    @Test("the signed-in routes can be overridden and held; an override that replaces the answer does no work")
    func signedInRoutesOverriddenAndHeld() async throws {
        let login = try await demoToken()
        fake.override(.profile, with: .status(503))
        #expect(try await me(login.accessToken).status == 503)
        // The server never heard the logout, nor the refresh that answered 500.
        fake.override(.logout, with: .failure(.notConnectedToInternet))
        await #expect(throws: URLError.self) { try await logout(login.accessToken) }
        fake.override(.refreshToken, with: .status(500))
        #expect(try await refresh(login.refreshToken).status == 500)
        #expect(try await me(login.accessToken).status == 200)
        // A header override leaves the work done: this refresh uses the token up.
        fake.override(.refreshToken, with: Override(headers: ["X-Request-Id": "7"]))
        #expect(try await refresh(login.refreshToken).envelope.token?.accessToken == "popcorn-access-issued-1")
        let hold = fake.hold(.refreshToken)
        let held = Task { try await refresh(login.refreshToken) }
        try #require(await hold.waitUntilHeld(1))
        #expect(hold.requests.first?.route == .refreshToken)
        #expect(hold.release() == 1)
        #expect(try await held.value.envelope.message == "Refresh token already used")
        #expect(
            fake.log.compactMap(\.route)
                == [.login, .profile, .logout, .refreshToken, .profile, .refreshToken, .refreshToken])
    }

    @Test("no token, password or key travels in a URL the signed-in calls were sent to")
    func signedInCallsKeepSecretsOutOfURLs() async throws {
        let login = try await demoToken()
        _ = try await me(login.accessToken)
        _ = try await refresh(login.refreshToken)
        _ = try await logout(login.accessToken)
        let secrets = [login.accessToken, login.refreshToken, FakeServers.demoPassword]
        #expect(fake.log.count == 4)
        #expect(!fake.log.contains { entry in secrets.contains { entry.url.absoluteString.contains($0) } })
    }
}

// MARK: - Unsplash's rate limit

extension FakeServerTests {
    @Test("every Unsplash reply says the demo app's limit and what is left of it")
    func rateLimitHeadersByDefault() async throws {
        let reply = try await send("GET", "https://api.unsplash.com/photos/random", headers: ["Authorization": key])
        #expect(header("X-Ratelimit-Limit", of: reply) == "50")
        #expect(header("x-ratelimit-remaining", of: reply) == "49")
    }

    @Test("each rate-limit shape answers as Unsplash has been seen to", arguments: RateLimitShape.allCases)
    func rateLimitShapes(shape: RateLimitShape) async throws {
        fake.override(.searchPhotos, with: .rateLimited(shape))
        let reply = try await send(
            "GET", "https://api.unsplash.com/search/photos?query=dogs", headers: ["Authorization": key])
        let text = String(decoding: reply.body, as: UTF8.self)
        switch shape {
        case .tooManyRequests, .forbiddenPlainText:
            #expect(reply.status == (shape == .tooManyRequests ? 429 : 403))
            #expect(header("Content-Type", of: reply) == "text/plain")
            #expect(text == "Rate Limit Exceeded")
            #expect(header("X-Ratelimit-Remaining", of: reply) == nil && header("X-Ratelimit-Limit", of: reply) == nil)
        case .forbiddenRemainingZero:
            #expect(reply.status == 403)
            #expect(header("Content-Type", of: reply) == "application/json")
            #expect(try errors(reply.body) == ["Rate Limit Exceeded"])
            #expect(header("X-Ratelimit-Remaining", of: reply) == "0" && header("X-Ratelimit-Limit", of: reply) == "50")
            #expect(headerCount("X-Ratelimit-Remaining", of: reply) == 1)
        }
        let next = try await send(
            "GET", "https://api.unsplash.com/search/photos?query=dogs", headers: ["Authorization": key])
        #expect(next.status == 200, "for the next reply only")
    }

    @Test("an override's header replaces the usual one whatever the case it is written in")
    func overrideHeaderIgnoresCase() async throws {
        fake.override(.photo, with: Override(headers: ["x-ratelimit-remaining": "0"]))
        let reply = try await send(
            "GET", "https://api.unsplash.com/photos/Dwu85P9SOIk", headers: ["Authorization": key])
        #expect(reply.status == 200)
        #expect(headerCount("X-Ratelimit-Remaining", of: reply) == 1)
        #expect(header("X-Ratelimit-Remaining", of: reply) == "0")
    }

    @Test(
        "a quota counts the keyed requests, answers the 403 when none are left, and refills after an hour on the clock")
    func quotaCountsAndRefills() async throws {
        func random(key: String? = nil) async throws -> Reply {
            try await send("GET", "https://api.unsplash.com/photos/random", headers: ["Authorization": key ?? self.key])
        }
        fake.limitUnsplashRequests(to: 2)
        let first = try await random()
        #expect(first.status == 200)
        #expect(header("X-Ratelimit-Limit", of: first) == "2" && header("X-Ratelimit-Remaining", of: first) == "1")
        // Neither a request without the key nor one whose answer an override replaced is counted.
        let stranger = try await random(key: "Client-ID wrong")
        #expect(stranger.status == 401 && header("X-Ratelimit-Remaining", of: stranger) == nil)
        fake.override(.randomPhoto, with: .status(503))
        #expect(try await random().status == 503)
        let last = try await random()
        #expect(last.status == 200 && header("X-Ratelimit-Remaining", of: last) == "0")
        let refused = try await random()
        #expect(refused.status == 403)
        #expect(try errors(refused.body) == ["Rate Limit Exceeded"])
        #expect(header("X-Ratelimit-Remaining", of: refused) == "0" && header("X-Ratelimit-Limit", of: refused) == "2")
        fake.advanceClock(by: 3599)
        #expect(try await random().status == 403, "the hour is not over")
        fake.advanceClock(by: 1)
        let refilled = try await random()
        #expect(refilled.status == 200 && header("X-Ratelimit-Remaining", of: refilled) == "1")
        fake.reset()
        #expect(header("X-Ratelimit-Remaining", of: try await random()) == "49", "reset() sets no limit")
    }
}
