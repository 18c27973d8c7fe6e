// Stage 5 on the shared suite: `swift test --filter Stage5` runs every case against it alone.
// Everything here reaches the stage through its adapter, so kata 5 (`swift run kata start 5`) runs it on
// stage 4's code; what names Stage5Router's own types is in Tests/StageTypesTests.
import Fixtures
import Harness
import StageTesting
import Testing

extension FakeServerSuites {
    @Suite("Stage5Router")
    struct Stage5Tests {
        @Test("Stage 5 passes the shared case", arguments: SharedCases.all)
        func sharedCase(_ sharedCase: SharedCase) async throws {
            try await sharedCase.run(on: Stage5Adapter())
        }
    }
}

extension FakeServerSuites.Stage5Tests {
    @Test("Stage 5 builds requests offline", arguments: RequestBuildingCase.all)
    func requestBuilding(_ check: RequestBuildingCase) throws {
        let adapter: any StageAdapter = Stage5Adapter()
        guard let builder = adapter as? any RequestBuilding else {
            Issue.record(
                "Stage5Adapter cannot build a request without sending it yet. The step: \(LadderPromise.step(to: .offlineRequestBuilding))"
            )
            return
        }
        try check.check(builder)
    }
}

extension FakeServerSuites.Stage5Tests {
    @Test("Stage 5 survives every bad reply", arguments: BadReplies.all)
    func badReply(_ badReply: BadReply) async {
        await check(badReply, on: Stage5Adapter())
    }
}

extension FakeServerSuites.Stage5Tests {
    @Test("Stage 5 sends what the user typed, or says exactly how it does not", arguments: BadInputs.all)
    func badInput(_ input: BadInput) async {
        await check(input, on: Stage5Adapter())
    }
}

extension FakeServerSuites.Stage5Tests {
    @Test("Stage 5's screens pass the shared screen case", arguments: ScreenCases.all)
    @MainActor func sharedScreenCase(_ screenCase: ScreenCase) async throws {
        try await screenCase.run(on: Stage5Adapter())
    }
}

// What the ladder says of stage 5: its promises, its sources and its README (LadderPromiseTests.swift
// and LadderClaimsTests.swift say how each is checked).
extension LadderPromises {
    @Suite("Stage5Router")
    struct Stage5 {
        @Test("Stage 5 keeps the ladder's promise", arguments: LadderPromise.all(for: 5))
        func promise(_ promise: LadderPromise) throws {
            try expectKept(promise, by: Stage5Adapter())
        }

        @Test("stage 5's README lists its files in reading order, and what it carries over from stage 4 is unchanged")
        func readme() throws {
            try expectReadmeKept(by: 5)
        }
    }
}
