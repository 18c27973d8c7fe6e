// The ladder, said once: each stage's number, module, chapter and tutorial. The harness, both
// commands and the tests read it; the scripts find the same stages from the folders
// (`Sources/Stage*`). Package.swift lists the modules too, since a manifest cannot import this; a
// check holds the list, the manifest and the folders equal (CONTRIBUTING.md says how to add a stage).
public enum Ladder {
    /// One step of the ladder.
    public struct Stage: Sendable, Hashable {
        public let number: Int
        /// The module, and the folder under `Sources/`.
        public let module: String
        /// The chapter's file name under `docs/` (and `docs/ko/`), without `.md`.
        public let chapter: String
        /// The tutorial's name in each DocC catalog (`tutorialModules`); `nil` for stage 1, where
        /// the ladder starts.
        public let tutorial: String?

        public var folder: String { "Sources/\(module)" }
    }

    /// Every stage, in reading order.
    public static let stages: [Stage] = [
        Stage(number: 1, module: "Stage1Hardcoded", chapter: "01-hardcoded", tutorial: nil),
        Stage(number: 2, module: "Stage2EnumAPI", chapter: "02-enum-api", tutorial: "stage-2-endpoint-enums"),
        Stage(number: 3, module: "Stage3Result", chapter: "03-result", tutorial: "stage-3-result"),
        Stage(number: 4, module: "Stage4Generic", chapter: "04-generic", tutorial: "stage-4-generic"),
        Stage(number: 5, module: "Stage5Router", chapter: "05-router", tutorial: "stage-5-router"),
        Stage(number: 6, module: "Stage6Async", chapter: "06-async", tutorial: "stage-6-async"),
    ]

    /// The modules of the DocC tutorial, each a catalog with one chapter per stage but the first,
    /// named as `Stage.tutorial` says: the English tutorial, then its Korean edition (DocC has no
    /// localisation, so an edition is a module of its own, whose steps show the same files).
    public static let tutorialModules = ["NetworkLayerWorkbook", "NetworkLayerWorkbookKorean"]

    /// The stages' numbers, first to last.
    public static let numbers: [Int] = stages.map(\.number)

    /// The top of the ladder, where it ends: the last stage. Code that means the top says so
    /// with this, never with a number or an unexplained `.last`.
    public static let top: Stage = stages[stages.count - 1]

    /// The stages that have a kata: each starts from the stage before it, so every stage but the first.
    public static let kataNumbers: [Int] = Array(numbers.dropFirst())

    /// A list of numbers as a message says it: "2 to 6".
    public static func span(_ numbers: [Int]) -> String {
        guard let first = numbers.first, let last = numbers.last else { return "none" }
        return first == last ? "\(first)" : "\(first) to \(last)"
    }

    /// Stage `number`, if the ladder has one.
    public static func stage(_ number: Int) -> Stage? {
        stages.first { $0.number == number }
    }
}
