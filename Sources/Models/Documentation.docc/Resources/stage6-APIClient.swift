// Stage 6, async/await: the client is a value that is handed its `URLSession` and its plugins,
// and a call is one `try await` that returns the value or throws an `APIError`. No completion
// handlers, no singleton; cancelling the calling task cancels the request.
import Foundation
import Models

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a call whose reply has no body decodes to, such as logout's 204.
public struct NoContent: Decodable, Sendable {}

/// Sends requests through the session it was given. The only place in this stage that starts one.
public struct APIClient: Sendable {
    private let session: URLSession
    /// Every request passes through these, in order.
    private let plugins: [any Plugin]

    /// - Parameters:
    ///   - session: `URLSession.shared` in an app; a session of the test's own in tests.
    ///   - plugins: what every request passes through, such as an `AuthPlugin` and a `LoggerPlugin`.
    public init(session: URLSession, plugins: [any Plugin] = []) {
        self.session = session
        self.plugins = plugins
    }

    /// Sends `router`'s request and returns its body decoded as `T`.
    public func send<T: Decodable & Sendable>(_ router: some Router, as type: T.Type = T.self) async throws(APIError)
        -> T
    {
        let data = try await body(for: router, mayRetry: true)
        guard !data.isEmpty else {
            // No body is a success only for a call that expects none.
            guard let nothing = NoContent() as? T else { throw .emptyBody }
            return nothing
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw APIError(decoding: error)
        }
    }

    /// Asks the router for the request, lets each plugin prepare it, sends it, and shows each
    /// plugin the reply; returns a success's body. A plugin may ask for one more try after a failure.
    private func body(for router: some Router, mayRetry: Bool) async throws(APIError) -> Data {
        var request = try router.asURLRequest()
        for plugin in plugins {
            request = await plugin.prepare(request, for: router)
        }
        // A caller that is already gone gets nothing sent on its behalf.
        guard !Task.isCancelled else {
            throw .cancelled
        }
        let started = ContinuousClock.now
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            let failure = Task.isCancelled ? APIError.cancelled : APIError(error)
            let reply = Reply(request: request, response: nil, body: Data(), error: failure, duration: .now - started)
            for plugin in plugins {
                plugin.didReceive(reply)
            }
            throw failure
        }
        let reply = Reply(
            request: request, response: response as? HTTPURLResponse, body: data, error: nil,
            duration: .now - started)
        for plugin in plugins {
            plugin.didReceive(reply)
        }
        let status = reply.response?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            if mayRetry {
                for plugin in plugins {
                    if await plugin.shouldRetry(reply, for: router) {
                        return try await body(for: router, mayRetry: false)
                    }
                }
            }
            // A server may repeat what the request carried: the key, a token, a password.
            throw APIError(response: response, body: data).hiding(request.secrets)
        }
        return data
    }
}
