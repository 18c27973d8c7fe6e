// In-process fakes of the two servers the workbook calls. Nothing here touches the network.
import Foundation
import Locking

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Popcorn login server and the Unsplash API, answered inside the process by a `URLProtocol`.
///
/// | route | request | answers |
/// |---|---|---|
/// | login | `POST https://popcorn.example/login`, JSON `{"username","password"}`, `Content-Type: application/json` | 200 `{"resultCode":200,"status":"success","data":{token}}`; the unfinished account: 400 `{"resultCode":400,"status":"fail","divisionCode":"E009","message":"Not completed sign-up","data":{token}}`; 401 `data`: "Invalid username or password"; 400 bad body or content type; 405 other methods |
/// | profile | `GET https://popcorn.example/me`, `Authorization: Bearer <access_token>` | 200 `{"resultCode":200,"status":"success","data":{"username","display_name","joined_at"}}`; 401 `data`: a message, with `WWW-Authenticate: Bearer` when the header is missing and `Bearer error="invalid_token"` when the token is unknown or signed out; 401 `{"divisionCode":"TOKEN_EXPIRED","message":"Access token expired","data":null}` with `WWW-Authenticate: Bearer error="invalid_token"` once it has expired; 405 other methods |
/// | logout | `POST https://popcorn.example/logout`, `Authorization: Bearer <access_token>` | 204 and no body: every token of that sign-in stops working; the 401s of profile; 405 other methods |
/// | refreshToken | `POST https://popcorn.example/token/refresh`, JSON `{"refresh_token"}`, `Content-Type: application/json` | 200 `data`: a new token (a new access token and a new refresh token; the one sent is used up); 401 `data`: "Invalid refresh token" (unknown or signed out), "Refresh token already used", "Refresh token expired"; 400 bad body or content type; 405 other methods |
/// | favorite | `PUT https://popcorn.example/me/favorites/{photo id}`, `Authorization: Bearer <access_token>`: exercise 4b's call | 204 and no body when the catalogue holds the photo; 404 `data`: "Couldn't find Photo"; the 401s of profile; 400 a body; 405 other methods |
/// | searchPhotos | `GET https://api.unsplash.com/search/photos?query=&page=&per_page=` | 200 `{total, total_pages, results}`; 400 "query is missing" |
/// | randomPhoto | `GET https://api.unsplash.com/photos/random` | 200 a photo, the same sequence after every `reset()` |
/// | photo | `GET https://api.unsplash.com/photos/{id}` | 200 the photo; 404 "Couldn't find Photo" |
/// | userPhotos | `GET https://api.unsplash.com/users/{username}/photos?page=&per_page=` | 200 an array of the user's photos; 404 "Couldn't find User" |
///
/// Every Unsplash route wants `Authorization: Client-ID workbook-demo-access-key` (401 "OAuth error:
/// The access token is invalid" without it), answers 405 to other methods, and sends
/// `X-Ratelimit-Limit: 50` and `X-Ratelimit-Remaining: 49`; after `limitUnsplashRequests(to:)`
/// those count the keyed requests, and a key with none left gets a 403
/// `{"errors":["Rate Limit Exceeded"]}` with `X-Ratelimit-Remaining: 0`. `Override.rateLimited(_:)`
/// answers in any of the three shapes Unsplash has used. Unknown paths get 404, unknown hosts fail
/// as `URLError(.cannotFindHost)`. The catalogue holds 24 photos.
///
/// A GET with a body never reaches either server: the fake fails it as `URLSession` does, with
/// `URLError(.dataLengthExceedsMaximum)`, and logs nothing.
///
/// The demo account is `popcorn` / `butter-2580`: its login always answers with the same token
/// (`popcorn-access-8f14…`) while that token works. The unfinished account is `kernel` /
/// `unpopped-0417`: its login's E009 failure carries a fixed token too, which works on `/me`. A
/// token that was signed out, or whose refresh token was used, is not handed out again: the login
/// issues a new pair instead. New pairs are numbered, `popcorn-access-issued-1`,
/// `popcorn-refresh-issued-1`, then `-2`, from 1 after every `reset()`.
///
/// Tokens expire on the fake's clock, which starts at `clockStart` and moves only when a test
/// moves it (`advanceClock(by:)`, `expireAccessTokens()`): access tokens after
/// `accessTokenLifetime` (an hour), refresh tokens 30 days after that. Expiry times are written
/// as `2026-12-31T23:59:59+09:00`.
///
/// Stages 1 to 5 use `URLSession.shared`, so their tests call `install()`, which registers the fake
/// for the whole process; stage 6 takes a session made from `sessionConfiguration()` instead.
///
/// A `URLProtocol` class cannot carry an instance, so each fake has a protocol class of its own:
/// `shared`, which `URLSession.shared` reaches, and `separate`, which only sessions made from its
/// `sessionConfiguration()` reach. Tests of a stage that is handed its session can use `separate`
/// and run beside the tests on `URLSession.shared`, each with a log and overrides of its own.
public final class FakeServers: Sendable {
    /// The fake of `URLSession.shared` (once `install()` ran) and of `FakeServers.sessionConfiguration()`.
    public static let shared = FakeServers(protocolClass: FakeURLProtocol.self)
    /// A second fake, with its own log, overrides and clock, reached only through sessions made
    /// from `FakeServers.separate.sessionConfiguration()`.
    public static let separate = FakeServers(protocolClass: SeparateFakeURLProtocol.self)

    public static let popcornHost = "popcorn.example"
    public static let unsplashHost = "api.unsplash.com"
    public static let demoUsername = "popcorn"
    public static let demoPassword = "butter-2580"
    public static let demoAccessKey = "workbook-demo-access-key"
    /// An account whose sign-up is unfinished: its login fails with `divisionCode` `"E009"` and
    /// still carries the tokens.
    public static let unfinishedUsername = "kernel"
    public static let unfinishedPassword = "unpopped-0417"

    /// Where the fake's clock starts, and goes back to on `reset()`: 2026-12-31T22:59:59+09:00, an
    /// hour before the demo token's `access_expired_at`.
    public static let clockStart = Date(timeIntervalSince1970: 1_798_725_599)
    /// How long an access token works after it is issued: an hour.
    public static let accessTokenLifetime: TimeInterval = 3600
    /// How long a refresh token works after it is issued: until 30 days after its access token expires.
    public static let refreshTokenLifetime: TimeInterval = 3600 + 30 * 86_400

    /// What the fake remembers between requests; `Exchange.swift` reads and changes it as each
    /// request arrives.
    struct State {
        var log: [RecordedRequest] = []
        var overrides: [Route: [(override: Override, matches: @Sendable (RecordedRequest) -> Bool)]] = [:]
        var randomDraws = 0
        var inFlight = 0
        var peakInFlight = 0
        var stopped = 0
        var timeScale = 1.0
        /// Seconds the fake's clock has moved since `clockStart`.
        var clock: TimeInterval = 0
        var tokens = TokenBook()
        var quota: UnsplashQuota?
    }

    let state = Locked(State())
    /// The protocol class whose requests this fake answers.
    private let protocolClass: FakeURLProtocol.Type

    private init(protocolClass: FakeURLProtocol.Type) {
        self.protocolClass = protocolClass
    }

    /// Routes every HTTP request of `URLSession.shared` to the fakes. A session of its own reaches
    /// them through `sessionConfiguration()`: on Apple platforms, registering reaches only the shared one.
    ///
    /// The fakes answer every request afresh, so `URLSession.shared` gets a cache that keeps
    /// nothing: on Linux the shared cache lives on disk, and its folder was read for every request.
    public static func install() {
        installed.withLock { done in
            guard !done else { return }
            #if canImport(FoundationNetworking)
            URLCache.shared = URLCache(memoryCapacity: 0, diskCapacity: 0, diskPath: nil)
            #else
            URLCache.shared = URLCache(memoryCapacity: 0, diskCapacity: 0, directory: nil)
            #endif
            done = URLProtocol.registerClass(FakeURLProtocol.self)
        }
    }

    private static let installed = Locked(false)

    /// `request`, marked to pass the fakes by, for a test of what `URLSession` itself does. Only
    /// a request to this machine (`127.0.0.1`) passes; any other stays with the fakes.
    public static func toTheRealClient(_ request: URLRequest) -> URLRequest {
        guard let marked = (request as NSURLRequest).mutableCopy() as? NSMutableURLRequest else { return request }
        URLProtocol.setProperty(true, forKey: realClientKey, in: marked)
        return marked as URLRequest
    }

    static func asksTheRealClient(_ request: URLRequest) -> Bool {
        request.url?.host == "127.0.0.1" && URLProtocol.property(forKey: realClientKey, in: request) != nil
    }

    private static let realClientKey = "workbook.realClient"

    /// A configuration whose sessions reach only the shared fake, with no process-wide registration.
    public static func sessionConfiguration() -> URLSessionConfiguration {
        shared.sessionConfiguration()
    }

    /// A configuration whose sessions reach only this fake.
    public func sessionConfiguration() -> URLSessionConfiguration {
        // On Linux, once any configuration exists, `URLSession.shared` stops looking at classes
        // registered later; registering first keeps stages 1 to 5 on the fake, off the network.
        Self.install()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [protocolClass]
        configuration.urlCache = nil
        return configuration
    }

    /// Forgets the log, the overrides, the tokens issued, refreshed and revoked, and the quota;
    /// restarts the random sequence and rewinds the clock to `clockStart`.
    public func reset() {
        state.withLock { $0 = State() }
    }

    /// The fake's clock: the moment Popcorn judges tokens by, and Unsplash's quota counts its hour
    /// by. It starts at `clockStart` and moves only when a test moves it. (Delays and clients'
    /// timeouts run on real time, paced by `timeScale`, not on this clock.)
    public var now: Date {
        Self.clockStart.addingTimeInterval(state.withLock { $0.clock })
    }

    /// Moves the fake's clock forward (a negative number is ignored); no real time passes.
    public func advanceClock(by seconds: TimeInterval) {
        state.withLock { $0.clock += max(0, seconds) }
    }

    /// Moves the clock on by `accessTokenLifetime`: every access token issued so far has expired;
    /// the refresh tokens still work.
    public func expireAccessTokens() {
        advanceClock(by: Self.accessTokenLifetime)
    }

    /// Counts the requests made with the demo key, `limit` an hour on the fake's clock from now:
    /// their replies carry `X-Ratelimit-Limit` and `X-Ratelimit-Remaining`, and once none are left
    /// every keyed request gets the `.forbiddenRemainingZero` 403 until the hour is over. `nil`
    /// (as after `reset()`) counts nothing: every reply says `50` and `49`.
    public func limitUnsplashRequests(to limit: Int?) {
        state.withLock { state in
            state.quota = limit.map { UnsplashQuota(limit: max(0, $0), windowStart: state.clock) }
        }
    }

    /// Every request received since the last `reset()`, oldest first.
    public var log: [RecordedRequest] {
        state.withLock { $0.log }
    }

    /// Real seconds per simulated second, for delays and for clients' timeouts alike. At 0.01 a
    /// client's default 60-second timeout ends after 0.6 real seconds. `reset()` sets it back to 1.
    public var timeScale: Double {
        get { state.withLock { $0.timeScale } }
        set { state.withLock { $0.timeScale = max(0, newValue) } }
    }

    /// The most requests that were waiting for an answer at the same moment since the last `reset()`.
    public var peakConcurrentRequests: Int {
        state.withLock { $0.peakInFlight }
    }

    /// How many requests the client stopped (cancelled) before they were answered.
    public var stoppedRequests: Int {
        state.withLock { $0.stopped }
    }

    /// Makes the next `times` replies on `route` (to requests that `matches`) follow `override`.
    public func override(
        _ route: Route, with override: Override, times: Int = 1,
        where matches: @escaping @Sendable (RecordedRequest) -> Bool = { _ in true }
    ) {
        state.withLock { $0.overrides[route, default: []] += Array(repeating: (override, matches), count: times) }
    }

    /// Holds the next `times` replies on `route` (to requests that `matches`) until the test
    /// releases them from the returned `Hold`; they are answered as usual then.
    public func hold(
        _ route: Route, times: Int = 1, where matches: @escaping @Sendable (RecordedRequest) -> Bool = { _ in true }
    ) -> Hold {
        let hold = Hold()
        override(route, with: Override(hold: hold), times: times, where: matches)
        return hold
    }
}
