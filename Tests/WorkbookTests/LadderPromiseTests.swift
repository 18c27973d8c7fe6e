// Each stage's promises, in a suite of its own that `swift test --filter StageN` runs: measured from
// the stage's sources and read from its adapter, so a kata's stage N fails on what its step adds.
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

    @Suite("Stage2EnumAPI")
    struct Stage2 {
        @Test("Stage 2 keeps the ladder's promise", arguments: LadderPromise.all(for: 2))
        func promise(_ promise: LadderPromise) throws {
            try expectKept(promise, by: Stage2Adapter())
        }
    }

    @Suite("Stage3Result")
    struct Stage3 {
        @Test("Stage 3 keeps the ladder's promise", arguments: LadderPromise.all(for: 3))
        func promise(_ promise: LadderPromise) throws {
            try expectKept(promise, by: Stage3Adapter())
        }
    }

    @Suite("Stage4Generic")
    struct Stage4 {
        @Test("Stage 4 keeps the ladder's promise", arguments: LadderPromise.all(for: 4))
        func promise(_ promise: LadderPromise) throws {
            try expectKept(promise, by: Stage4Adapter())
        }
    }

    @Suite("Stage5Router")
    struct Stage5 {
        @Test("Stage 5 keeps the ladder's promise", arguments: LadderPromise.all(for: 5))
        func promise(_ promise: LadderPromise) throws {
            try expectKept(promise, by: Stage5Adapter())
        }
    }

    @Suite("Stage6Async")
    struct Stage6 {
        @Test("Stage 6 keeps the ladder's promise", arguments: LadderPromise.all(for: 6))
        func promise(_ promise: LadderPromise) throws {
            try expectKept(
                promise, by: Stage6Adapter(session: URLSession(configuration: FakeServers.sessionConfiguration())))
        }
    }
}
