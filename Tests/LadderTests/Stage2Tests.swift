// Stage 2 on the shared suite: `swift test --filter Stage2` runs every case against it alone.
// Everything here reaches the stage through its adapter, so kata 2 (`swift run kata start 2`) runs it on
// stage 1's code; what names Stage2EnumAPI's own types is in Tests/StageTypesTests.
import Fixtures
import Harness
import StageTesting
import Testing

extension FakeServerSuites {
    @Suite("Stage2EnumAPI")
    struct Stage2Tests {
        @Test("Stage 2 passes the shared case", arguments: SharedCases.all)
        func sharedCase(_ sharedCase: SharedCase) async throws {
            try await sharedCase.run(on: Stage2Adapter())
        }
    }
}

extension FakeServerSuites.Stage2Tests {
    @Test("Stage 2 survives every bad reply", arguments: BadReplies.all)
    func badReply(_ badReply: BadReply) async {
        await check(badReply, on: Stage2Adapter())
    }
}

extension FakeServerSuites.Stage2Tests {
    @Test("Stage 2 sends what the user typed, or says exactly how it does not", arguments: BadInputs.all)
    func badInput(_ input: BadInput) async {
        await check(input, on: Stage2Adapter())
    }
}

extension FakeServerSuites.Stage2Tests {
    @Test("Stage 2's screens pass the shared screen case", arguments: ScreenCases.all)
    @MainActor func sharedScreenCase(_ screenCase: ScreenCase) async throws {
        try await screenCase.run(on: Stage2Adapter())
    }
}

// What the ladder says of stage 2: its promises, its sources and its README (LadderPromiseTests.swift
// and LadderClaimsTests.swift say how each is checked).
extension LadderPromises {
    @Suite("Stage2EnumAPI")
    struct Stage2 {
        @Test("Stage 2 keeps the ladder's promise", arguments: LadderPromise.all(for: 2))
        func promise(_ promise: LadderPromise) throws {
            try expectKept(promise, by: Stage2Adapter())
        }

        @Test("Stage 2's sources measure as the ladder says", arguments: SourceClaim.all(for: 2))
        func claim(_ claim: SourceClaim) throws {
            try claim.check(on: Stage2Adapter())
        }

        @Test("stage 2's README lists its files in reading order, and what it carries over from stage 1 is unchanged")
        func readme() throws {
            try expectReadmeKept(by: 2)
        }
    }
}
