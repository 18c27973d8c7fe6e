// Stage 6's own checks, which name Stage6Async's types (its Router). `workbook kata start 6` sets
// this file aside, since stage 5's code has a router of another module; `kata reset 6` brings it back.
import Stage6Async
import Testing

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
}
