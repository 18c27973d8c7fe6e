// What kata check and kata compare print: a build's errors once each, compare laid out without a
// terminal, and the parts measured on top of a learner's own commits.
import FakeTurns
import Foundation
import TerminalText
import Testing

@testable import KataKit

extension KataTests {
    @Test("check on a build failure shows each error once, with its file and line, and how many more there are")
    func buildErrorsOnce() throws {
        let root = URL(fileURLWithPath: "/work/clone")
        // Swift 6.3.1's own output for four errors in one file, the first reported twice.
        let drawn = { (line: Int, column: Int, message: String) in
            [
                "/work/clone/Sources/Stage6Async/APIClient.swift:\(line):\(column): error: \(message)",
                "\(line - 1) |     let a = 1", "\(line) |     oops", "   |     `- error: \(message)", "",
            ]
        }
        let output =
            [
                "Building for debugging...",
                "error: emit-module command failed with exit code 1 (use -v to see invocation)",
            ]
            + drawn(12, 25, "cannot find 'nope' in scope") + ["[4/4] Compiling Stage6Async APIClient.swift"]
            + drawn(12, 25, "cannot find 'nope' in scope")
            + drawn(7, 14, "type 'any Error' has no member 'signUpNotCompleted'")
            + drawn(9, 18, "cannot convert value of type 'String' to specified type 'Int'")
            + drawn(10, 5, "cannot find 'undefinedThing' in scope")
        let build = Git.Run(status: 1, output: Data(output.joined(separator: "\n").utf8), errors: "")
        let four = KataRun.errors(of: build, in: root)
        #expect(
            four.shown == [
                "Sources/Stage6Async/APIClient.swift:12:25: cannot find 'nope' in scope",
                "Sources/Stage6Async/APIClient.swift:7:14: type 'any Error' has no member 'signUpNotCompleted'",
                "Sources/Stage6Async/APIClient.swift:9:18: cannot convert value of type 'String' to specified type 'Int'",
                "Sources/Stage6Async/APIClient.swift:10:5: cannot find 'undefinedThing' in scope",
            ])
        #expect(four.more == 0)
        let two = KataRun.errors(of: build, in: root, limit: 2)
        #expect(two.shown.count == 2 && two.more == 2)
        // No file named: SwiftPM's own lines, else the last lines.
        let manifest = Git.Run(
            status: 1, output: Data("error: 'clone': invalid manifest\nerror: fatalError\n".utf8), errors: "")
        #expect(
            KataRun.errors(of: manifest, in: root).shown == ["error: 'clone': invalid manifest", "error: fatalError"])

        let page = "## Part 4: one error type\n\nText.\n<!-- kata check: type 'any Error' has no member -->\nWhy.\n"
        #expect(
            KataRun.pointers(for: four.shown, page: "Katas/stage6/README.md", text: page) == [
                "Katas/stage6/README.md, \"Part 4: one error type\", explains the error \"type 'any Error' has no member\"."
            ])
        #expect(KataRun.pointers(for: two.shown.filter { !$0.contains("any Error") }, page: "p", text: page).isEmpty)
        // Swift also words it with `_ErrorCodeProtocol` (a kata 6 learner's stage 5 code, Swift 6.3.1).
        let other = ["Sources/Stage6Async/LoginManager.swift:62:14: type '_ErrorCodeProtocol' has no member 'x'"]
        let marked =
            "## Part 4\n<!-- kata check: type 'any Error' has no member | type '_ErrorCodeProtocol' has no member -->"
        #expect(KataRun.pointers(for: other, page: "p", text: marked).count == 1)

        // Kata 6's pages, in both languages, mark the typed-throws rule under part 4.
        let katas = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Katas")
        for (page, part) in [("README.md", "Part 4:"), ("README.ko.md", "4부:")] {
            let text = try String(contentsOf: katas.appendingPathComponent("stage6/" + page), encoding: .utf8)
            let said = KataRun.pointers(for: four.shown, page: page, text: text)
            #expect(said.count == 1 && said.first?.contains("\"\(part)") == true, "\(page): \(said)")
        }
    }

    @Test(
        "compare into a pipe, a file or a 0-column terminal lays out at 80 columns, as workbook compare does",
        arguments: [nil, 0] as [Int?])
    func compareWithNoTerminalWidth(terminalColumns: Int?) throws {
        let package = try TemporaryPackage(git: true)
        defer { package.remove() }
        let kata = try Kata(3, root: package.root)
        _ = try kata.start()
        try package.write("Sources/Stage3Result/APIError.swift", "// My typed error.\n")
        // What `kata` passes when standard output is no terminal: lines are kept whole.
        let width = Terminal.width(columns: nil, terminalColumns: terminalColumns, fallback: .max)
        for unified in [false, true] {
            let said = Said()
            try KataRun(kata: kata, style: .plain, width: width, write: said.write).compare(unified: unified)
            #expect(said.text.contains("My typed error"), "\(said.text)")
            // Two columns open with what differs, a line a file, as workbook compare does.
            #expect(unified != said.text.contains("  ~ Sources/Stage3Result/APIError.swift"), "\(said.text)")
            let widest = said.text.split(separator: "\n").map { TextLayout.width(String($0)) }.max() ?? 0
            #expect(widest <= Terminal.fallbackWidth, "a line \(widest) columns wide")
        }
        _ = try kata.stop()
    }

    @Test(
        "a kata started on top of a committed exercise measures its parts as the workbook does",
        .enabled(if: WorkbookClone.root != nil, Comment(rawValue: WorkbookClone.absent)))
    func partSizesAfterAnExercise() throws {
        let workbook = try #require(WorkbookClone.root)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata-sizes-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let git = Git(folder: workbook)
        try git.succeed(["clone", "--quiet", workbook.path, folder.path])
        let clone = Git(folder: folder)
        let kata = try Kata(4, root: folder)
        let parts = try kata.parts().count
        let workbooks = try kata.partSizes(parts: parts, stages: "HEAD")
        // Exercise 3, committed: stage 3's PhotoManager has a call more, and so has kata 4's start.
        try clone.succeed(["apply", workbook.appendingPathComponent("Exercises/stage3/solution.patch").path])
        try clone.succeed(["add", "--all"])
        try clone.succeed(["-c", "user.name=Learner", "-c", "user.email=l@example.com", "commit", "-q", "-m", "ex 3"])
        #expect(try kata.partSizes(parts: parts, stages: "HEAD") == workbooks)
    }

    @Test("a message names a branch by its name and a detached HEAD by its commit's short id")
    func placesNamed() {
        #expect(Kata.named("main") == "main")
        #expect(Kata.named("e4338aae" + String(repeating: "0", count: 32)) == "the detached HEAD at e4338aa")
        #expect(
            Kata.named("feature/0123456789abcdef0123456789abcdef0123") == "feature/0123456789abcdef0123456789abcdef0123"
        )
    }
}
