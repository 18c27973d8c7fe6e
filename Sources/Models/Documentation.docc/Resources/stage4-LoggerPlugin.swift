// The logger plugin: one line for every call, in the one place every call passes, with every
// secret masked before the line is written.
import Foundation
import Models

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Keeps a line for each reply, such as `GET https://popcorn.example/me → 200 in 3 ms ·
/// Authorization: Bearer •••`, for a debug screen or a bug report. The access key, the password
/// and every token are masked: a log is read by more people than the code is.
///
/// A call only files its reply; the line is written, and masked, when someone reads `lines`. A log
/// is read far less often than calls are made, so masking costs a call nothing.
public final class LoggerPlugin: Plugin, @unchecked Sendable {
    /// The app's logger; it masks the sign-in's tokens too, wherever a server repeats them.
    public static let shared = LoggerPlugin { TokenStore.shared.token?.secrets ?? [] }
    private let lock = NSLock()
    /// Each reply, and the secrets its call held besides the request's own.
    private var kept: [(reply: Reply, hiding: [String])] = []
    /// How many lines are kept; older ones are dropped.
    public let capacity: Int
    /// Secrets a call holds that its request does not carry, such as the sign-in's refresh token.
    private let alsoHiding: @Sendable () -> [String]

    /// - Parameters:
    ///   - capacity: how many lines are kept.
    ///   - alsoHiding: the secrets to mask besides the ones each request carries, read as each
    ///     reply arrives.
    public init(capacity: Int = 500, alsoHiding: @escaping @Sendable () -> [String] = { [] }) {
        self.capacity = capacity
        self.alsoHiding = alsoHiding
    }

    /// The lines so far, oldest first.
    public var lines: [String] {
        lock.lock()
        let replies = kept.suffix(capacity)
        lock.unlock()
        return replies.map { Self.line(for: $0.reply, hiding: $0.hiding) }
    }

    /// Forgets every line, such as when a test starts.
    public func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        kept.removeAll()
    }

    public func didReceive(_ reply: Reply) {
        let hiding = alsoHiding()
        lock.lock()
        defer { lock.unlock() }
        kept.append((Self.withoutPayload(reply), hiding))
        // Trimmed in batches, not one line per call: `removeFirst` moves every line left.
        if kept.count >= 2 * capacity {
            kept.removeFirst(kept.count - capacity)
        }
    }

    /// A success's body is never logged, so it is not kept: 500 pages of search results would be
    /// megabytes.
    private static func withoutPayload(_ reply: Reply) -> Reply {
        guard let status = reply.response?.statusCode, (200..<300).contains(status) else { return reply }
        return Reply(
            request: reply.request, response: reply.response, body: Data(), error: nil, duration: reply.duration)
    }

    /// Method, URL, status or failure, duration, the credential's scheme, and a JSON body with
    /// its secret fields masked, and every secret the call held masked wherever it appears.
    static func line(for reply: Reply, hiding extra: [String] = []) -> String {
        let request = reply.request
        // A server may echo back what it was sent, whole, escaped or cut, such as the password.
        let secrets = request.secrets + extra
        let status = reply.response?.statusCode
        let outcome = status.map(String.init) ?? "failed: \(reply.error?.localizedDescription ?? "no reply")"
        let (seconds, attoseconds) = reply.duration.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        let method = request.httpMethod ?? "GET"
        var line = "\(method) \(request.url?.absoluteString ?? "?") → \(outcome) in \(milliseconds) ms"
        if let authorization = request.value(forHTTPHeaderField: "Authorization") {
            // The scheme says which credential went; the credential itself never reaches the log.
            let scheme = authorization.split(separator: " ").first.map(String.init) ?? ""
            line += " · Authorization: \(scheme) •••"
        }
        if let body = request.httpBody, !body.isEmpty {
            line += " · body \(masked(body, hiding: secrets))"
        }
        // A failure's body says why; a success's is the payload, too long for a line.
        if let status, !(200..<300).contains(status), !reply.body.isEmpty {
            line += " · reply \(masked(reply.body, hiding: secrets))"
        }
        // And anywhere else, whole: a secret has no business in a URL either.
        for secret in secrets {
            line = line.replacingOccurrences(of: secret, with: "•••")
        }
        return line
    }

    /// A JSON body with every secret field's value masked and every secret masked in the other
    /// strings, keys sorted, at most 300 characters; any other body by its size alone, since it
    /// could hold anything. Masked before it is cut: a cut could leave half a secret in clear.
    static func masked(_ body: Data, hiding secrets: [String]) -> String {
        guard let json = try? JSONSerialization.jsonObject(with: body),
            let data = try? JSONSerialization.data(
                withJSONObject: mask(json, hiding: secrets), options: [.sortedKeys]),
            let text = String(data: data, encoding: .utf8)
        else {
            return "(\(body.count) bytes)"
        }
        return text.count > 300 ? text.prefix(300) + "…" : text
    }

    private static func mask(_ json: Any, hiding secrets: [String]) -> Any {
        if let object = json as? [String: Any] {
            var masked: [String: Any] = [:]
            for (key, value) in object {
                masked[key] = URLRequest.secretFields.contains(key) ? "•••" : mask(value, hiding: secrets)
            }
            return masked
        }
        if let array = json as? [Any] {
            return array.map { mask($0, hiding: secrets) }
        }
        if let text = json as? String {
            return text.masking(secrets)
        }
        return json
    }
}
