// Every command a page gives in a shell block runs as written when pasted into macOS's Terminal,
// whose zsh reads no comments: the rule on every page, then each command pasted into a real
// interactive zsh where this machine has one (`ShellBlocks.swift` says how nothing runs).
import FakeTurns
import Foundation
import Testing

@Suite("Docs: the shell blocks paste into macOS's zsh", .serialized, .childrenLane)
struct ShellBlocksTests {
    static let zshMissing: Comment =
        "no zsh on this machine: the shell blocks were not pasted into one (the comment rule still ran)"

    @Test("no command line in a shell block carries a comment, and every fence names its language")
    func noComments() throws {
        let paths = ShellBlocks.pagePaths()
        #expect(paths.contains("README.md") && paths.contains("docs/ko/README.md") && paths.count > 50)
        for path in paths {
            for problem in ShellBlocks.problems(in: try PackageWorld.page(path)) {
                Issue.record("\(problem)")
            }
        }
    }

    @Test(
        "every command in a shell block, pasted into an interactive zsh, gets no `#` and no complaint",
        .enabled(if: ZshPaste.executable != nil, zshMissing))
    func pastedIntoZsh() throws {
        let zsh = try #require(ZshPaste.executable)
        var commands: [(path: String, command: ShellBlocks.Command)] = []
        for path in ShellBlocks.pagePaths() {
            commands += ShellBlocks.commands(on: try PackageWorld.page(path)).map { (path, $0) }
        }
        #expect(commands.count > 50, "found \(commands.count) commands")
        let outcomes = try ZshPaste.paste(commands.map(\.command.text), zsh: zsh)
        for (path, command) in commands {
            for finding in ZshPaste.findings(outcomes[command.text] ?? ZshPaste.Outcome()) {
                Issue.record("\(path):\(command.line + 1): \"\(command.text)\": \(finding)")
            }
        }
    }

    // MARK: - The checks checked

    /// README.md's first block in the shape it had: the tour's line and the test command, each with its comment.
    static let oldStart = """
        Then, at the package root:

        ```sh
        swift run workbook   # the tour: every stage against the fake servers, side by side
        swift test           # the shared suite, run against every stage
        ```
        """

    @Test("a trailing comment and a comment's own line are reported by page and line; a # in a word is not")
    func rule() {
        let found = ShellBlocks.problems(in: DocPage(path: "README.md", text: Self.oldStart))
        #expect(found.map(\.line) == [4, 5])
        #expect(found.first?.description.hasPrefix("README.md:4: excerpt \"swift run workbook   # the tour") == true)
        #expect(found.first?.message.contains("`# the tour: every stage") == true)

        let page = """
            ```sh
            # edit the stage, then:
            git commit -m "part #1" && echo '#' \\# a#b $# ${#x}
            ```

            ```swift
            let x = 1  # not a shell block
            ```

            ```
            swift test
            ```

            ```console
            $ git log --oneline   # the commits
            one commit # is output
            ```
            """
        let problems = ShellBlocks.problems(in: DocPage(path: "docs/page.md", text: page))
        #expect(problems.map(\.line) == [2, 10, 15])
        #expect(problems.first?.message.contains("only a comment") == true)
        #expect(problems.dropFirst().first?.message.contains("no language") == true)
    }

    @Test("a command continued with a backslash is one command, at its first line; blank lines are none")
    func commands() {
        let page = DocPage(path: "docs/page.md", text: "```sh\nswift build \\\n  -c release\n\nswift test\n```")
        #expect(
            ShellBlocks.commands(on: page) == [
                .init(line: 1, text: "swift build \\\n  -c release"), .init(line: 4, text: "swift test"),
            ])
    }

    @Test(
        "zsh hands the old README's comment to the command, dies on `(docs/…`, and runs nothing",
        .enabled(if: ZshPaste.executable != nil, zshMissing))
    func zshSandbox() throws {
        let zsh = try #require(ZshPaste.executable)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("zsh-check-\(UUID().uuidString)")
        let lines = [
            "swift run workbook   # the tour: every stage",
            "swift run kata start 4   # do stage 4's step yourself, from stage 3's code, on a branch (docs/katas;",
            "swift run kata start 4   # on kata/4; its first commit is part 0's end",
            "# edit the stage, then:",
            "WORKBOOK_EXERCISE=3 swift test --filter ExerciseTests.Exercises/Stage3",
            "read -rs KEY && export KEY && cd / && exit 3",
            "git diff -- 'Workbench/Harness/Stage4Adapter*.swift' > \(file.path)",
            "scripts/docs-site",
        ]
        let outcomes = try ZshPaste.paste(lines, zsh: zsh)
        let findings = lines.map { ZshPaste.findings(outcomes[$0] ?? ZshPaste.Outcome()) }

        #expect(
            outcomes[lines[0]]?.commands == [["swift", "run", "workbook", "#", "the", "tour:", "every", "stage"]])
        #expect(
            findings[0] == [
                "pasted into an interactive zsh, it runs `swift` with `run` `workbook` `#` `the` "
                    + "`tour:` `every` `stage`"
            ])
        #expect(findings[1] == ["pasted into an interactive zsh: zsh: bad pattern: (docs/katas"])
        // The comment's one apostrophe opens a quote that never closes.
        #expect(findings[2] == ["pasted into an interactive zsh: zsh: unmatched '"])
        #expect(findings[3] == ["pasted into an interactive zsh, it runs a command named `#`"])
        #expect(
            outcomes[lines[4]]
                == ZshPaste.Outcome(commands: [["swift", "test", "--filter", "ExerciseTests.Exercises/Stage3"]]))
        // read, export, cd and exit reach the handler: nothing waits for input, nothing leaves.
        #expect(
            outcomes[lines[5]]?.commands == [["read", "-rs", "KEY"], ["export", "KEY"], ["cd", "/"], ["exit", "3"]])
        // A writing redirection and a command named by a path are refused, quietly.
        #expect(findings[6].isEmpty && findings[7].isEmpty)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }
}
