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

    @Test("every stage of the ladder has its chapter in both editions, and each tutorial it names exists")
    func stagesHaveTheirPages() throws {
        let root = try #require(SourceMetrics.sourcesDirectory(from: #filePath)).deletingLastPathComponent()
        let files = FileManager.default
        for stage in Ladder.stages {
            for folder in ["docs", "docs/ko"] {
                let chapter = "\(folder)/\(stage.chapter).md"
                #expect(
                    files.fileExists(atPath: root.appendingPathComponent(chapter).path),
                    "stage \(stage.number): no \(chapter)")
            }
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

// Each pair's suite is named for both stages, so `swift test --filter StageN` selects the pairs
// stage N is in, and `swift test` runs each once.

@Suite("Stage 2 from stage 1")
struct Stage1ToStage2 {
    @Test("stage 2's README lists its files in reading order, and what it carries over from stage 1 is unchanged")
    func readme() throws { try expectReadmeKept(by: 2) }
}

@Suite("Stage 3 from stage 2")
struct Stage2ToStage3 {
    @Test("stage 3's README lists its files in reading order, and what it carries over from stage 2 is unchanged")
    func readme() throws { try expectReadmeKept(by: 3) }
}

@Suite("Stage 4 from stage 3")
struct Stage3ToStage4 {
    @Test("stage 4's README lists its files in reading order, and what it carries over from stage 3 is unchanged")
    func readme() throws { try expectReadmeKept(by: 4) }
}

@Suite("Stage 5 from stage 4")
struct Stage4ToStage5 {
    @Test("stage 5's README lists its files in reading order, and what it carries over from stage 4 is unchanged")
    func readme() throws { try expectReadmeKept(by: 5) }
}

@Suite("Stage 6 from stage 5")
struct Stage5ToStage6 {
    @Test("stage 6's README lists its files in reading order, and what it carries over from stage 5 is unchanged")
    func readme() throws { try expectReadmeKept(by: 6) }
}

@Suite("Stage 1's README")
struct Stage1Readme {
    @Test("stage 1's README lists its files in reading order, and carries nothing over")
    func readme() throws { try expectReadmeKept(by: 1) }
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

    @Test(
        "each stage's suite runs every shared, screen, bad-reply and bad-input case, and its promises and claims",
        arguments: Ladder.numbers)
    func suiteRunsEveryList(_ number: Int) throws {
        let tests = try #require(SourceMetrics.sourcesDirectory(from: #filePath)).deletingLastPathComponent()
            .appendingPathComponent("Tests/LadderTests")
        // The suite, and the kata edition that stands in for it during a kata, where there is one.
        let root = tests.deletingLastPathComponent().deletingLastPathComponent()
        let files = [
            tests.appendingPathComponent("Stage\(number)Tests.swift"),
            root.appendingPathComponent("Tests/KataEditions/Stage\(number)Tests.swift"),
        ].filter { FileManager.default.fileExists(atPath: $0.path) }
        #expect(!files.isEmpty)
        for file in files {
            let suite = try String(contentsOf: file, encoding: .utf8)
            #expect(suite.contains("struct Stage\(number)Tests"), "the suite's name must hold Stage\(number)")
            for list in Self.lists {
                #expect(suite.contains("arguments: \(list))"), "\(file.lastPathComponent) does not run \(list)")
            }
        }
        let promises = try String(contentsOf: tests.appendingPathComponent("LadderPromiseTests.swift"), encoding: .utf8)
        let stageSuite = try #require(
            promises.components(separatedBy: "struct Stage\(number) {").dropFirst().first?
                .components(separatedBy: "@Suite").first, "LadderPromiseTests.swift has no suite Stage\(number)")
        #expect(
            SourceClaim.all(for: number).isEmpty || stageSuite.contains("arguments: SourceClaim.all(for: \(number)))"))
        #expect(number == 1 || stageSuite.contains("arguments: LadderPromise.all(for: \(number)))"))
    }
}
