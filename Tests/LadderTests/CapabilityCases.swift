// The proof of every capability, as shared cases: each stage's own run (`swift test --filter
// StageN`) holds the stage to what it declares and what its number promises, and shows a capability
// it is not held to absent wherever that can be shown. A declaration is a claim, never a checkbox.
import FakeServers
import Fixtures
import Foundation
import Harness
import Metrics
import StageTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension SharedCases {
    /// The proofs written here. `errorsCarryData`, `keepsSignIn` and `refreshesToken` are proven
    /// among the signed-in cases, `latestSearchWins` and `cancelsWhenLeft` among the screen cases:
    /// each case is named by its capability's `proof`, and a check of the suite finds one for every
    /// capability.
    static var capabilities: [SharedCase] {
        [
            typedFailures, oneRequestPath, offlineRequestBuilding, cancellation, concurrentCalls, injectedSession,
            exactRequests, logsEveryCall, aLinePerReply, singleFlightRefresh, refusedSharedRefresh, lateExpiredReply,
        ]
    }

    static var typedFailures: SharedCase {
        SharedCase(Capability.typedFailures.proof) { stage in
            let notFound = try #require(await stage.adapter.photo(id: "no-such-id").failure)
            // A 200 whose body is the very same bytes as the 404's.
            stage.fake.override(.photo, with: .reply(status: 200, body: #"{"errors":["Couldn't find Photo"]}"#))
            let unreadable = try #require(await stage.adapter.photo(id: "Dwu85P9SOIk").failure)
            if stage.declares(.typedFailures) {
                #expect(notFound.kind == .notFound)
                #expect(unreadable.kind == .decoding)
            } else {
                #expect(notFound == unreadable, "an untyped stage hands its caller the same thing for both")
            }
        }
    }

    /// Types only this case knows: a stage decodes them only through a function generic over its reply.
    struct PhotoSize: Decodable, Sendable {
        let width: Int
        let height: Int
    }

    struct PageCount: Decodable, Sendable {
        let total: Int
    }

    static var oneRequestPath: SharedCase {
        SharedCase(Capability.oneRequestPath.proof) { stage in
            let metrics = try measure(stage.adapter.stage)
            // One function starts every task and decodes every reply: a helper around six copies of
            // the checks starts one task, but still decodes in six places.
            let oneFunction =
                metrics.sessionCallSites == 1 && metrics.requestFunctions == 1 && metrics.replyDecodes == 1
            #expect(
                stage.declares(.oneRequestPath) == oneFunction,
                """
                Sources/\(stage.adapter.stage.module): \(metrics.requestFunctions) functions start a URLSession task \
                (\(metrics.sessionCallSites) call sites), and \(metrics.replyDecodes) places decode a reply (`try … .decode(`).
                """)
            guard stage.declares(.oneRequestPath) else { return }
            let generic = try #require(
                stage.adapter as? any GenericRequesting,
                """
                Stage\(stage.number)Adapter does not conform to GenericRequesting: its request(_:as:) sends a Call \
                through the stage's one generic request, decoded as a type the suite names.
                """)
            let size = try stage.value(await generic.request(.photo(id: "Dwu85P9SOIk"), as: PhotoSize.self))
            #expect(size.width == 2448 && size.height == 3264)
            let page = try stage.value(await generic.request(.searchPhotos(query: "coffee"), as: PageCount.self))
            #expect(page.total == 2)
            // The same checks on the way: a 404 is told apart, whatever the type asked for.
            let missing = try stage.failure(await generic.request(.photo(id: "no-such-id"), as: PhotoSize.self))
            #expect(missing.kind == .notFound)
        }
    }

    static var offlineRequestBuilding: SharedCase {
        SharedCase(Capability.offlineRequestBuilding.proof) { stage in
            guard let builder = stage.adapter as? any RequestBuilding else {
                #expect(!stage.declares(.offlineRequestBuilding), "stage \(stage.number) cannot build a request alone")
                return
            }
            #expect(stage.declares(.offlineRequestBuilding))
            let calls: [Call] = [
                .login(username: demoUsername, password: demoPassword), .searchPhotos(query: "c++ & 서울"),
                .randomPhoto, .photo(id: "Dwu85P9SOIk"),
            ]
            for call in calls {
                let built = try builder.request(for: call).get()
                #expect(stage.fake.log.isEmpty, "building \(call) sent nothing")
                _ = await Scenarios.outcome(of: call, on: builder)
                let sent = try #require(stage.fake.log.last)
                #expect(sent.method == built.httpMethod)
                #expect(sent.url == built.url)
                #expect(sent.body ?? Data() == built.httpBody ?? Data())
                for (name, value) in built.allHTTPHeaderFields ?? [:] {
                    #expect(sent.header(name) == value)
                }
                stage.fake.reset()
            }
        }
    }

    static var cancellation: SharedCase {
        SharedCase(Capability.cancellation.proof) { stage in
            // The reply is held until the case lets it go, so the caller is cancelled mid-request.
            let hold = stage.fake.hold(.photo)
            let call = Task { await stage.adapter.photo(id: "Dwu85P9SOIk") }
            try #require(await hold.waitUntilHeld(1), "the request reached the server")
            call.cancel()
            if stage.declares(.cancellation) {
                // A stage held to it stops the request; one that does not gets the answer, late: sooner
                // than the patience for a completion, which would call a held one never called.
                guard try await stage.waitUntilStopped(keeping: .cancellation, seconds: 2) else {
                    hold.open()
                    _ = await call.value
                    return
                }
                #expect(hold.release() == 0, "the request was left waiting for its answer")
                let outcome = await call.value
                #expect(outcome.failure?.kind == .cancelled)
            } else {
                // One that is not gets its answer when it comes; a client that had cancelled the
                // request would not (the fake sends nothing to a cancelled task).
                hold.release()
                let outcome = await call.value
                #expect(outcome.value?.id == "Dwu85P9SOIk", "cancelling the caller did not reach the request")
                #expect(stage.fake.stoppedRequests == 0)
            }
        }
    }

    static var concurrentCalls: SharedCase {
        SharedCase(Capability.concurrentCalls.proof) { stage in
            guard let concurrent = stage.adapter as? any ConcurrentCalls else {
                // Read first, so that a failure prints the step rather than the whole adapter.
                let heldTo = stage.declares(.concurrentCalls)
                let step = stage.step(to: .concurrentCalls)
                #expect(!heldTo, "Stage\(stage.number)Adapter has no photos(ids:) or homeScreen(query:). \(step)")
                return
            }
            #expect(stage.declares(.concurrentCalls))
            let fake = stage.fake
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

            // The first failure ends the call at once and cancels the requests still running: every
            // known id is held back, and only the unknown one is answered, with a 404. It is answered
            // once all four are in: a request that has not reached the fake yet cannot be stopped
            // there, and on a fast run the 404 came back before the last request had left.
            fake.reset()
            let failing = ["Dwu85P9SOIk", "no-such-id", "LBI7cgq3pbM", "yC-Yzbqy7PY"]
            let known = fake.hold(.photo, times: 3, where: { $0.url.lastPathComponent != "no-such-id" })
            let unknown = fake.hold(.photo, where: { $0.url.lastPathComponent == "no-such-id" })
            let failingCall = Task { await concurrent.photos(ids: failing) }
            try #require(await waitUntilHeld(known, 3, orAllEnded: [failingCall]), "the known ids in flight")
            try #require(await unknown.waitUntilHeld(1), "the unknown id in flight with them")
            unknown.release()
            let failure = try #require(await failingCall.value.failure)
            #expect(failure.kind == .notFound)
            try await waitUntil { fake.stoppedRequests == 3 }
            #expect(known.count == 0, "the requests still running were stopped")

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
    }

    static var injectedSession: SharedCase {
        SharedCase(Capability.injectedSession.proof) { stage in
            // Each check reads a plain value first, so that a failure says what to do instead of
            // printing the whole stage under test.
            let heldTo = stage.declares(.injectedSession)
            guard let injectable = type(of: stage.adapter) as? any SessionInjected.Type else {
                #expect(
                    !heldTo,
                    "stage \(stage.number)'s adapter cannot be handed a session. \(stage.step(to: .injectedSession))")
                return
            }
            #expect(heldTo, "stage \(stage.number)'s adapter is SessionInjected: declare .injectedSession too")
            let configuration = URLSessionConfiguration.ephemeral
            configuration.protocolClasses = [InjectedSessionProtocol.self]
            let adapter = injectable.init(session: URLSession(configuration: configuration))
            let failure = try #require(
                await adapter.photo(id: "Dwu85P9SOIk").failure,
                "photo(id:) succeeded: it went through another session than the one handed in")
            let said = failure.message.contains(InjectedSessionProtocol.message)
            #expect(said, "photo(id:) went through another session than the one handed in: \(failure.message)")
            let heard = stage.fake.log.count
            #expect(heard == 0, "the fake heard \(heard) requests: some call still reaches for URLSession.shared")
        }
    }

    static var exactRequests: SharedCase {
        SharedCase(Capability.exactRequests.proof) { stage in
            var damaged: [String] = []
            for input in BadInputs.all {
                let sent = await BadInputs.send(input, through: stage.adapter, fake: stage.fake)
                if sent != "as typed" && !sent.hasPrefix("refused") { damaged.append("\(input.name): \(sent)") }
            }
            if stage.declares(.exactRequests) {
                #expect(damaged.isEmpty, "\(damaged)")
            } else {
                #expect(!damaged.isEmpty, "nothing was damaged, so the stage could be held to exactRequests")
            }
        }
    }

    static var logsEveryCall: SharedCase {
        SharedCase(Capability.logsEveryCall.proof) { stage in
            guard let logging = stage.adapter as? any CallLogging else {
                #expect(!stage.declares(.logsEveryCall), "stage \(stage.number) keeps no log")
                return
            }
            #expect(stage.declares(.logsEveryCall))
            logging.clearLog()
            _ = await stage.adapter.login(username: FakeServers.demoUsername, password: "not-the-password")
            let line = try #require(logging.loggedLines.last)
            #expect(line.hasPrefix("POST https://popcorn.example/login → 401 in "), "\(line)")
            #expect(line.contains(#""password":"•••""#), "\(line)")
            #expect(!line.contains("not-the-password"), "\(line)")
        }
    }

    /// Before any body or secret: the line a logger keeps for each reply, a failure's too.
    static var aLinePerReply: SharedCase {
        SharedCase("a logger keeps a line per reply, failures included: method, URL, status or failure, and time") {
            stage in
            guard let logging = stage.adapter as? any CallLogging else {
                #expect(!stage.declares(.logsEveryCall), "stage \(stage.number) keeps no log")
                return
            }
            logging.clearLog()
            _ = await stage.adapter.photo(id: "Dwu85P9SOIk")
            _ = await stage.adapter.photo(id: "no-such-id")
            stage.fake.override(.photo, with: .failure(.notConnectedToInternet))
            _ = await stage.adapter.photo(id: "Dwu85P9SOIk")
            let lines = logging.loggedLines
            try #require(lines.count == 3, "\(lines.count) lines for 3 replies: \(lines)")
            let url = "https://api.unsplash.com/photos/"
            let expected = ["\(url)Dwu85P9SOIk → 200", "\(url)no-such-id → 404", "\(url)Dwu85P9SOIk → failed: "]
            for (line, start) in zip(lines, expected) {
                // The time, then whatever a later step adds after " · ".
                let shape = #/GET (.+?) in [0-9]+ ms( · .*)?/#
                let match = line.wholeMatch(of: shape)
                #expect(match.map { $0.1.hasPrefix(start) } == true, "\(line): not `GET \(start)… in N ms`")
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
