// What the shared suite and the exercises both need to drive a stage through the fake servers.
import FakeServers
import Harness
import Ladder
import Locking
import Testing

/// A fake with an empty log and no overrides: the one `URLSession.shared` reaches (registered
/// for it here), or `FakeServers.separate`, for a stage that is handed a session from it.
public func freshFake(_ fake: FakeServers = .shared) -> FakeServers {
    FakeServers.install()
    fake.reset()
    return fake
}

/// Waits, boundedly, for something the fake will soon report: five seconds unless told less.
/// Generous, for slow machines and the thread sanitizer; it returns as soon as it can. It runs in
/// its caller's isolation, so a main-actor test can wait on main-actor state.
public func waitUntil(
    seconds: Int = 5, _ condition: () -> Bool, isolation: isolated (any Actor)? = #isolation,
    failure: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    for _ in 0..<(seconds * 200) where !condition() {
        try await Task.sleep(nanoseconds: 5_000_000)
    }
    #expect(condition(), failure ?? "still not true after \(seconds) seconds", sourceLocation: sourceLocation)
}

/// Waits until `hold` holds `count` replies at once (true), or until every one of `calls` has ended
/// without that (false): a call that has ended sent all it was going to, so waiting longer is
/// waiting for nothing. A stage that never sends what the hold waits for fails at once, not after
/// the hold's five seconds.
public func waitUntilHeld<Value: Sendable>(_ hold: Hold, _ count: Int, orAllEnded calls: [Task<Value, Never>]) async
    -> Bool
{
    await waitUntilHeld(hold, count, orEnded: calls, all: true)
}

/// Waits until `hold` holds `count` replies at once (true), or until any one of `calls` has ended
/// without that (false): for a case where every call stays out while the stage does the step, so
/// one that ends has given up on it.
public func waitUntilHeld<Value: Sendable>(_ hold: Hold, _ count: Int, orAnyEnded calls: [Task<Value, Never>]) async
    -> Bool
{
    await waitUntilHeld(hold, count, orEnded: calls, all: false)
}

private func waitUntilHeld<Value: Sendable>(
    _ hold: Hold, _ count: Int, orEnded calls: [Task<Value, Never>], all: Bool
) async -> Bool {
    await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let once = Locked<CheckedContinuation<Bool, Never>?>(continuation)
        let resume = { @Sendable (held: Bool) in once.withLock { $0.take() }?.resume(returning: held) }
        Task { resume(await hold.waitUntilHeld(count)) }
        if all {
            Task {
                for call in calls { _ = await call.value }
                resume(false)
            }
        } else {
            for call in calls {
                Task {
                    _ = await call.value
                    resume(false)
                }
            }
        }
    }
}

/// What a case gets: the stage's call site and the fake it talks to, with checks that name the stage.
public struct StageUnderTest: Sendable {
    public let adapter: any StageAdapter
    public let fake: FakeServers
    /// The language of the checks' messages: the learner's in the exercises, English in the shared suite.
    package let language: Language

    package init(adapter: any StageAdapter, fake: FakeServers, language: Language = .english) {
        self.adapter = adapter
        self.fake = fake
        self.language = language
    }

    private func says(_ english: String, korean: String) -> Comment {
        Comment(rawValue: language == .korean ? korean : english)
    }

    public var number: Int { adapter.stage.number }

    /// `waitUntil`, its failure in the stage's language.
    package func waitUntil(
        seconds: Int = 5, _ condition: () -> Bool, isolation: isolated (any Actor)? = #isolation,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await StageTesting.waitUntil(
            seconds: seconds, condition, isolation: isolation,
            failure: says(
                "still not true after \(seconds) seconds", korean: "\(seconds)초를 기다려도 기대한 상태가 되지 않았습니다"),
            sourceLocation: sourceLocation)
    }

    /// Whether the case holds the stage to `capability`: declared by its adapter, or promised by its
    /// number. A kata's stage N runs stage N-1's code and adapter, and is held to stage N's promise.
    public func declares(_ capability: Capability) -> Bool {
        LadderPromise.heldTo(adapter.stage).capabilities.contains(capability)
    }

    /// What a failure adds when the stage is held to `capability` and falls short of it: the step
    /// that brings it, as the ladder's promises say it. Nothing when the stage is not held to it.
    public func step(to capability: Capability) -> String {
        LadderPromise.step(of: adapter.stage, to: capability)
    }

    /// Waits, as `waitUntil` does, until the fake has seen `count` requests stopped: what a stage
    /// keeping `capability` does at once. A stage held to it whose adapter does not declare it yet
    /// (a kata before that step) fails at once instead of after the wait, and the case learns false.
    public func waitUntilStopped(
        _ count: Int = 1, keeping capability: Capability, seconds: Int = 5,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Bool {
        guard adapter.stage.capabilities.contains(capability) else {
            Issue.record(
                """
                stage \(number) is held to \(capability), which stops the request, but its adapter does not \
                declare it yet. The step: \(LadderPromise.step(to: capability))
                """, sourceLocation: sourceLocation)
            return false
        }
        try await waitUntil(seconds: seconds, { fake.stoppedRequests == count }, sourceLocation: sourceLocation)
        return true
    }

    /// The one request the case expects the stage to have sent.
    public func onlyRequest(sourceLocation: SourceLocation = #_sourceLocation) throws -> RecordedRequest {
        let log = fake.log
        #expect(
            log.count == 1,
            says("stage \(number) sent \(log.count) requests", korean: "\(number)단계가 요청을 \(log.count)개 보냈습니다"),
            sourceLocation: sourceLocation)
        return try #require(
            log.first, says("stage \(number) sent no request", korean: "\(number)단계가 요청을 보내지 않았습니다"),
            sourceLocation: sourceLocation)
    }

    /// The value a call should have returned; when it failed, the failure's message is the issue.
    public func value<Value>(_ outcome: Outcome<Value>, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> Value
    {
        if case .failure(let failure) = outcome {
            Issue.record(
                says(
                    "stage \(number) failed where it should succeed: \(failure.message)",
                    korean: "\(number)단계가 성공해야 할 호출에서 실패했습니다: \(failure.message)"),
                sourceLocation: sourceLocation)
        }
        return try #require(outcome.value, sourceLocation: sourceLocation)
    }

    /// The failure a call should have ended in.
    public func failure<Value>(_ outcome: Outcome<Value>, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> Failure
    {
        if case .value(let value) = outcome {
            Issue.record(
                says(
                    "stage \(number) succeeded where it should fail, with \(value)",
                    korean: "\(number)단계가 실패해야 할 호출에서 성공했습니다. 돌려준 값: \(value)"),
                sourceLocation: sourceLocation)
        }
        return try #require(outcome.failure, sourceLocation: sourceLocation)
    }

    /// The failure kind the stage must report: its own classification if it declares one, else none.
    public func expectedKind(_ kind: FailureKind) -> FailureKind? {
        declares(.typedFailures) ? kind : nil
    }

    /// Runs `body` with every completion watched, then checks each was called exactly once.
    public func watchingCompletions(_ body: () async throws -> Void, sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let monitor = CompletionMonitor(patience: 5)
        try await CompletionMonitor.$current.withValue(monitor) {
            try await body()
        }
        #expect(
            monitor.problems.isEmpty,
            says(
                "stage \(number): \(monitor.problems)",
                korean: "\(number)단계: \(monitor.problems.map(\.korean).joined(separator: ". "))"),
            sourceLocation: sourceLocation)
        // A handler never called will not be called in the next case either.
        if monitor.problems.contains(where: { $0.kind == .neverCalled }) {
            Bounded.stopAnswering(stage: number)
        }
    }
}

extension CompletionProblem {
    /// The problem in Korean, for the exercises' Korean edition.
    package var korean: String {
        switch kind {
        case .calledAgain: "\(call)의 컴플리션 핸들러가 두 번 이상 호출되었습니다"
        case .neverCalled: "\(call)의 컴플리션 핸들러가 호출되지 않았습니다"
        }
    }
}
