// What `workbook bench` measured, as one value: printed as tables for people, or as JSON.
#if os(macOS) || os(Linux)
import Foundation
import Ladder
import TerminalText

/// Everything one run of `workbook bench` measured, and the machine it ran on.
public struct BenchReport: Codable, Equatable, Sendable {
    /// When the run started, ISO 8601 in UTC.
    public var date: String
    public var machine: Machine
    public var perRequest: PerRequest
    /// Absent when it could not be measured; `problems` says why.
    public var concurrency: Concurrency?
    /// The project's targets, each met or missed by these numbers.
    public var targets: [Target]
    /// What kept a part from being measured; empty when everything was.
    public var problems: [String]

    /// The computer and the build that produced the numbers.
    public struct Machine: Codable, Equatable, Sendable {
        /// Cores the process may use.
        public var cores: Int
        /// The kernel, as `uname -srm` prints it.
        public var kernel: String
        /// The operating system's own name for itself.
        public var os: String
        /// The compiler that built the workbook, major and minor version.
        public var swift: String
        /// "release" or "debug": debug numbers are not worth quoting.
        public var build: String
    }

    /// The cost of one request, stage by stage, beside the floor of doing it with no layer at all.
    public struct PerRequest: Codable, Equatable, Sendable {
        /// Calls made to each contender before any was timed.
        public var warmUpCalls: Int
        /// Rounds; each one runs every contender, in a rotating order.
        public var rounds: Int
        /// Calls each contender makes, one after another, in each round; each one is a timing.
        public var callsPerRound: Int
        /// Rounds in a block: in each block every contender runs once in every place.
        public var roundsPerBlock: Int
        /// One per call and contender.
        public var measurements: [Measurement]
    }

    /// One contender making one call, over every round.
    public struct Measurement: Codable, Equatable, Sendable {
        /// "photo(id:)" or "login".
        public var call: String
        /// "completion floor", "async floor", or "stage N".
        public var contender: String
        /// The stage's number; absent for a floor.
        public var stage: Int?
        /// The floor it is compared with: stages 1 to 5 with the completion floor, stage 6 with the async one.
        public var floor: String
        /// The time of one request, from the call to the decoded value in the caller's hands.
        public var microseconds: Summary
        /// The median divided by its floor's median.
        public var ratioToFloor: Double
        /// The same ratio taken within each block of rounds (one block runs every contender once
        /// in every place): its spread says how steady `ratioToFloor` is on this machine.
        public var ratioToFloorByBlock: Summary
    }

    /// The ladder's top stage's `photos(ids:)` against the same calls made one after another, on a
    /// slow server.
    public struct Concurrency: Codable, Equatable, Sendable {
        /// The stage measured: the ladder's top.
        public var stage: Int
        /// How many photos, each with its own request.
        public var ids: Int
        /// How late the fake answers every request.
        public var latencyMilliseconds: Double
        /// Runs of each way; the two ways take turns going first.
        public var runs: Int
        /// The best any client could do: every request in flight at once, so one latency.
        public var idealMilliseconds: Double
        /// `photos(ids:)`: a task group, every request in flight together.
        public var concurrentMilliseconds: Summary
        /// `photo(id:)` awaited once per id, one after another.
        public var sequentialMilliseconds: Summary
        /// `photos(ids:)` with no reply late: the time the requests take without any waiting.
        public var concurrentNoLatencyMilliseconds: Summary
        public var concurrentToIdeal: Double
        public var sequentialToIdeal: Double
        /// How many times faster the concurrent way was.
        public var sequentialToConcurrent: Double
        /// The most requests the fake had waiting at once during a concurrent run.
        public var peakInFlight: Int
    }

    /// A number the project promises to stay under, and what this run measured.
    public struct Target: Codable, Equatable, Sendable {
        public var name: String
        public var limit: Double
        /// Absent when the part it needs could not be measured.
        public var measured: Double?
        /// Which measurement came closest to the limit (or went past it).
        public var worst: String
        public var met: Bool
    }
}

// MARK: - Targets

extension BenchReport {
    /// Each stage's median per request, at most this many times its floor's.
    static let layerLimit = 1.10
    /// Twenty concurrent calls, at most this many times one latency.
    static let concurrencyLimit = 1.5

    static func targets(perRequest: PerRequest, concurrency: Concurrency?, ids: Int) -> [Target] {
        let stages = perRequest.measurements.filter { $0.stage != nil }
        let worst = stages.max { $0.ratioToFloor < $1.ratioToFloor }
        let layer = Target(
            name: "every stage within \(BenchMath.text(layerLimit, places: 2))× its floor per request",
            limit: layerLimit, measured: worst?.ratioToFloor ?? 0,
            worst: worst.map { "\($0.contender) \($0.call)" } ?? "none",
            met: worst.map { $0.ratioToFloor <= layerLimit } ?? false)
        let together = Target(
            name: "\(ids) concurrent calls within \(BenchMath.text(concurrencyLimit, places: 1))× one latency",
            limit: concurrencyLimit, measured: concurrency?.concurrentToIdeal,
            worst: concurrency == nil ? "not measured" : "photos(ids:)",
            met: concurrency.map { $0.concurrentToIdeal <= concurrencyLimit } ?? false)
        return [layer, together]
    }
}

// MARK: - JSON

extension BenchReport {
    /// One JSON object, keys sorted, indented.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

// MARK: - Tables

extension BenchReport {
    /// The human report: the machine, one table per question, and the targets. Fits 100 columns.
    func text(style: Style = .plain) -> String {
        [
            Self.headerText(date: date, machine: machine, style: style),
            Self.perRequestText(perRequest, style: style),
            Self.concurrencyText(concurrency, problems: problems, style: style),
            Self.targetsText(targets, style: style),
        ].joined(separator: "\n\n")
    }

    /// When and where: the date, the machine, and a warning for a debug build.
    static func headerText(date: String, machine: Machine, style: Style) -> String {
        var lines = [
            style.bold("workbook bench") + " · " + date,
            "\(machine.build) build · \(machine.cores) cores · \(machine.kernel) · \(machine.os) · Swift \(machine.swift)",
        ]
        if machine.build != "release" {
            lines.append(
                style.yellow("! A debug build: run `swift run -c release workbook bench` for numbers worth quoting."))
        }
        return lines.joined(separator: "\n")
    }

    static func perRequestText(_ perRequest: PerRequest, style: Style) -> String {
        [
            style.bold("Does the abstraction cost anything?"),
            "The same call on every stage, against the in-process fake: µs per request, \(perRequest.rounds) rounds",
            "of \(perRequest.callsPerRound) calls per contender, interleaved. A floor sends the same request with no layer at all.",
            "The last column is the ratio's spread over blocks of \(perRequest.roundsPerBlock) rounds: how steady it is.",
            "",
            perRequestTable(perRequest, call: "photo(id:)").render(style: style),
            "",
            perRequestTable(perRequest, call: "login").render(style: style),
        ].joined(separator: "\n")
    }

    static func concurrencyText(_ concurrency: Concurrency?, problems: [String], style: Style) -> String {
        guard let concurrency else {
            return ([style.bold("What does async buy?")] + problems.map { style.red("✗ Not measured: " + $0) })
                .joined(separator: "\n")
        }
        return [
            style.bold("What does async buy?"),
            "Stage \(concurrency.stage) (the ladder's top), \(concurrency.ids) photos, every reply \(BenchMath.text(concurrency.latencyMilliseconds, places: 0)) ms late; "
                + "\(concurrency.runs) runs of each way, taking turns.",
            concurrencyTable(concurrency).render(style: style),
            "Peak requests in flight at once (photos(ids:)): \(concurrency.peakInFlight); one after another is "
                + BenchMath.text(concurrency.sequentialToConcurrent, places: 1) + "× slower than together.",
        ].joined(separator: "\n")
    }

    static func targetsText(_ targets: [Target], style: Style) -> String {
        style.bold("Targets") + "\n" + targetsTable(targets).render(style: style)
    }

    static func perRequestTable(_ perRequest: PerRequest, call: String) -> Table {
        // In the order measured, which is the ladder's: each floor just above the stages it measures,
        // and a stage's rows with fewer plugins just above the stage.
        let rows = perRequest.measurements.filter { $0.call == call }.map { measured -> [String] in
            let contender = measured.contender
            let time = measured.microseconds
            let byBlock = measured.ratioToFloorByBlock
            return [
                label(contender), BenchMath.text(time.median, places: 1),
                BenchMath.text(time.p10, places: 0) + "–" + BenchMath.text(time.p90, places: 0),
                BenchMath.text(measured.ratioToFloor, places: 2),
                BenchMath.text(byBlock.p10, places: 2) + "–" + BenchMath.text(byBlock.p90, places: 2),
            ]
        }
        return Table(
            header: [call, "µs", "p10–p90", "× floor", "× floor p10–p90"],
            rows: rows, widths: [24, 9, 13, 7, 15])
    }

    /// A contender as the table names it.
    static func label(_ contender: String) -> String {
        switch contender {
        case "completion floor": "floor: dataTask+decode"
        case "async floor": "floor: data(for:)+decode"
        default:
            if let number = Int(contender.dropFirst("stage ".count)), let module = stageModules[number] {
                "\(number) \(module)"
            } else {
                contender
            }
        }
    }

    static let stageModules = Dictionary(uniqueKeysWithValues: Ladder.stages.map { ($0.number, $0.module) })

    static func concurrencyTable(_ concurrency: Concurrency) -> Table {
        let ideal = concurrency.idealMilliseconds
        func row(_ name: String, _ time: Summary, _ ratio: Double) -> [String] {
            [
                name, BenchMath.text(time.median, places: 1),
                BenchMath.text(time.p10, places: 1) + "–" + BenchMath.text(time.p90, places: 1),
                BenchMath.text(ratio, places: 2),
            ]
        }
        return Table(
            header: ["way", "ms", "p10–p90", "× ideal"],
            rows: [
                ["ideal: one latency", BenchMath.text(ideal, places: 1), "–", "1.00"],
                row("photos(ids:): a task group", concurrency.concurrentMilliseconds, concurrency.concurrentToIdeal),
                row(
                    "photo(id:) × \(concurrency.ids), one by one", concurrency.sequentialMilliseconds,
                    concurrency.sequentialToIdeal),
                row(
                    "photos(ids:), no reply late", concurrency.concurrentNoLatencyMilliseconds,
                    BenchMath.ratio(concurrency.concurrentNoLatencyMilliseconds.median, to: ideal) ?? 0),
            ],
            widths: [34, 9, 15, 7])
    }

    static func targetsTable(_ targets: [Target]) -> Table {
        Table(
            header: ["target", "limit", "measured", "closest to the limit"],
            rows: targets.map { target in
                [
                    (target.met ? "✓ " : "✗ ") + target.name, BenchMath.text(target.limit, places: 2),
                    target.measured.map { BenchMath.text($0, places: 3) } ?? "–", target.worst,
                ]
            },
            widths: [54, 6, 9, 24])
    }
}
#endif
