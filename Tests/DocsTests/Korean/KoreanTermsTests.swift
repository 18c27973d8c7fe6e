// Every Korean page in the glossary's words: no variant the glossary rejects, across a line wrap too,
// 단계 for a stage only, 테스트 스위트 first, and discussion questions as a study group asks them. The variants, and
// the pages still to be revised, are in KoreanTerms.swift; the page rules in KoreanTerms+Pages.swift.
import FakeTurns
import Ladder
import Testing

@Suite("Docs: the Korean glossary's terms", .serialized, .busyLane)
struct KoreanTermsTests {
    /// Every Korean page a reader meets: under docs/ko/, beside an English page, each stage's
    /// README.ko.md, and the Korean tutorial's pages.
    static let koreanPages =
        DocFile.all.filter { Translation.isKorean($0.path) }
        + PackageWorld.koreanSourcePages()
        .map(DocFile.init)

    @Test("no Korean page says a thing the way the glossary rejects", arguments: koreanPages)
    func glossaryTerms(_ file: DocFile) throws {
        Self.record(KoreanTerms.problems(on: try PackageWorld.page(file.path)), on: file.path)
    }

    /// Records each problem of `path`, as a known issue on a page still to be revised.
    static func record(_ problems: [DocProblem], on path: String) {
        guard KoreanTerms.awaitsRevision(path) else {
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

                Popcorn은 모든 응답을 봉투로 감쌉니다. 1~5단계는 <!-- case: 봉투 -->처음 다섯 단계입니다.

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
        // A number past the ladder's top is a step; the message says where the stages are listed.
        let top = Ladder.top.number
        let past = KoreanTerms.problems(
            on: DocPage(path: "docs/ko/x.md", text: "1단계에서 \(top)단계까지\n\n\(top + 1)단계\n\n\(top + 10)단계"))
        #expect(past.map(\.excerpt) == ["\(top + 1)단계", "\(top + 10)단계"], "\(past)")
        #expect(past.first?.message.contains("Workbench/Ladder/Ladder.swift") == true, "\(past)")
    }

    @Test("each variant issue 38 rejects is reported, on one line or split by a line wrap, and not in code")
    func issue38Variants() {
        let page = DocPage(
            path: "docs/ko/03-result.md",
            text: """
                타입이 정해진 에러와 커스텀 에러, 그리고 기능 테스트는 `typedFailures` 기능을 봅니다.
                타입 지정 throws는 사용자가 읽을 문장을 고르고, 상태 코드 확인을 합니다. 왕복은 스텝마다 돕니다.
                최적화기는 최적화
                빌드에서 값을 잠금 뒤에 둡니다. 가장 새 토큰과 비밀값을 출시합니다.
                사다리는 여기서 시작합니다.

                상태는 락 뒤에 있고, 로그인이 끝나면 둘러보기를 엽니다.

                ## 사다리의 맨 위

                커스텀 에러 타입, 새 기능, 사다리 검사, 사다리의 약속, 왕복 시간, 문장 하나에 `await` 하나,
                동작을 말하는 문장, 상태 코드를 확인합니다. `let 스텝 = "출시"`
                """)
        let found = KoreanTerms.problems(on: page)
        #expect(
            found.map(\.excerpt) == [
                "타입이 정해진 에러", "커스텀 에러", "기능 테스트", "기능", "타입 지정 throws", "문장", "확인", "왕복", "스텝",
                "최적화기", "최적화 빌드", "잠금 뒤에", "가장 새 토큰", "비밀값", "출시", "사다리", "락 뒤에",
                "로그인이 끝", "둘러보기",
            ], "\(found)")
        #expect(found.first { $0.excerpt == "최적화 빌드" }?.line == 3)
        #expect(found.first { $0.excerpt == "잠금 뒤에" }?.message.contains("NSLock으로 보호합니다") == true)
        #expect(found.allSatisfy { $0.line <= 7 }, "headings and the legitimate uses are left alone: \(found)")
        // The glossary has two concepts, 사다리 검사 and 사다리의 약속; a third word is one too many.
        let third = KoreanTerms.problems(on: DocPage(path: "docs/ko/planted.md", text: "사다리 테스트가 확인합니다.\n"))
        #expect(third.map(\.excerpt) == ["사다리"], "\(third)")
    }

    @Test("each calque and split word issue 46 rejects is reported; the plain uses beside them are not")
    func issue46Variants() {
        let page = DocPage(
            path: "Katas/stage3/README.ko.md",
            text: """
                2단계는 `(Value?, Error?)`로 콜백합니다. 아직 콜백하는 호출이 남습니다.
                플러그인은 하나뿐인 요청 함수 옆에 있습니다. 모든 요청에 필요한 것은 그 옆에 둡니다.
                상태 코드를 `APIError(status:message:)`로 나눕니다. 지금 호출이 나누는 실패는 두 가지입니다.
                값을 await하고, 커스텀 에러 타입으로 에러를 던집니다. fragment가 있는 베이스 URL은 거부합니다.
                unreserved 문자만 남기고, 비밀 값은 `•••`로 가립니다.

                콜백을 호출합니다. case마다 `switch`로 나눕니다. Moya는 `path`와 `task`로
                나눕니다. 동시성은 지연을 가려 줄 뿐입니다. 이 장을 가리킵니다. 다음 단계로 가려면 커스텀 에러 타입
                `APIError`를 씁니다. 프래그먼트, 비예약 문자, base URL, 거절, 마스킹. `fragment`와 `거부`는 코드입니다.
                """)
        let found = KoreanTerms.problems(on: page)
        #expect(
            found.map(\.excerpt) == [
                "콜백합", "플러그인은 하나뿐인 요청 함수 옆에", "상태 코드를 `APIError(status:message:)`로 나눕", "커스텀 에러 타입으로 에러를 던집",
                "fragment", "베이스 URL", "거부", "unreserved", "가립",
            ], "\(found)")
        #expect(found.allSatisfy { $0.line <= 5 }, "the plain uses are left alone: \(found)")
        #expect(found.first { $0.excerpt == "가립" }?.message.contains("masking(_:)") == true)
        #expect(found.first { $0.excerpt.hasPrefix("커스텀") }?.message.contains("typed throws") == true)
    }

    @Test("a file beside another and a protocol followed are reported; a file's folder and a guide followed are not")
    func besideAndConformVariants() {
        let page = DocPage(
            path: "Exercises/stage1/README.ko.md",
            text: """
                옆에 새 파일 `A.swift`를 만듭니다.
                새 함수는 옆 함수를 반복합니다.
                `Stage1Adapter`가 `UserPhotosCalling`을 따르게 합니다.
                `UnsplashAPI`는 `Endpoint`를 따르므로 빌드됩니다.
                이 타입은 프로토콜을 준수합니다.

                같은 폴더에 새 파일을 만듭니다. 새 함수는 기존 함수를 반복합니다. 화면 옆에 둡니다.
                `Stage1Adapter`가 `UserPhotosCalling`을 채택합니다. Linux 설치 방법을 따릅니다.
                """)
        let found = KoreanTerms.problems(on: page)
        #expect(
            found.map(\.excerpt) == ["옆에 새 파일", "옆 함수", "을 따르", "를 따르", "프로토콜을 준수"], "\(found)")
        #expect(found.map(\.line) == [1, 2, 3, 4, 5], "the plain uses are left alone: \(found)")
        #expect(found.first { $0.excerpt == "옆 함수" }?.message.contains("기존 함수") == true)
        #expect(found.first { $0.excerpt == "을 따르" }?.message.contains("채택") == true)
    }

    @Test("a page names the 테스트 스위트 first, and asks its discussion questions in 해요체")
    func pageRules() {
        let page = DocPage(
            path: "docs/ko/06-async.md",
            text: """
                스위트가 돕니다. 테스트 스위트는 그다음입니다.

                ## 토론

                1. 세션은 몇 개를 두겠습니까? 어디서 만들까요?
                2. 취소는 어디서 오니? 누가 취소할까? `x?`

                ## 학습 목표

                키가 바뀌면 몇 군데를 고쳐야 합니까?
                """)
        let found = KoreanTerms.problems(on: page)
        #expect(found.map(\.line) == [1, 5, 6, 6, 10], "\(found)")
        #expect(found.map(\.excerpt) == ["스위트", "두겠습니까?", "오니?", "취소할까?", "합니까?"])
        let right = DocPage(
            path: "docs/ko/06-async.md",
            text: "테스트 스위트가 돕니다. 스위트는 빠릅니다.\n\n## 토론\n\n1. 몇 개를 둘까요? 어디서 오나요? 왜인가요?")
        #expect(KoreanTerms.problems(on: right).isEmpty)
    }

    @Test("the pages still to be revised are named by path or by folder")
    func awaitingRevision() {
        let list = ["docs/ko/workshop.md", "Katas/"]
        #expect(KoreanTerms.awaitsRevision("Katas/stage3/hints.ko.md", list: list))
        #expect(KoreanTerms.awaitsRevision("docs/ko/workshop.md", list: list))
        #expect(!KoreanTerms.awaitsRevision("docs/ko/03-result.md", list: list))
        #expect(!KoreanTerms.awaitsRevision("Katas.ko.md", list: list))
    }
}
