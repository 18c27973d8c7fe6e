// Exercise 3b: a new `APIError` case, `serviceUnavailable(retryAfter:)`, that every `switch` over the
// error must handle. Checked by what stage 3's screens show for a 503 that says when to come back.
import FakeServers
import Foundation
import Harness
import Models
import StageTesting
import Testing

enum Exercise3b {
    static let page = ExercisePage(name: "3b")
    static let notBegun = NotBegun(
        english: "stage 3 does not make serviceUnavailable from it yet",
        korean: "3단계는 이 응답에서 아직 `serviceUnavailable`을 만들지 않습니다")
    static let knownID = "Dwu85P9SOIk"
    /// What the photo screen shows for any server failure, such as a 503 that names no wait.
    static let troubleWords = "trouble"

    /// A 503 from Unsplash that says when to come back, or not.
    static func unavailable(retryAfter: String?, status: Int = 503) -> Override {
        var headers = ["Content-Type": "application/json"]
        headers["Retry-After"] = retryAfter
        return Override(status: status, headers: headers, body: Data(#"{"errors":["Service Unavailable"]}"#.utf8))
    }

    /// Stage 3's call site on a fresh fake, or nil after saying where to start: a 503 with
    /// `Retry-After: 120` still reaches the caller and the photo screen exactly as any 503 does.
    static func begun() async throws -> (any StageAdapter, FakeServers)? {
        let adapter: any StageAdapter = Stage3Adapter()
        let fake = freshFake()
        fake.override(.photo, with: unavailable(retryAfter: nil))
        let plain = await adapter.photo(id: knownID).failure?.message
        fake.override(.photo, with: unavailable(retryAfter: nil))
        let plainSentence = try await detail(on: adapter)
        fake.override(.photo, with: unavailable(retryAfter: "120"))
        let waiting = await adapter.photo(id: knownID).failure?.message
        fake.override(.photo, with: unavailable(retryAfter: "120"))
        let waitingSentence = try await detail(on: adapter)
        guard plain != waiting || plainSentence != waitingSentence else {
            let notBegun = page.says(
                """
                A 503 with Retry-After: 120 still reaches the caller and the photo screen as any 503 does \
                ("\(waiting ?? "")"): \(Self.notBegun.english).
                """,
                korean: """
                    Retry-After: 120이 붙은 503도 다른 503처럼 호출부와 사진 화면에 그대로 전달됩니다\
                    (메시지: "\(waiting ?? "")"). \(Self.notBegun.korean).
                    """)
            let caseThere = page.says(
                "If the case is there already, go on with step 7: init(response:body:) makes it.",
                korean: "case를 이미 추가했다면 7번으로 넘어가세요. `init(response:body:)`에서 이 case를 만듭니다.")
            Issue.record("\(notBegun) \(page.start) \(caseThere)")
            return nil
        }
        fake.reset()
        return (adapter, fake)
    }

    /// What a new photo screen's detail shows once the photo's load is over.
    @MainActor
    static func detail(on adapter: any StageAdapter) async throws -> ScreenState<Photo> {
        let screen = adapter.makePhotoScreen()
        screen.showPhoto(id: knownID)
        _ = try await settles { screen.detail.isOver }
        return screen.detail
    }

    @MainActor
    static func results(on adapter: any StageAdapter, query: String) async throws -> ScreenState<[Photo]> {
        let screen = adapter.makePhotoScreen()
        screen.search(query)
        _ = try await settles { screen.results.isOver }
        return screen.results
    }

    @MainActor
    static func signIn(on adapter: any StageAdapter) async throws -> LoginState {
        let screen = adapter.makeLoginScreen()
        screen.username = FakeServers.demoUsername
        screen.password = "wrong-on-purpose"
        screen.signIn()
        _ = try await settles {
            if case .refused = screen.state { return true }
            return screen.state == .signedIn
        }
        return screen.state
    }

    static var cases: [StepCase] {
        [
            StepCase("the photo screen names the wait of a 503 with Retry-After, and offers Retry") {
                guard let started = try await begun() else { return }
                let (adapter, fake) = started
                fake.override(.photo, with: unavailable(retryAfter: "120"))
                let shown = try await detail(on: adapter)
                guard case .failed(let sentence, let canRetry) = shown else {
                    Issue.record(
                        page.comment(
                            4, "the photo's detail shows \(shown.brief), not a failure",
                            korean: "사진 화면의 상세(`detail`)가 실패 대신 \(shown.brief) 상태입니다"))
                    return
                }
                #expect(
                    sentence.contains("maintenance") && sentence.contains("2 minutes"),
                    page.comment(
                        4,
                        "for Retry-After: 120 the photo screen says \"\(sentence)\": it must name the maintenance and the wait, 2 minutes",
                        korean:
                            "Retry-After: 120이면 사진 화면에 \"\(sentence)\"라고 표시됩니다. 문구에 maintenance와 2 minutes가 들어가야 합니다"
                    ))
                #expect(
                    canRetry,
                    page.comment(4, "no Retry for a wait that ends", korean: "기다리면 다시 시도할 수 있는 실패인데 Retry 버튼이 없습니다"))
                fake.override(.searchPhotos, with: unavailable(retryAfter: "30"))
                let found = try await results(on: adapter, query: "coffee")
                guard case .failed(let searchSentence, _) = found else {
                    Issue.record(
                        page.comment(
                            4, "the search results show \(found.brief), not a failure",
                            korean: "사진 화면의 검색 결과(`results`)가 실패 대신 \(found.brief) 상태입니다"))
                    return
                }
                #expect(
                    searchSentence.contains("1 minute"),
                    page.comment(
                        4,
                        "for Retry-After: 30 the search says \"\(searchSentence)\": a wait under a minute reads as 1 minute, rounded up",
                        korean:
                            "Retry-After: 30이면 검색 결과에 \"\(searchSentence)\"라고 표시됩니다. 1분이 안 되는 대기는 올림해서 1 minute으로 표시해야 합니다"
                    ))
            },
            StepCase("the sign-in screen names the wait too") {
                guard let started = try await begun() else { return }
                let (adapter, fake) = started
                fake.override(
                    .login,
                    with: Override(
                        status: 503, headers: ["Retry-After": "60", "Content-Type": "application/json"],
                        body: Data(#"{"resultCode":503,"status":"fail","data":"Service Unavailable"}"#.utf8)))
                let state = try await signIn(on: adapter)
                guard case .refused(let sentence, let canRetry) = state else {
                    Issue.record(
                        page.comment(
                            5, "the sign-in screen shows \(state), not a refusal",
                            korean: "로그인 화면이 거절(`refused`) 대신 \(state) 상태입니다"))
                    return
                }
                #expect(
                    sentence.contains("maintenance") && sentence.contains("1 minute"),
                    page.comment(
                        5,
                        "for Retry-After: 60 the sign-in screen says \"\(sentence)\": it must name the maintenance and the wait, 1 minute",
                        korean: "Retry-After: 60이면 로그인 화면에 \"\(sentence)\"라고 표시됩니다. 문구에 maintenance와 1 minute이 들어가야 합니다"
                    ))
                #expect(
                    canRetry,
                    page.comment(
                        5, "no Retry on the sign-in screen for a wait that ends",
                        korean: "기다리면 다시 시도할 수 있는 실패인데 로그인 화면에 Retry 버튼이 없습니다"))
            },
            StepCase("to the caller it is still a server failure, whose message names the seconds") {
                guard let started = try await begun() else { return }
                let (adapter, fake) = started
                fake.override(.photo, with: unavailable(retryAfter: "120"))
                let failure = await adapter.photo(id: knownID).failure
                #expect(
                    failure?.kind == .server,
                    page.comment(
                        6,
                        "the adapter names its kind \(failure?.kind.map { "\($0)" } ?? "nil"), not server: a 503 is a server failure to every screen that does not look closer",
                        korean: """
                            어댑터가 분류한 실패의 `kind`가 \(failure?.kind.map { "\($0)" } ?? "nil")입니다. 기대한 값: `server`. \
                            자세히 들여다보지 않는 화면에서는 503도 서버 실패입니다
                            """
                    ))
                #expect(
                    failure?.message.contains("120") == true,
                    page.comment(
                        3, "the error's description is \"\(failure?.message ?? "")\": it does not name the 120 seconds",
                        korean: "에러의 설명이 \"\(failure?.message ?? "")\"입니다. 설명에 120초가 들어가야 합니다")
                )
            },
            StepCase("a 503 without a wait in seconds, or another status with one, stays an ordinary server failure") {
                guard let started = try await begun() else { return }
                let (adapter, fake) = started
                let others: [(String, korean: String, Override)] = [
                    ("a 503 with no Retry-After", "Retry-After가 없는 503", unavailable(retryAfter: nil)),
                    (
                        "a 503 whose Retry-After is a date", "Retry-After가 날짜인 503",
                        unavailable(retryAfter: "Wed, 21 Oct 2026 07:28:00 GMT")
                    ),
                    ("a 503 whose Retry-After is negative", "Retry-After가 음수인 503", unavailable(retryAfter: "-5")),
                    (
                        "a 500 with Retry-After: 120", "Retry-After: 120이 붙은 500",
                        unavailable(retryAfter: "120", status: 500)
                    ),
                ]
                for (what, whatKorean, override) in others {
                    fake.override(.photo, with: override)
                    let shown = try await detail(on: adapter)
                    let ordinary: Bool
                    if case .failed(let sentence, true) = shown {
                        ordinary = sentence.contains(troubleWords)
                    } else {
                        ordinary = false
                    }
                    #expect(
                        ordinary,
                        page.comment(
                            7,
                            "for \(what) the photo screen shows \(shown.brief): only a 503 with a whole number of seconds is serviceUnavailable",
                            korean: """
                                \(whatKorean)을 받은 사진 화면이 \(shown.brief) 상태입니다. 다른 서버 실패와 똑같이 보여야 합니다. \
                                `serviceUnavailable`이 되는 것은 Retry-After가 0 이상의 정수 초인 503뿐입니다
                                """
                        ))
                }
            },
        ]
    }
}
