// What a failed call's server said, read and made safe to show: its words, whether they say the
// rate limit is spent, and the same words with every secret the request carried masked.
import Foundation
import Models

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension APIError {
    /// What the server said, in whichever shape it said it: Unsplash's `errors`, Popcorn's
    /// `data` string, or a short plain-text body such as "Rate Limit Exceeded".
    static func serverMessage(in body: Data) -> String? {
        if let unsplash = try? JSONDecoder().decode(UnsplashErrorBody.self, from: body),
            let first = unsplash.errors.first
        {
            return first
        }
        if let popcorn = try? JSONDecoder().decode(LoginResponse.self, from: body), let message = popcorn.message {
            return message
        }
        guard let text = String(data: body, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
            !text.isEmpty, text.count <= 200, !text.hasPrefix("<"), !text.hasPrefix("{"), !text.hasPrefix("[")
        else {
            return nil
        }
        return text
    }

    /// Whether an answer says the rate limit is spent, whatever its status: Unsplash says so in
    /// its words, `Rate Limit Exceeded`, or with an `X-Ratelimit-Remaining` of 0.
    static func isOverRateLimit(_ http: HTTPURLResponse?, message: String?) -> Bool {
        // `value(forHTTPHeaderField:)` ignores case: servers spell it X-RateLimit-Remaining too.
        message?.localizedCaseInsensitiveContains("Rate Limit Exceeded") == true
            || http?.value(forHTTPHeaderField: "X-Ratelimit-Remaining") == "0"
    }

    /// The same error with `secrets` masked in the server's words, for a server that echoes back
    /// what it was sent, such as a password, whole, escaped or cut short.
    func hiding(_ secrets: [String]) -> APIError {
        func hide(_ message: String?) -> String? {
            message?.masking(secrets)
        }
        switch self {
        case .badRequest(let message): return .badRequest(message: hide(message))
        case .unauthorized(let message): return .unauthorized(message: hide(message))
        case .signUpNotCompleted(let token, let message):
            return .signUpNotCompleted(token: token, message: hide(message))
        case .forbidden(let message): return .forbidden(message: hide(message))
        case .notFound(let message): return .notFound(message: hide(message))
        case .tooManyRequests(let status, let message): return .tooManyRequests(status: status, message: hide(message))
        case .server(let status, let message): return .server(status: status, message: hide(message))
        case .unexpectedStatus(let status, let message):
            return .unexpectedStatus(status: status, message: hide(message))
        case .invalidRequest, .offline, .timedOut, .cancelled, .transport, .emptyBody, .decoding: return self
        }
    }
}

extension URLRequest {
    /// What the request carries that no screen or log may show: its credential (`Authorization`
    /// after the scheme) and the values of its secret JSON fields.
    var secrets: [String] {
        var secrets: [String] = []
        if let credential = value(forHTTPHeaderField: "Authorization")?.split(separator: " ").last {
            secrets.append(String(credential))
        }
        if let body = httpBody, let fields = try? JSONSerialization.jsonObject(with: body) as? [String: Any] {
            secrets += Self.secretFields.compactMap { fields[$0] as? String }
        }
        return secrets.filter { !$0.isEmpty }
    }

    /// The fields whose values are secrets, wherever they appear in a JSON body.
    static let secretFields: Set<String> = ["password", "access_token", "refresh_token"]
}
