// The rule that keeps the library APIs the docs name true: every name in backticks on beyond.md, and
// every library API another page names ("Moya's `PluginType`", "Alamofire의 `URLRequestConvertible`"),
// is either the workbook's own or quoted in LibraryPins.swift from that library's source; each library's
// section on beyond.md names the version its quotes come from; and the list quotes nothing no page
// uses. Pure functions of the pages, the pins and the workbook's code, so a planted name can be tried.
import Foundation
import TerminalText

/// What a name is checked against besides the pins: the workbook's own code.
struct WorkbookCode: Sendable {
    /// The code of every .swift file under Sources/ and Workbench/, whole-line comments left out: a doc
    /// comment that mentions a library's type does not make it the workbook's.
    let text: TextBytes
    /// Every identifier in that code.
    let identifiers: Set<String>
    /// Whether a file or folder exists, by its path from the package root.
    let exists: @Sendable (String) -> Bool

    init(sources: [String], exists: @escaping @Sendable (String) -> Bool) {
        let code = sources.flatMap(TextLayout.lines).filter { !$0.trimmingSpaces.hasPrefix("//") }
        text = TextBytes(code.joined(separator: "\n"))
        identifiers = Set(text.identifiers)
        self.exists = exists
    }

    /// The workbook as it is now: Sources/ and Workbench/ under the package root.
    static let shared = Result { () throws(DocsSetupError) -> WorkbookCode in
        guard let root = PackageWorld.root else { throw DocsSetupError("Package.swift was not found") }
        var sources: [String] = []
        for folder in ["Sources", "Workbench"] {
            let url = root.appendingPathComponent(folder)
            let paths = (try? FileManager.default.subpathsOfDirectory(atPath: url.path)) ?? []
            for path in paths.sorted() where path.hasSuffix(".swift") {
                if let text = try? String(contentsOf: url.appendingPathComponent(path), encoding: .utf8) {
                    sources.append(text)
                }
            }
        }
        guard !sources.isEmpty else { throw DocsSetupError("no Swift sources under Sources/ or Workbench/") }
        return WorkbookCode(sources: sources) { path in
            FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
        }
    }

    /// Whether `name`, as a page writes it between backticks, is the workbook's: a path that exists, text
    /// its code holds as whole words (`async throws(APIError)`), or a selector whose base name and labels
    /// are identifiers of its code (`send(_:as:)`).
    func knows(_ name: String) -> Bool {
        if name.contains("/") { return exists(name) }
        let bare = name.hasPrefix(".") ? String(name.dropFirst()) : name
        // One identifier is in the code as a whole word exactly when it is one of the code's
        // identifiers: a set lookup, not a search of every source.
        if let first = bare.first, !first.isNumber, bare.allSatisfy({ LibraryQuotes.isIdentifierCharacter($0) }) {
            return identifiers.contains(bare)
        }
        if text.containsWord(bare) { return true }
        if let selector = LibraryQuotes.selector(bare) {
            return identifiers.contains(selector.base)
                && selector.labels.allSatisfy { $0 == "_" || identifiers.contains($0) }
        }
        let words = LibraryQuotes.identifiers(in: bare)
        return !words.isEmpty && words.allSatisfy(identifiers.contains)
    }
}

/// A name in backticks on a page, with the libraries whose pins may vouch for it.
struct NameMention: Sendable, Equatable {
    let name: String
    /// The 1-based line it starts on.
    let line: Int
    /// The libraries it is said of; empty when only the workbook may vouch for it (stage 6's column).
    let libraries: [String]
}

enum LibraryQuotes {
    static let pinsFile = "Tests/DocsTests/LibraryQuotes/LibraryPins.swift"

    /// Whether `path` is beyond.md, in either edition: every name in backticks there is checked.
    static func isMap(_ path: String) -> Bool {
        path == "docs/beyond.md" || path == Translation.koreanPath(of: "docs/beyond.md")
    }

    // MARK: - The rules

    /// Every name on `page` that is neither the workbook's nor pinned for a library it is said of.
    static func unknownNames(_ page: DocPage, pins: [LibraryPin], workbook: WorkbookCode) -> [DocProblem] {
        var problems: [DocProblem] = []
        for mention in mentions(on: page, pins: pins) where !workbook.knows(mention.name) {
            let vouching = pins.filter { mention.libraries.contains($0.library) }
            if vouching.contains(where: { pin in pin.quotes.contains { $0.name == mention.name } }) { continue }
            let elsewhere = pins.filter { pin in pin.quotes.contains { $0.name == mention.name } }.map(\.library)
            let said = mention.libraries.isEmpty ? "stage 6's column" : mention.libraries.joined(separator: " or ")
            var message = "`\(mention.name)` is neither in the workbook's sources (Sources/, Workbench/) nor quoted "
            if mention.libraries.isEmpty {
                message += "anywhere it may be: it stands in \(said), which only the workbook's own names fill"
            } else {
                message += "for \(said) in \(pinsFile)"
                if !elsewhere.isEmpty { message += " (it is pinned for \(elsewhere.joined(separator: ", ")))" }
                message += "; read its declaration in the library's source at a commit you can name"
                message += " and add a LibraryQuote, or write the name the pinned source has"
            }
            problems.append(
                DocProblem(file: page.path, line: mention.line, excerpt: "`\(mention.name)`", message: message))
        }
        return problems
    }

    /// Each pinned library whose section on the map page (its `### Library` heading) does not name the
    /// version its quotes come from.
    static func missingVersions(_ page: DocPage, pins: [LibraryPin]) -> [DocProblem] {
        var problems: [DocProblem] = []
        for pin in pins {
            guard let section = section(titled: pin.library, on: page) else {
                problems.append(
                    DocProblem(
                        file: page.path, line: 1, excerpt: "### \(pin.library)",
                        message: "the page has no ### \(pin.library) section to name the pinned version "
                            + "\"\(pin.version)\" beside \(pin.library)'s quotes"))
                continue
            }
            let text = page.lines[section].joined(separator: " ")
            if !text.contains(pin.version) {
                problems.append(
                    DocProblem(
                        file: page.path, line: section.lowerBound + 1, excerpt: page.lines[section.lowerBound],
                        message: "the section does not name the version \(pinsFile) pins for \(pin.library), "
                            + "\"\(pin.version)\" (\(pin.tie)): name it beside the quotes, or correct the pin"))
            }
        }
        return problems
    }

    /// The quotes no page names, said so that a maintainer can remove them or see what page lost them.
    static func staleQuotes(pages: [DocPage], pins: [LibraryPin]) -> [String] {
        let used = Set(pages.flatMap { mentions(on: $0, pins: pins) }.map(\.name))
        return pins.flatMap { pin in
            pin.quotes.filter { !used.contains($0.name) }.map {
                "\(pinsFile): \(pin.library)'s `\($0.name)` (\($0.path) at \($0.commit.prefix(7))) is named on no "
                    + "page: remove the quote, or name the API where a page needs it"
            }
        }
    }

    /// The quotes that do not hold their name: a line without the name's base identifier, labels the
    /// declaration does not have in that order, a commit that is not a full hash, a name quoted twice.
    static func unfaithfulQuotes(_ pins: [LibraryPin]) -> [String] {
        var found: [String] = []
        for pin in pins {
            var seen = Set<String>()
            for quote in pin.quotes {
                let at = "\(pinsFile): \(pin.library)'s `\(quote.name)`"
                if !seen.insert(quote.name).inserted { found.append("\(at) is quoted twice") }
                if quote.commit.count != 40 || !quote.commit.allSatisfy(\.isHexDigit) {
                    found.append("\(at): \"\(quote.commit)\" is not a full commit hash")
                }
                if quote.repository.isEmpty || quote.path.isEmpty { found.append("\(at) names no repository or file") }
                if let problem = mismatch(of: quote.name, in: quote.line) {
                    found.append("\(at): the line \"\(quote.line)\" from \(quote.path) \(problem)")
                }
            }
        }
        return found
    }

    /// Nil when `line` declares, or shows, `name`: its base identifier as a whole word and, when the line
    /// holds the whole parameter list, the name's labels in the declaration's order.
    static func mismatch(of name: String, in line: String) -> String? {
        let bare = name.hasPrefix(".") ? String(name.dropFirst()) : name
        guard let base = identifiers(in: bare).first else { return "quotes no identifier of the name" }
        guard containsWord(base, in: line) else { return "does not hold `\(base)`" }
        guard let parsed = selector(bare), let declared = declaredLabels(of: base, in: line) else { return nil }
        var remaining = declared[...]
        for label in parsed.labels {
            guard let index = remaining.firstIndex(of: label) else {
                return "declares the labels (\(declared.joined(separator: ":")):), not \(bare)'s, in that order"
            }
            remaining = remaining[(index + 1)...]
        }
        return nil
    }

    // MARK: - Names on a page

    /// The names a page says of libraries. On beyond.md, every name in backticks, said of the library
    /// of its section or table column, or of the libraries its paragraph names (all when it names none);
    /// on other pages, the names a library's possessive introduces: "Moya's `X`", "Moya의 `X`".
    static func mentions(on page: DocPage, pins: [LibraryPin]) -> [NameMention] {
        isMap(page.path) ? mapMentions(page, pins: pins) : possessiveMentions(page, pins: pins)
    }

    private static func mapMentions(_ page: DocPage, pins: [LibraryPin]) -> [NameMention] {
        let everyLibrary = pins.map(\.library)
        var found: [NameMention] = []
        var sectionLibrary: String?
        var columns: [String?] = []
        var paragraphText: [Int: String] = [:]
        for (index, number) in page.paragraphs {
            paragraphText[number, default: ""] += " " + page.lines[index]
        }
        let paragraphs = page.paragraphs
        for (index, line) in page.lines.enumerated() where !page.inBlock[index] {
            if let heading = DocChecks.headingText(line) {
                let level = line.prefix { $0 == "#" }.count
                if level <= 3 {
                    sectionLibrary = level == 3 ? pins.first(where: { $0.library == heading })?.library : nil
                }
                continue
            }
            if line.hasPrefix("|") {
                let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().map(String.init)
                let startsTable = index == 0 || !page.lines[index - 1].hasPrefix("|")
                if startsTable {
                    columns = cells.map { cell in pins.first { library(named: $0.names, in: cell) }?.library }
                    continue
                }
                for (column, cell) in cells.enumerated() {
                    let owner = column < columns.count ? columns[column] : nil
                    for name in codeSpans(in: cell) {
                        found.append(NameMention(name: name, line: index + 1, libraries: owner.map { [$0] } ?? []))
                    }
                }
                continue
            }
            let libraries: [String]
            if let sectionLibrary {
                libraries = [sectionLibrary]
            } else {
                let text = paragraphs[index].flatMap { paragraphText[$0] } ?? line
                let named = pins.filter { library(named: $0.names, in: text) }.map(\.library)
                libraries = named.isEmpty ? everyLibrary : named
            }
            for name in codeSpans(in: line) {
                found.append(NameMention(name: name, line: index + 1, libraries: libraries))
            }
        }
        return found
    }

    /// What makes a library's name say the name after it is its own: Get's `send`, Get의 `send`.
    private static let possessives = ["'s", "’s", "의"]

    private static func possessiveMentions(_ page: DocPage, pins: [LibraryPin]) -> [NameMention] {
        var found: [NameMention] = []
        var lines: [Int: [Int]] = [:]
        for (index, number) in page.paragraphs { lines[number, default: []].append(index) }
        let reach = (pins.flatMap(\.names).map(\.count).max() ?? 0) + 8
        for indices in lines.values {
            let ordered = indices.sorted()
            // The paragraph as one line, remembering where each of its lines starts.
            var text = ""
            var starts: [(offset: Int, line: Int)] = []
            for index in ordered {
                if !text.isEmpty { text += " " }
                starts.append((text.count, index))
                text += page.lines[index].trimmingSpaces
            }
            let characters = Array(text)
            for span in codeSpanRanges(in: text) {
                // What a name is said of stands just before it: a library's longest name, its
                // possessive and the character before are all that is read.
                let before = String(characters[max(0, span.offset - reach)..<span.offset])
                    .trimmingSpaces
                // Most spans follow no possessive: nothing to ask the pins.
                guard possessives.contains(where: before.hasSuffix) else { continue }
                let sayers = pins.filter { pin in
                    pin.names.contains { alias in
                        possessives.contains { suffix in
                            before.hasSuffix(alias + suffix)
                                && !isIdentifierCharacter(before.dropLast((alias + suffix).count).last)
                        }
                    }
                }
                guard !sayers.isEmpty else { continue }
                let line = starts.last { $0.offset <= span.offset }?.line ?? ordered[0]
                found.append(NameMention(name: span.name, line: line + 1, libraries: sayers.map(\.library)))
            }
        }
        return found.sorted { $0.line < $1.line }
    }

    /// The `### title` section of `page`: its heading line and every line up to the next heading of
    /// level 1 to 3.
    static func section(titled title: String, on page: DocPage) -> Range<Int>? {
        guard
            let start = page.lines.indices.first(where: {
                !page.inBlock[$0] && page.lines[$0].hasPrefix("### ") && DocChecks.headingText(page.lines[$0]) == title
            })
        else { return nil }
        let end =
            page.lines.indices.first { index in
                index > start && !page.inBlock[index] && DocChecks.headingText(page.lines[index]) != nil
                    && page.lines[index].prefix { $0 == "#" }.count <= 3
            } ?? page.lines.count
        return start..<end
    }
}
