// The authentication plugin: the sign-in's Bearer token goes onto every request that needs it,
// and an access token that has expired is refreshed once and the request sent again.
import Foundation
import Models

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where the sign-in's token lives between calls. Replies arrive on URLSession's threads, so it
/// is read and written under a lock.
public final class TokenStore: @unchecked Sendable {
    public static let shared = TokenStore()
    private let lock = NSLock()
    private var stored: Token?

    public init() {}

    /// The current token; `nil` when no one is signed in.
    public var token: Token? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            stored = newValue
        }
    }
}

/// Adds `Authorization: Bearer <access token>` to the endpoints that need the sign-in, and
/// answers a 401 `TOKEN_EXPIRED` with one refresh and one more try.
///
/// Two calls that meet an expired token together each refresh; the second refresh sends a
/// refresh token the first used up, and fails. Stage 6 shares one refresh between them.
public struct AuthPlugin: Plugin {
    let tokens: TokenStore

    public init(tokens: TokenStore) {
        self.tokens = tokens
    }

    public func prepare(_ request: URLRequest, for router: any Router) -> URLRequest {
        guard router.needsSignIn, let token = tokens.token else { return request }
        var request = request
        request.setValue("Bearer \(token.accessToken)", forHTTPHeaderField: "Authorization")
        return request
    }

    public func shouldRetry(
        _ reply: Reply, for router: any Router, completion: @escaping @Sendable (Bool) -> Void
    ) {
        // Only an expired token is worth a refresh: any other 401 is the caller's to see.
        guard router.needsSignIn, reply.response?.statusCode == 401,
            let envelope = try? JSONDecoder().decode(LoginResponse.self, from: reply.body),
            envelope.divisionCode == PopcornDivisionCode.tokenExpired, let token = tokens.token
        else {
            completion(false)
            return
        }
        // Sent with an older token than the store's: another call has refreshed already.
        guard reply.request.value(forHTTPHeaderField: "Authorization") == "Bearer \(token.accessToken)" else {
            completion(true)
            return
        }
        APIClient.shared.request(PopcornAPI.refreshToken(token.refreshToken), as: LoginResponse.self) { result in
            guard case .success(let reply) = result, let newToken = reply.token else {
                // A refused refresh ends the sign-in, unless another call has already replaced it.
                if tokens.token == token {
                    tokens.token = nil
                }
                completion(false)
                return
            }
            tokens.token = newToken
            completion(true)
        }
    }
}
