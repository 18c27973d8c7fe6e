// The `workbook` command: its arguments, its tables and diffs on known inputs, and the tour on the fake.
import FakeTurns
import Fixtures
import Foundation
import Harness
import Ladder
import Locking
import Metrics
import Models
import TerminalText
import Testing
import WorkbookCommand

@testable import CLI
@testable import FakeServers

@Suite("Command line")
struct CommandLineTests {
    @Test(
        "the words a user types become the command they meant",
        arguments: [
            ([], Command.tour), (["tour"], .tour), (["stage", "3"], .stage(3)),
            (["compare", "3", "4"], .compare(3, 4, unified: false)),
            (["compare", "--unified", "1", "6"], .compare(1, 6, unified: true)),
            (["metrics"], .metrics(markdown: false)), (["metrics", "--markdown"], .metrics(markdown: true)),
            (["--help"], .help(topic: nil)), (["help", "compare"], .help(topic: "compare")),
        ])
    func parses(arguments: [String], command: Command) throws {
        #expect(try Command.parse(arguments) == command)
    }

    @Test(
        "a wrong argument is refused with a message that says what exists",
        arguments: [
            (["stage", "\(Ladder.top.number + 1)"], "the stages are \(Ladder.span(Ladder.numbers))"),
            (["stage", "two"], #"There is no stage "two""#),
            (["stage"], "stage takes one stage number"), (["compare", "3"], "compare takes two stage numbers"),
            (["metrics", "--json"], #"metrics does not take "--json""#), (["frob"], #"There is no command "frob""#),
            (["help", "frob"], #"There is no command "frob""#),
        ])
    func refuses(arguments: [String], message: String) {
        #expect {
            try Command.parse(arguments)
        } throws: { error in
            (error as? UsageError)?.description.contains(message) == true
        }
    }

    @Test("help names every command, and each command has its own help")
    func help() {
        let text = Help.text(for: nil)
        for name in ["tour", "stage", "compare", "metrics", "help"] {
            #expect(text.contains("workbook \(name == "tour" ? "[tour]" : name)"))
            #expect(Help.text(for: name).hasPrefix("workbook"))
        }
    }
}

@Suite("Tables and diffs")
struct TablesAndDiffsTests {
    @Test("a cell wraps at word boundaries and breaks at a newline; nothing is cut off")
    func wrapping() {
        #expect(
            TextLayout.wrap("✗ notFound\nCouldn't find Photo (404)", width: 14)
                == ["✗ notFound", "Couldn't find", "Photo (404)"])
        #expect(
            TextLayout.wrap("one two three four five six", width: 7) == ["one two", "three", "four", "five", "six"])
        #expect(TextLayout.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
    }

    @Test("`workbook metrics --markdown` prints the report the docs quote, measured from the sources now")
    func metricsMarkdownIsTheReport() async throws {
        let printed = Locked<[String]>([])
        try await Workbook(style: .plain) { text in printed.withLock { $0.append(text) } }.run(.metrics(markdown: true))
        let sources = try #require(SourceMetrics.sourcesDirectory(from: #filePath))
        let stages = Workbook.adapters().map(\.stage)
        let measured = try stages.map {
            try SourceMetrics.measure(directory: sources.appendingPathComponent($0.module))
        }
        #expect(
            printed.withLock { $0.joined(separator: "\n") } == MetricsReport.markdown(stages: stages, metrics: measured)
        )
    }

    @Test("the metrics table shows each stage's measured numbers, as text in the width and as Markdown")
    func metricsTable() throws {
        // Not `Stages.all(session: .shared)`: on Linux, `URLSession.shared` made before the fake is
        // registered never reaches it, and stages 1 to 5 in every other test would go to the network.
        let stages = Workbook.adapters().prefix(2).map(\.stage)
        let metrics = [
            StageMetrics(
                module: "Stage1Hardcoded", files: 2, linesOfCode: 105, requestFunctions: 4, sessionCallSites: 4,
                keyLiterals: 3, forceUnwraps: 3, replyDecodes: 6),
            StageMetrics(
                module: "Stage2EnumAPI", files: 4, linesOfCode: 180, requestFunctions: 4, sessionCallSites: 4,
                keyLiterals: 1, forceUnwraps: 0, replyDecodes: 1),
        ]
        let markdown = Workbook.metricsTable(stages: Array(stages), metrics: metrics, markdown: true)
        #expect(markdown.contains("| 1 Stage1Hardcoded | 105 | 2 | 4 | 4 | 3 | 3 |"))
        #expect(markdown.contains("| 2 Stage2EnumAPI | 180 | 4 | 4 | 4 | 1 | 0 |"))
        #expect(markdown.contains("| 1 Stage1Hardcoded | – | – | – | – | – | – |"))
        #expect(markdown.contains("| exactRequests | \(Capability.exactRequests.summary) |"))
        for width in [60, 80, 200] {
            let text = Workbook.metricsTable(stages: Array(stages), metrics: metrics, markdown: false, width: width)
            let lines = text.split(separator: "\n")
            // Side by side, or with each stage's name on a line of its own above its numbers.
            let row = try #require(lines.firstIndex { $0.hasPrefix("2 Stage2EnumAPI") })
            #expect(lines[row].contains("180") || lines[row + 1].hasPrefix("  180"))
            #expect(lines.allSatisfy { TextLayout.width($0) <= width })
        }
    }

    @Test("the edit script keeps common lines and marks what was removed and inserted")
    func script() {
        let script = Diff.script(from: ["a", "b", "c"], to: ["a", "x", "c", "d"])
        #expect(
            script == [
                .same(old: 0, new: 0), .removed(old: 1), .inserted(new: 1), .same(old: 2, new: 2), .inserted(new: 3),
            ])
    }

    @Test("side by side, a replaced line is one changed row, and far-away common lines are folded")
    func sideBySide() {
        let old = ["1", "2", "3", "4", "5", "6", "7", "old"]
        let new = ["1", "2", "3", "4", "5", "6", "7", "new", "added"]
        let rows = Diff.sideBySide(old, new, width: 40, context: 1)
        #expect(rows.first == "    ⋯ 6 unchanged lines")
        #expect(rows.contains { $0.hasPrefix("~ old") && $0.hasSuffix("│ new") })
        #expect(rows.last?.hasPrefix("+ ") == true && rows.last?.hasSuffix("│ added") == true)
    }

    @Test("a request the tour prints shows no credential: password, tokens and keys are masked")
    func redaction() throws {
        let body = #"{"password":"hunter2","refresh_token":"r-123","username":"popcorn"}"#
        let request = RecordedRequest(
            method: "POST", url: try #require(URL(string: "https://popcorn.example/token/refresh")),
            headers: ["Authorization": "Bearer a-456", "Content-Type": "application/json"], body: Data(body.utf8),
            route: nil, serverView: nil)
        let printed = Redaction.lines(for: request).joined(separator: "\n")
        #expect(printed.contains("Authorization: Bearer •••"))
        #expect(printed.contains(#"body: {"password":"•••","refresh_token":"•••","username":"popcorn"}"#))
        #expect(!["hunter2", "r-123", "a-456"].contains { printed.contains($0) })
    }

    @Test("compare lists the files in the order the newer stage's README gives them")
    func compareFollowsTheReadme() async throws {
        let sources = try #require(SourceMetrics.sourcesDirectory(from: #filePath))
        let readme = try #require(StageReadme.read(folder: sources.appendingPathComponent("Stage6Async")))
        let lines = try await printed(.compare(5, 6, unified: false), width: Terminal.fallbackWidth)
        // Each file's line: "= Stage6Async/Router.swift: unchanged", "~ Stage5Router/… → Stage6Async/…".
        let listed = lines.compactMap { line in
            readme.readingOrder.first { line.hasPrefix("= Stage6Async/\($0)") || line.hasSuffix("Stage6Async/\($0)") }
        }
        #expect(listed == readme.readingOrder)
    }

    @Test("the unified diff has diff -u's headers and hunk ranges")
    func unified() {
        let lines = Diff.unified(["a", "b", "c"], ["a", "B", "c"], oldName: "a/f", newName: "b/f")
        #expect(lines == ["--- a/f", "+++ b/f", "@@ -1,3 +1,3 @@", " a", "-b", "+B", " c"])
        #expect(Diff.unified(["same"], ["same"], oldName: "a", newName: "b").isEmpty)
    }

    @Test("compare 3 4 shows exactly what stage 4 changed: new files, changed files, unchanged ones")
    func compareThreeFour() async throws {
        // Read from the two folders as they are now, so that a learner's kata or exercise on
        // stage 3 or 4 changes what is expected, not whether compare is right.
        let sources = try #require(SourceMetrics.sourcesDirectory(from: #filePath))
        func files(_ module: String) throws -> [String: String] {
            let folder = sources.appendingPathComponent(module)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasSuffix(".swift")
            }
            return try Dictionary(
                uniqueKeysWithValues: names.map {
                    ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
                })
        }
        let three = try files("Stage3Result")
        let four = try files("Stage4Generic")
        let lines = try await printed(.compare(3, 4, unified: false), width: Terminal.fallbackWidth)
        let unified = try await printed(.compare(3, 4, unified: true), width: Terminal.fallbackWidth)
        for (name, text) in four {
            switch three[name] {
            case nil:
                #expect(lines.contains("+ Stage4Generic/\(name): new in stage 4"))
                #expect(unified.contains("+++ b/Stage4Generic/\(name)"))
            case text:
                #expect(lines.contains("= Stage4Generic/\(name): unchanged"))
                #expect(!unified.contains { $0.contains(name) }, "an unchanged file has no diff")
            default:
                #expect(lines.contains("~ Stage3Result/\(name) → Stage4Generic/\(name)"))
                #expect(unified.contains("--- a/Stage3Result/\(name)"))
            }
        }
        for name in three.keys where four[name] == nil {
            #expect(lines.contains("- Stage3Result/\(name): gone in stage 4"))
        }
    }
}

@Suite("Tour", .serialized, .sharedFakeTurn)
struct TourTests {
    /// The tour at 200 columns, run once for the two tests that read it.
    static let wide = Task { try await printed(.tour, width: 200) }

    @Test("the tour shows every stage, its screen's call site from the source, and a table that fits the width")
    func tour() async throws {
        let lines = try await Self.wide.value
        for adapter in Workbook.adapters() {
            let stage = adapter.stage
            #expect(lines.contains { $0.hasPrefix("Stage \(stage.number) · Stage\(stage.number)") })
            let screen = try SourceFiles.screen(of: stage)
            #expect(lines.contains { $0.contains("from Sources/\(stage.module)/PhotoScreen.swift") })
            let showPhoto = try #require(SourceFiles.declaration("func showPhoto(id: String)", in: screen))
            #expect(lines.contains("    " + showPhoto[2]), "the call site is read from Sources/, not copied")
        }
        // What the person sees: the stage's own sentence, and whether Retry is offered.
        #expect(
            lines.contains {
                $0.contains("the screen: “This photo is gone: Unsplash no longer has it.” · no Retry")
            })
        #expect(lines.contains { $0.contains("the screen: shows photo Dwu85P9SOIk") })
        #expect(lines.allSatisfy { TextLayout.width($0) <= 200 }, "\(lines.filter { TextLayout.width($0) > 200 })")
        #expect(!lines.contains { $0.contains(FakeServers.demoPassword) || $0.contains(FakeServers.demoAccessKey) })
    }

    @Test("the tour's table shows untyped stages' text and typed stages' kinds for the same failure")
    func tourTable() async throws {
        let lines = try await Self.wide.value
        #expect(!lines.contains { $0.hasPrefix("    ! ") }, "every scenario ran as its stage should")
        let typed = Workbook.adapters().filter { $0.stage.capabilities.contains(.typedFailures) }.count
        #expect(typed > 0 && typed < Workbook.adapters().count)
        let unknown = try #require(lines.first { $0.hasPrefix("unknown id") })
        #expect(unknown.components(separatedBy: "✗ notFound").count - 1 == typed, "\(unknown)")
    }

    @Test("stage N prints the requests it sent, with the key and the password masked")
    func stageInDepth() async throws {
        let lines = try await printed(.stage(2), width: Terminal.fallbackWidth)
        #expect(lines.contains { $0.contains("POST https://popcorn.example/login") })
        #expect(lines.contains { $0.contains("Authorization: Client-ID •••") })
        #expect(lines.contains { $0.contains(#"body: {"password":"•••","username":"popcorn"}"#) })
        #expect(!lines.contains { $0.contains(FakeServers.demoPassword) || $0.contains(FakeServers.demoAccessKey) })
        #expect(!lines.contains { $0.contains(Scenarios.wrongPassword) })
    }
}
