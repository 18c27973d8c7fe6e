// Swift Testing runs tests on Swift's pool, one thread per core. A test that holds its thread for
// long, busy (a docs check, compare's layouts) or waiting for a child process (git, in the kata's
// tests), takes one of the two threads of a two-core machine; two such tests took both, and the
// stage suites, whose turns on the fakes are the run's longest chain, had no thread to go on with.
// A lane is a thread of its own, off the pool: the tests that take it run there one at a time, and
// the pool stays free. The operating system shares the cores between the lanes and the pool.
import Dispatch
import Testing

/// A thread of its own for tests that hold one for long, and the turns they take on it.
public final class Lane: TaskExecutor {
    private let queue: DispatchQueue
    private let turns = Turns()

    public init(_ name: String) {
        queue = DispatchQueue(label: "workbook.lane.\(name)")
    }

    /// The checks that keep a core busy: the docs checks and the layouts of whole stages.
    public static let busy = Lane("busy")
    /// The tests that wait for child processes: git for the kata, the probe's stand-ins, the doctor's.
    public static let children = Lane("children")

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    /// Runs `function` on the lane's thread, after the turns asked for before it. The task stays the
    /// test's own, so what it records is the test's.
    public func run(_ function: @Sendable () async throws -> Void) async throws {
        try await turns.run {
            try await withTaskExecutorPreference(self) { try await function() }
        }
    }
}

/// A trait for a suite or a test that takes a lane.
public struct OnLane: SuiteTrait, TestTrait, TestScoping {
    let lane: Lane

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await lane.run(function)
    }
}

extension Trait where Self == OnLane {
    /// On the lane of the checks that keep a core busy.
    public static var busyLane: Self { Self(lane: .busy) }
    /// On the lane of the tests that wait for child processes.
    public static var childrenLane: Self { Self(lane: .children) }
}
