// Stage 2 on the shared suite: `swift test --filter Stage2` runs every case against it alone.
import FakeServers
import Foundation
import Stage2EnumAPI
import StageAdapters
import Testing
import Tour

extension FakeServerSuites {
    @Suite("Stage2EnumAPI")
    struct Stage2Tests {
        @Test("Stage 2 passes the shared case", arguments: SharedCases.all)
        func sharedCase(_ sharedCase: SharedCase) async throws {
            try await sharedCase.run(on: Stage2Adapter())
        }
    }
}

extension FakeServerSuites.Stage2Tests {
    @Test("Stage 2's endpoints without parameters have no query, not a stray '?='")
    func noStrayQuery() {
        #expect(UnsplashAPI.randomPhoto.queryItems.isEmpty)
        #expect(UnsplashAPI.randomPhoto.url?.absoluteString == "https://api.unsplash.com/photos/random")
        #expect(UnsplashAPI.photo(id: "Dwu85P9SOIk").url?.query == nil)
    }

    @Test("Stage 2 says the key once: every Unsplash endpoint carries the same header")
    func oneKey() {
        let headers = [UnsplashAPI.searchPhotos(query: "a"), .randomPhoto, .photo(id: "b")].map(\.headers)
        #expect(Set(headers).count == 1)
        #expect(headers.first?["Authorization"] == "Client-ID \(FakeServers.demoAccessKey)")
    }

    @Test("Stage 2's login body is JSON, and the password is in it rather than the URL")
    func loginBody() throws {
        let api = PopcornAPI.login(username: "popcorn", password: "secret")
        let fields = try JSONSerialization.jsonObject(with: try #require(api.body)) as? [String: String]
        #expect(fields == ["username": "popcorn", "password": "secret"])
        #expect(api.url?.absoluteString.contains("secret") == false)
    }
}

extension FakeServerSuites.Stage2Tests {
    @Test("Stage 2 survives every bad reply", arguments: BadReplies.all)
    func badReply(_ badReply: BadReply) async {
        await check(badReply, on: Stage2Adapter())
    }
}

extension FakeServerSuites.Stage2Tests {
    @Test("Stage 2 sends what the user typed, or says exactly how it does not", arguments: BadInputs.all)
    func badInput(_ input: BadInput) async {
        await check(input, on: Stage2Adapter())
    }
}

extension FakeServerSuites.Stage2Tests {
    @Test("Stage 2's screens pass the shared screen case", arguments: ScreenCases.all)
    @MainActor func sharedScreenCase(_ screenCase: ScreenCase) async throws {
        try await screenCase.run(on: Stage2Adapter())
    }
}
