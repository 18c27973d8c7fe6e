// The router, from stage 5 on: each endpoint builds its own `URLRequest`, and throws instead of
// crashing when it cannot. Building is a plain function, so tests can check it with no network.
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The methods the router knows, and where each one carries its parameters.
public enum HTTPMethod: String, Sendable {
    case get = "GET"
    case head = "HEAD"
    case delete = "DELETE"
    case post = "POST"
    case put = "PUT"
    case patch = "PATCH"

    /// POST, PUT and PATCH carry parameters as a JSON body; the others in the query, never a body.
    public var sendsBody: Bool {
        switch self {
        case .post, .put, .patch: true
        case .get, .head, .delete: false
        }
    }
}

/// Something that can become a `URLRequest`, like Alamofire's `URLRequestConvertible` or Moya's `TargetType`.
public protocol Router: Sendable {
    /// Scheme and host, such as `https://api.unsplash.com`.
    var baseURL: String { get }
    /// The path, one element per segment; each is encoded whole, so an id cannot add a `/`.
    var pathSegments: [String] { get }
    var method: HTTPMethod { get }
    var headers: [String: String] { get }
    /// The query for GET, HEAD and DELETE; the JSON body for POST, PUT and PATCH.
    var parameters: [String: String] { get }
    /// Whether the call needs the sign-in: the authentication plugin adds its token.
    var needsSignIn: Bool { get }
    /// The request, or `APIError.invalidRequest` saying why there is none.
    func asURLRequest() throws(APIError) -> URLRequest
}

extension Router {
    public var needsSignIn: Bool { false }

    public func asURLRequest() throws(APIError) -> URLRequest {
        // Scheme and host only: a path here (`/v1`) would be replaced by the segments, not kept.
        guard var components = URLComponents(string: baseURL), components.host != nil,
            components.path.isEmpty || components.path == "/"
        else {
            throw .invalidRequest(reason: "\(baseURL) is not a base URL (scheme and host, no path)")
        }
        var path = ""
        for segment in pathSegments {
            // Servers resolve `.` and `..` before routing: `photos/..` would mean another address.
            guard !segment.isEmpty, segment != ".", segment != ".." else {
                throw .invalidRequest(reason: "\"\(segment)\" cannot be a path segment")
            }
            path += "/" + (try Self.percentEncoded(segment))
        }
        components.percentEncodedPath = path
        if !method.sendsBody, !parameters.isEmpty {
            // Sorted, so that the same call always makes the same URL.
            var pairs: [String] = []
            for (name, value) in parameters.sorted(by: { $0.key < $1.key }) {
                pairs.append(try Self.percentEncoded(name) + "=" + Self.percentEncoded(value))
            }
            components.percentEncodedQuery = pairs.joined(separator: "&")
        }
        guard let url = components.url else {
            throw .invalidRequest(reason: "no URL for \(baseURL)\(path)")
        }
        var request = URLRequest(url: url)
        request.httpMethod = method.rawValue
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        if method.sendsBody, !parameters.isEmpty {
            // Sorted keys: the same call always sends the same bytes.
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            guard let body = try? encoder.encode(parameters) else {
                throw .invalidRequest(reason: "the parameters could not be encoded as JSON")
            }
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }

    /// Everything but RFC 3986's unreserved characters is encoded, so `/ ? # & = +` stay data.
    /// (`URLQueryItem` leaves `+` alone, and servers read a bare `+` as a space.)
    static func percentEncoded(_ text: String) throws(APIError) -> String {
        // Most ids and names need no encoding: saying so is cheaper than asking Foundation.
        if text.utf8.allSatisfy(isUnreserved) {
            return text
        }
        guard let encoded = text.addingPercentEncoding(withAllowedCharacters: unreserved) else {
            throw .invalidRequest(reason: "\"\(text)\" cannot be percent-encoded")
        }
        return encoded
    }
}

/// RFC 3986's unreserved characters: the only ones a path segment or query value may keep as they are.
private let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

/// Whether one byte of UTF-8 is one of RFC 3986's unreserved characters.
private func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        true
    default: false
    }
}
