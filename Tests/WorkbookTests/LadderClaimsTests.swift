// The claims the ladder makes about each stage's source, checked against counts measured from
// the stage's own files. Change a stage so that a claim stops being true and this fails.
import SourceMetrics
import StageAdapters
import Testing

@Suite("Ladder claims")
struct LadderClaimsTests {
    /// The photo calls a stage offers: three, and the exercise's when it is done.
    func photoCalls(_ stage: StageArgument) -> Int {
        stage.adapter is any UserPhotosCalling ? 4 : 3
    }

    /// Every call a stage offers: login, profile and logout, the photo calls, and exercise 2b's
    /// refresh when it is done.
    func calls(_ stage: StageArgument) -> Int {
        3 + photoCalls(stage) + (stage.adapter is any TokenRefreshCalling ? 1 : 0)
    }

    @Test(
        "the access key is typed once per photo function in stage 1, and once in all from stage 2",
        arguments: StageArgument.all)
    func keyLiterals(_ stage: StageArgument) throws {
        let metrics = try measure(stage.adapter.stage)
        #expect(metrics.keyLiterals == (stage.adapter.stage.number == 1 ? photoCalls(stage) : 1), "\(metrics)")
    }

    @Test(
        "stages 1 to 3 start a URLSession task once per call; from stage 4, in one place",
        arguments: StageArgument.all)
    func requestPaths(_ stage: StageArgument) throws {
        let metrics = try measure(stage.adapter.stage)
        let expected = stage.adapter.stage.number <= 3 ? calls(stage) : 1
        #expect(metrics.sessionCallSites == expected, "\(metrics)")
        #expect(metrics.requestFunctions == expected, "\(metrics)")
    }

    @Test("from the router on, nothing is force-unwrapped", arguments: StageArgument.all)
    func forceUnwraps(_ stage: StageArgument) throws {
        let metrics = try measure(stage.adapter.stage)
        if stage.adapter.stage.number >= 5 {
            #expect(metrics.forceUnwraps == 0, "\(metrics)")
        }
    }

    @Test("stage 6 keeps stage 5's router, enums and error type unchanged, file for file")
    func stageSixKeepsTheRouter() throws {
        let sources = try #require(SourceMetrics.sourcesDirectory(from: #filePath))
        // An exercise done in one of the two stages adds its call to that stage's enum alone.
        let offered = StageArgument.all.filter { [5, 6].contains($0.adapter.stage.number) }.map {
            $0.adapter is any UserPhotosCalling
        }
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
        #expect(Self.withoutUserPhotos(after) == Self.withoutUserPhotos(before))
        #expect(Self.withoutUserPhotos(before) == before.split(separator: "\n").map(String.init))
    }

    @Test("the stages in Sources/ are the six the call sites name, in order")
    func stagesMatchSources() throws {
        let sources = try #require(SourceMetrics.sourcesDirectory(from: #filePath))
        let directories = try SourceMetrics.stageDirectories(in: sources).map(\.lastPathComponent)
        #expect(directories == StageArgument.all.map(\.adapter.stage.module))
        #expect(StageArgument.all.map(\.adapter.stage.number) == Array(1...6))
    }
}
