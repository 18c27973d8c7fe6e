// Stage 2's own checks, which name Stage2EnumAPI's types (its endpoint enums). Kata 2's branch
// sets this file aside, since stage 1's code has none of them; the learner's branch keeps it. They
// are a target of their own, so that setting one aside rebuilds only this small target.
import FakeServers
import Foundation
import Stage2EnumAPI
import Testing

@Suite("Stage2EnumAPI's own types")
struct Stage2TypesTests {
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
