// The Korean edition: every page under docs/ has its Korean page at the same place under docs/ko/,
// and every page in a kata's or an exercise's folder its Korean page beside it (README.ko.md beside
// README.md), holding the same markers in the same order and the same code blocks, byte for byte.
// Prose is translated; what ties prose to the package is not.
import Foundation

enum Translation {
    /// Where the Korean pages live, mirroring docs/.
    static let folder = "docs/ko/"

    /// Pages for the workbook's maintainers, not its learners, which have no Korean page.
    static let maintainers: Set<String> = ["Katas/parts.md"]

    static func isMaintainers(_ path: String) -> Bool {
        maintainers.contains(path)
    }

    /// What a Korean page's name ends with when it sits beside its English page.
    static let suffix = ".ko.md"

    /// Where the Korean tutorial's pages are: a catalog of its own, since DocC has no localization.
    static let tutorialFolder = "Sources/NetworkLayerWorkbookKorean/"

    static func isKorean(_ path: String) -> Bool {
        path.hasPrefix(folder) || path.hasSuffix(suffix) || path.hasPrefix(tutorialFolder)
    }

    /// docs/03-result.md → docs/ko/03-result.md; Exercises/stage3/README.md → Exercises/stage3/README.ko.md.
    static func koreanPath(of english: String) -> String {
        guard english.hasPrefix("docs/") else { return english.dropLast(".md".count) + suffix }
        return folder + english.dropFirst("docs/".count)
    }

    /// docs/ko/03-result.md → docs/03-result.md; Exercises/stage3/README.ko.md → Exercises/stage3/README.md.
    static func englishPath(of korean: String) -> String {
        guard korean.hasPrefix(folder) else { return korean.dropLast(suffix.count) + ".md" }
        return "docs/" + korean.dropFirst(folder.count)
    }

    /// Every `<!-- … -->` comment of a page, fenced blocks included, with its 1-based line, in
    /// order: what `grep -o '<!--[^>]*-->'` prints.
    static func markers(of page: DocPage) -> [(line: Int, text: String)] {
        var found: [(line: Int, text: String)] = []
        for (index, line) in page.lines.enumerated() {
            var rest = Substring(line)
            while let open = rest.range(of: "<!--"),
                let close = rest.range(of: "-->", range: open.upperBound..<rest.endIndex)
            {
                found.append((index + 1, String(rest[open.lowerBound..<close.upperBound])))
                rest = rest[close.upperBound...]
            }
        }
        return found
    }

    /// Each `<!-- generated: … -->` block of a page: the marker's index and the lines up to its end marker.
    static func generated(in page: DocPage) -> [(start: Int, lines: [String])] {
        page.lines.indices.compactMap { index in
            guard !page.inBlock[index], DocPage.wholeLineComment("generated", in: page.lines[index]) != nil,
                let end = page.lines[(index + 1)...].firstIndex(where: {
                    $0.trimmingSpaces == "<!-- end generated -->"
                })
            else { return nil }
            return (index, Array(page.lines[(index + 1)..<end]))
        }
    }

    /// The first way `korean` departs from `english`: a marker that differs, is missing or is
    /// extra, then a generated block, then a fenced block that differs; nil when all are the same.
    static func firstDifference(english: DocPage, korean: DocPage) -> DocProblem? {
        func problem(_ line: Int, _ excerpt: String, _ message: String) -> DocProblem {
            DocProblem(file: korean.path, line: line, excerpt: excerpt, message: message)
        }
        let englishMarkers = markers(of: english)
        let koreanMarkers = markers(of: korean)
        for index in 0..<max(englishMarkers.count, koreanMarkers.count) {
            let ordinal = "marker \(index + 1)"
            switch (
                index < englishMarkers.count ? englishMarkers[index] : nil,
                index < koreanMarkers.count ? koreanMarkers[index] : nil
            ) {
            case (let wanted?, let found?) where wanted.text != found.text:
                return problem(
                    found.line, found.text,
                    "\(ordinal) is \(wanted.text) in \(english.path):\(wanted.line); markers keep their text and order")
            case (let wanted?, nil):
                return problem(
                    korean.lines.count, wanted.text,
                    "\(ordinal), \(wanted.text) of \(english.path):\(wanted.line), is missing: the page has "
                        + "\(koreanMarkers.count) of \(englishMarkers.count)")
            case (nil, let found?):
                return problem(
                    found.line, found.text, "\(ordinal) is extra: \(english.path) has \(englishMarkers.count)")
            default:
                continue
            }
        }
        // A generated table is a command's output, not prose: copied as printed, like a block.
        for (index, pair) in zip(generated(in: english), generated(in: korean)).enumerated()
        where pair.0.lines != pair.1.lines {
            let (wanted, found) = pair
            let line =
                zip(wanted.lines, found.lines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(wanted.lines.count, found.lines.count)
            let wantedLine = line < wanted.lines.count ? "\"\(wanted.lines[line])\"" : "nothing more"
            let foundLine = line < found.lines.count ? "\"\(found.lines[line])\"" : "nothing more"
            return problem(
                found.start + 1, korean.lines[found.start],
                "generated block \(index + 1)'s line \(line + 1) is \(foundLine), but the block at "
                    + "\(english.path):\(wanted.start + 1) has \(wantedLine) there: copy it as printed, or run scripts/update-docs"
            )
        }
        let englishBlocks = english.blocks
        let koreanBlocks = korean.blocks
        for index in 0..<max(englishBlocks.count, koreanBlocks.count) {
            let ordinal = "fenced block \(index + 1)"
            guard index < koreanBlocks.count else {
                let wanted = englishBlocks[index]
                return problem(
                    korean.lines.count, "```\(wanted.language)",
                    "\(ordinal), the ```\(wanted.language) block at \(english.path):\(wanted.fenceLine + 1), is missing"
                )
            }
            let found = koreanBlocks[index]
            let excerpt = korean.lines[found.fenceLine]
            guard index < englishBlocks.count else {
                return problem(
                    found.fenceLine + 1, excerpt, "\(ordinal) is extra: \(english.path) has \(englishBlocks.count)")
            }
            let wanted = englishBlocks[index]
            let source = "\(english.path):\(wanted.fenceLine + 1)"
            guard wanted.language == found.language else {
                return problem(
                    found.fenceLine + 1, excerpt,
                    "\(ordinal) is ```\(wanted.language) in \(source), not ```\(found.language)")
            }
            guard wanted.lines != found.lines else { continue }
            let line =
                zip(wanted.lines, found.lines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(wanted.lines.count, found.lines.count)
            let wantedLine = line < wanted.lines.count ? "\"\(wanted.lines[line])\"" : "nothing more"
            let foundLine = line < found.lines.count ? "\"\(found.lines[line])\"" : "nothing more"
            return problem(
                found.fenceLine + 2 + line, excerpt,
                "\(ordinal)'s line \(line + 1) is \(foundLine), but the block at \(source) has \(wantedLine) there: "
                    + "copy blocks byte for byte")
        }
        return nil
    }
}
