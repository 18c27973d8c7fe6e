// The calls, from stage 4 on: login is one request through `APIClient`, plus the one thing
// only login knows: a 2xx envelope may still say no. In stage 6 it is awaited, not called back.
import Foundation
import Models

/// Logs in to Popcorn through the client it is given.
public struct LoginManager: Sendable {
    private let client: APIClient

    public init(client: APIClient) {
        self.client = client
    }

    /// The token, or the `APIError` that says why not.
    public func login(username: String, password: String) async throws(APIError) -> Token {
        let api = PopcornAPI.login(username: username, password: password)
        let reply: LoginResponse
        do {
            reply = try await client.send(api, as: LoginResponse.self)
        } catch {
            // A server that echoes the password back must not put it on the screen.
            throw error.hiding(password)
        }
        // A 2xx whose envelope says no: its `resultCode` is the status that counts.
        guard let token = reply.token else {
            throw APIError(status: reply.resultCode, message: reply.message).hiding(password)
        }
        return token
    }
}
