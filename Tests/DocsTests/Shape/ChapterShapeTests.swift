// The chapters keep the shape a reader relies on: the same sections in the same order, each
// stage's call site and diff quoted, a diagram, the suite's proof, an exercise, three questions.
import FakeTurns
import Ladder
import Testing

/// One stage's chapter, in English or in Korean, shown in test output by its path.
struct Chapter: Sendable, CustomTestStringConvertible {
    let stage: Int
    let path: String
    var testDescription: String { path }
    var isKorean: Bool { Translation.isKorean(path) }
    /// The stage's module: its folder under Sources/ is named for it.
    var module: String {
        Ladder.stage(stage)?.module ?? "Stage\(stage)"
    }

    /// One chapter per stage of the ladder, as `Workbench/Ladder/Ladder.swift` names it.
    static let english = Ladder.stages.map { Chapter(stage: $0.number, path: "docs/\($0.chapter).md") }
    static let korean = english.map { Chapter(stage: $0.stage, path: Translation.koreanPath(of: $0.path)) }
    static let all = english + korean

    /// The level-2 headings every chapter has, in this order.
    static let sections = [
        "The pain", "The step", "The call site", "Who calls whom", "What the suite proves", "Pitfalls", "Exercise",
        "Discussion",
    ]
    /// The same sections in the Korean chapters, one for one.
    static let koreanSections = [
        "문제점", "이번 단계", "호출부", "호출 관계", "테스트로 확인하는 것", "함정", "연습 문제", "토론",
    ]

    var sections: [String] { isKorean ? Self.koreanSections : Self.sections }
    /// Korean takes more lines than English to say the same, so a Korean chapter may run a little longer.
    var lengths: ClosedRange<Int> { isKorean ? 120...260 : 120...250 }
    /// What the stage shows, before the first section, besides the glossary line: two lines in
    /// English; the same two sentences may wrap to three in Korean.
    var introLines: ClosedRange<Int> { isKorean ? 2...3 : 2...2 }
}

@Suite("Docs: chapter shape", .serialized, .busyLane)
struct ChapterShapeTests {
    @Test(
        "a chapter opens with two lines on what it shows and a link to the glossary, then has every section in order",
        arguments: Chapter.all)
    func sections(_ chapter: Chapter) throws {
        let page = try PackageWorld.page(chapter.path)
        #expect(
            chapter.lengths.contains(page.lines.count),
            "\(chapter.path) has \(page.lines.count) lines; a chapter has \(chapter.lengths.lowerBound) to \(chapter.lengths.upperBound)"
        )
        let prose = page.prose
        let titles = prose.filter { $0.text.hasPrefix("# ") }
        #expect(titles.count == 1 && titles.first?.index == 0, "\(chapter.path) starts with its one # title")
        let headings = prose.filter { $0.text.hasPrefix("## ") }
        let intro = prose.filter {
            $0.index > 0 && $0.index < (headings.first?.index ?? 0)
                && !$0.text.trimmingSpaces.isEmpty
        }
        let glossaryLines = intro.filter { DocChecks.linkTargets(in: $0.text).contains("glossary.md") }
        #expect(glossaryLines.count == 1, "\(chapter.path): one line before the first section links glossary.md")
        let shows = intro.count - glossaryLines.count
        #expect(
            chapter.introLines.contains(shows),
            "\(chapter.path): what the stage shows takes \(shows) lines before the first section, not \(chapter.introLines.lowerBound) to \(chapter.introLines.upperBound)"
        )
        #expect(
            headings.map { String($0.text.dropFirst(3)) } == chapter.sections, "\(chapter.path): the sections, in order"
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
        let exercise = "Exercises/stage\(chapter.stage)/README.md"
        let wanted = Translation.isKorean(chapter.path) ? Translation.koreanPath(of: exercise) : exercise
        #expect(linked(from: page).contains(wanted), "\(chapter.path) links its exercise, \(wanted)")
    }

    @Test("a chapter ends with exactly three discussion questions", arguments: Chapter.all)
    func discussion(_ chapter: Chapter) throws {
        let page = try PackageWorld.page(chapter.path)
        let discussion = "## " + (chapter.sections.last ?? "")
        let start = try #require(page.lines.firstIndex(of: discussion), "\(chapter.path) has no \(discussion)")
        let questions = page.lines[start...].filter { line in
            line.first?.isNumber == true && line.contains(". ") && line.hasSuffix("?")
        }
        #expect(questions.count == 3, "\(chapter.path) has \(questions.count) numbered questions ending in ?")
    }

    @Test("the index links every chapter and every companion page", arguments: ["docs/", Translation.folder])
    func index(_ folder: String) throws {
        let page = try PackageWorld.page(folder + "README.md")
        let linked = linked(from: page)
        let companions =
            Chapter.english.map { String($0.path.dropFirst("docs/".count)) } + [
                "comparison.md", "pitfalls.md", "workshop.md", "beyond.md", "glossary.md",
            ]
        let korean = folder == Translation.folder
        let folders = ["Katas/README.md", "Exercises/README.md"].map { korean ? Translation.koreanPath(of: $0) : $0 }
        // Said as what is missing, not as the set of links, which a failure would print whole.
        for path in companions.map({ folder + $0 }) + folders where !linked.contains(path) {
            Issue.record("\(page.path) does not link \(path): add it to the reading order")
        }
    }

    /// Every page `page`'s prose links, as a path from the package root.
    private func linked(from page: DocPage) -> Set<String> {
        Set(
            prose(page).flatMap(DocChecks.linkTargets).compactMap { target in
                DocChecks.localPath(of: target).flatMap { DocChecks.resolve($0, from: page.path) }
            })
    }

    private func prose(_ page: DocPage) -> [String] {
        page.prose.map(\.text)
    }
}
