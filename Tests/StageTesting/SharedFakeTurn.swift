// Suites in different test targets that all drive `FakeServers.shared` take turns with it: while
// one runs its tests, the other waits. `.serialized` orders the tests inside one suite only.
import Testing

/// A trait for a suite that uses the shared fake: its tests run only while no other such suite's do.
public struct SharedFakeTurn: SuiteTrait, TestScoping {
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        await Self.turns.begin()
        do {
            try await function()
        } catch {
            await Self.turns.end()
            throw error
        }
        await Self.turns.end()
    }

    private static let turns = Turns()

    /// One turn at a time, given in the order asked for.
    private actor Turns {
        private var taken = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func begin() async {
            guard taken else {
                taken = true
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func end() {
            if waiting.isEmpty {
                taken = false
            } else {
                waiting.removeFirst().resume()
            }
        }
    }
}

extension Trait where Self == SharedFakeTurn {
    /// The suite's tests use `FakeServers.shared`, which answers `URLSession.shared` for the whole process.
    public static var sharedFakeTurn: Self { Self() }
}
