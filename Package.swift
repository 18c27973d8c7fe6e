// swift-tools-version:6.3.1
// The workbook: one login API and one photo API, written once per stage, one refactoring step apart.
// Sources/ holds the ladder (its stages and the models they share) and its DocC tutorial;
// Workbench/ holds what runs it: the fake servers, the harness, the metrics and the `workbook` command.
import PackageDescription

let stages = [
    "Stage1Hardcoded", "Stage2EnumAPI", "Stage3Result", "Stage4Generic", "Stage5Router", "Stage6Async",
]

let package = Package(
    name: "NetworkLayerWorkbook",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: stages.map { .library(name: $0, targets: [$0]) } + [
        .library(name: "Models", targets: ["Models"]),
        .library(name: "NetworkLayerWorkbook", targets: ["NetworkLayerWorkbook"]),
        .library(name: "NetworkLayerWorkbookKorean", targets: ["NetworkLayerWorkbookKorean"]),
        .library(name: "FakeServers", targets: ["FakeServers"]),
        .library(name: "Harness", targets: ["Harness"]),
        .library(name: "Metrics", targets: ["Metrics"]),
        .executable(name: "workbook", targets: ["workbook"]),
        .executable(name: "kata", targets: ["kata"]),
    ],
    // Each stage folder opens with its README in English and in Korean (README.ko.md), read by the
    // checks and the tour, not compiled.
    targets: stages.map { .target(name: $0, dependencies: ["Models"], exclude: ["README.md", "README.ko.md"]) } + [
        // The domain models every stage decodes; what a stage refactors lives in the stage.
        .target(name: "Models"),
        // The DocC tutorial of the ladder, one chapter per step, and no code. It depends on no stage
        // and none on it: the stage files its steps show are links into the stages' folders.
        .target(name: "NetworkLayerWorkbook"),
        // The same tutorial in Korean, a module of its own (DocC has no localisation): the same
        // chapters and steps, whose files are the same links into the stages' folders.
        .target(name: "NetworkLayerWorkbookKorean"),
        // The ladder said once: each stage's number, module, chapter and tutorial; and the learner's
        // language, which `kata` and the exercises' messages read.
        .target(name: "Ladder", path: "Workbench/Ladder"),
        // A value behind a lock that the thread sanitizer can see through.
        .target(name: "Locking", path: "Workbench/Locking"),
        // In-process fakes of the Popcorn login server and Unsplash, on URLProtocol.
        .target(name: "FakeServers", dependencies: ["Locking"], path: "Workbench/FakeServers"),
        // Counts read from each stage's own source files: what the ladder claims, measured.
        .target(name: "Metrics", dependencies: ["Locking"], path: "Workbench/Metrics"),
        // How the suite and the command reach each stage: one interface and what each stage promises
        // (HarnessCore, which imports no stage, so a kata does not rebuild all that uses it), and an
        // adapter per stage (Harness, which re-exports the core).
        .target(
            name: "HarnessCore", dependencies: ["Ladder", "Locking", "Metrics", "Models"],
            path: "Workbench/HarnessCore"),
        .target(
            name: "Harness",
            dependencies: ["HarnessCore", "Ladder", "Locking", "Metrics", "Models"] + stages.map { .target(name: $0) },
            path: "Workbench/Harness"),
        // Text laid out for a terminal: widths, wrapping, tables, diffs, colour.
        .target(name: "TerminalText", path: "Workbench/TerminalText"),
        // The kata: a branch of its own per step, and the command that starts, checks and stops it.
        // It imports no stage, so it runs while the stage in a kata does not compile. It starts git and
        // swift, so every file of it, of CLI and of both commands sits in `#if os(macOS) || os(Linux)`:
        // for an iPhone (Xcode's scheme, the Swift Package Index) they compile to nothing.
        .target(
            name: "KataKit", dependencies: ["Ladder", "Locking", "Metrics", "TerminalText"], path: "Workbench/KataKit"),
        .executableTarget(name: "kata", dependencies: ["KataKit", "TerminalText"], path: "Workbench/kata"),
        // What the suite and the command both put every stage through: the bad replies, the bad
        // inputs and the tour's scenarios, each with what a stage must hand its caller.
        .target(
            name: "Fixtures", dependencies: ["FakeServers", "Harness", "Locking", "Models"], path: "Workbench/Fixtures"),
        // The `workbook` command line: the words a user types, the commands they make, and the help.
        // Apart from the command, so that the docs checks read its words without building it.
        .target(name: "WorkbookCommand", dependencies: ["Ladder", "TerminalText"], path: "Workbench/WorkbookCommand"),
        // The `workbook` command and its subcommands, as a library so that tests can run them. Fenced
        // as KataKit is: its doctor, bench and probe start programs.
        .target(
            name: "CLI",
            dependencies: [
                "Fixtures", "Harness", "FakeServers", "KataKit", "Ladder", "Locking", "Models", "Metrics",
                "TerminalText", "WorkbookCommand",
            ]
                + stages.map { .target(name: $0) },
            path: "Workbench/CLI"),
        .executableTarget(name: "workbook", dependencies: ["CLI", "TerminalText"], path: "Workbench/workbook"),
        // The turns that suites in different test targets take on each fake. It needs no stage.
        .target(name: "FakeTurns", path: "Tests/FakeTurns"),
        // Helpers the shared suite and the exercises both use to drive a stage through the fakes.
        .target(
            name: "StageTesting", dependencies: ["Harness", "FakeServers", "FakeTurns", "Ladder", "Locking", "Models"],
            path: "Tests/StageTesting"),
        .testTarget(
            name: "LadderTests",
            dependencies: [
                "Harness", "FakeServers", "FakeTurns", "Fixtures", "Ladder", "Locking", "Models", "Metrics",
                "StageTesting",
            ]
                + stages.map { .target(name: $0) }),
        // The `workbook` command's tests: the tour, the bench, live mode, the kata, the layout, apart
        // from the stages' suite.
        .testTarget(
            name: "CLITests",
            dependencies: [
                "CLI", "FakeServers", "FakeTurns", "Fixtures", "Harness", "KataKit", "Ladder", "Locking", "Metrics",
                "Models", "StageTesting", "TerminalText", "WorkbookCommand",
            ]),
        // The fakes held to the real servers' rules. They need no stage, so a kata never rebuilds them.
        .testTarget(name: "FakeServerTests", dependencies: ["FakeServers", "FakeTurns", "Locking", "Models"]),
        // The checks that name a stage's own types, apart, so that a kata that sets one file aside
        // rebuilds this small target alone, not the whole suite.
        .testTarget(
            name: "StageTypesTests",
            dependencies: [
                "FakeServers", "FakeTurns", "Harness", "StageTesting", "Stage2EnumAPI", "Stage5Router", "Stage6Async",
            ]),
        .testTarget(name: "MetricsTests", dependencies: ["Metrics"]),
        // The kata's command on small repositories of its own; it needs no stage.
        .testTarget(name: "KataTests", dependencies: ["FakeTurns", "KataKit", "Ladder", "Locking", "TerminalText"]),
        // Checks that the docs quote the code, the diffs and the numbers as they are now.
        .testTarget(
            name: "DocsTests",
            dependencies: [
                "Harness", "FakeServers", "FakeTurns", "KataKit", "Ladder", "Locking", "Metrics", "TerminalText",
                "WorkbookCommand",
            ]),
        // The exercises' tests: off unless WORKBOOK_EXERCISE names a stage (or "all").
        .testTarget(
            name: "ExerciseTests",
            dependencies: ["Harness", "FakeServers", "FakeTurns", "Ladder", "Models", "StageTesting"]
                + stages.map { .target(name: $0) }),
    ],
    swiftLanguageModes: [.v6]
)
