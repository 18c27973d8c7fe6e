// `workbook kata start|check|reset N`: do stage N's step by hand. start puts stage N-1's code in
// stage N's place, check says what still fails and which part is next, reset puts stage N back.
import Foundation
import Harness

/// What `workbook kata` is asked to do.
public enum KataAction: String, CaseIterable, Sendable {
    case start, check, reset
}

extension Workbook {
    func kata(_ action: KataAction, _ number: Int, discard: Bool = false) async throws {
        let root = try SourceFiles.sourcesDirectory().deletingLastPathComponent()
        switch action {
        case .start: try kataStart(Kata(number, root: root))
        case .check:
            let lacking = try kataCheck(number, root: root)
            let failing = try kataSuite(number, root: root)
            guard lacking == 0, failing == nil else {
                throw WorkbookError(
                    "kata \(number): "
                        + [lacking == 0 ? nil : "\(lacking) of stage \(number)'s promises still lack", failing]
                        .compactMap { $0 }.joined(separator: ", and ") + " (above).")
            }
            try checkOptimized(number, root: root)
        case .reset: try kataReset(Kata(number, root: root), discard: discard)
        }
    }

    /// The one line that says where uncommitted work went, and how to get it back.
    static func kept(_ stash: Kata.Kept?) -> String {
        guard let stash else { return "" }
        return "Your uncommitted changes there are kept in git stash “\(stash.name)”: "
            + "`git stash apply \(stash.commit)` brings them back.\n"
    }

    private func kataStart(_ kata: Kata) throws {
        let setAside = try kata.committedFiles().contains(kata.internalTestFile)
        let started = try kata.start()
        let files = started.files
        let n = kata.number
        let adapterLine =
            setAside
            ? "\(kata.adapter) is \(kata.previousAdapter)'s code, and \(kata.internalTestFile) is set aside: its\n"
                + "checks name stage \(n)'s own types. The suite reaches the stage through its adapter only."
            : "\(kata.adapter) is \(kata.previousAdapter)'s code. The suite reaches the stage through its adapter "
                + "only, and sets nothing aside."
        write(
            """
            \(Self.kept(started.kept))Kata \(n) started: Sources/\(kata.module) holds stage \(n - 1)'s code, renamed to build as stage \(n) \
            (\(files.keys.filter { $0.hasPrefix("Sources/\(kata.module)/") }.count) files);
            \(adapterLine)

            Do stage \(n)'s step until the suite passes:
              swift test --filter Stage\(n)        fails, at first, on what the step adds (\(kata.page) lists them)
              swift run workbook kata check \(n)   what still fails, part by part, and which part is next
              swift run workbook kata reset \(n)   stage \(n) as committed again, from git

            \(Self.partsTable(kata))
            """)
    }

    /// The kata's parts with their sizes, as `kata start` shows them.
    static func partsTable(_ kata: Kata) -> String {
        guard let parts = try? kata.parts() else { return "" }
        let sizes: [PartSize]
        do {
            sizes = try kata.partSizes(parts: parts.count)
        } catch {
            return "Kata \(kata.number) comes in \(parts.count) parts; their sizes could not be measured: \(error)"
        }
        let note =
            "  (blank and comment lines left out; measured against stage \(kata.number) as committed, "
            + (parts.count > 1 ? "through \(Kata.partsFolder))" : "from its start)")
        if parts.count == 1, let size = sizes.first {
            return
                "Kata \(kata.number) is one part: +\(size.added) −\(size.removed) lines of code to write and to remove, "
                + "and \(parts[0].cases.count) cases to turn green.\n" + note
        }
        let lead =
            "Kata \(kata.number) comes in \(parts.count) parts, each done when `kata check \(kata.number)` says so. "
            + "What each asks, in lines of code to write and to remove:"
        let width = parts.map(\.title.count).max() ?? 0
        let rows = zip(parts, sizes).map { part, size in
            "  part \(part.number)  \(part.title.padding(toLength: width, withPad: " ", startingAt: 0))  "
                + Self.size(size) + "   \(part.cases.count) case\(part.cases.count == 1 ? "" : "s") to turn green"
        }
        return ([lead] + rows + [note]).joined(separator: "\n")
    }

    static func size(_ size: PartSize) -> String {
        let added = "+\(size.added)"
        let removed = "−\(size.removed)"
        return added.padding(toLength: 4, withPad: " ", startingAt: 0) + " "
            + removed.padding(
                toLength: 4, withPad: " ", startingAt: 0)
    }

    /// Builds and runs stage `number`'s suite, and says part by part what still fails, and which
    /// part is next. Returns nil when nothing fails, or what fails, in a few words.
    private func kataSuite(_ number: Int, root: URL) throws -> String? {
        let kata = try Kata(number, root: root)
        let parts = try kata.parts()
        let sizes = try? kata.partSizes(parts: parts.count)
        write("")
        write("The suite, part by part: swift build --build-tests, then swift test --filter Stage\(number)…")
        fflush(nil)
        let began = Date()
        let built = try Self.swift(["build", "--build-tests"], in: root)
        guard built.status == 0 else {
            for line in Self.errors(of: built) { write("  \(style.red("✗")) " + line) }
            return "the suite does not build"
        }
        let run = try Self.swift(["test", "--skip-build", "--filter", "Stage\(number)"], in: root)
        write("  built and run in \(Int(Date().timeIntervalSince(began).rounded())) s:")
        guard run.text.contains("Test run with ") else {
            // The run ended before its summary: a crash, and the cases after it never ran.
            write("  \(style.red("✗")) the suite crashed before it finished; its last lines:")
            for line in run.lines.suffix(4) { write("      " + line) }
            return "the suite crashed"
        }
        let failed = FailedCases.inLog(run.text)
        var next: KataPart?
        for (index, part) in parts.enumerated() {
            let failing = part.cases.filter(failed.contains)
            let size = sizes.map { " (+\($0[index].added) −\($0[index].removed) lines of code)" } ?? ""
            let title = parts.count == 1 ? "the kata" : "part \(part.number), \(part.title)"
            if failing.isEmpty {
                write("  \(style.green("✓")) \(title): its \(part.cases.count) cases pass")
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
            write(
                "  \(style.red("✗")) \(brokenCases) now (stage \(number - 1) did this right; the suite says why):")
            for name in broken.prefix(8) { write("      \(name)") }
        }
        if failed.isEmpty, run.status != 0 {
            // A failure in a form the list does not read: the suite's own words say more.
            write("  \(style.red("✗")) the suite failed without naming a case: swift test --filter Stage\(number)")
            return "the suite fails"
        }
        if let next {
            // A case the learner broke comes first: the next part's cases would not stay green on it.
            let cases = broken.count == 1 ? "case" : "\(broken.count) cases"
            let repair = broken.isEmpty ? "" : "first the \(cases) that passed when the kata started, then "
            write(
                "Next: " + repair + (parts.count == 1 ? "the cases above" : "part \(next.number), \(next.title)")
                    + " (\(kata.page)).")
            let then = broken.isEmpty ? "" : "\(brokenCases), and "
            return parts.count == 1 ? "\(failed.count) cases fail" : then + "part \(next.number) is next"
        }
        if !broken.isEmpty { return brokenCases }
        write("  every part is done.")
        return nil
    }

    /// Runs `swift arguments…` in the package, what it says on standard error kept in its output;
    /// the learner's exercise switch is left out, so that only the stage's own cases run.
    private static func swift(_ arguments: [String], in root: URL) throws -> Git.Run {
        try Git.Run.of("swift", arguments, in: root, errorsInOutput: true, unsetting: ["WORKBOOK_EXERCISE"])
    }

    /// A failed build's first errors, or its last lines when it names none.
    private static func errors(of build: Git.Run) -> [String] {
        let said = build.lines.filter { $0.contains("error:") }.prefix(5)
        return said.isEmpty ? Array(build.lines.suffix(5)) : Array(said)
    }

    /// Prints stage `number`'s promises, kept or not; returns how many still lack.
    private func kataCheck(_ number: Int, root: URL) throws -> Int {
        guard Kata.numbers.contains(number) else {
            throw Refusal(
                "There is no kata \(number): the katas are \(Kata.numbers.lowerBound) to \(Kata.numbers.upperBound).")
        }
        guard let stage = Self.adapters().map(\.stage).first(where: { $0.number == number }) else {
            throw WorkbookError("the workbook has no stage \(number).")
        }
        let folder = root.appendingPathComponent("Sources/\(stage.module)")
        var lacking = 0
        var lines = [
            "Kata \(number): stage \(number)'s promises, measured from Sources/\(stage.module) and declared by "
                + "Stage\(number)Adapter as built now:"
        ]
        var declared = 0
        for promise in LadderPromise.all(for: number) {
            if let lack = try promise.lack(of: stage, in: folder) {
                lacking += 1
                lines.append("  \(style.red("✗")) \(promise.name): \(lack)")
            } else if promise.proof != nil {
                // A declaration is a claim: only the suite's proof can keep it.
                declared += 1
                lines.append("  · \(promise.name)")
            } else {
                lines.append("  \(style.green("✓")) \(promise.name)")
            }
        }
        lines.append("")
        let proofs = declared == 0 ? "" : "; the \(declared) declared capabilities are proved there, not here"
        lines.append(
            (lacking == 0 ? "Every promise measured here is kept; the" : "The")
                + " suite has the last word\(proofs).")
        write(lines.joined(separator: "\n"))
        return lacking
    }

    /// The last check: stage `number`'s calls, once each, in the optimized build, in a child process.
    /// The suite runs a debug build; the optimizer has crashed code the suite passed.
    private func checkOptimized(_ number: Int, root: URL) throws {
        write("")
        write("Last, stage \(number)'s calls once each in the optimized build, as an app ships it:")
        write("  swift build -c release --product workbook (the first takes minutes, later ones seconds)…")
        fflush(nil)
        let began = Date()
        let built = try Self.swift(["build", "-c", "release", "--product", "workbook"], in: root)
        guard built.status == 0 else {
            throw WorkbookError(
                "kata \(number): the optimized build failed: " + Self.errors(of: built).joined(separator: " "))
        }
        let folder = try Self.swift(["build", "-c", "release", "--show-bin-path"], in: root).text
            .trimmingCharacters(in: .whitespacesAndNewlines)
        write(
            "  built in \(Int(Date().timeIntervalSince(began).rounded())) s; `workbook probe \(number)` in a child process:"
        )
        let ending = ChildProbe(executable: URL(fileURLWithPath: folder).appendingPathComponent("workbook"))
            .run(stage: number)
        guard ending == .passed else {
            for line in ChildProbe.report(ending, stage: number) { write("  \(style.red("✗")) " + line) }
            throw WorkbookError("kata \(number): stage \(number) fails in the optimized build (above).")
        }
        write(
            "  \(style.green("✓")) every call handed back the right thing, and the suite passed above: kata \(number) "
                + "is done.")
    }

    private func kataReset(_ kata: Kata, discard: Bool) throws {
        let head = try kata.git.head()
        let reset = try kata.reset(discard: discard)
        let left = try kata.git.changes(kata.paths)
        guard left.isEmpty || reset.from != head else {
            throw WorkbookError("kata reset \(kata.number) left changes: \(left.joined(separator: ", "))")
        }
        let since = reset.from == head ? "" : " Your commits since then are still in git's history (git log)."
        write(
            """
            \(Self.kept(reset.kept))Stage \(kata.number) is as committed when the kata started \
            (\(reset.from.prefix(7))): Sources/\(kata.module), \(kata.adapter)'s files and its test files, the set-aside \
            ones included.\(since)
            """)
    }
}
