// `workbook doctor`'s checks that need no build, each handed what it reads: a `swift` on PATH
// that is older than the floor, a HOME with no git identity, a folder that is no git clone.
// `.ci/run` runs the whole doctor, builds and kata included, on a fresh clone.
import FakeTurns
import Foundation
import KataKit
import Testing
import WorkbookCommand

@testable import CLI

@Suite("workbook doctor", .childrenLane)
struct DoctorTests {
    /// A folder of its own in the temporary folder, removed by the caller.
    func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-test-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// This process's environment with git reading no configuration but `home`'s.
    func environment(home: URL) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["GIT_CONFIG_GLOBAL", "GIT_DIR", "GIT_WORK_TREE", "XDG_CONFIG_HOME"] {
            environment[name] = nil
        }
        environment["HOME"] = home.path
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        return environment
    }

    func git(_ arguments: [String], in folder: URL, environment: [String: String]) throws {
        let run = try Git.Run.of("git", arguments, in: folder, environment: environment)
        #expect(run.status == 0, "git \(arguments): \(run.errors)")
    }

    @Test(
        "swift --version is read in both spellings, and held to the floor",
        arguments: [
            ("Swift version 6.1.2 (swift-6.1.2-RELEASE)", true),
            ("Apple Swift version 6.1 (swiftlang-6.1.0.110.21 clang-1700.0.13.3)", true),
            ("Apple Swift version 6.2 (swiftlang-6.2.0.19.9 clang-1700.3.19.1)\nTarget: arm64-apple-macosx15.0", true),
            ("Swift version 6.0.3 (swift-6.0.3-RELEASE)", false),
            ("Apple Swift version 5.10 (swiftlang-5.10.0.13 clang-1500.3.9.4)", false),
        ])
    func versions(text: String, holds: Bool) throws {
        let found = try #require(DoctorChecks.version(in: text))
        #expect(((found.major, found.minor) >= DoctorChecks.floor) == holds, "\(text)")
    }

    @Test("the doctor's floor is Package.swift's tools version, and the Xcode the README names for it")
    func floorAgrees() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let floor = "\(DoctorChecks.floor.major).\(DoctorChecks.floor.minor)"
        #expect(manifest.hasPrefix("// swift-tools-version:\(floor)\n"), "\(manifest.prefix(40))")
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("On a Mac, Xcode \(DoctorChecks.xcodeFloor) or later"))
    }

    @Test("a swift older than the floor, first on PATH, needs a fix that says which and what to install")
    func oldSwift() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        var environment = ProcessInfo.processInfo.environment
        let stub = root.appendingPathComponent("StandIns/swift-6.0").path
        environment["PATH"] = stub + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        let finding = DoctorChecks.swift(environment: environment, in: root)
        #expect(finding.verdict == .fix)
        #expect(finding.text.hasPrefix("Swift 6.0 is older than the workbook's floor, 6.1"), "\(finding.text)")
        #expect(!finding.text.contains("\n"))
        // This machine's own swift holds.
        #expect(DoctorChecks.swift(environment: ProcessInfo.processInfo.environment, in: root).verdict == .holds)
    }

    @Test("git with no name or email needs a fix that gives the two commands; with both, it holds")
    func gitIdentity() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = environment(home: folder)
        try git(["init", "--quiet", folder.appendingPathComponent("clone").path], in: folder, environment: environment)
        let clone = folder.appendingPathComponent("clone")
        let missing = DoctorChecks.git(environment: environment, in: clone)
        #expect(missing.verdict == .fix)
        #expect(missing.text.hasPrefix("git has no name or email"), "\(missing.text)")
        #expect(missing.command?.hasPrefix("git config --global user.name") == true, "\(missing)")
        #expect(!missing.text.contains("\n") && missing.command?.contains("\n") == false)

        try git(["config", "--global", "user.name", "Ada"], in: clone, environment: environment)
        try git(["config", "--global", "user.email", "ada@example.com"], in: clone, environment: environment)
        let set = DoctorChecks.git(environment: environment, in: clone)
        #expect(set.verdict == .holds)
        #expect(set.text.hasSuffix("committing as Ada <ada@example.com>"), "\(set.text)")
    }

    @Test("a folder that is no git clone, as an unpacked archive, needs a fix that says to clone it")
    func archive() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("// swift-tools-version:6.1\n".utf8).write(to: folder.appendingPathComponent("Package.swift"))
        let finding = DoctorChecks.clone(environment: environment(home: folder), in: folder)
        #expect(finding.verdict == .fix)
        #expect(finding.text.contains("not a git clone") && finding.text.contains("git clone"), "\(finding.text)")
        #expect(!finding.text.contains("\n"))
    }

    @Test("a terminal narrower than compare needs is a fix; no terminal at all is only noted")
    func terminal() {
        #expect(DoctorChecks.terminal(columns: 80).verdict == .fix)
        #expect(DoctorChecks.terminal(columns: DoctorChecks.columns).verdict == .holds)
        #expect(DoctorChecks.terminal(columns: nil).verdict == .note)
    }

    @Test("doctor takes no arguments, and its help names what it checks")
    func parses() throws {
        #expect(try Command.parse(["doctor"]) == .doctor)
        #expect(throws: UsageError.self) { try Command.parse(["doctor", "now"]) }
        #expect(Help.text(for: "doctor", width: 100).contains("kata started and stopped"))
    }
}
