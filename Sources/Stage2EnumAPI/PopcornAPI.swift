// Endpoint enums, from stage 2 on: what the login request is made of, said once, as
// computed properties.
import Foundation

/// The Popcorn login server's endpoints.
public enum PopcornAPI {
    case login(username: String, password: String)

    public var baseURL: String { "https://popcorn.example" }

    public var path: String {
        switch self {
        case .login: "/login"
        }
    }

    public var method: String {
        switch self {
        case .login: "POST"
        }
    }

    public var headers: [String: String] {
        ["Content-Type": "application/json"]
    }

    /// The JSON body. The password travels here, never in the URL.
    public var body: Data? {
        switch self {
        case .login(let username, let password):
            try? JSONEncoder().encode(["username": username, "password": password])
        }
    }

    public var url: URL? {
        URL(string: baseURL + path)
    }
}
