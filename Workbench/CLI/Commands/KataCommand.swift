// `workbook kata start|check|reset N`: do stage N's step by hand. start puts stage N-1's code in
// stage N's place, check says what the step's promises still lack, reset puts stage N back.
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
            try kataCheck(number, root: root)
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
              swift run workbook kata check \(n)   what the promises still lack; then each call, optimized
              swift run workbook kata reset \(n)   stage \(n) as committed again, from git
            """)
    }

    private func kataCheck(_ number: Int, root: URL) throws {
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
            lacking == 0
                ? "Every promise measured here is kept. The suite has the last word\(proofs): "
                    + "swift test --filter Stage\(number)"
                : "The suite has the last word\(proofs): swift test --filter Stage\(number) (docs/katas/stage\(number).md)"
        )
        write(lines.joined(separator: "\n"))
        if lacking > 0 {
            throw WorkbookError("kata \(number): \(lacking) of stage \(number)'s promises still lack (above).")
        }
    }

    /// The last check: stage `number`'s calls, once each, in the optimized build, in a child process.
    /// The suite runs a debug build; the optimizer has crashed code the suite passed.
    private func checkOptimized(_ number: Int, root: URL) throws {
        write("")
        write("Last, stage \(number)'s calls once each in the optimized build, as an app ships it:")
        write("  swift build -c release --product workbook (the first takes minutes, later ones seconds)…")
        fflush(nil)
        let began = Date()
        let swift = { (arguments: [String]) in try Git.Run.of("swift", arguments, in: root, errorsInOutput: true) }
        let built = try swift(["build", "-c", "release", "--product", "workbook"])
        guard built.status == 0 else {
            let said = built.lines.filter { $0.contains("error:") }.prefix(5)
            throw WorkbookError(
                "kata \(number): the optimized build failed: "
                    + (said.isEmpty ? built.lines.suffix(5) : Array(said)).joined(separator: " "))
        }
        let folder = try swift(["build", "-c", "release", "--show-bin-path"]).text
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
            "  \(style.green("✓")) every call handed back the right thing. Kata \(number) is done when "
                + "`swift test --filter Stage\(number)` passes too.")
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
