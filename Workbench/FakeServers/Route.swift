// The routes the fake servers answer, and how a request's URL is read to find one.
import Foundation

/// One of the calls the fake servers answer: the workbook's four, the signed-in calls and the exercises' two.
public enum Route: String, CaseIterable, Sendable {
    /// `POST https://popcorn.example/login`
    case login
    /// `GET https://popcorn.example/me`, with `Authorization: Bearer <access token>`
    case profile
    /// `POST https://popcorn.example/logout`, with `Authorization: Bearer <access token>`
    case logout
    /// `POST https://popcorn.example/token/refresh`, `{"refresh_token": …}`
    case refreshToken
    /// `PUT https://popcorn.example/me/favorites/{photo id}`, with `Authorization: Bearer <access
    /// token>`: exercise 4b's call, answered with no body.
    case favorite
    /// `GET https://api.unsplash.com/search/photos?query=…`
    case searchPhotos
    /// `GET https://api.unsplash.com/photos/random`
    case randomPhoto
    /// `GET https://api.unsplash.com/photos/{id}`
    case photo
    /// `GET https://api.unsplash.com/users/{username}/photos`: the exercises' new call.
    case userPhotos
}

/// A URL as a server reads it: path segments with dot segments resolved, then each one
/// percent-decoded; a query split on `&` and `=`, `+` read as a space, then percent-decoded.
public struct ServerView: Equatable, Sendable {
    public let host: String
    public let pathSegments: [String]
    public let query: [QueryItem]

    public struct QueryItem: Equatable, Sendable {
        public let name: String
        public let value: String
    }

    public init?(_ url: URL) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let host = components.host
        else { return nil }
        self.host = host.lowercased()
        pathSegments = Self.segments(ofPercentEncodedPath: components.percentEncodedPath)
        // Split and decoded as bytes: the percent-encoded text is ASCII, and a query can be long.
        let query = (components.percentEncodedQuery ?? "").utf8
        self.query = query.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let value = parts.count > 1 ? Self.formDecoded(Substring(parts[1])) : ""
            return QueryItem(name: Self.formDecoded(Substring(parts[0])), value: value)
        }
    }

    /// The values a name has, in the order sent.
    public func values(_ name: String) -> [String] {
        query.filter { $0.name == name }.map(\.value)
    }

    // The way web servers normalise a path before routing it (RFC 3986, 5.2.4).
    static func segments(ofPercentEncodedPath path: String) -> [String] {
        var resolved: [String] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..": _ = resolved.popLast()
            default: resolved.append(percentDecoded(segment) ?? String(segment))
            }
        }
        return resolved
    }

    // HTML form decoding, which is what servers apply to a query: `+` is a space.
    static func formDecoded(_ text: Substring) -> String {
        percentDecoded(text, plusIsSpace: true)
            ?? String(decoding: text.utf8.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
    }

    /// Every `%XX` replaced by its byte, the bytes read as UTF-8 (and, in a form, `+` read as a
    /// space first); `nil` where Foundation's `removingPercentEncoding` gives up: a `%` without two
    /// hex digits, or bytes that are not UTF-8. Done on bytes, since Foundation's own is slow on
    /// Linux for a long query.
    static func percentDecoded(_ text: Substring, plusIsSpace: Bool = false) -> String? {
        let bytes = Array(text.utf8)
        var invalid = false
        let decoded = [UInt8](unsafeUninitializedCapacity: bytes.count) { output, written in
            bytes.withUnsafeBufferPointer { input in
                var index = 0
                while index < input.count {
                    let byte = input[index]
                    if byte == UInt8(ascii: "%") {
                        guard index + 2 < input.count, let high = hexValue(input[index + 1]),
                            let low = hexValue(input[index + 2])
                        else {
                            invalid = true
                            break
                        }
                        output[written] = high << 4 | low
                        index += 3
                    } else {
                        output[written] = plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte
                        index += 1
                    }
                    written += 1
                }
            }
        }
        return invalid ? nil : String(validating: decoded, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        // Plain arithmetic rather than range patterns, which a debug build makes slow.
        let digit = byte &- 48  // "0"
        if digit < 10 { return digit }
        let letter = (byte | 0x20) &- 97  // "a", either case
        return letter < 6 ? letter + 10 : nil
    }
}
