// The Korean edition kept in step with the English one: a Korean page for every page, and in each
// the same markers and code blocks as its English page, so every check that holds the English page
// to the package holds the Korean page to it too.
import Foundation
import Testing

@Suite("Docs: the Korean edition", .serialized, .docsLane)
struct TranslationTests {
    static let englishPages = DocFile.all.filter { !Translation.isKorean($0.path) }

    @Test(
        "every page under docs/ has its page under docs/ko/, with the same markers and fenced blocks in the same order",
        arguments: englishPages)
    func parity(_ file: DocFile) throws {
        let koreanPath = Translation.koreanPath(of: file.path)
        guard DocFile.all.contains(where: { $0.path == koreanPath }) else {
            Issue.record("\(koreanPath) does not exist: \(file.path) has no Korean page")
            return
        }
        let english = try PackageWorld.page(file.path)
        let korean = try PackageWorld.page(koreanPath)
        if let difference = Translation.firstDifference(english: english, korean: korean) {
            Issue.record("\(difference)")
        }
    }

    @Test("every page under docs/ko/ translates a page under docs/")
    func noPageWithoutOriginal() {
        for file in DocFile.all where Translation.isKorean(file.path) {
            let english = Translation.englishPath(of: file.path)
            #expect(
                Self.englishPages.contains { $0.path == english }, "\(file.path) has no English page at \(english)")
        }
    }

    @Test("the Korean pages are found where the English ones say, and back")
    func paths() {
        #expect(Translation.koreanPath(of: "docs/exercises/stage3.md") == "docs/ko/exercises/stage3.md")
        #expect(Translation.englishPath(of: "docs/ko/exercises/stage3.md") == "docs/exercises/stage3.md")
        #expect(Translation.isKorean("docs/ko/README.md") && !Translation.isKorean("docs/README.md"))
    }
}
