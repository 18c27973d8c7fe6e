// The DocC tutorials kept true to the ladder: each file a step shows is the stage's own file, byte
// for byte, each step shows the files it changes, and each chapter ends with its questions. The
// rules are in TutorialResources.swift; here they run on the catalog as it is, and on planted ones.
import Foundation
import Testing

@Suite("Docs: the DocC tutorials", .serialized, .docsLane)
struct TutorialTests {
    static let stageProblems = (try? TutorialCatalog.current.get()).map(TutorialRules.stageProblems) ?? []

    @Test(
        "every file a tutorial shows is its stage's file, byte for byte, and each step shows the files it changes",
        .disabled(if: !DocsMode.strict && !stageProblems.isEmpty, DocsMode.note))
    func stageFiles() throws {
        let catalog = try TutorialCatalog.current.get()
        #expect(catalog.tutorials.count == 5, "one tutorial per step: \(catalog.tutorials.map(\.path))")
        for problem in TutorialRules.stageProblems(catalog) {
            Issue.record("\(problem)")
        }
    }

    @Test("the tutorials name their copies as scripts/docs-site --sync writes them, and end with three questions")
    func catalogShape() throws {
        for problem in TutorialRules.catalogProblems(try TutorialCatalog.current.get()) {
            Issue.record("\(problem)")
        }
    }

    @Test("a copy that is not its stage file, a changed file no step shows, and a copy none shows are reported")
    func plantedProblems() {
        let stageOne = Data("struct Greeter {}\n".utf8)
        let stageTwo = Data("struct Greeter { let name: String }\n".utf8)
        func catalog(resource: Data, steps: String, extra: [String] = []) -> TutorialCatalog {
            TutorialCatalog(
                tutorials: [("T/stage-2-demo.tutorial", steps)],
                tableOfContents: ("T/toc.tutorial", ""),
                resourceNames: ["stage1-Greeter.swift", "stage2-Greeter.swift"] + extra,
                resource: { $0 == "stage1-Greeter.swift" ? stageOne : $0 == "stage2-Greeter.swift" ? resource : nil },
                stageFiles: { _ in ["Greeter.swift"] },
                stageFile: { stage, file in file == "Greeter.swift" ? (stage == 1 ? stageOne : stageTwo) : nil })
        }
        let both = """
            @Code(name: "Greeter.swift", file: "stage1-Greeter.swift")
            @Code(name: "Greeter.swift", file: "stage2-Greeter.swift", previousFile: "stage1-Greeter.swift")
            """
        #expect(TutorialRules.stageProblems(catalog(resource: stageTwo, steps: both)).isEmpty)

        let edited = TutorialRules.stageProblems(catalog(resource: Data("struct Greeter {}\n".utf8), steps: both))
        #expect(edited.count == 1 && edited.first?.message.contains("byte for byte") == true, "\(edited)")
        #expect(edited.first?.file == "T/stage-2-demo.tutorial" && edited.first?.line == 2)

        let onlyOne = #"@Code(name: "Greeter.swift", file: "stage1-Greeter.swift")"#
        let unshown = TutorialRules.stageProblems(catalog(resource: stageTwo, steps: onlyOne))
        #expect(unshown.map(\.message) == ["step 1 → 2 changes Greeter.swift, and no step shows stage2-Greeter.swift"])

        let shape = TutorialRules.catalogProblems(
            catalog(
                resource: stageTwo,
                steps: both.replacingOccurrences(
                    of: "name: \"Greeter.swift\", file: \"stage2", with: "name: \"G.swift\", file: \"stage2"),
                extra: ["stage3-Unused.swift"]))
        let messages = shape.map(\.message).joined(separator: "\n")
        #expect(messages.contains("under the name G.swift, not Greeter.swift"), "\(messages)")
        #expect(messages.contains("no tutorial shows it"), "\(messages)")
        #expect(messages.contains("@Assessments of at least three questions"), "\(messages)")
        #expect(messages.contains("one per step"), "\(messages)")
    }

    @Test("a copy's name says its stage and file; a @Code line's labels are read whole")
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
