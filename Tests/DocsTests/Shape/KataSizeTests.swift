// A part's size on a page, `+115 −216<!-- kata size 4.1 -->`, is what `swift run kata start 4`
// measures and prints: lines of code to write and to remove in part 1 of kata 4. A table cell after
// it, `| 4 |`, is how many cases the part turns green: the length of its list on the kata's page.
import FakeTurns
import Foundation
import Ladder
import Testing

@testable import KataKit

@Suite("Docs: the katas' part sizes", .serialized, .busyLane)
struct KataSizeTests {
    @Test("every part size a page gives is the one `kata start` measures", arguments: PackageWorld.docPaths())
    func sizesAsMeasured(path: String) throws {
        let page = try PackageWorld.page(path)
        let quoted = Self.sizes(in: page.lines.joined(separator: "\n"))
        guard !quoted.isEmpty, let root = PackageWorld.root else { return }
        for size in quoted {
            guard let cases = size.cases else { continue }
            // Read from the kata's page alone: a copy of the package without git (the exercises'
            // check) has no kata to start, but has its pages.
            let page = try PackageWorld.page("Katas/stage\(size.kata)/README.md")
            let parts = Kata.parts(inPage: page.lines.joined(separator: "\n"))
            guard size.part >= 1, size.part <= parts.count else { continue }
            let listed = parts[size.part - 1].cases.count
            #expect(
                cases == listed,
                "\(path): kata \(size.kata) part \(size.part) turns \(listed) cases green (its list on the kata's page, as `kata start` prints), not \(cases)"
            )
        }
        // Measured against the committed stages: a learner's commits in a kata move them, so only
        // CI, with WORKBOOK_STRICT_DOCS=1, holds the page to them.
        guard DocsMode.strict else { return }
        var measured: [Int: [PartSize]] = [:]
        for size in quoted {
            if measured[size.kata] == nil {
                let kata = try Kata(size.kata, root: root)
                // No falling back to an older start: a stale patch fails here, named.
                measured[size.kata] = try kata.partSizes(parts: kata.parts().count, stages: "HEAD", fallingBack: false)
            }
            let parts = measured[size.kata] ?? []
            guard size.part >= 1, size.part <= parts.count else {
                Issue.record("\(path): kata \(size.kata) has no part \(size.part)")
                continue
            }
            let real = parts[size.part - 1]
            #expect(
                size.added == real.added && size.removed == real.removed,
                "\(path): kata \(size.kata) part \(size.part) is +\(real.added) −\(real.removed) (`swift run kata start \(size.kata)`), not +\(size.added) −\(size.removed)"
            )
        }
    }

    @Test(
        "the workshop guide's table lists every part of every kata, each with the block its kata's page gives",
        arguments: ["docs/workshop.md", "docs/ko/workshop.md"])
    func everyPartInTheGuide(path: String) throws {
        let text = try PackageWorld.page(path).lines.joined(separator: "\n")
        let quoted = Self.sizes(in: text)
        var blocks: [Int: [Int?]] = [:]
        for kata in Ladder.kataNumbers {
            let page = try PackageWorld.page("Katas/stage\(kata)/README.md")
            let parts = Kata.parts(inPage: page.lines.joined(separator: "\n"))
            blocks[kata] = parts.map(\.block)
            let listed = quoted.filter { $0.kata == kata && $0.cases != nil }.map(\.part).sorted()
            #expect(
                listed == Array(1...parts.count),
                "\(path) lists kata \(kata)'s parts \(listed), not 1 to \(parts.count)")
        }
        for size in quoted where size.cases != nil {
            let given = blocks[size.kata].flatMap { size.part <= $0.count ? $0[size.part - 1] : nil }
            #expect(
                size.block != nil && size.block == given,
                """
                \(path): kata \(size.kata) part \(size.part)'s block is \(size.block.map(String.init) ?? "missing"), \
                not the \(given.map(String.init) ?? "missing") min Katas/stage\(size.kata)/README.md gives it
                """)
        }
    }

    @Test(
        "every kata page gives each part a block, the same in both languages, no shorter than its lines at three a minute",
        arguments: Ladder.kataNumbers)
    func blocksOnTheKataPages(kata: Int) throws {
        let english = Kata.parts(
            inPage: try PackageWorld.page("Katas/stage\(kata)/README.md").lines.joined(separator: "\n"))
        let korean = Kata.parts(
            inPage: try PackageWorld.page("Katas/stage\(kata)/README.ko.md").lines.joined(separator: "\n"))
        #expect(
            english.map(\.block) == korean.map(\.block), "kata \(kata): README.md and README.ko.md give other blocks")
        let guide = Self.sizes(in: try PackageWorld.page("docs/workshop.md").lines.joined(separator: "\n"))
        for part in english {
            let block = try #require(part.block, "Katas/stage\(kata)/README.md gives part \(part.number) no block")
            guard let size = guide.first(where: { $0.kata == kata && $0.part == part.number }) else { continue }
            #expect(
                block >= Self.block(forLines: size.added),
                "kata \(kata) part \(part.number): \(block) min is less than +\(size.added) lines at three a minute")
        }
    }

    /// The guide's block for a part: its lines to write at three a minute, rounded up to five minutes.
    static func block(forLines lines: Int) -> Int {
        let minutes = (lines + 2) / 3
        return (minutes + 4) / 5 * 5
    }

    @Test("a size is read with its kata and part; one without its comment is not a size")
    func reading() {
        let sizes = Self.sizes(in: "| 1 | +115 −216<!-- kata size 4.1 --> | and +3 −4 alone |")
        #expect(sizes.count == 1)
        #expect(sizes.first.map { [$0.kata, $0.part, $0.added, $0.removed] } == [4, 1, 115, 216])
        #expect(sizes.first?.cases == nil)
        let counted = Self.sizes(in: "| 2: plugins | +150 −11<!-- kata size 4.2 --> | 7 | 30 min |")
        #expect(counted.first.map { [$0.kata, $0.part, $0.added, $0.removed, $0.cases] } == [4, 2, 150, 11, 7])
        #expect(counted.first?.block == 30)
        let korean = Self.sizes(in: "| | 2부: 플러그인 | +150 −11<!-- kata size 4.2 --> | 7 | 30분 |")
        #expect(korean.first.map { [$0.cases, $0.block] } == [7, 30])
        #expect([1, 3, 4, 15, 16, 80, 122].map(Self.block(forLines:)) == [5, 5, 5, 5, 10, 30, 45])
    }

    struct Quoted {
        let kata: Int
        let part: Int
        let added: Int
        let removed: Int
        /// The cell after the size, in a table that counts the part's cases.
        let cases: Int?
        /// The minutes in the cell after that, in a table that gives each part its block.
        let block: Int?
    }

    static func sizes(in text: String) -> [Quoted] {
        let pattern = #/\+(\d+) −(\d+)<!-- kata size (\d)\.(\d) -->(?: \| (\d+) \|(?: (\d+) ?(?:min|분) \|)?)?/#
        return text.matches(of: pattern).compactMap { match in
            guard let added = Int(match.1), let removed = Int(match.2), let kata = Int(match.3),
                let part = Int(match.4)
            else { return nil }
            return Quoted(
                kata: kata, part: part, added: added, removed: removed, cases: match.5.flatMap { Int($0) },
                block: match.6.flatMap { Int($0) })
        }
    }
}
