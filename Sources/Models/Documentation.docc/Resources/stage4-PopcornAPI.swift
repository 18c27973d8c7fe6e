// Endpoint enums, from stage 2 on: what each Popcorn request is made of, said once, as
// computed properties. Stage 4 adds `Endpoint`, so the generic request can send it, and the
// token leaves the cases: the authentication plugin adds it to the calls that need the sign-in.
import Foundation

/// The Popcorn login server's endpoints.
public enum PopcornAPI: Endpoint {
    case login(username: String, password: String)
    case profile
    case logout
    /// Trades the refresh token for a new pair; the authentication plugin sends it.
    case refreshToken(String)

    public var baseURL: String { "https://popcorn.example" }

    public var path: String {
        switch self {
        case .login: "/login"
        case .profile: "/me"
        case .logout: "/logout"
        case .refreshToken: "/token/refresh"
        }
    }

    public var method: String {
        switch self {
        case .login, .logout, .refreshToken: "POST"
        case .profile: "GET"
        }
    }

    public var headers: [String: String] {
        switch self {
        case .login, .refreshToken: ["Content-Type": "application/json"]
        case .profile, .logout: [:]
        }
    }

    public var queryItems: [URLQueryItem] { [] }

    /// The JSON body. The password and the refresh token travel here, never in the URL.
    public var body: Data? {
        switch self {
        case .login(let username, let password):
            try? JSONEncoder().encode(["username": username, "password": password])
        case .refreshToken(let refreshToken):
            try? JSONEncoder().encode(["refresh_token": refreshToken])
        case .profile, .logout: nil
        }
    }

    public var needsSignIn: Bool {
        switch self {
        case .profile, .logout: true
        case .login, .refreshToken: false
        }
    }
}
