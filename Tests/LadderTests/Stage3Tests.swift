// Stage 3 on the shared suite: `swift test --filter Stage3` runs every case against it alone.
// Everything here reaches the stage through its adapter, so kata 3 (`swift run kata start 3`) runs it on
// stage 2's code. Its typed errors are proved here too, so the kata sets nothing aside.
import FakeServers
import Fixtures
import Harness
import StageTesting
import Testing

extension FakeServerSuites {
    @Suite("Stage3Result")
    struct Stage3Tests {
        @Test("Stage 3 passes the shared case", arguments: SharedCases.all)
        func sharedCase(_ sharedCase: SharedCase) async throws {
            try await sharedCase.run(on: Stage3Adapter())
        }
    }
}

extension FakeServerSuites.Stage3Tests {
    @Test("Stage 3 says where a body it could not read went wrong")
    func decodingDescription() async {
        let fake = freshFake()
        fake.override(.photo, with: .reply(status: 200, body: #"{"id": 42}"#))
        let failure = await Stage3Adapter().photo(id: "Dwu85P9SOIk").failure
        #expect(failure?.kind == .decoding)
        #expect(
            failure?.message.contains("the wrong type at id") == true,
            """
            A decoding failure says where the body went wrong, in words a log can show: "the wrong type at id" \
            for {"id": 42} read as a photo, not the decoder's own sentence (step 10 of Katas/stage3/README.md \
            writes it, after step 9's LocalizedError; photo(id:) calls back with it from step 7). It says: \
            \(failure?.message ?? "nothing")
            """)
    }
}

extension FakeServerSuites.Stage3Tests {
    @Test("Stage 3 survives every bad reply", arguments: BadReplies.all)
    func badReply(_ badReply: BadReply) async {
        await check(badReply, on: Stage3Adapter())
    }
}

extension FakeServerSuites.Stage3Tests {
    @Test("Stage 3 sends what the user typed, or says exactly how it does not", arguments: BadInputs.all)
    func badInput(_ input: BadInput) async {
        await check(input, on: Stage3Adapter())
    }
}

extension FakeServerSuites.Stage3Tests {
    @Test("Stage 3's screens pass the shared screen case", arguments: ScreenCases.all)
    @MainActor func sharedScreenCase(_ screenCase: ScreenCase) async throws {
        try await screenCase.run(on: Stage3Adapter())
    }
}

// What the ladder says of stage 3: its promises, its sources and its README (LadderPromiseTests.swift
// and LadderClaimsTests.swift say how each is checked).
extension LadderPromises {
    @Suite("Stage3Result")
    struct Stage3 {
        @Test("Stage 3 keeps the ladder's promise", arguments: LadderPromise.all(for: 3))
        func promise(_ promise: LadderPromise) throws {
            try expectKept(promise, by: Stage3Adapter())
        }

        @Test("Stage 3's sources measure as the ladder says", arguments: SourceClaim.all(for: 3))
        func claim(_ claim: SourceClaim) throws {
            try claim.check(on: Stage3Adapter())
        }

        @Test("stage 3's README lists its files in reading order, and what it carries over from stage 2 is unchanged")
        func readme() throws {
            try expectReadmeKept(by: 3)
        }
    }
}
