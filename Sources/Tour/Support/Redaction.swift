// What the tour may print of a request: everything but the secrets in it.
import FakeServers
import Foundation

enum Redaction {
    static let mask = "•••"

    /// Everything secret a scenario can send; masked wherever it appears, whatever the stage did.
    static let secrets = [FakeServers.demoPassword, FakeServers.demoAccessKey, Scenarios.wrongPassword]

    static func masked(_ text: String) -> String {
        secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: mask) }
    }

    /// A logged request as printable lines: method and URL, headers, body.
    static func lines(for request: RecordedRequest) -> [String] {
        var lines = ["\(request.method) \(request.url.absoluteString)"]
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            // The scheme (`Client-ID`) stays readable; the credential after it does not.
            let shown =
                name.caseInsensitiveCompare("Authorization") == .orderedSame
                ? (value.split(separator: " ").first.map { "\($0) \(mask)" } ?? mask)
                : value
            lines.append("  \(name): \(shown)")
        }
        if let body = request.body, !body.isEmpty {
            lines.append("  body: \(bodyText(body))")
        }
        return lines.map(masked)
    }

    /// The fields of a JSON body that carry a credential.
    static let secretFields = ["password", "refresh_token", "access_token"]

    /// The body with its credential fields masked; other bodies as text, cut short.
    static func bodyText(_ body: Data) -> String {
        if var fields = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] {
            for name in secretFields where fields[name] != nil { fields[name] = mask }
            if let data = try? JSONSerialization.data(
                withJSONObject: fields, options: [.sortedKeys, .withoutEscapingSlashes])
            {
                return String(decoding: data, as: UTF8.self)
            }
        }
        let text = String(decoding: body, as: UTF8.self)
        return text.count > 80 ? text.prefix(80) + "…" : text
    }
}
