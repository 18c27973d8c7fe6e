// The optimized-build check's two halves: `workbook probe N` runs stage N's calls, and ChildProbe
// reads how a child ended. Stand-in executables play the child: a crash mid-call, a wrong answer,
// a call that never ends; each must be reported with the call it happened in.
import FakeTurns
import Foundation
import KataKit
import Locking
import Testing

@testable import CLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Optimized-build probe")
struct ProbeTests {
    /// An executable shell script with `body`, standing in for `workbook probe N`. The caller
    /// removes it (`defer`), or every run of the suite leaves four files in the temporary folder.
    func standIn(_ body: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString).sh")
        try "#!/bin/sh\n\(body)\n".write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url
    }

    @Test("probe takes one stage number", arguments: [(["probe", "6"], 6), (["probe", "1"], 1)])
    func parses(arguments: [String], number: Int) throws {
        #expect(try Command.parse(arguments) == .probe(number))
    }

    @Test("probe refuses no number, a second word, or a stage that does not exist")
    func refuses() {
        for arguments in [["probe"], ["probe", "6", "7"], ["probe", "7"]] {
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

    @Test("a child that dies of a signal mid-call is reported with the stage, the call and the page")
    func crash() throws {
        let child = try standIn(
            "echo '→ login(username:password:)'\necho '✓ login(username:password:)'\necho '→ photos(ids:)'\nkill -ILL $$"
        )
        defer { try? FileManager.default.removeItem(at: child) }
        let ending = ChildProbe(executable: child).run(stage: 6)
        #expect(ending == .crashed(call: "photos(ids:)", signal: SIGILL))
        let report = ChildProbe.report(ending, stage: 6).joined(separator: "\n")
        #expect(report.contains("Stage 6 crashed in photos(ids:) in the optimized build"))
        #expect(report.contains(ChildProbe.page))
    }

    @Test("a child that hands back the wrong thing is reported with its own words")
    func wrong() throws {
        let child = try standIn("echo '→ photos(ids:)'\necho '✗ photos(ids:): asked for [a, b], handed [b, a]'\nexit 1")
        defer { try? FileManager.default.removeItem(at: child) }
        #expect(
            ChildProbe(executable: child).run(stage: 6) == .wrong(["✗ photos(ids:): asked for [a, b], handed [b, a]"]))
    }

    @Test("a child whose call never ends is stopped and reported as hung in that call")
    func hung() throws {
        let child = try standIn("echo '→ randomPhoto()'\nexec sleep 30")
        defer { try? FileManager.default.removeItem(at: child) }
        #expect(ChildProbe(executable: child, timeout: 1).run(stage: 3) == .hung(call: "randomPhoto()"))
    }

    @Test("a child that passes is a pass")
    func passes() throws {
        let child = try standIn("echo '→ photo(id:)'\necho '✓ photo(id:)'")
        defer { try? FileManager.default.removeItem(at: child) }
        #expect(ChildProbe(executable: child).run(stage: 2) == .passed)
    }
}
