// The chapters keep the shape a reader relies on: the same sections in the same order, each
// stage's call site and diff quoted, a diagram, the suite's proof, an exercise, three questions.
import Testing

/// One stage's chapter, shown in test output by its path.
struct Chapter: Sendable, CustomTestStringConvertible {
    let stage: Int
    let path: String
    var testDescription: String { path }
    /// The stage's module: its folder under Sources/ is named for it.
    var module: String {
        ["Stage1Hardcoded", "Stage2EnumAPI", "Stage3Result", "Stage4Generic", "Stage5Router", "Stage6Async"][stage - 1]
    }

    static let all = [
        Chapter(stage: 1, path: "docs/01-hardcoded.md"), Chapter(stage: 2, path: "docs/02-enum-api.md"),
        Chapter(stage: 3, path: "docs/03-result.md"), Chapter(stage: 4, path: "docs/04-generic.md"),
        Chapter(stage: 5, path: "docs/05-router.md"), Chapter(stage: 6, path: "docs/06-async.md"),
    ]

    /// The level-2 headings every chapter has, in this order.
    static let sections = [
        "The pain", "The step", "The call site", "Who calls whom", "What the suite proves", "Pitfalls", "Exercise",
        "Discussion",
    ]
}

@Suite("Docs: chapter shape")
struct ChapterShapeTests {
    @Test("a chapter opens with two lines on what it shows, then has every section in order", arguments: Chapter.all)
    func sections(_ chapter: Chapter) throws {
        let page = try PackageWorld.page(chapter.path)
        #expect(
            (120...250).contains(page.lines.count),
            "\(chapter.path) has \(page.lines.count) lines; a chapter has 120 to 250")
        let prose = page.prose
        let titles = prose.filter { $0.text.hasPrefix("# ") }
        #expect(titles.count == 1 && titles.first?.index == 0, "\(chapter.path) starts with its one # title")
        let headings = prose.filter { $0.text.hasPrefix("## ") }
        let intro = prose.filter {
            $0.index > 0 && $0.index < (headings.first?.index ?? 0)
                && !$0.text.trimmingCharacters(in: .whitespaces).isEmpty
        }
        #expect(intro.count == 2, "\(chapter.path): what the stage shows, in two lines before the first section")
        #expect(
            headings.map { String($0.text.dropFirst(3)) } == Chapter.sections, "\(chapter.path): the sections, in order"
        )
    }

    @Test(
        "a chapter quotes its stage's call site and a diff, draws a diagram, and names its proofs",
        arguments: Chapter.all)
    func contents(_ chapter: Chapter) throws {
        let page = try PackageWorld.page(chapter.path)
        let text = page.lines.joined(separator: "\n")
        #expect(
            text.contains("<!-- code: Sources/\(chapter.module)/PhotoScreen.swift -->")
                || text.contains("<!-- code: Sources/\(chapter.module)/LoginScreen.swift -->"),
            "\(chapter.path) quotes its call site: the stage's screen")
        #expect(text.contains("<!-- diff: "), "\(chapter.path) quotes a diff")
        #expect(page.blocks.contains { $0.language == "mermaid" }, "\(chapter.path) draws who calls whom")
        #expect(text.contains("<!-- metric: "), "\(chapter.path) states a measured number")
        #expect(text.contains("<!-- case: "), "\(chapter.path) names the tests that prove it")
        #expect(
            prose(page).flatMap(DocChecks.linkTargets).contains("exercises/stage\(chapter.stage).md"),
            "\(chapter.path) links its exercise")
    }

    @Test("a chapter ends with exactly three discussion questions", arguments: Chapter.all)
    func discussion(_ chapter: Chapter) throws {
        let page = try PackageWorld.page(chapter.path)
        let start = try #require(page.lines.firstIndex(of: "## Discussion"), "\(chapter.path) has no ## Discussion")
        let questions = page.lines[start...].filter { line in
            line.first?.isNumber == true && line.contains(". ") && line.hasSuffix("?")
        }
        #expect(questions.count == 3, "\(chapter.path) has \(questions.count) numbered questions ending in ?")
    }

    @Test("the index links every chapter and every companion page")
    func index() throws {
        let page = try PackageWorld.page("docs/README.md")
        let linked = Set(
            prose(page).flatMap(DocChecks.linkTargets).compactMap { target in
                DocChecks.localPath(of: target).flatMap { DocChecks.resolve($0, from: page.path) }
            })
        let companions = ["comparison.md", "pitfalls.md", "workshop.md", "beyond.md", "exercises/README.md"].map {
            "docs/" + $0
        }
        for path in Chapter.all.map(\.path) + companions {
            #expect(linked.contains(path), "docs/README.md does not link \(path)")
        }
    }

    private func prose(_ page: DocPage) -> [String] {
        page.prose.map(\.text)
    }
}
