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

/// Twelve fields for a router's JSON body. With two keys, as login has, an encoder that does not
/// sort them still puts them in order in half of all runs; twelve unsorted keys come out sorted in
/// one run in 479 million, so a missing sort fails the check every time.
let twelveFields = Dictionary(uniqueKeysWithValues: "abcdefghijkl".map { ("\($0)-field", "\($0)") })

/// The body a router must build from `twelveFields`: every key, in sorted order.
func expectSortedBody(_ body: Data?, sourceLocation: SourceLocation = #_sourceLocation) {
    let fields = twelveFields.keys.sorted().map { #""\#($0)":"\#(twelveFields[$0] ?? "")""# }
    #expect(
        String(decoding: body ?? Data(), as: UTF8.self) == "{" + fields.joined(separator: ",") + "}",
        "the same call must send the same bytes", sourceLocation: sourceLocation)
}

extension Result {
    var failure: Failure? {
        guard case .failure(let failure) = self else { return nil }
        return failure
    }
}

/// Base URLs a router is given, and the URL it must build from each for the segments `photos`,
/// `x`; `nil` where it must refuse, since a path, query or fragment in a base would change the
/// address or be lost.
let baseURLExpectations: [(base: String, url: String?)] = [
    ("https://api.example.com", "https://api.example.com/photos/x"),
    ("https://api.example.com/", "https://api.example.com/photos/x"),
    ("http://localhost:8080", "http://localhost:8080/photos/x"),
    ("https://api.example.com/v1", nil),
    ("https://api.example.com?v=1", nil),
    ("https://api.example.com#top", nil),
    ("api.example.com", nil),
    ("//api.example.com", nil),
    ("", nil),
]

/// Checks what a router built from each of `baseURLExpectations`: `build` returns the URL, or
/// throws the stage's `invalidRequest`, whose text says why.
func expectBaseURLs(sourceLocation: SourceLocation = #_sourceLocation, _ build: (String) throws -> URL?) {
    for (base, expected) in baseURLExpectations {
        do {
            let url = try build(base)
            #expect(url?.absoluteString == expected, "base \"\(base)\"", sourceLocation: sourceLocation)
        } catch {
            #expect(expected == nil, "base \"\(base)\": \(error)", sourceLocation: sourceLocation)
            #expect("\(error)".contains("not a base URL"), "base \"\(base)\": \(error)", sourceLocation: sourceLocation)
        }
    }
}
