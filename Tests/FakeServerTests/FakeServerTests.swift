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
// rebuild. They take turns on the separate fake with the stage 6 suites in LadderTests.
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
            // No body is `nil`, as every stage sends it: whether Darwin's URLSession also sends a GET
            // whose body is empty but not nil is untested, so nothing here relies on it.
            let none = try await send("GET", url, headers: headers)
            #expect(none.status != 0)
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
}
