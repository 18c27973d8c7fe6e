// `workbook bench`: its arithmetic, its JSON and tables on known numbers, its arguments, and one
// tiny run on the fake that checks the report's shape. No test here asserts a timing.
import FakeServers
import FakeTurns
import Foundation
import Harness
import Ladder
import Locking
import StageTesting
import Testing
import WorkbookCommand

@testable import CLI

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Bench arithmetic and report")
struct BenchReportTests {
    @Test("percentiles interpolate between the nearest ranks, whatever order the samples came in")
    func percentiles() throws {
        let summary = try #require(Summary(samples: [10, 1, 9, 2, 8, 3, 7, 4, 6, 5]))
        #expect(summary == Summary(count: 10, median: 5.5, p10: 1.9, p90: 9.1))
        #expect(Summary(samples: [42]) == Summary(count: 1, median: 42, p10: 42, p90: 42))
        #expect(Summary(samples: [1, 3]) == Summary(count: 2, median: 2, p10: 1.2, p90: 2.8))
        #expect(Summary(samples: []) == nil)
        #expect(BenchMath.percentile(0, ofSorted: [1, 2, 3]) == 1)
        #expect(BenchMath.percentile(100, ofSorted: [1, 2, 3]) == 3)
    }

    @Test("block by block, a contender's median over its floor's, skipping empty blocks")
    func blockRatios() {
        let stage: [[Double]] = [[110, 100, 120], [200, 220], [], [50]]
        let floor: [[Double]] = [[100, 100, 100], [200], [10], []]
        #expect(BenchMath.blockRatios(stage, to: floor) == [1.1, 1.05])
        #expect(BenchMath.blockRatios([[1]], to: [[0]]).isEmpty, "no ratio to a zero floor")
    }

    @Test("a ratio needs a positive base; numbers print with fixed decimals")
    func ratiosAndText() {
        #expect(BenchMath.ratio(110, to: 100) == 1.1)
        #expect(BenchMath.ratio(5, to: 0) == nil)
        #expect(BenchMath.ratio(5, to: -1) == nil)
        #expect(BenchMath.rounded(1.23456, to: 3) == 1.235)
        #expect(BenchMath.text(1.044, places: 2) == "1.04")
        #expect(BenchMath.text(1.045001, places: 2) == "1.05")
        #expect(BenchMath.text(1054, places: 1) == "1054.0")
        #expect(BenchMath.text(3.05, places: 0) == "3")
        #expect(BenchMath.text(0.007, places: 2) == "0.01")
        #expect(BenchMath.text(-0.001, places: 2) == "0.00")
        #expect(BenchMath.text(.nan, places: 2) == "–")
    }

    @Test("every round runs every contender once; in each block of rounds each takes every place once")
    func interleaving() {
        let count = 5
        for block in 0..<3 {
            var places = [[Int]](repeating: [Int](repeating: 0, count: count), count: count)
            for round in (block * count)..<((block + 1) * count) {
                let order = Bench.order(count: count, round: round)
                #expect(order.sorted() == Array(0..<count))
                #expect(order == Bench.order(count: count, round: round), "the same order on every run")
                for (place, contender) in order.enumerated() { places[contender][place] += 1 }
            }
            #expect(places.allSatisfy { $0 == [Int](repeating: 1, count: count) }, "block \(block)")
        }
        let predecessors = (0..<(8 * count)).map { round -> Int in
            let order = Bench.order(count: count, round: round)
            return order[(order.firstIndex(of: 0)! + count - 1) % count]
        }
        #expect(Set(predecessors).count > 1, "what runs before a contender changes between blocks")
        #expect(Bench.order(count: 0, round: 3).isEmpty)
    }

    @Test("the targets name the worst stage, and say met or missed")
    func targets() {
        let report = Self.report(worstRatio: 1.12, concurrentToIdeal: 1.2)
        #expect(report.targets.map(\.met) == [false, true])
        #expect(report.targets[0].worst == "stage 4 login")
        #expect(report.targets[0].measured == 1.12)
        #expect(report.text().contains("1.120"), "the measured ratio, to three places")
        #expect(Self.report(worstRatio: 1.10, concurrentToIdeal: 1.6).targets.map(\.met) == [true, false])

        var unmeasured = Self.report(worstRatio: 1.02, concurrentToIdeal: 1.1)
        unmeasured.concurrency = nil
        unmeasured.problems = ["photos(ids:) returned 1 photo for 2 ids"]
        unmeasured.targets = BenchReport.targets(perRequest: unmeasured.perRequest, concurrency: nil, ids: 20)
        #expect(unmeasured.targets[1].met == false && unmeasured.targets[1].measured == nil)
        let text = unmeasured.text()
        #expect(text.contains("✗ Not measured: photos(ids:) returned 1 photo for 2 ids"))
        #expect(text.contains("✗ 20 concurrent calls within 1.5× one latency") && text.contains("not measured"))
    }

    @Test("--json is one object: sorted keys, the machine, every measurement, the concurrency numbers")
    func json() throws {
        let report = Self.report(worstRatio: 1.04, concurrentToIdeal: 1.1)
        let text = try report.json()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["concurrency", "date", "machine", "perRequest", "problems", "targets"])
        let keys = ["\"concurrency\"", "\"date\"", "\"machine\"", "\"perRequest\"", "\"problems\"", "\"targets\""]
        let offsets = keys.compactMap { text.range(of: $0)?.lowerBound }
        #expect(offsets.count == keys.count && offsets == offsets.sorted(), "top-level keys in sorted order")
        let machine = try #require(object["machine"] as? [String: Any])
        #expect(Set(machine.keys) == ["build", "cores", "kernel", "os", "swift"])
        let perRequest = try #require(object["perRequest"] as? [String: Any])
        let measurements = try #require(perRequest["measurements"] as? [[String: Any]])
        #expect(measurements.count == 16)
        let floor = try #require(measurements.first { $0["contender"] as? String == "completion floor" })
        #expect(floor["stage"] == nil, "a floor has no stage number")
        let time = try #require(floor["microseconds"] as? [String: Any])
        #expect(Set(time.keys) == ["count", "median", "p10", "p90"])
        let concurrency = try #require(object["concurrency"] as? [String: Any])
        for key in [
            "stage", "ids", "latencyMilliseconds", "idealMilliseconds", "concurrentMilliseconds",
            "sequentialMilliseconds", "concurrentNoLatencyMilliseconds",
            "concurrentToIdeal", "sequentialToIdeal", "sequentialToConcurrent", "peakInFlight", "runs",
        ] {
            #expect(concurrency[key] != nil, "concurrency.\(key)")
        }
        #expect(try JSONDecoder().decode(BenchReport.self, from: Data(text.utf8)) == report)
    }

    @Test("the human report has every contender, both calls, both targets, and fits 100 columns")
    func text() {
        let text = Self.report(worstRatio: 1.12, concurrentToIdeal: 1.1).text()
        for label in [
            "floor: dataTask+decode", "1 Stage1Hardcoded", "2 Stage2EnumAPI", "3 Stage3Result", "4 Stage4Generic",
            "5 Stage5Router", "floor: data(for:)+decode", "6 Stage6Async", "× floor p10–p90",
            "photos(ids:): a task group", "photo(id:) × 20, one by one", "ideal: one latency",
            "photos(ids:), no reply late", "Stage 6 (the ladder's top), 20 photos",
        ] {
            #expect(text.contains(label), "\(label)")
        }
        let tables = text.components(separatedBy: "\n").filter {
            $0.hasPrefix("photo(id:)   ") || $0.hasPrefix("login   ")
        }
        #expect(tables.count == 2, "one table per call: \(tables)")
        #expect(text.contains("4 Stage4Generic           224.0      180–260        1.12     1.09–1.16"), "\(text)")
        #expect(text.contains("✗ every stage within 1.10× its floor per request"))
        #expect(text.contains("✓ 20 concurrent calls within 1.5× one latency"))
        #expect(text.contains("A debug build"), "a debug build says its numbers are not worth quoting")
        let wide = text.split(separator: "\n").filter { $0.count > 100 }
        #expect(wide.isEmpty, "\(wide)")
    }

    /// A report made of known numbers: every stage at 1.02 times its floor but stage 4's login.
    static func report(worstRatio: Double, concurrentToIdeal: Double) -> BenchReport {
        let contenders: [(name: String, stage: Int?, floor: String)] = [
            ("completion floor", nil, "completion floor"), ("stage 1", 1, "completion floor"),
            ("stage 2", 2, "completion floor"),
            ("stage 3", 3, "completion floor"), ("stage 4", 4, "completion floor"), ("stage 5", 5, "completion floor"),
            ("async floor", nil, "async floor"), ("stage 6", 6, "async floor"),
        ]
        let measurements = ["photo(id:)", "login"].flatMap { call in
            contenders.map { contender in
                let ratio = contender.stage == nil ? 1 : (call == "login" && contender.stage == 4 ? worstRatio : 1.02)
                return BenchReport.Measurement(
                    call: call, contender: contender.name, stage: contender.stage, floor: contender.floor,
                    microseconds: Summary(count: 600, median: 200 * ratio, p10: 180, p90: 260),
                    ratioToFloor: ratio,
                    ratioToFloorByBlock: Summary(count: 20, median: ratio, p10: ratio - 0.03, p90: ratio + 0.04))
            }
        }
        let perRequest = BenchReport.PerRequest(
            warmUpCalls: 50, rounds: 320, callsPerRound: 5, roundsPerBlock: 16,
            measurements: measurements)
        let concurrency = BenchReport.Concurrency(
            stage: 6, ids: 20, latencyMilliseconds: 50, runs: 7, idealMilliseconds: 50,
            concurrentMilliseconds: Summary(count: 7, median: 50 * concurrentToIdeal, p10: 52, p90: 58),
            sequentialMilliseconds: Summary(count: 7, median: 1060, p10: 1050, p90: 1070),
            concurrentNoLatencyMilliseconds: Summary(count: 7, median: 12, p10: 11, p90: 14),
            concurrentToIdeal: concurrentToIdeal, sequentialToIdeal: 21.2,
            sequentialToConcurrent: 21.2 / concurrentToIdeal,
            peakInFlight: 20)
        let machine = BenchReport.Machine(
            cores: 2, kernel: "Linux 6.1.0 x86_64", os: "Debian GNU/Linux 12 (bookworm)",
            swift: "6.3", build: "debug")
        return BenchReport(
            date: "2025-01-01T00:00:00Z", machine: machine, perRequest: perRequest, concurrency: concurrency,
            targets: BenchReport.targets(perRequest: perRequest, concurrency: concurrency, ids: 20), problems: [])
    }
}

@Suite("Bench command line")
struct BenchCommandLineTests {
    @Test("bench takes --json and nothing else", arguments: [(["bench"], false), (["bench", "--json"], true)])
    func parses(arguments: [String], json: Bool) throws {
        #expect(try Command.parse(arguments) == .bench(json: json))
    }

    @Test("bench refuses any other argument", arguments: [["bench", "--markdown"], ["bench", "--json", "3"]])
    func refuses(arguments: [String]) {
        #expect {
            try Command.parse(arguments)
        } throws: { error in
            (error as? UsageError)?.description.hasPrefix("bench does not take") == true
        }
    }

    @Test("help lists bench, and bench has its own help")
    func help() throws {
        #expect(Help.text(for: nil).contains("workbook bench [--json]"))
        #expect(Help.text(for: "bench").hasPrefix("workbook bench"))
        #expect(try Command.parse(["help", "bench"]) == .help(topic: "bench"))
    }

    @Test("on a terminal the progress rewrites one line and clears it at the end; elsewhere, a few lines")
    func progress() {
        let terminal = Lines()
        let onTerminal = BenchProgress(terminal: true) { terminal.append($0) }
        onTerminal.update("per request", step: 3, of: 60)
        onTerminal.finish()
        #expect(terminal.all == ["\r\u{1B}[Kworkbook bench: per request 3/60", "\r\u{1B}[K"])

        let log = Lines()
        let inLog = BenchProgress(terminal: false) { log.append($0) }
        inLog.update("warming up")
        for step in 1...60 { inLog.update("per request", step: step, of: 60) }
        inLog.finish()
        #expect(log.all.first == "workbook bench: warming up\n")
        #expect(log.all.count == 12, "the phase, then a line for its start and each tenth: \(log.all)")
        #expect(log.all.last == "workbook bench: per request 60/60\n")
    }
}

@Suite("Bench on the fake", .serialized, .sharedFakeTurn)
struct BenchTests {
    @Test("a tiny run measures every contender of both calls and both ways of fetching twenty photos")
    func smoke() async throws {
        _ = freshFake()
        let configuration = BenchConfiguration(
            warmUpCalls: 1, rounds: 2, callsPerRound: 1, concurrencyRuns: 1,
            ids: Array(Bench.twentyIDs.prefix(4)), latency: .milliseconds(20))
        let lines = Lines()
        let report = try await Bench.run(
            configuration, progress: BenchProgress(terminal: false) { lines.append($0) })

        for call in ["photo(id:)", "login"] {
            let measured = report.perRequest.measurements.filter { $0.call == call }
            // Both floors, every stage, and the rows with fewer plugins that a stage's +Bench file
            // offers (stage 6's; none while kata 6 has stage 5's in its place).
            let benched = Stages.all(session: URLSession.shared).compactMap { $0 as? any BenchedStage }
            let offered = benched.flatMap { $0.benchVariants(session: URLSession.shared) }.map(\.name)
            let expected =
                [Bench.completionFloor, Bench.asyncFloor]
                + benched.map { "stage \($0.stage.number)" } + offered
            #expect(measured.map(\.contender).sorted() == expected.sorted(), "\(call)")
            #expect(measured.allSatisfy { $0.ratioToFloor > 0 && $0.microseconds.median > 0 }, "\(call)")
            #expect(
                measured.allSatisfy { $0.ratioToFloorByBlock.count == 1 && $0.ratioToFloorByBlock.median > 0 },
                "one block")
            #expect(measured.allSatisfy { $0.microseconds.count == 2 }, "2 rounds × 1 call each")
            #expect(measured.filter { $0.contender == $0.floor }.allSatisfy { $0.ratioToFloor == 1 })
            let variants = measured.filter { offered.contains($0.contender) }
            #expect(variants.allSatisfy { $0.stage == nil && $0.floor == "async floor" })
            #expect(measured.first { $0.stage == 6 }?.floor == "async floor")
            #expect(measured.first { $0.stage == 5 }?.floor == "completion floor")
        }
        #expect(report.problems.isEmpty)
        let concurrency = try #require(report.concurrency)
        #expect(concurrency.ids == 4 && concurrency.idealMilliseconds == 20)
        #expect(concurrency.stage == Ladder.top.number, "the bench measures the ladder's top stage, by number")
        #expect(concurrency.concurrentToIdeal > 0 && concurrency.sequentialToIdeal > 0)
        // Not `== 4`: on a loaded machine the first reply can land before the last request leaves.
        #expect(
            concurrency.peakInFlight >= 2, "photos(ids:) had requests in flight together; one by one never does")
        #expect(report.targets.count == 2)
        #expect(report.machine.cores > 0 && !report.machine.kernel.isEmpty)
        #expect(FakeServers.shared.log.isEmpty, "the bench leaves the fake reset")

        let progress = lines.all
        #expect(progress.first == "workbook bench: warming up\n")
        #expect(progress.contains("workbook bench: per request 1/2\n"))
        #expect(progress.contains("workbook bench: concurrency 1/1\n"))
        #expect(!report.text().isEmpty)
        _ = try JSONSerialization.jsonObject(with: Data(try report.json().utf8))
    }
}

/// Text written by a `BenchProgress`, kept for a test to read.
private final class Lines: Sendable {
    private let lines = Locked<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}
