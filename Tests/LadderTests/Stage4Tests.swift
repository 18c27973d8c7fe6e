// Stage 4 on the shared suite: `swift test --filter Stage4` runs every case against it alone.
// Everything here reaches the stage through its adapter, so kata 4 (`swift run kata start 4`) runs it on
// stage 3's code. Its one generic request is proved here too, so the kata sets nothing aside.
import Fixtures
import Harness
import StageTesting
import Testing

extension FakeServerSuites {
    @Suite("Stage4Generic")
    struct Stage4Tests {
        @Test("Stage 4 passes the shared case", arguments: SharedCases.all)
        func sharedCase(_ sharedCase: SharedCase) async throws {
            try await sharedCase.run(on: Stage4Adapter())
        }
    }
}

extension FakeServerSuites.Stage4Tests {
    @Test("Stage 4 survives every bad reply", arguments: BadReplies.all)
    func badReply(_ badReply: BadReply) async {
        await check(badReply, on: Stage4Adapter())
    }
}

extension FakeServerSuites.Stage4Tests {
    @Test("Stage 4 sends what the user typed, or says exactly how it does not", arguments: BadInputs.all)
    func badInput(_ input: BadInput) async {
        await check(input, on: Stage4Adapter())
    }
}

extension FakeServerSuites.Stage4Tests {
    @Test("Stage 4's screens pass the shared screen case", arguments: ScreenCases.all)
    @MainActor func sharedScreenCase(_ screenCase: ScreenCase) async throws {
        try await screenCase.run(on: Stage4Adapter())
    }
}

// What the ladder says of stage 4: its promises, its sources and its README (LadderPromiseTests.swift
// and LadderClaimsTests.swift say how each is checked).
extension LadderPromises {
    @Suite("Stage4Generic")
    struct Stage4 {
        @Test("Stage 4 keeps the ladder's promise", arguments: LadderPromise.all(for: 4))
        func promise(_ promise: LadderPromise) throws {
            try expectKept(promise, by: Stage4Adapter())
        }

        @Test("stage 4's README lists its files in reading order, and what it carries over from stage 3 is unchanged")
        func readme() throws {
            try expectReadmeKept(by: 4)
        }
    }
}
