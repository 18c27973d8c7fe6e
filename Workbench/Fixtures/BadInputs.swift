// Bad input from the user: ids, queries and credentials that a careless request would mangle.
// What reaches the fake server is read from its log, so the damage a stage does is shown exactly.
import FakeServers
import Foundation
import Harness

/// One awkward thing a user might type, and what a stage without `exactRequests` does to it.
public struct BadInput: Sendable, CustomStringConvertible {
    public let name: String
    public let call: Call
    /// What the server reads when a stage cannot send this as typed; `nil` when every stage can.
    public let damage: String?

    public var description: String { name }

    package init(_ name: String, _ call: Call, damage: String? = nil) {
        self.name = name
        self.call = call
        self.damage = damage
    }

    /// What `stage` must get to the server: the input as typed, or a refusal before sending
    /// (a stage with `exactRequests`), or the pinned damage (a stage without).
    public func accepts(_ sent: String, from stage: StageInfo) -> Bool {
        if stage.capabilities.contains(.exactRequests) {
            return sent == BadInputs.asTyped || sent.hasPrefix(BadInputs.refused)
        }
        return sent == (damage ?? BadInputs.asTyped)
    }
}

public enum BadInputs {
    package static let asTyped = "as typed"
    package static let refused = "refused before sending"

    public static let all: [BadInput] = [
        BadInput("an id with a slash", .photo(id: "a/b"), damage: #"path ["photos","a","b"]"#),
        BadInput("an id that climbs out with ../", .photo(id: "../me"), damage: #"path ["me"]"#),
        BadInput("an id that is ..", .photo(id: ".."), damage: "path []"),
        BadInput("an id with a ?", .photo(id: "a?b"), damage: #"path ["photos","a"] query b="#),
        BadInput("an id with a #", .photo(id: "a#b"), damage: #"path ["photos","a"]"#),
        BadInput("an id with a %", .photo(id: "100%")),
        BadInput("an id that looks percent-encoded", .photo(id: "a%2Fb"), damage: #"path ["photos","a/b"]"#),
        BadInput("an id with a space", .photo(id: "a b")),
        BadInput("an id that is an emoji", .photo(id: "🍿")),
        BadInput("an empty id", .photo(id: ""), damage: #"path ["photos"]"#),
        BadInput("a query with + and #", .searchPhotos(query: "c++ & c#"), damage: #"query "c   & c#""#),
        BadInput("a query with = and &", .searchPhotos(query: "a=b&c=d")),
        BadInput("a query with %", .searchPhotos(query: "100% cotton")),
        BadInput("a query with a newline", .searchPhotos(query: "line\nbreak")),
        BadInput("a Korean query", .searchPhotos(query: "서울의 밤")),
        BadInput("a query of 10,000 characters", .searchPhotos(query: String(repeating: "가나다라마바사아자차", count: 1_000))),
        BadInput("an empty query", .searchPhotos(query: "")),
        BadInput(
            "credentials with quotes, backslashes, newlines and non-ASCII",
            .login(username: #"pop"corn\"#, password: "line\nbreak \"ünïcode\" \\ 🍿")),
    ]

    /// Sends `input` through `adapter` and says what reached the server, in the server's terms.
    public static func send(_ input: BadInput, through adapter: any StageAdapter, fake: FakeServers = .shared) async
        -> String
    {
        fake.reset()
        let outcome = await Scenarios.outcome(of: input.call, on: adapter)
        guard let request = fake.log.first, let view = request.serverView else {
            return refused + (outcome.succeeded ? "" : ": \(outcome.summary)")
        }
        switch input.call {
        case .photo(let id):
            if view.pathSegments == ["photos", id] && view.query.isEmpty { return asTyped }
            let query = view.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
            return "path " + json(view.pathSegments) + (query.isEmpty ? "" : " query \(query)")
        case .searchPhotos(let query):
            let values = view.values("query")
            return values == [query]
                ? asTyped : "query " + values.map { json([$0]).dropFirst().dropLast() }.joined(separator: ", ")
        case .login(let username, let password):
            return request.jsonStrings == ["username": username, "password": password] ? asTyped : "body changed"
        case .randomPhoto:
            return asTyped
        }
    }

    private static func json(_ strings: [String]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: strings, options: [.withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
