// The particle after a code span, a word in Latin letters or a glossary term, held to the syllable
// it follows: 를/을, 는/은, 가/이, 와/과 by whether that syllable has a final consonant (받침), and
// 로/으로 the same way except that ㄹ takes 로. A name in Latin letters is held to how a reader says
// it (KoreanReadings.swift); a name the table does not know is skipped, not guessed.
import Foundation

/// One of the five particles, in the form after a vowel and the form after a final consonant.
struct Particle: Sendable {
    let afterVowel: String
    let afterConsonant: String
    /// What may follow the particle in the same word: 로는, 와의, 으로부터.
    let continuations: [String]

    static let all = [
        Particle(afterVowel: "를", afterConsonant: "을", continuations: []),
        Particle(afterVowel: "는", afterConsonant: "은", continuations: []),
        Particle(afterVowel: "가", afterConsonant: "이", continuations: []),
        Particle(afterVowel: "와", afterConsonant: "과", continuations: ["는", "도", "의", "만"]),
        Particle(afterVowel: "로", afterConsonant: "으로", continuations: ["는", "도", "만", "서", "써", "부터", "의"]),
    ]

    /// The form after a syllable that ends with `final`: ㄹ takes 로, as a vowel does.
    func form(after final: FinalConsonant) -> String {
        switch final {
        case .none: afterVowel
        case .rieul: afterVowel == "로" ? afterVowel : afterConsonant
        case .other: afterConsonant
        }
    }
}

enum KoreanParticles {
    /// The glossary's Korean terms a particle is checked after: the bold terms of docs/ko/glossary.md
    /// written in Hangul, and the words issue 38 chose, with 장 for a chapter.
    static let terms: [String] = {
        let chosen = [
            "장", "검사", "사다리 검사", "테스트 스위트", "스위트", "문구", "에러 메시지", "순서", "라운드", "배포",
            "릴리스 빌드", "옵티마이저", "최신 토큰", "비밀 값", "커스텀 에러 타입", "단계별 리팩터링",
        ]
        let glossary = (try? PackageWorld.page(Glossary.korean)).map(glossaryTerms(of:)) ?? []
        return Array(Set(chosen + glossary)).sorted { $0.count > $1.count }
    }()

    /// The bold terms of a glossary page that end in Hangul and quote no code.
    static func glossaryTerms(of page: DocPage) -> [String] {
        page.lines.compactMap { line -> String? in
            guard line.hasPrefix("- **") else { return nil }
            let rest = line.dropFirst("- **".count)
            guard let close = rest.range(of: "**") else { return nil }
            let term = String(rest[..<close.lowerBound])
            guard !term.contains("`"), let last = term.last, FinalConsonant(syllable: last) != nil else { return nil }
            return term
        }
    }

    /// Every particle on `page` that does not match what it follows, one problem per place; none on a
    /// page that is not Korean.
    static func problems(on page: DocPage, terms: [String] = terms) -> [DocProblem] {
        guard Translation.isKorean(page.path) else { return [] }
        var problems: [DocProblem] = []
        var seen: Set<String> = []
        for unit in KoreanProse.units(of: page) {
            let text = unit.text as NSString
            func check(_ said: String, reading: String?, final: FinalConsonant, at end: Int) {
                guard let (found, particle) = particle(in: text, at: end) else { return }
                let wanted = particle.form(after: final)
                guard found != wanted else { return }
                let line = unit.line(at: end)
                // 테스트 스위트 and 스위트 end at the same place: one problem for the one particle.
                guard seen.insert("\(line) \(end)").inserted else { return }
                problems.append(
                    DocProblem(
                        file: page.path, line: line, excerpt: said + found,
                        message: (reading.map { "\(said) is read \($0): the" } ?? "the") + " particle after "
                            + (reading == nil ? "\(said) " : "it ") + "is \(wanted), not \(found)"))
            }
            // A code span, then a word in Latin letters, read by the table.
            for span in unit.codeSpans {
                let quoted = text.substring(with: span).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
                guard let reading = KoreanReading.reading(of: quoted),
                    let final = reading.last.flatMap(FinalConsonant.init)
                else { continue }
                check(text.substring(with: span), reading: reading, final: final, at: NSMaxRange(span))
            }
            for match in latinWord?.matches(in: unit.text, range: NSRange(location: 0, length: text.length)) ?? []
            where !unit.isCode(match.range) {
                let word = text.substring(with: match.range)
                guard let reading = KoreanReading.reading(of: word),
                    let final = reading.last.flatMap(FinalConsonant.init)
                else { continue }
                check(word, reading: reading, final: final, at: NSMaxRange(match.range))
            }
            // A glossary term in Hangul, by its own last syllable; only a term whose first character
            // the unit holds is searched for, since searching bridges the whole unit each time.
            let characters = Set(unit.text.utf16)
            for term in terms where term.utf16.first.map(characters.contains) == true {
                var search = NSRange(location: 0, length: text.length)
                // Literal, as the pages and the terms are both NFC: the default search folds each character.
                while case let found = text.range(of: term, options: .literal, range: search),
                    found.location != NSNotFound
                {
                    search = NSRange(location: NSMaxRange(found), length: text.length - NSMaxRange(found))
                    guard !unit.isCode(found), let final = term.last.flatMap(FinalConsonant.init) else { continue }
                    check(term, reading: nil, final: final, at: NSMaxRange(found))
                }
            }
        }
        return problems.sorted { $0.line < $1.line }
    }

    /// A word in Latin letters or digits that a particle may follow: Popcorn이, URL로, 401을, 6.3.1이.
    private static let latinWord = try? NSRegularExpression(
        pattern: "(?<![A-Za-z0-9_.,/+-])[A-Za-z0-9](?:[A-Za-z0-9_.,+/-]*[A-Za-z0-9])?(?=[가-힣])")

    /// The particle that starts at `offset` in `text`, with its pair: the particle must end the word,
    /// or go on only as one of its continuations.
    static func particle(in text: NSString, at offset: Int) -> (String, Particle)? {
        // Enough to hold the longest particle and what may follow it, not the rest of the unit.
        let rest = text.substring(with: NSRange(location: offset, length: min(8, text.length - offset)))
        for particle in Particle.all {
            // The longer form first: 으로 before 로.
            for form in [particle.afterConsonant, particle.afterVowel].sorted(by: { $0.count > $1.count })
            where rest.hasPrefix(form) {
                let after = rest.dropFirst(form.count)
                let endsWord = after.first.map { !KoreanTerms.isHangul($0) } ?? true
                if endsWord || particle.continuations.contains(where: { after.hasPrefix($0) }) {
                    return (form, particle)
                }
            }
        }
        return nil
    }
}
