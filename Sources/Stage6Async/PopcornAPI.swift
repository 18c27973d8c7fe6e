// Endpoint enums, from stage 2 on: what the login request is made of, said once. From stage 5
// on the enum is a `Router`: it says its parts, and `asURLRequest()` builds them.
import Foundation

/// The Popcorn login server's endpoints.
public enum PopcornAPI: Router {
    case login(username: String, password: String)

    public var baseURL: String { "https://popcorn.example" }

    public var pathSegments: [String] {
        switch self {
        case .login: ["login"]
        }
    }

    public var method: HTTPMethod {
        switch self {
        case .login: .post
        }
    }

    public var headers: [String: String] { [:] }

    /// Sent as the JSON body, since login is a POST. The password travels here, never in the URL.
    public var parameters: [String: String] {
        switch self {
        case .login(let username, let password): ["username": username, "password": password]
        }
    }
}
