// The signed-in user, as Popcorn's `GET /me` describes them.

/// Who the access token belongs to.
public struct Profile: Codable, Equatable, Sendable {
    /// The name they sign in with.
    public let username: String
    /// The name the app shows; `null` until they finish signing up.
    public let displayName: String?
    /// When they joined, ISO 8601 with an offset, kept as sent.
    public let joinedAt: String

    public init(username: String, displayName: String?, joinedAt: String) {
        self.username = username
        self.displayName = displayName
        self.joinedAt = joinedAt
    }

    // Spelled out, so a plain `JSONDecoder()` reads the server's snake_case keys.
    enum CodingKeys: String, CodingKey {
        case username
        case displayName = "display_name"
        case joinedAt = "joined_at"
    }
}
