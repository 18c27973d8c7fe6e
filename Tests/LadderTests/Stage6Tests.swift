// Stage 6 on the shared suite: `swift test --filter Stage6` runs every case against it alone,
// on a session of its own rather than `URLSession.shared`, and so on the separate fake. What names
// Stage6Async's own types is in Tests/StageTypesTests.
import FakeServers
import Fixtures
import Foundation
import Harness
import StageTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension SeparateFakeSuites {
    @Suite("Stage6Async")
    struct Stage6Tests {
        @Test("Stage 6 passes the shared case", arguments: SharedCases.all)
        func sharedCase(_ sharedCase: SharedCase) async throws {
            let session = URLSession(configuration: FakeServers.separate.sessionConfiguration())
            try await sharedCase.run(on: Stage6Adapter(session: session), fake: .separate)
        }
    }
}

extension SeparateFakeSuites.Stage6Tests {
    @Test("Stage 6 builds requests offline", arguments: RequestBuildingCase.all)
    func requestBuilding(_ check: RequestBuildingCase) throws {
        try check.check(Stage6Adapter(session: URLSession(configuration: FakeServers.separate.sessionConfiguration())))
    }
}

extension SeparateFakeSuites.Stage6Tests {
    @Test("Stage 6 survives every bad reply", arguments: BadReplies.all)
    func badReply(_ badReply: BadReply) async {
        let session = URLSession(configuration: FakeServers.separate.sessionConfiguration())
        await check(badReply, on: Stage6Adapter(session: session), fake: .separate)
    }
}

extension SeparateFakeSuites.Stage6Tests {
    @Test("Stage 6 sends what the user typed, or says exactly how it does not", arguments: BadInputs.all)
    func badInput(_ input: BadInput) async {
        let session = URLSession(configuration: FakeServers.separate.sessionConfiguration())
        await check(input, on: Stage6Adapter(session: session), fake: .separate)
    }
}

extension SeparateFakeSuites.Stage6Tests {
    @Test("a thousand concurrent calls on one session all complete, each with its own photo")
    func thousandCalls() async {
        let fake = freshFake(.separate)
        let adapter = Stage6Adapter(session: URLSession(configuration: FakeServers.separate.sessionConfiguration()))
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
}

extension SeparateFakeSuites.Stage6Tests {
    @Test("a call made from a task that is already cancelled sends nothing and fails as cancelled")
    func cancelledBeforeTheCall() async {
        let fake = freshFake(.separate)
        let adapter = Stage6Adapter(session: URLSession(configuration: FakeServers.separate.sessionConfiguration()))
        let call = Task {
            // Wait for the cancellation that is already on its way, without starting the call.
            while !Task.isCancelled { await Task.yield() }
            return await adapter.photo(id: "Dwu85P9SOIk")
        }
        call.cancel()
        #expect(await call.value.failure?.kind == .cancelled)
        #expect(fake.log.isEmpty)
    }
}

extension SeparateFakeSuites.Stage6Tests {
    @Test("Stage 6's screens pass the shared screen case", arguments: ScreenCases.all)
    @MainActor func sharedScreenCase(_ screenCase: ScreenCase) async throws {
        let session = URLSession(configuration: FakeServers.separate.sessionConfiguration())
        try await screenCase.run(on: Stage6Adapter(session: session), fake: .separate)
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
