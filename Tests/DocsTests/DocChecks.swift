// The rules every docs page follows, as pure functions of the page's text and of what the package
// holds now, so that each rule can be tried on a deliberately wrong page written inline.
import Foundation
import Locking
import Metrics

/// Something a page says that the package does not bear out.
struct DocProblem: Sendable, Equatable, CustomStringConvertible {
    /// The page, from the package root.
    let file: String
    /// The 1-based line of the marker or mention.
    let line: Int
    /// The first line of the excerpt, or the mention, as the page writes it.
    let excerpt: String
    /// What did not match.
    let message: String

    var description: String {
        "\(file):\(line): excerpt \"\(excerpt)\": \(message)"
    }
}

/// What the pages are checked against: the package as it is now, or an inline stand-in.
struct DocWorld: Sendable {
    /// A file's lines, by its path from the package root; nil when there is no such file.
    let lines: @Sendable (String) -> [String]?
    /// Whether a file or folder exists, by its path from the package root ("" is the root).
    let exists: @Sendable (String) -> Bool
    /// Each stage's measurements, by stage number.
    let metrics: [Int: StageMetrics]
    /// What each generator prints now, by the name a `generated` marker gives it.
    let generated: [String: String]
    /// The text of every test file whose case names a page may mention.
    let testSources: [String]
    /// The names those files declare, read once: see `DocChecks.declaredNames(in:)`.
    let testNames: Set<String>

    init(
        lines: @escaping @Sendable (String) -> [String]?, exists: @escaping @Sendable (String) -> Bool,
        metrics: [Int: StageMetrics], generated: [String: String], testSources: [String],
        capabilityProofs: [String] = PackageWorld.capabilityProofs
    ) {
        self.lines = lines
        self.exists = exists
        self.metrics = metrics
        self.generated = generated
        self.testSources = testSources
        // A capability's proof is named by `Capability.proof`, the name `kata check` prints too.
        testNames = DocChecks.declaredNames(in: testSources).union(
            capabilityProofs.map {
                $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            })
    }
}

enum DocChecks {
    /// The `StageMetrics` properties a `metric` comment may name.
    static let metricNames = [
        "files", "linesOfCode", "requestFunctions", "sessionCallSites", "keyLiterals", "forceUnwraps",
    ]

    /// The one generator a `generated` block may name.
    static let metricsGenerator = "workbook metrics --markdown"

    /// Every rule, on one page.
    static func all(_ page: DocPage, _ world: DocWorld) -> [DocProblem] {
        codeExcerpts(page, world) + diffExcerpts(page, world) + metrics(page, world)
            + generatedBlocks(page, world) + caseMentions(page, world) + links(page, world)
    }

    // MARK: - Code excerpts

    /// `<!-- code: PATH -->` right before a ```swift block whose lines are a contiguous run of PATH's lines.
    static func codeExcerpts(_ page: DocPage, _ world: DocWorld) -> [DocProblem] {
        var problems: [DocProblem] = []
        for (index, line) in page.lines.enumerated() where !page.inBlock[index] {
            guard let body = DocPage.wholeLineComment("code", in: line) else { continue }
            func problem(_ excerpt: String, _ message: String) {
                problems.append(DocProblem(file: page.path, line: index + 1, excerpt: excerpt, message: message))
            }
            let path = body
            guard !path.isEmpty, !path.contains(" ") else {
                problem(line, "write the marker as <!-- code: Sources/Path/File.swift -->")
                continue
            }
            guard let block = block(after: index, in: page, language: "swift", report: { problem(line, $0) }) else {
                continue
            }
            let excerpt = block.lines.first ?? ""
            guard let file = world.lines(path) else {
                problem(excerpt, "\(path) does not exist")
                continue
            }
            if let mismatch = mismatch(of: block.lines, in: file, path: path) {
                problem(excerpt, mismatch)
            }
        }
        return problems
    }

    /// Nil when `excerpt` is a contiguous run of `file`'s lines; otherwise what is wrong, said
    /// against the longest run of the excerpt's first lines that the file does hold.
    static func mismatch(of excerpt: [String], in file: [String], path: String) -> String? {
        var best: (start: Int, length: Int)?
        for start in file.indices where file[start] == excerpt[0] {
            var length = 0
            while length < excerpt.count, start + length < file.count, file[start + length] == excerpt[length] {
                length += 1
            }
            if length == excerpt.count { return nil }
            if length > best?.length ?? 0 { best = (start, length) }
        }
        guard let best else {
            return "its first line is not a line of \(path)"
        }
        let next = best.start + best.length
        let found = next < file.count ? "\"\(file[next])\"" : "the end of the file"
        return "lines 1-\(best.length) are lines \(best.start + 1)-\(next) of \(path), but excerpt line "
            + "\(best.length + 1) \"\(excerpt[best.length])\" is not what follows there (the file has \(found))"
    }

    // MARK: - Diff excerpts

    /// `<!-- diff: OLD NEW -->` right before a ```diff block: `-` lines are lines of OLD, `+` lines of NEW,
    /// context lines of both. `@@` lines and `---`/`+++` file headers are skipped; `/dev/null` has no lines.
    static func diffExcerpts(_ page: DocPage, _ world: DocWorld) -> [DocProblem] {
        var problems: [DocProblem] = []
        for (index, line) in page.lines.enumerated() where !page.inBlock[index] {
            guard let body = DocPage.wholeLineComment("diff", in: line) else { continue }
            func problem(_ excerpt: String, _ message: String) {
                problems.append(DocProblem(file: page.path, line: index + 1, excerpt: excerpt, message: message))
            }
            let paths = body.split(separator: " ").map(String.init)
            guard paths.count == 2 else {
                problem(line, "write the marker as <!-- diff: Sources/A/File.swift Sources/B/File.swift -->")
                continue
            }
            guard let block = block(after: index, in: page, language: "diff", report: { problem(line, $0) }) else {
                continue
            }
            let excerpt = block.lines.first ?? ""
            let countBefore = problems.count
            var files: [Set<String>] = []
            for path in paths {
                if path == "/dev/null" {
                    files.append([])
                } else if let lines = world.lines(path) {
                    files.append(Set(lines))
                } else {
                    problem(excerpt, "\(path) does not exist")
                }
            }
            guard files.count == 2 else { continue }
            let (old, new) = (files[0], files[1])
            var changes = 0
            for (offset, diffLine) in block.lines.enumerated() {
                let position = "diff line \(offset + 1) \"\(diffLine)\""
                if diffLine.hasPrefix("@@") || isFileHeader(diffLine) { continue }
                let text = String(diffLine.dropFirst())
                switch diffLine.first {
                case "-":
                    changes += 1
                    if !old.contains(text) { problem(excerpt, "\(position) is not a line of \(paths[0])") }
                case "+":
                    changes += 1
                    if !new.contains(text) { problem(excerpt, "\(position) is not a line of \(paths[1])") }
                case " ", nil:
                    // A blank context line may have lost its leading space to an editor.
                    if !old.contains(text) { problem(excerpt, "\(position) is context, but not a line of \(paths[0])") }
                    if !new.contains(text) { problem(excerpt, "\(position) is context, but not a line of \(paths[1])") }
                default:
                    problem(excerpt, "\(position) starts with neither -, + nor a space")
                }
            }
            if changes == 0 {
                problem(excerpt, "the diff has no - or + line")
            }
            // Every line belongs; now the lines must also stand as the diff prints them.
            guard problems.count == countBefore, changes > 0 else { continue }
            let oldLines = paths[0] == "/dev/null" ? [] : world.lines(paths[0]) ?? []
            let newLines = paths[1] == "/dev/null" ? [] : world.lines(paths[1]) ?? []
            if let message = unprinted(block.lines, old: oldLines, new: newLines, paths: paths) {
                problem(excerpt, message)
            }
        }
        return problems
    }

    /// Nil when the quoted diff is `Diff.unified` as `workbook compare --unified` prints it: each
    /// part between `@@` lines a run of consecutive printed lines, the parts in the printed order,
    /// so that every line left out is marked by an `@@`. A bare `@@` only marks a cut; a full
    /// `@@ -a,b +c,d @@` header must be the printed one, followed by its hunk's first lines. Both
    /// sides from one file are two runs of it (chapter 1 sets two functions side by side), and the
    /// diff is the one printed between those runs.
    static func unprinted(_ quoted: [String], old: [String], new: [String], paths: [String]) -> String? {
        var reference = (old: old, new: new)
        if paths[0] == paths[1] {
            let body = quoted.filter { !isFileHeader($0) }
            if body.contains(where: { $0.hasPrefix("@@") }) {
                return "both sides come from \(paths[0]), so each must be one run of it, with no @@ cut"
            }
            let oldSide = body.filter { !$0.hasPrefix("+") }.map { String($0.dropFirst()) }
            let newSide = body.filter { !$0.hasPrefix("-") }.map { String($0.dropFirst()) }
            guard let oldStart = run(of: oldSide, in: old) else {
                return "the - and context lines are not one run of \(paths[0]): "
                    + (mismatch(of: oldSide, in: old, path: paths[0]) ?? "")
            }
            guard let newStart = run(of: newSide, in: new) else {
                return "the + and context lines are not one run of \(paths[1]): "
                    + (mismatch(of: newSide, in: new, path: paths[1]) ?? "")
            }
            reference = (
                Array(old[oldStart..<oldStart + oldSide.count]), Array(new[newStart..<newStart + newSide.count])
            )
        }
        // Without headers: the files' names are the marker's.
        let printed = Array(
            PackageWorld.unified(reference.old, reference.new).dropFirst(2))
        // The quote in parts: a bare @@ ends one, a full header starts the next.
        var parts: [[(offset: Int, line: String)]] = [[]]
        for (offset, line) in quoted.enumerated() where !isFileHeader(line) {
            if line.trimmingCharacters(in: .whitespaces) == "@@" {
                parts.append([])
                continue
            }
            if line.hasPrefix("@@"), !(parts.last?.isEmpty ?? true) { parts.append([]) }
            parts[parts.count - 1].append((offset, line))
        }
        // A blank context line may have lost its leading space to an editor.
        func same(_ quotedLine: String, _ printedLine: String) -> Bool {
            quotedLine == printedLine || (quotedLine.isEmpty && printedLine == " ")
        }
        var cursor = 0
        var previous: (offset: Int, line: String)?
        for part in parts where !part.isEmpty {
            // The first place, from the cursor on, where the part is printed whole; else the
            // longest run of its first lines that is printed, to say where it departs.
            var best: (start: Int, length: Int)?
            var found: Int?
            for start in cursor..<printed.count where same(part[0].line, printed[start]) {
                var length = 0
                while length < part.count, start + length < printed.count,
                    same(part[length].line, printed[start + length])
                {
                    length += 1
                }
                if length == part.count {
                    found = start
                    break
                }
                if length > best?.length ?? 0 { best = (start, length) }
            }
            if let found {
                cursor = found + part.count
                previous = part.last
                continue
            }
            let after = previous.map { " after diff line \($0.offset + 1)" } ?? ""
            guard let best else {
                let line = part[0]
                let elsewhere = printed.contains { same(line.line, $0) }
                return "diff line \(line.offset + 1) \"\(line.line)\" is "
                    + (elsewhere
                        ? "printed by `workbook compare --unified`, but not\(after): the lines are out of order"
                        : "not a line `workbook compare --unified` prints")
            }
            let next = best.start + best.length
            let departing = part[best.length]
            let printedNext = next < printed.count ? "\"\(printed[next])\"" : "nothing more"
            return "diff line \(departing.offset + 1) \"\(departing.line)\" is not what `workbook compare --unified` "
                + "prints next: it prints \(printedNext); quote the lines as printed, and mark a part left out with an @@ line"
        }
        return nil
    }

    /// The index where `lines` first stand as a contiguous run of `file`, if they do.
    static func run(of lines: [String], in file: [String]) -> Int? {
        guard !lines.isEmpty, lines.count <= file.count else { return nil }
        return (0...(file.count - lines.count)).first { start in
            lines.indices.allSatisfy { file[start + $0] == lines[$0] }
        }
    }

    /// `--- a/…`, `+++ b/…` and their `/dev/null` forms, as `workbook compare --unified` prints them.
    static func isFileHeader(_ line: String) -> Bool {
        ["--- a/", "+++ b/", "--- /dev/null", "+++ /dev/null"].contains { line.hasPrefix($0) }
    }

    /// The fenced block opening on the line after a marker, if it is in `language` and closed.
    private static func block(after index: Int, in page: DocPage, language: String, report: (String) -> Void)
        -> FencedBlock?
    {
        guard let block = page.block(openingAt: index + 1) else {
            report("the marker is not directly followed by a ```\(language) block")
            return nil
        }
        guard block.language == language else {
            report("the marker is followed by a ```\(block.language) block, not ```\(language)")
            return nil
        }
        guard block.closed else {
            report("the ```\(language) block is never closed")
            return nil
        }
        guard !block.lines.isEmpty else {
            report("the ```\(language) block is empty")
            return nil
        }
        return block
    }

    // MARK: - Numbers

    /// `N<!-- metric: stage S name -->`: N is what SourceMetrics measures now, and the paragraph
    /// (or the one before it) says the number comes from `swift run workbook metrics`.
    static func metrics(_ page: DocPage, _ world: DocWorld) -> [DocProblem] {
        var problems: [DocProblem] = []
        let paragraphs = page.paragraphs
        for (index, text) in page.prose {
            for comment in DocPage.comments("metric", in: text) {
                let digits = String(comment.before.reversed().prefix { $0.isASCII && $0.isNumber }.reversed())
                let excerpt = digits + comment.whole
                func problem(_ message: String) {
                    problems.append(DocProblem(file: page.path, line: index + 1, excerpt: excerpt, message: message))
                }
                let words = comment.body.split(separator: " ").map(String.init)
                guard words.count == 3, words[0] == "stage", let stage = Int(words[1]) else {
                    problem("write the comment as <!-- metric: stage N name -->")
                    continue
                }
                let name = words[2]
                guard let measured = world.metrics[stage] else {
                    problem(
                        "there is no stage \(stage); the stages are \(world.metrics.keys.sorted().map(String.init).joined(separator: ", "))"
                    )
                    continue
                }
                guard let value = value(of: name, in: measured) else {
                    problem("\(name) is not a metric; the metrics are \(metricNames.joined(separator: ", "))")
                    continue
                }
                guard let stated = Int(digits) else {
                    problem("no number comes immediately before the comment")
                    continue
                }
                if stated != value {
                    problem(
                        "the page says \(stated), but `swift run workbook metrics` measures \(value) for stage \(stage) \(name)"
                    )
                }
                if let paragraph = paragraphs[index],
                    !saysMeasured(paragraph: paragraph, of: page, paragraphs: paragraphs)
                {
                    problem(
                        "neither this paragraph nor the one before it says the number is measured by `swift run workbook metrics`"
                    )
                }
            }
        }
        return problems
    }

    static func value(of name: String, in metrics: StageMetrics) -> Int? {
        switch name {
        case "files": metrics.files
        case "linesOfCode": metrics.linesOfCode
        case "requestFunctions": metrics.requestFunctions
        case "sessionCallSites": metrics.sessionCallSites
        case "keyLiterals": metrics.keyLiterals
        case "forceUnwraps": metrics.forceUnwraps
        default: nil
        }
    }

    private static func saysMeasured(paragraph: Int, of page: DocPage, paragraphs: [Int: Int]) -> Bool {
        paragraphs.contains { index, number in
            (number == paragraph || number == paragraph - 1) && page.lines[index].contains("workbook metrics")
        }
    }

    // MARK: - Generated blocks

    /// The lines between `<!-- generated: NAME -->` and `<!-- end generated -->` are what NAME prints now.
    /// DocsTests regenerates `workbook metrics --markdown` itself. A block from another generator
    /// passes only if a test in the test folders names its marker, and so checks it there:
    /// `workbook reliability --markdown` runs every stage on the shared fake, which only the
    /// serialized suites there may do.
    static func generatedBlocks(_ page: DocPage, _ world: DocWorld) -> [DocProblem] {
        var problems: [DocProblem] = []
        for (index, line) in page.lines.enumerated() where !page.inBlock[index] {
            guard let name = DocPage.wholeLineComment("generated", in: line) else { continue }
            func problem(_ message: String) {
                problems.append(DocProblem(file: page.path, line: index + 1, excerpt: line, message: message))
            }
            guard
                let end = page.lines[(index + 1)...].firstIndex(where: {
                    $0.trimmingCharacters(in: .whitespaces) == "<!-- end generated -->"
                })
            else {
                problem("no <!-- end generated --> line follows")
                continue
            }
            guard let expected = world.generated[name] else {
                // Another generator's block is fine only if a test of its own compares it.
                if !world.testSources.contains(where: { $0.contains("<!-- generated: \(name) -->") }) {
                    problem(
                        "there is no generator named \"\(name)\": DocsTests regenerates only \"\(metricsGenerator)\", "
                            + "and no test in \(testFolders.joined(separator: ", ")) checks this block")
                }
                continue
            }
            let shown = trimmingBlankLines(Array(page.lines[(index + 1)..<end]))
            let printed = trimmingBlankLines(expected.components(separatedBy: "\n"))
            guard shown != printed else { continue }
            let first =
                zip(shown, printed).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(shown.count, printed.count)
            let pageLine = first < shown.count ? "\"\(shown[first])\"" : "nothing more"
            let printedLine = first < printed.count ? "\"\(printed[first])\"" : "nothing more"
            problem("it is stale: its line \(first + 1) is \(pageLine), but `\(name)` prints \(printedLine) there")
        }
        return problems
    }

    static func trimmingBlankLines(_ lines: [String]) -> [String] {
        let isBlank = { (line: String) in line.trimmingCharacters(in: .whitespaces).isEmpty }
        guard let first = lines.firstIndex(where: { !isBlank($0) }), let last = lines.lastIndex(where: { !isBlank($0) })
        else {
            return []
        }
        return Array(lines[first...last])
    }

    // MARK: - Test names

    /// Where the tests a page may name are: the suite, the command's tests, the stages' own checks, the fakes' tests.
    static let testFolders = [
        "Tests/LadderTests", "Tests/CLITests", "Tests/StageTypesTests", "Tests/FakeServerTests",
    ]

    /// `<!-- case: NAME -->` names a test that exists: `SharedCase("NAME"`, `@Test("NAME"` or
    /// `RequestBuildingCase("NAME"` in the test sources.
    static func caseMentions(_ page: DocPage, _ world: DocWorld) -> [DocProblem] {
        var problems: [DocProblem] = []
        for (index, text) in page.prose {
            for comment in DocPage.comments("case", in: text) where !caseExists(comment.body, in: world.testNames) {
                problems.append(
                    DocProblem(
                        file: page.path, line: index + 1, excerpt: String(comment.whole),
                        message:
                            "no SharedCase(\"…\") or @Test(\"…\") in \(testFolders.joined(separator: ", ")) has this name"
                    ))
            }
        }
        return problems
    }

    /// Whether `names` (see `declaredNames(in:)`) holds `name`.
    static func caseExists(_ name: String, in names: Set<String>) -> Bool {
        guard !name.isEmpty else { return false }
        // The name as a Swift string literal spells it.
        let literal = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return names.contains(literal)
    }

    /// The string literal that opens every `SharedCase(`, `@Test(` and `RequestBuildingCase(` in
    /// `sources`, as the source spells it, escapes included. Read once, when the world is made: a
    /// page names many tests, and searching every test file for every mention is slow.
    static func declaredNames(in sources: [String]) -> Set<String> {
        var names = Set<String>()
        for source in sources {
            for opening in ["SharedCase(", "@Test(", "RequestBuildingCase(", "SourceClaim("] {
                for following in source.components(separatedBy: opening).dropFirst() {
                    // The formatter may break the line after the opening parenthesis.
                    let rest = following.drop { $0 == " " || $0 == "\n" }
                    guard rest.first == "\"" else { continue }
                    var literal = ""
                    var escaped = false
                    for character in rest.dropFirst() {
                        if character == "\"" && !escaped {
                            names.insert(literal)
                            break
                        }
                        escaped = character == "\\" && !escaped
                        literal.append(character)
                    }
                }
            }
        }
        return names
    }

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
        let key = "\(path)\u{0}\(text.hashValue)"
        if let known = anchorsRead.withLock({ $0[key] }) { return known }
        let found = anchors(of: DocPage(path: path, text: text))
        anchorsRead.withLock { $0[key] = found }
        return found
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
        var text = after.trimmingCharacters(in: .whitespaces)
        // An optional closing run of #s, after a space.
        let closing = text.reversed().prefix { $0 == "#" }.count
        if closing > 0, closing == text.count || text.dropLast(closing).last == " " {
            text = String(text.dropLast(closing)).trimmingCharacters(in: .whitespaces)
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
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("["), let close = trimmed.range(of: "]:") {
            let rest = trimmed[close.upperBound...].trimmingCharacters(in: .whitespaces)
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
                target.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? ""
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
