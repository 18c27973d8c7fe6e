// Popcorn's signed-in calls: its tokens, their lifetimes, logout, refresh and the favorite.
import FakeServers
import FakeTurns
import Foundation
import Locking
import Models
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension FakeServerTests {
    typealias Reply = (status: Int, body: Data, headers: [AnyHashable: Any])

    /// A header of a reply by name, ignoring case as HTTP does; `nil` when it is missing.
    func header(_ name: String, of reply: Reply) -> String? {
        reply.headers.first { ($0.key as? String)?.caseInsensitiveCompare(name) == .orderedSame }?.value as? String
    }

    /// How many of a reply's headers have this name, in any case.
    func headerCount(_ name: String, of reply: Reply) -> Int {
        reply.headers.keys.filter { ($0 as? String)?.caseInsensitiveCompare(name) == .orderedSame }.count
    }

    func signIn(_ username: String = FakeServers.demoUsername, _ password: String = FakeServers.demoPassword)
        async throws -> (status: Int, envelope: LoginResponse)
    {
        let body = try JSONSerialization.data(withJSONObject: ["username": username, "password": password])
        let reply = try await send(
            "POST", "https://popcorn.example/login", headers: ["Content-Type": "application/json"],
            body: String(decoding: body, as: UTF8.self))
        return (reply.status, try JSONDecoder().decode(LoginResponse.self, from: reply.body))
    }

    /// The demo account's token, from a login that must work.
    func demoToken() async throws -> Token {
        try #require(try await signIn().envelope.token)
    }

    func me(_ accessToken: String?) async throws -> Reply {
        try await send(
            "GET", "https://popcorn.example/me", headers: accessToken.map { ["Authorization": "Bearer \($0)"] } ?? [:])
    }

    func profile(_ reply: Reply) throws -> PopcornEnvelope<Profile> {
        try JSONDecoder().decode(PopcornEnvelope<Profile>.self, from: reply.body)
    }

    func logout(_ accessToken: String) async throws -> Reply {
        try await send("POST", "https://popcorn.example/logout", headers: ["Authorization": "Bearer \(accessToken)"])
    }

    func refresh(_ refreshToken: String) async throws -> (status: Int, envelope: LoginResponse) {
        let body = try JSONSerialization.data(withJSONObject: ["refresh_token": refreshToken])
        let reply = try await send(
            "POST", "https://popcorn.example/token/refresh", headers: ["Content-Type": "application/json"],
            body: String(decoding: body, as: UTF8.self))
        return (reply.status, try JSONDecoder().decode(LoginResponse.self, from: reply.body))
    }

    @Test("GET /me with the login's access token answers 200 and the profile in the envelope")
    func meAnswersTheProfile() async throws {
        let reply = try await me(try await demoToken().accessToken)
        #expect(reply.status == 200)
        let envelope = try profile(reply)
        #expect(envelope.succeeded && envelope.resultCode == 200)
        #expect(
            envelope.payload
                == Profile(username: "popcorn", displayName: "Popcorn Demo", joinedAt: "2025-03-14T10:00:00+09:00"))
        #expect(fake.log.map(\.route) == [.login, .profile])
    }

    @Test("GET /me with no Bearer token, or one never issued, is a 401 envelope saying so in WWW-Authenticate")
    func meRefusesAStranger() async throws {
        let missing = try await me(nil)
        #expect(missing.status == 401)
        #expect(header("WWW-Authenticate", of: missing) == "Bearer")
        #expect(try profile(missing).message?.contains("Bearer") == true)
        let basic = try await send(
            "GET", "https://popcorn.example/me", headers: ["Authorization": "Basic cG9wY29ybjo="])
        #expect(basic.status == 401 && header("WWW-Authenticate", of: basic) == "Bearer")
        let unknown = try await me("popcorn-access-forged")
        #expect(unknown.status == 401)
        #expect(header("WWW-Authenticate", of: unknown) == #"Bearer error="invalid_token""#)
        let envelope = try profile(unknown)
        #expect(envelope.message == "Invalid access token" && envelope.divisionCode == nil)
        #expect(envelope.resultCode == 401 && envelope.status == "fail")
    }

    @Test("GET /me refuses other methods")
    func meIsStrict() async throws {
        let token = try await demoToken().accessToken
        let post = try await send("POST", "https://popcorn.example/me", headers: ["Authorization": "Bearer \(token)"])
        #expect(post.status == 405 && header("Allow", of: post) == "GET")
    }

    @Test("an access token works until the fake's clock reaches its lifetime, then /me answers TOKEN_EXPIRED")
    func accessTokenExpiresOnTheClock() async throws {
        let token = try await demoToken()
        #expect(fake.now == FakeServers.clockStart)
        fake.advanceClock(by: FakeServers.accessTokenLifetime - 1)
        #expect(try await me(token.accessToken).status == 200, "a second before it expires")
        fake.advanceClock(by: 1)
        let expired = try await me(token.accessToken)
        #expect(expired.status == 401)
        #expect(header("WWW-Authenticate", of: expired) == #"Bearer error="invalid_token""#)
        let envelope = try profile(expired)
        #expect(envelope.divisionCode == PopcornDivisionCode.tokenExpired)
        #expect(envelope.message == "Access token expired" && envelope.data == nil)
        // The moment it expired is the one its login wrote down.
        let written = try #require(ISO8601DateFormatter().date(from: token.accessExpiredAt))
        #expect(fake.now == written)
    }

    @Test("expireAccessTokens() moves the clock on by the access tokens' lifetime; a login then hands out a new pair")
    func expireAccessTokens() async throws {
        let first = try await demoToken()
        fake.expireAccessTokens()
        #expect(fake.now == FakeServers.clockStart.addingTimeInterval(FakeServers.accessTokenLifetime))
        #expect(try await me(first.accessToken).status == 401)
        let second = try await demoToken()
        #expect(second.accessToken == "popcorn-access-issued-1" && second.refreshToken == "popcorn-refresh-issued-1")
        #expect(second.accessExpiredAt == "2027-01-01T00:59:59+09:00")
        #expect(try await me(second.accessToken).status == 200)
    }

    @Test("POST /logout answers 204 with no body, and every token of that sign-in stops working")
    func logoutRevokes() async throws {
        let token = try await demoToken()
        let reply = try await logout(token.accessToken)
        #expect(reply.status == 204)
        #expect(reply.body.isEmpty && header("Content-Type", of: reply) == nil)
        let after = try await me(token.accessToken)
        #expect(after.status == 401)
        #expect(try profile(after).message == "Invalid access token")
        #expect(try await logout(token.accessToken).status == 401, "a second logout has no token to end")
        let refreshed = try await refresh(token.refreshToken)
        #expect(refreshed.status == 401 && refreshed.envelope.message == "Invalid refresh token")
        // Signing in again does not bring the ended token back: the login issues a new pair.
        let again = try await demoToken()
        #expect(again.accessToken == "popcorn-access-issued-1")
        #expect(try await me(again.accessToken).status == 200)
        #expect(fake.log.compactMap(\.route).filter { $0 == .logout }.count == 2)
    }

    @Test("POST /logout needs the Bearer token and refuses other methods")
    func logoutIsStrict() async throws {
        let token = try await demoToken().accessToken
        let missing = try await send("POST", "https://popcorn.example/logout")
        #expect(missing.status == 401 && header("WWW-Authenticate", of: missing) == "Bearer")
        let get = try await send("GET", "https://popcorn.example/logout", headers: ["Authorization": "Bearer \(token)"])
        #expect(get.status == 405 && header("Allow", of: get) == "POST")
        #expect(try await me(token).status == 200, "neither refused request signed anyone out")
    }

    @Test("PUT /me/favorites/{id} answers 204 with no body for a known photo, and is as strict as /me")
    func favoriteAnswersNoBody() async throws {
        let token = try await demoToken()
        let bearer = ["Authorization": "Bearer \(token.accessToken)"]
        let known = try await send("PUT", "https://popcorn.example/me/favorites/Dwu85P9SOIk", headers: bearer)
        #expect(known.status == 204 && known.body.isEmpty)
        let unknown = try await send("PUT", "https://popcorn.example/me/favorites/no-such-photo", headers: bearer)
        #expect(try unknown.status == 404 && loginMessage(unknown.body) == "Couldn't find Photo")
        let missing = try await send("PUT", "https://popcorn.example/me/favorites/Dwu85P9SOIk")
        #expect(missing.status == 401 && header("WWW-Authenticate", of: missing) == "Bearer")
        let post = try await send("POST", "https://popcorn.example/me/favorites/Dwu85P9SOIk", headers: bearer)
        #expect(post.status == 405 && header("Allow", of: post) == "PUT")
        let withBody = try await send(
            "PUT", "https://popcorn.example/me/favorites/Dwu85P9SOIk", headers: bearer, body: "{}")
        #expect(withBody.status == 400)
        fake.expireAccessTokens()
        let expired = try await send("PUT", "https://popcorn.example/me/favorites/Dwu85P9SOIk", headers: bearer)
        #expect(try expired.status == 401 && loginMessage(expired.body) == "Access token expired")
        #expect(fake.log.compactMap(\.route).filter { $0 == .favorite }.count == 6)
    }

    @Test("POST /token/refresh trades the refresh token for a new, numbered pair; the one sent is used up")
    func refreshRotates() async throws {
        let login = try await demoToken()
        let first = try await refresh(login.refreshToken)
        #expect(first.status == 200 && first.envelope.succeeded)
        let token1 = try #require(first.envelope.token)
        #expect(token1.accessToken == "popcorn-access-issued-1" && token1.refreshToken == "popcorn-refresh-issued-1")
        // Issued at the clock's start, it expires when the demo token does, and is written the same way.
        #expect(token1.accessExpiredAt == login.accessExpiredAt && token1.refreshExpiredAt == login.refreshExpiredAt)
        let second = try await refresh(token1.refreshToken)
        let token2 = try #require(second.envelope.token)
        #expect(token2.accessToken == "popcorn-access-issued-2" && token2.refreshToken == "popcorn-refresh-issued-2")
        let reused = try await refresh(login.refreshToken)
        #expect(reused.status == 401 && reused.envelope.message == "Refresh token already used")
        for accessToken in [login.accessToken, token1.accessToken, token2.accessToken] {
            #expect(try await me(accessToken).status == 200, "an access token works until it expires")
        }
        // Logging out with the newest ends the whole sign-in, the older pairs too.
        #expect(try await logout(token2.accessToken).status == 204)
        #expect(try await me(login.accessToken).status == 401)
        #expect(try await refresh(token2.refreshToken).status == 401)
    }

    @Test("after the access token expires a refresh gets one that works; a refresh token expires too")
    func refreshAfterExpiry() async throws {
        let login = try await demoToken()
        fake.advanceClock(by: 600)
        fake.expireAccessTokens()
        #expect(try profile(try await me(login.accessToken)).divisionCode == PopcornDivisionCode.tokenExpired)
        let renewed = try #require(try await refresh(login.refreshToken).envelope.token)
        #expect(renewed.accessExpiredAt == "2027-01-01T01:09:59+09:00")
        #expect(renewed.refreshExpiredAt == "2027-01-31T01:09:59+09:00")
        #expect(try await me(renewed.accessToken).status == 200)
        fake.advanceClock(by: FakeServers.refreshTokenLifetime)
        let late = try await refresh(renewed.refreshToken)
        #expect(late.status == 401 && late.envelope.message == "Refresh token expired")
        #expect(late.envelope.token == nil)
    }

    @Test(
        "POST /token/refresh refuses an unknown token, a malformed body, a missing Content-Type and other methods",
        arguments: [
            ("POST", "application/json", #"{"refresh_token":"a-forged-token"}"#, 401),
            ("POST", "application/json", #"{"refresh":"DEMO-REFRESH"}"#, 400),
            ("POST", "application/json", "{\"refresh_token\":", 400),
            ("POST", "application/json", #"{"refresh_token":42}"#, 400),
            ("POST", "text/plain", #"{"refresh_token":"DEMO-REFRESH"}"#, 400),
            ("GET", "application/json", "", 405),
        ])
    func refreshRefuses(method: String, contentType: String, body: String, status: Int) async throws {
        // The arguments name the demo refresh token by a placeholder: Swift Testing prints them,
        // and no token may reach the test output.
        let body = body.replacingOccurrences(
            of: "DEMO-REFRESH", with: "popcorn-refresh-c9f0f895fb98ab9159f51fd0297e236d")
        let reply = try await send(
            method, "https://popcorn.example/token/refresh", headers: ["Content-Type": contentType],
            body: body.isEmpty ? nil : body)
        #expect(reply.status == status)
        let envelope = try JSONDecoder().decode(LoginResponse.self, from: reply.body)
        #expect(envelope.token == nil && envelope.message?.isEmpty == false)
        #expect(fake.log.first?.route == .refreshToken)
    }

    @Test("the unfinished account's login answers 400 E009 with the tokens in data, and they work on /me")
    func unfinishedSignUp() async throws {
        let login = try await signIn(FakeServers.unfinishedUsername, FakeServers.unfinishedPassword)
        #expect(login.status == 400)
        #expect(login.envelope.resultCode == 400 && login.envelope.status == "fail")
        #expect(login.envelope.divisionCode == PopcornDivisionCode.notCompletedSignUp)
        #expect(login.envelope.message == "Not completed sign-up")
        #expect(login.envelope.token == nil, "it is a failure, not a sign-in")
        let token = try #require(login.envelope.payloadEvenOnFailure)
        #expect(token.accessToken.hasPrefix("popcorn-access-") && token.accessToken != "popcorn-access-issued-1")
        let again = try await signIn(FakeServers.unfinishedUsername, FakeServers.unfinishedPassword)
        #expect(again.envelope.payloadEvenOnFailure == token, "the same pair while it works")
        let me = try await me(token.accessToken)
        #expect(me.status == 200)
        #expect(try profile(me).payload?.username == FakeServers.unfinishedUsername)
        #expect(try profile(me).payload?.displayName == nil, "no display name until the sign-up is finished")
        let wrong = try await signIn(FakeServers.unfinishedUsername, "wrong")
        #expect(wrong.status == 401 && wrong.envelope.divisionCode == nil)
    }

    @Test("reset() forgets ended, used and issued tokens and rewinds the clock")
    func resetForgetsTokens() async throws {
        let login = try await demoToken()
        let issued = try #require(try await refresh(login.refreshToken).envelope.token)
        #expect(try await logout(issued.accessToken).status == 204)
        fake.advanceClock(by: 86_400)
        fake.reset()
        #expect(fake.now == FakeServers.clockStart)
        #expect(try await me(login.accessToken).status == 200)
        #expect(try await me(issued.accessToken).status == 401, "a token issued before the reset is unknown")
        let again = try await refresh(login.refreshToken)
        #expect(again.envelope.token?.accessToken == "popcorn-access-issued-1", "the count starts again")
    }

    @Test("the signed-in routes can be overridden and held; an override that replaces the answer does no work")
    func signedInRoutesOverriddenAndHeld() async throws {
        let login = try await demoToken()
        fake.override(.profile, with: .status(503))
        #expect(try await me(login.accessToken).status == 503)
        // The server never heard the logout, nor the refresh that answered 500.
        fake.override(.logout, with: .failure(.notConnectedToInternet))
        await #expect(throws: URLError.self) { try await logout(login.accessToken) }
        fake.override(.refreshToken, with: .status(500))
        #expect(try await refresh(login.refreshToken).status == 500)
        #expect(try await me(login.accessToken).status == 200)
        // A header override leaves the work done: this refresh uses the token up.
        fake.override(.refreshToken, with: Override(headers: ["X-Request-Id": "7"]))
        #expect(try await refresh(login.refreshToken).envelope.token?.accessToken == "popcorn-access-issued-1")
        let hold = fake.hold(.refreshToken)
        let held = Task { try await refresh(login.refreshToken) }
        try #require(await hold.waitUntilHeld(1))
        #expect(hold.requests.first?.route == .refreshToken)
        #expect(hold.release() == 1)
        #expect(try await held.value.envelope.message == "Refresh token already used")
        #expect(
            fake.log.compactMap(\.route)
                == [.login, .profile, .logout, .refreshToken, .profile, .refreshToken, .refreshToken])
    }

    @Test("no token, password or key travels in a URL the signed-in calls were sent to")
    func signedInCallsKeepSecretsOutOfURLs() async throws {
        let login = try await demoToken()
        _ = try await me(login.accessToken)
        _ = try await refresh(login.refreshToken)
        _ = try await logout(login.accessToken)
        let secrets = [login.accessToken, login.refreshToken, FakeServers.demoPassword]
        #expect(fake.log.count == 4)
        #expect(!fake.log.contains { entry in secrets.contains { entry.url.absoluteString.contains($0) } })
    }
}
