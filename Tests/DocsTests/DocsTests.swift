// Checks that the docs quote the code, the diffs and the numbers as they are now. Every rule runs
// on every Markdown page under docs/, one test case per page, so a failure names the page, the
// excerpt's first line and what did not match. The rules themselves are in DocChecks.swift.
import Testing

/// A page under docs/, shown in test output by its path.
struct DocFile: Sendable, CustomTestStringConvertible {
    let path: String
    var testDescription: String { path }

    static let all = PackageWorld.docPaths().map(DocFile.init)

    func check(_ rule: (DocPage, DocWorld) -> [DocProblem]) throws {
        let world = try PackageWorld.shared.get()
        for problem in rule(try PackageWorld.page(path), world) {
            Issue.record("\(problem)")
        }
    }
}

@Suite("Docs")
struct DocsTests {
    @Test("docs/ holds Markdown pages to check, so an empty argument list cannot pass quietly")
    func pagesFound() {
        #expect(DocFile.all.count >= Chapter.all.count + 1, "found \(DocFile.all.map(\.path))")
    }

    @Test(
        "every ```swift excerpt is a run of lines, verbatim, of the file its code marker names",
        arguments: DocFile.all)
    func codeExcerpts(_ file: DocFile) throws {
        try file.check(DocChecks.codeExcerpts)
    }

    @Test(
        "every ```diff excerpt takes its - lines from the first file and its + lines from the second",
        arguments: DocFile.all)
    func diffExcerpts(_ file: DocFile) throws {
        try file.check(DocChecks.diffExcerpts)
    }

    @Test(
        "every number with a metric comment is what `swift run workbook metrics` measures now",
        arguments: DocFile.all)
    func metrics(_ file: DocFile) throws {
        try file.check(DocChecks.metrics)
    }

    @Test("every generated block is what its command prints now", arguments: DocFile.all)
    func generatedBlocks(_ file: DocFile) throws {
        try file.check(DocChecks.generatedBlocks)
    }

    @Test("every test a page names exists in Tests/WorkbookTests", arguments: DocFile.all)
    func caseMentions(_ file: DocFile) throws {
        try file.check(DocChecks.caseMentions)
    }

    @Test("every relative link leads to a file or folder that exists", arguments: DocFile.all)
    func links(_ file: DocFile) throws {
        try file.check(DocChecks.links)
    }
}
