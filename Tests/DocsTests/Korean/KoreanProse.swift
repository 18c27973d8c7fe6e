// A Korean page's prose as a reader reads it: each paragraph's lines joined again, so a phrase that
// a Markdown line wrap splits is one phrase for the checks, with the code spans it quotes marked.
import Foundation
import Locking

/// One paragraph, list item, table row or heading of a page, as it reads.
struct ProseUnit: Sendable {
    /// The unit's text: its lines joined with "\n", each without its indentation, the `<!-- … -->`
    /// markers and the link targets taken out (a reader sees neither).
    let text: String
    /// Where each line starts in `text`, in UTF-16 offsets, with its 1-based line on the page.
    let lineStarts: [(offset: Int, line: Int)]
    /// The code spans of `text`, backticks included, in UTF-16 ranges.
    let codeSpans: [NSRange]
    /// A heading, which names a thing rather than saying it.
    let isTitle: Bool

    /// The page line of the UTF-16 offset `offset` in `text`.
    func line(at offset: Int) -> Int {
        lineStarts.last { $0.offset <= offset }?.line ?? lineStarts[0].line
    }

    /// Whether `range` lies inside one code span: code is quoted, not said.
    func isCode(_ range: NSRange) -> Bool {
        codeSpans.contains { NSIntersectionRange($0, range).length == range.length }
    }
}

enum KoreanProse {
    private static let marker = try? NSRegularExpression(pattern: "<!--.*?-->")
    private static let linkTarget = try? NSRegularExpression(pattern: #"\]\([^)\s]*\)"#)

    /// The units of `page` outside fenced blocks, in order. A blank line, a fence, a marker alone on
    /// its line, a heading, a table row and a new list item each begin a new unit.
    static func units(of page: DocPage) -> [ProseUnit] {
        // Each Korean check reads every Korean page's units: made once for each page's text (a
        // self-test's page may share a path with another).
        made.remembered(page.lines) { makeUnits(of: page) }
    }

    private static let made = Locked<[[String]: [ProseUnit]]>([:])

    private static func makeUnits(of page: DocPage) -> [ProseUnit] {
        var units: [ProseUnit] = []
        var text = ""
        var starts: [(offset: Int, line: Int)] = []
        var spans: [NSRange] = []
        var title = false
        func close() {
            if !starts.isEmpty {
                units.append(ProseUnit(text: text, lineStarts: starts, codeSpans: spans, isTitle: title))
            }
            text = ""
            starts = []
            spans = []
            title = false
        }
        for (index, raw) in page.lines.enumerated() {
            guard !page.inBlock[index] else {
                close()
                continue
            }
            let line = readable(raw).trimmingSpaces
            guard !line.isEmpty else {
                close()
                continue
            }
            let heading = line.hasPrefix("#")
            if heading || line.hasPrefix("|") || startsListItem(line) || title { close() }
            if !starts.isEmpty { text += "\n" }
            let offset = (text as NSString).length
            starts.append((offset, index + 1))
            spans += codeSpans(in: line).map { NSRange(location: $0.location + offset, length: $0.length) }
            text += line
            title = heading
            if line.hasPrefix("|") { close() }
        }
        close()
        return units
    }

    /// `line` without its markers and link targets.
    static func readable(_ line: String) -> String {
        var text = line
        // The expressions only where they can match: most lines hold neither.
        if let marker, line.contains("<!--") {
            text = marker.stringByReplacingMatches(
                in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "")
        }
        if let linkTarget, text.contains("](") {
            text = linkTarget.stringByReplacingMatches(
                in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "]")
        }
        return text
    }

    static func startsListItem(_ line: String) -> Bool {
        line.hasPrefix("- ") || line.hasPrefix("* ") || line.hasPrefix("+ ")
            || (line.first?.isASCII == true && line.first?.isNumber == true
                && line.range(of: #"^[0-9]+\. "#, options: .regularExpression) != nil)
    }

    /// The UTF-16 ranges of the code spans of one line, backticks included: a run of backticks up to
    /// the next run of as many, as `DocPage.blankingCodeSpans` reads them.
    static func codeSpans(in line: String) -> [NSRange] {
        let units = Array(line.utf16)
        let tick = UInt16(UInt8(ascii: "`"))
        func run(at index: Int) -> Int {
            var end = index
            while end < units.count && units[end] == tick { end += 1 }
            return end - index
        }
        var spans: [NSRange] = []
        var index = 0
        while index < units.count {
            guard units[index] == tick else {
                index += 1
                continue
            }
            let open = run(at: index)
            var search = index + open
            var closing: Int?
            while search < units.count {
                guard units[search] == tick else {
                    search += 1
                    continue
                }
                let length = run(at: search)
                if length == open {
                    closing = search + length
                    break
                }
                search += length
            }
            guard let closing else {
                index += open
                continue
            }
            spans.append(NSRange(location: index, length: closing - index))
            index = closing
        }
        return spans
    }
}
