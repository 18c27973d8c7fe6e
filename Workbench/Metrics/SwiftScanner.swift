// The lexer behind SourceMetrics: one pass over Swift text that tells code, comments and
// string-literal content apart, so that every count can ignore what the compiler ignores.

/// What a character belongs to, as far as the counts care.
enum CharacterKind: Sendable, Equatable {
    /// Code, including string delimiters and the `\(` and `)` around an interpolation.
    case code
    /// `//`, `///` and `/* */` comments, delimiters included.
    case comment
    /// The text inside a string literal, escapes included.
    case string
}

/// Swift text with every character classified.
struct ScannedSource: Sendable {
    let characters: [Character]
    let kinds: [CharacterKind]

    init(_ text: String) {
        var scanner = SwiftScanner(Array(text))
        scanner.run()
        characters = scanner.characters
        kinds = scanner.kinds
    }

    /// The text with comments and string content blanked to spaces; newlines stay, so that the
    /// rules reading it never see a `{`, `!` or `.dataTask(` the compiler would not.
    var code: [Character] {
        characters.indices.map { index in
            let character = characters[index]
            return kinds[index] == .code || character.isNewline ? character : " "
        }
    }

    /// Each uninterrupted run of string content. An interpolation splits a literal into runs,
    /// and a string nested inside the interpolation is a run of its own.
    var stringRuns: [String] {
        var runs: [String] = []
        var current = ""
        for (character, kind) in zip(characters, kinds) {
            if kind == .string {
                current.append(character)
            } else if !current.isEmpty {
                runs.append(current)
                current = ""
            }
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    /// Lines with at least one visible character outside a comment.
    var codeLineCount: Int {
        var count = 0
        var lineHasCode = false
        for (character, kind) in zip(characters, kinds) {
            if character.isNewline {
                if lineHasCode { count += 1 }
                lineHasCode = false
            } else if !character.isWhitespace && kind != .comment {
                lineHasCode = true
            }
        }
        return lineHasCode ? count + 1 : count
    }
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

    let characters: [Character]
    var kinds: [CharacterKind]
    var index = 0
    var stack: [Context] = [.code(openParens: 0)]

    init(_ characters: [Character]) {
        self.characters = characters
        kinds = Array(repeating: .code, count: characters.count)
    }

    mutating func run() {
        while index < characters.count {
            switch stack[stack.count - 1] {
            case .code(let openParens): scanCode(openParens: openParens)
            case .string(let pounds, let multiline): scanString(pounds: pounds, multiline: multiline)
            }
        }
    }

    // MARK: Code

    mutating func scanCode(openParens: Int) {
        let inInterpolation = stack.count > 1
        switch characters[index] {
        case "/" where peek(1) == "/":
            while index < characters.count && !characters[index].isNewline { mark(1, as: .comment) }
        case "/" where peek(1) == "*":
            scanBlockComment()
        case "\"", "#":
            if let (pounds, quotes) = stringOpening() {
                mark(pounds + quotes, as: .code)
                stack.append(.string(pounds: pounds, multiline: quotes == 3))
            } else {
                mark(1, as: .code)  // `#if`, `#selector`, ...
            }
        case "(" where inInterpolation:
            stack[stack.count - 1] = .code(openParens: openParens + 1)
            mark(1, as: .code)
        case ")" where inInterpolation:
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
        while index < characters.count {
            if characters[index] == "/" && peek(1) == "*" {
                depth += 1
                mark(2, as: .comment)
            } else if characters[index] == "*" && peek(1) == "/" {
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
        let pounds = count(of: "#", from: index)
        guard peek(pounds) == "\"" else { return nil }
        let quotes = peek(pounds + 1) == "\"" && peek(pounds + 2) == "\"" ? 3 : 1
        return (pounds, quotes)
    }

    // MARK: Strings

    mutating func scanString(pounds: Int, multiline: Bool) {
        let quotes = multiline ? 3 : 1
        let character = characters[index]
        // In a raw string, `\` escapes only when followed by the string's own number of `#`.
        if character == "\\" && count(of: "#", from: index + 1) >= pounds {
            if peek(1 + pounds) == "(" {
                mark(pounds + 2, as: .code)  // `\(` or `\#(`: what follows is code
                stack.append(.code(openParens: 0))
            } else {
                mark(pounds + 2, as: .string)  // the backslash, its `#`s and the escaped character
            }
        } else if character == "\"" && closes(quotes: quotes, pounds: pounds) {
            mark(quotes + pounds, as: .code)
            stack.removeLast()
        } else if character.isNewline && !multiline {
            // An unterminated one-line literal: stop at the line's end rather than swallow the file.
            stack.removeLast()
            mark(1, as: .code)
        } else {
            mark(1, as: .string)
        }
    }

    /// Whether the literal ends here: its quotes followed by exactly its number of `#`s.
    func closes(quotes: Int, pounds: Int) -> Bool {
        (0..<quotes).allSatisfy { peek($0) == "\"" } && count(of: "#", from: index + quotes) >= pounds
    }

    // MARK: Helpers

    func peek(_ offset: Int) -> Character? {
        index + offset < characters.count ? characters[index + offset] : nil
    }

    func count(of character: Character, from start: Int) -> Int {
        var end = start
        while end < characters.count && characters[end] == character { end += 1 }
        return end - start
    }

    /// Classifies the next `length` characters and moves past them.
    mutating func mark(_ length: Int, as kind: CharacterKind) {
        for _ in 0..<length where index < characters.count {
            kinds[index] = kind
            index += 1
        }
    }
}
