// Exercise 6b: a home screen whose `load(topic:)` starts today's photo and a topic's search at once
// with `async let`, and stops both when the person leaves. The fake holds the replies back, so
// "at once" is proven by both requests being held together, with no clock involved.
import FakeServers
import Foundation
import Harness
import Models
import StageTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

enum Exercise6b {
    static let page = ExercisePage(name: "6b")
    static let notBegun = NotBegun(english: "Stage 6 has no home screen yet", korean: "6단계에는 아직 홈 화면이 없습니다")
    static let topic = "coffee"

    /// A new home screen from stage 6's call site, on a fresh fake; or nil after saying where to start.
    @MainActor
    static func homeScreen() -> (any HomeScreenModel, FakeServers)? {
        let session = URLSession(configuration: FakeServers.sessionConfiguration())
        let adapter: any StageAdapter = Stage6Adapter(session: session)
        guard let making = adapter as? any HomeScreenMaking else {
            Issue.record("\(notBegun.adapter("Stage6Adapter", lacks: "HomeScreenMaking", on: page))")
            return nil
        }
        let fake = freshFake()
        return (making.makeHomeScreen(), fake)
    }

    /// Holds both loads' replies, starts `load(topic:)`, and waits until both requests are held at
    /// once. Records which one never came, and lets everything go, if they are not.
    @MainActor
    static func startHeld(_ screen: any HomeScreenModel, on fake: FakeServers) async
        -> (loading: Task<Void, Never>, random: Hold, search: Hold, together: Bool)
    {
        let random = fake.hold(.randomPhoto)
        let search = fake.hold(.searchPhotos)
        let loading = Task { await screen.load(topic: topic) }
        let randomHeld = await random.waitUntilHeld(1, timeout: .seconds(5))
        let searchHeld = await search.waitUntilHeld(1, timeout: .seconds(5))
        guard randomHeld, searchHeld else {
            let sent = [randomHeld ? "today's random photo" : nil, searchHeld ? "the search" : nil].compactMap { $0 }
            let sentKorean = [randomHeld ? "오늘의 사진 요청" : nil, searchHeld ? "검색 요청" : nil].compactMap { $0 }
            Issue.record(
                page.comment(
                    4,
                    """
                    while the fake held the replies back, load(topic:) sent \
                    \(sent.isEmpty ? "no request" : "only \(sent.joined())"): start both with async let, \
                    before awaiting either
                    """,
                    korean: """
                        가짜 서버가 응답을 붙잡고 있는 동안 `load(topic:)`이 \
                        \(sent.isEmpty ? "요청을 하나도 보내지 않았습니다" : "\(sentKorean.joined())만 보냈습니다"). \
                        두 요청을 모두 `async let`으로 시작한 뒤에 await하세요
                        """))
            random.open()
            search.open()
            await loading.value
            return (loading, random, search, false)
        }
        return (loading, random, search, true)
    }

    static var cases: [StepCase] {
        [
            StepCase("both requests are in flight together, and each part shows what it got") {
                try await bothAtOnce()
            },
            StepCase("leaving stops both requests, and the screen shows nothing new afterwards") {
                try await leaving()
            },
            StepCase("a load that fails fails only its own part") {
                try await oneFails()
            },
        ]
    }

    @MainActor
    static func bothAtOnce() async throws {
        guard let made = homeScreen() else { return }
        let (screen, fake) = made
        let started = await startHeld(screen, on: fake)
        guard started.together else { return }
        #expect(
            screen.featured == .loading && screen.results == .loading,
            page.comment(
                4,
                "while both loads wait, the screen shows \(screen.featured.brief) and \(screen.results.brief), not loading twice",
                korean:
                    "두 로드가 응답을 기다리는 동안에는 둘 다 `loading`이어야 하는데, 오늘의 사진은 \(screen.featured.brief), 검색 결과는 \(screen.results.brief)입니다"
            ))
        started.random.release()
        started.search.release()
        await started.loading.value
        #expect(
            screen.featured.loadedValue?.id != nil,
            page.comment(
                4, "once both answered, today's photo shows \(screen.featured.brief)",
                korean: "두 응답이 모두 왔는데 오늘의 사진이 \(screen.featured.brief) 상태입니다. 받은 사진을 보여 줘야 합니다"))
        #expect(
            screen.results.loadedValue?.map(\.id) == ["Dwu85P9SOIk", "Rk3OQZ1Y5Jw"],
            page.comment(
                4, "once both answered, the search shows \(screen.results.brief)",
                korean: "두 응답이 모두 왔는데 검색 결과가 \(screen.results.brief) 상태입니다. 받은 검색 결과를 보여 줘야 합니다"))
        let queries = fake.log.compactMap { $0.serverView?.values("query").first }
        #expect(
            queries == [topic],
            page.comment(
                4, "the search asked for \(queries), not [\"\(topic)\"]",
                korean: "검색 요청의 query 값이 \(queries)입니다. 기대한 값: [\"\(topic)\"]"))
    }

    @MainActor
    static func leaving() async throws {
        guard let made = homeScreen() else { return }
        let (screen, fake) = made
        let started = await startHeld(screen, on: fake)
        guard started.together else { return }
        // What SwiftUI does to a view's `.task` when the view goes away.
        started.loading.cancel()
        _ = try await settles { fake.stoppedRequests == 2 }
        let stopped = fake.stoppedRequests
        #expect(
            stopped == 2,
            page.comment(
                5,
                "leaving stopped \(stopped) of the 2 requests: start no Task of your own in load(topic:); async let's children are cancelled with the task that awaits them",
                korean: """
                    화면을 떠날 때 요청 2개 중 \(stopped)개가 멈췄습니다. `load(topic:)` 안에서 직접 `Task`를 시작하지 마세요. \
                    `async let`의 자식 태스크는 자신을 await하는 태스크와 함께 취소됩니다
                    """
            ))
        // Anything still held answers now, as a slow server would after the person left.
        started.random.open()
        started.search.open()
        await started.loading.value
        #expect(
            screen.featured == .loading && screen.results == .loading,
            page.comment(
                6,
                "after the person left, the screen shows \(screen.featured.brief) and \(screen.results.brief): check Task.isCancelled before changing the state",
                korean: """
                    사용자가 떠난 뒤에도 화면의 상태가 바뀌었습니다. 오늘의 사진은 \(screen.featured.brief), \
                    검색 결과는 \(screen.results.brief)입니다. 상태를 바꾸기 전에 `Task.isCancelled`를 확인하세요
                    """
            ))
    }

    @MainActor
    static func oneFails() async throws {
        guard let made = homeScreen() else { return }
        let (screen, fake) = made
        fake.override(.randomPhoto, with: .reply(status: 500, body: #"{"errors":["Internal server error"]}"#))
        await screen.load(topic: topic)
        guard case .failed = screen.featured else {
            Issue.record(
                page.comment(
                    4, "with a 500 for today's photo, it shows \(screen.featured.brief), not a failure",
                    korean: "오늘의 사진 요청이 500을 받았는데, 오늘의 사진이 실패 대신 \(screen.featured.brief) 상태입니다"))
            return
        }
        #expect(
            screen.results.loadedValue?.isEmpty == false,
            page.comment(
                4, "today's photo failed and the search shows \(screen.results.brief): each part keeps its own outcome",
                korean: """
                    오늘의 사진이 실패했는데 검색 결과가 \(screen.results.brief) 상태입니다. \
                    두 로드는 각자 자기 결과로 끝나야 합니다
                    """)
        )
    }
}
