// swift-tools-version:6.1
// The workbook: one login API and one photo API, written six times, one refactoring step apart.
import PackageDescription

let stages = [
    "Stage1Hardcoded", "Stage2EnumAPI", "Stage3Result", "Stage4Generic", "Stage5Router", "Stage6Async",
]

let package = Package(
    name: "NetworkLayerWorkbook",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: stages.map { .library(name: $0, targets: [$0]) } + [
        .library(name: "Models", targets: ["Models"]),
        .library(name: "FakeServers", targets: ["FakeServers"]),
        .library(name: "StageAdapters", targets: ["StageAdapters"]),
        .library(name: "SourceMetrics", targets: ["SourceMetrics"]),
        .executable(name: "workbook", targets: ["workbook"]),
    ],
    targets: stages.map { .target(name: $0, dependencies: ["Models"]) } + [
        // The domain models every stage decodes; what a stage refactors lives in the stage.
        .target(name: "Models"),
        // A value behind a lock that the thread sanitizer can see through.
        .target(name: "Locking"),
        // In-process fakes of the Popcorn login server and Unsplash, on URLProtocol.
        .target(name: "FakeServers", dependencies: ["Locking"]),
        // The code a screen writes to use each stage, behind one async interface.
        .target(name: "StageAdapters", dependencies: ["Locking", "Models"] + stages.map { .target(name: $0) }),
        // Counts read from each stage's own source files: what the ladder claims, measured.
        .target(name: "SourceMetrics", dependencies: ["Locking"]),
        // The tour and the other `workbook` commands, as a library so that tests can run them.
        .target(
            name: "Tour",
            dependencies: ["StageAdapters", "FakeServers", "Locking", "Models", "SourceMetrics"]
                + stages.map { .target(name: $0) }),
        .executableTarget(name: "workbook", dependencies: ["Tour"]),
        // Helpers the shared suite and the exercises both use to drive a stage through the fakes.
        .target(
            name: "TestSupport", dependencies: ["StageAdapters", "FakeServers", "Locking", "Models"],
            path: "Tests/TestSupport"),
        .testTarget(
            name: "WorkbookTests",
            dependencies: ["StageAdapters", "FakeServers", "Locking", "Models", "SourceMetrics", "TestSupport", "Tour"]
                + stages.map { .target(name: $0) }),
        .testTarget(name: "SourceMetricsTests", dependencies: ["SourceMetrics"]),
        // Checks that the docs quote the code, the diffs and the numbers as they are now.
        .testTarget(name: "DocsTests", dependencies: ["StageAdapters", "Locking", "SourceMetrics", "Tour"]),
        // The exercises' tests: off unless WORKBOOK_EXERCISE names a stage (or "all").
        .testTarget(
            name: "ExerciseTests",
            dependencies: ["StageAdapters", "FakeServers", "Models", "TestSupport"] + stages.map { .target(name: $0) }),
    ],
    swiftLanguageModes: [.v6]
)
