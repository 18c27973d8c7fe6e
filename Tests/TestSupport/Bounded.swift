// A stage's cases run boundedly. A case that waits out a patience (a hold, a screen, a completion:
// five seconds) fails on its own; when a second case of the same stage does, the stage is not
// answering (the wrong session, a completion never called), and its remaining cases fail at once,
// naming the first. A case that never ends fails at its deadline. A mistake turns a stage's run
// red in seconds; it never hangs it.
import Foundation
import Locking
import Testing

public enum Bounded {
    /// Longer than any case takes, the thread sanitizer's runs included, and than any one patience.
    public static let deadline: Duration = .seconds(12)
    /// A case that took this long waited out a patience.
    static let stalling: Duration = .seconds(4)
    /// Cases of one stage that waited out a patience before the stage counts as not answering.
    static let stallsAllowed = 2

    /// The cases in which each stage waited out a patience, by stage number.
    private static let stalled = Locked<[Int: [String]]>([:])

    /// Runs `body`, the case `name` of stage `stage`, unless that stage already stopped answering
    /// in this run. Records an issue naming the case when the stage did, or when the case takes
    /// longer than `deadline`; then it returns, leaving the case's task behind.
    public static func run(
        stage: Int, case name: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: @escaping @Sendable () async throws -> Void
    ) async throws {
        if let first = stalled.withLock({ $0[stage, default: []].count >= stallsAllowed ? $0[stage]?.first : nil }) {
            Issue.record(
                "not run: stage \(stage) stopped answering in the case “\(first)”; fix that one first",
                sourceLocation: sourceLocation)
            return
        }
        let started = ContinuousClock.now
        let work = Task { try await body() }
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
            stalled.withLock { $0[stage, default: []].append(name) }
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
