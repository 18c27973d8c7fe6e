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
