// The pages say "every stage", not the ladder's length: a count typed into prose goes stale, without
// a sound, the day a stage is added. Counts of other things (request functions, the steps of a
// request, new capabilities) are the code's and stay.
import Foundation
import Ladder
import Testing

extension LadderSpellingTests {
    @Test("no page says the ladder's length in words: it says every stage, or each step")
    func noPageSaysTheLength() throws {
        let root = try #require(PackageWorld.root)
        let pages = LadderSpelling.pages(under: root)
        #expect(pages.contains("docs/ko/live.md") && pages.contains("README.md"), "read \(pages.count) pages")
        for path in pages {
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            for problem in LadderSpelling.pageProblems(in: text, path: path) {
                Issue.record("\(problem)")
            }
        }
    }

    @Test("a page's count of the stages is found in both languages; other counts are not")
    func pageFormsAreFound() {
        let six = LadderSpelling.lengthWord
        let koreanSix = LadderSpelling.koreanLengthWord
        let planted = """
            Run the tour, all \(six) stages side by side.
            The same four calls are written \(six) times, one per stage.
            The \(six) chapters take two hours to read.
            \(koreanSix) 단계를 나란히 비교합니다.
            같은 호출 네 개를 \(koreanSix) 번 다시 씁니다.
            \(koreanSix) 장을 읽는 데 두 시간쯤 걸립니다.
            """
        let found = LadderSpelling.pageProblems(in: planted, path: "docs/planted.md")
        #expect(found.map(\.line) == Array(1...planted.components(separatedBy: "\n").count), "\(found)")
        #expect(found.allSatisfy { $0.message.contains("every stage") && $0.description.contains("docs/planted.md:") })
        let other = """
            Each is the same \(six) steps: build, send, check, check, check, decode.
            Stage 6 adds \(six) capabilities, across all \(six) calls.
            This run sends 18 requests to Unsplash (3 calls × \(Ladder.stages.count) stages), no more;
            3단계의 함수 \(koreanSix) 개는 저마다 요청을 보냅니다. 같은 과정이 \(koreanSix) 번 되풀이됩니다.
            """
        #expect(LadderSpelling.pageProblems(in: other, path: "docs/planted.md").isEmpty)
    }
}

extension LadderSpelling {
    /// Every page a reader reads: the Markdown at the root, under docs/, Katas/, Exercises/ and
    /// Tests/, and under Sources/ the stage READMEs and the DocC catalogs' pages and tutorials.
    static func pages(under root: URL) -> [String] {
        let rootPages = ["README.md", "CONTRIBUTING.md"].filter {
            FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path)
        }
        let sources = root.appendingPathComponent("Sources")
        let found = (try? FileManager.default.subpathsOfDirectory(atPath: sources.path)) ?? []
        let sourcePages = found.filter { $0.hasSuffix(".md") || $0.hasSuffix(".tutorial") }.map { "Sources/" + $0 }
        return rootPages + PackageWorld.files(in: PackageWorld.pageFolders + ["Tests"], root: root, ending: ".md")
            + sourcePages.sorted()
    }

    /// Each line of a page that counts the stages in words.
    static func pageProblems(in text: String, path: String) -> [Problem] {
        text.components(separatedBy: "\n").enumerated().compactMap { index, line in
            guard
                let words = (matches(of: englishPagePattern, in: line) + matches(of: koreanPagePattern, in: line)).first
            else { return nil }
            return Problem(
                path: path, line: index + 1,
                message: "\"\(words)\" counts the stages: write every stage, each stage or each step, which stay "
                    + "true when one is added")
        }
    }

    /// "All N", "N stages", "the N chapters", "written N times", with N the length in words: the
    /// length, as prose says it.
    static let englishPagePattern = compiled(
        #"(?i)\ball\s+"# + lengthWord + #"\s+(?!calls\b)\w+|\b"# + lengthWord
            + #"\s+(?:\w+\s+)?(?:stages?|chapters|tutorials|versions|exercises|katas)\b|\b(?:written|write|writes|doing[^.]*)\s+"#
            + lengthWord + #"\s+times\b"#)
    /// The same in Korean: N 단계, N 장, and N 번 of writing the calls again.
    static let koreanPagePattern = compiled(
        koreanLengthWord + #"\s*(?:개의?\s*)?(?:단계|장\b|장을|장이|가지 버전)|"# + koreanLengthWord
            + #"\s*번\s*(?:다시|새로|하는)"#)
}
