// What the kata's tests work in: a small git repository laid out like the workbook, and a record
// of what the program printed.
import Foundation
import Locking

@testable import KataKit

/// What a program printed, line by line.
final class Said: Sendable {
    private let said = Locked<[String]>([])
    var write: @Sendable (String) -> Void { { line in self.said.withLock { $0.append(line) } } }
    var lines: [String] { said.withLock { $0.flatMap { $0.split(separator: "\n").map(String.init) } } }
    var text: String { lines.joined(separator: "\n") }
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
        "Tests/LadderTests/Stage3Tests.swift": "// Stage 3's suite, through its adapter.\n",
        "Tests/StageTypesTests/Stage3TypesTests.swift": "// Stage 3's own checks, naming its types.\n",
    ]

    let root: URL

    init(git: Bool) throws {
        root = Self.newFolder()
        guard git else {
            try Self.lay(in: root)
            return
        }
        // Every repository starts the same: made and committed once, then copied, which spares
        // each test the three git runs.
        try FileManager.default.copyItem(at: try Self.committed.get(), to: root)
    }

    /// The committed repository every copy starts from, for a test that only reads it: no copy made.
    static func readOnly() throws -> TemporaryPackage {
        TemporaryPackage(root: try committed.get())
    }

    private static func newFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("workbook-kata-\(UUID().uuidString)")
    }

    /// The files, written under `root`.
    private static func lay(in root: URL) throws {
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    /// The files in a repository of their own, committed on main; removed when the tests end.
    private static let committed = Result { () throws -> URL in
        let root = committedFolder
        try lay(in: root)
        // No template: a test has no use for the sample hooks git copies into every new repository.
        _ = try Git(folder: root).succeed(["init", "--quiet", "--initial-branch=main", "--template="])
        try TemporaryPackage(root: root).commitAll("start")
        // Its objects in one pack, not a folder each: every copy makes half as many folders.
        _ = try Git(folder: root).succeed(["repack", "-a", "-d", "-q"])
        _ = try Git(folder: root).succeed(["prune-packed"])
        atexit { try? FileManager.default.removeItem(at: TemporaryPackage.committedFolder) }
        return root
    }

    private static let committedFolder = newFolder()

    private init(root: URL) {
        self.root = root
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
            "-c", "user.name=Workbook", "-c", "user.email=workbook@example.com", "-c", "maintenance.auto=false",
            "commit", "--quiet", "-m", message,
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
