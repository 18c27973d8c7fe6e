// The shared suite's case type: one behaviour, run against any stage through its adapter.
import FakeServers
import StageAdapters
import TestSupport
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

    /// Runs the case on a fresh fake (the one `adapter` reaches), then checks that every
    /// completion handler was called exactly once.
    func run(on adapter: any StageAdapter, fake: FakeServers = .shared) async throws {
        let stage = StageUnderTest(adapter: adapter, fake: freshFake(fake))
        try await stage.watchingCompletions { try await body(stage) }
    }
}
