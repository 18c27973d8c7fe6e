// Stage 6, async/await: the client is a value that is handed its `URLSession`, and a call is
// one `try await` that returns the value or throws an `APIError`. No completion handlers, no
// singleton; cancelling the calling task cancels the request.
import Foundation
import Models

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests through the session it was given. The only place in this stage that starts one.
public struct APIClient: Sendable {
    private let session: URLSession

    /// - Parameter session: `URLSession.shared` in an app; a session of the test's own in tests.
    public init(session: URLSession) {
        self.session = session
    }

    /// Sends `router`'s request and returns its body decoded as `T`.
    public func send<T: Decodable & Sendable>(_ router: some Router, as type: T.Type = T.self) async throws(APIError)
        -> T
    {
        let request = try router.asURLRequest()
        // A caller that is already gone gets nothing sent on its behalf.
        guard !Task.isCancelled else {
            throw .cancelled
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw Task.isCancelled ? .cancelled : APIError(error)
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            throw APIError(response: response, body: data)
        }
        guard !data.isEmpty else {
            throw .emptyBody
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw APIError(decoding: error)
        }
    }
}
