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

    /// Every call a stage offers: login, profile and logout, and the photo calls.
    func calls(_ stage: StageArgument) -> Int {
        3 + photoCalls(stage)
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
        for file in ["Router.swift", "PopcornAPI.swift", "UnsplashAPI.swift", "APIError.swift"] {
            let five = try String(contentsOf: sources.appendingPathComponent("Stage5Router/\(file)"), encoding: .utf8)
            let six = try String(contentsOf: sources.appendingPathComponent("Stage6Async/\(file)"), encoding: .utf8)
            #expect(five == six, "\(file) differs between stage 5 and stage 6")
        }
    }

    @Test("the stages in Sources/ are the six the call sites name, in order")
    func stagesMatchSources() throws {
        let sources = try #require(SourceMetrics.sourcesDirectory(from: #filePath))
        let directories = try SourceMetrics.stageDirectories(in: sources).map(\.lastPathComponent)
        #expect(directories == StageArgument.all.map(\.adapter.stage.module))
        #expect(StageArgument.all.map(\.adapter.stage.number) == Array(1...6))
    }
}
