// Stage 5's own checks, which name Stage5Router's types (its Router). Kata 5's branch sets this
// file aside, since stage 4's code has none of them; the learner's branch keeps it. They
// are a target of their own, so that setting one aside rebuilds only this small target.
import Stage5Router
import Testing

@Suite("Stage5Router's own types")
struct Stage5TypesTests {
    /// A router for `/photos/x` on whichever base URL it is given.
    struct BaseRouter: Stage5Router.Router {
        let baseURL: String
        let pathSegments = ["photos", "x"]
        let method = HTTPMethod.get
        let headers: [String: String] = [:]
        let parameters: [String: String] = [:]
    }

    @Test("Stage 5 takes a scheme and host as its base URL, and refuses one with a path, query or fragment")
    func baseURLs() {
        expectBaseURLs { try BaseRouter(baseURL: $0).asURLRequest().url }
    }
}

extension Stage5TypesTests {
    /// A POST with twelve parameters, built by the same `asURLRequest()` as every endpoint.
    struct TwelveFieldsRouter: Stage5Router.Router {
        let baseURL = "https://api.example.com"
        let pathSegments = ["forms"]
        let method = HTTPMethod.post
        let headers: [String: String] = [:]
        let parameters = twelveFields
    }

    @Test("Stage 5's router sorts a JSON body's keys, so the same call sends the same bytes in every run")
    func sortedBody() throws {
        expectSortedBody(try TwelveFieldsRouter().asURLRequest().httpBody)
    }
}
