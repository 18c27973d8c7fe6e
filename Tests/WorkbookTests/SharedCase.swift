// The shared suite's case type: one behaviour, run against any stage through its call site.
import CallSites
import FakeServers
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

    /// Runs the case on a fresh fake, then checks that every completion handler was called exactly once.
    func run(on callSite: any CallSite) async throws {
        let stage = StageUnderTest(callSite: callSite, fake: freshFake())
        let monitor = CompletionMonitor(patience: 5)
        try await CompletionMonitor.$current.withValue(monitor) {
            try await body(stage)
        }
        #expect(monitor.problems.isEmpty, "stage \(callSite.stage.number): \(monitor.problems)")
    }
}

/// What a case gets: the stage's call site and the fake it talks to.
struct StageUnderTest: Sendable {
    let callSite: any CallSite
    let fake: FakeServers

    var number: Int { callSite.stage.number }

    func declares(_ capability: Capability) -> Bool {
        callSite.stage.capabilities.contains(capability)
    }

    /// The one request the case expects the stage to have sent.
    func onlyRequest(sourceLocation: SourceLocation = #_sourceLocation) throws -> RecordedRequest {
        let log = fake.log
        #expect(log.count == 1, "stage \(number) sent \(log.count) requests", sourceLocation: sourceLocation)
        return try #require(log.first, "stage \(number) sent no request", sourceLocation: sourceLocation)
    }

    /// The value a call should have returned; when it failed, the failure's message is the issue.
    func value<Value>(_ outcome: Outcome<Value>, sourceLocation: SourceLocation = #_sourceLocation) throws -> Value {
        if case .failure(let failure) = outcome {
            Issue.record("stage \(number) failed where it should succeed: \(failure.message)", sourceLocation: sourceLocation)
        }
        return try #require(outcome.value, sourceLocation: sourceLocation)
    }

    /// The failure a call should have ended in.
    func failure<Value>(_ outcome: Outcome<Value>, sourceLocation: SourceLocation = #_sourceLocation) throws -> Failure {
        if case .value(let value) = outcome {
            Issue.record("stage \(number) succeeded where it should fail, with \(value)", sourceLocation: sourceLocation)
        }
        return try #require(outcome.failure, sourceLocation: sourceLocation)
    }

    /// The failure kind the stage must report: its own classification if it declares one, else none.
    func expectedKind(_ kind: FailureKind) -> FailureKind? {
        declares(.typedFailures) ? kind : nil
    }
}
