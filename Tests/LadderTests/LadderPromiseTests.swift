// What each stage's promises and the ladder's claims about its sources are checked with: measured
// from the stage's sources and read from its adapter, so a kata's stage N fails on what its step
// adds. Each stage's file, `StageNTests.swift`, holds its suite of them, inside `LadderPromises`,
// which `swift test --filter StageN` runs. (The proof of each capability is a shared case.)
import FakeServers
import Fixtures
import Foundation
import Harness
import Ladder
import Metrics
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension LadderPromise: CustomTestStringConvertible {
    public var testDescription: String { name }
}

/// Records what `adapter`'s stage lacks of `promise`, with the step that brings it.
func expectKept(_ promise: LadderPromise, by adapter: any StageAdapter) throws {
    let sources = try #require(SourceMetrics.sourcesDirectory(from: #filePath))
    if let lack = try promise.lack(of: adapter.stage, in: sources.appendingPathComponent(adapter.stage.module)) {
        Issue.record("\(lack)")
    }
}

/// Something the ladder says of the stages before a promise: what their sources measure, the lesson
/// that the promise's step removes. (From the promise on, the promise checks it; not twice.)
struct SourceClaim: Sendable, CustomTestStringConvertible {
    let name: String
    /// The stages it is said of.
    let stages: ClosedRange<Int>
    let holds: @Sendable (_ adapter: any StageAdapter, _ metrics: StageMetrics) -> Void

    var testDescription: String { name }

    /// Measures `adapter`'s stage and checks the claim.
    func check(on adapter: any StageAdapter) throws {
        holds(adapter, try measure(adapter.stage))
    }

    /// The photo calls a stage offers: three, and the exercise's when it is done.
    static func photoCalls(_ adapter: any StageAdapter) -> Int {
        adapter is any UserPhotosCalling ? 4 : 3
    }

    /// Every call a stage offers: login, profile and logout, the photo calls, and exercise 2b's
    /// refresh when it is done.
    static func calls(_ adapter: any StageAdapter) -> Int {
        3 + photoCalls(adapter) + (adapter is any TokenRefreshCalling ? 1 : 0)
    }

    static var all: [SourceClaim] {
        [
            SourceClaim("stage 1 types the access key once per photo function", stages: 1...1) { adapter, metrics in
                #expect(metrics.keyLiterals == photoCalls(adapter), "\(metrics)")
            },
            SourceClaim("stages 1 to 3 start a URLSession task once per call", stages: 1...3) { adapter, metrics in
                #expect(metrics.sessionCallSites == calls(adapter), "\(metrics)")
                #expect(metrics.requestFunctions == calls(adapter), "\(metrics)")
            },
        ]
    }

    /// The claims said of stage `number`.
    static func all(for number: Int) -> [SourceClaim] {
        all.filter { $0.stages.contains(number) }
    }

    init(
        _ name: String, stages: ClosedRange<Int>,
        _ holds: @escaping @Sendable (any StageAdapter, StageMetrics) -> Void
    ) {
        self.name = name
        self.stages = stages
        self.holds = holds
    }
}

@Suite("Ladder promises")
struct LadderPromises {
    @Test("each stage keeps the promises of the stages before it, and makes at least one more after stage 1")
    func promisesGrow() {
        for number in Ladder.kataNumbers {
            let before = Set(LadderPromise.all(for: number - 1).map(\.name))
            let now = Set(LadderPromise.all(for: number).map(\.name))
            let place = "`LadderPromise.added` in Workbench/HarnessCore/LadderPromise.swift"
            #expect(before.isSubset(of: now), "stage \(number) drops promises of stage \(number - 1): see \(place)")
            #expect(now.count > before.count, "stage \(number) promises nothing new: add what it brings to \(place)")
        }
    }
}
