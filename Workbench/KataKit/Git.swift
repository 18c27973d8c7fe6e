// Runs git in the package's folder, for the katas: what is committed and changed, and the kata's
// branch, its commits and the way back. Foundation's `Process` does the same on Linux and macOS.
#if os(macOS) || os(Linux)
import Foundation
import Locking

/// git, run in one folder; paths in and out are relative to that folder.
package struct Git: Sendable {
    package let folder: URL

    package init(folder: URL) {
        self.folder = folder
    }

    /// What one run of a tool printed, and how it ended.
    package struct Run {
        package let status: Int32
        package let output: Data
        package let errors: String

        package var text: String { String(decoding: output, as: UTF8.self) }
        package var lines: [String] { text.split(separator: "\n").map(String.init) }

        /// Runs `tool arguments…`, found on the PATH, in `folder`; with `errorsInOutput`, what it
        /// says on standard error is kept in `output` too, in the order it was said. The variables named
        /// in `unsetting` are left out of its environment, and those in `setting` set; the rest is
        /// `environment`, this program's own unless told. `input`, a few lines, is its standard input.
        /// `progress`, when given, hears each line of the output as it comes (with `errorsInOutput`:
        /// standard error is read only after standard output ends).
        package static func of(
            _ tool: String, _ arguments: [String], in folder: URL, errorsInOutput: Bool = false,
            unsetting: [String] = [], setting: [String: String] = [:],
            environment: [String: String] = ProcessInfo.processInfo.environment, input: Data? = nil,
            progress: ((String) -> Void)? = nil
        ) throws -> Run {
            let process = Process()
            let environment = environment.filter { !unsetting.contains($0.key) }.merging(setting) { $1 }
            process.environment = environment
            if let executable = Git.executable(tool, path: environment["PATH"]) {
                process.executableURL = executable
                process.arguments = arguments
            } else {
                // Not found: `env` looks once more, and says so in its own words.
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = [tool] + arguments
            }
            process.currentDirectoryURL = folder
            let output = Pipe()
            let errors = errorsInOutput ? output : Pipe()
            process.standardOutput = output
            process.standardError = errors
            let inputPipe = input.map { _ in Pipe() }
            process.standardInput = inputPipe ?? FileHandle.nullDevice
            let ended = try process.start()
            if let input, let inputPipe {
                // Written whole before the output is read: a few lines fit in the pipe's buffer.
                inputPipe.fileHandleForWriting.write(input)
                try inputPipe.fileHandleForWriting.close()
            }
            // Read before waiting: a file larger than the pipe's buffer would otherwise never finish.
            let data =
                progress.map { Git.read(output.fileHandleForReading, telling: $0) }
                ?? output.fileHandleForReading.readDataToEndOfFile()
            let message = errorsInOutput ? Data() : errors.fileHandleForReading.readDataToEndOfFile()
            ended()
            return Run(
                status: process.terminationStatus, output: data,
                errors: String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// Everything `handle` gives until its end, each whole line told to `line` as it arrives.
    static func read(_ handle: FileHandle, telling line: (String) -> Void) -> Data {
        var all = Data()
        var pending = Data()
        while case let chunk = handle.availableData, !chunk.isEmpty {
            all.append(chunk)
            pending.append(chunk)
            while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                line(String(decoding: pending[pending.startIndex..<end], as: UTF8.self))
                pending = Data(pending[pending.index(after: end)...])
            }
        }
        if !pending.isEmpty { line(String(decoding: pending, as: UTF8.self)) }
        return all
    }

    /// Where `tool` is, as `env` finds it: itself when it is a path from the root, else the first
    /// executable of that name in a folder of `path`. Found once for each PATH: a kata runs git
    /// dozens of times, and starting `env` first doubled what each run cost. Nil leaves it to `env`.
    static func executable(_ tool: String, path: String?) -> URL? {
        if tool.hasPrefix("/") { return URL(fileURLWithPath: tool) }
        // A path from the child's folder is the child's to resolve.
        guard !tool.contains("/") else { return nil }
        return found.remembered("\(tool)\u{0}\(path ?? "")") {
            let folders = (path ?? "").split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            // An empty or relative folder is looked up from the child's folder: `env`'s to find.
            guard folders.allSatisfy({ $0.hasPrefix("/") }) else { return nil }
            return folders.lazy.map { URL(fileURLWithPath: $0).appendingPathComponent(tool) }.first {
                FileManager.default.isExecutableFile(atPath: $0.path)
            }
        }
    }

    private static let found = Locked<[String: URL?]>([:])

    /// Runs `git arguments…`; throws only when git cannot be started at all.
    package func run(_ arguments: [String]) throws -> Run {
        try Run.of("git", arguments, in: folder)
    }

    /// Runs git and returns what it printed, or throws what it said when it failed.
    @discardableResult
    package func succeed(_ arguments: [String]) throws -> Run {
        let result = try run(arguments)
        guard result.status == 0 else {
            throw KataError("git \(arguments.joined(separator: " ")) failed: \(result.errors)")
        }
        return result
    }

    /// Whether the folder is inside a git work tree with at least one commit.
    var hasCommit: Bool {
        (try? run(["rev-parse", "--verify", "--quiet", "HEAD"]))?.status == 0
    }

    /// The files under `folders` as committed at `commit` (paths, not patterns: `ls-tree` does
    /// not expand `*`).
    func committedFiles(under folders: [String], at commit: String = "HEAD") throws -> [String] {
        try succeed(["ls-tree", "-r", "--name-only", commit, "--"] + folders).lines
    }

    /// A file's bytes as committed at `commit`.
    func committed(_ path: String, at commit: String = "HEAD") throws -> Data {
        guard let data = try committed([path], at: commit)[path] else {
            throw KataError("\(path) is not committed at \(commit)")
        }
        return data
    }

    /// Files' bytes as committed at `commit`, by path, read by one `git cat-file --batch`: a kata
    /// reads a whole stage, and each run of git costs a few milliseconds. Throws when one is not there.
    func committed(_ paths: [String], at commit: String = "HEAD") throws -> [String: Data] {
        guard !paths.isEmpty else { return [:] }
        let names = paths.map { "\(commit):./\($0)" }
        let run = try Run.of(
            "git", ["cat-file", "--batch"], in: folder, input: Data((names.joined(separator: "\n") + "\n").utf8))
        guard run.status == 0 else { throw KataError("git cat-file --batch failed: \(run.errors)") }
        // Each object: "<id> <type> <size>\n", its bytes and "\n"; or "<name> missing\n".
        var files: [String: Data] = [:]
        var offset = run.output.startIndex
        for (path, name) in zip(paths, names) {
            guard let end = run.output[offset...].firstIndex(of: UInt8(ascii: "\n")) else {
                throw KataError("git cat-file --batch said nothing of \(name)")
            }
            let header = String(decoding: run.output[offset..<end], as: UTF8.self).split(separator: " ")
            guard header.count == 3, let size = Int(header[2]) else {
                throw KataError(
                    "git cat-file --batch: \(name) is not in the repository (\(header.joined(separator: " ")))")
            }
            let start = end + 1
            guard start + size <= run.output.endIndex else {
                throw KataError("git cat-file --batch cut \(name) short")
            }
            files[path] = Data(run.output[start..<start + size])
            offset = start + size + 1
        }
        return files
    }

    /// What `git status` lists under `pathspecs`: changed, staged, deleted or untracked files.
    func changes(_ pathspecs: [String] = []) throws -> [String] {
        try succeed(["status", "--porcelain", "--untracked-files=all", "--"] + pathspecs).lines
    }

    /// The commit `name` names (HEAD unless told), in full.
    func commit(of name: String = "HEAD") throws -> String {
        try succeed(["rev-parse", "--verify", "--quiet", "\(name)^{commit}"]).text
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The branch checked out, or nil when HEAD is detached.
    func currentBranch() throws -> String? {
        let run = try run(["symbolic-ref", "--quiet", "--short", "HEAD"])
        return run.status == 0 ? run.text.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }

    /// Whether a local branch of that name exists.
    func hasBranch(_ name: String) throws -> Bool {
        try run(["rev-parse", "--verify", "--quiet", "refs/heads/\(name)"]).status == 0
    }

    /// A setting of this repository's, or nil when it has none.
    func config(_ key: String) throws -> String? {
        let run = try run(["config", "--get", key])
        let value = run.text.trimmingCharacters(in: .whitespacesAndNewlines)
        return run.status == 0 && !value.isEmpty ? value : nil
    }

    /// Commits what is staged, as `message`. `asWorkbook` names the workbook as author and
    /// committer (a kata's first commit); otherwise the learner's name, or the workbook's on a
    /// machine that has none set. No hook runs and nothing is signed: the learner wrote no message.
    /// Nor does git's upkeep start after it, which a branch this small never needs.
    func commit(_ message: String, asWorkbook: Bool) throws {
        // The learner's settings are asked only when the commit could be theirs.
        let asWorkbook = try asWorkbook || config("user.name") == nil || config("user.email") == nil
        let identity = asWorkbook ? ["-c", "user.name=workbook", "-c", "user.email=workbook@localhost"] : []
        try succeed(
            identity + [
                "-c", "commit.gpgsign=false", "-c", "maintenance.auto=false", "commit", "--quiet", "--no-verify",
                "--message", message,
            ])
    }
}

extension Process {
    /// Runs the process, and returns what waits until it has ended. Foundation's `waitUntilExit()`
    /// on Linux looks only every 50 ms, which each of a kata's dozens of git runs paid in full; a
    /// termination handler is told as soon as the child has ended.
    package func start() throws -> @Sendable () -> Void {
        let ended = DispatchSemaphore(value: 0)
        terminationHandler = { _ in ended.signal() }
        try run()
        return { ended.wait() }
    }
}
#endif
