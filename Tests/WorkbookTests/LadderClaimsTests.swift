// What the ladder says across stages: the stages in Sources/ are the six, stage 6 carries stage 5's
// router over unchanged, the capability matrix prints what each stage declares, and every check of
// a stage is one that its own run, `swift test --filter StageN`, selects.
import FakeServers
import Foundation
import SourceMetrics
import StageAdapters
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every stage's adapter, stage 6's on a session of the shared fake (these checks send nothing).
let everyStage = Stages.all(session: URLSession(configuration: FakeServers.sessionConfiguration()))

@Suite("Ladder claims")
struct LadderClaimsTests {
    @Test("the exercise's call is taken out of a router file and nothing else is")
    func exerciseCallTakenOut() {
        let before = """
            case photo(id: String)
            // One segment.
            case .photo(let id): ["photos", id]
            case .randomPhoto, .photo: [:]
            """
        let after = """
            case photo(id: String)
            case userPhotos(username: String)
            // One segment.
            case .photo(let id): ["photos", id]
            // One segment too.
            case .userPhotos(let username): ["users", username, "photos"]
            case .randomPhoto, .photo, .userPhotos: [:]
            """
        #expect(Stage5AndStage6.withoutUserPhotos(after) == Stage5AndStage6.withoutUserPhotos(before))
        #expect(Stage5AndStage6.withoutUserPhotos(before) == before.split(separator: "\n").map(String.init))
    }

    @Test("the stages in Sources/ are the six the call sites name, in order")
    func stagesMatchSources() throws {
        let sources = try #require(SourceMetrics.sourcesDirectory(from: #filePath))
        let directories = try SourceMetrics.stageDirectories(in: sources).map(\.lastPathComponent)
        #expect(directories == everyStage.map(\.stage.module))
        #expect(everyStage.map(\.stage.number) == Array(1...6))
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

/// Named for both stages, so that `swift test --filter Stage5` and `--filter Stage6` each select it.
@Suite("Stage 5 and stage 6")
struct Stage5AndStage6 {
    @Test("stage 6 keeps stage 5's router, enums and error type unchanged, file for file")
    func stageSixKeepsTheRouter() throws {
        let sources = try #require(SourceMetrics.sourcesDirectory(from: #filePath))
        // An exercise done in one of the two stages adds its call to that stage's enum alone.
        let offered = everyStage.filter { [5, 6].contains($0.stage.number) }.map { $0 is any UserPhotosCalling }
        let oneExercise = Set(offered).count == 2
        for file in ["Router.swift", "PopcornAPI.swift", "UnsplashAPI.swift", "APIError.swift"] {
            guard
                let five = try? String(
                    contentsOf: sources.appendingPathComponent("Stage5Router/\(file)"), encoding: .utf8),
                let six = try? String(
                    contentsOf: sources.appendingPathComponent("Stage6Async/\(file)"), encoding: .utf8)
            else {
                Issue.record("stage 5 or stage 6 has no \(file): a kata in progress? (`workbook kata reset 5` or 6)")
                continue
            }
            if oneExercise {
                #expect(
                    Self.withoutUserPhotos(five) == Self.withoutUserPhotos(six),
                    "\(file) differs between stage 5 and stage 6 beyond the exercise's userPhotos")
            } else {
                #expect(five == six, "\(file) differs between stage 5 and stage 6")
            }
        }
    }

    /// `text` without the exercise's call: the lines that name `userPhotos`, the comment just above
    /// them, and `.userPhotos` in a list of cases.
    static func withoutUserPhotos(_ text: String) -> [String] {
        var kept: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let rest = line.replacingOccurrences(of: ", .userPhotos", with: "")
                .replacingOccurrences(of: ".userPhotos, ", with: "")
            guard rest.contains("userPhotos") else {
                kept.append(rest)
                continue
            }
            while kept.last?.trimmingCharacters(in: .whitespaces).hasPrefix("//") == true {
                kept.removeLast()
            }
        }
        return kept
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
        arguments: 1...6)
    func suiteRunsEveryList(_ number: Int) throws {
        let tests = try #require(SourceMetrics.sourcesDirectory(from: #filePath)).deletingLastPathComponent()
            .appendingPathComponent("Tests/WorkbookTests")
        // The suite, and the kata edition that stands in for it during a kata, where there is one.
        let root = tests.deletingLastPathComponent().deletingLastPathComponent()
        let files = [
            tests.appendingPathComponent("Stage\(number)Tests.swift"),
            root.appendingPathComponent("Katas/Stage\(number)Tests.swift"),
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
