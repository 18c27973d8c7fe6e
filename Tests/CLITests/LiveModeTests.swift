// Live mode with no network: the key swapper forwards to a stand-in for Unsplash (the fake, through
// an injected session), and `workbook live` runs every stage through it. Nothing here leaves the process.
import FakeServers
import FakeTurns
import Foundation
import Harness
import Ladder
import Locking
import Metrics
import Models
import StageTesting
import Testing
import WorkbookCommand

@testable import CLI

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Live mode", .serialized, .sharedFakeTurn)
struct LiveModeTests {
    // Stages 1 to 5 send through URLSession.shared, so live mode's tests run with the other
    // suites that use it, one at a time; the fake stands in for Unsplash as well as for Popcorn.

    /// The learner's key in these tests; it must never show in anything live mode writes.
    static let key = "live-test-key-7c1e9b40"
    static let environment = [AccessKey.variable: key]

    let fake = freshFake()
    /// The stand-in for the network: a session the fake answers. Live mode's upstream, and
    /// the way to send a request straight to the fake, for comparison.
    let fakeSession = URLSession(configuration: FakeServers.sessionConfiguration())
    /// A session as stage 6 gets it in live mode: the swapper first, then the fake.
    let liveSession = URLSession(configuration: KeySwappingProtocol.sessionConfiguration())

    /// Runs `body` with a key swap active, as a live run does, forwarding to the stand-in.
    func swapping<Value>(_ body: (KeySwap) async throws -> Value) async throws -> Value {
        let swap = KeySwap(key: Self.key, upstream: fakeSession)
        KeySwappingProtocol.active.withLock { $0 = swap }
        defer { KeySwappingProtocol.active.withLock { $0 = nil } }
        return try await body(swap)
    }

    func unsplashRequest(_ pathAndQuery: String, method: String = "GET", body: String? = nil) throws
        -> URLRequest
    {
        var request = URLRequest(url: try #require(URL(string: "https://api.unsplash.com" + pathAndQuery)))
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        request.setValue(KeySwap.demoAuthorization, forHTTPHeaderField: "Authorization")
        request.setValue("v1", forHTTPHeaderField: "Accept-Version")
        return request
    }

    /// A reply as the client sees it: status, headers (by name in lowercase: Apple's Foundation
    /// writes `allHeaderFields`' names in its own case, `X-Ratelimit-Remaining`), body.
    func reply(_ exchange: (Data, URLResponse)) throws -> (status: Int, headers: [String: String], body: Data) {
        let http = try #require(exchange.1 as? HTTPURLResponse)
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields { headers["\(name)".lowercased()] = "\(value)" }
        return (http.statusCode, headers, exchange.0)
    }

    /// The headers but `Authorization`, named in any case.
    func withoutAuthorization(_ headers: [String: String]) -> [String: String] {
        headers.filter { $0.key.caseInsensitiveCompare("Authorization") != .orderedSame }
    }

    // MARK: - The swapper

    @Test(
        "the swapper forwards method, path, query, headers and body exactly, and swaps only the demo key",
        arguments: [
            ("GET", "/search/photos?query=c%2B%2B+code&per_page=5", nil),
            ("POST", "/photos/random?orientation=landscape", #"{"note":"a body, as sent"}"#),
        ])
    func forwardsExactly(method: String, pathAndQuery: String, body: String?) async throws {
        let request = try unsplashRequest(pathAndQuery, method: method, body: body)
        _ = try await fakeSession.data(for: request)
        let forwardedCount = try await swapping { swap in
            _ = try await liveSession.data(for: request)
            return swap.log.count
        }
        #expect(forwardedCount == 1)
        let log = fake.log
        try #require(log.count == 2, "one request sent straight to the fake, one through the swapper")
        let (direct, forwarded) = (log[0], log[1])
        #expect(forwarded.method == direct.method)
        #expect(forwarded.url.absoluteString == direct.url.absoluteString)
        #expect(forwarded.body == direct.body)
        #expect(direct.header("Authorization") == KeySwap.demoAuthorization)
        #expect(forwarded.header("Authorization") == "Client-ID \(Self.key)")
        #expect(withoutAuthorization(forwarded.headers) == withoutAuthorization(direct.headers))
    }

    @Test("an Authorization other than the demo key's, or none, goes upstream as it came")
    func swapsOnlyTheDemoKey() async throws {
        var someoneElse = try unsplashRequest("/photos/random")
        someoneElse.setValue("Client-ID someone-elses-key", forHTTPHeaderField: "Authorization")
        var none = try unsplashRequest("/photos/random")
        none.setValue(nil, forHTTPHeaderField: "Authorization")
        try await swapping { _ in
            _ = try await liveSession.data(for: someoneElse)
            _ = try await liveSession.data(for: none)
        }
        #expect(fake.log.map { $0.header("Authorization") } == ["Client-ID someone-elses-key", nil])
    }

    @Test("the reply comes back unchanged: the status, headers and body the upstream sent")
    func repliesUnchanged() async throws {
        // What the stand-in says to the learner's key, straight and through the swapper.
        var learners = try unsplashRequest("/photos/Dwu85P9SOIk")
        learners.setValue("Client-ID \(Self.key)", forHTTPHeaderField: "Authorization")
        let straight = try reply(try await fakeSession.data(for: learners))
        let swapped = try await swapping { _ in
            try reply(try await liveSession.data(for: unsplashRequest("/photos/Dwu85P9SOIk")))
        }
        #expect(straight.status == 401, "the fake knows only the demo key")
        #expect(swapped.status == straight.status && swapped.body == straight.body)
        #expect(swapped.headers == straight.headers)
        // An odd reply: a status, headers in any case, and a body that is not JSON.
        let odd = Override(
            status: 503, headers: ["Retry-After": "30", "x-ratelimit-remaining": "7"], body: Data("busy".utf8))
        fake.override(.randomPhoto, with: odd)
        let busy = try await swapping { _ in
            try reply(try await liveSession.data(for: unsplashRequest("/photos/random")))
        }
        #expect(busy.status == 503 && String(decoding: busy.body, as: UTF8.self) == "busy")
        #expect(busy.headers["retry-after"] == "30" && busy.headers["x-ratelimit-remaining"] == "7")
    }

    @Test(
        "a network failure upstream reaches the stage as that URLError",
        arguments: [URLError.Code.notConnectedToInternet, .timedOut, .networkConnectionLost])
    func networkFailure(code: URLError.Code) async throws {
        fake.override(.photo, with: .failure(code))
        let request = try unsplashRequest("/photos/Dwu85P9SOIk")
        let error = try await swapping { swap in
            let error = await #expect(throws: URLError.self) { try await liveSession.data(for: request) }
            #expect(swap.log.first?.failure?.code == code)
            return error
        }
        #expect(error?.code == code)
    }

    @Test("a request for popcorn.example is not forwarded: the fake answers it, as outside live mode")
    func popcornPassesBy() async throws {
        var login = URLRequest(url: try #require(URL(string: "https://popcorn.example/login")))
        login.httpMethod = "POST"
        login.setValue("application/json", forHTTPHeaderField: "Content-Type")
        login.httpBody = try JSONSerialization.data(withJSONObject: [
            "username": FakeServers.demoUsername, "password": FakeServers.demoPassword,
        ])
        let (status, forwarded) = try await swapping { swap in
            (try reply(try await liveSession.data(for: login)).status, swap.log.count)
        }
        #expect(status == 200 && forwarded == 0)
        #expect(fake.log.map(\.route) == [.login])
    }

    // MARK: - The command

    /// Everything a `live` run wrote, line by line, with how many requests the fake had seen
    /// when each was written, and the error it ended with.
    struct Run {
        let lines: [(text: String, requestsSeen: Int)]
        let error: (any Error)?
        var text: [String] { lines.map(\.text) }
        /// Every character the run showed the learner, its final error included.
        var everything: String { (text + [error.map { "workbook: \($0)" } ?? ""]).joined(separator: "\n") }
    }

    func runLive(environment: [String: String] = environment) async -> Run {
        Self.putSwapperInFrontOfSharedSession()
        let lines = Locked<[(text: String, requestsSeen: Int)]>([])
        let workbook = Workbook(style: .plain) { [fake] line in
            let seen = fake.log.count
            lines.withLock { $0 += line.components(separatedBy: "\n").map { ($0, seen) } }
        }
        var failure: (any Error)?
        do {
            try await workbook.live(environment: environment, upstream: fakeSession)
        } catch {
            failure = error
        }
        return Run(lines: lines.withLock { $0 }, error: failure)
    }

    /// Stages 1 to 5 use URLSession.shared. The command puts the swapper in front of it by
    /// registering it first thing (`KeySwappingProtocol.install()`); this process made its
    /// URLSession.shared long before, and on Linux that session keeps the protocol list it
    /// found then, so the swapper goes at the head of that list here. On Apple platforms the
    /// class registered last is asked first, and registering is enough.
    static func putSwapperInFrontOfSharedSession() {
        KeySwappingProtocol.install()
        #if canImport(FoundationNetworking)
        let swapper = ObjectIdentifier(KeySwappingProtocol.self)
        let configuration = URLSession.shared.configuration
        let classes = configuration.protocolClasses ?? []
        guard classes.first.map({ ObjectIdentifier($0) }) != swapper else { return }
        configuration.protocolClasses =
            [KeySwappingProtocol.self] + classes.filter { ObjectIdentifier($0) != swapper }
        #endif
    }

    /// A body the fake gives the demo key, which the stand-in then gives the learner's.
    func demoKeyBody(_ pathAndQuery: String) async throws -> Data {
        let (body, response) = try await fakeSession.data(for: unsplashRequest(pathAndQuery))
        try #require((response as? HTTPURLResponse)?.statusCode == 200)
        return body
    }

    /// Makes the stand-in answer the learner's key as Unsplash answers a good one, for the
    /// calls of `stages` stages: the fake's own replies to the demo key, with
    /// `X-Ratelimit-Remaining` counting down from 49 of 50, as for a demo app's first hour, its
    /// name in lower case as Unsplash sends it over HTTP/2.
    func answerTheLearnersKey(stages: Int) async throws {
        let search = try await demoKeyBody("/search/photos?query=\(LiveCall.query)")
        let random = try await demoKeyBody("/photos/random")
        let id = try JSONDecoder().decode(Photo.self, from: random).id
        let photo = try await demoKeyBody("/photos/\(id)")
        fake.reset()
        var remaining = 49
        for _ in 0..<stages {
            for (route, body) in [(Route.searchPhotos, search), (.randomPhoto, random), (.photo, photo)] {
                let headers = ["x-ratelimit-limit": "50", "x-ratelimit-remaining": String(remaining)]
                fake.override(route, with: Override(status: 200, headers: headers, body: body))
                remaining -= 1
            }
        }
    }

    var unsplashLog: [RecordedRequest] {
        fake.log.filter { $0.url.host == FakeServers.unsplashHost }
    }

    @Test(
        "live says how many requests it sends before sending any, runs every stage through the swapper, and ends with the quota Unsplash reported"
    )
    func countUpFrontQuotaAfter() async throws {
        // Three calls on every stage of the ladder; the stand-in's quota is 50, counted down from 49.
        let stages = Ladder.stages.count
        let requests = LiveCall.allCases.count * stages
        try await answerTheLearnersKey(stages: stages)
        let run = await runLive()
        #expect(run.error == nil, "\(String(describing: run.error))")
        let count = try #require(run.lines.first { $0.text.contains("sends \(requests) requests") })
        #expect(count.text.contains("(\(LiveCall.allCases.count) calls × \(stages) stages)"))
        #expect(count.requestsSeen == 0, "the count comes before anything is sent")
        #expect(unsplashLog.count == requests)
        #expect(unsplashLog.allSatisfy { $0.header("Authorization") == "Client-ID \(Self.key)" })
        #expect(fake.log.filter { $0.route == .login }.count == stages, "the logins stay on the fake")
        #expect(run.text.filter { $0.hasPrefix("  login         fake Popcorn") }.count == stages)
        #expect(run.text.filter { $0.contains("Unsplash (live)  ✓") }.count == requests)
        #expect(
            run.text.contains("Sent \(requests) requests to api.unsplash.com; Unsplash answered \(requests) of them."))
        #expect(
            run.text.last { !$0.isEmpty }?.hasPrefix("Your key has \(50 - requests) of 50 requests left this hour")
                == true)
        #expect(run.text.allSatisfy { $0.count <= 100 }, "\(run.text.filter { $0.count > 100 })")
    }

    @Test("the key never shows in what live writes: the request lines mask it, and so do errors that echo it")
    func keyNeverShown() async throws {
        try await answerTheLearnersKey(stages: Ladder.stages.count)
        let run = await runLive()
        #expect(run.text.contains { $0.hasSuffix("· GET /photos/random · Authorization: Client-ID •••") })
        #expect(!run.everything.contains(Self.key))
        let echo = #"{"errors":["The key \#(Self.key) is not valid"]}"#
        fake.override(.searchPhotos, with: .reply(status: 401, body: echo))
        let refused = await runLive()
        #expect(refused.error != nil)
        #expect(refused.everything.contains("The key ••• is not valid"))
        #expect(!refused.everything.contains(Self.key))
    }

    @Test(
        "with UNSPLASH_ACCESS_KEY unset or empty, live sends nothing and says in one line how to get a key and set it, with exit status 2",
        arguments: [[:], [AccessKey.variable: ""], [AccessKey.variable: "  \n"]])
    func missingKey(environment: [String: String]) async throws {
        let run = await runLive(environment: environment)
        #expect(run.text.isEmpty && fake.log.isEmpty)
        let error = try #require(run.error as? MissingAccessKey)
        let line = "\(error)"
        #expect(!line.contains("\n"))
        for words in [
            "https://unsplash.com/developers", "create an app", "Access Key",
            "read -rs UNSPLASH_ACCESS_KEY && export UNSPLASH_ACCESS_KEY",
        ] {
            #expect(line.contains(words))
        }
        // A key typed into a command stays in the shell's history: the advice never has one typed.
        #expect(!line.contains("UNSPLASH_ACCESS_KEY="), "\(line)")
        #expect(Workbook.exitStatus(for: error) == 2)
        #expect(Workbook.exitStatus(for: LiveStop("stopped")) == 1)
    }

    @Test("a key typed as an argument is refused, and not repeated back")
    func keyAsArgument() throws {
        #expect(try Command.parse(["live"]) == .live)
        #expect {
            try Command.parse(["live", Self.key])
        } throws: { error in
            let message = "\(error)"
            return message.contains(AccessKey.variable) && !message.contains(Self.key)
        }
    }

    @Test(
        "a rate limit stops the run at once with the sentence the typed stages give it",
        arguments: RateLimitShape.allCases)
    func rateLimitStops(shape: RateLimitShape) async throws {
        // Stage 1's calls go through; stage 2's search meets the limit.
        try await answerTheLearnersKey(stages: 1)
        fake.override(.searchPhotos, with: .rateLimited(shape))
        let run = await runLive()
        let stop = try #require(run.error as? LiveStop)
        #expect(unsplashLog.count == 4, "nothing is sent after the limit")
        #expect(run.text.filter { $0.contains("Unsplash (live)") }.count == 3, "no line for the limited call")
        // The typed stages, on the same reply to their demo key, outside live mode.
        for adapter in Workbook.adapters() where adapter.stage.capabilities.contains(.typedFailures) {
            fake.override(.searchPhotos, with: .rateLimited(shape))
            let failure = try #require(await adapter.searchPhotos(query: LiveCall.query).failure)
            #expect(failure.kind == .tooManyRequests)
            #expect(stop.description == failure.message, "stage \(adapter.stage.number)")
        }
    }

    @Test("a refused key stops the run at once with one line that says so")
    func refusedKeyStops() async throws {
        // The stand-in knows only the demo key, so it refuses the learner's, as Unsplash would a wrong one.
        let run = await runLive()
        let stop = try #require(run.error as? LiveStop)
        #expect(
            stop.description.hasPrefix(
                "Unsplash refused the key in UNSPLASH_ACCESS_KEY (401: OAuth error: The access token is invalid)"))
        // The same recipe as docs/live.md's, which keeps the key out of the shell's history.
        #expect(stop.description.contains("read -rs UNSPLASH_ACCESS_KEY && export UNSPLASH_ACCESS_KEY"))
        #expect(!stop.description.contains("\n"))
        #expect(unsplashLog.count == 1)
    }

    @Test("no answer from Unsplash at all stops the run at once too")
    func unreachableStops() async throws {
        fake.override(.searchPhotos, with: .failure(.notConnectedToInternet))
        let run = await runLive()
        let stop = try #require(run.error as? LiveStop)
        #expect(stop.description.hasPrefix("Unsplash could not be reached (URLError -1009)"))
        #expect(unsplashLog.count == 1)
    }

    @Test("help lists live, and live's help says where the key comes from")
    func help() {
        #expect(Help.text(for: nil).contains("workbook live"))
        #expect(Help.text(for: "live").contains(AccessKey.variable))
        #expect(Help.order.contains("live"))
    }

    /// A run's lines without the blank ones at either end, as the sample shows them.
    static func trimmingBlankLines(_ lines: [String]) -> [String] {
        let isBlank = { (line: String) in line.trimmingCharacters(in: .whitespaces).isEmpty }
        guard let first = lines.firstIndex(where: { !isBlank($0) }),
            let last = lines.lastIndex(where: { !isBlank($0) })
        else {
            return []
        }
        return Array(lines[first...last])
    }

    @Test("the sample run in docs/live.md is what workbook live prints against the stand-in")
    func docSample() async throws {
        try await answerTheLearnersKey(stages: Ladder.stages.count)
        let run = await runLive()
        try #require(run.error == nil)
        let printed = (["```text"] + Self.trimmingBlankLines(run.text) + ["```"]).joined(separator: "\n")
        let sources = try #require(SourceMetrics.sourcesDirectory(from: #filePath))
        // docs/ko/live.md quotes the same run: the command prints English in either.
        for path in ["docs/live.md", "docs/ko/live.md"] {
            let url = sources.deletingLastPathComponent().appendingPathComponent(path)
            let page = try String(contentsOf: url, encoding: .utf8)
            let marker = "<!-- generated: workbook live, against the stand-in in LiveModeTests -->\n"
            let start = try #require(page.range(of: marker), "\(path) has no sample run")
            let end = try #require(
                page.range(of: "\n<!-- end generated -->", range: start.upperBound..<page.endIndex))
            let embedded = String(page[start.upperBound..<end.lowerBound])
            if embedded != printed, ProcessInfo.processInfo.environment["WORKBOOK_UPDATE_DOCS"] == "1" {
                try page.replacingCharacters(in: start.upperBound..<end.lowerBound, with: printed)
                    .write(to: url, atomically: true, encoding: .utf8)
                continue
            }
            // Compared as a Bool: a failure prints the message, not both runs.
            let same = embedded == printed
            #expect(same, "\(path): its sample is stale; run scripts/update-docs, which rewrites it from this test")
        }
    }
}
