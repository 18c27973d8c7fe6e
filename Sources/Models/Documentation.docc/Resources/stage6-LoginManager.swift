// The calls, from stage 4 on: each Popcorn call is one request through `APIClient`. Login also
// keeps the token for the authentication plugin, and knows that a 2xx envelope may still say no.
// In stage 6 they are awaited, not called back.
import Foundation
import Models

/// Logs in to Popcorn, and makes the calls that need the sign-in, through the client it is given.
public struct LoginManager: Sendable {
    private let client: APIClient
    private let tokens: TokenStore

    /// - Parameters:
    ///   - client: a client whose plugins include an `AuthPlugin` over `tokens`.
    ///   - tokens: where a sign-in's token is kept.
    public init(client: APIClient, tokens: TokenStore) {
        self.client = client
        self.tokens = tokens
    }

    /// The token, or the `APIError` that says why not. Either way, a token that came back is kept
    /// for the calls that need the sign-in.
    public func login(username: String, password: String) async throws(APIError) -> Token {
        let api = PopcornAPI.login(username: username, password: password)
        let reply: LoginResponse
        do {
            reply = try await client.send(api, as: LoginResponse.self)
        } catch {
            if case .signUpNotCompleted(let token, _) = error {
                tokens.save(token)
            }
            // A server that echoes the password back must not put it on the screen.
            throw error.hiding([password])
        }
        // A 2xx whose envelope says no: its `resultCode` is the status that counts.
        guard let token = reply.token else {
            throw APIError(status: reply.resultCode, message: reply.message).hiding([password])
        }
        tokens.save(token)
        return token
    }

    /// The signed-in user's profile.
    public func profile() async throws(APIError) -> Profile {
        // The server's words never show the sign-in's tokens, should it repeat them.
        let secrets = tokens.token?.secrets ?? []
        let reply: PopcornEnvelope<Profile>
        do {
            reply = try await client.send(PopcornAPI.profile, as: PopcornEnvelope<Profile>.self)
        } catch {
            throw error.hiding(secrets)
        }
        guard let profile = reply.payload else {
            throw APIError(status: reply.resultCode, message: reply.message).hiding(secrets)
        }
        return profile
    }

    /// Ends the sign-in: its tokens stop working, here and on the server.
    public func logout() async throws(APIError) {
        let secrets = tokens.token?.secrets ?? []
        do {
            _ = try await client.send(PopcornAPI.logout, as: NoContent.self)
        } catch {
            throw error.hiding(secrets)
        }
        tokens.save(nil)
    }
}
