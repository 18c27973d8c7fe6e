// Runs git in the package's folder, for the katas: what is committed, what has changed, and
// putting committed files back. Foundation's `Process` does the same on Linux and macOS.
import Foundation

/// git, run in one folder; paths in and out are relative to that folder.
struct Git: Sendable {
    let folder: URL

    /// What one run of git printed, and how it ended.
    struct Run {
        let status: Int32
        let output: Data
        let errors: String

        var text: String { String(decoding: output, as: UTF8.self) }
        var lines: [String] { text.split(separator: "\n").map(String.init) }
    }

    /// Runs `git arguments…`; throws only when git cannot be started at all.
    func run(_ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = folder
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read before waiting: a file larger than the pipe's buffer would otherwise never finish.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, output: data,
            errors: String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Runs git and returns what it printed, or throws what it said when it failed.
    func succeed(_ arguments: [String]) throws -> Run {
        let result = try run(arguments)
        guard result.status == 0 else {
            throw WorkbookError("git \(arguments.joined(separator: " ")) failed: \(result.errors)")
        }
        return result
    }

    /// Whether the folder is inside a git work tree with at least one commit.
    var hasCommit: Bool {
        (try? run(["rev-parse", "--verify", "--quiet", "HEAD"]))?.status == 0
    }

    /// The committed files under `folders` (paths, not patterns: `ls-tree` does not expand `*`).
    func committedFiles(under folders: [String]) throws -> [String] {
        try succeed(["ls-tree", "-r", "--name-only", "HEAD", "--"] + folders).lines
    }

    /// A committed file's bytes.
    func committed(_ path: String) throws -> Data {
        try succeed(["show", "HEAD:./\(path)"]).output
    }

    /// What `git status` lists under `pathspecs`: changed, staged, deleted or untracked files.
    func changes(_ pathspecs: [String]) throws -> [String] {
        try succeed(["status", "--porcelain", "--untracked-files=all", "--"] + pathspecs).lines
    }
}
