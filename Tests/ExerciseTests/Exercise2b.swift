// Exercise 2b: one more Popcorn case, `refresh(token:)`, whose switches the compiler points out.
// Checked against the fake through stage 2's call site. No message prints a token: CI fails a run
// whose output holds one.
import FakeServers
import Foundation
import Harness
import Models
import StageTesting
import Testing

enum Exercise2b {
    static let page = ExercisePage(name: "2b")
    static let notBegun = NotBegun(
        english: "Stage 2 has no refresh(token:) yet", korean: "2단계에는 아직 `refresh(token:)` 호출이 없습니다")

    /// Stage 2's call site with the exercise's call, or nil after saying where to start.
    static func calling() -> (any TokenRefreshCalling)? {
        let adapter: any StageAdapter = Stage2Adapter()
        guard let calling = adapter as? any TokenRefreshCalling else {
            Issue.record("\(notBegun.adapter("Stage2Adapter", lacks: "TokenRefreshCalling", on: page))")
            return nil
        }
        return calling
    }

    /// A fresh fake and the demo account's token, from a login that must work.
    static func signedIn(_ calling: any TokenRefreshCalling) async throws -> (FakeServers, Token) {
        let fake = freshFake()
        let login = await calling.login(username: FakeServers.demoUsername, password: FakeServers.demoPassword)
        let token = try #require(
            login.value,
            page.note(
                "the demo login failed: \(login.failure?.message ?? "")",
                korean: "데모 계정 로그인이 실패했습니다: \(login.failure?.message ?? "")"))
        return (fake, token)
    }

    /// Which step a failed refresh points to, from what the server said.
    static func step(after message: String) -> Int {
        if message.contains("Content-Type") { return 4 }
        if message.contains("refresh_token") { return 5 }
        if message.contains("Not found") || message.contains("Method not allowed") { return 3 }
        return 6
    }

    static var cases: [StepCase] {
        [
            StepCase("refresh trades the sign-in's refresh token for a new pair, and the new access token works") {
                guard let calling = calling() else { return }
                let (_, token) = try await signedIn(calling)
                let outcome = await calling.refresh(token: token)
                guard let fresh = outcome.value else {
                    let message = outcome.failure?.message ?? ""
                    Issue.record(
                        page.comment(
                            step(after: message), "refresh(token:) failed: \(message)",
                            korean: "`refresh(token:)`이 실패했습니다: \(message)"))
                    return
                }
                let newAccess = fresh.accessToken != token.accessToken
                let newRefresh = fresh.refreshToken != token.refreshToken
                #expect(
                    newAccess && newRefresh,
                    page.comment(
                        6, "refresh(token:) handed back the pair it was given: decode the reply's `data`, the new pair",
                        korean: "`refresh(token:)`이 받은 토큰 쌍을 그대로 돌려줬습니다. 응답의 `data`에 담긴 새 토큰 쌍을 디코딩하세요"))
                let profile = await calling.profile(token: fresh)
                #expect(
                    profile.value?.username == FakeServers.demoUsername,
                    page.comment(
                        6, "the new access token does not work on /me: \(profile.failure?.message ?? "")",
                        korean: "새 액세스 토큰으로 /me를 호출하면 실패합니다: \(profile.failure?.message ?? "")"))
            },
            StepCase("refresh sends POST /token/refresh, with the refresh token in a JSON body and nowhere else") {
                guard let calling = calling() else { return }
                let (fake, token) = try await signedIn(calling)
                _ = await calling.refresh(token: token)
                let sent = Array(fake.log.dropFirst())
                #expect(
                    sent.count == 1,
                    page.comment(
                        6, "refresh(token:) sent \(sent.count) requests, not one",
                        korean: "`refresh(token:)`이 요청을 \(sent.count)개 보냈습니다. 하나만 보내야 합니다"))
                guard let request = sent.first else { return }
                #expect(
                    request.url.host == FakeServers.popcornHost,
                    page.comment(
                        3, "the request went to \(request.url.host ?? "no host")",
                        korean: "요청의 호스트가 \(request.url.host ?? "없음")입니다. 기대한 값: \(FakeServers.popcornHost)"))
                #expect(
                    request.serverView?.pathSegments == ["token", "refresh"],
                    page.comment(
                        3,
                        "the path is /\(request.serverView?.pathSegments.joined(separator: "/") ?? ""), not /token/refresh",
                        korean:
                            "경로가 /\(request.serverView?.pathSegments.joined(separator: "/") ?? "")입니다. 기대한 값: /token/refresh"
                    )
                )
                #expect(
                    request.method == "POST",
                    page.comment(
                        3, "the method is \(request.method), not POST",
                        korean: "메서드가 \(request.method)입니다. 기대한 값: POST"))
                #expect(
                    request.header("Content-Type")?.hasPrefix("application/json") == true,
                    page.comment(
                        4, "no Content-Type: application/json", korean: "`Content-Type: application/json` 헤더가 없습니다"))
                #expect(
                    request.header("Authorization") == nil,
                    page.comment(
                        4, "an Authorization header was sent: the refresh token in the body is the credential",
                        korean: "`Authorization` 헤더를 보냈습니다. 바디에 든 리프레시 토큰이 곧 자격 증명입니다"))
                let body = request.jsonStrings
                let bodyIsRight = body?.count == 1 && body?["refresh_token"] == token.refreshToken
                #expect(
                    bodyIsRight,
                    page.comment(
                        5,
                        body == nil
                            ? "the body is not a JSON object of strings (or LoginManager did not set httpBody)"
                            : "the body's fields are \(body?.keys.sorted() ?? []), not refresh_token alone, with the sign-in's refresh token",
                        korean: body == nil
                            ? "바디가 문자열 값만 담은 JSON 객체가 아닙니다(또는 `LoginManager`가 `httpBody`를 설정하지 않았습니다)"
                            : "바디의 필드가 \(body?.keys.sorted() ?? [])입니다. 로그인으로 받은 리프레시 토큰을 담은 `refresh_token` 하나만 있어야 합니다"
                    ))
                let inURL = [token.refreshToken, token.accessToken].contains { request.url.absoluteString.contains($0) }
                #expect(
                    !inURL,
                    page.comment(
                        5, "a token is in the URL: it belongs in the body",
                        korean: "URL에 토큰이 들어 있습니다. 토큰은 바디로만 보냅니다"))
            },
            StepCase("a refresh token already used is refused, with the server's words") {
                guard let calling = calling() else { return }
                let (_, token) = try await signedIn(calling)
                let first = await calling.refresh(token: token)
                #expect(
                    first.value != nil,
                    page.comment(
                        step(after: first.failure?.message ?? ""),
                        "the first refresh failed: \(first.failure?.message ?? "")",
                        korean: "첫 번째 토큰 갱신이 실패했습니다: \(first.failure?.message ?? "")"))
                let again = await calling.refresh(token: token)
                #expect(
                    again.value == nil,
                    page.comment(
                        6, "the same refresh token worked twice",
                        korean: "이미 쓴 리프레시 토큰으로 다시 갱신했는데 성공했습니다"))
                #expect(
                    again.failure?.message.contains("Refresh token already used") == true,
                    page.comment(
                        6,
                        "the failure says \"\(again.failure?.message ?? "")\": read the envelope as login does, its message is the server's",
                        korean: """
                            실패 메시지가 \"\(again.failure?.message ?? "")\"입니다. `login`처럼 공통 응답 모델을 읽으세요. \
                            메시지는 서버가 보낸 그대로여야 합니다
                            """
                    ))
            },
            StepCase("every refresh completes exactly once, whether it succeeds or fails") {
                guard let calling = calling() else { return }
                let (fake, token) = try await signedIn(calling)
                try await watchingCompletions(page, step: 6) {
                    fake.override(.refreshToken, with: .failure(.timedOut))
                    #expect(
                        await calling.refresh(token: token).failure != nil,
                        page.comment(6, "a timeout succeeded", korean: "타임아웃이 났는데 성공을 돌려줬습니다"))
                    fake.override(.refreshToken, with: .reply(status: 500, body: ""))
                    #expect(
                        await calling.refresh(token: token).failure != nil,
                        page.comment(6, "a 500 succeeded", korean: "500 응답을 받았는데 성공을 돌려줬습니다"))
                    fake.override(.refreshToken, with: .reply(status: 200, body: ""))
                    #expect(
                        await calling.refresh(token: token).failure != nil,
                        page.comment(6, "an empty 200 succeeded", korean: "바디 없는 200 응답을 받았는데 성공을 돌려줬습니다"))
                    fake.override(.refreshToken, with: .reply(status: 418, body: "teapot", contentType: "text/plain"))
                    #expect(
                        await calling.refresh(token: token).failure != nil,
                        page.comment(6, "a 418 succeeded", korean: "418 응답을 받았는데 성공을 돌려줬습니다"))
                    #expect(
                        await calling.refresh(token: token).value != nil,
                        page.comment(
                            6, "the refresh after them failed",
                            korean: "실패 네 번 뒤에 보낸 토큰 갱신에 실패했습니다. 서버가 정상으로 응답하면 성공해야 합니다"))
                }
                #expect(
                    fake.log.count == 6,
                    page.comment(
                        6, "the login and five refreshes made \(fake.log.count) requests",
                        korean: "로그인 한 번과 토큰 갱신 다섯 번에 요청이 \(fake.log.count)개 나갔습니다. 기대한 값: 6개"))
            },
        ]
    }
}
