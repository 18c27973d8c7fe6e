// What the ladder says across stages: the stages in Sources/ are the ladder's, each carries over
// unchanged what its README says, the capability matrix prints what each stage declares, and every
// check of a stage is one that its own run, `swift test --filter StageN`, selects.
import FakeServers
import Foundation
import Harness
import Ladder
import Metrics
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every stage's adapter, stage 6's on a session of the shared fake (these checks send nothing).
let everyStage = Stages.all(session: URLSession(configuration: FakeServers.sessionConfiguration()))

@Suite("Ladder claims")
struct LadderClaimsTests {
    @Test("the ladder's stages are the folders in Sources/, the manifest's modules and the adapters, in order")
    func stagesMatchSources() throws {
        let sources = try #require(SourceMetrics.sourcesDirectory(from: #filePath))
        let directories = try SourceMetrics.stageDirectories(in: sources).map(\.lastPathComponent)
        let modules = Ladder.stages.map(\.module)
        #expect(directories == modules, "Sources/ holds \(directories); Workbench/Ladder/Ladder.swift lists \(modules)")
        #expect(everyStage.map(\.stage.module) == modules, "Harness/Stages.swift's adapters, in the ladder's order")
        #expect(everyStage.map(\.stage.number) == Ladder.numbers)
        let manifest = try String(
            contentsOf: sources.deletingLastPathComponent().appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(Self.stageList(inManifest: manifest) == modules, "Package.swift's `let stages`, in the ladder's order")
    }

    @Test("every stage of the ladder has its chapter and exercise in both editions, its index entry and its tutorials")
    func stagesHaveTheirPages() throws {
        let root = try #require(SourceMetrics.sourcesDirectory(from: #filePath)).deletingLastPathComponent()
        let files = FileManager.default
        // Its chapter and its exercise, in both languages, and its documentation on the Swift
        // Package Index.
        let index = (try? String(contentsOf: root.appendingPathComponent(".spi.yml"), encoding: .utf8)) ?? ""
        for stage in Ladder.stages {
            let exercise = "Exercises/stage\(stage.number)"
            let pages = [
                "docs/\(stage.chapter).md", "docs/ko/\(stage.chapter).md", "\(exercise)/README.md",
                "\(exercise)/README.ko.md",
            ]
            for path in pages where !files.fileExists(atPath: root.appendingPathComponent(path).path) {
                Issue.record("stage \(stage.number): no \(path)")
            }
            let indexed = index.split(separator: "\n").contains {
                $0.trimmingCharacters(in: .whitespaces) == "- \(stage.module)"
            }
            #expect(indexed, "stage \(stage.number): .spi.yml's documentation_targets lack \(stage.module)")
        }
        // Each edition of the tutorial, English and Korean, has the stage's chapter, and is a
        // module of the manifest.
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        for module in Ladder.tutorialModules {
            let catalog = "Sources/\(module)/Documentation.docc"
            #expect(manifest.contains(".target(name: \"\(module)\")"), "Package.swift has no target \(module)")
            for case (let number, let tutorial?) in Ladder.stages.map({ ($0.number, $0.tutorial) }) {
                let path = "\(catalog)/Tutorials/\(tutorial).tutorial"
                #expect(
                    files.fileExists(atPath: root.appendingPathComponent(path).path), "stage \(number): no \(path)")
            }
        }
    }

    /// The module names in the manifest's `let stages = [...]`.
    static func stageList(inManifest text: String) -> [String] {
        guard let start = text.range(of: "let stages = ["), let end = text[start.upperBound...].firstIndex(of: "]")
        else { return [] }
        return text[start.upperBound..<end].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\"")))
        }.filter { !$0.isEmpty }
    }

    @Test("the matrix prints one row per stage with exactly its declared capabilities")
    func matrixPrints() {
        let stages = everyStage.map(\.stage)
        let lines = CapabilityMatrix.markdown(stages).split(separator: "\n")
        #expect(lines.count == stages.count + 2)
        for (stage, line) in zip(stages, lines.dropFirst(2)) {
            #expect(line.hasPrefix("| \(stage.number) \(stage.module) |"))
            #expect(line.filter { $0 == "✓" }.count == stage.capabilities.count)
        }
    }
}

/// Holds stage `number` to its README: every file listed in reading order, and each file it says
/// it carries over unchanged equal to stage `number - 1`'s, module names aside, so that a fix to
/// one copy cannot skip the other (stage 1 carries nothing over). The Korean edition, README.ko.md,
/// lists the same files in the same order, carries the same ones over, and links the Korean
/// chapter. CI fails on a difference; elsewhere it is a known issue with a note, since an exercise
/// or a kata in progress changes one copy on purpose.
func expectReadmeKept(by number: Int) throws {
    let sources = try #require(SourceMetrics.sourcesDirectory(from: #filePath))
    let folders = try SourceMetrics.stageDirectories(in: sources)
    let new = folders[number - 1]
    let old = number > 1 ? folders[number - 2] : nil
    let readme = try #require(StageReadme.read(folder: new), "Sources/\(new.lastPathComponent) has no README.md")
    var problems: [String] = []
    let files = try FileManager.default.contentsOfDirectory(atPath: new.path).filter { $0.hasSuffix(".swift") }
    if Set(readme.readingOrder) != Set(files) || readme.readingOrder.count != files.count {
        problems.append(
            "its README's reading order lists \(readme.readingOrder.sorted()), the folder has \(files.sorted())")
    }
    problems += koreanReadmeProblems(folder: new, english: readme, chapter: Ladder.stage(number)?.chapter)
    for file in readme.carriedOver {
        guard let old else {
            problems.append("its README says it carries \(file) over, but it is the first stage")
            continue
        }
        let before = try? String(contentsOf: old.appendingPathComponent(file), encoding: .utf8)
        let after = try? String(contentsOf: new.appendingPathComponent(file), encoding: .utf8)
        let same =
            before?.replacingOccurrences(of: old.lastPathComponent, with: "StageN")
            == after?.replacingOccurrences(of: new.lastPathComponent, with: "StageN")
        if after == nil || !same {
            problems.append("\(file) is not stage \(number - 1)'s, though its README says it is carried over unchanged")
        }
    }
    guard !problems.isEmpty else { return }
    let message = "Sources/\(new.lastPathComponent): " + problems.joined(separator: "; ")
    if ProcessInfo.processInfo.environment["WORKBOOK_STRICT_DOCS"] == "1" {
        Issue.record("\(message)")
    } else {
        withKnownIssue(
            """
            a stage's files differ from what its README says. Nothing to do if this is your exercise's or \
            your kata's change: it goes away when the stages are as committed; CI checks it strictly \
            (WORKBOOK_STRICT_DOCS=1)
            """
        ) {
            Issue.record("\(message)")
        }
    }
}

/// How the Korean README of the stage folder `folder` departs from its English one, `english`:
/// a file listed that is not, or not in the same place, a different carried-over list, or no link
/// to the stage's chapter in docs/ko/.
func koreanReadmeProblems(folder: URL, english: StageReadme, chapter: String?) -> [String] {
    let path = folder.appendingPathComponent(StageReadme.korean)
    guard let text = try? String(contentsOf: path, encoding: .utf8) else {
        return ["it has no \(StageReadme.korean), the Korean edition of its README"]
    }
    let korean = StageReadme(text: text)
    var problems: [String] = []
    if korean.readingOrder != english.readingOrder {
        problems.append(
            "\(StageReadme.korean)'s reading order lists \(korean.readingOrder), README.md's lists "
                + "\(english.readingOrder): the same files, in the same order")
    }
    if korean.carriedOver != english.carriedOver {
        problems.append(
            "\(StageReadme.korean) says it carries over \(korean.carriedOver), README.md says "
                + "\(english.carriedOver)")
    }
    if let chapter, !text.contains("(../../docs/ko/\(chapter).md)") {
        problems.append("\(StageReadme.korean) does not link its Korean chapter, ../../docs/ko/\(chapter).md")
    }
    return problems
}

@Suite("The stage READMEs' Korean edition")
struct KoreanReadmeTests {
    @Test("a Korean README read under its own headings; another file, another order or no chapter link is found")
    func plantedKoreanReadme() throws {
        let english = StageReadme(
            text: """
                ## Read in this order

                1. [`A.swift`](A.swift): first.
                2. [`B.swift`](B.swift): then.

                ## Carried over unchanged from the stage before

                - [`B.swift`](B.swift): the same.
                """)
        #expect(english.readingOrder == ["A.swift", "B.swift"] && english.carriedOver == ["B.swift"])
        func problems(_ order: [String], chapter: String = "(../../docs/ko/02-x.md)") throws -> [String] {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("korean-readme-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let lines = order.enumerated().map { "\($0.offset + 1). [`\($0.element)`](\($0.element)): 설명." }
            let text = """
                # 2단계

                해설은 [docs/ko/02-x.md]\(chapter)에 있습니다.

                ## 읽는 순서

                \(lines.joined(separator: "\n"))

                ## 앞 단계에서 바뀌지 않고 넘어온 파일

                - [`B.swift`](B.swift): 그대로입니다.
                """
            try text.write(to: folder.appendingPathComponent(StageReadme.korean), atomically: false, encoding: .utf8)
            #expect(StageReadme.read(folder: folder, file: StageReadme.korean)?.readingOrder == order)
            return koreanReadmeProblems(folder: folder, english: english, chapter: "02-x")
        }
        #expect(try problems(["A.swift", "B.swift"]).isEmpty)
        #expect(try problems(["A.swift", "C.swift"]).first?.contains("reading order lists") == true)
        #expect(try problems(["B.swift", "A.swift"]).first?.contains("in the same order") == true)
        let englishChapter = try problems(["A.swift", "B.swift"], chapter: "(../../docs/02-x.md)")
        #expect(englishChapter.first?.contains("does not link its Korean chapter") == true)
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-korean-readme-\(UUID())")
        let none = koreanReadmeProblems(folder: missing, english: english, chapter: nil)
        #expect(none.first?.contains("no README.ko.md") == true)
    }
}

@Suite("Each stage's own run")
struct StageRunTests {
    @Test("every capability has exactly one proof among the cases each stage runs, named by its proof")
    func everyCapabilityHasAProof() {
        let names = SharedCases.all.map(\.name) + ScreenCases.all.map(\.name)
        for capability in Capability.allCases {
            #expect(names.filter { $0 == capability.proof }.count == 1, "\(capability.proof)")
        }
        #expect(Set(names).count == names.count, "two cases share a name")
    }

    /// The lists every stage's suite runs, each in a test of a suite whose name holds `StageN`.
    static let lists = ["SharedCases.all", "ScreenCases.all", "BadReplies.all", "BadInputs.all"]

    /// What stage `number`'s file must say for its suite of the ladder's word, `LadderPromises.StageN`:
    /// its promises from stage 2 on, the ladder's claims about its sources where there are any, and
    /// its README.
    static func ladderChecks(of number: Int) -> [String] {
        ["extension LadderPromises {", "struct Stage\(number) {", "expectReadmeKept(by: \(number))"]
            + (number == 1 ? [] : ["arguments: LadderPromise.all(for: \(number)))"])
            + (SourceClaim.all(for: number).isEmpty ? [] : ["arguments: SourceClaim.all(for: \(number)))"])
    }

    @Test(
        "each stage's file runs every shared, screen, bad-reply and bad-input case, and its promises, claims and README",
        arguments: Ladder.numbers)
    func suiteRunsEveryList(_ number: Int) throws {
        let root = try #require(SourceMetrics.sourcesDirectory(from: #filePath)).deletingLastPathComponent()
        // The suite, and the kata edition that stands in for it during a kata, where there is one.
        let suite = "Tests/LadderTests/Stage\(number)Tests.swift"
        let edition = "Tests/KataEditions/Stage\(number)Tests.swift"
        let add = "copy Stage\(number - 1)Tests.swift and change its stage (CONTRIBUTING.md, \"Adding a stage\")"
        guard let text = try? String(contentsOf: root.appendingPathComponent(suite), encoding: .utf8) else {
            Issue.record("stage \(number) has no suite: add \(suite); \(add)")
            return
        }
        var files = [(suite, text)]
        if let text = try? String(contentsOf: root.appendingPathComponent(edition), encoding: .utf8) {
            files.append((edition, text))
        }
        for (file, text) in files {
            // Said as a list of what is missing, not as the file's text, which a failure would print whole.
            let missing =
                ["struct Stage\(number)Tests"] + Self.lists.map { "arguments: \($0))" } + Self.ladderChecks(of: number)
            for line in missing where !text.contains(line) {
                Issue.record("\(file) lacks `\(line)`: add it; \(add)")
            }
        }
    }
}
