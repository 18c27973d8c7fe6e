// Code that starts a process lives inside `#if os(macOS) || os(Linux)`: iOS has no `Process`,
// tvOS and watchOS no `posix_spawn`, and Xcode builds every module of Sources/ and Workbench/ for an
// iPhone when one is the destination (Package.swift names iOS). The tests are built for a Mac only.
import FakeTurns
import Foundation
import Testing

@testable import Metrics

@Suite("Docs: code that starts a process is fenced to macOS and Linux", .serialized, .busyLane)
struct ProcessFenceTests {
    /// The folders of the modules Xcode builds for any destination; DocC catalogs compile nothing.
    static let roots = ["Sources", "Workbench"]

    /// The fence, as written: `#if os(macOS) || os(Linux)`. One of its two alone is narrower, so a
    /// fence too (the doctor's `xcode-select` check is macOS's alone).
    static let fenceTerms: Set<String> = ["os(macOS)", "os(Linux)"]

    /// One use of a name that starts or waits for a process, and its line (from 1).
    struct Use: Equatable, CustomStringConvertible {
        let line: Int
        let name: String

        var description: String { "\(line): \(name)" }
    }

    @Test("every use of Process, posix_spawn, fork, waitpid, exec… or system( in Sources/ and Workbench/ is fenced")
    func everyUseFenced() throws {
        let root = try #require(PackageWorld.root)
        let paths = Self.swiftFiles(under: root)
        #expect(paths.contains("Workbench/KataKit/Git.swift") && paths.count > 100, "read \(paths.count) files")
        for path in paths {
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            for use in Self.unfencedUses(in: text) {
                Issue.record(
                    "\(path):\(use.line): `\(use.name)` outside `#if os(macOS) || os(Linux)`: iOS, tvOS or watchOS cannot build it"
                )
            }
        }
    }

    @Test("uses are found in code only, and a fence holds through nested #if, not into #else")
    func fencesAreRead() {
        let source = """
            // Process() in a comment, and "fork()" in a string, are no uses.
            let a = Process()
            #if os(macOS) || os(Linux)
            let b = Foundation.Process()
            #if canImport(Darwin)
            var c: posix_spawn_file_actions_t?
            #endif
            waitpid(child, &status, 0)
            #else
            let d = fork()
            #endif
            #if os(Linux)
            extension Process {}
            #elseif os(iOS)
            system("ls")
            #endif
            let info = ProcessInfo.processInfo
            execvp(path, words)
            """
        #expect(
            Self.unfencedUses(in: source) == [
                Use(line: 2, name: "Process"), Use(line: 10, name: "fork"), Use(line: 15, name: "system"),
                Use(line: 18, name: "execvp"),
            ])
    }

    /// The Swift files of `roots`, as paths from the package root, sorted; a DocC catalog's are not compiled.
    static func swiftFiles(under root: URL) -> [String] {
        PackageWorld.files(in: roots, root: root, ending: ".swift")
    }

    /// The uses in `text`'s code (comments and strings blanked) on a line no fence encloses.
    static func unfencedUses(in text: String) -> [Use] {
        let code = String(decoding: ScannedSource(text).code, as: UTF8.self)
        var uses: [Use] = []
        // One entry per open #if: whether the branch the line is in is a fence.
        var branches: [Bool] = []
        for (index, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let condition = Self.directive("#if", trimmed) {
                branches.append(isFence(condition))
            } else if let condition = Self.directive("#elseif", trimmed), !branches.isEmpty {
                branches[branches.count - 1] = isFence(condition)
            } else if Self.directive("#else", trimmed) != nil, !branches.isEmpty {
                branches[branches.count - 1] = false
            } else if Self.directive("#endif", trimmed) != nil {
                _ = branches.popLast()
            } else if !branches.contains(true) {
                uses += Self.names(in: Substring(trimmed)).map { Use(line: index + 1, name: $0) }
            }
        }
        return uses
    }

    /// What follows `keyword` on a line that opens with it, or nil.
    static func directive(_ keyword: String, _ line: String) -> String? {
        guard line.hasPrefix(keyword) else { return nil }
        let rest = line.dropFirst(keyword.count)
        guard rest.isEmpty || rest.first?.isWhitespace == true || rest.first == "(" || rest.first == "!" else {
            return nil
        }
        return String(rest)
    }

    /// Whether an #if condition lets the code build only on macOS, Linux or both.
    static func isFence(_ condition: String) -> Bool {
        let terms = condition.filter { !$0.isWhitespace }.components(separatedBy: "||")
        return terms.allSatisfy(fenceTerms.contains)
    }

    /// The names on a line of blanked code that start or wait for a process: `Process`, every
    /// `posix_spawn…`, `fork`, `vfork`, `waitpid`, the `exec…` family, and `system(`.
    static func names(in line: Substring) -> [String] {
        var names: [String] = []
        var rest = line[...]
        while let start = rest.firstIndex(where: { $0 == "_" || $0.isLetter }) {
            let end = rest[start...].firstIndex { !($0 == "_" || $0.isLetter || $0.isNumber) } ?? rest.endIndex
            let word = String(rest[start..<end])
            let after = rest[end...].drop { $0 == " " }.first
            let preceded = rest[..<start].last { $0 != " " }
            switch word {
            case "Process", "NSTask", "fork", "vfork", "waitpid", "execv", "execve", "execvp", "execl", "execle",
                "execlp":
                names.append(word)
            case "system" where after == "(" && preceded != ".":
                names.append(word)
            default:
                if word.hasPrefix("posix_spawn") { names.append(word) }
            }
            rest = rest[end...]
        }
        return names
    }
}
