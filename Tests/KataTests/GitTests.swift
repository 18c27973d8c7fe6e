// What the kata asks git, on a small repository: files read back in one run, byte for byte.
import FakeTurns
import Foundation
import Testing

@testable import KataKit

@Suite("git, as the kata runs it", .childrenLane)
struct GitTests {
    @Test("files read in one run come back byte for byte, each by its path; one not committed is refused")
    func committedFiles() throws {
        let package = try TemporaryPackage(git: true)
        defer { package.remove() }
        let files = [
            "Sources/Stage3Result/Two.swift": "two\nlines\n",
            "Sources/Stage3Result/NoEnd.swift": "no newline at the end",
            "Sources/Stage3Result/Empty.swift": "",
            "Sources/Stage3Result/한국어.swift": "// 한국어\n\n\n",
        ]
        for (path, text) in files { try package.commit(path, text) }
        let git = Git(folder: package.root)
        let read = try git.committed(Array(files.keys).sorted(), at: "HEAD")
        #expect(read.mapValues { String(decoding: $0, as: UTF8.self) } == files)
        #expect(throws: KataError.self) {
            try git.committed(["Sources/Stage3Result/Two.swift", "Sources/Stage3Result/Nowhere.swift"])
        }
        #expect(try git.committed([]).isEmpty)
    }

    @Test("a tool is found on the PATH it is given, in the first folder that has it; a relative one is env's")
    func executable() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("path-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let (first, second) = (root.appendingPathComponent("first"), root.appendingPathComponent("second"))
        for folder in [first, second] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let tool = folder.appendingPathComponent("tool").path
            #expect(FileManager.default.createFile(atPath: tool, contents: Data("#!/bin/sh\n".utf8)))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool)
        }
        let nowhere = root.appendingPathComponent("nowhere").path
        #expect(Git.executable("tool", path: "\(first.path):\(second.path)")?.path == first.path + "/tool")
        #expect(Git.executable("tool", path: "\(nowhere):\(second.path)")?.path == second.path + "/tool")
        #expect(Git.executable("tool", path: nowhere) == nil)
        #expect(Git.executable("tool", path: "relative:\(first.path)") == nil, "a relative folder is env's")
        #expect(Git.executable("tool", path: nil) == nil)
        #expect(Git.executable("./tool", path: first.path) == nil, "a path from the child's folder is env's")
        #expect(Git.executable("/bin/sh", path: nil)?.path == "/bin/sh")
    }
}
