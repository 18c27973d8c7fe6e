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
        // Read once: an endpoint's `parameters` builds its dictionary anew each time it is asked.
        let parameters = parameters
        var path = ""
        for segment in pathSegments {
            // `.` and `..` are resolved before routing, by URLSession itself or by the server: `photos/..`
            // would mean another address.
            guard !segment.isEmpty, segment != ".", segment != ".." else {
                throw .invalidRequest(reason: "\"\(segment)\" cannot be a path segment")
            }
            path += "/" + (try Self.percentEncoded(segment))
        }
        var query: String?
        if !method.sendsBody, !parameters.isEmpty {
            // Sorted, so that the same call always makes the same URL.
            var pairs: [String] = []
            for (name, value) in parameters.sorted(by: { $0.key < $1.key }) {
                pairs.append(try Self.percentEncoded(name) + "=" + Self.percentEncoded(value))
            }
            query = pairs.joined(separator: "&")
        }
        // The address is parsed once, as a whole. Every part after the host is encoded above, so
        // a path, query or fragment the URL holds beyond those came from `baseURL`: a path there
        // (`/v1`) would be a different address from the one the endpoint means.
        let base = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        guard let url = URL(string: base + path + (query.map { "?" + $0 } ?? "")) else {
            throw .invalidRequest(reason: "no URL for \(baseURL)\(path)")
        }
        guard url.scheme != nil, url.host != nil, url.path(percentEncoded: true) == path,
            url.query(percentEncoded: true) == query, url.fragment == nil
        else {
            throw .invalidRequest(reason: "\(baseURL) is not a base URL (scheme and host, no path)")
        }
        var request = URLRequest(url: url)
        request.httpMethod = method.rawValue
        var fields = headers
        if method.sendsBody, !parameters.isEmpty {
            request.httpBody = Self.jsonObject(parameters)
            fields["Content-Type"] = "application/json"
        }
        // Set in one go: `setValue(_:forHTTPHeaderField:)` capitalizes each name and checks each value,
        // on every call, and the endpoints' own headers need neither (docs/benchmarks.md).
        request.allHTTPHeaderFields = fields
        return request
    }

    /// The parameters as one JSON object, keys sorted: the same call always sends the same bytes.
    /// Written by hand since they are only strings: `JSONEncoder` was a large share of what the
    /// router cost a login (docs/benchmarks.md).
    static func jsonObject(_ parameters: [String: String]) -> Data {
        var json: [UInt8] = [UInt8(ascii: "{")]
        for (name, value) in parameters.sorted(by: { $0.key < $1.key }) {
            if json.count > 1 {
                json.append(UInt8(ascii: ","))
            }
            appendJSONString(name, to: &json)
            json.append(UInt8(ascii: ":"))
            appendJSONString(value, to: &json)
        }
        json.append(UInt8(ascii: "}"))
        return Data(json)
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

/// Appends `text` as a JSON string. RFC 8259 asks for the quote, the backslash and the control
/// characters below U+0020 to be escaped; all other UTF-8 bytes, emoji and Hangul included, stay
/// as they are (no byte of a multi-byte character is below 0x80).
private func appendJSONString(_ text: String, to json: inout [UInt8]) {
    json.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"):
            json += [UInt8(ascii: "\\"), byte]
        case 0..<0x20:
            json += Array("\\u00".utf8) + [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
        default:
            json.append(byte)
        }
    }
    json.append(UInt8(ascii: "\""))
}

private let hexDigits = Array("0123456789abcdef".utf8)
