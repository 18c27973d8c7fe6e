// A plain-text table whose cells wrap onto several lines, so six stages fit in 100 columns.

struct Table {
    var header: [String]
    var rows: [[String]]
    /// Each column's width in characters; the last one may be the remainder.
    var widths: [Int]
    /// Lines a cell may take before it is cut with an ellipsis.
    var maxLines = 4
    var separator = "  "

    /// The table as lines of text; a cell that starts with ✓ or ✗ is coloured as an outcome.
    func render(style: Style = .plain) -> String {
        var lines = renderRow(header) { _, text in style.bold(text) }
        lines.append(widths.map { String(repeating: "─", count: $0) }.joined(separator: separator))
        for row in rows {
            lines += renderRow(row) { cell, text in style.colour(text, like: cell) }
        }
        return lines.joined(separator: "\n")
    }

    private func renderRow(_ cells: [String], decorate: (_ cell: String, _ line: String) -> String) -> [String] {
        let wrapped = zip(cells, widths).map { Self.wrap($0, width: $1, maxLines: maxLines) }
        let height = wrapped.map(\.count).max() ?? 1
        return (0..<height).map { line in
            zip(wrapped, zip(cells, widths)).map { pieces, cellAndWidth in
                let (cell, width) = cellAndWidth
                let text = line < pieces.count ? pieces[line] : ""
                let padding = String(repeating: " ", count: max(0, width - text.count))
                return decorate(cell, text) + padding
            }
            .joined(separator: separator)
            .trimmingTrailingSpaces
        }
    }

    /// Words laid into lines of `width`, a new line at each "\n"; a word longer than a line is
    /// cut; at most `maxLines`, the last one ending in "…" when text was left out.
    static func wrap(_ text: String, width: Int, maxLines: Int) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { wrapParagraph(String($0), width: width) }
        guard lines.count > maxLines else { return lines }
        var kept = Array(lines.prefix(maxLines))
        kept[maxLines - 1] = String(kept[maxLines - 1].prefix(width - 1)) + "…"
        return kept
    }

    private static func wrapParagraph(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = String(word)
            while word.count > width {
                if !current.isEmpty {
                    lines.append(current)
                    current = ""
                }
                lines.append(String(word.prefix(width)))
                word = String(word.dropFirst(width))
            }
            if current.isEmpty {
                current = word
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = word
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
