// The Korean glossary held on every Korean page: each way of saying a thing that the glossary does not
// use, with what it writes instead, and the check that finds one on a page. Step and stage are told
// apart the same way: 단계 is a stage, and one step of an exercise or a kata is 순서, 1번, 2번.
import Foundation

/// A way of saying something that docs/ko/glossary.md does not use, and what it writes instead.
struct RejectedVariant: Sendable {
    /// An ICU regular expression, matched against one line of a page outside fenced blocks, with the
    /// line's `<!-- … -->` markers taken out.
    let pattern: String
    /// What the glossary writes instead.
    let use: String
    /// Only pages whose path contains this are read for the variant; nil for every Korean page.
    let pages: String?

    init(_ pattern: String, use: String, onPagesUnder pages: String? = nil) {
        self.pattern = pattern
        self.use = use
        self.pages = pages
    }

    func applies(to path: String) -> Bool {
        pages.map { path.contains($0) } ?? true
    }
}

enum KoreanTerms {
    /// The variants the glossary rejects, each with the term to write instead. Each pattern is
    /// narrow enough to leave the legitimate uses alone: 1단계 to 6단계, 여섯 단계, 이번 단계 and
    /// 단계마다 are stages.
    static let rejected: [RejectedVariant] = [
        // The words Korean iOS developers use.
        RejectedVariant("봉투", use: "공통 응답 모델"),
        RejectedVariant("갱신 ?토큰", use: "리프레시 토큰"),
        RejectedVariant(#"\(refresh\)"#, use: "토큰 갱신"),
        RejectedVariant("바닥값", use: "기준값"),
        RejectedVariant("사다리의? 주장", use: "사다리 검사"),
        RejectedVariant("능력", use: "기능"),
        RejectedVariant("(Swift|컴파일러)[가는]?[^.]*읽어 ?(내|냅|낸|낼)", use: "타입 추론"),
        RejectedVariant("타입이 있는 (에러|실패)", use: "커스텀 에러 타입"),
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
        RejectedVariant("(?<![0-9~])([7-9]|[1-9][0-9])단계", use: "7번, 8번 for a step (there is no stage 7)"),
        RejectedVariant("[0-9]단계의 명령", use: "1번의 명령 for the command of step 1"),
        RejectedVariant("[0-9]번 단계", use: "1번, 2번 for a step"),
        RejectedVariant("(자기|각자의|페이지의) 단계를", use: "작업 순서 번호 for a step's number"),
        RejectedVariant("이 단계를 짚", use: "이 순서 for this step"),
        RejectedVariant("[0-9]번 연습 문제", use: "연습 문제 N for an exercise (N번 is a step)"),
    ]

    /// Korean pages whose revision is still to come: the kata pages and the workshop guide, whose
    /// English pages are being rewritten, and beyond.md, which another writer has. What the check finds
    /// on them is a known issue until they are revised; take a page off the list when it is.
    static let awaitingRevision: Set<String> = []

    static func awaitsRevision(_ path: String) -> Bool {
        awaitingRevision.contains(path)
    }

    /// Every rejected variant on `page`, one problem per variant and line, naming the term to write
    /// instead; none on a page that is not Korean.
    static func problems(on page: DocPage) -> [DocProblem] {
        guard Translation.isKorean(page.path) else { return [] }
        var problems: [DocProblem] = []
        // Each pattern compiled once a page, not once a line: compiling is most of what a search costs.
        let variants = rejected.filter { $0.applies(to: page.path) }.compactMap { variant in
            (try? NSRegularExpression(pattern: variant.pattern)).map { (variant, $0) }
        }
        let marker = try? NSRegularExpression(pattern: "<!--.*?-->")
        for (index, line) in page.lines.enumerated() where !page.inBlock[index] {
            // A marker quotes a test's English name: only what a reader reads is held to the glossary.
            let whole = NSRange(line.startIndex..., in: line)
            let text = marker?.stringByReplacingMatches(in: line, range: whole, withTemplate: " ") ?? line
            for (variant, pattern) in variants {
                guard let match = pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
                    let found = Range(match.range, in: text)
                else { continue }
                let variantText = String(text[found])
                problems.append(
                    DocProblem(
                        file: page.path, line: index + 1, excerpt: variantText,
                        message: "\(Glossary.korean) writes \(variant.use), not this"))
            }
        }
        return problems
    }
}
