// `workbook doctor`: whether this machine is ready for the workshop. A facilitator runs it on every
// attendee's machine the day before; an attendee runs it when something is odd. One line a check,
// ✓ or what to do; the slow ones say what they wait for first. Exits 0 only when every check holds.
#if os(macOS) || os(Linux)
import Foundation
import KataKit
import TerminalText

/// Some check needs a fix; the lines above say which and how.
struct DoctorFound: Error, CustomStringConvertible {
    let fixes: Int
    var description: String {
        "\(fixes == 1 ? "1 check needs" : "\(fixes) checks need") a fix (✗ above); run the doctor again after."
    }
}

extension Workbook {
    func doctor(root: URL, environment: [String: String], columns: Int?) throws {
        write(style.bold("Is this machine ready for the workshop?"))
        var findings: [Finding] = []
        func report(_ finding: Finding) {
            findings.append(finding)
            let mark =
                switch finding.verdict {
                case .holds: style.green("✓")
                case .fix: style.red("✗")
                case .note: style.dim("–")
                }
            say(finding.text, after: mark + " ")
            if let command = finding.command { write("    " + command) }
        }
        func waiting(for what: String) {
            say(what, after: style.dim("…") + " ")
            fflush(nil)
        }
        let swift = DoctorChecks.swift(environment: environment, in: root)
        report(swift)
        if let xcode = DoctorChecks.xcode(environment: environment, in: root) { report(xcode) }
        report(DoctorChecks.git(environment: environment, in: root))
        let clone = DoctorChecks.clone(environment: environment, in: root)
        report(clone)
        report(DoctorChecks.disk(at: root))
        report(DoctorChecks.terminal(columns: columns, environment: environment))
        report(DoctorChecks.browser(environment: environment, in: root))

        let built: Finding
        if swift.verdict == .holds {
            waiting(for: "swift build --build-tests (a fresh clone takes minutes; a built one, seconds)")
            // A fresh clone builds for minutes: a line every so often says it is moving.
            built = DoctorRuns.build(root: root, environment: environment) { waiting(for: $0) }
        } else {
            built = .note("the build: skipped, since swift is not ready")
        }
        report(built)
        if built.verdict == .holds {
            waiting(for: "swift test --skip-build --filter Stage1")
            report(DoctorRuns.stageRun(root: root, environment: environment))
        } else {
            report(.note("stage 1's run: skipped, since the package was not built"))
        }
        if clone.verdict == .holds {
            waiting(for: "kata start 2 and kata stop 2, in a temporary clone")
            report(DoctorRuns.kataRoundTrip(root: root, environment: environment))
        } else {
            report(.note("a kata's round trip: skipped, since this is not a git clone"))
        }

        let fixes = findings.filter { $0.verdict == .fix }.count
        guard fixes == 0 else { throw DoctorFound(fixes: fixes) }
        let checks = findings.filter { $0.verdict == .holds }.count
        write(style.green("All \(checks) checks hold: this machine is ready."))
    }
}

/// The doctor's checks that run the toolchain or git on the workbook itself.
enum DoctorRuns {
    static func build(
        root: URL, environment: [String: String], every interval: TimeInterval = 20,
        progress: @escaping (String) -> Void = { _ in }
    ) -> Finding {
        let began = Date()
        var told = began
        let run = try? Git.Run.of(
            "swift", ["build", "--build-tests"], in: root, errorsInOutput: true, environment: environment
        ) { line in
            guard let steps = Self.steps(in: line), Date().timeIntervalSince(told) >= interval else { return }
            told = Date()
            progress("building: step \(steps.done) of \(steps.total), \(seconds(since: began)) so far")
        }
        guard let run, run.status == 0 else { return buildFailure(run?.lines ?? []) }
        return .holds("the package builds, its tests too (\(seconds(since: began)))")
    }

    /// What a failed `swift build --build-tests` asks of the learner. The Command Line Tools without
    /// Xcode build the stages but have no usable test libraries: that is a setup to fix, not a kata.
    static func buildFailure(_ lines: [String]) -> Finding {
        let said = lines.first { $0.contains("error:") } ?? "swift build --build-tests failed"
        let testLibraries = ["no such module 'Testing'", "no such module 'XCTest'", "'TestingMacros'"]
        if lines.contains(where: { line in testLibraries.contains { line.contains($0) } }) {
            return .fix(
                "the tests do not build (\(said)): the Command Line Tools have no test libraries; "
                    + "install Xcode \(DoctorChecks.xcodeFloor) or later and select it:",
                command: "sudo xcode-select --switch /Applications/Xcode.app")
        }
        return .fix("the package does not build (\(said)); a stage in a kata? swift run kata stop N leaves it")
    }

    /// SwiftPM's `[12/345] Compiling …`: the step it is at, of how many.
    static func steps(in line: String) -> (done: Int, total: Int)? {
        guard line.hasPrefix("["), let slash = line.firstIndex(of: "/"), let end = line.firstIndex(of: "]"),
            slash < end, let done = Int(line[line.index(after: line.startIndex)..<slash]),
            let total = Int(line[line.index(after: slash)..<end])
        else { return nil }
        return (done, total)
    }

    static func stageRun(root: URL, environment: [String: String]) -> Finding {
        let began = Date()
        let run = try? Git.Run.of(
            "swift", ["test", "--skip-build", "--filter", "Stage1"], in: root, errorsInOutput: true,
            unsetting: ["WORKBOOK_EXERCISE"], setting: FailedCases.plainOutput, environment: environment)
        let summary = run?.lines.last { $0.contains("Test run with ") }
        guard let run, run.status == 0, let summary, summary.contains(" passed after ") else {
            return .fix(
                "stage 1's run is not green (\(summary ?? "swift test did not run")): "
                    + "swift test --filter Stage1 shows why")
        }
        // Swift Testing counts test functions, not the shared cases each runs: no count is shown.
        return .holds("stage 1's run is green, every shared case, in \(seconds(since: began))")
    }

    /// Starts and stops kata 2 in a throwaway clone: the branch is made, and stopping leaves the clone
    /// as committed, on the branch it was on.
    static func kataRoundTrip(root: URL, environment: [String: String]) -> Finding {
        let began = Date()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workbook-doctor-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let cloned = try Git.Run.of(
                "git", ["clone", "--quiet", root.path, folder.path], in: root, environment: environment)
            guard cloned.status == 0 else { return .fix("git clone of this folder failed: \(cloned.errors)") }
            let git = { (arguments: [String]) in
                try Git.Run.of("git", arguments, in: folder, environment: environment).text
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }
            // Inside a kata the clone is on its branch: the round trip starts where the learner's own
            // branch is, the stages as committed before that kata.
            let branch = try git(["rev-parse", "--abbrev-ref", "HEAD"])
            if branch.hasPrefix("kata/"), let number = Int(branch.dropFirst("kata/".count)) {
                let current = try Kata(number, root: folder)
                if let start = try current.startCommit() {
                    _ = try git(["checkout", "--quiet", "--detach", try current.committedStage(start: start)])
                }
            }
            let before = try git(["rev-parse", "HEAD"])
            let kata = try Kata(2, root: folder)
            _ = try kata.start()
            let inKata = try git(["symbolic-ref", "--short", "HEAD"])
            _ = try kata.stop()
            let after = try git(["rev-parse", "HEAD"])
            let status = try git(["status", "--porcelain"])
            guard inKata == "kata/2", after == before, status.isEmpty else {
                return .fix(
                    "kata 2 did not go there and back in a clone (on \(inKata), then \(after.prefix(7)) with "
                        + "\(status.isEmpty ? "nothing" : status) uncommitted): tell the facilitator")
            }
        } catch {
            return .fix("kata 2 did not start and stop in a clone: \(error)")
        }
        return .holds("a kata starts and stops: kata 2, in a temporary clone (\(seconds(since: began)))")
    }

    static func seconds(since start: Date) -> String {
        String(format: "%.1f s", Date().timeIntervalSince(start))
    }
}
#endif
