// Exercise 4b: `favorite(photoID:)`, a signed-in call whose reply has no body, as one line through
// stage 4's generic request. No message prints a token: CI fails a run whose output holds one.
import FakeServers
import Foundation
import Harness
import Models
import StageTesting
import Testing

enum Exercise4b {
    static let page = ExercisePage(name: "4b")
    static let notBegun = NotBegun(
        english: "Stage 4 has no favorite(photoID:) yet", korean: "4단계에는 아직 `favorite(photoID:)` 호출이 없습니다")
    static let knownID = "Dwu85P9SOIk"

    /// Stage 4's call site with the exercise's call, signed in on a fresh fake; or nil after saying
    /// where to start.
    static func signedIn() async throws -> (any FavoriteCalling, FakeServers, Token)? {
        let adapter: any StageAdapter = Stage4Adapter()
        guard let calling = adapter as? any FavoriteCalling else {
            Issue.record("\(notBegun.adapter("Stage4Adapter", lacks: "FavoriteCalling", on: page))")
            return nil
        }
        let fake = freshFake()
        let login = await calling.login(username: FakeServers.demoUsername, password: FakeServers.demoPassword)
        let token = try #require(
            login.value,
            page.note(
                "the demo login failed: \(login.failure?.message ?? "")",
                korean: "데모 계정 로그인이 실패했습니다: \(login.failure?.message ?? "")"))
        return (calling, fake, token)
    }

    /// Which step a failed favourite points to, from what went wrong.
    static func step(after failure: Failure?) -> Int {
        switch failure?.kind {
        case .emptyBody, .decoding: 5
        case .unauthorized: 4
        default: 3
        }
    }

    static var cases: [StepCase] {
        [
            StepCase("favorite succeeds on the server's 204, which has no body") {
                guard let started = try await signedIn() else { return }
                let (calling, _, token) = started
                let outcome = await calling.favorite(photoID: knownID, token: token)
                #expect(
                    outcome.value != nil,
                    page.comment(
                        step(after: outcome.failure), "favorite(photoID:) failed: \(outcome.failure?.message ?? "")",
                        korean: "`favorite(photoID:)`가 실패했습니다: \(outcome.failure?.message ?? "")"))
            },
            StepCase("favorite sends PUT /me/favorites/{id} with no body, signed in by the plugin") {
                guard let started = try await signedIn() else { return }
                let (calling, fake, token) = started
                _ = await calling.favorite(photoID: knownID, token: token)
                let sent = Array(fake.log.dropFirst())
                #expect(
                    sent.count == 1,
                    page.comment(
                        3, "favorite(photoID:) sent \(sent.count) requests, not one",
                        korean: "`favorite(photoID:)`가 요청을 \(sent.count)개 보냈습니다. 하나만 보내야 합니다"))
                guard let request = sent.first else { return }
                #expect(
                    request.url.host == FakeServers.popcornHost,
                    page.comment(
                        3, "the request went to \(request.url.host ?? "no host")",
                        korean: "요청의 호스트가 \(request.url.host ?? "없음")입니다. 기대한 값: \(FakeServers.popcornHost)"))
                #expect(
                    request.serverView?.pathSegments == ["me", "favorites", knownID],
                    page.comment(
                        3,
                        "the path is /\(request.serverView?.pathSegments.joined(separator: "/") ?? ""), not /me/favorites/\(knownID)",
                        korean:
                            "경로가 /\(request.serverView?.pathSegments.joined(separator: "/") ?? "")입니다. 기대한 값: /me/favorites/\(knownID)"
                    ))
                #expect(
                    request.method == "PUT",
                    page.comment(
                        3, "the method is \(request.method), not PUT", korean: "메서드가 \(request.method)입니다. 기대한 값: PUT"))
                #expect(
                    request.body?.isEmpty ?? true,
                    page.comment(
                        4, "a body was sent: the id in the path is all the call says",
                        korean: "바디를 보냈습니다. 이 호출이 서버에 전하는 것은 경로에 든 id뿐입니다"))
                let bearer = request.header("Authorization") == "Bearer \(token.accessToken)"
                #expect(
                    bearer,
                    page.comment(
                        4,
                        "no Authorization: Bearer with the sign-in's access token: the call needs the sign-in, and says so",
                        korean: """
                            로그인으로 받은 액세스 토큰을 담은 `Authorization: Bearer` 헤더가 없습니다. \
                            이 호출은 로그인이 필요하므로, case가 `needsSignIn`으로 그 사실을 밝혀야 합니다
                            """
                    )
                )
                #expect(
                    !request.url.absoluteString.contains(token.accessToken),
                    page.comment(
                        4, "the access token is in the URL: the plugin puts it in the header",
                        korean: "액세스 토큰이 URL에 들어 있습니다. 토큰은 URL에 넣지 말고, 인증 플러그인이 헤더에 넣게 두세요"))
            },
            StepCase("an empty 200 or a 200 with a body is a success too; an unknown photo fails as notFound") {
                guard let started = try await signedIn() else { return }
                let (calling, fake, token) = started
                fake.override(.favorite, with: .reply(status: 200, body: ""))
                let empty = await calling.favorite(photoID: knownID, token: token)
                #expect(
                    empty.value != nil,
                    page.comment(
                        step(after: empty.failure), "an empty 200 failed: \(empty.failure?.message ?? "")",
                        korean: "바디 없는 200 응답이 실패로 끝났습니다: \(empty.failure?.message ?? "")"))
                fake.override(.favorite, with: .reply(status: 200, body: #"{"resultCode":200,"status":"success"}"#))
                let withBody = await calling.favorite(photoID: knownID, token: token)
                #expect(
                    withBody.value != nil,
                    page.comment(
                        5,
                        "a 200 with a body failed (\(withBody.failure?.message ?? "")): NoContent reads any JSON object",
                        korean:
                            "바디가 있는 200 응답이 실패로 끝났습니다(\(withBody.failure?.message ?? "")). `NoContent`는 어떤 JSON 객체든 읽습니다"
                    )
                )
                let unknown = await calling.favorite(photoID: "no-such-photo", token: token)
                #expect(
                    unknown.failure?.kind == .notFound
                        && unknown.failure?.message.contains("Couldn't find Photo") == true,
                    page.comment(
                        3, "an unknown photo ended as \(unknown.failure?.message ?? "a success"), not notFound",
                        korean: """
                            없는 사진을 즐겨찾기한 결과: \(unknown.failure?.message ?? "성공"). \
                            `notFound`로 실패하고 메시지에 Couldn't find Photo가 있어야 합니다
                            """))
            },
            StepCase("an expired access token is refreshed once and the favourite sent again") {
                guard let started = try await signedIn() else { return }
                let (calling, fake, token) = started
                fake.expireAccessTokens()
                let outcome = await calling.favorite(photoID: knownID, token: token)
                #expect(
                    outcome.value != nil,
                    page.comment(
                        4,
                        "with an expired token the favourite failed (\(outcome.failure?.message ?? "")): mark it as needing the sign-in, and the plugin refreshes",
                        korean: """
                            액세스 토큰이 만료된 상태에서 즐겨찾기가 실패했습니다(\(outcome.failure?.message ?? "")). \
                            case를 로그인이 필요한 호출로 표시하면 플러그인이 토큰을 갱신합니다
                            """
                    ))
                let routes = fake.log.dropFirst().map { $0.route.map(\.rawValue) ?? "an unknown path" }
                #expect(
                    routes == ["favorite", "refreshToken", "favorite"],
                    page.comment(
                        4, "the requests were \(routes), not favorite, refreshToken, favorite",
                        korean: "보낸 요청이 \(routes)입니다. 기대한 순서: favorite, refreshToken, favorite"))
            },
            StepCase("a signed-out token fails as unauthorized, with no refresh") {
                guard let started = try await signedIn() else { return }
                let (calling, fake, token) = started
                #expect(
                    await calling.logout(token: token).value != nil,
                    page.note("the logout before it failed", korean: "즐겨찾기를 보내기 전에 한 로그아웃이 실패했습니다"))
                let outcome = await calling.favorite(photoID: knownID, token: token)
                #expect(
                    outcome.failure?.kind == .unauthorized,
                    page.comment(
                        4,
                        "after a logout the favourite ended as \(outcome.failure?.message ?? "a success"), not unauthorized",
                        korean: """
                            로그아웃한 뒤에 즐겨찾기한 결과: \(outcome.failure?.message ?? "성공"). \
                            `unauthorized`로 실패해야 합니다
                            """
                    ))
                #expect(
                    !fake.log.contains { $0.route == .refreshToken },
                    page.comment(4, "a refresh was tried after the logout", korean: "로그아웃한 뒤에 토큰 갱신을 시도했습니다"))
            },
            StepCase("every favorite completes exactly once, and the logger keeps a line for each") {
                guard let started = try await signedIn() else { return }
                let (calling, fake, token) = started
                let logging = calling as? any CallLogging
                logging?.clearLog()
                try await watchingCompletions(page, step: 5) {
                    fake.override(.favorite, with: .failure(.timedOut))
                    #expect(
                        await calling.favorite(photoID: knownID, token: token).failure != nil,
                        page.comment(5, "a timeout succeeded", korean: "타임아웃이 났는데 성공을 돌려줬습니다"))
                    fake.override(.favorite, with: .reply(status: 500, body: ""))
                    #expect(
                        await calling.favorite(photoID: knownID, token: token).failure != nil,
                        page.comment(5, "a 500 succeeded", korean: "500 응답을 받았는데 성공을 돌려줬습니다"))
                    fake.override(.favorite, with: .reply(status: 418, body: "teapot", contentType: "text/plain"))
                    #expect(
                        await calling.favorite(photoID: knownID, token: token).failure != nil,
                        page.comment(5, "a 418 succeeded", korean: "418 응답을 받았는데 성공을 돌려줬습니다"))
                    #expect(
                        await calling.favorite(photoID: knownID, token: token).value != nil,
                        page.comment(
                            5, "the favourite after them failed",
                            korean: "실패 세 번 뒤에 보낸 즐겨찾기가 실패했습니다. 서버가 정상으로 응답하면 성공해야 합니다"))
                }
                let lines = logging?.loggedLines.filter { $0.contains("/me/favorites/") } ?? []
                #expect(
                    lines.count == 4,
                    page.comment(
                        5,
                        "the logger kept \(lines.count) lines for four favourites: send it through APIClient.shared.request",
                        korean: """
                            즐겨찾기 네 번에 로거가 남긴 줄이 \(lines.count)개입니다. \
                            요청을 `APIClient.shared.request`로 보내야 합니다
                            """
                    ))
                #expect(
                    !lines.contains { $0.contains(token.accessToken) },
                    page.comment(
                        5, "a logged line holds the access token", korean: "로거가 남긴 줄에 액세스 토큰이 들어 있습니다"))
            },
        ]
    }
}
