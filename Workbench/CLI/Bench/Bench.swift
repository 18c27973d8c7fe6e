// `workbook bench`: what the layers cost per request, and what async buys, measured on this
// machine against the in-process fake. Nothing here touches the network.
//
// Each stage is called through its adapter's `BenchedStage`, which calls the stage directly: the
// suite's completion bridge starts a watchdog timer per call, which would blur microseconds. No
// stage's types are named here, so the bench builds whatever a kata has put in a stage's place.
#if os(macOS) || os(Linux)
import FakeServers
import Foundation
import Harness
import Locking
import Models

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
}
#endif
