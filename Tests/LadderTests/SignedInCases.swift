// The shared cases of the calls that need the sign-in: profile, logout, an unfinished sign-up's
// tokens, the kept sign-in and the refresh.
import FakeServers
import Fixtures
import Foundation
import Harness
import Models
import StageTesting
import Testing

extension SharedCases {
    static var signedIn: [SharedCase] {
        [
            SharedCase(
                "profile sends GET /me with the login's access token as a Bearer header, and returns the profile"
            ) {
                stage in
                let token = try stage.value(await stage.adapter.login(username: demoUsername, password: demoPassword))
                let profile = try stage.value(await stage.adapter.profile(token: token))
                #expect(profile.username == demoUsername)
                #expect(profile.displayName == "Popcorn Demo")
                let request = try #require(stage.fake.log.last)
                #expect(request.method == "GET")
                #expect(request.url.absoluteString == "https://popcorn.example/me")
                #expect(request.header("Authorization") == "Bearer \(token.accessToken)")
                #expect(request.body?.isEmpty ?? true)
            },
            SharedCase("logout's 204 with no body is a success, and the token stops working") { stage in
                let token = try stage.value(await stage.adapter.login(username: demoUsername, password: demoPassword))
                _ = try stage.value(await stage.adapter.logout(token: token))
                let request = try #require(stage.fake.log.last)
                #expect(request.method == "POST")
                #expect(request.url.absoluteString == "https://popcorn.example/logout")
                #expect(request.header("Authorization") == "Bearer \(token.accessToken)")
                let failure = try stage.failure(await stage.adapter.profile(token: token))
                #expect(failure.kind == stage.expectedKind(.unauthorized))
                await expectSignInEnded(stage, token: token, by: "logout's success", step: .keepsSignIn)
            },
            SharedCase(Capability.keepsSignIn.proof) { stage in
                // A screen kept the first sign-in's token; the user has since signed out and in again.
                let kept = try stage.value(await stage.adapter.login(username: demoUsername, password: demoPassword))
                _ = try stage.value(await stage.adapter.logout(token: kept))
                let current = try stage.value(await stage.adapter.login(username: demoUsername, password: demoPassword))
                #expect(current.accessToken != kept.accessToken, "the fake issues a new pair after a logout")
                let profile = await stage.adapter.profile(token: kept)
                let sent = stage.fake.log.last { $0.route == .profile }?.header("Authorization")
                _ = await stage.adapter.logout(token: current)
                let before = stage.fake.log.count
                _ = await stage.adapter.profile(token: current)
                let signedOut = stage.fake.log.dropFirst(before).last { $0.route == .profile }
                guard stage.declares(.keepsSignIn) else {
                    #expect(sent == "Bearer \(kept.accessToken)")
                    #expect(try stage.failure(profile).kind == stage.expectedKind(.unauthorized))
                    #expect(signedOut?.header("Authorization") == "Bearer \(current.accessToken)")
                    return
                }
                let step = stage.step(to: .keepsSignIn)
                #expect(sent == "Bearer \(current.accessToken)", "the call carried \(sent ?? "no token"). \(step)")
                #expect(try stage.value(profile).username == demoUsername, "\(step)")
                let after = signedOut?.header("Authorization")
                #expect(after == nil, "signed out, the call still carried \(after ?? ""). \(step)")
            },
            SharedCase(Capability.errorsCarryData.proof) {
                stage in
                // Signed in as the demo user first: from stage 4 the stage keeps its own sign-in, and
                // must replace it with the unfinished sign-up's tokens, not keep the older ones.
                _ = try stage.value(await stage.adapter.login(username: demoUsername, password: demoPassword))
                let failure = try stage.failure(
                    await stage.adapter.login(
                        username: FakeServers.unfinishedUsername, password: FakeServers.unfinishedPassword))
                #expect(!failure.message.isEmpty)
                if stage.declares(.errorsCarryData) {
                    #expect(failure.kind == .signUpNotCompleted)
                    let token = try #require(failure.carriedToken, "stage \(stage.number) dropped the E009 tokens")
                    let profile = try stage.value(await stage.adapter.profile(token: token))
                    #expect(profile.username == FakeServers.unfinishedUsername)
                    #expect(profile.displayName == nil)
                    let sent = stage.fake.log.last { $0.route == .profile }
                    #expect(
                        sent?.header("Authorization") == "Bearer \(token.accessToken)", "the call used other tokens")
                } else {
                    #expect(failure.carriedToken == nil)
                }
            },
            SharedCase(Capability.refreshesToken.proof) {
                stage in
                let token = try stage.value(await stage.adapter.login(username: demoUsername, password: demoPassword))
                stage.fake.expireAccessTokens()
                let outcome = await stage.adapter.profile(token: token)
                let refreshes = stage.fake.log.filter { $0.route == .refreshToken }
                let profiles = stage.fake.log.filter { $0.route == .profile }
                if stage.declares(.refreshesToken) {
                    let step = stage.step(to: .refreshesToken)
                    if let refresh = refreshes.first {
                        // The server answers 400 to anything else, which the stage sees as a refused refresh.
                        let contentType = refresh.header("Content-Type") ?? "none"
                        #expect(
                            refresh.method == "POST" && contentType == "application/json",
                            "the refresh went as a \(refresh.method) with Content-Type \(contentType); the server takes a POST of JSON. \(step)"
                        )
                    }
                    #expect(refreshes.count == 1, "\(refreshes.count) refreshes. \(step)")
                    #expect(refreshes.first?.jsonStrings == ["refresh_token": token.refreshToken])
                    #expect(try stage.value(outcome).username == demoUsername, "\(step)")
                    #expect(profiles.count == 2)
                    #expect(profiles.last?.header("Authorization")?.hasPrefix("Bearer popcorn-access-issued-") == true)
                } else {
                    #expect(try stage.failure(outcome).kind == stage.expectedKind(.unauthorized))
                    #expect(refreshes.isEmpty)
                    #expect(profiles.count == 1)
                }
            },
            SharedCase(
                "an access token that stays expired gets one refresh and one more try, then fails as unauthorized"
            ) {
                stage in
                let token = try stage.value(await stage.adapter.login(username: demoUsername, password: demoPassword))
                // The server says "expired" to every try: the refresh works, the token it brings does not.
                let expired = Override(
                    status: 401,
                    headers: [
                        "Content-Type": "application/json", "WWW-Authenticate": #"Bearer error="invalid_token""#,
                    ],
                    body: Data(
                        #"{"resultCode":401,"status":"fail","divisionCode":"TOKEN_EXPIRED","message":"Access token expired","data":null}"#
                            .utf8))
                stage.fake.override(.profile, with: expired, times: 6)
                let failure = try stage.failure(await stage.adapter.profile(token: token))
                #expect(failure.kind == stage.expectedKind(.unauthorized))
                let refreshes = stage.fake.log.filter { $0.route == .refreshToken }.count
                let profiles = stage.fake.log.filter { $0.route == .profile }.count
                let refreshing = stage.declares(.refreshesToken)
                let step = stage.step(to: .refreshesToken)
                #expect(
                    refreshes == (refreshing ? 1 : 0), "stage \(stage.number) refreshed \(refreshes) times. \(step)")
                #expect(profiles == (refreshing ? 2 : 1), "stage \(stage.number) sent the call \(profiles) times")
            },
            SharedCase("two expiries in a row: each refresh sends the newest refresh token, and both calls succeed") {
                stage in
                let token = try stage.value(await stage.adapter.login(username: demoUsername, password: demoPassword))
                stage.fake.expireAccessTokens()
                let first = await stage.adapter.profile(token: token)
                stage.fake.expireAccessTokens()
                let second = await stage.adapter.profile(token: token)
                let refreshes = stage.fake.log.filter { $0.route == .refreshToken }.compactMap {
                    $0.jsonStrings?["refresh_token"]
                }
                guard stage.declares(.refreshesToken) else {
                    #expect(first.failure != nil && second.failure != nil && refreshes.isEmpty)
                    return
                }
                #expect(try stage.value(first).username == demoUsername, "\(stage.step(to: .refreshesToken))")
                // The fake uses a refresh token up: sending the login's again would be refused.
                #expect(try stage.value(second).username == demoUsername, "the second refresh sent a used-up token")
                #expect(refreshes.count == 2)
                #expect(refreshes.first == token.refreshToken)
                #expect(Set(refreshes).count == refreshes.count, "a refresh token was sent twice")
            },
            SharedCase("a refresh the server refuses fails the call as unauthorized, with no second try") { stage in
                let token = try stage.value(await stage.adapter.login(username: demoUsername, password: demoPassword))
                stage.fake.advanceClock(by: FakeServers.refreshTokenLifetime + 1)
                let failure = try stage.failure(await stage.adapter.profile(token: token))
                #expect(failure.kind == stage.expectedKind(.unauthorized))
                let refreshes = stage.fake.log.filter { $0.route == .refreshToken }.count
                let step = stage.step(to: .refreshesToken)
                #expect(
                    refreshes == (stage.declares(.refreshesToken) ? 1 : 0),
                    "stage \(stage.number) refreshed \(refreshes) times. \(step)")
                #expect(stage.fake.log.filter { $0.route == .profile }.count == 1)
                await expectSignInEnded(stage, token: token, by: "a refused refresh", step: .refreshesToken)
            },
            SharedCase("every status code completes profile and logout, and no body is a success for logout only") {
                stage in
                let token = try stage.value(await stage.adapter.login(username: demoUsername, password: demoPassword))
                for status in [200, 204, 299, 300, 302, 400, 401, 404, 418, 500, 503] {
                    stage.fake.override(.profile, with: .reply(status: status, body: ""))
                    #expect(await stage.adapter.profile(token: token).value == nil, "profile with status \(status)")
                    stage.fake.override(.logout, with: .reply(status: status, body: ""))
                    let loggedOut = await stage.adapter.logout(token: token).value != nil
                    #expect(loggedOut == (200..<300).contains(status), "logout with status \(status)")
                }
            },
            SharedCase("profile's success range ends at 299: a 300 with a profile fails in typed stages") { stage in
                let token = try stage.value(await stage.adapter.login(username: demoUsername, password: demoPassword))
                stage.fake.override(.profile, with: .status(299))
                #expect(try stage.value(await stage.adapter.profile(token: token)).username == demoUsername)
                // Stages 1 and 2 read no status here, so a 300 gets through them: untyped, unchecked.
                stage.fake.override(.profile, with: .status(300))
                let atThreeHundred = await stage.adapter.profile(token: token)
                if stage.declares(.typedFailures) {
                    #expect(try stage.failure(atThreeHundred).kind == .unexpectedStatus)
                }
            },
        ]
    }

    /// A stage that keeps its sign-in forgets it when the sign-in ends. Asked for the profile with
    /// a token that was never issued, a stage sends that one (stages 1 to 3 send what they are
    /// handed) or none: never the token of the sign-in that ended.
    static func expectSignInEnded(
        _ stage: StageUnderTest, token: Token, by ending: String, step: Capability,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let neverIssued = Token(
            accessToken: "popcorn-access-never-issued", refreshToken: "popcorn-refresh-never-issued",
            accessExpiredAt: token.accessExpiredAt, refreshExpiredAt: token.refreshExpiredAt)
        let before = stage.fake.log.count
        _ = await stage.adapter.profile(token: neverIssued)
        let sent = stage.fake.log.dropFirst(before).compactMap { $0.header("Authorization") }
        #expect(
            !sent.contains("Bearer \(token.accessToken)"),
            """
            stage \(stage.number) sent the access token of a sign-in that \(ending) ended: a stage that keeps \
            the sign-in forgets it then, as a signed-out app sends no token. \(stage.step(to: step))
            """, sourceLocation: sourceLocation)
    }
}
