// How Unsplash explains a failed request.

/// `{"errors": ["OAuth error: The access token is invalid"]}`.
public struct UnsplashErrorBody: Codable, Equatable, Sendable {
    /// Messages for a developer; the first is the one to show.
    public let errors: [String]

    public init(errors: [String]) {
        self.errors = errors
    }
}
