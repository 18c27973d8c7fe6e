// The capability matrix, proven: each stage's declared capabilities are checked against what the
// stage really does, and an undeclared one is shown to be absent wherever that can be shown.
import FakeServers
import Foundation
import SourceMetrics
import StageAdapters
import TestSupport
import Testing
import Tour

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A stage as a test argument, shown by its name.
struct StageArgument: Sendable, CustomTestStringConvertible {
    let adapter: any StageAdapter
    var testDescription: String { "Stage \(adapter.stage.number) \(adapter.stage.module)" }

    static let all = Stages.all(session: URLSession(configuration: FakeServers.sessionConfiguration()))
        .map(StageArgument.init)
}

extension FakeServerSuites {
    @Suite("Capabilities")
    struct CapabilityTests {
        let fake = freshFake()

        func declares(_ stage: StageArgument, _ capability: Capability) -> Bool {
            stage.adapter.stage.capabilities.contains(capability)
        }

        @Test(
            "typedFailures: a stage that declares it tells a 404 from a reply it cannot read; one that does not, cannot",
            arguments: StageArgument.all)
        func typedFailures(_ stage: StageArgument) async throws {
            let notFound = try #require(await stage.adapter.photo(id: "no-such-id").failure)
            // A 200 whose body is the very same bytes as the 404's.
            fake.override(.photo, with: .reply(status: 200, body: #"{"errors":["Couldn't find Photo"]}"#))
            let unreadable = try #require(await stage.adapter.photo(id: "Dwu85P9SOIk").failure)
            if declares(stage, .typedFailures) {
                #expect(notFound.kind == .notFound)
                #expect(unreadable.kind == .decoding)
            } else {
                #expect(notFound == unreadable, "an untyped stage hands its caller the same thing for both")
            }
        }

        @Test(
            "oneRequestPath: declared exactly when the stage's sources start a URLSession task in one place",
            arguments: StageArgument.all)
        func oneRequestPath(_ stage: StageArgument) throws {
            let metrics = try measure(stage.adapter.stage)
            #expect(declares(stage, .oneRequestPath) == (metrics.sessionCallSites == 1), "\(metrics)")
            #expect(declares(stage, .oneRequestPath) == (metrics.requestFunctions == 1), "\(metrics)")
        }

        @Test(
            "offlineRequestBuilding: the request built without a network is the request sent",
            arguments: StageArgument.all)
        func offlineRequestBuilding(_ stage: StageArgument) async throws {
            guard let builder = stage.adapter as? any RequestBuilding else {
                #expect(!declares(stage, .offlineRequestBuilding))
                return
            }
            #expect(declares(stage, .offlineRequestBuilding))
            let calls: [Call] = [
                .login(username: demoUsername, password: demoPassword), .searchPhotos(query: "c++ & 서울"),
                .randomPhoto, .photo(id: "Dwu85P9SOIk"),
            ]
            for call in calls {
                let built = try builder.request(for: call).get()
                #expect(fake.log.isEmpty, "building \(call) sent nothing")
                _ = await Scenarios.outcome(of: call, on: builder)
                let sent = try #require(fake.log.last)
                #expect(sent.method == built.httpMethod)
                #expect(sent.url == built.url)
                #expect(sent.body ?? Data() == built.httpBody ?? Data())
                for (name, value) in built.allHTTPHeaderFields ?? [:] {
                    #expect(sent.header(name) == value)
                }
                fake.reset()
            }
        }

        @Test(
            "cancellation: cancelling the caller cancels the request at once, or, undeclared, changes nothing",
            arguments: StageArgument.all)
        func cancellation(_ stage: StageArgument) async throws {
            let declared = declares(stage, .cancellation)
            // The reply is held until the test lets it go, so the caller is cancelled mid-request.
            let hold = fake.hold(.photo)
            let call = Task { await stage.adapter.photo(id: "Dwu85P9SOIk") }
            try #require(await hold.waitUntilHeld(1), "the request reached the server")
            call.cancel()
            if declared {
                // A declared stage must not wait for an answer that never comes.
                let outcome = await call.value
                #expect(outcome.failure?.kind == .cancelled)
                #expect(fake.stoppedRequests == 1)
                #expect(hold.count == 0, "the request was stopped, not left waiting")
            } else {
                // An undeclared one gets its answer when it comes; a client that had cancelled the
                // request would not (the fake sends nothing to a cancelled task).
                hold.release()
                let outcome = await call.value
                #expect(outcome.value?.id == "Dwu85P9SOIk", "cancelling the caller did not reach the request")
                #expect(fake.stoppedRequests == 0)
            }
        }

        @Test(
            "concurrentCalls: a stage that declares it has requests in flight together, answered in order",
            arguments: StageArgument.all)
        func concurrentCalls(_ stage: StageArgument) async throws {
            guard let concurrent = stage.adapter as? any ConcurrentCalls else {
                #expect(!declares(stage, .concurrentCalls))
                return
            }
            #expect(declares(stage, .concurrentCalls))
            let ids = ["Dwu85P9SOIk", "LBI7cgq3pbM", "yC-Yzbqy7PY", "8manzosDSGM", "3Z70SDuYs5g"]
            // Every reply is held until all the requests are in: calls made one after another never get there.
            let photoHold = fake.hold(.photo, times: ids.count)
            let photosCall = Task { await concurrent.photos(ids: ids) }
            try #require(await photoHold.waitUntilHeld(ids.count), "all the requests in flight at once")
            // Released last first: the photos still come back in the order asked.
            for id in ids.reversed() {
                photoHold.release { $0.url.lastPathComponent == id }
            }
            let photos = try #require(await photosCall.value.value)
            #expect(photos.map(\.id) == ids)
            #expect(fake.peakConcurrentRequests == ids.count)

            fake.reset()
            let randomHold = fake.hold(.randomPhoto)
            let searchHold = fake.hold(.searchPhotos)
            let homeCall = Task { await concurrent.homeScreen(query: "coffee") }
            try #require(await randomHold.waitUntilHeld(1), "the random photo requested")
            try #require(await searchHold.waitUntilHeld(1), "the search requested while the photo is still out")
            randomHold.release()
            searchHold.release()
            let home = await homeCall.value
            #expect(home.random.value != nil && home.search.value != nil)
            #expect(fake.peakConcurrentRequests == 2)
        }

        @Test(
            "injectedSession: a stage that declares it sends through the session it is given, not the global one",
            arguments: StageArgument.all)
        func injectedSession(_ stage: StageArgument) async throws {
            guard let injectable = type(of: stage.adapter) as? any SessionInjected.Type else {
                #expect(!declares(stage, .injectedSession))
                return
            }
            #expect(declares(stage, .injectedSession))
            FakeServers.install()  // before any configuration exists, or `URLSession.shared` would miss it
            let configuration = URLSessionConfiguration.ephemeral
            configuration.protocolClasses = [InjectedSessionProtocol.self]
            let adapter = injectable.init(session: URLSession(configuration: configuration))
            let failure = try #require(await adapter.photo(id: "Dwu85P9SOIk").failure)
            #expect(failure.message.contains(InjectedSessionProtocol.message))
            #expect(fake.log.isEmpty, "the process-wide fake heard nothing")
        }

        @Test(
            "exactRequests: a stage that declares it sends every awkward input as typed or refuses it; one that does not, damages some",
            arguments: StageArgument.all)
        func exactRequests(_ stage: StageArgument) async {
            var damaged: [String] = []
            for input in BadInputs.all {
                let sent = await BadInputs.send(input, through: stage.adapter)
                if sent != "as typed" && !sent.hasPrefix("refused") { damaged.append("\(input.name): \(sent)") }
            }
            if declares(stage, .exactRequests) {
                #expect(damaged.isEmpty, "\(damaged)")
            } else {
                #expect(!damaged.isEmpty, "nothing was damaged, so the stage could declare exactRequests")
            }
        }

        @Test(
            "logsEveryCall: declared exactly when the stage's plugins keep a log, with a masked line for a login",
            arguments: StageArgument.all)
        func logsEveryCall(_ stage: StageArgument) async throws {
            guard let logging = stage.adapter as? any CallLogging else {
                #expect(!declares(stage, .logsEveryCall))
                return
            }
            #expect(declares(stage, .logsEveryCall))
            logging.clearLog()
            _ = await stage.adapter.login(username: FakeServers.demoUsername, password: "not-the-password")
            let line = try #require(logging.loggedLines.last)
            #expect(line.hasPrefix("POST https://popcorn.example/login → 401 in "), "\(line)")
            #expect(line.contains(#""password":"•••""#), "\(line)")
            #expect(!line.contains("not-the-password"), "\(line)")
        }

        @Test(
            "singleFlightRefresh: twenty calls meeting an expired token share one refresh; undeclared, two calls refresh twice",
            arguments: StageArgument.all)
        func singleFlightRefresh(_ stage: StageArgument) async throws {
            guard declares(stage, .refreshesToken) else {
                #expect(!declares(stage, .singleFlightRefresh), "a stage that never refreshes cannot share a refresh")
                return
            }
            let singleFlight = declares(stage, .singleFlightRefresh)
            let callers = singleFlight ? 20 : 2
            let token = try #require(
                await stage.adapter.login(username: FakeServers.demoUsername, password: FakeServers.demoPassword).value)
            fake.expireAccessTokens()
            // Every caller's 401 is held until all are in, and the refresh until the test lets it go,
            // so every caller meets the expired token while a refresh is under way.
            let profileHold = fake.hold(.profile, times: callers)
            let refreshHold = fake.hold(.refreshToken, times: callers)
            let calls = (0..<callers).map { _ in Task { await stage.adapter.profile(token: token) } }
            try #require(await profileHold.waitUntilHeld(callers), "all the callers reached the server")
            profileHold.release()
            let refreshes = singleFlight ? 1 : callers
            try #require(await refreshHold.waitUntilHeld(refreshes), "the refreshes reached the server")
            refreshHold.open()
            var succeeded = 0
            for call in calls where await call.value.value != nil {
                succeeded += 1
            }
            #expect(fake.log.filter { $0.route == .refreshToken }.count == refreshes)
            // Undeclared, the second refresh sends a refresh token the first used up, and fails.
            #expect(succeeded == (singleFlight ? callers : 1))
        }

        @Test(
            "singleFlightRefresh: a refused refresh fails every waiting call as unauthorized, after one refresh",
            arguments: StageArgument.all)
        func refusedSharedRefresh(_ stage: StageArgument) async throws {
            guard declares(stage, .singleFlightRefresh) else { return }
            let token = try #require(
                await stage.adapter.login(username: FakeServers.demoUsername, password: FakeServers.demoPassword).value)
            fake.advanceClock(by: FakeServers.refreshTokenLifetime + 1)
            let profileHold = fake.hold(.profile, times: 20)
            let calls = (0..<20).map { _ in Task { await stage.adapter.profile(token: token) } }
            try #require(await profileHold.waitUntilHeld(20), "all the callers reached the server")
            profileHold.release()
            for call in calls {
                #expect(await call.value.failure?.kind == .unauthorized)
            }
            #expect(fake.log.filter { $0.route == .refreshToken }.count == 1)
            #expect(fake.log.filter { $0.route == .profile }.count == 20, "no call was sent a second time")
        }

        @Test("the matrix prints one row per stage with exactly its declared capabilities")
        func matrixPrints() {
            let stages = StageArgument.all.map(\.adapter.stage)
            let lines = CapabilityMatrix.markdown(stages).split(separator: "\n")
            #expect(lines.count == stages.count + 2)
            for (stage, line) in zip(stages, lines.dropFirst(2)) {
                #expect(line.hasPrefix("| \(stage.number) \(stage.module) |"))
                #expect(line.filter { $0 == "✓" }.count == stage.capabilities.count)
            }
        }
    }
}

/// The stage's own sources, measured.
func measure(_ stage: StageInfo) throws -> StageMetrics {
    let sources = try #require(SourceMetrics.sourcesDirectory(from: #filePath))
    return try SourceMetrics.measure(directory: sources.appendingPathComponent(stage.module))
}

/// Answers every request with a 503 of its own, so a reply shows which session carried the request.
final class InjectedSessionProtocol: URLProtocol {
    static let message = "answered by the injected session"

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let body = Data(#"{"errors":["\#(Self.message)"]}"#.utf8)
        let response = HTTPURLResponse(
            url: request.url!, statusCode: 503, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Type": "application/json"])!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: body)
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}
