// Stage 3 on the shared suite: `swift test --filter Stage3` runs every case against it alone.
import CallSites
import Testing

extension FakeServerSuites {
    @Suite("Stage3Result")
    struct Stage3Tests {
        @Test("Stage 3 passes the shared case", arguments: SharedCases.all)
        func sharedCase(_ sharedCase: SharedCase) async throws {
            try await sharedCase.run(on: Stage3CallSite())
        }
    }
}
