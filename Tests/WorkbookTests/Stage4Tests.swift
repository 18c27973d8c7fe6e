// Stage 4 on the shared suite: `swift test --filter Stage4` runs every case against it alone.
import CallSites
import Testing

extension FakeServerSuites {
    @Suite("Stage4Generic")
    struct Stage4Tests {
        @Test("Stage 4 passes the shared case", arguments: SharedCases.all)
        func sharedCase(_ sharedCase: SharedCase) async throws {
            try await sharedCase.run(on: Stage4CallSite())
        }
    }
}
