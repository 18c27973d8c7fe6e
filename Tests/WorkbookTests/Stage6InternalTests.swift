// Stage 6's own checks, which name Stage6Async's types (its Router). `workbook kata start 6` sets
// this file aside, since stage 5's code has a router of another module; `kata reset 6` brings it back.
import Foundation
import Stage6Async
import StageAdapters
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension SeparateFakeSuites.Stage6Tests {
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

    @Test("Stage 6 offers the bench its plugin rows: no plugins, and the logger alone")
    func benchVariants() {
        let names = Stage6Adapter(session: URLSession.shared).benchVariants(session: URLSession.shared).map(\.name)
        #expect(names == ["6, no plugins", "6, logger only"])
    }
}
