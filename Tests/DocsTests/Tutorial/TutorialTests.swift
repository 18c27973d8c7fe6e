// The DocC tutorials kept true to the ladder: each file a step names is a stage's file that exists,
// each step shows the files it changes, and each chapter ends with its questions. The rules are in
// TutorialResources.swift; here they run on the catalog as it is, and on planted ones. The links in
// the catalog's Resources, which make each step show the stage's own file, are checked in one place:
// scripts/docs-site --check.
import Foundation
import Testing

@Suite("Docs: the DocC tutorials", .serialized, .docsLane)
struct TutorialTests {
    static let stageProblems = (try? TutorialCatalog.current.get()).map(TutorialRules.stageProblems) ?? []

    @Test(
        "every file a tutorial shows is a stage's file that exists, and each step shows the files it changes",
        .disabled(if: !DocsMode.strict && !stageProblems.isEmpty, DocsMode.note))
    func stageFiles() throws {
        let catalog = try TutorialCatalog.current.get()
        #expect(catalog.tutorials.count == 5, "one tutorial per step: \(catalog.tutorials.map(\.path))")
        for problem in TutorialRules.stageProblems(catalog) {
            Issue.record("\(problem)")
        }
    }

    @Test("the tutorials name stage files as scripts/docs-site --sync links them, and end with three questions")
    func catalogShape() throws {
        for problem in TutorialRules.catalogProblems(try TutorialCatalog.current.get()) {
            Issue.record("\(problem)")
        }
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
        #expect(TutorialRules.source(of: "stage7-APIError.swift") == nil)
        #expect(TutorialRules.source(of: "chapter-3.svg") == nil)
        let line = #"@Code(name: "A.swift", file: "stage4-A.swift", previousFile: "stage3-A.swift")"#
        #expect(TutorialRules.argument("file", in: line) == "stage4-A.swift")
        #expect(TutorialRules.argument("previousFile", in: line) == "stage3-A.swift")
        #expect(TutorialRules.step(of: "Tutorials/stage-5-router.tutorial") == 5)
    }
}
