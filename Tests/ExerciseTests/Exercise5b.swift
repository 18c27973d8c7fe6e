// Exercise 5b: the learner's offline check of stage 5's search request (Stage5bSearchCheck.swift),
// proven real. It must find nothing wrong with the router's own requests, or with a request the
// server reads the same way, and must catch every wrong request planted here: a check that checks
// nothing, or that compares bytes with the router's output, fails.
import FakeServers
import Foundation
import Harness
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

enum Exercise5b {
    static let page = ExercisePage(name: "5b")
    static let notBegun = NotBegun(
        english: "Exercise 5b's check is not written yet", korean: "연습 문제 5b의 검사를 아직 작성하지 않았습니다")
    static let query = "C++ & tea"
    static let key = FakeServers.demoAccessKey

    /// The learner's check of `request`, or nil after saying where to start.
    static func problems(_ request: URLRequest, query: String) -> [String]? {
        guard let problems = searchRequestProblems(request, query: query) else {
            let notBegun = page.says(
                """
                \(Self.notBegun.english): searchRequestProblems(_:query:) in \
                Tests/ExerciseTests/Stage5bSearchCheck.swift returns nil.
                """,
                korean: """
                    \(Self.notBegun.korean). Tests/ExerciseTests/Stage5bSearchCheck.swift의 \
                    `searchRequestProblems(_:query:)`가 nil을 반환합니다.
                    """)
            Issue.record("\(notBegun) \(page.start)")
            return nil
        }
        return problems
    }

    /// The search request stage 5's router builds, offline. Reached through the capability, not
    /// the adapter's own method: during kata 5 the adapter in stage 5's place does not have one yet.
    static func routerRequest(_ query: String) throws -> URLRequest {
        let builder = try #require(
            Stage5Adapter() as (any StageAdapter) as? any RequestBuilding,
            page.note(
                "Stage5Adapter builds no request offline yet: kata 5 is in progress, or RequestBuilding was removed",
                korean: """
                    `Stage5Adapter`로는 아직 요청을 보내지 않고 만들어 볼 수 없습니다. 카타 5를 진행하는 중이거나 \
                    `RequestBuilding`이 삭제된 상태입니다
                    """))
        return try builder.request(for: .searchPhotos(query: query)).get()
    }

    /// A search request as written by hand: a URL, a method, headers and a body.
    static func request(
        _ url: String, method: String = "GET", headers: [String: String] = ["Authorization": "Client-ID \(key)"],
        body: String? = nil
    ) throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body.map { Data($0.utf8) }
        return request
    }

    /// `C++ & tea`, encoded as the router encodes it.
    static let encoded = "C%2B%2B%20%26%20tea"
    static let base = "https://api.unsplash.com/search/photos"

    /// A wrong request, and the step whose check catches it.
    struct Planted: Sendable {
        let what: String
        /// `what`, for the Korean edition.
        let korean: String
        let step: Int
        let make: @Sendable () throws -> URLRequest
    }

    static var planted: [Planted] {
        [
            Planted(what: "a POST with the query in a JSON body", korean: "쿼리를 JSON 바디에 담은 POST 요청", step: 3) {
                try request(base, method: "POST", body: #"{"query":"C++ & tea"}"#)
            },
            Planted(what: "a GET that also carries a body", korean: "바디까지 실은 GET 요청", step: 3) {
                var wrong = try routerRequest(query)
                wrong.httpBody = Data("{}".utf8)
                return wrong
            },
            Planted(
                what: "a search sent over http, where the key travels in clear",
                korean: "http로 보내서 키가 암호화되지 않은 채 오가는 검색 요청", step: 4
            ) {
                try request("http://api.unsplash.com/search/photos?query=\(encoded)")
            },
            Planted(
                what: "a search sent to unsplash.com, not api.unsplash.com",
                korean: "api.unsplash.com이 아니라 unsplash.com으로 보낸 검색 요청", step: 4
            ) {
                try request("https://unsplash.com/search/photos?query=\(encoded)")
            },
            Planted(
                what: "a search sent to /search/photo, one letter short", korean: "한 글자가 빠진 /search/photo로 보낸 검색 요청",
                step: 4
            ) {
                try request("https://api.unsplash.com/search/photo?query=\(encoded)")
            },
            Planted(
                what: "a search whose + signs are sent bare, which the server reads as spaces",
                korean: "+ 기호를 인코딩하지 않아서 서버가 공백으로 읽는 검색 요청", step: 5
            ) {
                try request("\(base)?query=C++%20%26%20tea")
            },
            Planted(
                what: "a search whose & is sent bare, which splits the query in two",
                korean: "& 기호를 인코딩하지 않아서 쿼리가 둘로 나뉘는 검색 요청", step: 5
            ) {
                try request("\(base)?query=C%2B%2B%20&%20tea")
            },
            Planted(
                what: "a search with a stray ?=, a parameter with no name", korean: "이름 없는 파라미터(?=)가 붙은 검색 요청", step: 5
            ) {
                try request("\(base)?query=\(encoded)&=")
            },
            Planted(what: "a search whose query is named q", korean: "쿼리 파라미터 이름이 q인 검색 요청", step: 5) {
                try request("\(base)?q=\(encoded)")
            },
            Planted(what: "a search that sends its query twice", korean: "쿼리를 두 번 보내는 검색 요청", step: 5) {
                try request("\(base)?query=\(encoded)&query=\(encoded)")
            },
            Planted(what: "a search for another query, coffee", korean: "다른 쿼리(coffee)로 보낸 검색 요청", step: 5) {
                try request("\(base)?query=coffee")
            },
            Planted(what: "a search with no Authorization header", korean: "Authorization 헤더가 없는 검색 요청", step: 6) {
                try request("\(base)?query=\(encoded)", headers: [:])
            },
            Planted(
                what: "a search with the key in the URL too, as client_id", korean: "키를 URL의 client_id로도 보내는 검색 요청",
                step: 6
            ) {
                try request("\(base)?query=\(encoded)&client_id=\(key)")
            },
            Planted(
                what: "a search whose Authorization is Bearer, not Client-ID",
                korean: "Authorization이 Client-ID가 아니라 Bearer인 검색 요청", step: 6
            ) {
                try request("\(base)?query=\(encoded)", headers: ["Authorization": "Bearer \(key)"])
            },
            Planted(what: "a search with another key", korean: "다른 키로 보낸 검색 요청", step: 6) {
                try request("\(base)?query=\(encoded)", headers: ["Authorization": "Client-ID not-the-workbook-key"])
            },
        ]
    }

    /// Right requests that are not byte for byte the router's: the server reads each as the search.
    static var alike: [(what: String, korean: String, make: @Sendable () throws -> URLRequest)] {
        [
            (
                "the query's spaces sent as +, which the server reads as spaces",
                "쿼리의 공백을 %20 대신 +로 보낸 요청",
                { try request("\(base)?query=C%2B%2B+%26+tea") }
            ),
            (
                "the query's escapes in lower-case hex", "쿼리의 이스케이프를 소문자 16진수로 쓴 요청",
                { try request("\(base)?query=C%2b%2b%20%26%20tea") }
            ),
            (
                "one more header, Accept: application/json", "Accept: application/json 헤더가 하나 더 붙은 요청",
                {
                    try request(
                        "\(base)?query=\(encoded)",
                        headers: ["Authorization": "Client-ID \(key)", "Accept": "application/json"])
                }
            ),
        ]
    }

    static var cases: [StepCase] {
        [
            StepCase("the check finds nothing wrong with the router's own search requests") {
                for query in [query, "서울 밤", "50% off/sale", "coffee"] {
                    guard let found = problems(try routerRequest(query), query: query) else { return }
                    let tooStrict = page.says(
                        """
                        Your check finds problems in the router's own search for "\(query)": \(found). The router \
                        builds it right, so one of the checks of steps 3 to 6 is too strict: the problem it names \
                        says which.
                        """,
                        korean: """
                            직접 작성한 검사가, 라우터가 만든 "\(query)" 검색 요청에서 문제를 찾았습니다: \(found). \
                            라우터는 이 요청을 올바르게 만들므로 3~6번의 검사 중 하나가 너무 엄격합니다. 찾은 문제를 \
                            보면 어느 검사인지 알 수 있습니다.
                            """)
                    #expect(found.isEmpty, "\(tooStrict) \(page.steps(3, to: 6)).")
                }
            },
            StepCase("the check finds nothing wrong with a request the server reads as the same search") {
                for (what, korean, make) in alike {
                    guard let found = problems(try make(), query: query) else { return }
                    #expect(
                        found.isEmpty,
                        page.comment(
                            5,
                            "your check refuses a right request, \(what): it says \(found), yet the server reads it as the search for \"\(query)\". Compare what the server reads (ServerView), and the one header that matters, not the request's text",
                            korean: """
                                직접 작성한 검사가 올바른 요청을 거절합니다. \(korean)에서 찾은 문제: \(found). \
                                서버는 이 요청을 "\(query)" 검색으로 읽습니다. 요청의 텍스트가 아니라, 서버가 읽는 내용\
                                (`ServerView`)과 중요한 헤더 하나를 비교하세요
                                """
                        ))
                }
            },
        ]
            + planted.map { plant in
                StepCase("the check catches \(plant.what)") {
                    guard let found = problems(try plant.make(), query: query) else { return }
                    #expect(
                        !found.isEmpty,
                        page.comment(
                            plant.step, "your check finds nothing wrong with \(plant.what)",
                            korean: "직접 작성한 검사가 \(plant.korean)에서 아무 문제도 찾지 못했습니다"))
                }
            }
    }
}
