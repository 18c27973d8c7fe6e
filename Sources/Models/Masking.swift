// What a server echoes back. A server may repeat a secret it was sent (a password, a token, a key)
// in its error message: whole, JSON-escaped, or cut short. Every stage masks the server's words
// with this before they reach a screen or a log.
//
// The rule: the secret in each of its forms, any start of it at least `Secret.minimumRun` long,
// and any piece of it twice that long, becomes `•••`. A server or a log that cuts a text keeps its
// start, so that covers a secret cut short. A shorter piece from inside a secret stays: it cannot
// be told from the server's own words. The tour's wrong password, `not-the-password`, ends in the
// word the server's "Invalid username or password" ends in, and masking every piece of 8 would eat
// that word. A password that starts with a word of the sentence still masks that word: with only
// a start, there is no telling.
import Foundation

extension String {
    /// The text with each secret replaced by `•••`: whole as it was sent, or JSON-escaped, any start
    /// of it of `Secret.minimumRun` characters or more, such as a secret a server cut short, and any
    /// piece of it of `Secret.insideRun` or more.
    public func masking(_ secrets: [String]) -> String {
        let text = Array(self)
        // Marked on the text as it came, not masked one secret after another: two tokens that start
        // alike (`popcorn-…`) would otherwise leave the second's tail once the first's start is gone.
        var hidden = [Bool](repeating: false, count: text.count)
        for form in Set(secrets.filter { !$0.isEmpty }.flatMap(Secret.forms)) {
            Secret.mark(Array(form), in: text, &hidden)
        }
        var masked: [Character] = []
        for index in text.indices {
            if !hidden[index] {
                masked.append(text[index])
            } else if index == 0 || !hidden[index - 1] {
                masked += "•••"
            }
        }
        return String(masked)
    }
}

/// The rules for a secret in text, which the stages and the tests share.
public enum Secret {
    /// How long a start of a secret matters: half of it, at least 4 characters and at most 8; all
    /// of a secret shorter than 4. Shorter starts are left, or every `a` of a password `a1` would go.
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

    /// How long a piece from inside a secret must be to count as the secret: twice `minimumRun`.
    /// A word the server wrote is seldom that long; a token's tail, left by a mask that took only
    /// its start, is.
    public static func insideRun(_ secret: [Character]) -> Int {
        2 * minimumRun(secret)
    }

    /// Marks in `hidden` each place where `text` repeats the start of `secret`, `minimumRun`
    /// characters of it or more, or a piece from inside it `insideRun` characters or more.
    static func mark(_ secret: [Character], in text: [Character], _ hidden: inout [Bool]) {
        let least = minimumRun(secret)
        let inside = insideRun(secret)
        for index in text.indices {
            for start in secret.indices where secret[start] == text[index] {
                var length = 0
                while index + length < text.count, start + length < secret.count,
                    text[index + length] == secret[start + length]
                {
                    length += 1
                }
                if length >= (start == 0 ? least : inside) {
                    for covered in index..<index + length { hidden[covered] = true }
                }
            }
        }
    }
}
