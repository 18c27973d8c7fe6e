// Endpoint enums, from stage 2 on: what each Popcorn request is made of, said once. From stage 5
// on the enum is a `Router`: it says its parts, and `asURLRequest()` builds them.
import Foundation

/// The Popcorn login server's endpoints.
public enum PopcornAPI: Router {
    case login(username: String, password: String)
    case profile
    case logout
    /// Trades the refresh token for a new pair; the authentication plugin sends it.
    case refreshToken(String)

    public var baseURL: String { "https://popcorn.example" }

    public var pathSegments: [String] {
        switch self {
        case .login: ["login"]
        case .profile: ["me"]
        case .logout: ["logout"]
        case .refreshToken: ["token", "refresh"]
        }
    }

    public var method: HTTPMethod {
        switch self {
        case .login, .logout, .refreshToken: .post
        case .profile: .get
        }
    }

    public var headers: [String: String] { [:] }

    /// Sent as the JSON body, since these are POSTs. The password and the refresh token travel
    /// here, never in the URL.
    public var parameters: [String: String] {
        switch self {
        case .login(let username, let password): ["username": username, "password": password]
        case .refreshToken(let refreshToken): ["refresh_token": refreshToken]
        case .profile, .logout: [:]
        }
    }

    public var needsSignIn: Bool {
        switch self {
        case .profile, .logout: true
        case .login, .refreshToken: false
        }
    }
}
