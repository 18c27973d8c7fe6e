// Stage 2 on the shared suite: `swift test --filter Stage2` runs every case against it alone.
import CallSites
import Testing

extension FakeServerSuites {
    @Suite("Stage2EnumAPI")
    struct Stage2Tests {
        @Test("Stage 2 passes the shared case", arguments: SharedCases.all)
        func sharedCase(_ sharedCase: SharedCase) async throws {
            try await sharedCase.run(on: Stage2CallSite())
        }
    }
}
