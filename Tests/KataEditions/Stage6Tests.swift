// The kata edition of Stage6Tests.swift, which kata 6's first commit puts in Tests/LadderTests: the stage's own
// names stage 6's Router and runs on the separate fake, which stage 5's code never reaches; this one uses the adapter.
import FakeServers
import Fixtures
import Foundation
import Harness
import StageTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Until the step, stage 5's code ignores the session it is handed and reaches for `URLSession.shared`,
// which only the shared fake answers; so this edition runs on that fake, one test at a time with the others.
extension FakeServerSuites {
    @Suite("Stage6Async, kata edition")
    struct Stage6Tests {
        /// Stage 6, handed a session that reaches the shared fake.
        static func adapter() -> Stage6Adapter {
            Stage6Adapter(session: URLSession(configuration: FakeServers.sessionConfiguration()))
        }

        @Test("Stage 6 passes the shared case", arguments: SharedCases.all)
        func sharedCase(_ sharedCase: SharedCase) async throws {
            try await sharedCase.run(on: Self.adapter())
        }
    }
}

extension FakeServerSuites.Stage6Tests {
    @Test("Stage 6 builds requests offline", arguments: RequestBuildingCase.all)
    func requestBuilding(_ check: RequestBuildingCase) throws {
        let adapter: any StageAdapter = Self.adapter()
        guard let builder = adapter as? any RequestBuilding else {
            Issue.record(
                "Stage6Adapter cannot build a request without sending it: keep stage 5's router and its RequestBuilding conformance through the step."
            )
            return
        }
        try check.check(builder)
    }
}

extension FakeServerSuites.Stage6Tests {
    @Test("Stage 6 survives every bad reply", arguments: BadReplies.all)
    func badReply(_ badReply: BadReply) async {
        await check(badReply, on: Self.adapter())
    }
}

extension FakeServerSuites.Stage6Tests {
    @Test("Stage 6 sends what the user typed, or says exactly how it does not", arguments: BadInputs.all)
    func badInput(_ input: BadInput) async {
        await check(input, on: Self.adapter())
    }
}

extension FakeServerSuites.Stage6Tests {
    @Test("a thousand concurrent calls on one session all complete, each with its own photo")
    func thousandCalls() async {
        let fake = freshFake()
        let adapter = Self.adapter()
        let ids = [
            "Dwu85P9SOIk", "LBI7cgq3pbM", "yC-Yzbqy7PY", "8manzosDSGM", "3Z70SDuYs5g", "NodtnCsLdTE", "IicyiaPYGGI",
        ]
        let matched = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<1_000 {
                let id = ids[index % ids.count]
                group.addTask { await adapter.photo(id: id).value?.id == id }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(matched == 1_000)
        #expect(fake.log.count == 1_000)
    }

    @Test("a call made from a task that is already cancelled sends nothing and fails as cancelled")
    func cancelledBeforeTheCall() async {
        let fake = freshFake()
        let adapter = Self.adapter()
        let call = Task {
            // Wait for the cancellation that is already on its way, without starting the call.
            while !Task.isCancelled { await Task.yield() }
            return await adapter.photo(id: "Dwu85P9SOIk")
        }
        call.cancel()
        #expect(await call.value.failure?.kind == .cancelled)
        let sent = fake.log.count
        #expect(sent == 0, "counted, not shown: the log holds the access key")
    }
}

extension FakeServerSuites.Stage6Tests {
    @Test("Stage 6's screens pass the shared screen case", arguments: ScreenCases.all)
    @MainActor func sharedScreenCase(_ screenCase: ScreenCase) async throws {
        try await screenCase.run(on: Self.adapter())
    }
}

// What the ladder says of stage 6: its promises, its sources and its README (LadderPromiseTests.swift
// and LadderClaimsTests.swift say how each is checked).
extension LadderPromises {
    @Suite("Stage6Async")
    struct Stage6 {
        @Test("Stage 6 keeps the ladder's promise", arguments: LadderPromise.all(for: 6))
        func promise(_ promise: LadderPromise) throws {
            try expectKept(
                promise,
                by: Stage6Adapter(session: URLSession(configuration: FakeServers.separate.sessionConfiguration())))
        }

        @Test("stage 6's README lists its files in reading order, and what it carries over from stage 5 is unchanged")
        func readme() throws {
            try expectReadmeKept(by: 6)
        }
    }
}
