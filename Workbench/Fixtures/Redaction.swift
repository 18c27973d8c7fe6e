// What the tour may print of a request: everything but the secrets in it.
import FakeServers
import Foundation
import Locking

package enum Redaction {
    package static let mask = "•••"

    /// Everything secret a scenario can send; masked wherever it appears, whatever the stage did.
    package static let secrets = [FakeServers.demoPassword, FakeServers.demoAccessKey, Scenarios.wrongPassword]

    /// Secrets known only once a command runs, such as the learner's key in live mode.
    private static let added = Locked<[String]>([])

    /// Masks `secret` from now on, wherever `masked` is applied, for the rest of the process.
    package static func addSecret(_ secret: String) {
        guard !secret.isEmpty else { return }
        added.withLock { if !$0.contains(secret) { $0.append(secret) } }
    }

    package static func masked(_ text: String) -> String {
        // The longest first, so that a secret holding another is masked whole.
        let all = (secrets + added.withLock { $0 }).sorted { $0.count > $1.count }
        return all.reduce(text) { $0.replacingOccurrences(of: $1, with: mask) }
    }

    /// A header's value as printed: an `Authorization` keeps its scheme (`Client-ID`) readable,
    /// and the credential after it is masked.
    package static func headerValue(_ value: String, named name: String) -> String {
        guard name.caseInsensitiveCompare("Authorization") == .orderedSame else { return masked(value) }
        return value.split(separator: " ").first.map { "\($0) \(mask)" } ?? mask
    }

    /// A logged request as printable lines: method and URL, headers, body.
    package static func lines(for request: RecordedRequest) -> [String] {
        var lines = ["\(request.method) \(request.url.absoluteString)"]
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            lines.append("  \(name): \(headerValue(value, named: name))")
        }
        if let body = request.body, !body.isEmpty {
            lines.append("  body: \(bodyText(body))")
        }
        return lines.map(masked)
    }

    /// The fields of a JSON body that carry a credential.
    package static let secretFields = ["password", "refresh_token", "access_token"]

    /// The body with its credential fields masked; other bodies as text, cut short.
    package static func bodyText(_ body: Data) -> String {
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
