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
    static let knownID = "Dwu85P9SOIk"

    /// Stage 4's call site with the exercise's call, signed in on a fresh fake; or nil after saying
    /// where to start.
    static func signedIn() async throws -> (any FavoriteCalling, FakeServers, Token)? {
        let adapter: any StageAdapter = Stage4Adapter()
        guard let calling = adapter as? any FavoriteCalling else {
            let notBegun = page.says(
                "Stage 4 has no favorite(photoID:) yet: Stage4Adapter does not conform to FavoriteCalling.",
                korean: "4단계에는 아직 favorite(photoID:) 호출이 없습니다. Stage4Adapter가 FavoriteCalling을 채택하지 않습니다.")
            Issue.record("\(notBegun) \(page.start)")
            return nil
        }
        let fake = freshFake()
        let login = await calling.login(username: FakeServers.demoUsername, password: FakeServers.demoPassword)
        let token = try #require(login.value, "the demo login failed: \(login.failure?.message ?? "")")
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
                        korean: "favorite(photoID:)가 실패했습니다: \(outcome.failure?.message ?? "")"))
            },
            StepCase("favorite sends PUT /me/favorites/{id} with no body, signed in by the plugin") {
                guard let started = try await signedIn() else { return }
                let (calling, fake, token) = started
                _ = await calling.favorite(photoID: knownID, token: token)
                let sent = Array(fake.log.dropFirst())
                #expect(sent.count == 1, page.comment(3, "favorite(photoID:) sent \(sent.count) requests, not one"))
                guard let request = sent.first else { return }
                #expect(
                    request.url.host == FakeServers.popcornHost,
                    page.comment(3, "the request went to \(request.url.host ?? "no host")"))
                #expect(
                    request.serverView?.pathSegments == ["me", "favorites", knownID],
                    page.comment(
                        3,
                        "the path is /\(request.serverView?.pathSegments.joined(separator: "/") ?? ""), not /me/favorites/\(knownID)"
                    ))
                #expect(request.method == "PUT", page.comment(3, "the method is \(request.method), not PUT"))
                #expect(
                    request.body?.isEmpty ?? true,
                    page.comment(4, "a body was sent: the id in the path is all the call says"))
                let bearer = request.header("Authorization") == "Bearer \(token.accessToken)"
                #expect(
                    bearer,
                    page.comment(
                        4,
                        "no Authorization: Bearer with the sign-in's access token: the call needs the sign-in, and says so"
                    )
                )
                #expect(
                    !request.url.absoluteString.contains(token.accessToken),
                    page.comment(4, "the access token is in the URL: the plugin puts it in the header"))
            },
            StepCase("an empty 200 or a 200 with a body is a success too; an unknown photo fails as notFound") {
                guard let started = try await signedIn() else { return }
                let (calling, fake, token) = started
                fake.override(.favorite, with: .reply(status: 200, body: ""))
                let empty = await calling.favorite(photoID: knownID, token: token)
                #expect(
                    empty.value != nil,
                    page.comment(step(after: empty.failure), "an empty 200 failed: \(empty.failure?.message ?? "")"))
                fake.override(.favorite, with: .reply(status: 200, body: #"{"resultCode":200,"status":"success"}"#))
                let withBody = await calling.favorite(photoID: knownID, token: token)
                #expect(
                    withBody.value != nil,
                    page.comment(
                        5,
                        "a 200 with a body failed (\(withBody.failure?.message ?? "")): NoContent reads any JSON object"
                    )
                )
                let unknown = await calling.favorite(photoID: "no-such-photo", token: token)
                #expect(
                    unknown.failure?.kind == .notFound
                        && unknown.failure?.message.contains("Couldn't find Photo") == true,
                    page.comment(
                        3, "an unknown photo ended as \(unknown.failure?.message ?? "a success"), not notFound"))
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
                        "with an expired token the favourite failed (\(outcome.failure?.message ?? "")): mark it as needing the sign-in, and the plugin refreshes"
                    ))
                let routes = fake.log.dropFirst().map { $0.route.map(\.rawValue) ?? "an unknown path" }
                #expect(
                    routes == ["favorite", "refreshToken", "favorite"],
                    page.comment(4, "the requests were \(routes), not favorite, refreshToken, favorite"))
            },
            StepCase("a signed-out token fails as unauthorized, with no refresh") {
                guard let started = try await signedIn() else { return }
                let (calling, fake, token) = started
                #expect(await calling.logout(token: token).value != nil, "the logout before it failed")
                let outcome = await calling.favorite(photoID: knownID, token: token)
                #expect(
                    outcome.failure?.kind == .unauthorized,
                    page.comment(
                        4,
                        "after a logout the favourite ended as \(outcome.failure?.message ?? "a success"), not unauthorized"
                    ))
                #expect(
                    !fake.log.contains { $0.route == .refreshToken },
                    page.comment(4, "a refresh was tried after the logout"))
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
                        page.comment(5, "a timeout succeeded"))
                    fake.override(.favorite, with: .reply(status: 500, body: ""))
                    #expect(
                        await calling.favorite(photoID: knownID, token: token).failure != nil,
                        page.comment(5, "a 500 succeeded"))
                    fake.override(.favorite, with: .reply(status: 418, body: "teapot", contentType: "text/plain"))
                    #expect(
                        await calling.favorite(photoID: knownID, token: token).failure != nil,
                        page.comment(5, "a 418 succeeded"))
                    #expect(
                        await calling.favorite(photoID: knownID, token: token).value != nil,
                        page.comment(5, "the favourite after them failed"))
                }
                let lines = logging?.loggedLines.filter { $0.contains("/me/favorites/") } ?? []
                #expect(
                    lines.count == 4,
                    page.comment(
                        5,
                        "the logger kept \(lines.count) lines for four favourites: send it through APIClient.shared.request"
                    ))
                #expect(
                    !lines.contains { $0.contains(token.accessToken) },
                    page.comment(5, "a logged line holds the access token"))
            },
        ]
    }
}
