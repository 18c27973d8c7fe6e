// `workbook kata`: its arguments, the renaming, and start, refuse and reset on a small git repository
// made for each test, laid out like the workbook. The real katas are proven by .ci/katas.
import Foundation
import Testing

@testable import CLI

@Suite("Katas")
struct KataTests {
    @Test(
        "kata takes start, check or reset and a number",
        arguments: [
            (["kata", "start", "3"], Command.kata(.start, 3)), (["kata", "check", "6"], .kata(.check, 6)),
            (["kata", "reset", "2"], .kata(.reset, 2)), (["kata", "start", "9"], .kata(.start, 9)),
        ])
    func parses(arguments: [String], command: Command) throws {
        #expect(try Command.parse(arguments) == command)
    }

    @Test("kata refuses other words", arguments: [["kata"], ["kata", "begin", "3"], ["kata", "start", "three"]])
    func refusesWords(arguments: [String]) {
        #expect(throws: UsageError.self) { try Command.parse(arguments) }
    }

    @Test("help lists kata")
    func help() {
        #expect(Help.text(for: nil).contains("workbook kata start|check|reset N"))
    }

    @Test("stage 2's text becomes stage 3's: module, adapter, number and the comments that name it; the rest stays")
    func renaming() {
        let text = """
            // Stage 2 behind the adapter: the same lines as stage 1.
            import Stage2EnumAPI

            public struct Stage2Adapter: StageAdapter {
                public let stage = StageInfo(number: 2, module: "Stage2EnumAPI", idea: "Stage 21", capabilities: [])
            }
            """
        #expect(
            Kata.renamed("// The router, from stage 5 on.\n", to: 6, module: "Stage6Async", from: "Stage5Router")
                == "// The router, from stage 5 on.\n", "a file with nothing to rename stays as it is")
        let renamed = Kata.renamed(text, to: 3, module: "Stage3Result", from: "Stage2EnumAPI")
        #expect(
            renamed == """
                // Kata 3: stage 2's code, renamed to build as stage 3. `swift run workbook kata reset 3` puts stage 3 back.
                // Stage 3 (kata) behind the adapter: the same lines as stage 1.
                import Stage3Result

                public struct Stage3Adapter: StageAdapter {
                    public let stage = StageInfo(number: 3, module: "Stage3Result", idea: "Stage 21", capabilities: [])
                }
                """)
    }

    @Test("there is no kata 1 or 7, and no kata outside a git clone: each refused, nothing written")
    func refusals() throws {
        let package = try TemporaryPackage(git: false)
        defer { package.remove() }
        for number in [1, 7] {
            #expect(throws: Refusal.self) { try Kata(number, root: package.root) }
        }
        #expect {
            try Kata(3, root: package.root)
        } throws: { error in
            (error as? Refusal)?.description.contains("git clone") == true
        }
        #expect(try package.snapshot() == TemporaryPackage.files)
    }

    @Test("a workbook inside another repository, its own files not committed, is refused")
    func refusesUncommittedWorkbook() throws {
        let package = try TemporaryPackage(git: false)
        defer { package.remove() }
        let git = Git(folder: package.root)
        for arguments in [
            ["init", "--quiet"],
            [
                "-c", "user.name=Workbook", "-c", "user.email=workbook@example.com", "commit", "--quiet",
                "--allow-empty", "-m", "other",
            ],
        ] {
            _ = try git.succeed(arguments)
        }
        #expect {
            try Kata(3, root: package.root)
        } throws: { error in
            (error as? Refusal)?.description.contains("not committed") == true
        }
    }

    @Test("start puts stage 2's files in stage 3's place, renamed, and reset puts stage 3 back as committed")
    func startAndReset() throws {
        let package = try TemporaryPackage(git: true)
        defer { package.remove() }
        let kata = try Kata(3, root: package.root)
        _ = try kata.start()
        let started = try package.snapshot()
        #expect(started["Sources/Stage3Result/APIError.swift"] == nil, "stage 3's own file is gone")
        #expect(started["Sources/Stage3Result/PhotoManager.swift"]?.contains("import Models") == true)
        #expect(started["Workbench/Harness/Stage3Adapter.swift"]?.contains("import Stage3Result") == true)
        #expect(started["Workbench/Harness/Stage3Adapter+Bench.swift"] != nil)
        #expect(
            started["Tests/WorkbookTests/Stage3Tests.swift"]
                == TemporaryPackage.files["Tests/WorkbookTests/Stage3Tests.swift"], "the suite stays as it is")
        #expect(started["Tests/InternalTests/Stage3InternalTests.swift"] == nil, "the stage's own checks are set aside")
        #expect(
            started["Sources/Stage2EnumAPI/PhotoManager.swift"]
                == TemporaryPackage.files["Sources/Stage2EnumAPI/PhotoManager.swift"])

        // Started once, a second start is refused and changes nothing.
        #expect(throws: Refusal.self) { try kata.start() }
        #expect(try package.snapshot() == started)

        let reset = try kata.reset()
        #expect(try package.snapshot() == TemporaryPackage.files)
        #expect(try kata.git.changes(["."]).isEmpty)
        #expect(reset.kept == nil, "the kata's own files are not work to keep")
    }

    @Test("where a kata edition of the suite is committed, start puts it in the suite's place, and reset takes it out")
    func kataEdition() throws {
        let package = try TemporaryPackage(git: true)
        defer { package.remove() }
        let edition = "// Stage 3's suite, kata edition.\n"
        try package.commit("Tests/Katas/Stage3Tests.swift", edition)
        let committed = try package.snapshot()
        let kata = try Kata(3, root: package.root)
        _ = try kata.start()
        #expect(try package.snapshot()["Tests/WorkbookTests/Stage3Tests.swift"] == edition)
        _ = try kata.reset()
        #expect(try package.snapshot() == committed)
    }

    @Test("start keeps uncommitted changes to the stage, untracked files too, in a named stash it says how to apply")
    func startKeepsChanges() throws {
        let package = try TemporaryPackage(git: true)
        defer { package.remove() }
        try package.writeExerciseWork()
        let work = try package.snapshot()
        let kata = try Kata(3, root: package.root)
        let started = try kata.start()
        let stash = try #require(started.kept)
        #expect(try package.snapshot()["Sources/Stage3Result/Mine.swift"] == nil)
        _ = try kata.reset()
        #expect(try package.snapshot() == TemporaryPackage.files)
        _ = try kata.git.succeed(["stash", "apply", stash.commit])
        #expect(try package.snapshot() == work, "the exercise work comes back whole")
    }

    @Test("reset keeps the kata's uncommitted work, untracked files too, in a named stash, and puts the stage back")
    func resetKeepsKataWork() throws {
        let package = try TemporaryPackage(git: true)
        defer { package.remove() }
        let kata = try Kata(3, root: package.root)
        _ = try kata.start()
        try package.write("Sources/Stage3Result/PhotoManager.swift", "// my step, half done\n")
        try package.write("Sources/Stage3Result/APIError.swift", "// my error enum\n")
        let work = try package.snapshot()
        let reset = try kata.reset()
        #expect(try package.snapshot() == TemporaryPackage.files)
        #expect(try kata.git.changes(["."]).isEmpty)
        let stash = try #require(reset.kept)
        _ = try kata.git.succeed(["stash", "apply", stash.commit])
        #expect(try package.snapshot() == work, "every line the learner wrote comes back")
    }

    @Test("a stage with no tests of its own to set aside: start and reset still keep the learner's work in a stash")
    func keepsWorkWithoutInternalTests() throws {
        let package = try TemporaryPackage(git: true)
        defer { package.remove() }
        // git refuses a pathspec that matches nothing; stages 3 and 4 have no internal tests.
        let git = Git(folder: package.root)
        _ = try git.succeed(["rm", "--quiet", "Tests/InternalTests/Stage3InternalTests.swift"])
        _ = try git.succeed(["-c", "user.name=W", "-c", "user.email=w@example.com", "commit", "--quiet", "-m", "rm"])
        let committed = try package.snapshot()
        try package.writeExerciseWork()
        let kata = try Kata(3, root: package.root)
        let started = try kata.start()
        #expect(started.kept != nil)
        try package.write("Sources/Stage3Result/PhotoManager.swift", "// my step, half done\n")
        let work = try package.snapshot()
        let reset = try kata.reset()
        #expect(try package.snapshot() == committed)
        let stash = try #require(reset.kept)
        _ = try kata.git.succeed(["stash", "apply", stash.commit])
        #expect(try package.snapshot() == work, "every line the learner wrote comes back")
    }

    @Test("a page's parts: each heading, English or Korean, with the list after its marker; one list is one part")
    func pageParts() {
        let page = """
            ### Part 1: one generic request
            <!-- kata cases: scripts/kata-cases 4 part 1 -->
            - Stage 4 keeps the ladder's promise → one function decodes every reply
            <!-- end kata cases -->
            - not a case: outside the list
            ### 2부: 플러그인
            <!-- kata cases: scripts/kata-cases 4 part 2 -->
            - Stage 4 passes the shared case → refreshesToken: one
            - Stage 4 passes the shared case → refreshesToken: two
            <!-- end kata cases -->
            """
        #expect(
            Kata.parts(inPage: page) == [
                KataPart(
                    number: 1, title: "one generic request",
                    cases: ["Stage 4 keeps the ladder's promise → one function decodes every reply"]),
                KataPart(
                    number: 2, title: "플러그인",
                    cases: [
                        "Stage 4 passes the shared case → refreshesToken: one",
                        "Stage 4 passes the shared case → refreshesToken: two",
                    ]),
            ])
        let whole = "<!-- kata cases: scripts/kata-cases 2 -->\n- a case\n<!-- end kata cases -->"
        #expect(Kata.parts(inPage: whole) == [KataPart(number: 1, title: "the whole step", cases: ["a case"])])
    }

    @Test("the failed cases a run's output names, with their argument when they have one, as the pages list them")
    func failedCases() {
        let log = """
            ◇ Test "a call made from a task that is already cancelled sends nothing" started.
            ✘ Test "Stage 6 keeps the ladder's promise" recorded an issue with 1 argument promise → declared \
            cancellation, proved by the shared case “cancellation: at once” at LadderPromiseTests.swift:23:21: Issue recorded
            ✘ Test "a call made from a task that is already cancelled sends nothing" recorded an issue at \
            Stage6Tests.swift:88:9: Expectation failed: await call.value.failure?.kind == .cancelled
            ✔ Test "Stage 6 passes the shared case" passed after 0.2 seconds.
            """
        #expect(
            FailedCases.inLog(log) == [
                "Stage 6 keeps the ladder's promise → declared cancellation, proved by the shared case “cancellation: at once”",
                "a call made from a task that is already cancelled sends nothing",
            ])
    }

    @Test("reset after committed kata work puts back the stage as committed when the kata started, set-aside tests too")
    func resetAfterCommits() throws {
        let package = try TemporaryPackage(git: true)
        defer { package.remove() }
        let kata = try Kata(3, root: package.root)
        _ = try kata.start()
        try package.commit("Sources/Stage3Result/PhotoManager.swift", "// my step, committed\n")
        let reset = try kata.reset()
        #expect(try package.snapshot() == TemporaryPackage.files, "the real stage 3, not the learner's commit")
        #expect(reset.from != (try kata.git.head()), "put back from the commit the kata started at")
        #expect(try package.snapshot()["Tests/InternalTests/Stage3InternalTests.swift"] != nil)
        let log = try kata.git.succeed(["log", "--format=%s"]).lines
        #expect(log.first == "add Sources/Stage3Result/PhotoManager.swift", "the learner's commit stays in history")
    }

    @Test("with no kata in progress, reset refuses to throw away uncommitted changes, unless told --discard")
    func resetRefusesWithoutKata() throws {
        let package = try TemporaryPackage(git: true)
        defer { package.remove() }
        try package.writeExerciseWork()
        let work = try package.snapshot()
        let kata = try Kata(3, root: package.root)
        #expect {
            try kata.reset()
        } throws: { error in
            (error as? Refusal)?.description.contains("--discard") == true
        }
        #expect(try package.snapshot() == work, "nothing was changed")
        _ = try kata.reset(discard: true)
        #expect(try package.snapshot() == TemporaryPackage.files)
    }

    @Test("the kata's adapter states the idea of the stage being written, not the stage before's")
    func ideaIsTheStep() {
        let copied =
            "        number: 3, module: \"Stage3Result\",\n        idea: \"Endpoint enums say each request once.\",\n"
        let committed = "        idea: \"Result<Value, APIError>: one of two states.\",\n"
        let code = Kata.withIdea(of: committed, in: copied)
        #expect(code.contains("idea: \"Result<Value, APIError>: one of two states.\""))
        #expect(!code.contains("Endpoint enums"))
        #expect(code.contains("number: 3, module: \"Stage3Result\""))
    }

    @Test("the kata's adapter opens with the banner, then what stage N's adapter is, not the stage before's")
    func headerIsTheStep() {
        let copied = """
            // Kata 3: stage 2's code, renamed to build as stage 3. `swift run workbook kata reset 3` puts stage 3 back.
            // Stage 3 (kata) behind the adapter: the same lines as stage 1. The enums changed how requests are
            // built, not how they are called.
            import Models
            """
        let committed = "// Stage 3 behind the adapter: Result in, Outcome out.\nimport Models\n"
        let code = Kata.withHeader(of: committed, in: copied)
        #expect(
            code == """
                // Kata 3: stage 2's code, renamed to build as stage 3. `swift run workbook kata reset 3` puts stage 3 back.
                // Stage 3 behind the adapter: Result in, Outcome out.
                import Models
                """)
    }

    @Test("stage 6's kata adapter is still made with a session, which it ignores until the step")
    func sessionInitializer() throws {
        let package = try TemporaryPackage(git: true)
        defer { package.remove() }
        let kata = try Kata(3, root: package.root)
        let added = kata.sessionInitializer(
            committed: "public init(session: URLSession) {}", copied: "public init() {}")
        #expect(added.contains("extension Stage3Adapter {") && added.contains("public init(session: URLSession)"))
        #expect(kata.sessionInitializer(committed: "public init() {}", copied: "public init() {}").isEmpty)
    }
}

/// A folder laid out like the workbook, as far as a kata looks: two stages, their adapters, tests.
struct TemporaryPackage {
    static let files = [
        "Package.swift": "// swift-tools-version:6.1\n",
        "Sources/Stage2EnumAPI/PhotoManager.swift": "// Stage 2, endpoint enums.\nimport Models\n",
        "Sources/Stage2EnumAPI/UnsplashAPI.swift": "// Endpoint enums, from stage 2 on.\n",
        "Sources/Stage3Result/PhotoManager.swift": "// Stage 3, Result.\n",
        "Sources/Stage3Result/APIError.swift": "// The typed error.\n",
        "Workbench/Harness/Stage2Adapter.swift": "import Stage2EnumAPI\nstruct Stage2Adapter {}\n",
        "Workbench/Harness/Stage2Adapter+Bench.swift": "extension Stage2Adapter {}\n",
        "Workbench/Harness/Stage3Adapter.swift": "import Stage3Result\nstruct Stage3Adapter {}\n",
        "Workbench/Harness/Stage3Adapter+Bench.swift": "extension Stage3Adapter {}\n",
        "Tests/WorkbookTests/Stage3Tests.swift": "// Stage 3's suite, through its adapter.\n",
        "Tests/InternalTests/Stage3InternalTests.swift": "// Stage 3's own checks, naming its types.\n",
    ]

    let root: URL

    init(git: Bool) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("workbook-kata-\(UUID().uuidString)")
        for (path, text) in Self.files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        guard git else { return }
        _ = try Git(folder: root).succeed(["init", "--quiet"])
        try commitAll("start")
    }

    /// A learner's exercise work in stage 3, uncommitted: a changed file and a new one.
    func writeExerciseWork() throws {
        try write("Sources/Stage3Result/PhotoManager.swift", "// Stage 3, with my exercise.\n")
        try write("Sources/Stage3Result/Mine.swift", "// mine\n")
    }

    /// Writes `text` at `path`, uncommitted.
    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Writes `text` at `path` and commits it.
    func commit(_ path: String, _ text: String) throws {
        try write(path, text)
        try commitAll("add \(path)")
    }

    private func commitAll(_ message: String) throws {
        let repository = Git(folder: root)
        _ = try repository.succeed(["add", "."])
        _ = try repository.succeed([
            "-c", "user.name=Workbook", "-c", "user.email=workbook@example.com", "commit", "--quiet", "-m", message,
        ])
    }

    /// Every file under the root but git's own, with its text.
    func snapshot() throws -> [String: String] {
        var files: [String: String] = [:]
        let paths = try FileManager.default.subpathsOfDirectory(atPath: root.path)
        for path in paths where !path.hasPrefix(".git") {
            let url = root.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = try String(contentsOf: url, encoding: .utf8)
            }
        }
        return files
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
