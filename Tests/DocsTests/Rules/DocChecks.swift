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
                    $0.trimmingSpaces == "<!-- end generated -->"
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
        let isBlank = { (line: String) in line.trimmingSpaces.isEmpty }
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
}
