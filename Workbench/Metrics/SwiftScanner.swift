// The lexer behind SourceMetrics: one pass over Swift text that tells code, comments and
// string-literal content apart, so that every count can ignore what the compiler ignores.
// It reads UTF-8 bytes: every character the rules look for is ASCII, and a byte comparison is
// far cheaper than a `Character` one, which the docs checks pay on every source of the package.

/// What a character belongs to, as far as the counts care.
enum CharacterKind: Sendable, Equatable {
    /// Code, including string delimiters and the `\(` and `)` around an interpolation.
    case code
    /// `//`, `///` and `/* */` comments, delimiters included.
    case comment
    /// The text inside a string literal, escapes included.
    case string
}

/// Swift text with every byte of its UTF-8 classified.
struct ScannedSource: Sendable {
    let bytes: [UInt8]
    let kinds: [CharacterKind]

    init(_ text: String) {
        var scanner = SwiftScanner(Array(text.utf8))
        scanner.run()
        bytes = scanner.bytes
        kinds = scanner.kinds
    }

    /// The text with comments and string content blanked to spaces, one space for each character
    /// (a byte that continues a character's UTF-8 is dropped); newlines stay, so that the rules
    /// reading it never see a `{`, `!` or `.dataTask(` the compiler would not.
    var code: [UInt8] {
        // Index loops over buffers: the suite runs unoptimized, where zipping two arrays costs
        // a generic call for every byte of every source.
        bytes.withUnsafeBufferPointer { bytes in
            kinds.withUnsafeBufferPointer { kinds in
                var code: [UInt8] = []
                code.reserveCapacity(bytes.count)
                for index in 0..<bytes.count {
                    let byte = bytes[index]
                    if case .code = kinds[index] {
                        code.append(byte)
                    } else if byte == .newline {
                        code.append(byte)
                    } else if byte & 0xC0 != 0x80 {
                        code.append(.space)
                    }
                }
                return code
            }
        }
    }

    /// Each uninterrupted run of string content. An interpolation splits a literal into runs,
    /// and a string nested inside the interpolation is a run of its own.
    var stringRuns: [String] {
        var runs: [String] = []
        var start: Int?
        for index in 0...bytes.count {
            let inString: Bool
            if index < bytes.count, case .string = kinds[index] { inString = true } else { inString = false }
            if inString, start == nil {
                start = index
            } else if !inString, let first = start {
                runs.append(String(decoding: bytes[first..<index], as: UTF8.self))
                start = nil
            }
        }
        return runs
    }

    /// Lines with at least one visible character outside a comment.
    var codeLineCount: Int {
        var count = 0
        var lineHasCode = false
        for index in bytes.indices {
            let byte = bytes[index]
            if byte == .newline {
                if lineHasCode { count += 1 }
                lineHasCode = false
            } else if !byte.isWhitespace, kinds[index] != .comment {
                lineHasCode = true
            }
        }
        return lineHasCode ? count + 1 : count
    }
}

extension UInt8 {
    static let newline = UInt8(ascii: "\n")
    static let space = UInt8(ascii: " ")

    /// Space, tab, and the ends of lines: what separates code.
    var isWhitespace: Bool {
        self == .space || self == .newline || self == UInt8(ascii: "\t") || self == UInt8(ascii: "\r")
            || self == 0x0B || self == 0x0C
    }

    /// A byte after the first of a character's UTF-8 (`10xxxxxx`).
    var continuesCharacter: Bool { self & 0xC0 == 0x80 }
}

/// The state machine: a stack of contexts, because a string can hold an interpolation that
/// holds a string, and so on.
private struct SwiftScanner {
    enum Context {
        /// Top-level code, or the expression of an interpolation. `openParens` counts the
        /// interpolation's own `(`, so that only its matching `)` ends it.
        case code(openParens: Int)
        /// Inside a literal opened with `pounds` `#` signs, with `"` or `"""`.
        case string(pounds: Int, multiline: Bool)
    }

    let bytes: [UInt8]
    var kinds: [CharacterKind]
    var index = 0
    var stack: [Context] = [.code(openParens: 0)]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        kinds = Array(repeating: .code, count: bytes.count)
    }

    mutating func run() {
        while index < bytes.count {
            switch stack[stack.count - 1] {
            case .code(let openParens): scanCode(openParens: openParens)
            case .string(let pounds, let multiline): scanString(pounds: pounds, multiline: multiline)
            }
        }
    }

    // MARK: Code

    mutating func scanCode(openParens: Int) {
        // Most bytes are plain code, which every byte starts as: nothing to mark.
        let byte = bytes[index]
        if !Self.mayOpenOrClose[Int(byte)] {
            index += 1
            return
        }
        let inInterpolation = stack.count > 1
        switch byte {
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
            while index < bytes.count && bytes[index] != .newline { mark(1, as: .comment) }
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
            scanBlockComment()
        case UInt8(ascii: "\""), UInt8(ascii: "#"):
            if let (pounds, quotes) = stringOpening() {
                mark(pounds + quotes, as: .code)
                stack.append(.string(pounds: pounds, multiline: quotes == 3))
            } else {
                mark(1, as: .code)  // `#if`, `#selector`, ...
            }
        case UInt8(ascii: "(") where inInterpolation:
            stack[stack.count - 1] = .code(openParens: openParens + 1)
            mark(1, as: .code)
        case UInt8(ascii: ")") where inInterpolation:
            if openParens == 0 {
                stack.removeLast()  // the `)` that closes `\(`: back into the string
            } else {
                stack[stack.count - 1] = .code(openParens: openParens - 1)
            }
            mark(1, as: .code)
        default:
            mark(1, as: .code)
        }
    }

    /// Swift block comments nest: `/* a /* b */ c */` is one comment.
    mutating func scanBlockComment() {
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "*") {
                depth += 1
                mark(2, as: .comment)
            } else if bytes[index] == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/") {
                depth -= 1
                mark(2, as: .comment)
                if depth == 0 { return }
            } else {
                mark(1, as: .comment)
            }
        }
    }

    /// At `#`s followed by `"` or `"""`: how many of each; nil when no string starts here.
    func stringOpening() -> (pounds: Int, quotes: Int)? {
        let pounds = count(of: UInt8(ascii: "#"), from: index)
        guard peek(pounds) == UInt8(ascii: "\"") else { return nil }
        let quotes = peek(pounds + 1) == UInt8(ascii: "\"") && peek(pounds + 2) == UInt8(ascii: "\"") ? 3 : 1
        return (pounds, quotes)
    }

    // MARK: Strings

    mutating func scanString(pounds: Int, multiline: Bool) {
        let quotes = multiline ? 3 : 1
        let byte = bytes[index]
        // In a raw string, `\` escapes only when followed by the string's own number of `#`.
        if byte == UInt8(ascii: "\\") && count(of: UInt8(ascii: "#"), from: index + 1) >= pounds {
            if peek(1 + pounds) == UInt8(ascii: "(") {
                mark(pounds + 2, as: .code)  // `\(` or `\#(`: what follows is code
                stack.append(.code(openParens: 0))
            } else {
                // The backslash, its `#`s and the escaped character, whole.
                mark(pounds + 1, as: .string)
                markCharacter(as: .string)
            }
        } else if byte == UInt8(ascii: "\"") && closes(quotes: quotes, pounds: pounds) {
            mark(quotes + pounds, as: .code)
            stack.removeLast()
        } else if byte == .newline && !multiline {
            // An unterminated one-line literal: stop at the line's end rather than swallow the file.
            stack.removeLast()
            mark(1, as: .code)
        } else {
            mark(1, as: .string)
        }
    }

    /// Whether the literal ends here: its quotes followed by exactly its number of `#`s.
    func closes(quotes: Int, pounds: Int) -> Bool {
        (0..<quotes).allSatisfy { peek($0) == UInt8(ascii: "\"") }
            && count(of: UInt8(ascii: "#"), from: index + quotes) >= pounds
    }

    /// The bytes `scanCode` looks at: `/` (a comment), `"` and `#` (a string), and the parentheses
    /// of an interpolation.
    static let mayOpenOrClose: [Bool] = (0...255).map { byte in
        [UInt8(ascii: "/"), UInt8(ascii: "\""), UInt8(ascii: "#"), UInt8(ascii: "("), UInt8(ascii: ")")]
            .contains(UInt8(byte))
    }

    // MARK: Helpers

    func peek(_ offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    func count(of byte: UInt8, from start: Int) -> Int {
        var end = start
        while end < bytes.count && bytes[end] == byte { end += 1 }
        return end - start
    }

    /// Classifies the next `length` bytes and moves past them.
    mutating func mark(_ length: Int, as kind: CharacterKind) {
        let end = min(index + length, bytes.count)
        while index < end {
            kinds[index] = kind
            index += 1
        }
    }

    /// Classifies the character at `index`, every byte of its UTF-8, and moves past it.
    mutating func markCharacter(as kind: CharacterKind) {
        mark(1, as: kind)
        while index < bytes.count && bytes[index].continuesCharacter { mark(1, as: kind) }
    }
}
