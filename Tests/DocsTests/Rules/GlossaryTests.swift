// The glossary, in English and in Korean: one entry per term, in the same order in both, each
// linking the page where the term first appears. The link check holds each link to a real page and
// a real heading; these tests hold the two glossaries to each other.
import FakeTurns
import Testing

/// One entry of a glossary: a list item that opens with the term in bold.
struct GlossaryEntry: Equatable {
    /// The 1-based line where the entry starts.
    let line: Int
    /// The term as the English glossary names it: in the Korean one, the English in parentheses
    /// after the bold term, or the bold term itself when Korean writes it in English too.
    let term: String
    /// The pages the entry links, without their anchors, as the page writes them.
    let pages: [String]
}

enum Glossary {
    static let english = "docs/glossary.md"
    static let korean = Translation.koreanPath(of: english)

    /// The entries of a glossary page: `- **term**: meaning …` or `- **용어**(term): …`, a
    /// continuation indented below it.
    static func entries(of page: DocPage) -> [GlossaryEntry] {
        // Each entry's lines: its opening line and the indented lines right below it.
        var entries: [[(index: Int, text: String)]] = []
        var open = false
        for line in page.prose {
            let raw = page.lines[line.index]
            if raw.hasPrefix("- **") {
                entries.append([line])
                open = true
            } else if open, raw.hasPrefix("  "), !raw.trimmingSpaces.isEmpty {
                entries[entries.count - 1].append(line)
            } else {
                open = false
            }
        }
        return entries.map { lines in
            let first = page.lines[lines[0].index].dropFirst("- **".count)
            let close = first.range(of: "**")
            var term = close.map { String(first[..<$0.lowerBound]) } ?? ""
            let rest = close.map { first[$0.upperBound...].drop { $0 == " " } } ?? ""
            if rest.hasPrefix("("), let end = rest.firstIndex(of: ")") {
                term = String(rest[rest.index(after: rest.startIndex)..<end])
            }
            // Links read from the prose, where a code span cannot pass for one.
            let pages = lines.flatMap { DocChecks.linkTargets(in: $0.text) }.map {
                String($0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
            }
            return GlossaryEntry(line: lines[0].index + 1, term: term, pages: pages)
        }
    }
}

@Suite("Docs: the glossary", .serialized, .busyLane)
struct GlossaryTests {
    @Test("the English glossary has entries, each linking the page where its term first appears")
    func englishEntries() throws {
        let entries = Glossary.entries(of: try PackageWorld.page(Glossary.english))
        #expect(entries.count >= 40, "\(Glossary.english) has \(entries.count) entries")
        for entry in entries {
            #expect(!entry.pages.isEmpty, "\(Glossary.english):\(entry.line): \(entry.term) links no page")
        }
        let terms = entries.map(\.term)
        #expect(Set(terms).count == terms.count, "a term is listed twice in \(Glossary.english)")
    }

    @Test("the Korean glossary has the same entries in the same order, each linking the same page")
    func koreanEntries() throws {
        let english = Glossary.entries(of: try PackageWorld.page(Glossary.english))
        let korean = Glossary.entries(of: try PackageWorld.page(Glossary.korean))
        for (index, pair) in zip(english, korean).enumerated() {
            let (wanted, found) = pair
            guard wanted.term == found.term else {
                Issue.record(
                    "\(Glossary.korean):\(found.line): entry \(index + 1) is \(found.term), but \(Glossary.english):\(wanted.line) has \(wanted.term) there"
                )
                return
            }
            // The same page: the Korean glossary links a page's Korean twin, wherever it sits.
            let wantedPages = wanted.pages.map { DocChecks.resolve($0, from: Glossary.english) }
            let foundPages = found.pages.map {
                DocChecks.resolve($0, from: Glossary.korean).map {
                    Translation.isKorean($0) ? Translation.englishPath(of: $0) : $0
                }
            }
            #expect(
                wantedPages == foundPages,
                "\(Glossary.korean):\(found.line): \(found.term) links \(found.pages), \(Glossary.english) links \(wanted.pages)"
            )
        }
        #expect(
            english.count == korean.count,
            "\(Glossary.english) has \(english.count) entries, \(Glossary.korean) \(korean.count)")
    }

    @Test("an entry is read with its English term, its continuation and its links")
    func entriesRead() {
        let page = DocPage(
            path: "docs/ko/glossary.md",
            text: """
                # 용어집

                - **싱글톤**(singleton): 인스턴스가 하나뿐인 타입입니다.
                  [1단계](01-hardcoded.md#문제점)에서 처음 나옵니다.
                - **`Result`**: 성공 또는 실패. [3단계](03-result.md)
                """)
        #expect(
            Glossary.entries(of: page) == [
                GlossaryEntry(line: 3, term: "singleton", pages: ["01-hardcoded.md"]),
                GlossaryEntry(line: 5, term: "`Result`", pages: ["03-result.md"]),
            ])
    }
}
