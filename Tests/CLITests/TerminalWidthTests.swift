// The command line fits the terminal: the width rule, the display width of text, wrapping that
// breaks no word that fits, and every command's output within 60, 80 and 200 columns. The width
// is handed to each command, so no test touches the environment.
import FakeTurns
import Fixtures
import Foundation
import Harness
import Ladder
import Locking
import TerminalText
import Testing
import WorkbookCommand

@testable import CLI

/// What a command printed at `width`, line by line, without colour; `wrapsDiffs` false is a file
/// or a pipe.
/// Runs a command and keeps what it printed, without colour, at `width`.
func printed(_ command: Command, width: Int, wrapsDiffs: Bool = true) async throws -> [String] {
    let lines = Locked<[String]>([])
    try await Workbook(style: .plain, width: width, wrapsDiffs: wrapsDiffs) { text in
        lines.withLock { $0 += TextLayout.lines(text) }
    }
    .run(command)
    return lines.withLock { $0 }
}

/// The lines wider than `width`, to name in a failure.
private func overflowing(_ lines: [String], _ width: Int) -> [String] {
    lines.filter { TextLayout.width($0) > width }
}

@Suite("Terminal width", .busyLane)
struct TerminalWidthTests {
    @Test("COLUMNS wins when it is a positive whole number; else the terminal's width; else 80")
    func widthRule() {
        #expect(Terminal.width(columns: "120", terminalColumns: 90) == 120)
        #expect(Terminal.width(columns: "0", terminalColumns: 90) == 90)
        #expect(Terminal.width(columns: "-5", terminalColumns: 90) == 90)
        #expect(Terminal.width(columns: "wide", terminalColumns: 90) == 90)
        #expect(Terminal.width(columns: "", terminalColumns: 90) == 90)
        #expect(Terminal.width(columns: nil, terminalColumns: 132) == 132)
        #expect(Terminal.width(columns: nil, terminalColumns: 0) == 80)
        #expect(Terminal.width(columns: nil, terminalColumns: nil) == 80)
        #expect(Terminal.width(columns: "abc", terminalColumns: nil) == 80)
        #expect(Terminal.width(columns: nil, terminalColumns: nil, fallback: .max) == .max, "kata's whole lines")
        #expect(Terminal.width(columns: "100", terminalColumns: nil, fallback: .max) == 100)
    }

    @Test(
        "display width: wide characters and emoji take two columns, combining marks and colour codes none",
        arguments: [
            ("plain", 5), ("", 0), ("한국어", 6), ("漢字", 4), ("カタカナ", 8), ("Ａ", 2), ("😀", 2), ("👨‍👩‍👧", 2),
            ("🇰🇷", 2), ("e\u{301}", 1), ("\u{301}", 0), ("\u{1112}\u{1161}\u{11AB}", 2), ("⚠", 1), ("⚠\u{FE0F}", 2),
            ("✓ ✗ … • ─ │ ↪", 13), ("\u{1B}[1mbold\u{1B}[0m", 4), ("a\u{200B}b", 2), ("커피 coffee", 11),
        ])
    func displayWidth(text: String, columns: Int) {
        #expect(TextLayout.width(text) == columns)
    }

    @Test("a word that fits a line is never broken; one that cannot fit breaks at a hump, a mark, or at last anywhere")
    func wordBreaking() {
        #expect(TextLayout.wrap("tooManyRequests", width: 15) == ["tooManyRequests"])
        #expect(TextLayout.wrap("a tooManyRequests", width: 16) == ["a", "tooManyRequests"])
        #expect(TextLayout.wrap("tooManyRequests", width: 12) == ["tooMany", "Requests"])
        #expect(TextLayout.wrap("unexpectedStatus", width: 12) == ["unexpected", "Status"])
        #expect(TextLayout.wrap("NSURLErrorDomain", width: 12) == ["NSURLError", "Domain"])
        #expect(TextLayout.wrap("X-Ratelimit-Remaining:", width: 14) == ["X-Ratelimit-", "Remaining:"])
        #expect(TextLayout.wrap("Stage1Hardcoded.swift", width: 16) == ["Stage1Hardcoded", ".swift"])
        #expect(TextLayout.wrap("snake_case_name", width: 8) == ["snake_", "case_", "name"])
        #expect(TextLayout.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        // Wide characters are counted as two columns, and never split in half.
        #expect(TextLayout.wrap("커피 한잔 주세요", width: 9) == ["커피 한잔", "주세요"])
        #expect(TextLayout.wrap("가나다라", width: 5) == ["가나", "다라"])
    }

    @Test("a line of code laid into a width loses no character, and each piece fits")
    func codeLines() throws {
        let sources = try SourceFiles.sourcesDirectory()
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter {
            $0.hasPrefix("Stage")
        }
        // Each distinct line once: the stages repeat one another on purpose, and how a line is laid
        // out does not depend on where it stands.
        let lines = Set(try modules.flatMap { try SourceFiles.module($0) }.flatMap(\.lines)).sorted()
        #expect(lines.count > 1000)
        // One expectation per width, naming the lines that break a rule: an `#expect` per line,
        // thousands of them, would cost more than the layout it checks.
        for width in [20, 36, 60] {
            let wrong = lines.filter { line in
                let laid = TextLayout.codeLines(line, width: width)
                let pieces = [laid[0]] + laid.dropFirst().map { String($0.drop { $0 == " " }.dropFirst()) }
                return !laid.allSatisfy { TextLayout.width($0) <= width }
                    || !laid.dropFirst().allSatisfy { $0.drop { $0 == " " }.first == TextLayout.continuation }
                    || pieces.joined() != line
            }
            #expect(wrong.isEmpty, "at \(width) columns: \(wrong.prefix(3))")
        }
    }
}

// MARK: - Every command within the width

/// The lines a compare output shows as removed and as added, each put back together from the
/// pieces a narrow column cut it into, in the order printed.
private struct ChangedLines: Equatable {
    var removed: [String] = []
    var added: [String] = []

    /// `line`'s text after a continuation mark, or nil when `line` starts a line of its own.
    static func continued(_ text: String) -> String? {
        let rest = text.drop { $0 == " " }
        return rest.first == TextLayout.continuation ? String(rest.dropFirst()) : nil
    }

    /// From a unified diff (`--unified`, or the fallback of a narrow side by side).
    init(unified lines: [String]) {
        var last: Character?
        for line in lines {
            if ["--- a/", "--- /dev/null", "+++ b/", "+++ /dev/null", "@@ -"].contains(where: line.hasPrefix) {
                continue
            }
            guard let mark = line.first, "+- ".contains(mark) else { continue }
            let text = String(line.dropFirst())
            if let rest = Self.continued(text) {
                if last == "-" { removed[removed.count - 1] += rest }
                if last == "+" { added[added.count - 1] += rest }
                continue
            }
            if mark == "-" { removed.append(text) }
            if mark == "+" { added.append(text) }
            last = mark
        }
    }

    /// From the side-by-side form, whose two columns are `column` wide.
    init(sideBySide lines: [String], column: Int) {
        enum Section { case added, removed, changed, other }
        var section = Section.other
        var rowMark: Character?
        for line in lines {
            if !line.hasPrefix("  ") {
                if line.hasPrefix("+ "), line.contains(": new in stage ") {
                    section = .added
                } else if line.hasPrefix("- "), line.contains(": gone in stage ") {
                    section = .removed
                } else {
                    section = line.hasPrefix("~ ") ? .changed : .other
                }
                continue
            }
            let row = String(line.dropFirst(2))
            switch section {
            case .added, .removed:
                let text = String(row.dropFirst(2))
                if let rest = Self.continued(text) {
                    if section == .added { added[added.count - 1] += rest } else { removed[removed.count - 1] += rest }
                } else if section == .added {
                    added.append(text)
                } else {
                    removed.append(text)
                }
            case .changed:
                if row.drop(while: { $0 == " " }).hasPrefix("⋯ ") { continue }
                let mark = row.first ?? " "
                let left = Self.columns(row, from: 2, to: 2 + column).trimmingTrailingSpaces
                let right = Self.columns(row, from: 2 + column + 3, to: .max)
                let leftRest = Self.continued(left)
                let rightRest = Self.continued(right)
                if leftRest == nil && rightRest == nil {
                    rowMark = mark
                    if "-~".contains(mark) { removed.append(left) }
                    if "+~".contains(mark) { added.append(right) }
                    continue
                }
                if let leftRest, rowMark.map({ "-~".contains($0) }) == true { removed[removed.count - 1] += leftRest }
                if let rightRest, rowMark.map({ "+~".contains($0) }) == true { added[added.count - 1] += rightRest }
            case .other:
                continue
            }
        }
    }

    /// The characters of `text` from display column `start` up to `end`.
    static func columns(_ text: String, from start: Int, to end: Int) -> String {
        var column = 0
        var kept = ""
        for character in text {
            if column >= start && column < end { kept.append(character) }
            column += TextLayout.width(of: character)
        }
        return kept
    }
}

@Suite("Compare and metrics within the width", .busyLane)
struct FittedCompareTests {
    /// Each step of the ladder, the whole ladder, and one pair backwards. Not every pair: diffing
    /// is synchronous work, and the other checks on the busy lane wait for it.
    static let pairs = Array(zip(Ladder.numbers, Ladder.numbers.dropFirst())) + [wholeLadder, (4, 3)]
    /// The first stage against the top one (`Ladder.top`).
    static let wholeLadder = (Ladder.numbers[0], Ladder.top.number)
    /// The step to the top.
    static let lastStep = (Ladder.numbers[Ladder.numbers.count - 2], Ladder.top.number)

    /// The lines `compare old new` changes, from its unified diff with no width to cut them; made
    /// once for each pair, which both width checks ask for.
    private static func truth(_ old: Int, _ new: Int) async throws -> ChangedLines {
        if let known = truths.withLock({ $0["\(old) \(new)"] }) { return known }
        let truth = ChangedLines(unified: try await printed(.compare(old, new, unified: true), width: 100_000))
        truths.withLock { $0["\(old) \(new)"] = truth }
        return truth
    }

    private static let truths = Locked<[String: ChangedLines]>([:])

    @Test("compare, side by side and unified, keeps within 80 columns and shows every changed line", arguments: pairs)
    func compareAt80(old: Int, new: Int) async throws {
        let truth = try await Self.truth(old, new)
        #expect(
            !truth.removed.isEmpty || !truth.added.isEmpty,
            "compare \(old) \(new) shows no changed line: stage \(new)'s folder under Sources/ is stage \(old)'s")
        let sideBySide = try await printed(.compare(old, new, unified: false), width: 80)
        #expect(overflowing(sideBySide, 80).isEmpty, "\(overflowing(sideBySide, 80))")
        #expect(ChangedLines(sideBySide: sideBySide, column: Diff.columnWidth(for: 78)) == truth)
        let unified = try await printed(.compare(old, new, unified: true), width: 80)
        #expect(overflowing(unified, 80).isEmpty, "\(overflowing(unified, 80))")
        #expect(ChangedLines(unified: unified) == truth)
    }

    @Test(
        "too narrow for two readable columns, compare says so in one line and shows the unified diff",
        arguments: [(1, 2), (3, 4), lastStep, wholeLadder])
    func compareNarrow(old: Int, new: Int) async throws {
        let truth = try await Self.truth(old, new)
        let narrow = try await printed(.compare(old, new, unified: false), width: 60)
        #expect(overflowing(narrow, 60).isEmpty, "\(overflowing(narrow, 60))")
        #expect(narrow.first?.contains("here is a unified diff") == true)
        #expect(narrow.dropFirst().first?.hasPrefix("--- ") == true)
        #expect(ChangedLines(unified: narrow) == truth)
        let wide = try await printed(.compare(old, new, unified: false), width: 200)
        #expect(overflowing(wide, 200).isEmpty)
        #expect(ChangedLines(sideBySide: wide, column: Diff.columnWidth(for: 198)) == truth)
        // Under its one line, exactly what --unified prints at that width.
        if old == 3 {
            #expect(Array(narrow.dropFirst()) == (try await printed(.compare(old, new, unified: true), width: 60)))
        }
    }

    @Test("compare --unified into a file or a pipe cuts no line, whatever the width")
    func unifiedIntoAFile() async throws {
        let whole = try await printed(.compare(3, 4, unified: true), width: 100_000)
        #expect(overflowing(whole, 80).count > 0, "stage 4 has lines longer than 80 columns to keep whole")
        #expect(try await printed(.compare(3, 4, unified: true), width: 80, wrapsDiffs: false) == whole)
    }

    @Test("metrics keeps within the width", arguments: [60, 80, 200])
    func metrics(width: Int) async throws {
        let lines = try await printed(.metrics(markdown: false), width: width)
        #expect(lines.count > 20)
        #expect(overflowing(lines, width).isEmpty, "\(overflowing(lines, width))")
        #expect(lines.contains { $0.hasPrefix("offlineRequestBuilding") }, "a capability's name is not broken")
    }

    @Test("help keeps within the width and still holds every command", arguments: [60, 80, 200])
    func help(width: Int) {
        let lines = Help.text(for: nil, width: width).components(separatedBy: "\n")
        #expect(overflowing(lines, width).isEmpty, "\(overflowing(lines, width))")
        for name in Help.order {
            #expect(lines.contains { $0.hasPrefix("workbook \(name)") || $0.hasPrefix("workbook [\(name)]") })
        }
    }
}

@Suite("A mistyped command")
struct MistypedCLITests {
    /// What `workbook` printed for `arguments`, on both streams, and its exit status.
    func run(_ arguments: [String]) async -> (lines: [String], status: Int32) {
        let lines = Locked<[String]>([])
        let status = await Workbook.main(arguments, style: .plain, width: 80) { text in
            lines.withLock { $0 += TextLayout.lines(text) }
        } fail: { text in
            lines.withLock { $0 += TextLayout.lines(text) }
        }
        return (lines.withLock { $0 }, status)
    }

    @Test(
        "gets one line of error and a pointer to the help, three lines at most, and exit status 2",
        arguments: [
            ["frob"], ["stage", "\(Ladder.top.number + 1)"], ["stage", "two"], ["stage"], ["compare", "3"],
            ["compare", "3", "9"],
            ["metrics", "--json"], ["reliability", "--wide"], ["tour", "--fast"], ["help", "frob"], ["kata", "start"],
            ["live", "my-key"], ["fr\nob"], [String(repeating: "x", count: 500)],
        ])
    func mistyped(arguments: [String]) async {
        let (lines, status) = await run(arguments)
        #expect(status == 2)
        #expect((2...3).contains(lines.count), "\(lines)")
        #expect(lines.first?.hasPrefix("workbook: ") == true)
        #expect(lines.last?.contains("`workbook help") == true)
        #expect(overflowing(lines, 80).isEmpty, "\(lines)")
        #expect(!lines.joined().contains("my-key"), "live never repeats a word back: it may be the key")
    }

    @Test("`workbook help` still prints the whole help")
    func help() async {
        let (lines, status) = await run(["help"])
        #expect(status == 0)
        #expect(lines.joined(separator: "\n") == Help.text(for: nil, width: 80))
        #expect(lines.count > 30)
    }
}

@Suite("The tour, stage and reliability within the width", .serialized, .sharedFakeTurn)
struct FittedTourTests {
    // Each width replays the tour's calls on the fake: 80 columns, the width that matters most.
    @Test("the tour keeps within 80 columns", arguments: [80])
    func tour(width: Int) async throws {
        let lines = try await printed(.tour, width: width)
        #expect(lines.count > 100)
        #expect(overflowing(lines, width).isEmpty, "\(overflowing(lines, width))")
    }

    @Test("every stage in depth keeps within 80 columns, stage 3 within 60 and 200 too, its capabilities explained")
    func stages() async throws {
        // Every stage at 80; the narrow and wide ends on one stage, since each run replays its calls.
        let runs = Command.stageNumbers.map { (80, $0) } + [(60, 3), (200, 3)]
        for (width, number) in runs {
            let lines = try await printed(.stage(number), width: width)
            #expect(overflowing(lines, width).isEmpty, "stage \(number): \(overflowing(lines, width))")
            // The legend: each name, with the start of what it means on its line or the next.
            for capability in Capability.allCases {
                let index = try #require(
                    lines.firstIndex { line in
                        ["  ✓ ", "  ✗ "].contains {
                            line == $0 + capability.rawValue || line.hasPrefix($0 + capability.rawValue + " ")
                        }
                    })
                let start = String(capability.summary.prefix(12))
                #expect(lines[index].contains(start) || lines[index + 1].contains(start))
            }
        }
    }

    @Test("the reliability tables keep within the width and break no word that fits its column")
    func reliability() async throws {
        // The matrix sends every awkward input through every stage: once, then laid out at each width.
        let matrix = await HeldMatrix.made.value
        let markdown = Workbook.reliabilityText(matrix, markdown: true)
        // Every word of every cell, from the Markdown table, and of the titles.
        let cells = markdown.split(separator: "\n").filter { $0.hasPrefix("| ") }.flatMap { row in
            row.split(separator: "|").map { $0.replacingOccurrences(of: "`", with: "") }
        }
        let words = Set((cells + Workbook.reliabilityTitles).flatMap { $0.split(separator: " ") }.map(String.init))
        for width in [60, 80, 120, 200] {
            let lines = Workbook.reliabilityText(matrix, markdown: false, width: width).components(separatedBy: "\n")
            #expect(overflowing(lines, width).isEmpty, "\(overflowing(lines, width))")
            let printedWords = lines.flatMap { $0.split(separator: " ") }.map(String.init).filter {
                !$0.allSatisfy { $0 == "─" }
            }
            let pieces = Set(printedWords).subtracting(words)
            if width >= 120 {
                // Room for every word: none is broken, tooManyRequests least of all.
                #expect(pieces.isEmpty, "broken at \(width): \(pieces.sorted())")
            }
            // Stacked, the stages' columns share the width after the indent and the spaces between them.
            let stages = matrix.stages.count
            let column = (width - TextLayout.width(Table.stackedIndent) - (stages - 1)) / stages
            for piece in pieces {
                // Broken only because the stages' columns could not each hold it; at 80 columns,
                // only at a seam (at 60, unauthorized has none that fits).
                let whole = words.filter { word in
                    TextLayout.width(word) > column && word.contains(piece) && word != piece
                        && (width < 80 || Self.isSeamPiece(piece, of: word))
                }
                let layout = "\(stages) columns of \(column) (laid out in Workbench/TerminalText/Table.swift)"
                #expect(!whole.isEmpty, "\(piece), at \(width) columns, is no seam's piece of a long word: \(layout)")
            }
            #expect(!printedWords.contains("tooManyReque"))
        }
    }

    /// Whether `piece` is part of `word` cut where a word may break: not between two lower-case
    /// letters, as in tooManyReque|sts.
    static func isSeamPiece(_ piece: String, of word: String) -> Bool {
        guard piece != word, let range = word.range(of: piece) else { return false }
        let before = range.lowerBound > word.startIndex ? word[word.index(before: range.lowerBound)] : nil
        let after = range.upperBound < word.endIndex ? word[range.upperBound] : nil
        let cutBefore = before.map { !($0.isLowercase && piece.first?.isLowercase == true) } ?? true
        let cutAfter = after.map { !($0.isLowercase && piece.last?.isLowercase == true) } ?? true
        return cutBefore && cutAfter
    }
}
