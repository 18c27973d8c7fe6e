// Stage 5 on the shared suite: `swift test --filter Stage5` runs every case against it alone.
import CallSites
import Testing
import Tour

extension FakeServerSuites {
    @Suite("Stage5Router")
    struct Stage5Tests {
        @Test("Stage 5 passes the shared case", arguments: SharedCases.all)
        func sharedCase(_ sharedCase: SharedCase) async throws {
            try await sharedCase.run(on: Stage5CallSite())
        }
    }
}

extension FakeServerSuites.Stage5Tests {
    @Test("Stage 5 builds requests offline", arguments: RequestBuildingCase.all)
    func requestBuilding(_ check: RequestBuildingCase) throws {
        try check.check(Stage5CallSite())
    }
}

extension FakeServerSuites.Stage5Tests {
    @Test("Stage 5 survives every bad reply", arguments: BadReplies.all)
    func badReply(_ badReply: BadReply) async {
        await check(badReply, on: Stage5CallSite())
    }
}

extension FakeServerSuites.Stage5Tests {
    @Test("Stage 5 sends what the user typed, or says exactly how it does not", arguments: BadInputs.all)
    func badInput(_ input: BadInput) async {
        await check(input, on: Stage5CallSite())
    }
}
