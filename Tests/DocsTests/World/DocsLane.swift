// The docs checks are synchronous and busy: while one runs, it holds one of the threads Swift runs
// tests on, one per core. On two cores, several of them at once kept the suites that take turns on
// the fakes waiting, and those turns are the whole run's longest chain. In one lane, one check at a
// time, they leave the other thread to that chain: `scripts/budget` measured the whole `swift test`
// at 8.8 s before, 6.6 s after (docs/benchmarks.md).
import FakeTurns
import Testing

/// A trait for a docs suite: its tests run one at a time, while no other docs suite runs.
struct DocsLane: SuiteTrait, TestScoping {
    private static let lane = Turns()

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await Self.lane.run(function)
    }
}

extension Trait where Self == DocsLane {
    /// The docs checks' one lane.
    static var docsLane: Self { Self() }
}
