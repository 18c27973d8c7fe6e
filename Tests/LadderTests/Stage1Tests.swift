// Stage 1 on the shared suite: `swift test --filter Stage1` runs every case against it alone.
import Fixtures
import Harness
import StageTesting
import Testing

extension FakeServerSuites {
    @Suite("Stage1Hardcoded")
    struct Stage1Tests {
        @Test("Stage 1 passes the shared case", arguments: SharedCases.all)
        func sharedCase(_ sharedCase: SharedCase) async throws {
            try await sharedCase.run(on: Stage1Adapter())
        }
    }
}

extension FakeServerSuites.Stage1Tests {
    @Test("Stage 1 pastes an id into the URL as typed: 'Dwu85P9SOIk#x' quietly fetches another photo")
    func idIsNotEncoded() async throws {
        let fake = freshFake()
        // The `#` starts a fragment, which is never sent: the server sees a different, valid id.
        let photo = await Stage1Adapter().photo(id: "Dwu85P9SOIk#x").value
        #expect(photo?.id == "Dwu85P9SOIk")
        #expect(fake.log.first?.serverView?.pathSegments == ["photos", "Dwu85P9SOIk"])
    }
}

extension FakeServerSuites.Stage1Tests {
    @Test("Stage 1 survives every bad reply", arguments: BadReplies.all)
    func badReply(_ badReply: BadReply) async {
        await check(badReply, on: Stage1Adapter())
    }
}

extension FakeServerSuites.Stage1Tests {
    @Test("Stage 1 sends what the user typed, or says exactly how it does not", arguments: BadInputs.all)
    func badInput(_ input: BadInput) async {
        await check(input, on: Stage1Adapter())
    }
}

extension FakeServerSuites.Stage1Tests {
    @Test("Stage 1's screens pass the shared screen case", arguments: ScreenCases.all)
    @MainActor func sharedScreenCase(_ screenCase: ScreenCase) async throws {
        try await screenCase.run(on: Stage1Adapter())
    }
}

// What the ladder says of stage 1: its promises, its sources and its README (LadderPromiseTests.swift
// and LadderClaimsTests.swift say how each is checked).
extension LadderPromises {
    @Suite("Stage1Hardcoded")
    struct Stage1 {
        @Test("Stage 1's sources measure as the ladder says", arguments: SourceClaim.all(for: 1))
        func claim(_ claim: SourceClaim) throws {
            try claim.check(on: Stage1Adapter())
        }

        @Test("stage 1's README lists its files in reading order, and carries nothing over")
        func readme() throws {
            try expectReadmeKept(by: 1)
        }
    }
}
