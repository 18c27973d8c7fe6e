// The suite's promise that a handler called twice or never is reported, not crashed on or waited for.
import Foundation
import Testing

@testable import Harness
@testable import HarnessCore

@Suite("Completion bridge")
struct CompletionTests {
    @Test("a handler called twice is reported, and the first answer wins")
    func calledTwice() async {
        let monitor = CompletionMonitor(patience: 2)
        let outcome: Outcome<Int> = await CompletionMonitor.$current.withValue(monitor) {
            await completion(of: "twice()") { finish in
                finish(.value(1))
                finish(.value(2))
            }
        }
        #expect(outcome.value == 1)
        #expect(monitor.problems == [CompletionProblem(kind: .calledAgain, call: "twice()")])
    }

    @Test(
        "a handler that answers twice before it returns, on a serial queue, is reported by the time its caller resumes")
    func calledTwiceBeforeReturning() async {
        // A URLSession's delegate queue is serial; a stage that forgets a `return` after its first
        // answer answers again in the same handler, a moment later.
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        for attempt in 1...20 {
            let monitor = CompletionMonitor(patience: 2)
            let outcome: Outcome<Int> = await CompletionMonitor.$current.withValue(monitor) {
                await completion(of: "twice()") { finish in
                    queue.addOperation {
                        finish(.value(1))
                        Thread.sleep(forTimeInterval: 0.002)
                        finish(.value(2))
                    }
                }
            }
            #expect(outcome.value == 1)
            #expect(monitor.problems == [CompletionProblem(kind: .calledAgain, call: "twice()")], "attempt \(attempt)")
        }
    }

    @Test("a handler never called ends the wait with a failure and is reported")
    func neverCalled() async {
        let monitor = CompletionMonitor(patience: 0.2)
        let outcome: Outcome<Int> = await CompletionMonitor.$current.withValue(monitor) {
            await completion(of: "never()") { _ in }
        }
        #expect(outcome.failure?.message.contains("never()") == true)
        #expect(monitor.problems == [CompletionProblem(kind: .neverCalled, call: "never()")])
    }

    @Test("a handler called once, from another thread, is not reported")
    func calledOnce() async {
        let monitor = CompletionMonitor(patience: 2)
        let outcome: Outcome<Int> = await CompletionMonitor.$current.withValue(monitor) {
            await completion(of: "once()") { finish in
                Thread.detachNewThread { finish(.value(7)) }
            }
        }
        #expect(outcome.value == 7)
        #expect(monitor.problems.isEmpty)
    }
}
