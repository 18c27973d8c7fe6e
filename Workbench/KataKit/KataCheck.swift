// `kata check N`: builds and runs stage N's suite on the kata's branch, says part by part what still
// fails and which part is next, and once all passes runs the stage's calls in an optimized build.
#if os(macOS) || os(Linux)
import Foundation
import TerminalText

extension KataRun {
    /// Builds and runs the suite on the kata's branch; once it passes, the optimized build.
    func check() throws {
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
            let errors = Self.errors(of: built, in: kata.root)
            for line in errors.shown { write("  \(style.red("✗")) " + line) }
            if errors.more > 0 { write("    … and \(Self.count(errors.more, "more error"))") }
            let page = (try? String(contentsOf: kata.root.appendingPathComponent(kata.page), encoding: .utf8)) ?? ""
            for pointer in Self.pointers(for: errors.shown, page: kata.page, text: page) { say(pointer) }
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
        try Git.Run.of(
            "swift", arguments, in: root, errorsInOutput: true, unsetting: ["WORKBOOK_EXERCISE"],
            setting: FailedCases.plainOutput)
    }

    /// A failed build's errors, each once, as `file:line:column: message` with the file from the
    /// package's root: the compiler reports an error where it emits the module and again where it
    /// compiles the file, each time with the source drawn beneath it. The first `limit`, and how many
    /// more; SwiftPM's own error lines when no file is named, else the build's last lines.
    static func errors(of build: Git.Run, in root: URL, limit: Int = 5) -> (shown: [String], more: Int) {
        var located: [String] = []
        var other: [String] = []
        let prefix = root.standardizedFileURL.path + "/"
        for line in build.lines {
            if let at = line.range(of: ": error: "), let colon = line.firstIndex(of: ":"), colon < at.lowerBound,
                line.first.map({ $0 != " " && !$0.isNumber }) == true
            {
                let place = line[..<at.lowerBound]
                let said =
                    (place.hasPrefix(prefix) ? String(place.dropFirst(prefix.count)) : String(place))
                    + ": " + line[at.upperBound...]
                if !located.contains(said) { located.append(said) }
            } else if line.hasPrefix("error: "), !line.contains("command failed with exit code"), !other.contains(line)
            {
                other.append(line)
            }
        }
        let errors = located.isEmpty ? other : located
        if errors.isEmpty { return (Array(build.lines.suffix(limit)), 0) }
        return (Array(errors.prefix(limit)), max(0, errors.count - limit))
    }

    /// Where the kata's page explains an error the compiler gives with no hint of why. The page marks
    /// such a paragraph with `<!-- kata check: TEXT -->`, TEXT a piece of the error's message (or
    /// several, apart by ` | `); the pointer names the page and the heading above the mark.
    static func pointers(for errors: [String], page: String, text: String) -> [String] {
        var heading = ""
        var pointers: [String] = []
        for full in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = full.drop { $0 == " " }
            if line.hasPrefix("#") {
                heading = line.drop { $0 == "#" || $0 == " " }.trimmingCharacters(in: .whitespaces)
            }
            guard line.hasPrefix("<!-- kata check: "), line.hasSuffix(" -->") else { continue }
            // One mark may name several wordings of the error, apart by " | ".
            let pieces = line.dropFirst("<!-- kata check: ".count).dropLast(" -->".count).split(separator: " | ")
            if let piece = pieces.first(where: { piece in errors.contains { $0.contains(piece) } }) {
                pointers.append("\(page), \"\(heading)\", explains the error \"\(piece)\".")
            }
        }
        return pointers
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
            let errors = Self.errors(of: built, in: kata.root).shown
            throw KataError("kata \(n): the optimized build failed: " + errors.joined(separator: " "))
        }
        let folder = try Self.swift(["build", "-c", "release", "--show-bin-path"], in: kata.root).text
            .trimmingCharacters(in: .whitespacesAndNewlines)
        say(
            "  built in \(Int(Date().timeIntervalSince(began).rounded())) s; `workbook probe \(n)` in a child process:")
        let ending = ChildProbe(executable: URL(fileURLWithPath: folder).appendingPathComponent("workbook"))
            .run(stage: n)
        guard ending == .passed else {
            for line in ChildProbe.report(ending, stage: n, language: kata.language) {
                write("  \(style.red("✗")) " + line)
            }
            throw KataError("kata \(n): stage \(n) fails in the optimized build (above).")
        }
        say(
            "  \(style.green("✓")) every call handed back the right thing, and the suite passed above: kata \(n) "
                + "is done. `swift run kata compare \(n)` shows yours beside the committed stage; "
                + "`swift run kata stop \(n)` takes you back.")
    }
}
#endif
