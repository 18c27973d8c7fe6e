// `swift run kata start|stop|check|compare N`: do stage N's step by hand, on a branch of its own.
// It imports no stage, so it builds and runs while the stage in the kata does not compile.
import Foundation
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

    package static let usage = """
        usage: swift run kata start|stop|check|compare N

          start N     a branch of its own, kata/N, whose first commit puts stage N-1's code in stage N's place
                      (on a branch where the kata is in progress already, it goes back in where you stopped)
          check N     builds and runs stage N's suite: what still fails, part by part, and which part is next;
                      once all passes, stage N's calls once each in the optimized build
          stop N      commits what you have not committed on kata/N, and takes you back to your branch,
                      where stage N is as committed
          compare N   your stage N beside the committed one, file by file (--unified for a diff)

        The kata's page says what to do: docs/katas/stageN.md, or docs/ko/katas/stageN.md in Korean
        (chosen by the locale, LANG=ko_KR.UTF-8, or by WORKBOOK_LANGUAGE=ko or en).
        """

    /// Reads the words after the program's name, or says what was wrong.
    package static func parse(_ arguments: [String]) throws -> KataCommand {
        var words = arguments
        let unified = words.contains("--unified")
        words.removeAll { $0 == "--unified" }
        guard words.count == 2, let action = KataAction(rawValue: words[0]), let number = Int(words[1]),
            !unified || action == .compare
        else {
            let said = arguments.isEmpty ? "nothing" : "`\(arguments.joined(separator: " "))`"
            throw Refusal(
                "kata takes start, stop, check or compare and a kata number, not \(said): "
                    + "such as `swift run kata start 4`.")
        }
        return KataCommand(action: action, number: number, unified: unified)
    }

    /// The `kata` program: runs the command the words make, printing through `write`; returns the
    /// exit status (2 for a refusal or words that make no command, 1 for a failure).
    /// `root` is the package's folder, the one this program was built from unless told.
    package static func main(
        _ arguments: [String], environment: [String: String], root: URL? = nil, style: Style = .plain,
        width: Int = Terminal.fallbackWidth, write: @escaping @Sendable (String) -> Void, fail: (String) -> Void
    ) -> Int32 {
        if arguments.isEmpty || ["help", "--help", "-h"].contains(arguments[0]) {
            write(usage)
            return arguments.isEmpty ? 2 : 0
        }
        do {
            let command = try parse(arguments)
            var kata = try Kata(command.number, root: try root ?? packageRoot())
            kata.language = Language.of(environment)
            try KataRun(kata: kata, style: style, width: max(Terminal.narrowest, width), write: write)
                .run(command.action, unified: command.unified)
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

    /// Text wrapped to the width. A line laid out in columns (two or more spaces before its last
    /// column) keeps them: its last column wraps within itself. Other lines wrap as prose,
    /// continued at their own indentation.
    func say(_ text: String) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            guard TextLayout.width(line) > width else {
                write(line)
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
                        write((index == 0 ? head : pad) + piece)
                    }
                    continue
                }
            }
            for piece in TextLayout.wrap(String(body), width: width, first: indent, rest: indent) { write(piece) }
        }
    }

    func run(_ action: KataAction, unified: Bool) throws {
        switch action {
        case .start: try start()
        case .stop: try stop()
        case .check: try check()
        case .compare: try compare(unified: unified)
        }
    }

    // MARK: - Start and stop

    private func start() throws {
        let n = kata.number
        switch try kata.start() {
        case .resumed(let from, let commits):
            say(
                """
                Back in kata \(n), on its branch \(kata.branch), where you stopped (\(Self.count(commits, "commit")) \
                of yours since its start). Your work on \(from) stays there.

                \(commands)
                """)
        case .new(let from, _):
            let ownChecks =
                try kata.committedFiles(at: "HEAD^").contains(kata.internalTestFile)
                ? "\(kata.internalTestFile) is set aside: its checks name stage \(n)'s own types.\n" : ""
            say(
                """
                Kata \(n) started on a branch of its own, \(kata.branch), from \(from). Its first commit puts stage \
                \(n - 1)'s code, renamed to build as stage \(n), in Sources/\(kata.module); \(kata.adapter) is \
                \(kata.previousAdapter)'s. \(ownChecks)Stage \(n) as committed stays on \(from), untouched: \
                `git status` is clean now, and from here `git diff` and `git log` show only your work. Commit as \
                you like.

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
                ("swift run kata stop \(n)", "back to your branch; your work, committed, stays on \(kata.branch)"),
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
            \(saved)You are back on \(stopped.back), where stage \(n) is as committed.
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
            + "as committed" + (parts.count > 1 ? ", through \(Kata.partsFolder))" : ")")
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
            let figures = Self.size(size) + "   \(Self.count(part.cases.count, "case")) to turn green"
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

    // MARK: - Check

    /// Builds and runs the suite on the kata's branch; once it passes, the optimized build.
    private func check() throws {
        let n = kata.number
        let start = try kata.requireInKata(doing: "check")
        if let failing = try suite(stages: try kata.committedStage(start: start)) {
            throw KataError("kata \(n): \(failing) (above).")
        }
        try checkOptimized()
    }

    /// Builds and runs stage N's suite, and says part by part what still fails, and which part is
    /// next. Returns nil when nothing fails, or what fails, in a few words.
    private func suite(stages: String) throws -> String? {
        let n = kata.number
        let parts = try kata.parts()
        let sizes = try? kata.partSizes(parts: parts.count, stages: stages)
        say("Kata \(n), part by part: swift build --build-tests, then swift test --filter Stage\(n)…")
        fflush(nil)
        let began = Date()
        let built = try Self.swift(["build", "--build-tests"], in: kata.root)
        guard built.status == 0 else {
            for line in Self.errors(of: built) { write("  \(style.red("✗")) " + line) }
            say("Next: make it build (the errors above). `swift run kata stop \(n)` leaves the kata as it is.")
            return "the suite does not build"
        }
        let run = try Self.swift(["test", "--skip-build", "--filter", "Stage\(n)"], in: kata.root)
        write("  built and run in \(Int(Date().timeIntervalSince(began).rounded())) s:")
        guard run.text.contains("Test run with ") else {
            // The run ended before its summary: a crash, and the cases after it never ran.
            write("  \(style.red("✗")) the suite crashed before it finished:")
            for line in Self.crashLines(run.lines) { write("      " + line) }
            return "the suite crashed"
        }
        let failed = FailedCases.inLog(run.text)
        var next: KataPart?
        for (index, part) in parts.enumerated() {
            let failing = part.cases.filter(failed.contains)
            let size = sizes.map { " (+\($0[index].added) −\($0[index].removed) lines of code)" } ?? ""
            let title = parts.count == 1 ? "the kata" : "part \(part.number), \(part.title)"
            if failing.isEmpty {
                write("  \(style.green("✓")) \(title): its \(Self.count(part.cases.count, "case")) pass")
            } else {
                write("  \(style.red("✗")) \(title): \(failing.count) of its \(part.cases.count) cases fail\(size)")
                if next == nil {
                    next = part
                    for name in failing.prefix(8) { write("      \(name)") }
                    if failing.count > 8 { write("      … and \(failing.count - 8) more") }
                }
            }
        }
        let listed = Set(parts.flatMap(\.cases))
        let broken = failed.subtracting(listed).sorted()
        let brokenCases =
            broken.count == 1
            ? "1 case that passed when the kata started fails"
            : "\(broken.count) cases that passed when the kata started fail"
        if !broken.isEmpty {
            write("  \(style.red("✗")) \(brokenCases) now (stage \(n - 1) did this right; the suite says why):")
            for name in broken.prefix(8) { write("      \(name)") }
        }
        if failed.isEmpty, run.status != 0 {
            // A failure in a form the list does not read: the suite's own words say more.
            write("  \(style.red("✗")) the suite failed without naming a case: swift test --filter Stage\(n)")
            return "the suite fails"
        }
        if let next {
            // A case the learner broke comes first: the next part's cases would not stay green on it.
            let cases = broken.count == 1 ? "case" : "\(broken.count) cases"
            let repair = broken.isEmpty ? "" : "first the \(cases) that passed when the kata started, then "
            say(
                "Next: " + repair + (parts.count == 1 ? "the cases above" : "part \(next.number), \(next.title)")
                    + " (\(kata.page)).")
            let then = broken.isEmpty ? "" : "\(brokenCases), and "
            return parts.count == 1 ? "\(failed.count) cases fail" : then + "part \(next.number) is next"
        }
        if !broken.isEmpty { return brokenCases }
        write("  every part is done.")
        return nil
    }

    /// What a crashed run says of its crash: the runtime's own lines and the last test that
    /// started, else its last lines.
    static func crashLines(_ lines: [String]) -> [String] {
        let said = lines.filter {
            $0.contains("Fatal error") || $0.contains("crashed") || $0.contains("*** Signal")
                || $0.contains("error: Exited with")
        }
        let started = lines.last { $0.contains("Test \"") && $0.contains("started") }
        let shown = (started.map { [$0] } ?? []) + said.prefix(6)
        return shown.isEmpty ? Array(lines.suffix(6)) : shown
    }

    /// Runs `swift arguments…` in the package, what it says on standard error kept in its output;
    /// the learner's exercise switch is left out, so that only the stage's own cases run.
    static func swift(_ arguments: [String], in root: URL) throws -> Git.Run {
        try Git.Run.of("swift", arguments, in: root, errorsInOutput: true, unsetting: ["WORKBOOK_EXERCISE"])
    }

    /// A failed build's first errors, or its last lines when it names none.
    static func errors(of build: Git.Run) -> [String] {
        let said = build.lines.filter { $0.contains("error:") }.prefix(5)
        return said.isEmpty ? Array(build.lines.suffix(5)) : Array(said)
    }

    /// The last check: stage N's calls, once each, in the optimized build, in a child process.
    /// The suite runs a debug build; the optimizer has crashed code the suite passed.
    private func checkOptimized() throws {
        let n = kata.number
        write("")
        say("Last, stage \(n)'s calls once each in the optimized build, as an app ships it:")
        say("  swift build -c release --product workbook (the first takes minutes, later ones seconds)…")
        fflush(nil)
        let began = Date()
        let built = try Self.swift(["build", "-c", "release", "--product", "workbook"], in: kata.root)
        guard built.status == 0 else {
            throw KataError("kata \(n): the optimized build failed: " + Self.errors(of: built).joined(separator: " "))
        }
        let folder = try Self.swift(["build", "-c", "release", "--show-bin-path"], in: kata.root).text
            .trimmingCharacters(in: .whitespacesAndNewlines)
        say(
            "  built in \(Int(Date().timeIntervalSince(began).rounded())) s; `workbook probe \(n)` in a child process:")
        let ending = ChildProbe(executable: URL(fileURLWithPath: folder).appendingPathComponent("workbook"))
            .run(stage: n)
        guard ending == .passed else {
            for line in ChildProbe.report(ending, stage: n) { write("  \(style.red("✗")) " + line) }
            throw KataError("kata \(n): stage \(n) fails in the optimized build (above).")
        }
        say(
            "  \(style.green("✓")) every call handed back the right thing, and the suite passed above: kata \(n) "
                + "is done. `swift run kata compare \(n)` shows yours beside the committed stage; "
                + "`swift run kata stop \(n)` takes you back.")
    }

    // MARK: - Compare

    /// The learner's stage (the work tree on the kata's branch, else the branch's last commit)
    /// beside stage N as committed when the kata started, file by file.
    private func compare(unified: Bool) throws {
        let n = kata.number
        let start = try kata.requireStart()
        let committed = try kata.committedStage(start: start)
        let inKata = try kata.here() == kata.branch
        func files(at commit: String?) throws -> [String: [String]] {
            var files: [String: [String]] = [:]
            let paths = try commit.map { try kata.committedFiles(at: $0) } ?? kata.presentPaths()
            for path in paths where kata.measures(path) || path.hasSuffix("+Bench.swift") {
                let data =
                    try commit.map { try kata.git.committed(path, at: $0) }
                    ?? Data(contentsOf: kata.root.appendingPathComponent(path))
                var lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
                if lines.last == "" { lines.removeLast() }
                files[path] = lines
            }
            return files
        }
        let yours = try files(at: inKata ? nil : kata.branch)
        let real = try files(at: committed)
        let sideBySide = !unified && Diff.columnWidth(for: width - 2) >= Diff.narrowestColumn
        let source = inKata ? "your work tree" : "\(kata.branch)'s last commit"
        write(style.bold("Kata \(n): stage \(n) as committed (left) → yours, from \(source) (right)"))
        if !unified && !sideBySide {
            write(style.dim("Two columns need \(7 + 2 * Diff.narrowestColumn) columns; a diff instead."))
        }
        var same = 0
        // In the order the committed stage's README gives its files, the adapter's last, as
        // `workbook compare` shows two stages.
        let readme = (try? kata.git.committed("Sources/\(kata.module)/README.md", at: committed))
            .map { StageReadme(text: String(decoding: $0, as: UTF8.self)) }
        let folder = "Sources/\(kata.module)/"
        let paths = Set(yours.keys).union(real.keys)
        let names = paths.filter { $0.hasPrefix(folder) }.map { String($0.dropFirst(folder.count)) }
        let ordered =
            (readme?.ordered(names) ?? names.sorted()).map { folder + $0 }
            + paths.filter { !$0.hasPrefix(folder) }.sorted()
        for path in ordered {
            let old = real[path] ?? []
            let new = yours[path] ?? []
            if old == new, real[path] != nil, yours[path] != nil {
                same += 1
                continue
            }
            if !sideBySide {
                let lines = Diff.unified(
                    old, new, oldName: real[path] == nil ? "/dev/null" : "a/\(path)",
                    newName: yours[path] == nil ? "/dev/null" : "b/\(path)", width: width)
                for line in lines { write(line) }
                continue
            }
            switch (real[path], yours[path]) {
            case (nil, _): whole(new, title: "+ \(path): yours only", mark: "+", decorate: style.green)
            case (_, nil): whole(old, title: "- \(path): the committed stage's only", mark: "-", decorate: style.red)
            default:
                write(style.yellow("~ \(path)"))
                for line in Diff.sideBySide(old, new, width: width - 2, style: style) { write("  " + line) }
            }
            write("")
        }
        write(style.dim("\(Self.count(same, "file")) the same as committed."))
    }

    /// A file only one side has, whole, each line marked and carried on below when too long.
    private func whole(_ lines: [String], title: String, mark: String, decorate: (String) -> String) {
        write(decorate(title))
        for line in lines {
            for piece in TextLayout.codeLines(line, width: width - 4) { write(decorate("  \(mark) " + piece)) }
        }
    }
}
