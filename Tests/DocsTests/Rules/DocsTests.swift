// Checks that the docs quote the code, the diffs and the numbers as they are now. Every rule runs
// on every Markdown page under docs/, one test case per page, so a failure names the page, the
// excerpt's first line and what did not match. The rules themselves are in DocChecks.swift.
import FakeTurns
import Foundation
import Locking
import Testing

/// A page under docs/, shown in test output by its path.
struct DocFile: Sendable, CustomTestStringConvertible {
    let path: String
    var testDescription: String { path }

    static let all = PackageWorld.docPaths().map(DocFile.init)

    /// Records what `rule` finds on this page, but for what only a stage's sources explain: those
    /// are `DocsTests.stagesAsQuoted`'s to report.
    func check(_ rule: DocRule) throws {
        for problem in try DocFindings.all.get()[rule, default: []]
        where problem.file == path && !DocFindings.comesFromStages(problem, rule: rule) {
            Issue.record("\(problem)")
        }
    }
}

/// CI's switch. A learner who edits a stage for an exercise or a kata changes what the docs quote;
/// only with WORKBOOK_STRICT_DOCS=1, as `.ci/run` sets it, does that fail `swift test`.
enum DocsMode {
    static let variable = "WORKBOOK_STRICT_DOCS"
    static let strict = ProcessInfo.processInfo.environment[variable] == "1"
    static let note: Comment = """
        the stages' sources, numbers or tests differ from what the docs quote, so this check is skipped. Nothing \
        to do if this is your exercise's or your kata's change: it runs again when the stages are as committed; \
        CI runs it strictly, with WORKBOOK_STRICT_DOCS=1
        """
}

/// The rules, by name, so that what each finds can be sorted once for every test.
enum DocRule: CaseIterable, Sendable {
    case codeExcerpts, diffExcerpts, metrics, generatedBlocks, caseMentions, links

    var check: @Sendable (DocPage, DocWorld) -> [DocProblem] {
        switch self {
        case .codeExcerpts: DocChecks.codeExcerpts
        case .diffExcerpts: DocChecks.diffExcerpts
        case .metrics: DocChecks.metrics
        case .generatedBlocks: DocChecks.generatedBlocks
        case .caseMentions: DocChecks.caseMentions
        case .links: DocChecks.links
        }
    }
}

/// What every rule finds on every page, found once.
enum DocFindings {
    ///
    /// The stage checks' skip condition asks for this while Swift Testing plans the run, before any
    /// test starts, so the pages are read side by side on every core.
    static let all = Result { () throws(DocsSetupError) -> [DocRule: [DocProblem]] in
        let world = try PackageWorld.shared.get()
        let paths = PackageWorld.docPaths()
        let pages = Locked<[Result<[DocRule: [DocProblem]], DocsSetupError>?]>(
            Array(repeating: nil, count: paths.count))
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let found = Result { () throws(DocsSetupError) -> [DocRule: [DocProblem]] in
                let page = try PackageWorld.page(paths[index])
                return Dictionary(uniqueKeysWithValues: DocRule.allCases.map { ($0, $0.check(page, world)) })
            }
            pages.withLock { $0[index] = found }
        }
        var found: [DocRule: [DocProblem]] = [:]
        for case let page? in pages.withLock({ $0 }) {
            for (rule, problems) in try page.get() { found[rule, default: []] += problems }
        }
        return found
    }

    /// The problems that a learner's work on a stage can cause, of every rule.
    static var fromStages: [DocProblem] {
        let found = (try? all.get()) ?? [:]
        return DocRule.allCases.flatMap { rule in
            found[rule, default: []].filter { comesFromStages($0, rule: rule) }
        }
    }

    /// Whether `problem` is about what an exercise or a kata changes: a stage's folder, its adapter
    /// or its suite's file, quoted, linked or named, or a number measured from the stages.
    static func comesFromStages(_ problem: DocProblem, rule: DocRule) -> Bool {
        switch rule {
        case .metrics, .generatedBlocks:
            return true
        case .codeExcerpts, .diffExcerpts:
            guard let page = try? PackageWorld.page(problem.file), page.lines.indices.contains(problem.line - 1) else {
                return false
            }
            let marker = page.lines[problem.line - 1]
            let paths = (DocPage.wholeLineComment("code", in: marker) ?? DocPage.wholeLineComment("diff", in: marker))?
                .split(separator: " ").map(String.init)
            return paths?.contains(where: isStagePath) ?? false
        case .links:
            let target = String(problem.excerpt.dropFirst().dropLast())
            return DocChecks.localPath(of: target).flatMap { DocChecks.resolve($0, from: problem.file) }.map(
                isStagePath)
                ?? false
        case .caseMentions:
            // A stage's own tests are named "Stage N …"; a kata sets the ones that name its types aside.
            let name = problem.excerpt.replacingOccurrences(of: "<!-- case: ", with: "")
            return name.hasPrefix("Stage ") && name.dropFirst("Stage ".count).first?.isNumber == true
        }
    }

    /// Sources/Stage3Result/…, Workbench/Harness/Stage3Adapter….swift, Tests/LadderTests/Stage3Tests.swift,
    /// Tests/StageTypesTests/Stage5TypesTests.swift.
    static func isStagePath(_ path: String) -> Bool {
        let parts = path.split(separator: "/").map(String.init)
        func numbered(_ name: String) -> Bool {
            name.hasPrefix("Stage") && name.dropFirst("Stage".count).first?.isNumber == true
        }
        switch (parts.first, parts.count) {
        case ("Workbench", 3...) where parts[1] == "Harness": return numbered(parts[2])
        case ("Sources", 2...): return numbered(parts[1])
        case ("Tests", 3...): return ["LadderTests", "StageTypesTests"].contains(parts[1]) && numbered(parts[2])
        default: return false
        }
    }
}

@Suite("Docs", .serialized, .busyLane)
struct DocsTests {
    @Test("docs/ holds Markdown pages to check, so an empty argument list cannot pass quietly")
    func pagesFound() {
        #expect(DocFile.all.count >= Chapter.english.count + 1, "found \(DocFile.all.map(\.path))")
    }

    @Test(
        "the docs quote the stages' sources, numbers and tests as they are now",
        .disabled(if: !DocsMode.strict && !DocFindings.fromStages.isEmpty, DocsMode.note))
    func stagesAsQuoted() throws {
        _ = try DocFindings.all.get()
        for problem in DocFindings.fromStages {
            Issue.record("\(problem)")
        }
    }

    @Test(
        "every ```swift excerpt is a run of lines, verbatim, of the file its code marker names",
        arguments: DocFile.all)
    func codeExcerpts(_ file: DocFile) throws {
        try file.check(.codeExcerpts)
    }

    @Test(
        "every ```diff excerpt takes its - lines from the first file and its + lines from the second",
        arguments: DocFile.all)
    func diffExcerpts(_ file: DocFile) throws {
        try file.check(.diffExcerpts)
    }

    @Test(
        "every number with a metric comment is what `swift run workbook metrics` measures now",
        arguments: DocFile.all)
    func metrics(_ file: DocFile) throws {
        try file.check(.metrics)
    }

    @Test("every generated block is what its command prints now", arguments: DocFile.all)
    func generatedBlocks(_ file: DocFile) throws {
        try file.check(.generatedBlocks)
    }

    @Test("every test a page names exists in the test sources", arguments: DocFile.all)
    func caseMentions(_ file: DocFile) throws {
        try file.check(.caseMentions)
    }

    @Test("every relative link leads to a file or folder that exists", arguments: DocFile.all)
    func links(_ file: DocFile) throws {
        try file.check(.links)
    }

    @Test("a problem with a stage's file, number or own test is told apart from one with the docs alone")
    func stageProblemsToldApart() {
        for path in [
            "Sources/Stage3Result/APIError.swift", "Workbench/Harness/Stage3Adapter+UserPhotos.swift",
            "Tests/LadderTests/Stage6Tests.swift", "Tests/StageTypesTests/Stage5TypesTests.swift",
        ] {
            #expect(DocFindings.isStagePath(path), "\(path)")
        }
        for path in [
            "Workbench/HarnessCore/Capabilities.swift", "Sources/Models/Photo.swift",
            "Tests/LadderTests/SharedCases.swift", "Tests/FakeServerTests/FakeServerTests.swift",
            "docs/03-result.md", "Sources",
        ] {
            #expect(!DocFindings.isStagePath(path), "\(path)")
        }
        let link = DocProblem(
            file: "docs/03-result.md", line: 1, excerpt: "(../Sources/Stage3Result/APIError.swift)", message: "")
        #expect(DocFindings.comesFromStages(link, rule: .links))
        #expect(
            !DocFindings.comesFromStages(
                DocProblem(file: "docs/03-result.md", line: 1, excerpt: "(missing.md)", message: ""), rule: .links))
        let mention = DocProblem(
            file: "docs/03-result.md", line: 1, excerpt: "<!-- case: Stage 3 puts every status -->", message: "")
        #expect(DocFindings.comesFromStages(mention, rule: .caseMentions))
        #expect(
            !DocFindings.comesFromStages(
                DocProblem(file: "docs/03-result.md", line: 1, excerpt: "<!-- case: a timeout fail -->", message: ""),
                rule: .caseMentions))
    }
}
