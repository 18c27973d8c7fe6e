// Stage 6's own checks, which name Stage6Async's types (its Router). Kata 6's branch sets this file
// aside, since stage 5's code has a router of another module; the learner's branch keeps it.
// They are a target of their own, so that setting one aside rebuilds only this small target; the
// logger's check takes turns on the separate fake with the suites that use it.
import FakeServers
import FakeTurns
import Foundation
import Harness
import Stage6Async
import StageTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Stage6Async's own types", .serialized, .separateFakeTurn)
struct Stage6TypesTests {
    /// A POST with twelve parameters, built by the same `asURLRequest()` as every endpoint.
    struct TwelveFieldsRouter: Stage6Async.Router {
        let baseURL = "https://api.example.com"
        let pathSegments = ["forms"]
        let method = HTTPMethod.post
        let headers: [String: String] = [:]
        let parameters = twelveFields
    }

    @Test("Stage 6's router sorts a JSON body's keys, so the same call sends the same bytes in every run")
    func sortedBody() throws {
        expectSortedBody(try TwelveFieldsRouter().asURLRequest().httpBody)
    }

    @Test("Stage 6 offers the bench its rows with less: the router alone, no plugins, the logger alone")
    func benchVariants() {
        let names = Stage6Adapter(session: URLSession.shared).benchVariants(session: URLSession.shared).map(\.name)
        #expect(names == ["6, router only", "6, no plugins", "6, logger only"])
    }
}

extension Stage6TypesTests {
    /// A router for `/photos/x` on whichever base URL it is given.
    struct BaseRouter: Stage6Async.Router {
        let baseURL: String
        let pathSegments = ["photos", "x"]
        let method = HTTPMethod.get
        let headers: [String: String] = [:]
        let parameters: [String: String] = [:]
    }

    @Test("Stage 6 takes a scheme and host as its base URL, and refuses one with a path, query or fragment")
    func baseURLs() {
        expectBaseURLs { try BaseRouter(baseURL: $0).asURLRequest().url }
    }
}

extension Stage6TypesTests {
    @Test("Stage 6's logger keeps its last `capacity` lines, oldest first, however many calls came before")
    func loggerCapacity() async throws {
        _ = freshFake(.separate)
        let logger = LoggerPlugin(capacity: 3)
        let client = APIClient(
            session: URLSession(configuration: FakeServers.separate.sessionConfiguration()), plugins: [logger])
        let photoManager = PhotoManager(client: client)
        // Seven calls, so the log trims once (at twice its capacity) and then holds more than it shows.
        let ids = [
            "Dwu85P9SOIk", "LBI7cgq3pbM", "yC-Yzbqy7PY", "8manzosDSGM", "3Z70SDuYs5g", "NodtnCsLdTE", "IicyiaPYGGI",
        ]
        for id in ids {
            _ = try await photoManager.photo(id: id)
        }
        let urls = logger.lines.map { String($0.split(separator: " ")[1]) }
        #expect(urls == ids.suffix(3).map { "https://api.unsplash.com/photos/\($0)" })
    }
}
