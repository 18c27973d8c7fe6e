// docs/reliability.md embeds the reliability matrix; this keeps it what the command prints now.
import FakeTurns
import Foundation
import Metrics
import Testing

@testable import CLI

/// The reliability matrix with each bad reply's cell what the matrix expects (each stage's suite
/// holds it to that), made once: the page's test and the width test read the same one. The first to
/// ask makes it, in its own turn on the shared fake.
enum HeldMatrix {
    static let made = Task { await Workbook.reliabilityMatrix { $0.expected(for: $1.stage) } }
}

@Suite("Reliability page", .serialized, .sharedFakeTurn)
struct ReliabilityDocTests {
    @Test(
        "the matrix in docs/reliability.md is what `workbook reliability --markdown` prints while the suite passes")
    func pageMatchesCommand() async throws {
        let sources = try #require(SourceMetrics.sourcesDirectory(from: #filePath))
        let page = try String(
            contentsOf: sources.deletingLastPathComponent().appendingPathComponent("docs/reliability.md"),
            encoding: .utf8)
        let start = try #require(page.range(of: "<!-- generated: workbook reliability --markdown -->\n"))
        let end = try #require(page.range(of: "\n<!-- end generated -->", range: start.upperBound..<page.endIndex))
        let embedded = String(page[start.upperBound..<end.lowerBound])
        // Each stage's suite runs every bad reply and fails on any cell that differs from the
        // matrix, so the reply cells are the matrix's own; the inputs show what each stage
        // sent, and run here.
        let printed = Workbook.reliabilityText(await HeldMatrix.made.value, markdown: true)
        #expect(!printed.contains("⚠"), "every stage meets the matrix")
        // A learner's stage (a kata's, say) can differ from the page and still meet the matrix:
        // only CI, with WORKBOOK_STRICT_DOCS=1, fails on that, as it does on the docs checks.
        let strict = ProcessInfo.processInfo.environment["WORKBOOK_STRICT_DOCS"] == "1"
        withKnownIssue(
            """
            what the stages print differs from the matrix in docs/reliability.md. Nothing to do if this is your \
            exercise's or your kata's change: it goes away when the stages are as committed; CI checks it \
            strictly (WORKBOOK_STRICT_DOCS=1)
            """,
            isIntermittent: true
        ) {
            // Compared as a Bool: a failure prints the message, not both tables.
            let same = embedded == printed
            #expect(
                same,
                "docs/reliability.md is stale: scripts/update-docs writes `swift run workbook reliability --markdown`'s table into it"
            )
        } when: {
            !strict
        }
    }
}
