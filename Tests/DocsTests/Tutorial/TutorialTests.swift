// The DocC tutorials kept true to the ladder: each file a step names is a stage's file that exists,
// each step shows the files it changes, and each chapter ends with its questions; the Korean
// edition shows the English one's files, step by step, and asks its questions. The rules are in
// TutorialResources.swift; here they run on both catalogs as they are, and on planted ones. The
// links in each catalog's Resources, which make each step show the stage's own file, are checked
// in one place: scripts/docs-site --check.
import FakeTurns
import Foundation
import Ladder
import Testing

@Suite("Docs: the DocC tutorials", .serialized, .busyLane)
struct TutorialTests {
    static let stageProblems = ((try? TutorialCatalog.all.get()) ?? []).flatMap(TutorialRules.stageProblems)

    @Test(
        "every file a tutorial shows is a stage's file that exists, and each step shows the files it changes",
        .disabled(if: !DocsMode.strict && !stageProblems.isEmpty, DocsMode.note))
    func stageFiles() throws {
        let catalogs = try TutorialCatalog.all.get()
        #expect(catalogs.count == Ladder.tutorialModules.count)
        for catalog in catalogs {
            let named = Ladder.stages.compactMap(\.tutorial)
            let has = catalog.tutorials.map(\.path)
            #expect(
                has.count == named.count,
                "one tutorial per step, as Workbench/Ladder/Ladder.swift names them (\(named)): add or remove .tutorial files; it has \(has)"
            )
            for problem in TutorialRules.stageProblems(catalog) {
                Issue.record("\(problem)")
            }
        }
    }

    @Test("the tutorials name stage files as scripts/docs-site --sync links them, and end with three questions")
    func catalogShape() throws {
        for catalog in try TutorialCatalog.all.get() {
            for problem in TutorialRules.catalogProblems(catalog) {
                Issue.record("\(problem)")
            }
        }
    }

    @Test("the Korean tutorial's steps show the English one's files in the same order, and ask the same questions")
    func koreanEdition() throws {
        let catalogs = try TutorialCatalog.all.get()
        let english = try #require(catalogs.first)
        #expect(catalogs.count == 2, "the English tutorial and its Korean edition: \(Ladder.tutorialModules)")
        for edition in catalogs.dropFirst() {
            for problem in TutorialRules.editionProblems(english: english, edition: edition) {
                Issue.record("\(problem)")
            }
        }
    }

    @Test("an edition that shows another file, in another place, or moves a right answer, is reported")
    func plantedEdition() {
        let english = """
            @Section(title: "A") {
                @Step {
                    @Code(name: "Greeter.swift", file: "stage1-Greeter.swift")
                }
                @Step {
                    @Code(name: "Greeter.swift", file: "stage2-Greeter.swift", previousFile: "stage1-Greeter.swift")
                }
            }
            @Choice(isCorrect: true) {
            @Choice(isCorrect: false) {
            """
        func catalog(_ text: String, named name: String = "stage-2-demo.tutorial") -> TutorialCatalog {
            TutorialCatalog(
                tutorials: [("T/\(name)", text)],
                tableOfContents: ("T/toc.tutorial", #"@TutorialReference(tutorial: "doc:stage-2-demo")"#),
                stageFiles: { _ in [] }, stageFile: { _, _ in nil })
        }
        func problems(_ text: String, named name: String = "stage-2-demo.tutorial") -> [String] {
            TutorialRules.editionProblems(english: catalog(english), edition: catalog(text, named: name)).map(\.message)
        }
        let korean = english.replacingOccurrences(of: "title: \"A\"", with: "title: \"가\"")
        #expect(problems(korean).isEmpty)
        let swapped = problems(
            korean.replacingOccurrences(
                of: "stage2-Greeter.swift\", previousFile", with: "stage2-Other.swift\", previousFile"))
        #expect(swapped.first?.contains("its step 2 shows") == true, "\(swapped)")
        let answers = problems(
            korean.replacingOccurrences(of: "isCorrect: true", with: "isCorrect: X")
                .replacingOccurrences(of: "isCorrect: false", with: "isCorrect: true")
                .replacingOccurrences(of: "isCorrect: X", with: "isCorrect: false"))
        #expect(answers.first?.contains("the same right answer") == true, "\(answers)")
        let merged = problems(korean.replacingOccurrences(of: "    }\n    @Step {\n", with: ""))
        #expect(merged.contains { $0.contains("its sections hold [1] steps") }, "\(merged)")
        let renamed = problems(korean, named: "stage-2-other.tutorial")
        #expect(renamed.contains { $0.contains("has no stage-2-demo.tutorial") }, "\(renamed)")
    }

    @Test("a step that names a stage file that is gone, and a changed file no step shows, are reported")
    func plantedProblems() {
        let stageOne = Data("struct Greeter {}\n".utf8)
        let stageTwo = Data("struct Greeter { let name: String }\n".utf8)
        func catalog(steps: String, stageTwoHas: String = "Greeter.swift") -> TutorialCatalog {
            TutorialCatalog(
                tutorials: [("T/stage-2-demo.tutorial", steps)],
                tableOfContents: ("T/toc.tutorial", ""),
                stageFiles: { stage in [stage == 1 ? "Greeter.swift" : stageTwoHas] },
                stageFile: { stage, file in
                    stage == 1 ? (file == "Greeter.swift" ? stageOne : nil) : (file == stageTwoHas ? stageTwo : nil)
                })
        }
        let both = """
            @Code(name: "Greeter.swift", file: "stage1-Greeter.swift")
            @Code(name: "Greeter.swift", file: "stage2-Greeter.swift", previousFile: "stage1-Greeter.swift")
            """
        #expect(TutorialRules.stageProblems(catalog(steps: both)).isEmpty)

        let renamed = TutorialRules.stageProblems(catalog(steps: both, stageTwoHas: "Welcomer.swift"))
        let gone = renamed.filter { $0.message.contains("which does not exist") }
        #expect(gone.count == 1 && gone.first?.message.hasPrefix("stage2-Greeter.swift shows stage 2's") == true)
        #expect(gone.first?.file == "T/stage-2-demo.tutorial" && gone.first?.line == 2, "\(renamed)")

        let onlyOne = #"@Code(name: "Greeter.swift", file: "stage1-Greeter.swift")"#
        let unshown = TutorialRules.stageProblems(catalog(steps: onlyOne))
        #expect(unshown.map(\.message) == ["step 1 → 2 changes Greeter.swift, and no step shows stage2-Greeter.swift"])

        let shape = TutorialRules.catalogProblems(
            catalog(
                steps: both.replacingOccurrences(
                    of: "name: \"Greeter.swift\", file: \"stage2", with: "name: \"G.swift\", file: \"stage2")))
        let messages = shape.map(\.message).joined(separator: "\n")
        #expect(messages.contains("under the name G.swift, not Greeter.swift"), "\(messages)")
        #expect(messages.contains("@Assessments of at least three questions"), "\(messages)")
        #expect(messages.contains("one per step"), "\(messages)")
    }

    @Test("a stage file's name says its stage and file; a @Code line's labels are read whole")
    func names() {
        #expect(TutorialRules.source(of: "stage3-APIError.swift")! == (3, "APIError.swift"))
        #expect(TutorialRules.source(of: "stage\(Ladder.top.number + 1)-APIError.swift") == nil)
        #expect(TutorialRules.source(of: "chapter-3.svg") == nil)
        let line = #"@Code(name: "A.swift", file: "stage4-A.swift", previousFile: "stage3-A.swift")"#
        #expect(TutorialRules.argument("file", in: line) == "stage4-A.swift")
        #expect(TutorialRules.argument("previousFile", in: line) == "stage3-A.swift")
        #expect(TutorialRules.step(of: "Tutorials/stage-5-router.tutorial") == 5)
    }
}
