// The package's maps, README.md's and docs/README.md's (with its Korean twin), name every folder
// the package has under Sources/, Workbench/ and Tests/: a folder added without a line there is a
// room the next maintainer cannot find.
import FakeTurns
import Foundation
import Testing

@Suite("Docs: the package's maps", .serialized, .busyLane)
struct PackageMapTests {
    static let maps = ["README.md", "docs/README.md", "docs/ko/README.md"]
    static let roots = ["Sources", "Workbench", "Tests"]

    /// The folders right under each root, as `Sources/Models`.
    static func folders(in root: URL) throws -> [String] {
        try roots.flatMap { name in
            try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(name).path)
                .filter { folder in
                    var isFolder: ObjCBool = false
                    let path = root.appendingPathComponent(name).appendingPathComponent(folder).path
                    return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
                }
                .map { "\(name)/\($0)" }
        }.sorted()
    }

    /// The folders of `folders` that `text` does not name. The stages may be named as a range, from
    /// the first stage's folder to the last's.
    static func unnamed(_ folders: [String], in text: String) -> [String] {
        func names(_ folder: String) -> Bool {
            text.range(
                of: NSRegularExpression.escapedPattern(for: folder) + "(?![A-Za-z0-9])", options: .regularExpression)
                != nil
        }
        let stages = folders.filter { $0.hasPrefix("Sources/Stage") }
        let rangeNamed = stages.first.map(names) == true && stages.last.map(names) == true
        return folders.filter { !names($0) && !(rangeNamed && stages.contains($0)) }
    }

    @Test("each map names every folder under Sources/, Workbench/ and Tests/", arguments: maps)
    func everyFolderNamed(map: String) throws {
        let root = try #require(PackageWorld.root)
        let folders = try Self.folders(in: root)
        #expect(folders.contains("Workbench/Locking"), "\(folders)")
        let text = try String(contentsOf: root.appendingPathComponent(map), encoding: .utf8)
        let missing = Self.unnamed(folders, in: text)
        for folder in missing {
            Issue.record("\(map) does not name \(folder): add a row to its map")
        }
    }

    /// The files under `Tests/` that import the `workbook` command, outside its own tests.
    static func commandImports(in root: URL) -> [String] {
        let tests = root.appendingPathComponent("Tests")
        let files = (try? FileManager.default.subpathsOfDirectory(atPath: tests.path)) ?? []
        return files.filter { $0.hasSuffix(".swift") && !$0.hasPrefix("CLITests/") }.filter { file in
            let text = (try? String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)) ?? ""
            return text.split(separator: "\n").contains { Self.importsCommand($0) }
        }.map { "Tests/" + $0 }.sorted()
    }

    static func importsCommand(_ line: Substring) -> Bool {
        // Only an import is asked the expression: every line of every test is read.
        (line.hasPrefix("import ") || line.hasPrefix("@testable "))
            && line.range(of: #"^(@testable )?import CLI\s*$"#, options: .regularExpression) != nil
    }

    @Test("no test but the command's own imports it: the suite and the docs checks never build the command")
    func commandImportedByItsTestsAlone() throws {
        let root = try #require(PackageWorld.root)
        let importing = Self.commandImports(in: root)
        #expect(importing.isEmpty, "\(importing)")
        #expect(Self.importsCommand("@testable import CLI") && Self.importsCommand("import CLI"))
        #expect(!Self.importsCommand("import CLIKit") && !Self.importsCommand("// import CLI, once"))
        // A test that imports it is found; the command's own tests are not.
        let planted = FileManager.default.temporaryDirectory.appendingPathComponent("map-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: planted) }
        for (folder, text) in [("DocsTests", "import Testing\n@testable import CLI\n"), ("CLITests", "import CLI\n")] {
            let url = planted.appendingPathComponent("Tests/\(folder)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try text.write(to: url.appendingPathComponent("A.swift"), atomically: false, encoding: .utf8)
        }
        #expect(Self.commandImports(in: planted) == ["Tests/DocsTests/A.swift"])
    }

    @Test("a folder left out is found; a stage range, or a longer name, does not count as it")
    func selfTest() {
        let folders = ["Sources/Models", "Sources/Stage1A", "Sources/Stage2B", "Sources/Stage3C", "Workbench/Lock"]
        let text = "`Sources/Stage1A` … `Sources/Stage3C`, [Sources/Models](x), Workbench/Locking"
        #expect(Self.unnamed(folders, in: text) == ["Workbench/Lock"])
        #expect(
            Self.unnamed(folders, in: "`Sources/Stage1A`, Sources/Models") == [
                "Sources/Stage2B", "Sources/Stage3C", "Workbench/Lock",
            ])
    }
}
