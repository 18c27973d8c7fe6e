// The checks checked: each rule is run on small inline pages against an inline package, and a
// deliberately wrong excerpt, diff, number, block, name or link must be reported, by file,
// excerpt and reason.
import Foundation
import Locking
import SourceMetrics
import Testing

@testable import Tour

/// A tiny package: two versions of one file, one measured stage, one generator, one test file.
private let world: DocWorld = {
    let files: [String: [String]] = [
        "Sources/Old/Greeter.swift": [
            "struct Greeter {",
            "    func greet() -> String {",
            "        \"hello\"",
            "    }",
            "}",
        ],
        "Sources/New/Greeter.swift": [
            "struct Greeter {",
            "    func greet(name: String) -> String {",
            "        \"hello, \\(name)\"",
            "    }",
            "}",
        ],
        "docs/other.md": ["# Other"],
    ]
    let folders: Set<String> = ["", "docs", "Sources", "Sources/Old", "Sources/New"]
    return DocWorld(
        lines: { files[$0] },
        exists: { files[$0] != nil || folders.contains($0) },
        metrics: [
            1: StageMetrics(
                module: "Stage1Demo", files: 2, linesOfCode: 105, requestFunctions: 4,
                sessionCallSites: 4, keyLiterals: 3, forceUnwraps: 3)
        ],
        generated: [DocChecks.metricsGenerator: "| stage | files |\n|---|---:|\n| 1 | 2 |"],
        testSources: [
            #"SharedCase("login fails with the server's message") { _ in }"#,
            #"@Test("a \"quoted\" name", arguments: [1])"#,
            "@Test(\n    \"a name on its own line\",\n    arguments: [1])",
            #"let text = "only mentioned""#,
            #"let marker = "<!-- generated: workbook elsewhere --markdown -->""#,
        ])
}()

/// The problems one rule finds on an inline page at docs/page.md.
private func problems(_ rule: (DocPage, DocWorld) -> [DocProblem], _ text: String) -> [DocProblem] {
    rule(DocPage(path: "docs/page.md", text: text), world)
}

@Suite("Docs: the checks themselves")
struct DocChecksSelfTests {
    // MARK: - Code excerpts

    @Test("a verbatim run of lines passes; an edited line is reported with the file, the excerpt and the line")
    func codeExcerpt() {
        let good = """
            <!-- code: Sources/New/Greeter.swift -->
            ```swift
                func greet(name: String) -> String {
                    "hello, \\(name)"
            ```
            """
        #expect(problems(DocChecks.codeExcerpts, good).isEmpty)

        let edited = good.replacingOccurrences(of: "hello, ", with: "hi, ")
        let found = problems(DocChecks.codeExcerpts, edited)
        #expect(found.count == 1)
        let text = found.first?.description ?? ""
        #expect(text.hasPrefix("docs/page.md:1: excerpt \"    func greet(name: String) -> String {\""))
        #expect(text.contains("excerpt line 2"))
        #expect(text.contains("Sources/New/Greeter.swift"))
    }

    @Test("an elision, a changed indentation, lines out of order or a missing file are all reported")
    func codeExcerptFaults() {
        let elided = "<!-- code: Sources/New/Greeter.swift -->\n```swift\nstruct Greeter {\n    ...\n}\n```"
        #expect(problems(DocChecks.codeExcerpts, elided).count == 1)
        let reindented = "<!-- code: Sources/New/Greeter.swift -->\n```swift\nfunc greet(name: String) -> String {\n```"
        #expect(
            problems(DocChecks.codeExcerpts, reindented).first?.message.contains("first line is not a line") == true)
        let shuffled = "<!-- code: Sources/New/Greeter.swift -->\n```swift\nstruct Greeter {\n    }\n```"
        #expect(problems(DocChecks.codeExcerpts, shuffled).count == 1)
        let missing = "<!-- code: Sources/Nowhere.swift -->\n```swift\nstruct Greeter {\n```"
        #expect(problems(DocChecks.codeExcerpts, missing).first?.message == "Sources/Nowhere.swift does not exist")
    }

    @Test("a code marker must sit directly on a closed ```swift block")
    func codeMarkerPlacement() {
        let gap = "<!-- code: Sources/New/Greeter.swift -->\n\n```swift\nstruct Greeter {\n```"
        #expect(problems(DocChecks.codeExcerpts, gap).first?.message.contains("not directly followed") == true)
        let wrongLanguage = "<!-- code: Sources/New/Greeter.swift -->\n```text\nstruct Greeter {\n```"
        #expect(problems(DocChecks.codeExcerpts, wrongLanguage).first?.message.contains("```text") == true)
        let unclosed = "<!-- code: Sources/New/Greeter.swift -->\n```swift\nstruct Greeter {"
        #expect(problems(DocChecks.codeExcerpts, unclosed).first?.message.contains("never closed") == true)
        // A marker quoted inside another block is an example, not a marker.
        let quoted = "````markdown\n<!-- code: Sources/Nowhere.swift -->\n```swift\nnope\n```\n````"
        #expect(problems(DocChecks.codeExcerpts, quoted).isEmpty)
    }

    // MARK: - Diffs

    @Test("a diff whose lines come from the right files passes; a + line from the old file is reported")
    func diffExcerpt() {
        let good = """
            <!-- diff: Sources/Old/Greeter.swift Sources/New/Greeter.swift -->
            ```diff
            --- a/Old/Greeter.swift
            +++ b/New/Greeter.swift
            @@ -1,5 +1,5 @@
             struct Greeter {
            -    func greet() -> String {
            +    func greet(name: String) -> String {
            ```
            """
        #expect(problems(DocChecks.diffExcerpts, good).isEmpty)

        let swapped = good.replacingOccurrences(of: "+    func greet(name: String)", with: "+    func greet()")
        let found = problems(DocChecks.diffExcerpts, swapped)
        #expect(found.count == 1)
        #expect(found.first?.description.contains("is not a line of Sources/New/Greeter.swift") == true)
        #expect(found.first?.excerpt == "--- a/Old/Greeter.swift")
    }

    @Test("a context line missing from either file, a stray prefix, or a diff with no change is reported")
    func diffFaults() {
        let marker = "<!-- diff: Sources/Old/Greeter.swift Sources/New/Greeter.swift -->\n```diff\n"
        #expect(problems(DocChecks.diffExcerpts, marker + "         \"hello\"\n+}\n```").count == 1)
        #expect(problems(DocChecks.diffExcerpts, marker + "*struct Greeter {\n-}\n```").count == 1)
        #expect(
            problems(DocChecks.diffExcerpts, marker + " struct Greeter {\n```").first?.message
                == "the diff has no - or + line")
        let newFile =
            "<!-- diff: /dev/null Sources/New/Greeter.swift -->\n```diff\n+struct Greeter {\n-struct Greeter {\n```"
        #expect(problems(DocChecks.diffExcerpts, newFile).first?.message.contains("is not a line of /dev/null") == true)
    }

    // MARK: - Numbers

    @Test("a measured number passes; a wrong one is reported with the number measured")
    func metric() {
        let good = "Measured by `swift run workbook metrics`: 4<!-- metric: stage 1 sessionCallSites --> call sites."
        #expect(problems(DocChecks.metrics, good).isEmpty)

        let wrong = good.replacingOccurrences(of: "4<!--", with: "5<!--")
        let found = problems(DocChecks.metrics, wrong)
        #expect(found.count == 1)
        #expect(found.first?.excerpt == "5<!-- metric: stage 1 sessionCallSites -->")
        #expect(found.first?.message.contains("says 5, but `swift run workbook metrics` measures 4") == true)
    }

    @Test("a metric comment with no number, an unknown name or stage, or no source named is reported")
    func metricFaults() {
        let intro = "Counted by `swift run workbook metrics`: "
        #expect(
            problems(DocChecks.metrics, intro + "four<!-- metric: stage 1 requestFunctions -->").first?.message
                == "no number comes immediately before the comment")
        #expect(problems(DocChecks.metrics, intro + "4 <!-- metric: stage 1 requestFunctions -->").count == 1)
        #expect(
            problems(DocChecks.metrics, intro + "4<!-- metric: stage 1 functions -->").first?.message.contains(
                "not a metric") == true)
        #expect(
            problems(DocChecks.metrics, intro + "4<!-- metric: stage 9 requestFunctions -->").first?.message.contains(
                "no stage 9") == true)
        #expect(problems(DocChecks.metrics, "It has 4<!-- metric: stage 1 requestFunctions --> functions.").count == 1)
        // The source may be named in the paragraph just before, as above a table.
        let table =
            "Measured by `swift run workbook metrics`:\n\n| stage | functions |\n|---|---|\n| 1 | 4<!-- metric: stage 1 requestFunctions --> |"
        #expect(problems(DocChecks.metrics, table).isEmpty)
        // Quoted in backticks, the comment is an example of the rule, not a claim.
        #expect(problems(DocChecks.metrics, "Write `9<!-- metric: stage 1 files -->`.").isEmpty)
    }

    // MARK: - Generated blocks

    @Test("a generated block equal to the output passes; a stale one is reported at its first differing line")
    func generated() {
        let good =
            "<!-- generated: workbook metrics --markdown -->\n\n| stage | files |\n|---|---:|\n| 1 | 2 |\n\n<!-- end generated -->"
        #expect(problems(DocChecks.generatedBlocks, good).isEmpty)

        let stale = good.replacingOccurrences(of: "| 1 | 2 |", with: "| 1 | 3 |")
        let found = problems(DocChecks.generatedBlocks, stale)
        #expect(found.count == 1)
        #expect(
            found.first?.message.contains(
                "its line 3 is \"| 1 | 3 |\", but `workbook metrics --markdown` prints \"| 1 | 2 |\"") == true)

        let unknown = good.replacingOccurrences(of: "workbook metrics --markdown", with: "workbook tour")
        #expect(problems(DocChecks.generatedBlocks, unknown).first?.message.contains("no generator named") == true)
        // A block another test compares is left to that test.
        let elsewhere = good.replacingOccurrences(
            of: "workbook metrics --markdown", with: "workbook elsewhere --markdown")
        #expect(problems(DocChecks.generatedBlocks, elsewhere).isEmpty)
        let unended = good.replacingOccurrences(of: "<!-- end generated -->", with: "")
        #expect(
            problems(DocChecks.generatedBlocks, unended).first?.message.contains("no <!-- end generated -->") == true)
    }

    @Test("the metrics generator reproduces what `workbook metrics --markdown` prints, line for line")
    func generatorMatchesCommand() async throws {
        let printed = Locked<[String]>([])
        try await Workbook(style: .plain) { text in printed.withLock { $0.append(text) } }.run(.metrics(markdown: true))
        let real = try PackageWorld.shared.get()
        #expect(real.generated[DocChecks.metricsGenerator] == printed.withLock { $0.joined(separator: "\n") })
    }

    // MARK: - Test names

    @Test("a test name that exists passes, escaped quotes and line breaks included; a misspelt one is reported")
    func caseNames() {
        let good =
            "Proved by <!-- case: login fails with the server's message --> and <!-- case: a \"quoted\" name -->"
            + " and <!-- case: a name on its own line -->."
        #expect(problems(DocChecks.caseMentions, good).isEmpty)
        let found = problems(
            DocChecks.caseMentions,
            "Proved by <!-- case: login fails with a message --> and <!-- case: only mentioned -->.")
        #expect(found.map(\.excerpt) == ["<!-- case: login fails with a message -->", "<!-- case: only mentioned -->"])
    }

    // MARK: - Links

    @Test("a link to an existing file passes; a broken or escaping link is reported; web links and anchors are skipped")
    func links() {
        let good = """
            See [the other page](other.md#top), [the sources](../Sources/Old/), [a site](https://example.com),
            [a section](#links) and `[not a link](nowhere.md)`.

            [ref]: ./other.md "Other"
            """
        #expect(problems(DocChecks.links, good).isEmpty)

        let found = problems(DocChecks.links, "See [this](missing.md), [that](../../outside.md) and [none]().")
        #expect(
            found.map(\.message) == [
                "docs/missing.md does not exist", "the link leads out of the package", "the link has no target",
            ])
        #expect(found.first?.description == "docs/page.md:1: excerpt \"(missing.md)\": docs/missing.md does not exist")
        #expect(problems(DocChecks.links, "[ref]: gone.md").count == 1)
    }
}
