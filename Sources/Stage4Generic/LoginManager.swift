// The calls, from stage 4 on: login is one request through `APIClient`, plus the one thing
// only login knows: a 2xx envelope may still say no.
import Foundation
import Models

/// Logs in to Popcorn. One shared instance; sending is `APIClient`'s job.
public final class LoginManager: Sendable {
    public static let shared = LoginManager()
    private init() {}

    /// Calls back once: with a token, or with the `APIError` that says why not.
    public func login(
        username: String, password: String, completion: @escaping @Sendable (Result<Token, APIError>) -> Void
    ) {
        let api = PopcornAPI.login(username: username, password: password)
        APIClient.shared.request(api, as: LoginResponse.self) { result in
            let login = result.flatMap { reply in
                // A 2xx whose envelope says no: its `resultCode` is the status that counts.
                reply.token.map { .success($0) } ?? .failure(APIError(status: reply.resultCode, message: reply.message))
            }
            // A server that echoes the password back must not put it on the screen.
            completion(login.mapError { $0.hiding(password) })
        }
    }
}
