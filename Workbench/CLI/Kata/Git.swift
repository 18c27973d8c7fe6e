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

        /// Runs `tool arguments…`, found on the PATH, in `folder`; with `errorsInOutput`, what it
        /// says on standard error is kept in `output` too, in the order it was said. The variables named
        /// in `unsetting` are left out of its environment.
        static func of(
            _ tool: String, _ arguments: [String], in folder: URL, errorsInOutput: Bool = false,
            unsetting: [String] = []
        ) throws -> Run {
            let process = Process()
            if !unsetting.isEmpty {
                process.environment = ProcessInfo.processInfo.environment.filter { !unsetting.contains($0.key) }
            }
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [tool] + arguments
            process.currentDirectoryURL = folder
            let output = Pipe()
            let errors = errorsInOutput ? output : Pipe()
            process.standardOutput = output
            process.standardError = errors
            process.standardInput = FileHandle.nullDevice
            try process.run()
            // Read before waiting: a file larger than the pipe's buffer would otherwise never finish.
            let data = output.fileHandleForReading.readDataToEndOfFile()
            let message = errorsInOutput ? Data() : errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Run(
                status: process.terminationStatus, output: data,
                errors: String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// Runs `git arguments…`; throws only when git cannot be started at all.
    func run(_ arguments: [String]) throws -> Run {
        try Run.of("git", arguments, in: folder)
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

    /// What is staged under `pathspecs`.
    func staged(_ pathspecs: [String]) throws -> [String] {
        try succeed(["diff", "--cached", "--name-only", "--"] + pathspecs).lines
    }

    /// The commit HEAD names.
    func head() throws -> String {
        try succeed(["rev-parse", "HEAD"]).text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// git's own folder (`.git`, or a worktree's), where a kata keeps its record out of the work tree.
    func directory() throws -> URL {
        let path = try succeed(["rev-parse", "--absolute-git-dir"]).text.trimmingCharacters(in: .whitespacesAndNewlines)
        return URL(fileURLWithPath: path)
    }

    /// The files under `folders` as committed at `commit`.
    func committedFiles(under folders: [String], at commit: String) throws -> [String] {
        try succeed(["ls-tree", "-r", "--name-only", commit, "--"] + folders).lines
    }

    /// Keeps every uncommitted change under `pathspecs`, untracked files too, in a stash named
    /// `message`, and takes them out of the work tree. Returns the stash's whole commit hash, which
    /// `git stash apply` takes however many stashes come after it (a short one of digits only would
    /// be read as a stash's number); nil when there was nothing to keep.
    func stash(_ message: String, _ pathspecs: [String]) throws -> String? {
        guard try !changes(pathspecs).isEmpty else { return nil }
        // A stash is a commit: a clone with no name set gets one for it, on this machine only.
        let named = (try? run(["config", "user.email"]))?.status == 0
        let identity = named ? [] : ["-c", "user.name=workbook", "-c", "user.email=workbook@localhost"]
        _ = try succeed(identity + ["stash", "push", "--include-untracked", "--message", message, "--"] + pathspecs)
        return try succeed(["rev-parse", "refs/stash"]).text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
