// The rule for a page's links: each leads to a file that exists, and an anchor to a heading there,
// named as GitHub names it.
import Foundation
import Locking

extension DocChecks {
    // MARK: - Links

    /// Every relative link, inline (`[x](path)`) or by reference (`[x]: path`), leads to a file or folder.
    static func links(_ page: DocPage, _ world: DocWorld) -> [DocProblem] {
        var problems: [DocProblem] = []
        var ownAnchors: [String]?
        for (index, text) in page.prose {
            for target in linkTargets(in: text) {
                func problem(_ message: String) {
                    problems.append(
                        DocProblem(file: page.path, line: index + 1, excerpt: "(\(target))", message: message))
                }
                guard !target.isEmpty else {
                    problem("the link has no target")
                    continue
                }
                if target.hasPrefix("#") {
                    let anchors = ownAnchors ?? anchors(of: page)
                    ownAnchors = anchors
                    if let missing = missingAnchor(target, in: page.path, anchors: anchors) { problem(missing) }
                    continue
                }
                guard let path = localPath(of: target) else { continue }
                guard let resolved = resolve(path, from: page.path) else {
                    problem("the link leads out of the package")
                    continue
                }
                guard world.exists(resolved) else {
                    problem("\(resolved.isEmpty ? "the package root" : resolved) does not exist")
                    continue
                }
                // An anchor into another page must name one of its headings; one into a source
                // file (#L12) is GitHub's line number, not checked.
                if target.contains("#"), resolved.hasSuffix(".md"), let lines = world.lines(resolved) {
                    let anchors = anchors(ofPageAt: resolved, lines: lines)
                    if let missing = missingAnchor(target, in: resolved, anchors: anchors) { problem(missing) }
                }
            }
        }
        return problems
    }

    /// Nil when `target`'s `#fragment` is one of `anchors`, the page at `path`'s; else what is wrong.
    static func missingAnchor(_ target: String, in path: String, anchors: [String]) -> String? {
        guard let hash = target.firstIndex(of: "#") else { return nil }
        let raw = String(target[target.index(after: hash)...])
        let fragment = raw.removingPercentEncoding ?? raw
        guard !anchors.contains(fragment) else { return nil }
        let listed =
            anchors.isEmpty ? "it has no headings" : "its headings' anchors are " + anchors.joined(separator: ", ")
        return "\(path) has no heading whose anchor is #\(fragment); \(listed)"
    }

    /// The anchors of the page at `path` with these lines, read once: a page is linked from many,
    /// and parsing it is most of what a link costs.
    static func anchors(ofPageAt path: String, lines: [String]) -> [String] {
        let text = lines.joined(separator: "\n")
        return anchorsRead.remembered("\(path)\u{0}\(text.hashValue)") { anchors(of: DocPage(path: path, text: text)) }
    }

    private static let anchorsRead = Locked<[String: [String]]>([:])

    // MARK: - Anchors

    /// The anchors GitHub gives `page`'s headings, in order: each heading's `anchor(of:)`, and a
    /// repeated one numbered -1, -2, … in the order the repeats come.
    static func anchors(of page: DocPage) -> [String] {
        var anchors: [String] = []
        var seen: [String: Int] = [:]
        for (index, line) in page.lines.enumerated() where !page.inBlock[index] {
            guard let heading = headingText(line) else { continue }
            let base = anchor(of: heading)
            var candidate = base
            while seen[candidate] != nil {
                let repeats = seen[base, default: 0]
                seen[base] = repeats + 1
                candidate = "\(base)-\(repeats + 1)"
            }
            seen[candidate] = 0
            anchors.append(candidate)
        }
        return anchors
    }

    /// The text of an ATX heading line (`## Text`), as GitHub renders it: code spans keep their
    /// text without the backticks, a link keeps its text, emphasis stars and comments go.
    static func headingText(_ line: String) -> String? {
        let indent = line.prefix { $0 == " " }.count
        guard indent <= 3 else { return nil }
        let rest = line.dropFirst(indent)
        let level = rest.prefix { $0 == "#" }.count
        // CommonMark's ATX headings: one to six `#`.
        guard level >= 1, level <= 6 else { return nil }
        let after = rest.dropFirst(level)
        guard after.isEmpty || after.first == " " || after.first == "\t" else { return nil }
        var text = after.trimmingSpaces
        // An optional closing run of #s, after a space.
        let closing = text.reversed().prefix { $0 == "#" }.count
        if closing > 0, closing == text.count || text.dropLast(closing).last == " " {
            text = String(text.dropLast(closing)).trimmingSpaces
        }
        var rendered = ""
        var remaining = Substring(text)
        while let first = remaining.first {
            if remaining.hasPrefix("<!--"), let end = remaining.range(of: "-->") {
                remaining = remaining[end.upperBound...]
            } else if first == "`" {
                let run = remaining.prefix { $0 == "`" }
                let after = remaining[run.endIndex...]
                if let close = after.range(of: String(run)) {
                    rendered += after[..<close.lowerBound]
                    remaining = after[close.upperBound...]
                } else {
                    rendered += run
                    remaining = after
                }
            } else if first == "[" || first == "*" || first == "!" && remaining.dropFirst().first == "[" {
                remaining = remaining.dropFirst()
            } else if first == "]", remaining.dropFirst().first == "(", let close = remaining.firstIndex(of: ")") {
                remaining = remaining[remaining.index(after: close)...]
            } else {
                rendered.append(first)
                remaining = remaining.dropFirst()
            }
        }
        return rendered
    }

    /// The anchor GitHub makes of a heading's text: lowercased; letters of every script (Hangul
    /// included), marks, digits, `_` and `-` kept; each space turned into `-`; everything else
    /// (punctuation, symbols, emoji) dropped. "1. `URL(string:)!`, 그리고" → "1-urlstring-그리고".
    static func anchor(of heading: String) -> String {
        var anchor = ""
        for scalar in heading.lowercased().unicodeScalars {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .connectorPunctuation:
                anchor.unicodeScalars.append(scalar)
            default:
                if scalar == "-" || scalar == " " { anchor.append("-") }
            }
        }
        return anchor
    }

    /// The targets of the inline links and reference definitions on one line of prose.
    static func linkTargets(in line: String) -> [String] {
        var targets: [String] = []
        let trimmed = line.trimmingSpaces
        if trimmed.hasPrefix("["), let close = trimmed.range(of: "]:") {
            let rest = trimmed[close.upperBound...].trimmingSpaces
            if let first = rest.split(separator: " ").first {
                targets.append(unbracketed(String(first)))
            }
        }
        var rest = Substring(line)
        while let open = rest.range(of: "](") {
            var target = ""
            var depth = 0
            var cursor = open.upperBound
            while cursor < rest.endIndex {
                let character = rest[cursor]
                if character == "(" { depth += 1 }
                if character == ")" {
                    if depth == 0 { break }
                    depth -= 1
                }
                target.append(character)
                cursor = rest.index(after: cursor)
            }
            // A title may follow the target after a space: [x](path "title").
            let destination =
                target.trimmingSpaces.split(separator: " ").first.map(String.init) ?? ""
            targets.append(unbracketed(destination))
            rest = rest[cursor...]
        }
        return targets
    }

    private static func unbracketed(_ target: String) -> String {
        target.hasPrefix("<") && target.hasSuffix(">") ? String(target.dropFirst().dropLast()) : target
    }

    /// The file part of a link to something in the package; nil for web links and in-page anchors.
    static func localPath(of target: String) -> String? {
        if target.hasPrefix("#") || target.hasPrefix("//") { return nil }
        if let colon = target.firstIndex(of: ":"), let first = target.first, first.isLetter,
            target[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+.-".contains($0) })
        {
            return nil
        }
        let path = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            .split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        return String(path).removingPercentEncoding ?? String(path)
    }

    /// `path` read from the page's folder, as a path from the package root; nil if it leaves the package.
    static func resolve(_ path: String, from page: String) -> String? {
        var components = path.hasPrefix("/") ? [] : page.split(separator: "/").dropLast().map(String.init)
        for component in path.split(separator: "/") {
            switch component {
            case ".": continue
            case "..":
                guard !components.isEmpty else { return nil }
                components.removeLast()
            default: components.append(String(component))
            }
        }
        return components.joined(separator: "/")
    }
}
