// The authentication plugin: the sign-in's Bearer token goes onto every request that needs it,
// and an access token that has expired is refreshed once and the request sent again. In stage 6
// the token store is an actor, so calls that meet an expired token together share one refresh.
import Foundation
import Models

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where the sign-in's token lives between calls, and the refresh in flight, if any. The refresh
/// is the actor's, so that callers await one together. The token itself sits behind a lock: reading
/// or saving it never waits for a turn on the actor, so a login pays for no hop it does not need.
public actor TokenStore {
    private let saved: SavedToken
    private var refreshing: Task<Token?, Never>?

    public init(token: Token? = nil) {
        saved = SavedToken(token)
    }

    /// The current token; `nil` when no one is signed in.
    public nonisolated var token: Token? { saved.value }

    public nonisolated func save(_ token: Token?) {
        saved.value = token
    }

    /// A token to use instead of `stale`: the one another call already got, the one a refresh
    /// under way will bring, or else what `refresh` brings. Twenty callers, one refresh. `nil`
    /// when the refresh was refused, which ends the sign-in.
    func token(replacing stale: Token, refresh: @escaping @Sendable (Token) async -> Token?) async -> Token? {
        // Signed out, or a refresh was refused while this caller waited: nothing to refresh.
        guard let current = token else { return nil }
        if current != stale {
            return current
        }
        if let refreshing {
            return await refreshing.value
        }
        // The task runs on this actor: the new token is stored before any waiting caller resumes.
        let task = Task {
            let fresh = await refresh(stale)
            saved.value = fresh
            refreshing = nil
            return fresh
        }
        refreshing = task
        return await task.value
    }
}

/// The token behind a lock, as stages 4 and 5 keep it: replies arrive on URLSession's threads.
final class SavedToken: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Token?

    init(_ token: Token?) {
        stored = token
    }

    var value: Token? {
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

/// Adds `Authorization: Bearer <access token>` to the routes that need the sign-in, and answers
/// a 401 `TOKEN_EXPIRED` with one refresh, shared by every call waiting on it, and one more try.
public struct AuthPlugin: Plugin {
    let tokens: TokenStore
    /// Sends the refresh itself; a client without this plugin, so a refresh cannot refresh.
    let client: APIClient

    public init(tokens: TokenStore, client: APIClient) {
        self.tokens = tokens
        self.client = client
    }

    public func prepare(_ request: URLRequest, for router: any Router) async -> URLRequest {
        guard router.needsSignIn, let token = tokens.token else { return request }
        var request = request
        request.setValue("Bearer \(token.accessToken)", forHTTPHeaderField: "Authorization")
        return request
    }

    public func shouldRetry(_ reply: Reply, for router: any Router) async -> Bool {
        // Only an expired token is worth a refresh: any other 401 is the caller's to see.
        guard router.needsSignIn, reply.response?.statusCode == 401,
            let envelope = try? JSONDecoder().decode(LoginResponse.self, from: reply.body),
            envelope.divisionCode == PopcornDivisionCode.tokenExpired, let token = tokens.token
        else {
            return false
        }
        // Sent with an older token than the store's: another call has refreshed already.
        guard reply.request.value(forHTTPHeaderField: "Authorization") == "Bearer \(token.accessToken)" else {
            return true
        }
        let fresh = await tokens.token(replacing: token) { [client] stale in
            try? await client.send(PopcornAPI.refreshToken(stale.refreshToken), as: LoginResponse.self).token
        }
        return fresh != nil
    }
}
