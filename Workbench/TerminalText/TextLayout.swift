// How many terminal columns text takes, and how to lay it into lines of a given width: prose
// breaks between words, a word too long for any line at its seams (a camelCase hump, `.`, `_`),
// and code keeps every character, its continuations marked ↪.

package enum TextLayout {
    /// Marks a line that carries on the line above it.
    package static let continuation: Character = "↪"

    /// The columns `text` takes in a terminal: two for a wide (CJK, Hangul) character or an emoji,
    /// none for a combining mark, a control or an ANSI colour sequence, one for anything else.
    package static func width(_ text: some StringProtocol) -> Int {
        // Printable ASCII, most of what the workbook prints, takes a column a character: no need to
        // ask Unicode about each one.
        if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return text.utf8.count }
        var total = 0
        var inEscape = false
        var afterEscape = false
        for character in text {
            if afterEscape {
                afterEscape = false
                // `ESC [` opens a sequence that runs to its final letter; a lone ESC takes nothing.
                if character == "[" {
                    inEscape = true
                    continue
                }
            }
            if inEscape {
                if let ascii = character.asciiValue, (0x40...0x7E).contains(ascii) { inEscape = false }
                continue
            }
            if character == "\u{1B}" {
                afterEscape = true
                continue
            }
            total += width(of: character)
        }
        return total
    }

    /// One character's columns (a character is a grapheme cluster: `é` written as `e` and a
    /// combining accent is one, and so is a flag or a family emoji).
    package static func width(of character: Character) -> Int {
        if let ascii = character.asciiValue { return (0x20..<0x7F).contains(ascii) ? 1 : 0 }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .control, .format: return 0
        default: break
        }
        if first.properties.isEmojiPresentation { return 2 }
        // A text-style symbol asked to look like an emoji, such as ⚠️, is drawn as one.
        if first.properties.isEmoji, scalars.contains("\u{FE0F}") { return 2 }
        return isWide(first.value) ? 2 : 1
    }

    /// East Asian Wide and Fullwidth ranges: Hangul, CJK, kana, fullwidth forms.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2329, 0x232A, 0x2E80...0x303E, 0x3041...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
            0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default: false
        }
    }

    /// `text` cut at each "\n", as `components(separatedBy: "\n")` cuts it: a line a file or a
    /// command's output holds. Read as bytes, since compare cuts whole stages into lines.
    package static func lines(_ text: String) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            var lines: [String] = []
            var start = 0
            for index in 0..<bytes.count where bytes[index] == UInt8(ascii: "\n") {
                lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                start = index + 1
            }
            lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
            return lines
        }
    }

    /// A file's lines, as an editor numbers them: the newline that ends the last line starts none.
    package static func fileLines(_ text: String) -> [String] {
        var lines = lines(text)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// `text` padded with spaces to `width` columns.
    package static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - Self.width(text)))
    }

    // MARK: - Prose

    /// Words laid into lines of at most `width` columns, a new line at each "\n". A word wider
    /// than a whole line, and only such a word, is broken at its seams (see `split`).
    package static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
            wrapParagraph($0, width: width)
        }
    }

    /// `text` wrapped to `width`, its first line after `first` and the others after `rest`
    /// (prefixes as wide as each other, such as a label and the spaces under it).
    package static func wrap(_ text: String, width: Int, first: String, rest: String) -> [String] {
        let lines = wrap(text, width: width - Self.width(first))
        return lines.enumerated().map { ($0.offset == 0 ? first : rest) + $0.element }
    }

    private static func wrapParagraph(_ text: Substring, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        for word in text.split(separator: " ") {
            var word = String(word)
            var wordWidth = Self.width(word)
            if !current.isEmpty, currentWidth + 1 + wordWidth <= width {
                current += " " + word
                currentWidth += 1 + wordWidth
                continue
            }
            if !current.isEmpty { lines.append(current) }
            while wordWidth > width {
                let (head, tail) = split(word, within: width)
                lines.append(head)
                word = tail
                wordWidth = Self.width(word)
            }
            current = word
            currentWidth = wordWidth
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }

    /// The widest word among `texts`: the narrowest column that breaks none of them.
    package static func widestWord(_ texts: [String]) -> Int {
        texts.flatMap { $0.split(whereSeparator: { $0 == " " || $0 == "\n" }) }.map { width($0) }.max() ?? 0
    }

    /// The widest line among `texts`, each split at "\n".
    package static func widestLine(_ texts: [String]) -> Int {
        texts.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }.map { width($0) }.max() ?? 0
    }

    /// A word too wide for `width` cut in two: the head as wide as fits, ending at the last seam
    /// that fits, a mark before a hump (after `_ - / , & ? ; :`, before `.` or `(`, then a
    /// camelCase hump), or, when none does, at the width itself. The head holds a character at least.
    package static func split(_ word: String, within width: Int) -> (head: String, tail: String) {
        let characters = Array(word)
        let end = fittingEnd(characters, from: 0, width: width)
        let cut = lastSeam(characters, from: 1, through: end) ?? end
        return (String(characters[..<cut]), String(characters[cut...]))
    }

    /// The last cut from `low` through `high` where a word may break: after or before a mark if
    /// any, else at a hump.
    private static func lastSeam(_ characters: [Character], from low: Int, through high: Int) -> Int? {
        let low = max(1, low)
        let high = min(characters.count - 1, high)
        return lastCut(from: low, through: high) { seam(characters, at: $0) == .mark }
            ?? lastCut(from: low, through: high) { seam(characters, at: $0) == .hump }
    }

    /// The last index from `low` through `high` that `isCut` takes. A plain loop: in the suite's
    /// unoptimized build, a range's `filter` or `last(where:)` costs more than the test it serves.
    private static func lastCut(from low: Int, through high: Int, where isCut: (Int) -> Bool) -> Int? {
        var cut = high
        while cut >= low {
            if isCut(cut) { return cut }
            cut -= 1
        }
        return nil
    }

    private enum Seam { case mark, hump }

    /// Whether, and how well, a word may break before `characters[index]`.
    private static func seam(_ characters: [Character], at index: Int) -> Seam? {
        let before = characters[index - 1]
        let here = characters[index]
        if "_-/,&?;:".contains(before) { return .mark }
        if here == "." || here == "(" { return before == here ? nil : .mark }
        if here.isUppercase, before.isLowercase || before.isNumber { return .hump }
        // The end of an acronym: NSURL|Error.
        if here.isUppercase, before.isUppercase, index + 1 < characters.count, characters[index + 1].isLowercase {
            return .hump
        }
        return nil
    }

    /// The end of the longest run from `start` that fits in `width` columns: at least one character.
    private static func fittingEnd(_ characters: [Character], from start: Int, width: Int) -> Int {
        var used = 0
        var end = start
        while end < characters.count {
            let next = Self.width(of: characters[end])
            if used + next > width, end > start { break }
            used += next
            end += 1
        }
        return end
    }

    // MARK: - Code

    /// A line of code cut into pieces that put together are the line, character for character:
    /// the first at most `first` columns, the others at most `rest`. Each cut comes before a
    /// space when one fits, else at a word's seam (see `split`), else at the width.
    package static func pieces(_ line: String, first: Int, rest: Int) -> [String] {
        let characters = Array(line)
        var pieces: [String] = []
        var start = 0
        var limit = max(1, first)
        while start < characters.count {
            let end = fittingEnd(characters, from: start, width: limit)
            guard end < characters.count else {
                pieces.append(String(characters[start...]))
                break
            }
            // A piece holds more than indentation, so that a cut never leaves a line of spaces.
            var text = start
            while text < characters.count, characters[text] == " " { text += 1 }
            let low = text + 1
            let beforeSpace = lastCut(from: low, through: end) { characters[$0] == " " && characters[$0 - 1] != " " }
            let cut = beforeSpace ?? lastSeam(characters, from: low, through: end) ?? end
            pieces.append(String(characters[start..<cut]))
            start = cut
            limit = max(1, rest)
        }
        return pieces.isEmpty ? [""] : pieces
    }

    /// A line of code laid into lines of `width`: the first as it begins, each continuation
    /// indented as the line is and marked ↪, so that no character is lost and none is mistaken
    /// for a line of its own.
    package static func codeLines(_ line: String, width: Int) -> [String] {
        let width = max(4, width)
        // Most lines are printable ASCII that fits: one line, with no need to look at each character.
        if line.utf8.count <= width, line.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return [line] }
        let indent = min(line.prefix { $0 == " " }.count + 2, width / 2)
        let lead = String(repeating: " ", count: indent) + String(continuation)
        let pieces = pieces(line, first: width, rest: width - indent - 1)
        return [pieces[0]] + pieces.dropFirst().map { lead + $0 }
    }
}
