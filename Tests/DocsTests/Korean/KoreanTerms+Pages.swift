// The glossary's rules that read a whole page, not a phrase: a page says 테스트 스위트 the first time
// it names the suite and 스위트 after, and asks its discussion questions in one register, the
// 해요체 question a study group asks (~할까요?, ~인가요?, ~했나요?).
import Foundation

extension KoreanTerms {
    /// The headings of the sections that ask the reader questions: the discussion questions, and an
    /// exercise's learning objective, which asks what the reader would edit.
    static let discussionHeadings: Set<String> = ["토론", "토론 질문", "생각해 볼 것", "학습 목표"]

    /// What the page rules find on `page`, read as `units`.
    static func pageProblems(on page: DocPage, units: [ProseUnit]) -> [DocProblem] {
        [firstSuite(on: page, units: units)].compactMap { $0 } + discussionRegister(on: page, units: units)
    }

    /// The page's first 스위트 outside code, when it is not 테스트 스위트: a reader meets the full name
    /// once before the short one. A heading only names its section (the chapters' "스위트가 증명하는
    /// 것"), so the first use is in the prose.
    static func firstSuite(on page: DocPage, units: [ProseUnit]) -> DocProblem? {
        guard let suite = try? NSRegularExpression(pattern: "(테스트\\s)?스위트") else { return nil }
        for unit in units where !unit.isTitle {
            let whole = NSRange(location: 0, length: (unit.text as NSString).length)
            guard let first = suite.matches(in: unit.text, range: whole).first(where: { !unit.isCode($0.range) })
            else { continue }
            guard first.range(at: 1).location == NSNotFound else { return nil }
            return DocProblem(
                file: page.path, line: unit.line(at: first.range.location), excerpt: "스위트",
                message: "a page says 테스트 스위트 the first time it names the suite, and 스위트 after")
        }
        return nil
    }

    /// The endings a discussion question may take: 해요체 questions, which sit in 합니다체 prose the
    /// way a Korean book asks its reader. ~습니까? reads as an exam; 반말 (~할까?, ~오니?) as a chat.
    static let discussionEndings = ["까요", "나요", "가요"]

    /// Each discussion question that does not end in one of `discussionEndings`.
    static func discussionRegister(on page: DocPage, units: [ProseUnit]) -> [DocProblem] {
        var problems: [DocProblem] = []
        var inDiscussion = false
        for unit in units {
            if unit.isTitle {
                let title = unit.text.drop { $0 == "#" }.trimmingSpaces
                inDiscussion = discussionHeadings.contains(title)
                continue
            }
            guard inDiscussion else { continue }
            let text = unit.text as NSString
            var search = NSRange(location: 0, length: text.length)
            while case let mark = text.range(of: "?", range: search), mark.location != NSNotFound {
                search = NSRange(location: NSMaxRange(mark), length: text.length - NSMaxRange(mark))
                let before = text.substring(to: mark.location)
                guard !unit.isCode(mark), before.last.map(isHangul) == true,
                    !discussionEndings.contains(where: before.hasSuffix)
                else { continue }
                let word = before.split(whereSeparator: \.isWhitespace).last.map(String.init) ?? before
                problems.append(
                    DocProblem(
                        file: page.path, line: unit.line(at: mark.location), excerpt: word + "?",
                        message: "a question to the reader is asked as a study group asks (~할까요?, ~인가요?, ~했나요?)"))
            }
        }
        return problems
    }

    static func isHangul(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { (0xAC00...0xD7A3).contains($0.value) }
    }
}
