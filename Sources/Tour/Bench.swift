// `workbook bench`: what the layers cost per request, and what async buys, measured on this
// machine against the in-process fake. Nothing here touches the network.
//
// Each stage is called through its adapter's `BenchCalling`, which calls the stage directly: the
// suite's completion bridge starts a watchdog timer per call, which would blur microseconds. No
// stage's types are named here, so the bench builds whatever a kata has put in a stage's place.
import FakeServers
import Foundation
import Locking
import Models
import StageAdapters

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How much `workbook bench` measures.
public struct BenchConfiguration: Sendable {
    /// Calls each contender makes before anything is timed.
    public var warmUpCalls: Int
    public var rounds: Int
    public var callsPerRound: Int
    /// Runs of each way in the concurrency part.
    public var concurrencyRuns: Int
    /// The photos the concurrency part asks for, all in the fake's catalogue.
    public var ids: [String]
    /// How late the fake answers each of those requests.
    public var latency: Duration

    public init(
        warmUpCalls: Int, rounds: Int, callsPerRound: Int, concurrencyRuns: Int, ids: [String], latency: Duration
    ) {
        self.warmUpCalls = warmUpCalls
        self.rounds = rounds
        self.callsPerRound = callsPerRound
        self.concurrencyRuns = concurrencyRuns
        self.ids = ids
        self.latency = latency
    }

    /// What `workbook bench` runs: under a minute in a release build on two cores.
    public static let standard = BenchConfiguration(
        warmUpCalls: 50, rounds: 320, callsPerRound: 5,
        concurrencyRuns: 7, ids: Bench.twentyIDs, latency: .milliseconds(50))
}

/// The benchmark's two parts, and the contenders of the first.
public enum Bench {
    /// The photo every per-request call asks for.
    static let photoID = "Dwu85P9SOIk"

    /// Twenty photos of the fake's catalogue.
    public static let twentyIDs = [
        "Dwu85P9SOIk", "LBI7cgq3pbM", "yC-Yzbqy7PY", "8manzosDSGM", "3Z70SDuYs5g",
        "NodtnCsLdTE", "IicyiaPYGGI", "Rk3OQZ1Y5Jw", "a4S6KUuLeoM", "2hs9d5fdQQU",
        "vT0yq8aT3uY", "pHANr-CpbYM", "eOpewngf68w", "sFydXGrt5OA", "0SR4ldD6kZk",
        "JcaK6NSyZ9w", "f6Y5hD4Xk0c", "Qh9Y1g0N_c8", "uE2T1tCFEn8", "mG8TzD2bP5k",
    ]

    /// What is known as the run goes: the machine at once, then each part as it ends.
    public enum Part: Sendable {
        case started(date: String, machine: BenchReport.Machine)
        case perRequest(BenchReport.PerRequest)
        /// Absent, with the reasons, when it could not be measured.
        case concurrency(BenchReport.Concurrency?, problems: [String])
    }

    /// Runs both parts on the fake and sums them up; `partDone` hears of each part as it ends.
    public static func run(
        _ configuration: BenchConfiguration = .standard, progress: BenchProgress,
        partDone: (Part) -> Void = { _ in }
    ) async throws -> BenchReport {
        let date = Date().formatted(.iso8601)
        let machine = BenchReport.Machine.current
        partDone(.started(date: date, machine: machine))
        // Installs the fake for `URLSession.shared` (stages 1 to 5) before the session exists.
        let session = URLSession(configuration: FakeServers.sessionConfiguration())
        defer {
            session.finishTasksAndInvalidate()
            FakeServers.shared.reset()
            progress.finish()
        }
        let perRequest = try await measurePerRequest(configuration, session: session, progress: progress)
        progress.finish()
        partDone(.perRequest(perRequest))
        var concurrency: BenchReport.Concurrency?
        var problems: [String] = []
        do {
            concurrency = try await measureConcurrency(configuration, session: session, progress: progress)
        } catch let problem as WrongAnswer {
            problems.append(problem.description)
        }
        progress.finish()
        partDone(.concurrency(concurrency, problems: problems))
        return BenchReport(
            date: date, machine: machine, perRequest: perRequest, concurrency: concurrency,
            targets: BenchReport.targets(
                perRequest: perRequest, concurrency: concurrency, ids: configuration.ids.count),
            problems: problems)
    }

    // MARK: - Per request

    /// One way to make one call: a floor or a stage. `run` answers whether a value came back.
    struct Contender: Sendable {
        let call: String
        let name: String
        let stage: Int?
        let floor: String
        let run: @Sendable () async -> Bool
    }

    static let completionFloor = "completion floor"
    static let asyncFloor = "async floor"

    /// Every contender for both calls. Stages 1 to 5 and the completion floor use `URLSession.shared`;
    /// stage 6 and the async floor share `session`, so that they differ only in the layer.
    static func contenders(session: URLSession) -> [Contender] {
        let id = photoID
        let username = FakeServers.demoUsername
        let password = FakeServers.demoPassword
        let photoRequest = floorPhotoRequest(id: id)
        let loginRequest = floorLoginRequest(username: username, password: password)
        let stages = Stages.all(session: session).compactMap { $0 as? any BenchCalling }
        // A stage handed its session is timed beside the async floor, on that session.
        let completionStages = stages.filter { !($0 is any SessionInjected) }
        let asyncStages = stages.filter { $0 is any SessionInjected }
        let c = completionFloor
        let a = asyncFloor
        func photo(_ stage: any BenchCalling, _ floor: String) -> Contender {
            Contender(call: "photo(id:)", name: "stage \(stage.stage.number)", stage: stage.stage.number, floor: floor)
            {
                await stage.benchPhoto(id: id)
            }
        }
        func login(_ stage: any BenchCalling, _ floor: String) -> Contender {
            Contender(call: "login", name: "stage \(stage.stage.number)", stage: stage.stage.number, floor: floor) {
                await stage.benchLogin(username: username, password: password)
            }
        }
        let photoFloors = [
            Contender(call: "photo(id:)", name: c, stage: nil, floor: c) {
                await bridged { done in
                    URLSession.shared.dataTask(with: photoRequest) { data, _, _ in
                        done((try? JSONDecoder().decode(Photo.self, from: data ?? Data())) != nil)
                    }.resume()
                }
            },
            Contender(call: "photo(id:)", name: a, stage: nil, floor: a) {
                guard let (data, _) = try? await session.data(for: photoRequest) else { return false }
                return (try? JSONDecoder().decode(Photo.self, from: data)) != nil
            },
        ]
        let loginFloors = [
            Contender(call: "login", name: c, stage: nil, floor: c) {
                await bridged { done in
                    URLSession.shared.dataTask(with: loginRequest) { data, _, _ in
                        done((try? JSONDecoder().decode(LoginResponse.self, from: data ?? Data()))?.token != nil)
                    }.resume()
                }
            },
            Contender(call: "login", name: a, stage: nil, floor: a) {
                guard let (data, _) = try? await session.data(for: loginRequest) else { return false }
                return (try? JSONDecoder().decode(LoginResponse.self, from: data))?.token != nil
            },
        ]
        // A stage with fewer plugins: not held to a target, but it says what each plugin costs.
        let variants = asyncStages.flatMap { $0.benchVariants(session: session) }
        let photoVariants = variants.map { variant in
            Contender(call: "photo(id:)", name: variant.name, stage: nil, floor: a) {
                await variant.calls.benchPhoto(id: id)
            }
        }
        let loginVariants = variants.map { variant in
            Contender(call: "login", name: variant.name, stage: nil, floor: a) {
                await variant.calls.benchLogin(username: username, password: password)
            }
        }
        return [photoFloors[0]] + completionStages.map { photo($0, c) } + [photoFloors[1]]
            + photoVariants + asyncStages.map { photo($0, a) } + [loginFloors[0]]
            + completionStages.map { login($0, c) } + [loginFloors[1]] + loginVariants
            + asyncStages.map { login($0, a) }
    }

    /// The one shape every completion handler is awaited through, floor and stages alike.
    static func bridged(_ start: (_ done: @escaping @Sendable (Bool) -> Void) -> Void) async -> Bool {
        await BenchBridge.bridged(start)
    }

    /// The request every stage sends for `photo(id:)`, built once, ahead of time: a floor has no
    /// layer, so building the request is the layer's cost, not the floor's.
    static func floorPhotoRequest(id: String) -> URLRequest {
        var request = URLRequest(url: URL(string: "https://\(FakeServers.unsplashHost)/photos/\(id)")!)
        request.httpMethod = "GET"
        request.setValue("Client-ID \(FakeServers.demoAccessKey)", forHTTPHeaderField: "Authorization")
        return request
    }

    /// The request every stage sends for `login`, body and all, built once.
    static func floorLoginRequest(username: String, password: String) -> URLRequest {
        var request = URLRequest(url: URL(string: "https://\(FakeServers.popcornHost)/login")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        request.httpBody = try? encoder.encode(["username": username, "password": password])
        return request
    }

    /// Warms every contender up, then times each call of each contender, round after round. Each
    /// round runs every contender in turn (see `order`), so that drift, and whatever ran just
    /// before, falls on all of them alike.
    static func measurePerRequest(
        _ configuration: BenchConfiguration, session: URLSession,
        progress: BenchProgress
    ) async throws -> BenchReport.PerRequest {
        let contenders = contenders(session: session)
        let fake = FakeServers.shared
        progress.update("warming up")
        for contender in contenders {
            fake.reset()
            for _ in 0..<configuration.warmUpCalls {
                try await check(contender)
            }
        }
        let clock = ContinuousClock()
        // Every timing, by contender, and by block of rounds (see `order`).
        var samples = [[Double]](repeating: [], count: contenders.count)
        var blocks = [[[Double]]](repeating: [], count: contenders.count)
        for round in 0..<configuration.rounds {
            let block = round / contenders.count
            for index in contenders.indices where blocks[index].count <= block {
                blocks[index].append([])
            }
            progress.update("per request", step: round + 1, of: configuration.rounds)
            for index in order(count: contenders.count, round: round) {
                let contender = contenders[index]
                fake.reset()
                for _ in 0..<configuration.callsPerRound {
                    let start = clock.now
                    let answered = await contender.run()
                    let elapsed = start.duration(to: clock.now)
                    guard answered else { throw failure(of: contender) }
                    samples[index].append(microseconds(elapsed))
                    blocks[index][block].append(microseconds(elapsed))
                }
            }
        }
        fake.reset()
        let summaries = samples.map { Summary(samples: $0) }
        let measurements = contenders.indices.compactMap { index -> BenchReport.Measurement? in
            let contender = contenders[index]
            guard let time = summaries[index],
                let floorIndex = contenders.firstIndex(where: {
                    $0.call == contender.call && $0.name == contender.floor
                }),
                let floorTime = summaries[floorIndex],
                let ratio = BenchMath.ratio(time.median, to: floorTime.median),
                let byBlock = Summary(samples: BenchMath.blockRatios(blocks[index], to: blocks[floorIndex]))
            else { return nil }
            return BenchReport.Measurement(
                call: contender.call, contender: contender.name, stage: contender.stage,
                floor: contender.floor, microseconds: time.rounded(to: 1),
                ratioToFloor: BenchMath.rounded(ratio, to: 3), ratioToFloorByBlock: byBlock.rounded(to: 3))
        }
        return BenchReport.PerRequest(
            warmUpCalls: configuration.warmUpCalls, rounds: configuration.rounds,
            callsPerRound: configuration.callsPerRound, roundsPerBlock: contenders.count,
            measurements: measurements)
    }

    /// The order of round `round`. Rounds come in blocks of `count`: a block shuffles the
    /// contenders once (the same way on every run), and each of its rounds starts one place further
    /// along that order. So in every block each contender runs once in each place, and which one
    /// runs just before it changes from block to block.
    static func order(count: Int, round: Int) -> [Int] {
        guard count > 0 else { return [] }
        var generator = SplitMix64(seed: UInt64(round / count))
        let shuffled = Array(0..<count).shuffled(using: &generator)
        return (0..<count).map { shuffled[(round + $0) % count] }
    }

    /// A small seeded generator (Steele, Lea and Flood's SplitMix64), so that orders repeat run to run.
    struct SplitMix64: RandomNumberGenerator {
        private var state: UInt64

        init(seed: UInt64) {
            state = seed
        }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
    }

    private static func check(_ contender: Contender) async throws {
        guard await contender.run() else { throw failure(of: contender) }
    }

    private static func failure(of contender: Contender) -> WorkbookError {
        WorkbookError(
            "bench: \(contender.name) \(contender.call) got no value from the fake; only successful calls are timed.")
    }

    static func microseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1_000_000 + Double(attoseconds) / 1_000_000_000_000
    }

    // MARK: - Concurrency

    /// The ways of fetching the photos that the concurrency part times.
    enum Way: CaseIterable {
        /// `photos(ids:)`, every reply late.
        case together
        /// `photo(id:)` once per id, one after another, every reply late.
        case oneByOne
        /// `photos(ids:)` with no reply late: what the requests cost without waiting.
        case noLatency
    }

    /// Stage 6's `photos(ids:)` against `photo(id:)` awaited once per id, every reply late by
    /// `latency`, and `photos(ids:)` once more with no latency, to show what the work itself
    /// costs. The ways take turns going first; the fake is reset before each.
    static func measureConcurrency(
        _ configuration: BenchConfiguration, session: URLSession,
        progress: BenchProgress
    ) async throws -> BenchReport.Concurrency {
        // Stage 6's call site, on the session the async floor uses.
        guard let photos = Stages.all(session: session).last as? any ConcurrentCalls else {
            throw WorkbookError(
                "bench: stage 6 has no photos(ids:) to time: its adapter does not offer ConcurrentCalls.")
        }
        let fake = FakeServers.shared
        let ids = configuration.ids
        let latencySeconds = Double(microseconds(configuration.latency)) / 1_000_000
        let clock = ContinuousClock()

        // Two photos first: a build that gets them wrong is reported, not timed.
        fake.reset()
        _ = try await fetchTogether(Array(ids.prefix(2)), photos)
        // One unhurried pass, so that no timed run pays for starting threads.
        fake.reset()
        _ = try await fetchTogether(ids, photos)

        var times: [Way: [Double]] = [:]
        var peak = 0
        for run in 0..<configuration.concurrencyRuns {
            progress.update("concurrency", step: run + 1, of: configuration.concurrencyRuns)
            // The ways take turns going first.
            let ways = Way.allCases.indices.map { Way.allCases[($0 + run) % Way.allCases.count] }
            for way in ways {
                fake.reset()
                if way != .noLatency {
                    fake.override(.photo, with: .delay(latencySeconds), times: ids.count)
                }
                let start = clock.now
                switch way {
                case .together, .noLatency:
                    _ = try await fetchTogether(ids, photos)
                case .oneByOne:
                    for id in ids {
                        _ = try await fetch(id, photos)
                    }
                }
                times[way, default: []].append(microseconds(start.duration(to: clock.now)) / 1000)
                if way == .together {
                    peak = max(peak, fake.peakConcurrentRequests)
                }
            }
        }
        fake.reset()
        let ideal = latencySeconds * 1000
        guard let together = Summary(samples: times[.together] ?? []),
            let oneByOne = Summary(samples: times[.oneByOne] ?? []),
            let noLatency = Summary(samples: times[.noLatency] ?? [])
        else {
            throw WorkbookError("bench: the concurrency part needs at least one run.")
        }
        func ratio(_ value: Double, _ base: Double) -> Double {
            BenchMath.rounded(BenchMath.ratio(value, to: base) ?? 0, to: 3)
        }
        return BenchReport.Concurrency(
            ids: ids.count, latencyMilliseconds: BenchMath.rounded(ideal, to: 3), runs: configuration.concurrencyRuns,
            idealMilliseconds: BenchMath.rounded(ideal, to: 3),
            concurrentMilliseconds: together.rounded(to: 2), sequentialMilliseconds: oneByOne.rounded(to: 2),
            concurrentNoLatencyMilliseconds: noLatency.rounded(to: 2),
            concurrentToIdeal: ratio(together.median, ideal), sequentialToIdeal: ratio(oneByOne.median, ideal),
            sequentialToConcurrent: ratio(oneByOne.median, together.median),
            peakInFlight: peak)
    }

    private static func fetchTogether(_ ids: [String], _ photos: any ConcurrentCalls) async throws -> [Photo] {
        let fetched: [Photo]
        switch await photos.photos(ids: ids) {
        case .value(let value): fetched = value
        case .failure(let failure): throw WorkbookError("bench: photos(ids:) failed: \(failure.message)")
        }
        guard fetched.map(\.id) == ids else {
            throw WrongAnswer(asked: ids, got: fetched.map(\.id))
        }
        return fetched
    }

    /// `photos(ids:)` answered with other photos than it was asked for, so its time means nothing.
    struct WrongAnswer: Error, CustomStringConvertible {
        let asked: [String]
        let got: [String]

        var description: String {
            // Seen with Swift 6.3.1, release builds only, before stage 6 awaited each photo before
            // building its task's tuple (swiftlang/swift#91911). Debug builds are not affected.
            "photos(ids:) returned \(got.count) photo\(got.count == 1 ? "" : "s") for \(asked.count) ids "
                + "(\(got.joined(separator: ", ")) for \(asked.joined(separator: ", "))). A known miscompile of task-group "
                + "results in optimized builds (swiftlang/swift#91911) does this."
        }
    }

    private static func fetch(_ id: String, _ photos: any ConcurrentCalls) async throws -> Photo {
        switch await photos.photo(id: id) {
        case .value(let photo): return photo
        case .failure(let failure): throw WorkbookError("bench: photo(id: \(id)) failed: \(failure.message)")
        }
    }
}

// MARK: - The machine

extension BenchReport.Machine {
    /// This process's machine, and the build it is running.
    static var current: BenchReport.Machine {
        #if DEBUG
        let build = "debug"
        #else
        let build = "release"
        #endif
        return BenchReport.Machine(
            cores: ProcessInfo.processInfo.activeProcessorCount, kernel: kernel,
            os: ProcessInfo.processInfo.operatingSystemVersionString, swift: swiftVersion, build: build)
    }

    /// The compiler's major and minor version, as far as `#if compiler` can tell.
    static var swiftVersion: String {
        #if compiler(>=7.0)
        ">= 7.0"
        #elseif compiler(>=6.4)
        ">= 6.4"
        #elseif compiler(>=6.3)
        "6.3"
        #elseif compiler(>=6.2)
        "6.2"
        #elseif compiler(>=6.1)
        "6.1"
        #else
        "6.0"
        #endif
    }

    /// What `uname -srm` prints: the kernel's name, release and the hardware.
    static var kernel: String {
        var names = utsname()
        guard uname(&names) == 0 else { return "unknown" }
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        return [text(names.sysname), text(names.release), text(names.machine)].joined(separator: " ")
    }
}

// MARK: - Progress

/// A line on standard error that says how far the bench has got: rewritten in place on a
/// terminal, a few plain lines otherwise (a log, a pipe).
public final class BenchProgress: Sendable {
    private let write: @Sendable (String) -> Void
    private let terminal: Bool
    private let last = Locked<(phase: String, tenth: Int)>(("", -1))

    public init(terminal: Bool, write: @escaping @Sendable (String) -> Void) {
        self.terminal = terminal
        self.write = write
    }

    /// Standard error, rewritten in place when it is a terminal.
    public static func standardError() -> BenchProgress {
        BenchProgress(terminal: isatty(STDERR_FILENO) != 0) { text in
            FileHandle.standardError.write(Data(text.utf8))
        }
    }

    /// Says nothing: for tests.
    public static let silent = BenchProgress(terminal: false) { _ in }

    /// Reports `phase`, at `step` of `steps` when it has steps. Off a terminal, a line is written
    /// when the phase changes and every tenth of the way, not every step.
    func update(_ phase: String, step: Int? = nil, of steps: Int? = nil) {
        var text = "workbook bench: " + phase
        var tenth = 0
        if let step, let steps, steps > 0 {
            text += " \(step)/\(steps)"
            tenth = step * 10 / steps
        }
        if terminal {
            write("\r\u{1B}[K" + text)
            return
        }
        let changed = last.withLock { last in
            defer { last = (phase, tenth) }
            return last.phase != phase || last.tenth != tenth
        }
        if changed { write(text + "\n") }
    }

    /// Clears the line on a terminal, so the report starts on a clean one.
    func finish() {
        if terminal { write("\r\u{1B}[K") }
    }
}

// MARK: - The command

extension Workbook {
    /// `workbook bench [--json]`: the progress on standard error, the report through `write`; the
    /// tables as each part ends (the first takes most of the minute), the JSON all at once.
    func bench(json: Bool) async throws {
        let report = try await Bench.run(.standard, progress: .standardError()) { part in
            guard !json else { return }
            switch part {
            case .started(let date, let machine):
                write(BenchReport.headerText(date: date, machine: machine, style: style) + "\n")
            case .perRequest(let perRequest): write(BenchReport.perRequestText(perRequest, style: style) + "\n")
            case .concurrency(let concurrency, let problems):
                write(BenchReport.concurrencyText(concurrency, problems: problems, style: style) + "\n")
            }
            // Out now, not when the run ends: a pipe would otherwise hold it back.
            fflush(nil)
        }
        write(json ? try report.json() : BenchReport.targetsText(report.targets, style: style))
        if !report.problems.isEmpty {
            throw WorkbookError("bench: a part could not be measured: \(report.problems.joined(separator: " "))")
        }
    }
}
