// Stage 4, one generic request: what every endpoint enum offers, so one function can send any.
import Foundation

/// The parts of a request, as stage 2's enums already spell them.
public protocol Endpoint: Sendable {
    var baseURL: String { get }
    var path: String { get }
    var method: String { get }
    var headers: [String: String] { get }
    /// Empty when a call has no parameters: `["": ""]` here would send a stray `?=`.
    var queryItems: [URLQueryItem] { get }
    /// The body, for the calls that send one.
    var body: Data? { get }
    /// Whether the call needs the sign-in: the authentication plugin adds its token, so the
    /// endpoint no longer carries one.
    var needsSignIn: Bool { get }
}

extension Endpoint {
    public var url: URL? {
        // `URLComponents` is for encoding a query; without one, parsing the text once is enough
        // (and cheaper: docs/benchmarks.md).
        guard !queryItems.isEmpty else {
            return URL(string: baseURL + path)
        }
        var components = URLComponents(string: baseURL + path)
        components?.queryItems = queryItems
        return components?.url
    }

    public var needsSignIn: Bool { false }
}
