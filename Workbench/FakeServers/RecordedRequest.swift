// One entry of the fake servers' request log: the request exactly as it reached the server.
import Foundation

/// What the client sent, before any routing.
public struct RecordedRequest: Sendable {
    /// `GET`, `POST`, …
    public let method: String
    /// The URL as sent, percent-encoding and all.
    public let url: URL
    /// The headers as sent.
    public let headers: [String: String]
    /// The body's bytes; `nil` when there was none.
    public let body: Data?
    /// The route it was answered on; `nil` for a path no route serves.
    public let route: Route?
    /// The URL read the way the server reads it; read once, as the request arrives.
    public let serverView: ServerView?

    /// A header by name, ignoring case as HTTP does.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The body as a JSON object of strings (the login body's shape); `nil` when it is not one.
    public var jsonStrings: [String: String]? {
        guard let body else { return nil }
        return (try? JSONSerialization.jsonObject(with: body)) as? [String: String]
    }
}
