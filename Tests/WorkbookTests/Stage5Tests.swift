// Stage 5 on the shared suite: `swift test --filter Stage5` runs every case against it alone.
import Stage5Router
import StageAdapters
import Testing
import Tour

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
        try check.check(Stage5Adapter())
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
    /// A router whose base URL has a path, as a versioned API's often does.
    struct VersionedRouter: Stage5Router.Router {
        let baseURL = "https://api.example.com/v1"
        let pathSegments = ["photos", "x"]
        let method = HTTPMethod.get
        let headers: [String: String] = [:]
        let parameters: [String: String] = [:]
    }

    @Test("Stage 5 refuses a base URL with a path instead of silently dropping it")
    func baseURLWithAPath() {
        #expect {
            try VersionedRouter().asURLRequest()
        } throws: { error in
            guard case .invalidRequest(let reason) = error as? APIError else { return false }
            return reason.contains("no path")
        }
    }
}

extension FakeServerSuites.Stage5Tests {
    /// A POST with twelve parameters, built by the same `asURLRequest()` as every endpoint.
    struct TwelveFieldsRouter: Stage5Router.Router {
        let baseURL = "https://api.example.com"
        let pathSegments = ["forms"]
        let method = HTTPMethod.post
        let headers: [String: String] = [:]
        let parameters = twelveFields
    }

    @Test("Stage 5's router sorts a JSON body's keys, so the same call sends the same bytes in every run")
    func sortedBody() throws {
        expectSortedBody(try TwelveFieldsRouter().asURLRequest().httpBody)
    }
}

extension FakeServerSuites.Stage5Tests {
    @Test("Stage 5's screens pass the shared screen case", arguments: ScreenCases.all)
    @MainActor func sharedScreenCase(_ screenCase: ScreenCase) async throws {
        try await screenCase.run(on: Stage5Adapter())
    }
}
