// Swift code as the API index reads it: tokens of code whose comments and strings are blanked.
import Foundation

/// One token of Swift code whose comments and string content are blanked.
struct SwiftToken: Sendable, Equatable {
    let text: String
    /// Whether it is the first token on its line.
    let startsLine: Bool

    var isIdentifier: Bool { SwiftTokens.isIdentifier(text) }
}

enum SwiftTokens {
    /// Each opening bracket, with the token that closes it.
    static let openers: [String: String] = ["(": ")", "[": "]", "<": ">", "{": "}"]
    static let closers: Set<String> = [")", "]", ">", "}"]

    /// A word: a letter or `_`, then letters, digits and `_`, in ASCII as the style requires.
    static func isIdentifier(_ text: some StringProtocol) -> Bool {
        guard let first = text.first, first == "_" || (first.isASCII && first.isLetter) else { return false }
        return text.allSatisfy(isWordCharacter)
    }

    static func isWordCharacter(_ character: Character) -> Bool {
        character == "_" || (character.isASCII && (character.isLetter || character.isNumber))
    }

    /// The tokens of `code`: words (a backticked word is the word), numbers, `->`, and every other
    /// character on its own.
    static func of(_ code: String) -> [SwiftToken] {
        let characters = Array(code)
        var tokens: [SwiftToken] = []
        var index = 0
        var startsLine = true
        while index < characters.count {
            let character = characters[index]
            if character.isNewline {
                startsLine = true
                index += 1
                continue
            }
            if character.isWhitespace {
                index += 1
                continue
            }
            var end = index + 1
            var text = String(character)
            if isWordCharacter(character) {
                // A number keeps its decimal point: `1.5` is one token, `a.b` three.
                while end < characters.count,
                    isWordCharacter(characters[end])
                        || (character.isNumber && characters[end] == "." && end + 1 < characters.count
                            && characters[end + 1].isNumber)
                {
                    end += 1
                }
                text = String(characters[index..<end])
            } else if character == "`" {
                var close = index + 1
                while close < characters.count, isWordCharacter(characters[close]) { close += 1 }
                if close < characters.count, characters[close] == "`", close > index + 1 {
                    text = String(characters[(index + 1)..<close])
                    end = close + 1
                }
            } else if character == "-", index + 1 < characters.count, characters[index + 1] == ">" {
                text = "->"
                end = index + 2
            }
            tokens.append(SwiftToken(text: text, startsLine: startsLine))
            startsLine = false
            index = end
        }
        return tokens
    }

    /// The index of the token that closes the bracket opening at `index`. A closer that matches
    /// no open bracket, such as the `>` of a comparison, is passed over; one that matches an outer
    /// bracket closes the inner ones too.
    static func closing(_ tokens: [SwiftToken], from index: Int) -> Int? {
        var expected: [String] = []
        for position in index..<tokens.count {
            let text = tokens[position].text
            if let closer = openers[text] {
                expected.append(closer)
            } else if closers.contains(text), let match = expected.lastIndex(of: text) {
                expected.removeSubrange(match...)
                if expected.isEmpty { return position }
            }
        }
        return nil
    }
}
