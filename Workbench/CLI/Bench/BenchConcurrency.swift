// The bench's second part: twenty photos fetched together and one after another, every reply late.
#if os(macOS) || os(Linux)
import FakeServers
import Foundation
import Harness
import Locking
import Models

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Bench {
    /// The ways of fetching the photos that the concurrency part times.
    enum Way: CaseIterable {
        /// `photos(ids:)`, every reply late.
        case together
        /// `photo(id:)` once per id, one after another, every reply late.
        case oneByOne
        /// `photos(ids:)` with no reply late: what the requests cost without waiting.
        case noLatency
    }

    /// The ladder's top stage's `photos(ids:)` against `photo(id:)` awaited once per id, every
    /// reply late by `latency`, and `photos(ids:)` once more with no latency, to show what the work
    /// itself costs. The ways take turns going first; the fake is reset before each.
    static func measureConcurrency(
        _ configuration: BenchConfiguration, session: URLSession,
        progress: BenchProgress
    ) async throws -> BenchReport.Concurrency {
        // The top stage's adapter, on the session the async floor uses; the report names it.
        guard let top = Stages.top(of: Stages.all(session: session)) else {
            throw WorkbookError("bench: no adapter in Workbench/Harness/Stages.swift is the ladder's top stage.")
        }
        guard let photos = top as? any ConcurrentCalls else {
            throw WorkbookError(
                "bench: stage \(top.stage.number), the ladder's top, has no photos(ids:) to time: "
                    + "Workbench/Harness/Stage\(top.stage.number)Adapter.swift does not conform to ConcurrentCalls.")
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
            stage: top.stage.number, ids: ids.count, latencyMilliseconds: BenchMath.rounded(ideal, to: 3),
            runs: configuration.concurrencyRuns, idealMilliseconds: BenchMath.rounded(ideal, to: 3),
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
#endif
