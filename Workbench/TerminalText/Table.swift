// A plain-text table whose cells wrap onto several lines. Laid out to a width, its columns share
// the width so that no word is broken while one can fit; when the columns cannot all sit beside
// their row's name, each name takes a line of its own above its row.

package struct Table {
    package var header: [String]
    package var rows: [[String]]
    /// Each column's width in columns, when fixed; `nil` lets `render(fitting:)` choose them.
    package var widths: [Int]?
    package var separator = "  "

    package init(header: [String], rows: [[String]], widths: [Int]? = nil, separator: String = "  ") {
        self.header = header
        self.rows = rows
        self.widths = widths
        self.separator = separator
    }

    /// How the table is drawn at some width.
    package enum Layout: Equatable {
        /// Every column side by side, these wide.
        case sideBySide([Int])
        /// The first column on a line of its own, the others below it, indented, these wide.
        case stacked([Int])
    }

    package static let stackedIndent = "  "

    /// The table at its fixed widths (else at the fallback width); a cell that starts with ✓ or ✗
    /// is coloured as an outcome.
    package func render(style: Style = .plain) -> String {
        guard let widths else { return render(fitting: Terminal.fallbackWidth, style: style) }
        return render(.sideBySide(widths), width: .max, style: style)
    }

    /// The table in at most `width` columns.
    package func render(fitting width: Int, style: Style = .plain) -> String {
        render(layout(for: width), width: width, style: style)
    }

    /// Side by side when that breaks no more words than stacking would, stacked otherwise.
    package func layout(for width: Int) -> Layout {
        let columns = header.indices.map { column in ([header] + rows).map { column < $0.count ? $0[column] : "" } }
        let separatorWidth = TextLayout.width(separator)
        let beside = Self.share(width - separatorWidth * (columns.count - 1), among: columns)
        guard columns.count > 1 else { return .sideBySide(beside) }
        let rest = Array(columns.dropFirst())
        let stacked = Self.share(
            width - TextLayout.width(Self.stackedIndent) - separatorWidth * (rest.count - 1), among: rest)
        let brokenBeside = Self.brokenWords(columns, widths: beside)
        let brokenStacked = Self.brokenWords(rest, widths: stacked)
        return brokenBeside <= brokenStacked ? .sideBySide(beside) : .stacked(stacked)
    }

    /// Widths for columns (each a list of cells) that must share `available` columns: each its
    /// widest line when all fit. Else the narrowest widths at which no cell takes more than one
    /// line, or two, or three…, the first that fit, with the room left shared out; no column is
    /// narrower than its widest word. Else the widest words are cut to one width, the widest that
    /// fits, so that a word too long for one column is broken in all of them alike, and the
    /// columns under that width share what is left.
    package static func share(_ available: Int, among columns: [[String]]) -> [Int] {
        let natural = columns.map { max(1, TextLayout.widestLine($0)) }
        if natural.reduce(0, +) <= available { return natural }
        let words = columns.map { max(1, TextLayout.widestWord($0)) }
        var widths = words
        if words.reduce(0, +) > available {
            var cap = words.max() ?? 1
            while cap > 1, words.map({ min($0, cap) }).reduce(0, +) > available { cap -= 1 }
            widths = words.map { min($0, cap) }
            // What is left goes to the columns under the cap, never to one of those cut to it.
            share(available, to: &widths, growing: widths.indices.filter { words[$0] < cap }, upTo: natural)
            return widths
        }
        var limit = 1
        while true {
            let fitting = columns.indices.map { column in
                (words[column]..<natural[column]).first { width in
                    columns[column].allSatisfy { TextLayout.wrap($0, width: width).count <= limit }
                } ?? natural[column]
            }
            if fitting.reduce(0, +) <= available || fitting == words {
                widths = fitting
                break
            }
            limit += 1
        }
        share(available, to: &widths, growing: Array(widths.indices), upTo: natural)
        return widths
    }

    /// Widens `columns` by one in turn, none past its widest line, until `widths` fill `available`.
    private static func share(_ available: Int, to widths: inout [Int], growing columns: [Int], upTo natural: [Int]) {
        var total = widths.reduce(0, +)
        while total < available, columns.contains(where: { widths[$0] < natural[$0] }) {
            for column in columns where total < available && widths[column] < natural[column] {
                widths[column] += 1
                total += 1
            }
        }
    }

    /// How many words of `columns` are wider than their column.
    private static func brokenWords(_ columns: [[String]], widths: [Int]) -> Int {
        zip(columns, widths).reduce(0) { count, pair in
            let words = pair.0.flatMap { $0.split(whereSeparator: { $0 == " " || $0 == "\n" }) }
            return count + words.filter { TextLayout.width($0) > pair.1 }.count
        }
    }

    private func render(_ layout: Layout, width: Int, style: Style) -> String {
        var lines: [String] = []
        switch layout {
        case .sideBySide(let widths):
            lines += Self.renderRow(header, widths: widths, separator: separator) { _, text in style.bold(text) }
            lines.append(widths.map { String(repeating: "─", count: $0) }.joined(separator: separator))
            for row in rows {
                lines += Self.renderRow(row, widths: widths, separator: separator) { cell, text in
                    style.colour(text, like: cell)
                }
            }
        case .stacked(let widths):
            let indent = Self.stackedIndent
            let rule = TextLayout.width(indent) + widths.reduce(0, +) + TextLayout.width(separator) * (widths.count - 1)
            for row in [header] + rows {
                let isHeader = lines.isEmpty
                let name = row.first ?? ""
                lines += TextLayout.wrap(name, width: width).map { isHeader ? style.bold($0) : $0 }
                lines += Self.renderRow(Array(row.dropFirst()), widths: widths, separator: separator) { cell, text in
                    isHeader ? style.bold(text) : style.colour(text, like: cell)
                }
                .map { indent + $0 }
                if isHeader { lines.append(String(repeating: "─", count: rule)) }
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func renderRow(
        _ cells: [String], widths: [Int], separator: String, decorate: (_ cell: String, _ line: String) -> String
    ) -> [String] {
        let cells = widths.indices.map { $0 < cells.count ? cells[$0] : "" }
        let wrapped = zip(cells, widths).map { TextLayout.wrap($0, width: $1) }
        let height = wrapped.map(\.count).max() ?? 1
        return (0..<height).map { line in
            zip(wrapped, zip(cells, widths)).map { pieces, cellAndWidth in
                let (cell, width) = cellAndWidth
                let text = line < pieces.count ? pieces[line] : ""
                return decorate(cell, text) + String(repeating: " ", count: max(0, width - TextLayout.width(text)))
            }
            .joined(separator: separator)
            .trimmingTrailingSpaces
        }
    }
}

extension String {
    package var trimmingTrailingSpaces: String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
