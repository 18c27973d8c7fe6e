// Endpoint enums, from stage 2 on: what each Popcorn request is made of, said once, as
// computed properties. A call that needs the sign-in carries its token in its case.
import Foundation
import Models

/// The Popcorn login server's endpoints.
public enum PopcornAPI {
    case login(username: String, password: String)
    case profile(token: Token)
    case logout(token: Token)

    public var baseURL: String { "https://popcorn.example" }

    public var path: String {
        switch self {
        case .login: "/login"
        case .profile: "/me"
        case .logout: "/logout"
        }
    }

    public var method: String {
        switch self {
        case .login, .logout: "POST"
        case .profile: "GET"
        }
    }

    public var headers: [String: String] {
        switch self {
        case .login: ["Content-Type": "application/json"]
        case .profile(let token), .logout(let token): ["Authorization": "Bearer \(token.accessToken)"]
        }
    }

    /// The JSON body, for login only. The password travels here, never in the URL.
    public var body: Data? {
        switch self {
        case .login(let username, let password):
            try? JSONEncoder().encode(["username": username, "password": password])
        case .profile, .logout: nil
        }
    }

    public var url: URL? {
        URL(string: baseURL + path)
    }
}
