// `swift run kata`: its words, the renaming, and start, stop and the way back in, on a small git
// repository made for each test and laid out like the workbook. The real katas are proven by
// .ci/katas, and a learner's day by .ci/kata-learner.
import FakeTurns
import Foundation
import Ladder
import Locking
import TerminalText
import Testing

@testable import KataKit

@Suite("Katas", .childrenLane)
struct KataTests {
    @Test(
        "kata takes start, stop, check or compare and a number",
        arguments: [
            (["start", "3"], KataAction.start, 3), (["check", "6"], .check, 6), (["stop", "2"], .stop, 2),
            (["compare", "4", "--unified"], .compare, 4), (["start", "9"], .start, 9),
        ])
    func parses(arguments: [String], action: KataAction, number: Int) throws {
        let command = try KataCommand.parse(arguments)
        #expect(command.action == action && command.number == number)
        #expect(command.unified == arguments.contains("--unified"))
    }

    @Test(
        "kata refuses other words",
        arguments: [
            [], ["begin", "3"], ["start", "three"], ["reset", "3"], ["start", "3", "--unified"],
            ["check", "3", "--file", "APIError"], ["compare", "3", "--file"],
        ])
    func refusesWords(arguments: [String]) {
        #expect(throws: Refusal.self) { try KataCommand.parse(arguments) }
    }

    @Test("the program says how to use it, and exits 2 for words it does not take, in one line")
    func program() {
        let said = Said()
        #expect(KataCommand.main(["help"], environment: [:], root: nil, write: said.write, fail: said.write) == 0)
        #expect(said.text.contains("swift run kata start|stop|check|compare N"))
        let narrow = Said()
        _ = KataCommand.main(["help"], environment: [:], root: nil, width: 60, write: narrow.write, fail: narrow.write)
        #expect(narrow.lines.allSatisfy { TextLayout.width($0) <= 60 }, "\(narrow.lines)")
        let refused = Said()
        #expect(
            KataCommand.main(["begin", "3"], environment: [:], root: nil, write: refused.write, fail: refused.write)
                == 2)
        #expect(refused.lines.count == 1)
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
                // Kata 3: stage 2's code, renamed to build as stage 3. On the branch kata/3; `swift run kata stop 3` takes you back.
                // Stage 3 (kata) behind the adapter: the same lines as stage 1.
                import Stage3Result

                public struct Stage3Adapter: StageAdapter {
                    public let stage = StageInfo(number: 3, module: "Stage3Result", idea: "Stage 21", capabilities: [])
                }
                """)
    }

    @Test("no kata for the first stage, past the top, or outside a git clone: each refused, nothing written")
    func refusals() throws {
        let package = try TemporaryPackage(git: false)
        defer { package.remove() }
        for number in [Ladder.numbers[0], Ladder.top.number + 1] {
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

    @Test(
        "start makes kata/3, whose first commit, the workbook's, puts stage 2's files in stage 3's place; git status is clean"
    )
    func start() throws {
        let package = try TemporaryPackage(git: true)
        defer { package.remove() }
        let kata = try Kata(3, root: package.root)
        #expect(
            try kata.start()
                == .new(
                    from: "main",
                    files: [
                        "Sources/Stage3Result/PhotoManager.swift", "Sources/Stage3Result/UnsplashAPI.swift",
                        "Tests/LadderTests/Stage3Tests.swift", "Workbench/Harness/Stage3Adapter+Bench.swift",
                        "Workbench/Harness/Stage3Adapter.swift",
                    ]))
        #expect(try kata.git.currentBranch() == "kata/3")
        #expect(try kata.git.changes().isEmpty, "nothing to commit right after start")
        #expect(try kata.git.succeed(["log", "-1", "--format=%an <%ae>"]).text == "workbook <workbook@localhost>\n")
        let started = try package.snapshot()
        #expect(started["Sources/Stage3Result/APIError.swift"] == nil, "stage 3's own file is gone")
        #expect(started["Sources/Stage3Result/PhotoManager.swift"]?.contains("import Models") == true)
        #expect(started["Workbench/Harness/Stage3Adapter.swift"]?.contains("import Stage3Result") == true)
        #expect(started["Workbench/Harness/Stage3Adapter+Bench.swift"] != nil)
        #expect(
            started["Tests/LadderTests/Stage3Tests.swift"]
                == TemporaryPackage.files["Tests/LadderTests/Stage3Tests.swift"], "the suite stays as it is")
        #expect(started["Tests/StageTypesTests/Stage3TypesTests.swift"] == nil, "the stage's own checks are set aside")
        #expect(
            started["Sources/Stage2EnumAPI/PhotoManager.swift"]
                == TemporaryPackage.files["Sources/Stage2EnumAPI/PhotoManager.swift"])
        #expect(
            try kata.git.succeed(["show", "main:Sources/Stage3Result/APIError.swift"]).text
                == TemporaryPackage.files["Sources/Stage3Result/APIError.swift"], "main is untouched")

        // Started once, a second start is refused and changes nothing.
        #expect(throws: Refusal.self) { try kata.start() }
        #expect(try package.snapshot() == started)
        #expect(try kata.git.currentBranch() == "kata/3")
    }

    @Test("where a kata edition of the suite is committed, start puts it in the suite's place, and stop takes it out")
    func kataEdition() throws {
        let package = try TemporaryPackage(git: true)
        defer { package.remove() }
        let edition = "// Stage 3's suite, kata edition.\n"
        try package.commit("Tests/KataEditions/Stage3Tests.swift", edition)
        let committed = try package.snapshot()
        let kata = try Kata(3, root: package.root)
        _ = try kata.start()
        #expect(try package.snapshot()["Tests/LadderTests/Stage3Tests.swift"] == edition)
        _ = try kata.stop()
        #expect(try package.snapshot() == committed)
    }

    @Test("start refuses, changing nothing, while anything is uncommitted: an exercise's work belongs to its branch")
    func startRefusesChanges() throws {
        let package = try TemporaryPackage(git: true)
        defer { package.remove() }
        try package.writeExerciseWork()
        let work = try package.snapshot()
        let kata = try Kata(3, root: package.root)
        #expect {
            try kata.start()
        } throws: { error in
            (error as? Refusal)?.description.contains("uncommitted changes (Sources/Stage3Result/") == true
        }
        #expect(try package.snapshot() == work, "nothing was changed")
        #expect(try kata.git.currentBranch() == "main")
        #expect(try !kata.git.hasBranch("kata/3"))
    }

    @Test(
        "a learner's day: commit, edit, add a file, stop; every line is on kata/3, main as committed, no stash; back in, all of it is there"
    )
    func stopAndComeBack() throws {
        let package = try TemporaryPackage(git: true)
        defer { package.remove() }
        let kata = try Kata(3, root: package.root)
        _ = try kata.start()
        try package.commit("Sources/Stage3Result/PhotoManager.swift", "// my step, committed\n")
        try package.write("Sources/Stage3Result/UnsplashAPI.swift", "// my step, half done\n")
        try package.write("Sources/Stage3Result/APIError.swift", "// my error enum, new\n")
        let work = try package.snapshot()

        let stopped = try kata.stop()
        // The learner's own commit is counted, not the work in progress stop made of the rest.
        #expect(stopped == Kata.Stopped(back: "main", commits: 1, savedWork: true))
        #expect(try kata.git.currentBranch() == "main")
        #expect(try package.snapshot() == TemporaryPackage.files, "stage 3 as committed, set-aside tests included")
        #expect(try kata.git.changes().isEmpty)
        #expect(try kata.git.succeed(["stash", "list"]).text.isEmpty, "nothing stashed")
        #expect(
            try kata.git.succeed(["show", "kata/3:Sources/Stage3Result/APIError.swift"]).text
                == "// my error enum, new\n")

        // A check or a second stop off the branch is refused.
        #expect(throws: Refusal.self) { try kata.stop() }
        #expect(throws: Refusal.self) { try kata.requireInKata(doing: "check") }

        let said = Said()
        try KataRun(kata: kata, style: .plain, width: 200, write: said.write).run(.start, unified: false)
        #expect(said.text.contains("(1 commit of yours since its start)"), "\(said.text)")
        #expect(said.text.contains("the last commit, “work in progress”. `git reset HEAD~1`"), "\(said.text)")
        #expect(try package.snapshot() == work, "every line the learner wrote is back")
        // The undo the message gives: the same files, uncommitted again, the learner's commit kept.
        try kata.git.succeed(["reset", "--quiet", "HEAD~1"])
        #expect(try package.snapshot() == work)
        #expect(try kata.git.changes().count == 2, "the edited file and the new one")
        #expect(
            try kata.git.succeed(["log", "-1", "--format=%s"]).text.hasPrefix("add Sources/Stage3Result/PhotoManager"))
        // Sizes are measured from the kata's first commit, whatever the learner committed since.
        let start = try #require(try kata.startCommit())
        #expect(try kata.git.succeed(["log", "-1", "--format=%s", start]).text.hasPrefix("Kata 3: stage 2's code"))
        #expect(try kata.committedStage(start: start) == (try kata.git.commit(of: "main")))
    }

    @Test("compare --file shows that one file, named with or without .swift, and refuses a name neither side has")
    func compareOneFile() throws {
        #expect(try KataCommand.parse(["compare", "3", "--file", "APIError"]).file == "APIError")
        let package = try TemporaryPackage(git: true)
        defer { package.remove() }
        let kata = try Kata(3, root: package.root)
        _ = try kata.start()
        try package.write("Sources/Stage3Result/PhotoManager.swift", "// Stage 3, mine.\n")
        try package.write("Sources/Stage3Result/APIError.swift", "// My typed error.\n")
        for name in ["APIError", "APIError.swift"] {
            let said = Said()
            try KataRun(kata: kata, style: .plain, width: 120, write: said.write).compare(unified: true, file: name)
            #expect(said.text.contains("My typed error"), "\(said.text)")
            #expect(!said.text.contains("PhotoManager"), "only the file asked for")
        }
        let said = Said()
        let run = KataRun(kata: kata, style: .plain, width: 120, write: said.write)
        #expect(throws: Refusal.self) { try run.compare(unified: true, file: "Nothing") }
        _ = try kata.stop()
    }

    @Test("another kata in progress: start refuses, and says to stop it first")
    func oneKataAtATime() throws {
        let package = try TemporaryPackage(git: true)
        defer { package.remove() }
        try package.commit("Sources/Stage4Generic/PhotoManager.swift", "// Stage 4.\n")
        _ = try Kata(3, root: package.root).start()
        #expect {
            try Kata(4, root: package.root).start()
        } throws: { error in
            (error as? Refusal)?.description.contains("`swift run kata stop 3` first") == true
        }
    }

    @Test("the branch the kata came from is gone: stop goes back to the commit the kata started from")
    func stopWithoutTheBranch() throws {
        let package = try TemporaryPackage(git: true)
        defer { package.remove() }
        let git = Git(folder: package.root)
        _ = try git.succeed(["checkout", "--quiet", "-b", "mine"])
        let kata = try Kata(3, root: package.root)
        _ = try kata.start()
        _ = try git.succeed(["branch", "--quiet", "-D", "mine"])
        let stopped = try kata.stop()
        #expect(try git.currentBranch() == nil)
        #expect(stopped.back == (try git.commit(of: "main")))
        #expect(try package.snapshot() == TemporaryPackage.files)
    }

    @Test("what kata prints keeps within the terminal's width; a menu keeps its columns, Hangul counted as wide")
    func width() throws {
        let package = try TemporaryPackage.readOnly()
        let said = Said()
        let run = KataRun(kata: try Kata(3, root: package.root), style: .plain, width: 50, write: said.write)
        run.say(
            KataRun.menu([
                ("swift run kata start 3", "goes back in, where you stopped"),
                ("git branch -D kata/3", "throws your kata away, to start it again from the beginning"),
            ]) + "\n한국어 문장도 터미널의 너비 안에 들어가야 합니다. 한 글자가 두 칸을 차지하기 때문입니다.")
        #expect(said.lines.allSatisfy { TextLayout.width($0) <= 50 }, "\(said.lines)")
        #expect(said.lines[0] == "  swift run kata start 3   goes back in, where you")
        #expect(said.lines[1] == "                           stopped", "the last column wraps within itself")
    }

    @Test(
        "the learner's language: WORKBOOK_LANGUAGE, else the locale; the page follows",
        arguments: [
            ([:], Language.english), (["LANG": "ko_KR.UTF-8"], .korean), (["LANG": "en_US.UTF-8"], .english),
            (["LC_ALL": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"], .korean), (["LC_ALL": "", "LANG": "ko_KR"], .korean),
            (["WORKBOOK_LANGUAGE": "en", "LANG": "ko_KR.UTF-8"], .english), (["WORKBOOK_LANGUAGE": "ko"], .korean),
        ])
    func language(environment: [String: String], language: Language) throws {
        #expect(Language.of(environment) == language)
        let package = try TemporaryPackage.readOnly()
        var kata = try Kata(3, root: package.root)
        kata.language = language
        #expect(kata.page == (language == .korean ? "Katas/stage3/README.ko.md" : "Katas/stage3/README.md"))
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
            두 사람이 약 30분<!-- kata block 4.2 -->: 새 개념입니다.
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
                    ], block: 30),
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
            // Kata 3: stage 2's code, renamed to build as stage 3. On the branch kata/3; `swift run kata stop 3` takes you back.
            // Stage 3 (kata) behind the adapter: the same lines as stage 1. The enums changed how requests are
            // built, not how they are called.
            import Models
            """
        let committed = "// Stage 3 behind the adapter: Result in, Outcome out.\nimport Models\n"
        let code = Kata.withHeader(of: committed, in: copied)
        #expect(
            code == """
                // Kata 3: stage 2's code, renamed to build as stage 3. On the branch kata/3; `swift run kata stop 3` takes you back.
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
