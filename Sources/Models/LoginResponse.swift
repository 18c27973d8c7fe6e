// The envelope every Popcorn login reply comes in, success or not.

/// `{"resultCode": 200, "status": "success", "data": {…token…}}` on success,
/// `{"resultCode": 401, "status": "fail", "data": "a message"}` on failure.
public struct LoginResponse: Decodable, Equatable, Sendable {
    /// The server's own copy of the HTTP status.
    public let resultCode: Int
    /// `"success"` when the login worked; anything else means it did not.
    public let status: String
    /// A token on success, a message for a person on failure.
    public let data: LoginData

    public init(resultCode: Int, status: String, data: LoginData) {
        self.resultCode = resultCode
        self.status = status
        self.data = data
    }

    /// The token, only when the server said the login worked.
    public var token: Token? {
        guard status == "success", case .token(let token) = data else { return nil }
        return token
    }

    /// The server's message, when it sent one instead of a token.
    public var message: String? {
        guard case .message(let message) = data else { return nil }
        return message
    }
}

/// The `data` field: one key, two shapes.
public enum LoginData: Decodable, Equatable, Sendable {
    case token(Token)
    case message(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // A string is the failure shape; anything else must be a whole token.
        if let message = try? container.decode(String.self) {
            self = .message(message)
        } else {
            self = .token(try container.decode(Token.self))
        }
    }
}
