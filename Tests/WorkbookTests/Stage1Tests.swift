// Stage 1 on the shared suite: `swift test --filter Stage1` runs every case against it alone.
import CallSites
import Testing

extension FakeServerSuites {
    @Suite("Stage1Hardcoded")
    struct Stage1Tests {
        @Test("Stage 1 passes the shared case", arguments: SharedCases.all)
        func sharedCase(_ sharedCase: SharedCase) async throws {
            try await sharedCase.run(on: Stage1CallSite())
        }
    }
}
