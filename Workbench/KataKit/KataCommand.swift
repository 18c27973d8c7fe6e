// `swift run kata start|stop|check|compare N`: do stage N's step by hand, on a branch of its own.
// It imports no stage, so it builds and runs while the stage in the kata does not compile.
#if os(macOS) || os(Linux)
import Foundation
import Ladder
import Metrics
import TerminalText

/// What `kata` is asked to do.
package enum KataAction: String, CaseIterable, Sendable {
    case start, stop, check, compare
}

/// The `kata` program: its words, and what each does.
package struct KataCommand: Sendable {
    let action: KataAction
    let number: Int
    /// For compare: a unified diff instead of two columns.
    var unified = false
    /// For compare: one file's name, with or without `.swift`, instead of every file.
    var file: String?

    package static let usage = """
        usage: swift run kata start|stop|check|compare N

          start N     a branch of its own, kata/N, whose first commit puts stage N-1's code in stage N's place
                      (on a branch where the kata is in progress already, it goes back in where you stopped)
          check N     builds and runs stage N's suite: what still fails, part by part, and which part is next;
                      once all passes, stage N's calls once each in the optimized build
          stop N      commits what you have not committed on kata/N, and takes you back to your branch,
                      where stage N is as committed
          compare N   your stage N beside the committed one, file by file (--unified for a diff,
                      --file NAME for one file); on a terminal, in a pager as git's diff is ($PAGER,
                      else less; --no-pager for none)

        The kata's page says what to do: Katas/stageN/README.md, or Katas/stageN/README.ko.md in Korean
        (chosen by the locale, LANG=ko_KR.UTF-8, or by WORKBOOK_LANGUAGE=ko or en).
        """

    /// Reads the words after the program's name, or says what was wrong.
    package static func parse(_ arguments: [String]) throws -> KataCommand {
        var words = arguments
        let unified = words.contains("--unified")
        // The executable reads --no-pager; here it only has to be allowed, for compare.
        let unpaged = words.contains("--no-pager")
        words.removeAll { $0 == "--unified" || $0 == "--no-pager" }
        var file: String?
        if let index = words.firstIndex(of: "--file") {
            guard index + 1 < words.count else {
                throw Refusal("--file takes a file's name, such as `--file PhotoManager.swift`.")
            }
            file = words[index + 1]
            words.removeSubrange(index...(index + 1))
        }
        guard words.count == 2, let action = KataAction(rawValue: words[0]), let number = Int(words[1]),
            !(unified || unpaged || file != nil) || action == .compare
        else {
            let said = arguments.isEmpty ? "nothing" : "`\(arguments.joined(separator: " "))`"
            throw Refusal(
                "kata takes start, stop, check or compare and a kata number, not \(said): "
                    + "such as `swift run kata start 4`.")
        }
        return KataCommand(action: action, number: number, unified: unified, file: file)
    }

    /// The `kata` program: runs the command the words make, printing through `write`; returns the
    /// exit status (2 for a refusal or words that make no command, 1 for a failure).
    /// `root` is the package's folder, the one this program was built from unless told.
    package static func main(
        _ arguments: [String], environment: [String: String], root: URL? = nil, style: Style = .plain,
        width: Int = Terminal.fallbackWidth, write: @escaping @Sendable (String) -> Void, fail: (String) -> Void
    ) -> Int32 {
        let width = max(Terminal.narrowest, width)
        if arguments.isEmpty || ["help", "--help", "-h"].contains(arguments[0]) {
            for line in KataRun.lines(usage, width: width) { write(line) }
            return arguments.isEmpty ? 2 : 0
        }
        do {
            let command = try parse(arguments)
            var kata = try Kata(command.number, root: try root ?? packageRoot())
            kata.language = Language.of(environment)
            try KataRun(kata: kata, style: style, width: width, write: write)
                .run(command.action, unified: command.unified, file: command.file)
            return 0
        } catch let refusal as Refusal {
            fail("kata: \(refusal)")
            return 2
        } catch {
            fail("kata: \(error)")
            return 1
        }
    }

    /// The package this program was built from.
    static func packageRoot() throws -> URL {
        guard let sources = SourceMetrics.sourcesDirectory(from: #filePath),
            FileManager.default.fileExists(atPath: sources.path)
        else {
            throw KataError("The workbook's Sources/ folder is not where kata was built; run it from the checkout.")
        }
        return sources.deletingLastPathComponent()
    }
}

/// One run of a kata command, printing as it goes.
struct KataRun {
    let kata: Kata
    let style: Style
    let width: Int
    let write: @Sendable (String) -> Void

    /// Text wrapped to the width, as `lines(_:width:)` lays it out.
    func say(_ text: String) {
        for line in Self.lines(text, width: width) { write(line) }
    }

    /// `text` wrapped to `width`. A line laid out in columns (two or more spaces before its last
    /// column) keeps them: its last column wraps within itself. Other lines wrap as prose,
    /// continued at their own indentation.
    static func lines(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            guard TextLayout.width(line) > width else {
                lines.append(line)
                continue
            }
            let indent = String(line.prefix { $0 == " " })
            let body = line.dropFirst(indent.count)
            if let gap = body.range(of: "  ", options: .backwards) {
                let column = body[gap.upperBound...].drop { $0 == " " }
                let head = indent + body[..<column.startIndex]
                let room = width - TextLayout.width(head)
                if room >= 20 {
                    let pad = String(repeating: " ", count: TextLayout.width(head))
                    for (index, piece) in TextLayout.wrap(String(column), width: room).enumerated() {
                        lines.append((index == 0 ? head : pad) + piece)
                    }
                    continue
                }
            }
            lines += TextLayout.wrap(String(body), width: width, first: indent, rest: indent)
        }
        return lines
    }

    func run(_ action: KataAction, unified: Bool, file: String? = nil) throws {
        switch action {
        case .start: try start()
        case .stop: try stop()
        case .check: try check()
        case .compare: try compare(unified: unified, file: file)
        }
    }

    private func start() throws {
        let n = kata.number
        switch try kata.start() {
        case .resumed(let from, let commits, let savedWork):
            let saved =
                savedWork
                ? "\n\nWhat you had not committed when you stopped is the last commit, “work in progress”. "
                    + "`git reset HEAD~1` makes it uncommitted changes again; your files stay as they are." : ""
            say(
                """
                Back in kata \(n), on its branch \(kata.branch), where you stopped (\(Self.count(commits, "commit")) \
                of yours since its start). Your work on \(Kata.named(from)) stays there.\(saved)

                \(commands)
                """)
        case .new(let from, _):
            let ownChecks =
                try kata.committedFiles(at: "HEAD^").contains(kata.typesTestFile)
                ? "\(kata.typesTestFile) is set aside: its checks name stage \(n)'s own types.\n" : ""
            say(
                """
                Kata \(n) started on a branch of its own, \(kata.branch), from \(Kata.named(from)). Its first commit puts stage \
                \(n - 1)'s code, renamed to build as stage \(n), in Sources/\(kata.module); \(kata.adapter) is \
                \(kata.previousAdapter)'s. \(ownChecks)Stage \(n) as committed stays on \(Kata.named(from)), untouched: \
                `git status` is clean now, and from here `git diff` shows only your work (the first commit's own \
                diff, in `git log -p`, shows stage \(n)'s code as removed lines: the answer). Commit as you like.

                \(commands)

                \(partsTable(stages: try kata.git.commit(of: "HEAD^")))
                """)
        }
    }

    /// The loop of a kata, as start prints it.
    private var commands: String {
        let n = kata.number
        return "Do stage \(n)'s step until the suite passes (\(kata.page) says how):\n"
            + Self.menu([
                ("swift test --filter Stage\(n)", "fails, at first, on what the step adds"),
                ("swift run kata check \(n)", "what still fails, part by part, and which part is next"),
                ("swift run kata stop \(n)", "back where you were; your work, committed, stays on \(kata.branch)"),
            ])
    }

    private func stop() throws {
        let n = kata.number
        let stopped = try kata.stop()
        let saved =
            stopped.savedWork
            ? "What you had not committed is committed there now, as “work in progress”, nothing stashed. " : ""
        say(
            """
            Kata \(n) stopped: your work is on \(kata.branch) (\(Self.count(stopped.commits, "commit")) of yours). \
            \(saved)You are back on \(Kata.named(stopped.back)), where stage \(n) is as committed.
            \(Self.menu([
                ("swift run kata start \(n)", "goes back in, where you stopped"),
                ("swift run kata compare \(n)", "your stage \(n) beside the committed one"),
                ("git branch -D \(kata.branch)", "throws your kata away, to start it again from the beginning"),
            ]))
            """)
    }

    /// Commands, each with what it does, in two columns.
    static func menu(_ rows: [(command: String, says: String)]) -> String {
        let width = rows.map(\.command.count).max() ?? 0
        return rows.map { "  " + TextLayout.pad($0.command, to: width) + "   " + $0.says }.joined(separator: "\n")
    }

    static func count(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    // MARK: - Parts

    /// The kata's parts with their sizes, as `start` shows them.
    func partsTable(stages: String) -> String {
        guard let parts = try? kata.parts() else { return "" }
        let sizes: [PartSize]
        do {
            sizes = try kata.partSizes(parts: parts.count, stages: stages)
        } catch {
            return "Kata \(kata.number) comes in \(parts.count) parts; their sizes could not be measured: \(error)"
        }
        let note =
            "  (blank and comment lines left out; measured from the kata's first commit to stage \(kata.number) "
            + "as committed" + (parts.count > 1 ? ", through \(kata.kataFolder)/partK.patch)" : ")")
        if parts.count == 1, let size = sizes.first {
            return
                "Kata \(kata.number) is one part: +\(size.added) −\(size.removed) lines of code to write and to remove, "
                + "and \(Self.count(parts[0].cases.count, "case")) to turn green.\n" + note
        }
        let lead =
            "Kata \(kata.number) comes in \(parts.count) parts, each done when `kata check \(kata.number)` says so. "
            + "What each asks, in lines of code to write and to remove:"
        let titles = parts.map { TextLayout.width($0.title) }.max() ?? 0
        let rows = zip(parts, sizes).map { part, size in
            let figures =
                Self.size(size) + "   \(Self.count(part.cases.count, "case")) to turn green"
                + (part.block.map { ", about \($0) min for a pair" } ?? "")
            let row = "  part \(part.number)  \(TextLayout.pad(part.title, to: titles))  " + figures
            // Too wide for one line: the title on its own, the figures under it.
            guard TextLayout.width(row) > self.width else { return row }
            return "  part \(part.number)  \(part.title)\n          " + figures
        }
        return ([lead] + rows + [note]).joined(separator: "\n")
    }

    static func size(_ size: PartSize) -> String {
        TextLayout.pad("+\(size.added)", to: 4) + " " + TextLayout.pad("−\(size.removed)", to: 4)
    }
}
#endif
