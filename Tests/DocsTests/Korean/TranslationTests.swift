// The Korean edition kept in step with the English one: a Korean page for every page, and in each
// the same markers and code blocks as its English page, so every check that holds the English page
// to the package holds the Korean page to it too.
import FakeTurns
import Foundation
import Testing

@Suite("Docs: the Korean edition", .serialized, .busyLane)
struct TranslationTests {
    static let englishPages = DocFile.all.filter {
        !Translation.isKorean($0.path) && !Translation.isMaintainers($0.path)
    }

    @Test(
        "every page has its Korean page, with the same markers and fenced blocks in the same order",
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
        #expect(Translation.koreanPath(of: "docs/03-result.md") == "docs/ko/03-result.md")
        #expect(Translation.englishPath(of: "docs/ko/03-result.md") == "docs/03-result.md")
        #expect(Translation.koreanPath(of: "Exercises/stage3/README.md") == "Exercises/stage3/README.ko.md")
        #expect(Translation.englishPath(of: "Exercises/stage3/README.ko.md") == "Exercises/stage3/README.md")
        #expect(Translation.koreanPath(of: "Katas/stage4/hints.md") == "Katas/stage4/hints.ko.md")
        #expect(Translation.isKorean("docs/ko/README.md") && !Translation.isKorean("docs/README.md"))
        #expect(Translation.isKorean("Katas/README.ko.md") && !Translation.isKorean("Katas/README.md"))
    }
}
