// Stage 6 on the shared suite: `swift test --filter Stage6` runs every case against it alone,
// on a session of its own rather than `URLSession.shared`.
import CallSites
import FakeServers
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

extension FakeServerSuites {
    @Suite("Stage6Async")
    struct Stage6Tests {
        @Test("Stage 6 passes the shared case", arguments: SharedCases.all)
        func sharedCase(_ sharedCase: SharedCase) async throws {
            let session = URLSession(configuration: FakeServers.sessionConfiguration())
            try await sharedCase.run(on: Stage6CallSite(session: session))
        }
    }
}
