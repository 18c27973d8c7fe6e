// Each stage's promises and the ladder's claims about its sources, in a suite per stage that
// `swift test --filter StageN` runs: measured from the stage's sources and read from its adapter, so
// a kata's stage N fails on what its step adds. (The proof of each capability is a shared case.)
import FakeServers
import Foundation
import SourceMetrics
import StageAdapters
import Testing
import Tour

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

/// Something the ladder says of a stage's sources, by its number, checked against what they measure.
struct SourceClaim: Sendable, CustomTestStringConvertible {
    let name: String
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

    static let all = [
        SourceClaim("the access key is typed once per photo function in stage 1, and once in all from stage 2") {
            adapter, metrics in
            #expect(metrics.keyLiterals == (adapter.stage.number == 1 ? photoCalls(adapter) : 1), "\(metrics)")
        },
        SourceClaim("stages 1 to 3 start a URLSession task once per call; from stage 4, in one place") {
            adapter, metrics in
            let expected = adapter.stage.number <= 3 ? calls(adapter) : 1
            #expect(metrics.sessionCallSites == expected, "\(metrics)")
            #expect(metrics.requestFunctions == expected, "\(metrics)")
        },
        SourceClaim("from the router on, nothing is force-unwrapped") { adapter, metrics in
            if adapter.stage.number >= 5 {
                #expect(metrics.forceUnwraps == 0, "\(metrics)")
            }
        },
    ]

    init(_ name: String, _ holds: @escaping @Sendable (any StageAdapter, StageMetrics) -> Void) {
        self.name = name
        self.holds = holds
    }
}

@Suite("Ladder promises")
struct LadderPromises {
    @Test("each stage keeps the promises of the stages before it, and makes at least one more after stage 1")
    func promisesGrow() {
        for number in 2...6 {
            let before = Set(LadderPromise.all(for: number - 1).map(\.name))
            let now = Set(LadderPromise.all(for: number).map(\.name))
            #expect(before.isSubset(of: now) && now.count > before.count, "stage \(number): \(now)")
        }
    }

    @Suite("Stage1Hardcoded")
    struct Stage1 {
        @Test("Stage 1's sources measure as the ladder says", arguments: SourceClaim.all)
        func claim(_ claim: SourceClaim) throws {
            try claim.check(on: Stage1Adapter())
        }
    }

    @Suite("Stage2EnumAPI")
    struct Stage2 {
        @Test("Stage 2 keeps the ladder's promise", arguments: LadderPromise.all(for: 2))
        func promise(_ promise: LadderPromise) throws {
            try expectKept(promise, by: Stage2Adapter())
        }

        @Test("Stage 2's sources measure as the ladder says", arguments: SourceClaim.all)
        func claim(_ claim: SourceClaim) throws {
            try claim.check(on: Stage2Adapter())
        }
    }

    @Suite("Stage3Result")
    struct Stage3 {
        @Test("Stage 3 keeps the ladder's promise", arguments: LadderPromise.all(for: 3))
        func promise(_ promise: LadderPromise) throws {
            try expectKept(promise, by: Stage3Adapter())
        }

        @Test("Stage 3's sources measure as the ladder says", arguments: SourceClaim.all)
        func claim(_ claim: SourceClaim) throws {
            try claim.check(on: Stage3Adapter())
        }
    }

    @Suite("Stage4Generic")
    struct Stage4 {
        @Test("Stage 4 keeps the ladder's promise", arguments: LadderPromise.all(for: 4))
        func promise(_ promise: LadderPromise) throws {
            try expectKept(promise, by: Stage4Adapter())
        }

        @Test("Stage 4's sources measure as the ladder says", arguments: SourceClaim.all)
        func claim(_ claim: SourceClaim) throws {
            try claim.check(on: Stage4Adapter())
        }
    }

    @Suite("Stage5Router")
    struct Stage5 {
        @Test("Stage 5 keeps the ladder's promise", arguments: LadderPromise.all(for: 5))
        func promise(_ promise: LadderPromise) throws {
            try expectKept(promise, by: Stage5Adapter())
        }

        @Test("Stage 5's sources measure as the ladder says", arguments: SourceClaim.all)
        func claim(_ claim: SourceClaim) throws {
            try claim.check(on: Stage5Adapter())
        }
    }

    @Suite("Stage6Async")
    struct Stage6 {
        static func adapter() -> Stage6Adapter {
            Stage6Adapter(session: URLSession(configuration: FakeServers.sessionConfiguration()))
        }

        @Test("Stage 6 keeps the ladder's promise", arguments: LadderPromise.all(for: 6))
        func promise(_ promise: LadderPromise) throws {
            try expectKept(promise, by: Self.adapter())
        }

        @Test("Stage 6's sources measure as the ladder says", arguments: SourceClaim.all)
        func claim(_ claim: SourceClaim) throws {
            try claim.check(on: Self.adapter())
        }
    }
}
