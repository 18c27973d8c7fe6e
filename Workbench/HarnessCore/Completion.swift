// Turns a completion-handler call into an `async` value, and catches a handler called twice or never.
import Foundation
import Locking
import Models

/// Watches every completion bridged while it is `current`, and keeps what went wrong.
public final class CompletionMonitor: Sendable {
    /// The monitor for the calls made in this task; the suite and the tour each set one.
    @TaskLocal public static var current: CompletionMonitor?

    /// How long a call may take before its handler counts as never called.
    public let patience: TimeInterval
    private let recorded = Locked<[CompletionProblem]>([])

    public init(patience: TimeInterval) {
        self.patience = patience
    }

    /// What went wrong so far, oldest first.
    public var problems: [CompletionProblem] {
        recorded.withLock { $0 }
    }

    func record(_ problem: CompletionProblem) {
        recorded.withLock { $0.append(problem) }
    }
}

/// A completion handler that broke its promise to be called exactly once.
public struct CompletionProblem: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Called again after the first answer.
        case calledAgain
        /// Not called within the monitor's patience.
        case neverCalled
    }

    public let kind: Kind
    /// The call, such as `photo(id:)`.
    public let call: String

    public var description: String {
        switch kind {
        case .calledAgain: "\(call) called its completion handler more than once"
        case .neverCalled: "\(call) never called its completion handler"
        }
    }
}

/// Starts a completion-handler call and waits for its first answer.
///
/// A second answer is recorded on `CompletionMonitor.current` and otherwise ignored; no answer
/// within the monitor's patience (30 seconds without one) ends the wait with a failure. When the
/// first answer comes from a handler running on a serial `OperationQueue`, the caller resumes
/// after that handler returns.
package func completion<Value: Sendable>(
    of call: String,
    _ start: (_ finish: @escaping @Sendable (Outcome<Value>) -> Void) -> Void
) async -> Outcome<Value> {
    let monitor = CompletionMonitor.current
    let patience = monitor?.patience ?? 30
    let waiter = Waiter<Value>(call: call, monitor: monitor)
    return await withCheckedContinuation { continuation in
        waiter.wait(with: continuation)
        start { outcome in waiter.finish(outcome) }
        DispatchQueue.global().asyncAfter(deadline: .now() + patience) {
            waiter.giveUp(after: patience)
        }
    }
}

/// Resumes its continuation exactly once, whatever the handler does.
private final class Waiter<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Outcome<Value>, Never>?
        var answers = 0
    }

    private let call: String
    private let monitor: CompletionMonitor?
    private let state = Locked(State())

    init(call: String, monitor: CompletionMonitor?) {
        self.call = call
        self.monitor = monitor
    }

    func wait(with continuation: CheckedContinuation<Outcome<Value>, Never>) {
        state.withLock { $0.continuation = continuation }
    }

    func finish(_ outcome: Outcome<Value>) {
        let (continuation, answers) = state.withLock { state in
            state.answers += 1
            defer { state.continuation = nil }
            return (state.continuation, state.answers)
        }
        if answers > 1 {
            monitor?.record(CompletionProblem(kind: .calledAgain, call: call))
        }
        guard let continuation else { return }
        // A handler on a serial queue (a URLSession's delegate queue) may answer again before it
        // returns. The caller resumes after it returns, so such a second answer is always
        // recorded by the time the caller checks, never only when a race goes that way.
        if let queue = OperationQueue.current, queue.maxConcurrentOperationCount == 1 {
            queue.addOperation { continuation.resume(returning: outcome) }
        } else {
            continuation.resume(returning: outcome)
        }
    }

    func giveUp(after seconds: TimeInterval) {
        let continuation = state.withLock { state in
            defer { state.continuation = nil }
            return state.answers == 0 ? state.continuation : nil
        }
        guard let continuation else { return }
        monitor?.record(CompletionProblem(kind: .neverCalled, call: call))
        let message = "\(call) did not call its completion handler within \(seconds) seconds"
        continuation.resume(returning: .failure(Failure(message: message, kind: nil)))
    }
}
