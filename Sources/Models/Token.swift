// The Popcorn login server's token pair, as its JSON spells it.

/// The tokens a successful login hands back.
public struct Token: Codable, Equatable, Sendable {
    /// Sent with later requests to prove who the user is.
    public let accessToken: String
    /// Trades for a new access token when the old one expires.
    public let refreshToken: String
    /// When the access token stops working, as the server wrote it.
    public let accessExpiredAt: String
    /// When the refresh token stops working, as the server wrote it.
    public let refreshExpiredAt: String

    public init(accessToken: String, refreshToken: String, accessExpiredAt: String, refreshExpiredAt: String) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.accessExpiredAt = accessExpiredAt
        self.refreshExpiredAt = refreshExpiredAt
    }

    // Spelled out, so a plain `JSONDecoder()` reads the server's snake_case keys.
    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
        case accessExpiredAt = "access_expired_at"
        case refreshExpiredAt = "refresh_expired_at"
    }
}

extension Token {
    /// What no screen or log may show: both tokens.
    public var secrets: [String] { [accessToken, refreshToken] }
}
