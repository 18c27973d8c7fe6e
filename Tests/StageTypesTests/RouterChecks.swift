// Checks on a router that the stages' own tests share: stages 5 and 6 each have one, and each
// stage's check builds its own router, since the router's protocol is the stage's.
import Foundation
import Testing

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
