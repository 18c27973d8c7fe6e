// `workbook compare`: what changed comes first, every file one stage has and the other does not is
// shown, `--file` narrows it to one file, and on a terminal it opens in a pager.
import FakeTurns
import Foundation
import TerminalText
import Testing
import WorkbookCommand

@testable import CLI

@Suite("compare", .busyLane)
struct CompareTests {
    @Test("it opens with what changed, a line a file, the file stage 5 drops included")
    func summaryFirst() async throws {
        let lines = try await printed(.compare(4, 5, unified: false), width: 120)
        let firstCode = try #require(lines.firstIndex { $0.hasPrefix("~ ") || $0.hasPrefix("+ ") })
        let summary = lines[..<firstCode]
        #expect(
            summary.contains { $0.hasPrefix("  - Stage4Generic/Endpoint.swift ") && $0.contains("gone in stage 5, −") },
            "\(summary)")
        #expect(summary.contains { $0.hasPrefix("  + Stage5Router/Router.swift ") && $0.contains("new in stage 5, +") })
        #expect(summary.contains { $0.hasPrefix("  ~ Stage5Router/APIClient.swift ") && $0.contains(" −") })
        // The body shows the dropped file's lines too, marked as gone.
        #expect(
            lines.contains("- Stage4Generic/Endpoint.swift: gone in stage 5"), "\(lines.filter { $0.hasPrefix("- ") })")
    }

    @Test("--file narrows it to one file, named with or without .swift")
    func oneFile() async throws {
        for name in ["PhotoManager", "PhotoManager.swift"] {
            let lines = try await printed(.compare(3, 4, unified: false, file: name), width: 120)
            let titles = lines.filter { $0.hasPrefix("~ ") || $0.hasPrefix("+ ") || $0.hasPrefix("- ") }
            #expect(titles == ["~ Stage3Result/PhotoManager.swift → Stage4Generic/PhotoManager.swift"], "\(titles)")
        }
        await #expect(throws: WorkbookError.self) {
            _ = try await printed(.compare(3, 4, unified: false, file: "Nothing.swift"), width: 120)
        }
    }

    @Test("compare reads --file and --no-pager")
    func parses() throws {
        #expect(
            try Command.parse(["compare", "3", "4", "--file", "APIError"])
                == .compare(3, 4, unified: false, file: "APIError"))
        #expect(try Command.parse(["compare", "--no-pager", "5", "6"]) == .compare(5, 6, unified: false))
        #expect(throws: UsageError.self) { try Command.parse(["compare", "3", "4", "--file"]) }
    }

    @Test("a terminal gets $PAGER, else less; a pipe, an empty PAGER or cat gets none")
    func pager() {
        #expect(Pager.command(environment: [:], isTerminal: true) == "less")
        #expect(Pager.command(environment: ["PAGER": "more"], isTerminal: true) == "more")
        #expect(Pager.command(environment: ["PAGER": "cat"], isTerminal: true) == nil)
        #expect(Pager.command(environment: ["PAGER": ""], isTerminal: true) == nil)
        #expect(Pager.command(environment: [:], isTerminal: false) == nil)
    }
}
