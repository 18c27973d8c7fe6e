// The calls, from stage 4 on: each Popcorn call is one request through `APIClient`. Login also
// keeps the token for the authentication plugin, and knows that a 2xx envelope may still say no.
import Foundation
import Models

/// Logs in to Popcorn, and makes the calls that need the sign-in. One shared instance; sending
/// is `APIClient`'s job, and the token is the authentication plugin's.
public final class LoginManager: Sendable {
    public static let shared = LoginManager()
    private init() {}

    /// Calls back once: with a token, or with the `APIError` that says why not. Either way, a
    /// token that came back is kept for the calls that need the sign-in.
    public func login(
        username: String, password: String, completion: @escaping @Sendable (Result<Token, APIError>) -> Void
    ) {
        let api = PopcornAPI.login(username: username, password: password)
        APIClient.shared.request(api, as: LoginResponse.self) { result in
            let login = result.flatMap { reply in
                // A 2xx whose envelope says no: its `resultCode` is the status that counts.
                reply.token.map { .success($0) } ?? .failure(APIError(status: reply.resultCode, message: reply.message))
            }
            switch login {
            case .success(let token), .failure(.signUpNotCompleted(let token, _)):
                TokenStore.shared.token = token
            case .failure:
                break
            }
            // A server that echoes the password back must not put it on the screen.
            completion(login.mapError { $0.hiding([password]) })
        }
    }

    /// Calls back once: with the signed-in user's profile, or with the `APIError` that says why not.
    public func profile(completion: @escaping @Sendable (Result<Profile, APIError>) -> Void) {
        // The server's words never show the sign-in's tokens, should it repeat them.
        let secrets = TokenStore.shared.token?.secrets ?? []
        APIClient.shared.request(PopcornAPI.profile, as: PopcornEnvelope<Profile>.self) { result in
            completion(
                result.flatMap { reply in
                    reply.payload.map { .success($0) }
                        ?? .failure(APIError(status: reply.resultCode, message: reply.message))
                }.mapError { $0.hiding(secrets) })
        }
    }

    /// Calls back once: with success when the sign-in is over, or with the `APIError` that says why not.
    public func logout(completion: @escaping @Sendable (Result<Void, APIError>) -> Void) {
        let secrets = TokenStore.shared.token?.secrets ?? []
        APIClient.shared.request(PopcornAPI.logout, as: NoContent.self) { result in
            if case .success = result {
                TokenStore.shared.token = nil
            }
            completion(result.map { _ in () }.mapError { $0.hiding(secrets) })
        }
    }
}
