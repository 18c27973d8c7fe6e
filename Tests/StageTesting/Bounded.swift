// A stage's cases run boundedly. A case that waits out a patience (a hold, a screen, a completion:
// five seconds) fails on its own, as a proof that waits for a cancellation that never comes does.
// A stage is not answering when a case waits out a patience and its fake heard nothing (the wrong
// session), or when five of its cases have (a completion never called): then its remaining cases
// fail at once, naming the first. A case that never ends fails at its deadline. A mistake turns a
// stage's run red in seconds; it never hangs it.
import FakeServers
import Foundation
import Locking
import Testing

public enum Bounded {
    /// Longer than any case takes, the thread sanitizer's runs included, and than any one patience.
    public static let deadline: Duration = .seconds(12)
    /// A case that took this long waited out a patience.
    static let stalling: Duration = .seconds(4)
    /// Cases of one stage that may wait out a patience before the stage counts as not answering:
    /// more than a kata's starting code meets in the proofs that wait for a cancellation.
    static let stallsAllowed = 5

    /// Where each stage waited out a patience, by stage number: the first case, and whether the
    /// stage counts as not answering.
    private static let stalled = Locked<[Int: (first: String, count: Int, answering: Bool)]>([:])

    /// Counts stage `number` as not answering from the case under way on, such as when one of its
    /// completion handlers was never called.
    public static func stopAnswering(stage number: Int) {
        stalled.withLock { stalls in
            stalls[number] = (stalls[number]?.first ?? current ?? "?", stallsAllowed, answering: false)
        }
    }

    /// The case under way, for `stopAnswering`.
    @TaskLocal static var current: String?

    /// Runs `body`, the case `name` of stage `stage` on `fake`, unless that stage already stopped
    /// answering in this run. Records an issue naming the case when the stage did, or when the
    /// case takes longer than `deadline`; then it returns, leaving the case's task behind.
    public static func run(
        stage: Int, case name: String, fake: FakeServers, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: @escaping @Sendable () async throws -> Void
    ) async throws {
        if let stall = stalled.withLock({ $0[stage] }), !stall.answering {
            let first = stall.first
            Issue.record(
                "not run: stage \(stage) stopped answering in the case “\(first)”; fix that one first",
                sourceLocation: sourceLocation)
            return
        }
        let started = ContinuousClock.now
        let work = Task { try await Self.$current.withValue(name) { try await body() } }
        let deadline = Task {
            try await Task.sleep(for: Self.deadline)
            work.cancel()
        }
        // Whichever comes first: the case's end, or the deadline with the case still running.
        let finished = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let once = Locked<CheckedContinuation<Bool, Never>?>(continuation)
            let resume = { @Sendable (value: Bool) in once.withLock { $0.take() }?.resume(returning: value) }
            Task {
                _ = await work.result
                resume(true)
            }
            Task {
                _ = await deadline.result
                resume(false)
            }
        }
        deadline.cancel()
        if ContinuousClock.now - started >= stalling {
            // Waited, and nothing reached the fake: every later case would wait the same.
            let silent = fake.log.isEmpty
            stalled.withLock { stalls in
                let count = (stalls[stage]?.count ?? 0) + 1
                let first = stalls[stage]?.first ?? name
                stalls[stage] = (first, count, answering: !silent && count < stallsAllowed)
            }
        }
        guard finished else {
            Issue.record(
                "stage \(stage) did not finish the case “\(name)” within \(Self.deadline): something never answered",
                sourceLocation: sourceLocation)
            return
        }
        try await work.value
    }
}
