// What a server echoes back. A server may repeat a secret it was sent (a password, a token, a key)
// in its error message: whole, JSON-escaped, or cut short. Every stage masks the server's words
// with this before they reach a screen or a log.
import Foundation

extension String {
    /// The text with every piece of each secret that is long enough to matter replaced by `•••`:
    /// the whole secret as it was sent, or JSON-escaped, and any run of it of `Secret.minimumRun`
    /// characters or more, such as what is left of a secret a server cut short.
    public func masking(_ secrets: [String]) -> String {
        var text = Array(self)
        for form in Set(secrets.filter { !$0.isEmpty }.flatMap(Secret.forms)) {
            text = Secret.mask(Array(form), in: text)
        }
        return String(text)
    }
}

/// The rules for a secret in text, which the stages and the tests share.
public enum Secret {
    /// How long a run of a secret matters: half of it, at least 4 characters and at most 8; all of
    /// a secret shorter than 4. Shorter runs are left, or every `a` of a password `a1` would go.
    public static func minimumRun(_ secret: [Character]) -> Int {
        secret.count < 4 ? secret.count : Swift.min(8, Swift.max(4, (secret.count + 1) / 2))
    }

    /// The secret as it is sent, and as a JSON string spells it (`/` escaped or not).
    public static func forms(_ secret: String) -> [String] {
        var escaped = ""
        for scalar in secret.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x20: escaped += String(format: "\\u%04x", scalar.value)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return [secret, escaped, escaped.replacingOccurrences(of: "/", with: "\\/")]
    }

    /// `text` with each run of `secret` of at least `minimumRun` characters replaced, left to right.
    static func mask(_ secret: [Character], in text: [Character]) -> [Character] {
        let least = minimumRun(secret)
        var masked: [Character] = []
        var index = 0
        while index < text.count {
            // The longest run of the secret that starts here.
            var longest = 0
            for start in secret.indices where secret[start] == text[index] {
                var length = 0
                while index + length < text.count, start + length < secret.count,
                    text[index + length] == secret[start + length]
                {
                    length += 1
                }
                longest = Swift.max(longest, length)
            }
            if longest >= least {
                masked += "•••"
                index += longest
            } else {
                masked.append(text[index])
                index += 1
            }
        }
        return masked
    }
}
