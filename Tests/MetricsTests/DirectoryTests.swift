// The file-system side: finding Sources/ and the stage folders, and measuring a folder of files.
import Foundation
import Metrics
import Testing

/// A throwaway package layout under the temporary directory; the test removes it with `defer`.
private struct TemporaryPackage {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("SourceMetricsTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    /// Writes `text` at `path` relative to the root, creating folders on the way.
    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: false, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

@Suite("Directories")
struct DirectoryTests {
    @Test("a stage folder is measured over all its Swift files, subfolders included, and only Stage folders are listed")
    func measuresTemporaryPackage() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("Package.swift", "// swift-tools-version:6.0\n")
        try package.write(
            "Sources/Stage2Enum/API.swift",
            """
            // The key, once.
            let key = "workbook-demo-access-key"
            """)
        try package.write(
            "Sources/Stage1Plain/Manager.swift",
            """
            func load() {
                let url = URL(string: "https://example.com")!
                URLSession.shared.dataTask(with: url).resume()
            }
            """)
        try package.write(
            "Sources/Stage1Plain/Nested/Helpers.swift",
            """
            func again() { URLSession.shared.dataTask(with: URL(string: "workbook-demo-access-key")!).resume() }
            """)
        try package.write("Sources/Stage1Plain/README.md", "URLSession.shared.dataTask(with: url)!\n")
        try package.write("Sources/Models/Model.swift", "struct Model {}\n")
        try package.write("Sources/StageNotes.txt", "not a folder\n")
        try package.write("Workbench/Harness/Adapter.swift", "URLSession.shared.dataTask(with: url)\n")

        let sources = try #require(
            SourceMetrics.sourcesDirectory(
                from: package.root.appendingPathComponent("Sources/Stage1Plain/Nested/Helpers.swift").path))
        #expect(
            sources.standardizedFileURL.path
                == package.root.appendingPathComponent("Sources").standardizedFileURL.path)

        let stages = try SourceMetrics.stageDirectories(in: sources)
        #expect(stages.map(\.lastPathComponent) == ["Stage1Plain", "Stage2Enum"])

        let first = try SourceMetrics.measure(directory: try #require(stages.first))
        #expect(
            first
                == StageMetrics(
                    module: "Stage1Plain", files: 2, linesOfCode: 5, requestFunctions: 2,
                    sessionCallSites: 2, keyLiterals: 1, forceUnwraps: 2, replyDecodes: 0
                ))
        let second = try SourceMetrics.measure(directory: stages[1])
        #expect(second.files == 1)
        #expect(second.linesOfCode == 1)
        #expect(second.keyLiterals == 1)
    }

    @Test("measuring a folder that does not exist throws")
    func missingDirectoryThrows() {
        let missing = FileManager.default.temporaryDirectory
            .appendingPathComponent("SourceMetricsTests-missing-\(UUID().uuidString)")
        #expect(throws: (any Error).self) { try SourceMetrics.measure(directory: missing) }
    }

    @Test("a path with no Package.swift above it has no Sources directory")
    func noPackageAbove() {
        #expect(SourceMetrics.sourcesDirectory(from: "/no-such-folder-\(UUID().uuidString)/File.swift") == nil)
    }

    @Test("this package's own Sources holds the stage modules, from Stage1Hardcoded on")
    func findsOwnStages() throws {
        let sources = try #require(SourceMetrics.sourcesDirectory(from: #filePath))
        let stages = try SourceMetrics.stageDirectories(in: sources)
        #expect(stages.first?.lastPathComponent == "Stage1Hardcoded")
        #expect(stages.allSatisfy { $0.lastPathComponent.hasPrefix("Stage") })
        let hardcoded = try SourceMetrics.measure(directory: try #require(stages.first))
        #expect(hardcoded.files > 0)
        #expect(hardcoded.sessionCallSites > 0)
    }
}
