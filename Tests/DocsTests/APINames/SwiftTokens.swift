// Swift code as the API index reads it: tokens of code whose comments and strings are blanked.
import Foundation

@testable import Metrics

/// One token of Swift code whose comments and string content are blanked.
struct SwiftToken: Sendable, Equatable {
    let text: String
    /// Whether it is the first token on its line.
    let startsLine: Bool
    /// A word that is not a number, told once as the token is read: the index asks it of every token.
    let isIdentifier: Bool
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

    /// The tokens of a name or a call as a page writes it.
    static func of(_ code: String) -> [SwiftToken] { of(Array(code.utf8)) }

    /// The tokens of `code`, blanked code's UTF-8: words (a backticked word is the word), numbers,
    /// `->`, and every other character on its own.
    static func of(_ code: [UInt8]) -> [SwiftToken] {
        var tokens: [SwiftToken] = []
        var index = 0
        var startsLine = true
        func text(_ range: Range<Int>) -> String { String(decoding: code[range], as: UTF8.self) }
        while index < code.count {
            let byte = code[index]
            if byte == .newline {
                startsLine = true
                index += 1
                continue
            }
            if byte.isWhitespace {
                index += 1
                continue
            }
            var end = index + 1
            // A character outside ASCII is one token, all of its bytes.
            while end < code.count, code[end].continuesCharacter { end += 1 }
            var range = index..<end
            var isWord = false
            if TextBytes.isNameByte(byte) {
                // A number keeps its decimal point: `1.5` is one token, `a.b` three.
                while end < code.count,
                    TextBytes.isNameByte(code[end])
                        || (TextBytes.isDigit(byte) && code[end] == UInt8(ascii: ".") && end + 1 < code.count
                            && TextBytes.isDigit(code[end + 1]))
                {
                    end += 1
                }
                range = index..<end
                isWord = !TextBytes.isDigit(byte)
            } else if byte == UInt8(ascii: "`") {
                var close = index + 1
                while close < code.count, TextBytes.isNameByte(code[close]) { close += 1 }
                if close < code.count, code[close] == UInt8(ascii: "`"), close > index + 1 {
                    range = (index + 1)..<close
                    end = close + 1
                    isWord = !TextBytes.isDigit(code[index + 1])
                }
            } else if byte == UInt8(ascii: "-"), end < code.count, code[end] == UInt8(ascii: ">") {
                end += 1
                range = index..<end
            }
            tokens.append(SwiftToken(text: text(range), startsLine: startsLine, isIdentifier: isWord))
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
