// Suites in different test targets that drive the same fake take turns with it: while one runs
// its tests, the others wait. `.serialized` orders the tests inside one suite only. This module
// needs no stage, so a target that tests the fakes alone does not rebuild when a stage changes.
// `Turns` is the queue itself; a `Lane` (Lane.swift) keeps one too, for the tests that take it.
import Testing

/// A trait for a suite that uses one of the two fakes: its tests run only while no other suite
/// that uses the same fake runs its own. On one test, only that test takes the turn, so a suite's
/// tests that need no fake do not keep the others waiting.
public struct FakeTurn: SuiteTrait, TestTrait, TestScoping {
    /// Which fake the suite drives.
    public enum Fake: Sendable {
        /// `FakeServers.shared`, which answers `URLSession.shared` for the whole process.
        case shared
        /// `FakeServers.separate`, which only sessions made from its configuration reach.
        case separate
    }

    let fake: Fake

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await (fake == .shared ? Self.shared : Self.separate).run(function)
    }

    private static let shared = Turns()
    private static let separate = Turns()
}

/// One turn at a time, given in the order asked for. Each fake has one; a target can keep its own
/// for suites that must not run beside each other for another reason.
public actor Turns {
    private var taken = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init() {}

    /// Runs `function` in a turn of its own, after the turns asked for before it.
    public nonisolated func run(_ function: @Sendable () async throws -> Void) async throws {
        await begin()
        do {
            try await function()
        } catch {
            await end()
            throw error
        }
        await end()
    }

    private func begin() async {
        guard taken else {
            taken = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func end() {
        if waiting.isEmpty {
            taken = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}

extension Trait where Self == FakeTurn {
    /// Turns on `FakeServers.shared`, which answers `URLSession.shared` for the whole process.
    public static var sharedFakeTurn: Self { Self(fake: .shared) }
    /// Turns on `FakeServers.separate`, which only sessions made from its configuration reach.
    public static var separateFakeTurn: Self { Self(fake: .separate) }
}
