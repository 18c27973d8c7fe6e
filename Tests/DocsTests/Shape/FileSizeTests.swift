// The house's sizes: a test file reads in one sitting at 400 lines, a file of machinery (the Swift
// under Workbench/, every script in scripts/ and .ci/) at 300. A file over its limit is split by
// responsibility, each piece a file that reads on its own, not cut where the count runs out.
import FakeTurns
import Foundation
import Testing

@Suite("Docs: no test file over 400 lines, no machinery file over 300", .serialized, .busyLane)
struct FileSizeTests {
    @Test("every Swift file under Tests/ is within 400 lines; Workbench/'s Swift, scripts/ and .ci/ within 300")
    func everyFileWithinItsLimit() throws {
        let root = try #require(PackageWorld.root)
        for rule in FileSize.rules {
            let paths = rule.files(under: root)
            #expect(paths.count > 1, "\(rule.folders) holds \(paths.count) files: is the package root right?")
            for path in paths {
                let lines = try FileSize.lines(in: Data(contentsOf: root.appendingPathComponent(path)))
                if let problem = rule.problem(path: path, lines: lines) {
                    Issue.record("\(problem)")
                }
            }
        }
        #expect(FileSize.rules[2].files(under: root).contains("scripts/docs-site"), "scripts/ is read")
    }

    @Test("a file over its limit is named with its lines and its rule; one at the limit is not")
    func overTheLimitIsNamed() throws {
        let tests = FileSize.rules[0]
        let scripts = FileSize.rules[2]
        #expect(tests.problem(path: "Tests/LadderTests/ScreenCases.swift", lines: 400) == nil)
        let test = try #require(tests.problem(path: "Tests/LadderTests/ScreenCases.swift", lines: 420))
        #expect(test.hasPrefix("Tests/LadderTests/ScreenCases.swift is 420 lines"), "\(test)")
        #expect(test.contains("at most 400") && test.contains("split it by responsibility"), "\(test)")
        #expect(scripts.problem(path: "scripts/docs-site", lines: 300) == nil)
        let script = try #require(scripts.problem(path: "scripts/docs-site", lines: 468))
        #expect(script.hasPrefix("scripts/docs-site is 468 lines") && script.contains("at most 300"), "\(script)")
        // Lines as `wc -l` counts them, and a last line without its newline counts too.
        let counted = ["", "one\n", "one\ntwo\n", "one\ntwo"].map { FileSize.lines(in: Data($0.utf8)) }
        #expect(counted == [0, 1, 2, 2])
    }
}

/// A limit on the lines of the files under some folders.
struct FileSize {
    /// What the files are, as a message names them.
    let kind: String
    let folders: [String]
    /// How a file's name ends; "" for every file.
    let ending: String
    let limit: Int

    static let rules = [
        FileSize(kind: "a test file (Tests/, Swift)", folders: ["Tests"], ending: ".swift", limit: 400),
        FileSize(kind: "a machinery file (Workbench/'s Swift)", folders: ["Workbench"], ending: ".swift", limit: 300),
        FileSize(kind: "a machinery file (scripts/, .ci/)", folders: ["scripts", ".ci"], ending: "", limit: 300),
    ]

    /// The files the rule holds, as paths from `root`: no folder, nothing hidden (a Mac's
    /// .DS_Store), nothing Python caches (__pycache__).
    func files(under root: URL) -> [String] {
        PackageWorld.files(in: folders, root: root, ending: ending).filter { path in
            var folder: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: root.appendingPathComponent(path).path, isDirectory: &folder)
            let names = path.split(separator: "/").dropFirst()
            return exists && !folder.boolValue
                && !names.contains { $0.hasPrefix(".") || $0 == "__pycache__" }
        }
    }

    /// What is wrong with a file of `lines` lines at `path`, or nil when it is within the limit.
    func problem(path: String, lines: Int) -> String? {
        guard lines > limit else { return nil }
        return """
            \(path) is \(lines) lines; \(kind) holds at most \(limit). Do not cut it at line \(limit): \
            split it by responsibility, into files that each read on their own.
            """
    }

    /// The lines in `data` as `wc -l` counts them, and a last line without its newline.
    static func lines(in data: Data) -> Int {
        let newlines = data.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        return newlines + (data.last.map { $0 == UInt8(ascii: "\n") ? 0 : 1 } ?? 0)
    }
}
