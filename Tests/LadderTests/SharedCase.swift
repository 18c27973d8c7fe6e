// The shared suite's case type: one behaviour, run against any stage through its adapter.
import FakeServers
import Harness
import StageTesting
import Testing

/// One behaviour every stage must have.
struct SharedCase: Sendable, CustomTestStringConvertible {
    let name: String
    let body: @Sendable (StageUnderTest) async throws -> Void

    init(_ name: String, _ body: @escaping @Sendable (StageUnderTest) async throws -> Void) {
        self.name = name
        self.body = body
    }

    var testDescription: String { name }

    /// Runs the case on a fresh fake (the one `adapter` reaches), boundedly, then checks that every
    /// completion handler was called exactly once and, where the stage logs, that its logger kept
    /// a line for every request and no secret.
    func run(on adapter: any StageAdapter, fake: FakeServers = .shared) async throws {
        let stage = StageUnderTest(adapter: adapter, fake: freshFake(fake))
        try await Bounded.run(stage: stage.number, case: name, fake: stage.fake) {
            (adapter as? any CallLogging)?.clearLog()
            try await stage.watchingCompletions { try await body(stage) }
            checkLog(of: stage)
        }
    }

    /// The secrets no log line may hold: the demo passwords, the access key, and every token the
    /// fake hands out (they all start alike).
    static let secrets = [
        FakeServers.demoPassword, FakeServers.unfinishedPassword, FakeServers.demoAccessKey, "popcorn-access-",
        "popcorn-refresh-",
    ]

    private func checkLog(of stage: StageUnderTest) {
        // The adapter's own claim: a kata's missing logger is one failing promise, not one per case.
        guard stage.adapter.stage.capabilities.contains(.logsEveryCall) else { return }
        guard let logging = stage.adapter as? any CallLogging else {
            Issue.record("stage \(stage.number) declares logsEveryCall but keeps no log")
            return
        }
        let lines = logging.loggedLines
        for request in stage.fake.log {
            let start = "\(request.method) \(request.url.absoluteString) → "
            #expect(lines.contains { $0.hasPrefix(start) }, "stage \(stage.number) logged nothing for \(start)")
        }
        for line in lines {
            let shown = Array(line.utf8)
            #expect(!Self.secrets.contains(where: shown.holds), "stage \(stage.number) logged a secret: \(line)")
        }
    }
}
