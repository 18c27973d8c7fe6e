// Every Korean page in the glossary's words: no variant the glossary rejects, and 단계 for a stage
// only. The variants, and the pages still to be revised, are in KoreanTerms.swift.
import Testing

@Suite("Docs: the Korean glossary's terms", .serialized, .docsLane)
struct KoreanTermsTests {
    static let koreanPages = DocFile.all.filter { Translation.isKorean($0.path) }

    @Test("no page under docs/ko/ says a thing the way the glossary rejects", arguments: koreanPages)
    func glossaryTerms(_ file: DocFile) throws {
        let problems = KoreanTerms.problems(on: try PackageWorld.page(file.path))
        guard KoreanTerms.awaitsRevision(file.path) else {
            for problem in problems {
                Issue.record("\(problem)")
            }
            return
        }
        withKnownIssue(
            "a Korean page whose revision is still to come (KoreanTerms.awaitingRevision)", isIntermittent: true
        ) {
            for problem in problems {
                Issue.record("\(problem)")
            }
        }
    }

    @Test("a planted variant is reported with its page, its line and the term to use; a stage is not a step")
    func plantedVariant() {
        let page = DocPage(
            path: "Exercises/stage9/hints.ko.md",
            text: """
                # 연습 문제 9 힌트

                ## 1번: 1단계와 6단계

                Popcorn은 모든 응답을 봉투로 감쌉니다. 1~5단계는 <!-- case: 봉투 -->여섯 단계 중 다섯입니다.

                ## 2단계: 어댑터

                ```swift
                let envelope = "봉투"
                ```
                """)
        let found = KoreanTerms.problems(on: page)
        #expect(found.map(\.line) == [5, 7], "\(found)")
        #expect(found.first?.description.hasPrefix("Exercises/stage9/hints.ko.md:5: excerpt \"봉투\"") == true)
        #expect(found.first?.message.contains("공통 응답 모델") == true)
        #expect(found.last?.excerpt == "## 2단계:")
        #expect(found.last?.message.contains("1번, 2번") == true)
        #expect(KoreanTerms.problems(on: DocPage(path: "Exercises/stage1/hints.md", text: "## 2단계:")).isEmpty)
    }
}
