// Checks on built requests, with no network at all: run by every stage that can build its
// requests offline (from the router on), inside that stage's own suite.
import FakeServers
import Foundation
import Harness
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One check on the requests a stage builds.
struct RequestBuildingCase: Sendable, CustomTestStringConvertible {
    let name: String
    let check: @Sendable (any RequestBuilding) throws -> Void
    var testDescription: String { name }

    init(_ name: String, _ check: @escaping @Sendable (any RequestBuilding) throws -> Void) {
        self.name = name
        self.check = check
    }

    static var all: [RequestBuildingCase] {
        [
            RequestBuildingCase("an id is one path segment: '../me' is sent as ..%2Fme") { builder in
                let url = try builder.request(for: .photo(id: "../me")).get().url
                #expect(url?.absoluteString == "https://api.unsplash.com/photos/..%2Fme")
            },
            RequestBuildingCase("an id with ?, #, %, a space and an emoji stays in its segment") { builder in
                let url = try builder.request(for: .photo(id: "a?b#c%d e🍿")).get().url
                #expect(url?.absoluteString == "https://api.unsplash.com/photos/a%3Fb%23c%25d%20e%F0%9F%8D%BF")
            },
            RequestBuildingCase("an empty id, '.' or '..' is refused before anything is sent") { builder in
                for id in ["", ".", ".."] {
                    let failure = try #require(builder.request(for: .photo(id: id)).failure)
                    #expect(failure.kind == .invalidRequest, "id \"\(id)\"")
                }
            },
            RequestBuildingCase("a + in a query is sent as %2B, so the server does not read a space") { builder in
                let url = try builder.request(for: .searchPhotos(query: "c++ & co")).get().url
                #expect(url?.query == "query=c%2B%2B%20%26%20co")
            },
            RequestBuildingCase("a GET has its parameters in the query and no body") { builder in
                let request = try builder.request(for: .searchPhotos(query: "dogs")).get()
                #expect(request.httpMethod == "GET")
                #expect(request.httpBody == nil)
                #expect(request.value(forHTTPHeaderField: "Content-Type") == nil)
                #expect(request.value(forHTTPHeaderField: "Authorization") == "Client-ID \(FakeServers.demoAccessKey)")
            },
            RequestBuildingCase("login is a POST with a JSON body, its Content-Type, and no query") { builder in
                let request = try builder.request(for: .login(username: "popcorn", password: "p\"w")).get()
                #expect(request.httpMethod == "POST")
                #expect(request.url?.absoluteString == "https://popcorn.example/login")
                #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
                let body = try #require(request.httpBody)
                let fields = try JSONSerialization.jsonObject(with: body) as? [String: String]
                #expect(fields == ["username": "popcorn", "password": "p\"w"])
            },
            RequestBuildingCase("login's JSON body has its keys sorted, so the same call sends the same bytes") {
                builder in
                let body = try #require(
                    try builder.request(for: .login(username: "popcorn", password: "pw")).get().httpBody)
                #expect(String(decoding: body, as: UTF8.self) == #"{"password":"pw","username":"popcorn"}"#)
            },
            RequestBuildingCase(
                "login's body keeps every character: quotes, backslashes, control characters, emoji, Hangul"
            ) { builder in
                let password = "\"q\" \\ / \n\r\t\u{0}\u{1}\u{1F}\u{7F} 🍿 팝콘 é"
                let body = try #require(
                    try builder.request(for: .login(username: "pop\u{8}corn", password: password)).get().httpBody)
                let fields = try JSONSerialization.jsonObject(with: body) as? [String: String]
                #expect(fields == ["username": "pop\u{8}corn", "password": password])
            },
            RequestBuildingCase("a call without parameters has no query at all") { builder in
                let url = try builder.request(for: .randomPhoto).get().url
                #expect(url?.absoluteString == "https://api.unsplash.com/photos/random")
            },
        ]
    }
}

extension Result {
    var failure: Failure? {
        guard case .failure(let failure) = self else { return nil }
        return failure
    }
}
