// The logger plugin: one line for every call, in the one place every call passes, with every
// secret masked before the line is written.
import Foundation

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
    public static let shared = LoggerPlugin()
    private let lock = NSLock()
    private var kept: [Reply] = []
    /// How many lines are kept; older ones are dropped.
    public let capacity: Int

    public init(capacity: Int = 500) {
        self.capacity = capacity
    }

    /// The lines so far, oldest first.
    public var lines: [String] {
        lock.lock()
        let replies = kept.suffix(capacity)
        lock.unlock()
        return replies.map(Self.line(for:))
    }

    /// Forgets every line, such as when a test starts.
    public func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        kept.removeAll()
    }

    public func didReceive(_ reply: Reply) {
        lock.lock()
        defer { lock.unlock() }
        kept.append(Self.withoutPayload(reply))
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
    /// its secret fields masked.
    static func line(for reply: Reply) -> String {
        let request = reply.request
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
            line += " · body \(masked(body))"
        }
        // A failure's body says why; a success's is the payload, too long for a line.
        if let status, !(200..<300).contains(status), !reply.body.isEmpty {
            line += " · reply \(masked(reply.body))"
        }
        // A server may echo back what it was sent, such as the password in its error message.
        for secret in secrets(sentWith: request) {
            line = line.replacingOccurrences(of: secret, with: "•••")
        }
        return line
    }

    /// The secrets a request carried: its credential and its secret JSON fields' values.
    static func secrets(sentWith request: URLRequest) -> [String] {
        var secrets: [String] = []
        if let credential = request.value(forHTTPHeaderField: "Authorization")?.split(separator: " ").last {
            secrets.append(String(credential))
        }
        if let body = request.httpBody, let fields = try? JSONSerialization.jsonObject(with: body) as? [String: Any] {
            secrets += secretFields.compactMap { fields[$0] as? String }
        }
        return secrets.filter { !$0.isEmpty }
    }

    /// The fields whose values are secrets, wherever they appear in a JSON body.
    static let secretFields: Set<String> = ["password", "access_token", "refresh_token"]

    /// A JSON body with every secret field's value masked, keys sorted, at most 300 characters;
    /// any other body by its size alone, since it could hold anything.
    static func masked(_ body: Data) -> String {
        guard let json = try? JSONSerialization.jsonObject(with: body),
            let data = try? JSONSerialization.data(withJSONObject: mask(json), options: [.sortedKeys]),
            let text = String(data: data, encoding: .utf8)
        else {
            return "(\(body.count) bytes)"
        }
        return text.count > 300 ? text.prefix(300) + "…" : text
    }

    private static func mask(_ json: Any) -> Any {
        if let object = json as? [String: Any] {
            var masked: [String: Any] = [:]
            for (key, value) in object {
                masked[key] = secretFields.contains(key) ? "•••" : mask(value)
            }
            return masked
        }
        if let array = json as? [Any] {
            return array.map(mask)
        }
        return json
    }
}
