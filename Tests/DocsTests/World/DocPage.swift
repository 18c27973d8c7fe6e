// A Markdown page cut into what the checks read: its lines, its fenced blocks, the prose around
// them, and the HTML comments the docs use as markers.
import Foundation
import TerminalText

/// A fenced code block (```swift … ```): its language and the lines inside it.
struct FencedBlock: Sendable, Equatable {
    /// Index, in the page's lines, of the opening fence.
    let fenceLine: Int
    /// The first word after the opening fence ("swift", "diff", "mermaid"); empty when there is none.
    let language: String
    /// The lines between the fences, less the opening fence's own indentation.
    let lines: [String]
    /// False when the page ends before the block is closed.
    let closed: Bool
}

/// One page of the docs, parsed once for all the checks.
struct DocPage: Sendable {
    /// The page's path from the package root, such as `docs/03-result.md`.
    let path: String
    let lines: [String]
    let blocks: [FencedBlock]
    /// For each line, whether it belongs to a fenced block, fences included.
    let inBlock: [Bool]
    /// The lines outside fenced blocks, with their indices, and with inline code spans blanked:
    /// text quoted in backticks is an example, not a marker or a link.
    let prose: [(index: Int, text: String)]

    init(path: String, text: String) {
        self.path = path
        let lines = TextLayout.fileLines(text).map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
        self.lines = lines

        var blocks: [FencedBlock] = []
        var inBlock = Array(repeating: false, count: lines.count)
        var index = 0
        while index < lines.count {
            guard let fence = Self.fenceOpening(lines[index]) else {
                index += 1
                continue
            }
            let start = index
            var content: [String] = []
            var closed = false
            inBlock[start] = true
            index += 1
            while index < lines.count {
                inBlock[index] = true
                if Self.closesFence(lines[index], character: fence.character, count: fence.count) {
                    closed = true
                    index += 1
                    break
                }
                content.append(Self.dropIndent(lines[index], upTo: fence.indent))
                index += 1
            }
            blocks.append(FencedBlock(fenceLine: start, language: fence.language, lines: content, closed: closed))
        }
        self.blocks = blocks
        self.inBlock = inBlock
        prose = lines.indices.filter { !inBlock[$0] }.map { ($0, Self.blankingCodeSpans(lines[$0])) }
    }

    /// The block whose opening fence is on line `index`, if any.
    func block(openingAt index: Int) -> FencedBlock? {
        blocks.first { $0.fenceLine == index }
    }

    /// Which paragraph each line outside fenced blocks belongs to; blank lines and blocks separate them.
    var paragraphs: [Int: Int] {
        var result: [Int: Int] = [:]
        var current = 0
        var previousWasText = false
        for index in lines.indices {
            let isText = !inBlock[index] && !lines[index].trimmingSpaces.isEmpty
            if isText {
                if !previousWasText { current += 1 }
                result[index] = current
            }
            previousWasText = isText
        }
        return result
    }

    // MARK: - Markdown rules

    /// A line that opens a fence: up to three spaces, then three or more backticks or tildes.
    static func fenceOpening(_ line: String) -> (indent: Int, character: Character, count: Int, language: String)? {
        let indent = line.prefix { $0 == " " }.count
        guard indent <= 3 else { return nil }
        let rest = line.dropFirst(indent)
        guard let character = rest.first, character == "`" || character == "~" else { return nil }
        let count = rest.prefix { $0 == character }.count
        guard count >= 3 else { return nil }
        let info = rest.dropFirst(count).trimmingSpaces
        // A backtick fence's info string cannot hold a backtick: "```a``" is inline code.
        if character == "`" && info.contains("`") { return nil }
        let language = info.split(separator: " ").first.map(String.init) ?? ""
        return (indent, character, count, language)
    }

    /// A line that closes a fence opened with `count` of `character`.
    static func closesFence(_ line: String, character: Character, count: Int) -> Bool {
        let indent = line.prefix { $0 == " " }.count
        guard indent <= 3 else { return false }
        let rest = line.dropFirst(indent)
        let run = rest.prefix { $0 == character }.count
        return run >= count && rest.dropFirst(run).allSatisfy(\.isWhitespace)
    }

    static func dropIndent(_ line: String, upTo count: Int) -> String {
        String(line.dropFirst(min(count, line.prefix { $0 == " " }.count)))
    }

    /// The line with every `code span` replaced by one space.
    static func blankingCodeSpans(_ line: String) -> String {
        var result = ""
        var rest = Substring(line)
        while let open = rest.firstIndex(of: "`") {
            result += rest[..<open]
            let run = rest[open...].prefix { $0 == "`" }
            let afterRun = rest[run.endIndex...]
            // The span ends at the next run of exactly as many backticks.
            var search = afterRun.startIndex
            var end: Substring.Index?
            while let next = afterRun[search...].firstIndex(of: "`") {
                let closing = afterRun[next...].prefix { $0 == "`" }
                if closing.count == run.count {
                    end = closing.endIndex
                    break
                }
                search = closing.endIndex
            }
            guard let end else {
                // No closing run: the backticks are literal text.
                result += run
                rest = afterRun
                continue
            }
            result += " "
            rest = rest[end...]
        }
        return result + rest
    }

    /// Every `<!-- key: body -->` comment in `line`, with its body and the text just before it.
    static func comments(_ key: String, in line: String) -> [(body: String, before: Substring, whole: Substring)] {
        var found: [(body: String, before: Substring, whole: Substring)] = []
        var searchStart = line.startIndex
        while let open = line.range(of: "<!--", range: searchStart..<line.endIndex),
            let close = line.range(of: "-->", range: open.upperBound..<line.endIndex)
        {
            let inner = line[open.upperBound..<close.lowerBound].trimmingSpaces
            if inner.hasPrefix(key + ":") {
                let body = inner.dropFirst(key.count + 1).trimmingSpaces
                found.append(
                    (body: body, before: line[..<open.lowerBound], whole: line[open.lowerBound..<close.upperBound]))
            }
            searchStart = close.upperBound
        }
        return found
    }

    /// The body of a line that is nothing but one `<!-- key: body -->` comment.
    static func wholeLineComment(_ key: String, in line: String) -> String? {
        let trimmed = line.trimmingSpaces
        guard trimmed.hasPrefix("<!--"), trimmed.hasSuffix("-->") else { return nil }
        let found = comments(key, in: trimmed)
        guard found.count == 1, found[0].whole.count == trimmed.count else { return nil }
        return found[0].body
    }
}
