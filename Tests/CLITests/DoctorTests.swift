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
        "swift --version is read in both spellings, patch included, and held to the floor",
        arguments: [
            ("Swift version 6.3.1 (swift-6.3.1-RELEASE)", true),
            ("Apple Swift version 6.3.1 (swiftlang-6.3.1.1.2 clang-2100.0.123.102)", true),
            ("Apple Swift version 6.4 (swiftlang-6.4.0.10.3 clang-2100.1.2.3)\nTarget: arm64-apple-macosx26.0", true),
            ("Swift version 6.3 (swift-6.3-RELEASE)", false),
            ("Apple Swift version 6.2.3 (swiftlang-6.2.3.3.21 clang-1700.6.3.2)", false),
            ("Swift version 6.0.3 (swift-6.0.3-RELEASE)", false),
        ])
    func versions(text: String, holds: Bool) throws {
        let found = try #require(DoctorChecks.version(in: text))
        #expect((found >= DoctorChecks.floor) == holds, "\(text)")
    }

    @Test("the doctor's floor is Package.swift's tools version, and the Xcode the README names for it")
    func floorAgrees() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.hasPrefix("// swift-tools-version:\(DoctorChecks.floor)\n"), "\(manifest.prefix(40))")
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
        #expect(finding.text.hasPrefix("Swift 6.0.3 is older than the workbook's floor, 6.3.1"), "\(finding.text)")
        #expect(!finding.text.contains("\n"))
        // This machine's own swift holds.
        #expect(DoctorChecks.swift(environment: ProcessInfo.processInfo.environment, in: root).verdict == .holds)
    }

    @Test(
        "a build that cannot find the test libraries names the Command Line Tools, not a kata",
        arguments: [
            "Tests/LadderTests/Echo.swift:3:8: error: no such module 'Testing'",
            "Tests/LadderTests/Echo.swift:9:1: error: external macro implementation type "
                + "'TestingMacros.SuiteDeclarationMacro' could not be found for macro 'Suite(_:_:)'; "
                + "plugin for module 'TestingMacros' not found",
            "Tests/KataTests/GitTests.swift:2:8: error: no such module 'XCTest'",
        ])
    func commandLineTools(line: String) {
        let finding = DoctorRuns.buildFailure(["Building for debugging...", line, "error: fatalError"])
        #expect(finding.verdict == .fix)
        #expect(finding.text.contains("Command Line Tools") && !finding.text.contains("kata"), "\(finding.text)")
        #expect(finding.command == "sudo xcode-select --switch /Applications/Xcode.app")
    }

    @Test("any other build failure points at a stage left in a kata, with the first error")
    func otherBuildFailure() {
        let line = "Sources/Stage3Result/APIClient.swift:9:5: error: cannot find 'x' in scope"
        let finding = DoctorRuns.buildFailure(["Building for debugging...", line])
        #expect(finding.text.contains(line) && finding.text.contains("swift run kata stop N"), "\(finding.text)")
        #expect(finding.command == nil)
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
        try Data("// swift-tools-version:6.3.1\n".utf8).write(to: folder.appendingPathComponent("Package.swift"))
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
        // COLUMNS is what the commands lay out at, whatever the window.
        let narrow = DoctorChecks.terminal(columns: 200, environment: ["COLUMNS": "70"])
        #expect(narrow.verdict == .fix && narrow.text.hasPrefix("COLUMNS is 70"), "\(narrow.text)")
        #expect(DoctorChecks.terminal(columns: nil, environment: ["COLUMNS": "120"]).verdict == .holds)
        #expect(DoctorChecks.terminal(columns: 120, environment: ["COLUMNS": "0"]).verdict == .holds)
    }

    @Test(
        "inside a kata, the doctor's round trip starts from the stages as committed, and holds",
        .enabled(if: WorkbookClone.root != nil, Comment(rawValue: WorkbookClone.absent)))
    func roundTripInsideAKata() throws {
        let workbook = try #require(WorkbookClone.root)
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clone = folder.appendingPathComponent("clone")
        var environment = environment(home: folder)
        environment["GIT_AUTHOR_NAME"] = "Learner"
        environment["GIT_AUTHOR_EMAIL"] = "learner@example.com"
        try git(["clone", "--quiet", workbook.path, clone.path], in: folder, environment: environment)
        _ = try Kata(4, root: clone).start()
        let finding = DoctorRuns.kataRoundTrip(root: clone, environment: environment)
        #expect(finding.verdict == .holds, "\(finding.text)")
    }

    @Test("the build's steps are read from SwiftPM's lines, and a child's lines are heard as they come")
    func buildProgress() throws {
        #expect(
            DoctorRuns.steps(in: "[12/345] Compiling Models Photo.swift").map { [$0.done, $0.total] } == [12, 345])
        #expect(DoctorRuns.steps(in: "Building for debugging...") == nil)
        #expect(DoctorRuns.steps(in: "[x/3] odd") == nil)
        var heard: [String] = []
        let run = try Git.Run.of(
            "sh", ["-c", "echo '[1/2] one'; echo two >&2; printf 'three'"], in: try scratch(),
            errorsInOutput: true
        ) { heard.append($0) }
        #expect(heard == ["[1/2] one", "two", "three"])
        #expect(run.text == "[1/2] one\ntwo\nthree")
    }

    @Test("doctor takes no arguments, and its help names what it checks")
    func parses() throws {
        #expect(try Command.parse(["doctor"]) == .doctor)
        #expect(throws: UsageError.self) { try Command.parse(["doctor", "now"]) }
        #expect(Help.text(for: "doctor", width: 100).contains("kata started and stopped"))
    }
}
