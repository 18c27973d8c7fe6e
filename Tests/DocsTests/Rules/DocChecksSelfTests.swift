// The checks checked: each rule is run on small inline pages against an inline package, and a
// deliberately wrong excerpt, diff, number, block, name or link must be reported, by file,
// excerpt and reason.
import FakeTurns
import Foundation
import Locking
import Metrics
import Testing

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
                sessionCallSites: 4, keyLiterals: 3, forceUnwraps: 3, replyDecodes: 6)
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

@Suite("Docs: the checks themselves", .serialized, .busyLane)
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
            -        "hello"
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

    @Test("a diff is quoted as `workbook compare --unified` prints it: a line left out must be marked by an @@")
    func diffAsPrinted() {
        let marker = "<!-- diff: Sources/Old/Greeter.swift Sources/New/Greeter.swift -->\n```diff\n"
        let printed = [
            " struct Greeter {", "-    func greet() -> String {", "-        \"hello\"",
            "+    func greet(name: String) -> String {", "+        \"hello, \\(name)\"", "     }",
        ]
        func quote(_ lines: [String]) -> [DocProblem] {
            problems(DocChecks.diffExcerpts, marker + lines.joined(separator: "\n") + "\n```")
        }
        #expect(quote(printed).isEmpty)
        // A run from the middle, and a cut marked with a bare @@ or the printed hunk header.
        #expect(quote(Array(printed[1...3])).isEmpty)
        #expect(quote([printed[1], "@@", printed[3], printed[4]]).isEmpty)
        #expect(quote(["@@ -1,5 +1,5 @@"] + printed).isEmpty)

        // The middle line left out, silently: each line is in its file, but not where it is printed.
        let missing = quote([printed[0], printed[1], printed[3], printed[4]])
        #expect(missing.count == 1)
        #expect(
            missing.first?.message
                == "diff line 3 \"+    func greet(name: String) -> String {\" is not what `workbook compare --unified` "
                + "prints next: it prints \"-        \"hello\"\"; quote the lines as printed, and mark a part left out "
                + "with an @@ line")
        // Lines in another order than printed, and a hunk header that is not the printed one.
        #expect(quote([printed[3], "@@", printed[1]]).first?.message.contains("out of order") == true)
        #expect(quote(["@@ -2,4 +2,4 @@", printed[0], printed[1]]).first?.message.contains("not a line") == true)
    }

    @Test("a diff of two parts of one file is what the unified diff prints between those two runs of lines")
    func diffWithinOneFile() {
        let marker = "<!-- diff: Sources/New/Greeter.swift Sources/New/Greeter.swift -->\n```diff\n"
        let good = marker + "-struct Greeter {\n+    func greet(name: String) -> String {\n```"
        #expect(problems(DocChecks.diffExcerpts, good).isEmpty)
        let apart = marker + "-struct Greeter {\n-        \"hello, \\(name)\"\n+    }\n```"
        #expect(problems(DocChecks.diffExcerpts, apart).first?.message.contains("are not one run of") == true)
        let cut = marker + "-struct Greeter {\n@@\n+    }\n```"
        #expect(problems(DocChecks.diffExcerpts, cut).first?.message.contains("no @@ cut") == true)
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
            See [the other page](other.md#other), [the sources](../Sources/Old/), [a site](https://example.com),
            [a section](#links), [a line](../Sources/Old/Greeter.swift#L2) and `[not a link](nowhere.md)`.

            [ref]: ./other.md "Other"

            ## Links
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

    @Test("an anchor must name a heading of the page it leads to, in this page or another")
    func anchors() {
        let found = problems(DocChecks.links, "See [top](other.md#top), [here](#nowhere) and [ok](other.md#other).")
        #expect(
            found.map(\.message) == [
                "docs/other.md has no heading whose anchor is #top; its headings' anchors are other",
                "docs/page.md has no heading whose anchor is #nowhere; it has no headings",
            ])
        // Korean headings make Korean anchors, written as they are or percent-encoded.
        let korean = "## 카타 진행 방식\n\n[방식](#카타-진행-방식), [인코딩](#%EC%B9%B4%ED%83%80-%EC%A7%84%ED%96%89-%EB%B0%A9%EC%8B%9D)"
        #expect(problems(DocChecks.links, korean).isEmpty)
        #expect(problems(DocChecks.links, korean + " [틀림](#카타진행방식)").count == 1)
    }

    @Test("a heading's anchor is GitHub's: lowercased, punctuation dropped, spaces made hyphens, Hangul kept")
    func anchorRule() {
        let cases = [
            "## The pain": "the-pain",
            "## Step 2: `Endpoint`": "step-2-endpoint",
            "## 2. `[\"\": \"\"]` as the query": "2---as-the-query",
            "## 6. `(Photo?, Error?)`: four states for two outcomes": "6-photo-error-four-states-for-two-outcomes",
            "## 3. `URL(string:)!`, 그리고 조용한 반대편": "3-urlstring-그리고-조용한-반대편",
            "### 모든 시그니처에 들어가는 두 단어": "모든-시그니처에-들어가는-두-단어",
            "## b 연습 문제": "b-연습-문제",
            "## A [link](x.md) and *stress* ##": "a-link-and-stress",
            "## snake_case & a—dash": "snake_case--adash",
        ]
        for (line, anchor) in cases {
            #expect(DocChecks.headingText(line).map(DocChecks.anchor(of:)) == anchor, "\(line)")
        }
        #expect(DocChecks.headingText("####### seven") == nil)
        #expect(DocChecks.headingText("#hashtag") == nil)
        // A repeated heading is numbered in order; a fenced # line is no heading.
        let page = DocPage(path: "docs/page.md", text: "# 함정\n## 함정\n```sh\n# 함정\n```\n## 함정-1\n## 함정")
        #expect(DocChecks.anchors(of: page) == ["함정", "함정-1", "함정-1-1", "함정-2"])
    }

    // MARK: - Translation

    @Test("a Korean page with the same markers and blocks passes; a changed, missing or extra one is named, first")
    func translationParity() {
        let english = DocPage(
            path: "docs/page.md",
            text: """
                # Title

                Measured by `swift run workbook metrics`: 4<!-- metric: stage 1 files --> files.

                <!-- code: Sources/Old/Greeter.swift -->
                ```swift
                struct Greeter {
                ```

                Proved by <!-- case: login fails with the server's message -->"login fails".
                """)
        let text = """
            # 제목

            `swift run workbook metrics`로 잰 파일 4<!-- metric: stage 1 files -->개.

            <!-- code: Sources/Old/Greeter.swift -->
            ```swift
            struct Greeter {
            ```

            <!-- case: login fails with the server's message -->"login fails" 케이스가 증명합니다.
            """
        func korean(_ text: String) -> DocProblem? {
            Translation.firstDifference(english: english, korean: DocPage(path: "docs/ko/page.md", text: text))
        }
        #expect(korean(text) == nil)

        let renamed = korean(text.replacingOccurrences(of: "stage 1 files", with: "stage 1 linesOfCode"))
        #expect(renamed?.description.hasPrefix("docs/ko/page.md:3:") == true)
        #expect(
            renamed?.message
                == "marker 1 is <!-- metric: stage 1 files --> in docs/page.md:3; markers keep their text and order")
        let dropped = korean(
            text.replacingOccurrences(of: "<!-- case: login fails with the server's message -->", with: ""))
        #expect(
            dropped?.message.hasPrefix(
                "marker 3, <!-- case: login fails with the server's message --> of docs/page.md:10, is missing") == true
        )
        let extra = korean(text + "\n<!-- case: one more -->")
        #expect(extra?.message == "marker 4 is extra: docs/page.md has 3")
        let edited = korean(text.replacingOccurrences(of: "struct Greeter {", with: "struct Greeter { // 인사"))
        #expect(edited?.line == 7)
        #expect(edited?.message.hasPrefix("fenced block 1's line 1 is \"struct Greeter { // 인사\"") == true)
        let table = "\n<!-- generated: workbook metrics --markdown -->\n| stage | files |\n<!-- end generated -->"
        let englishTable = DocPage(path: "docs/page.md", text: english.lines.joined(separator: "\n") + table)
        let koreanTable = DocPage(
            path: "docs/ko/page.md", text: text + table.replacingOccurrences(of: "| stage |", with: "| 단계 |"))
        #expect(
            Translation.firstDifference(english: englishTable, korean: koreanTable)?.message.hasPrefix(
                "generated block 1's line 1 is \"| 단계 | files |\"") == true)
        let relabelled = korean(text.replacingOccurrences(of: "```swift", with: "```text"))
        #expect(relabelled?.message == "fenced block 1 is ```swift in docs/page.md:6, not ```text")
    }
}
