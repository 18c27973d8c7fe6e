// No test or machinery spells the ladder's length or its top stage: they read `Ladder`
// (Workbench/Ladder/Ladder.swift), so that a new stage is one entry there, not a hunt through the
// tests. The forms a Swift file under Tests/ or Workbench/ may not use are in `LadderSpelling`; a file
// named for a stage (Stage6Tests.swift, Stage6Adapter.swift) names that stage by design.
import FakeTurns
import Foundation
import Harness
import Ladder
import Testing

@testable import Metrics

@Suite("Docs: no test or machinery spells the ladder's length or its top stage", .serialized, .busyLane)
struct LadderSpellingTests {
    @Test("no Swift file under Tests/ or Workbench/ types the ladder's length, its span or its top stage")
    func nothingSpellsTheLadder() throws {
        let root = try #require(PackageWorld.root)
        let paths = LadderSpelling.swiftFiles(under: root)
        #expect(paths.contains("Workbench/CLI/Live/LiveStop.swift") && paths.count > 100, "read \(paths.count) files")
        for path in paths {
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            for problem in LadderSpelling.problems(in: text, path: path) {
                Issue.record("\(problem)")
            }
        }
    }

    @Test("each form is found with its line and the file to read instead; the legitimate uses are not")
    func formsAreFound() {
        let top = Ladder.top
        let kataSteps = Ladder.kataNumbers.map(String.init).joined(separator: ", ")
        let planted = """
            import \(top.module)
            let steps = [\(kataSteps)]
            for number in 1...\(top.number) {}
            for number in 2..<\(top.number + 1) {}
            let newest = Stages.all(session: .shared).last
            try await answer(stages: \(Ladder.stages.count))
            // The tour of all \(LadderSpelling.lengthWord) stages, \(LadderSpelling.lengthWord) ways.
            let title = "\(LadderSpelling.koreanLengthWord) 단계"
            """
        let found = LadderSpelling.problems(in: planted, path: "Workbench/CLI/Commands/Planted.swift")
        #expect(found.map(\.line) == Array(1...planted.components(separatedBy: "\n").count), "\(found)")
        #expect(found[0].message.contains("Workbench/Harness"), "\(found[0])")
        #expect(found[1].message.contains("Ladder.numbers"), "\(found[1])")
        #expect(found[4].message.contains("Stages.top(of:)"), "\(found[4])")
        #expect(found[5].message.contains("Ladder.stages.count"), "\(found[5])")
        #expect(found.allSatisfy { $0.message.contains("Ladder") }, "each says where the ladder is read")

        let legitimate = """
            import \(top.module)
            let adapter = Stage\(top.number)Adapter(session: session)
            // Six calls that each decode their own reply make six; one to six `#`.
            let percentiles = [1, 2, 3]
            for step in 1...60 {}
            let line = shown.last
            let top = Stages.top(of: Stages.all(session: .shared))
            let steps = Ladder.numbers
            """
        let ownFile = "Tests/LadderTests/Stage\(top.number)Tests.swift"
        #expect(LadderSpelling.problems(in: legitimate, path: ownFile).isEmpty)
        #expect(LadderSpelling.problems(in: legitimate, path: "Workbench/Harness/Stages.swift").isEmpty)
        #expect(
            LadderSpelling.problems(in: legitimate, path: "Tests/CLITests/TourTests.swift").map(\.line) == [1],
            "only the import, outside the stage's own files and the harness")
        // In a string or a comment, code is text: a fixture may quote an import or a list.
        let quoted = "let fixture = \"import \(top.module); [\(kataSteps)]\" // 1...\(top.number)"
        #expect(LadderSpelling.problems(in: quoted, path: "Tests/KataTests/KataTests.swift").isEmpty)
    }

    @Test("every capability is promised by the stage that brings it, none by default")
    func everyCapabilityIsPromised() {
        let promised = LadderPromise.capabilities(promisedBy: Ladder.top.number)
        for capability in Capability.allCases where !promised.contains(capability) {
            let place = "`LadderPromise.added` in Workbench/HarnessCore/LadderPromise.swift"
            Issue.record("no stage promises \(capability.rawValue): add it to \(place), under the stage that brings it")
        }
    }
}

/// The forms that spell the ladder instead of reading it, and where a file finds each.
enum LadderSpelling {
    /// One form found: the file, the line (from 1), and what to write instead.
    struct Problem: CustomStringConvertible {
        let path: String
        let line: Int
        let message: String

        var description: String { "\(path):\(line): \(message)" }
    }

    /// The folders of the tests and the machinery.
    static let roots = ["Tests", "Workbench"]

    /// The ladder's length as prose says it, in English words.
    static let lengthWord = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    ][min(Ladder.stages.count, 12)]
    /// The same in Korean, as it counts stages (the word before 단계).
    static let koreanLengthWord = ["영", "한", "두", "세", "네", "다섯", "여섯", "일곱", "여덟", "아홉", "열"][
        min(Ladder.stages.count, 10)]

    /// Where the ladder is read: the message's last words.
    static let read = "read it from `Ladder` (Workbench/Ladder/Ladder.swift)"

    /// Every form in `text`, the file at `path`: the lists, ranges, imports and `.last` in its code
    /// (comments and strings blanked), and the length in words anywhere, comments and strings too.
    static func problems(in text: String, path: String) -> [Problem] {
        let code = String(decoding: ScannedSource(text).code, as: UTF8.self).components(separatedBy: "\n")
        var problems: [Problem] = []
        for (index, line) in code.enumerated() {
            let said = codeForms(in: line, path: path)
            problems += said.map { Problem(path: path, line: index + 1, message: $0) }
        }
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if let said = wordForm(in: line) {
                problems.append(Problem(path: path, line: index + 1, message: said))
            }
        }
        return problems.sorted { $0.line < $1.line }
    }

    /// What one line of blanked code spells: each form a message.
    static func codeForms(in line: String, path: String) -> [String] {
        var said: [String] = []
        let top = Ladder.top.number
        // A list of three or more stage numbers, one after another, that ends at the top: [2, 3, 4, 5, 6].
        for list in matches(of: listPattern, in: line) {
            let numbers = list.split { !$0.isNumber }.compactMap { Int($0) }
            let consecutive = zip(numbers, numbers.dropFirst()).allSatisfy { $1 == $0 + 1 }
            if consecutive, numbers.last == top, let first = numbers.first, first >= Ladder.numbers[0] {
                said.append("\(list) types out stage numbers: use `Ladder.numbers` or `Ladder.kataNumbers`; \(read)")
            }
        }
        // The ladder's span as a range: 1...6, 2..<7.
        let lowest = Set([Ladder.numbers[0]] + Ladder.kataNumbers.prefix(1))
        for range in matches(of: rangePattern, in: line) {
            let bounds = range.split { !$0.isNumber }.compactMap { Int($0) }
            guard bounds.count == 2, lowest.contains(bounds[0]) else { continue }
            if bounds[1] == (range.contains("..<") ? top + 1 : top) {
                said.append("\(range) types the ladder's span: iterate `Ladder.numbers`; \(read)")
            }
        }
        // A stage's module imported outside the harness and the stage's own files.
        for (stage, pattern) in importPatterns where !mayImport(stage, path: path) {
            if !matches(of: pattern, in: line).isEmpty {
                said.append(
                    "imports \(stage.module) outside Workbench/Harness and the stage's own files (Stage\(stage.number)…"
                        + ".swift): reach the stage through its adapter, `Stages.all(session:)` or "
                        + "`Stages.top(of:)`; \(read)")
            }
        }
        // The ladder's length passed as a count: `stages: 6`.
        for count in matches(of: countPattern, in: line)
        where count.split(whereSeparator: { !$0.isNumber }).compactMap({ Int($0) }).last == Ladder.stages.count {
            said.append("\(count) types the ladder's length: pass `Ladder.stages.count`; \(read)")
        }
        // The top stage taken silently as the last adapter.
        if !matches(of: lastPattern, in: line).isEmpty {
            said.append(
                "takes the last adapter as the top stage: name it with `Stages.top(of:)` "
                    + "(Workbench/Harness/Stages.swift), which finds `Ladder.top`; \(read)")
        }
        return said
    }

    /// The ladder's length in words, in any text of the line, comments and strings too.
    static func wordForm(in line: String) -> String? {
        guard let words = (matches(of: englishPattern, in: line) + matches(of: koreanPattern, in: line)).first else {
            return nil
        }
        return "\"\(words)\" says the ladder's length: write it so that no number is needed (every stage, "
            + "each step), or count `Ladder.stages`; \(read)"
    }

    // MARK: - The patterns, compiled once: compiling is most of what a search costs

    static let listPattern = compiled(#"\[\s*\d+(?:\s*,\s*\d+){2,}\s*,?\s*\]"#)
    static let rangePattern = compiled(#"\b\d+\s*(?:\.\.\.|\.\.<)\s*\d+\b"#)
    static let countPattern = compiled(#"\bstages\s*:\s*\d+\b"#)
    static let lastPattern = compiled(#"(?:Stages\.all\([^()]*\)|adapters\(\))\s*\.last\b"#)
    static let importPatterns = Ladder.stages.map {
        ($0, compiled(#"^\s*(?:@testable\s+)?import\s+"# + $0.module + #"\s*$"#))
    }
    /// "All N", "N stages", "N typed stages" with N the length in words, or in digits before a noun.
    static let englishPattern: NSRegularExpression? = {
        let nouns = "stages?|steps|ways|modules|adapters|chapters|tutorials"
        return compiled(
            #"(?i)\b(?:all\s+"# + lengthWord + #"\b|"# + lengthWord + #"\s+(?:\w+\s+)?(?:"# + nouns + #")\b|"#
                + String(Ladder.stages.count) + #"\s+(?:"# + nouns + #")\b)"#)
    }()
    /// The Korean length word before 단계, 가지, 모듈 or 어댑터, with or without 개의 between.
    static let koreanPattern = compiled(koreanLengthWord + #"\s*(?:개의?\s*)?(?:단계|가지|모듈|어댑터)"#)

    /// A pattern of this file's; one that does not compile finds nothing, and the planted forms
    /// of `formsAreFound` go unfound.
    static func compiled(_ pattern: String) -> NSRegularExpression? {
        try? NSRegularExpression(pattern: pattern)
    }

    /// Whether a file at `path` may import `stage`'s module: the harness's adapters, and the
    /// stage's own test files, whose names start with `StageN`.
    static func mayImport(_ stage: Ladder.Stage, path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        let prefix = "Stage\(stage.number)"
        let ownFile = name.hasPrefix(prefix) && !(name.dropFirst(prefix.count).first?.isNumber ?? false)
        return path.hasPrefix("Workbench/Harness/") || ownFile
    }

    /// The Swift files of the tests and the machinery, as paths from the package root, sorted.
    static func swiftFiles(under root: URL) -> [String] {
        PackageWorld.files(in: roots, root: root, ending: ".swift")
    }

    /// Each match of `pattern` in `line`, as text.
    static func matches(of pattern: NSRegularExpression?, in line: String) -> [String] {
        guard let pattern else { return [] }
        let whole = NSRange(line.startIndex..., in: line)
        return pattern.matches(in: line, range: whole).compactMap { Range($0.range, in: line).map { String(line[$0]) } }
    }
}
