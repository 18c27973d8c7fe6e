// The Korean glossary held on every Korean page: each way of saying a thing that the glossary does not
// use, with what it writes instead, and the check that finds one on a page, across a line wrap too.
// Step and stage are told apart the same way: 단계 is a stage, and one step of an exercise or a kata
// is 순서, 1번, 2번.
import Foundation
import Ladder

/// A way of saying something that docs/ko/glossary.md does not use, and what it writes instead.
struct RejectedVariant: Sendable {
    /// An ICU regular expression, matched against each paragraph of a page outside fenced blocks
    /// (`ProseUnit`), its lines joined with "\n": `^` and `$` hold at each line, and a space in the
    /// pattern matches any space, the line wrap that splits a phrase included. A match that lies
    /// inside a code span is code, not prose, and is not reported.
    let pattern: String
    /// What the glossary writes instead.
    let use: String
    /// Only pages whose path contains this are read for the variant; nil for every Korean page.
    let pages: String?
    /// False when a heading may hold the variant: a title may name a thing the way prose does not.
    let inTitles: Bool
    /// What a problem says, when more than the glossary decides it; nil for the glossary's word.
    let message: String?

    init(
        _ pattern: String, use: String, onPagesUnder pages: String? = nil, inTitles: Bool = true,
        message: String? = nil
    ) {
        self.pattern = pattern
        self.use = use
        self.pages = pages
        self.inTitles = inTitles
        self.message = message
    }

    /// The pattern as searched: each space stands for any one space or line break.
    var searched: String {
        pattern.replacingOccurrences(of: " ", with: #"\s"#)
    }

    func applies(to path: String) -> Bool {
        pages.map { path.contains($0) } ?? true
    }
}

enum KoreanTerms {
    /// The variants the glossary rejects, each with the term to write instead. Each pattern is
    /// narrow enough to leave the legitimate uses alone: N단계 for a stage of the ladder, a count of
    /// 단계, 이번 단계 and 단계마다 are stages.
    static let rejected: [RejectedVariant] = [
        // The words Korean iOS developers use.
        RejectedVariant("봉투", use: "공통 응답 모델"),
        RejectedVariant("갱신 ?토큰", use: "리프레시 토큰"),
        RejectedVariant(#"\(refresh\)"#, use: "토큰 갱신"),
        RejectedVariant("바닥값", use: "기준값"),
        RejectedVariant("사다리의? 주장", use: "사다리 검사"),
        RejectedVariant("능력", use: "capability"),
        RejectedVariant("(Swift|컴파일러)[가는]?[^.]*읽어 ?(내|냅|낸|낼)", use: "타입 추론"),
        RejectedVariant("타입이 (있는|정해진) (에러|실패)", use: "커스텀 에러 타입"),
        RejectedVariant("열거형", use: "enum"),
        RejectedVariant(#"\(fake\)"#, use: "가짜 서버"),
        RejectedVariant("네트워크 계층", use: "네트워크 레이어"),
        RejectedVariant("매개변수", use: "파라미터"),
        RejectedVariant("연관값", use: "연관 값"),
        RejectedVariant("원시값", use: "원시 값"),
        RejectedVariant("챕터", use: "장"),
        RejectedVariant("스무 호출", use: "호출 스무 개"),
        RejectedVariant("쿼리 항목", use: "쿼리 아이템"),
        // One word, one thing: 호출부 is the screen, and 케이스 a test case.
        RejectedVariant("URLSession`? 호출부", use: "`URLSession` 호출 지점"),
        RejectedVariant("(enum|에러|APIError)의? 케이스", use: "case"),
        RejectedVariant("switch[^.]*케이스", use: "case"),
        // Before and after, said one way, never in English at the head of a line.
        RejectedVariant("(?i)^(before|after)[ ,:]", use: "바꾸기 전인 N단계, 바꾼 뒤인 N단계"),
        RejectedVariant(#"(이전|이후)(인 |\()[0-9]단계"#, use: "바꾸기 전인 N단계, 바꾼 뒤인 N단계"),
        // 단계 only for stages: a step is 순서, 1번, 2번, as the kata pages write it.
        RejectedVariant(#"^#{2,6} 단계\s*$"#, use: "작업 순서 for the steps (단계 is a stage)"),
        RejectedVariant("^#{2,6} [0-9]+단계:", use: "1번, 2번 for a step", onPagesUnder: "/hints."),
        RejectedVariant("단계(마다|별로) 한 ?(절|섹션)", use: "순서 하나에 섹션 하나 for the steps"),
        RejectedVariant("[0-9]단계의 (한|두|세|네|다섯|여섯|일곱|여덟|아홉|열) 단계", use: "과정 for the steps of a stage"),
        RejectedVariant(
            "(?<![0-9~])(?!(?:\(Ladder.numbers.map(String.init).joined(separator: "|")))단계)[1-9][0-9]*단계",
            use: "N번 for a step",
            message: "the stages are \(Ladder.span(Ladder.numbers)), as Workbench/Ladder/Ladder.swift lists them: "
                + "on this page a step is 1번, 2번 (\(Glossary.korean)); a new stage is added to `Ladder.stages` first"),
        RejectedVariant("[0-9]단계의 명령", use: "1번의 명령 for the command of step 1"),
        RejectedVariant("[0-9]번 단계", use: "1번, 2번 for a step"),
        RejectedVariant("(자기|각자의|페이지의) 단계를", use: "작업 순서 번호 for a step's number"),
        RejectedVariant("이 단계를 짚", use: "이 순서 for this step"),
        RejectedVariant("[0-9]번 연습 문제", use: "연습 문제 N for an exercise (N번 is a step)"),
        // One word per concept, the one Korean iOS developers use (issue 38; the glossary says why).
        RejectedVariant("커스텀 에러(?! ?타입)", use: "커스텀 에러 타입"),
        RejectedVariant("기능 ?테스트", use: "capability 테스트 (기능 테스트 is a functional test)"),
        RejectedVariant(
            "(?<!새 |다음 )기능(?! ?테스트)", use: "capability, in English (기능 is a product's feature: 새 기능)"),
        RejectedVariant("타입 ?지정 throws", use: "typed throws"),
        RejectedVariant(
            "(?<!말하는 |어색한 |번역투 |고쳐 쓴 )문장(?! 하나에 `await`)",
            use: "문구, or 에러 메시지 for an error's text (문장 is a sentence: 어색한 문장, a statement)"),
        RejectedVariant("확인(?![하해했할합한함된되됩돼])", use: "검사, or 검증 로직 for code (확인 as a noun)"),
        RejectedVariant("왕복(?! ?시간)", use: "라운드 for an edit, build and test (왕복 시간 is a network round trip)"),
        RejectedVariant("스텝", use: "순서, 1번, 2번 for a step"),
        RejectedVariant("최적화기", use: "옵티마이저"),
        RejectedVariant("최적화 ?빌드", use: "릴리스 빌드 for `-c release`"),
        RejectedVariant("(잠금(을 건| ?뒤에))|락 ?뒤에", use: "NSLock으로 보호합니다"),
        RejectedVariant("로그인(이| 상태가) 끝", use: "로그인 상태가 해제됩니다 for a sign-in that ends (끝나다 reads as done)"),
        RejectedVariant("둘러보기", use: "투어 for `swift run workbook`"),
        RejectedVariant("가장 (새|최근의?) 토큰", use: "최신 토큰"),
        RejectedVariant(
            "사다리(?! ?검사|의 약속)",
            use: "단계별 리팩터링 (사다리 names only 사다리 검사 and 사다리의 약속, the glossary's two concepts)",
            inTitles: false),
        RejectedVariant("비밀값", use: "비밀 값"),
        RejectedVariant("출시", use: "배포"),
        // The calques issue 46 found, and one word for each concept the pages had split in two. Each
        // pattern leaves the plain use alone: the noun 콜백, `switch`로 나눕니다,
        // 지연을 가려 줄 뿐, 가리킵니다, and 커스텀 에러 타입 for `APIError` itself.
        RejectedVariant(
            "콜백[하한할합했해함되된됩돼될]",
            use: "결과를 컴플리션 핸들러로 넘깁니다 (콜백합니다 is the English verb; 콜백 stays a noun: 콜백을 호출합니다)"),
        RejectedVariant(
            ["(요청 (함수|경로)|그 함수|함수 하나)의? 옆", "(플러그인|모든 요청에 필요한)[^.]{0,60}옆(에|에서)", "옆의 플러그인"]
                .joined(separator: "|"),
            use: "하나뿐인 요청 함수가 모든 요청에 실행하는 코드 for a plugin (옆에 is the English beside)"),
        // A file is placed by its folder, a function named as the one already there (the glossary's beside).
        RejectedVariant(
            "옆에 (있는 )?새 파일|(?<![가-힣])옆 함수",
            use: "같은 폴더(`Workbench/Harness/`)에 새 파일, and 기존 함수 (옆에 is the English beside)"),
        // Conforming to a protocol is 채택: 따르다 is the English conform, 준수 a second word for it. Only
        // after a type's name in code, after 프로토콜, or as 따르게 하다, so that 설치 방법을 따릅니다 stays.
        RejectedVariant(
            [
                "(?<=`)[을를] (따(르|릅|른|를|랐|라)|준수)", "프로토콜[을를] (따(르|릅|른|를|랐|라)|준수)",
                "따르게 (하|합|할|한|해|했)",
            ].joined(separator: "|"),
            use: "채택합니다 for conforming to a protocol, 채택 as the noun (따르다 and 준수 are the English conform)"),
        RejectedVariant(
            [
                "(상태 코드|실패|에러|응답|[0-9]{3})[을를은는][^.]{0,40}(로|에 따라) 나(눕|누|눠|눈|눌)",
                "(case|APIError[^`]*`)로 나(눕|누|눠|눈|눌)", "나누는 (실패|에러|상태 코드)",
            ].joined(separator: "|"),
            use: "case로 바꿉니다 for a status code or a failure made an `APIError` case (나눕니다 is the English sort)"),
        RejectedVariant(
            [
                "커스텀 에러 타입[^.]{0,12}던[지집진질져]", "던[지진질][^.]{0,8}커스텀 에러 타입", "async[^.]{0,20}커스텀 에러 타입",
                "커스텀 에러 타입[^.]{0,20}async",
            ].joined(separator: "|"),
            use: "typed throws for what `throws(APIError)` does (커스텀 에러 타입 is `APIError` itself, there from stage 3)"),
        RejectedVariant(
            "(?<![A-Za-z])[Ff]ragment(?![A-Za-z])",
            use: "프래그먼트 for what follows `#`, in Hangul as 쿼리 and 세그먼트 are"),
        RejectedVariant(
            "(?<![A-Za-z])unreserved(?![A-Za-z])",
            use: "비예약 문자, as Korean writing on percent-encoding says (예약 문자, 비예약 문자)"),
        RejectedVariant("베이스 ?URL", use: "base URL, as the code's `baseURL` says"),
        RejectedVariant(
            "거부(?!감)",
            use: "거절 for a stage or a server that refuses (one word: 거부 reads as 접근 거부, a permission)"),
        RejectedVariant(
            "(?<![가-힣])(?<!지연을 )가(립|리(?![키켜킨킬킵]|지 않)|린|려(?!면|고|는|던)|릴)",
            use: "마스킹 for a secret turned into `•••`, as the code's `masking(_:)` and 개인정보 마스킹 say"),
        RejectedVariant("(?<!워크)벤치(?!마크)", use: "벤치마크, the glossary's one word (워크벤치 is the folder's name)"),
    ]

    /// Korean pages whose revision is still to come, each named by its path or by the folder that
    /// holds it (`Katas/`). What the Korean checks find on them is a known issue until they are
    /// revised; take a page off the list when it is. None is waiting now.
    static let awaitingRevision: [String] = []

    static func awaitsRevision(_ path: String, list: [String] = awaitingRevision) -> Bool {
        list.contains { $0.hasSuffix("/") ? path.hasPrefix($0) : path == $0 }
    }

    /// Every rejected variant on `page`, one problem per variant and line, naming the term to write
    /// instead, then what the page rules find (`KoreanTerms+Pages.swift`); none on a page that is not
    /// Korean.
    static func problems(on page: DocPage) -> [DocProblem] {
        guard Translation.isKorean(page.path) else { return [] }
        let units = KoreanProse.units(of: page)
        var problems: [DocProblem] = []
        // Each pattern compiled once a page, not once a line: compiling is most of what a search costs.
        let variants = rejected.filter { $0.applies(to: page.path) }.compactMap { variant in
            (try? NSRegularExpression(pattern: variant.searched, options: .anchorsMatchLines)).map { (variant, $0) }
        }
        for (variant, pattern) in variants {
            var reported: Set<Int> = []
            for unit in units where variant.inTitles || !unit.isTitle {
                let whole = NSRange(location: 0, length: (unit.text as NSString).length)
                for match in pattern.matches(in: unit.text, range: whole) where !unit.isCode(match.range) {
                    let line = unit.line(at: match.range.location)
                    guard reported.insert(line).inserted else { continue }
                    let excerpt = (unit.text as NSString).substring(with: match.range)
                    problems.append(
                        DocProblem(
                            file: page.path, line: line, excerpt: excerpt.replacingOccurrences(of: "\n", with: " "),
                            message: variant.message ?? "\(Glossary.korean) writes \(variant.use), not this"))
                }
            }
        }
        return (problems + pageProblems(on: page, units: units)).sorted { $0.line < $1.line }
    }
}
