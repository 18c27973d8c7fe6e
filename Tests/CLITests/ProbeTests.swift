// The optimized-build check's two halves: `workbook probe N` runs stage N's calls, and ChildProbe
// reads how a child ended. Stand-in executables play the child: a crash mid-call, a wrong answer,
// a call that never ends; each must be reported with the call it happened in.
import FakeTurns
import Foundation
import KataKit
import Ladder
import Locking
import Metrics
import Testing
import WorkbookCommand

@testable import CLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Optimized-build probe")
struct ProbeTests {
    /// A shell running `body`, standing in for `workbook probe N`. No script file: one written and
    /// then run fails now and then with "Text file busy", when another test's child is forked while
    /// the file is still open for writing and keeps that descriptor until it execs.
    func standIn(_ body: String, timeout: TimeInterval = 60) -> ChildProbe {
        ChildProbe(
            executable: URL(fileURLWithPath: "/bin/sh"), leadingArguments: ["-c", body, "stand-in"], timeout: timeout)
    }

    @Test(
        "probe takes one stage number",
        arguments: [(["probe", "\(Ladder.top.number)"], Ladder.top.number), (["probe", "1"], 1)])
    func parses(arguments: [String], number: Int) throws {
        #expect(try Command.parse(arguments) == .probe(number))
    }

    @Test("probe refuses no number, a second word, or a stage that does not exist")
    func refuses() {
        let past = String(Ladder.top.number + 1)
        for arguments in [["probe"], ["probe", "1", "2"], ["probe", past]] {
            #expect(throws: UsageError.self) { try Command.parse(arguments) }
        }
    }

    // `workbook probe 6` runs stage 6's calls on the shared fake and resets it after: it takes its
    // turn there, or it would race the stage suites' holds and overrides. The stand-ins need none.
    @Test("a probe names each call before it starts and says how it ended", .sharedFakeTurn)
    func probeOutput() async throws {
        let lines = Locked<[String]>([])
        try await Workbook(style: .plain) { line in lines.withLock { $0.append(line) } }.run(.probe(6))
        let said = lines.withLock { $0 }
        let started = said.filter { $0.hasPrefix(Probe.started) }
        #expect(started.contains("→ photos(ids:)") && started.contains("→ login(username:password:)"))
        #expect(said.filter { $0.hasPrefix("✓ ") }.count == started.count, "\(said)")
    }

    @Test("a child that dies of a signal mid-call is reported with the stage, the call and the page", .childrenLane)
    func crash() {
        let child = standIn(
            "echo '→ login(username:password:)'\necho '✓ login(username:password:)'\necho '→ photos(ids:)'\nkill -ILL $$"
        )
        let ending = child.run(stage: 6)
        #expect(ending == .crashed(call: "photos(ids:)", signal: SIGILL))
        let report = ChildProbe.report(ending, stage: 6).joined(separator: "\n")
        #expect(report.contains("Stage 6 crashed in photos(ids:) in the optimized build"))
        #expect(report.contains(ChildProbe.page()))
    }

    @Test("the report names the section of the learner's edition, and that section's heading exists")
    func pageInEachEdition() throws {
        let root = try #require(SourceMetrics.sourcesDirectory(from: #filePath)).deletingLastPathComponent()
        for language in [Language.english, .korean] {
            let page = ChildProbe.page(in: language)
            let report = ChildProbe.report(.crashed(call: nil, signal: SIGILL), stage: 1, language: language)
            #expect(report.joined().contains(page), "\(report)")
            let parts = page.split(separator: "#", maxSplits: 1).map(String.init)
            let text = try String(contentsOf: root.appendingPathComponent(parts[0]), encoding: .utf8)
            // GitHub's anchor for a heading of words only: lowercased, a hyphen for each space.
            let anchors = text.split(separator: "\n").filter { $0.hasPrefix("## ") }.map {
                $0.dropFirst(3).lowercased().replacingOccurrences(of: " ", with: "-")
            }
            #expect(anchors.contains(parts[1]), "\(parts[0]) has no heading whose anchor is #\(parts[1])")
        }
    }

    @Test("a child that hands back the wrong thing is reported with its own words", .childrenLane)
    func wrong() {
        let child = standIn("echo '→ photos(ids:)'\necho '✗ photos(ids:): asked for [a, b], handed [b, a]'\nexit 1")
        #expect(child.run(stage: 6) == .wrong(["✗ photos(ids:): asked for [a, b], handed [b, a]"]))
    }

    @Test("a child whose call never ends is stopped and reported as hung in that call", .childrenLane)
    func hung() {
        let child = standIn("echo '→ randomPhoto()'\nexec sleep 30", timeout: 1)
        #expect(child.run(stage: 3) == .hung(call: "randomPhoto()"))
    }

    @Test("a child that passes is a pass", .childrenLane)
    func passes() {
        #expect(standIn("echo '→ photo(id:)'\necho '✓ photo(id:)'").run(stage: 2) == .passed)
    }

    @Test("a child that cannot be started is reported with the system's reason, not Foundation's")
    func reason() {
        let busy = NSError(
            domain: NSCocoaErrorDomain, code: CocoaError.fileReadUnknown.rawValue,
            userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(ETXTBSY))])
        #expect(ChildProbe.reason(busy) == String(cString: strerror(ETXTBSY)))
    }
}
