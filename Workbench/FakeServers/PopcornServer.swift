// The fake Popcorn server: the login and the signed-in calls (`GET /me`, `POST /logout`,
// `POST /token/refresh`, and exercise 4b's `PUT /me/favorites/{id}`), answered in Popcorn's
// envelope, with tokens that expire on the fake's clock.
import Foundation

enum PopcornServer {
    /// The token the demo account gets; fixed so that tests can compare it.
    static let demoToken: [String: String] = [
        "access_token": "popcorn-access-8f14e45fceea167a5a36dedd4bea2543",
        "refresh_token": "popcorn-refresh-c9f0f895fb98ab9159f51fd0297e236d",
        "access_expired_at": "2026-12-31T23:59:59+09:00",
        "refresh_expired_at": "2027-01-30T23:59:59+09:00",
    ]

    /// The token the unfinished account's login carries in its E009 failure; fixed too.
    static let unfinishedToken: [String: String] = [
        "access_token": "popcorn-access-45c48cce2e2d7fbdea1afc51c7c6ad26",
        "refresh_token": "popcorn-refresh-d3d9446802a44259755d38e6d163e820",
        "access_expired_at": "2026-12-31T23:59:59+09:00",
        "refresh_expired_at": "2027-01-30T23:59:59+09:00",
    ]

    /// Someone who can sign in.
    struct Account: Sendable {
        let username: String
        let password: String
        /// The pair every login hands out while it still works.
        let token: [String: String]
        /// `nil` until the sign-up is finished, which is what the E009 failure is about.
        let displayName: String?
        let joinedAt: String
    }

    static let accounts = [
        Account(
            username: FakeServers.demoUsername, password: FakeServers.demoPassword, token: demoToken,
            displayName: "Popcorn Demo", joinedAt: "2025-03-14T10:00:00+09:00"),
        Account(
            username: FakeServers.unfinishedUsername, password: FakeServers.unfinishedPassword,
            token: unfinishedToken, displayName: nil, joinedAt: "2026-12-30T08:15:00+09:00"),
    ]

    static func route(_ view: ServerView) -> Route? {
        switch view.pathSegments {
        case ["login"]: .login
        case ["me"]: .profile
        case ["logout"]: .logout
        case ["token", "refresh"]: .refreshToken
        case let segments where segments.count == 3 && segments[0] == "me" && segments[1] == "favorites": .favorite
        default: nil
        }
    }

    /// Answers one request; `book` is what the server remembers of its tokens, `clock` the
    /// seconds since `FakeServers.clockStart`.
    static func answer(_ request: RecordedRequest, route: Route?, book: inout TokenBook, clock: TimeInterval)
        -> Answer
    {
        switch route {
        case .login: return login(request, book: &book, clock: clock)
        case .profile: return profile(request, book: book, clock: clock)
        case .logout: return logout(request, book: &book, clock: clock)
        case .refreshToken: return refresh(request, book: &book, clock: clock)
        case .favorite: return favorite(request, book: book, clock: clock)
        case nil, .searchPhotos, .randomPhoto, .photo, .userPhotos: return failure(404, "Not found")
        }
    }

    private static func login(_ request: RecordedRequest, book: inout TokenBook, clock: TimeInterval) -> Answer {
        if let refused = refuseUnlessJSONPost(request) { return refused }
        guard let fields = request.jsonStrings, let username = fields["username"], let password = fields["password"]
        else {
            return failure(400, "The body must be a JSON object with a username and a password")
        }
        guard let account = accounts.first(where: { $0.username == username && $0.password == password }) else {
            return failure(401, "Invalid username or password")
        }
        let token = book.signIn(account, clock: clock)
        guard account.displayName != nil else {
            // Wote's shape in Popcorn's envelope: a failure that still hands over the tokens.
            return .json(
                400,
                [
                    "resultCode": 400, "status": "fail", "divisionCode": "E009", "message": "Not completed sign-up",
                    "data": token,
                ])
        }
        return .json(200, ["resultCode": 200, "status": "success", "data": token])
    }

    private static func profile(_ request: RecordedRequest, book: TokenBook, clock: TimeInterval) -> Answer {
        guard request.method == "GET" else { return methodNotAllowed("GET") }
        let grant: TokenBook.Grant
        switch authenticate(request, book: book, clock: clock) {
        case .success(let found): grant = found
        case .failure(let refusal): return refusal.reply
        }
        guard let account = accounts.first(where: { $0.username == grant.username }) else {
            return failure(401, "Invalid access token")
        }
        let profile: [String: Any] = [
            "username": account.username, "display_name": account.displayName ?? NSNull(),
            "joined_at": account.joinedAt,
        ]
        return .json(200, ["resultCode": 200, "status": "success", "data": profile])
    }

    private static func logout(_ request: RecordedRequest, book: inout TokenBook, clock: TimeInterval) -> Answer {
        guard request.method == "POST" else { return methodNotAllowed("POST") }
        switch authenticate(request, book: book, clock: clock) {
        case .success(let grant):
            book.endSession(grant.session)
            return Answer(status: 204, headers: [:], body: Data())
        case .failure(let refusal):
            return refusal.reply
        }
    }

    /// Exercise 4b's call: nothing to send back, so a success is a 204 with no body.
    private static func favorite(_ request: RecordedRequest, book: TokenBook, clock: TimeInterval) -> Answer {
        guard request.method == "PUT" else { return methodNotAllowed("PUT") }
        guard request.body?.isEmpty ?? true else { return failure(400, "The photo id goes in the path; send no body") }
        if case .failure(let refusal) = authenticate(request, book: book, clock: clock) { return refusal.reply }
        guard let id = request.serverView?.pathSegments.last, Catalogue.photo(id: id) != nil else {
            return failure(404, "Couldn't find Photo")
        }
        return Answer(status: 204, headers: [:], body: Data())
    }

    private static func refresh(_ request: RecordedRequest, book: inout TokenBook, clock: TimeInterval) -> Answer {
        if let refused = refuseUnlessJSONPost(request) { return refused }
        guard let refreshToken = request.jsonStrings?["refresh_token"] else {
            return failure(400, "The body must be a JSON object with a refresh_token")
        }
        switch book.refresh(refreshToken, clock: clock) {
        case .success(let token):
            return .json(200, ["resultCode": 200, "status": "success", "data": token])
        case .failure(let refusal):
            return failure(401, refusal.rawValue)
        }
    }

    /// Why a token was turned down; the raw value is the message the server sends.
    enum TokenRefusal: String, Error {
        case unknown = "Invalid refresh token"
        case used = "Refresh token already used"
        case expired = "Refresh token expired"
    }

    private struct Refusal: Error {
        let reply: Answer
    }

    /// The grant behind the request's `Authorization: Bearer …`, or the 401 that says why not.
    private static func authenticate(_ request: RecordedRequest, book: TokenBook, clock: TimeInterval)
        -> Result<TokenBook.Grant, Refusal>
    {
        let parts = (request.header("Authorization") ?? "").split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            var reply = failure(401, "Sign in first: this call needs Authorization: Bearer and an access token")
            reply.headers["WWW-Authenticate"] = "Bearer"
            return .failure(Refusal(reply: reply))
        }
        guard let grant = book.liveAccess(String(parts[1])) else {
            var reply = failure(401, "Invalid access token")
            reply.headers["WWW-Authenticate"] = #"Bearer error="invalid_token""#
            return .failure(Refusal(reply: reply))
        }
        guard clock < grant.expiresAt else {
            let body: [String: Any] = [
                "resultCode": 401, "status": "fail", "divisionCode": "TOKEN_EXPIRED",
                "message": "Access token expired", "data": NSNull(),
            ]
            return .failure(
                Refusal(reply: .json(401, body, headers: ["WWW-Authenticate": #"Bearer error="invalid_token""#])))
        }
        return .success(grant)
    }

    private static func refuseUnlessJSONPost(_ request: RecordedRequest) -> Answer? {
        guard request.method == "POST" else { return methodNotAllowed("POST") }
        guard request.header("Content-Type")?.lowercased().hasPrefix("application/json") == true else {
            return failure(400, "Content-Type must be application/json")
        }
        return nil
    }

    private static func methodNotAllowed(_ method: String) -> Answer {
        var reply = failure(405, "Method not allowed: use \(method)")
        reply.headers["Allow"] = method
        return reply
    }

    private static func failure(_ status: Int, _ message: String) -> Answer {
        .json(status, ["resultCode": status, "status": "fail", "data": message])
    }

    /// A moment on the fake's clock as Popcorn writes it: ISO 8601 at Seoul's offset.
    static func timestamp(_ clock: TimeInterval) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(secondsFromGMT: 9 * 3600)
        return formatter.string(from: FakeServers.clockStart.addingTimeInterval(clock))
    }
}

/// What the Popcorn server remembers between requests: every token it handed out, the sign-in
/// (session) each belongs to, the refresh tokens already traded in, and the sessions ended by a
/// logout. Times are seconds on the fake's clock.
struct TokenBook: Sendable {
    struct Grant: Sendable {
        let username: String
        let session: Int
        let expiresAt: TimeInterval
    }

    private var access: [String: Grant] = [:]
    private var refresh: [String: Grant] = [:]
    private var used: Set<String> = []
    private var ended: Set<Int> = []
    private var sessions = 0
    /// How many pairs were issued since the last reset: the number in each new token.
    private var issued = 0

    /// The accounts' fixed pairs, issued at the clock's start, one session each.
    init() {
        for account in PopcornServer.accounts {
            let session = newSession()
            record(account.token, username: account.username, session: session, issuedAt: 0)
        }
    }

    /// The pair a login hands out: the account's fixed pair while all of it still works, else a new one.
    mutating func signIn(_ account: PopcornServer.Account, clock: TimeInterval) -> [String: String] {
        if let accessToken = account.token["access_token"], let refreshToken = account.token["refresh_token"],
            let grant = liveAccess(accessToken), clock < grant.expiresAt, !used.contains(refreshToken)
        {
            return account.token
        }
        return issue(to: account.username, session: newSession(), clock: clock)
    }

    /// The grant of an access token that was issued and whose session has not ended; expired or not.
    func liveAccess(_ token: String) -> Grant? {
        guard let grant = access[token], !ended.contains(grant.session) else { return nil }
        return grant
    }

    /// Trades a refresh token for a new pair in the same session; the old refresh token is used up.
    mutating func refresh(_ token: String, clock: TimeInterval) -> Result<[String: String], PopcornServer.TokenRefusal>
    {
        guard let grant = refresh[token], !ended.contains(grant.session) else { return .failure(.unknown) }
        guard !used.contains(token) else { return .failure(.used) }
        guard clock < grant.expiresAt else { return .failure(.expired) }
        used.insert(token)
        return .success(issue(to: grant.username, session: grant.session, clock: clock))
    }

    /// A logout: every token of the session stops working.
    mutating func endSession(_ session: Int) {
        ended.insert(session)
    }

    private mutating func newSession() -> Int {
        sessions += 1
        return sessions
    }

    private mutating func issue(to username: String, session: Int, clock: TimeInterval) -> [String: String] {
        issued += 1
        let token = [
            "access_token": "popcorn-access-issued-\(issued)",
            "refresh_token": "popcorn-refresh-issued-\(issued)",
            "access_expired_at": PopcornServer.timestamp(clock + FakeServers.accessTokenLifetime),
            "refresh_expired_at": PopcornServer.timestamp(clock + FakeServers.refreshTokenLifetime),
        ]
        record(token, username: username, session: session, issuedAt: clock)
        return token
    }

    private mutating func record(_ token: [String: String], username: String, session: Int, issuedAt: TimeInterval) {
        if let accessToken = token["access_token"] {
            access[accessToken] = Grant(
                username: username, session: session, expiresAt: issuedAt + FakeServers.accessTokenLifetime)
        }
        if let refreshToken = token["refresh_token"] {
            refresh[refreshToken] = Grant(
                username: username, session: session, expiresAt: issuedAt + FakeServers.refreshTokenLifetime)
        }
    }
}
