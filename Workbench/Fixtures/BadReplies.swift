// The reliability matrix: bad replies every stage must survive, and what a stage that types its
// failures must call each one. The suite runs it on every stage; `workbook reliability` prints it.
import FakeServers
import Foundation
import Harness
import Models

/// What a caller should be handed.
public enum Expected: Sendable, Equatable, CustomStringConvertible {
    /// The reply was valid after all: the value passes through.
    case value
    /// A failure; for a stage that types its failures, of this kind.
    case failure(FailureKind?)

    public var description: String {
        switch self {
        case .value: "value"
        case .failure(let kind): kind?.rawValue ?? "failure"
        }
    }
}

/// One bad reply, the call that meets it, and what each kind of stage must make of it.
public struct BadReply: Sendable, CustomStringConvertible {
    public let name: String
    /// The call that meets the reply.
    public let call: Call
    /// Sets the fake up to misbehave.
    package let prepare: @Sendable (FakeServers) -> Void
    /// What a stage that declares `typedFailures` must hand its caller.
    public let typed: Expected
    /// What a stage that does not must hand its caller (some bad replies get through it).
    public let untyped: Expected

    public var description: String { name }

    package init(
        _ name: String, _ call: Call, typed: Expected, untyped: Expected = .failure(nil),
        _ prepare: @escaping @Sendable (FakeServers) -> Void
    ) {
        self.name = name
        self.call = call
        self.prepare = prepare
        self.typed = typed
        self.untyped = untyped
    }

    /// What `stage` must hand its caller.
    public func expected(for stage: StageInfo) -> Expected {
        stage.capabilities.contains(.typedFailures) ? typed : untyped
    }
}

/// What a stage made of one bad reply.
public struct BadReplyResult: Sendable {
    public let outcome: ScenarioOutcome
    public let problems: [CompletionProblem]
    public let seconds: Double

    /// The outcome in the matrix's words: `value`, a failure kind, or `failure` when untyped.
    public var handed: Expected {
        outcome.succeeded ? .value : .failure(outcome.kind)
    }
}

public enum BadReplies {
    // The calls that meet the bad replies: each answers with a value when the reply is good.
    package static let knownPhoto = Scenarios.knownPhoto
    package static let demoLogin = Scenarios.demoLogin
    package static let search = Call.searchPhotos(query: "coffee")

    public static let all: [BadReply] = [
        BadReply("malformed JSON", knownPhoto, typed: .failure(.decoding)) {
            $0.override(.photo, with: .reply(status: 200, body: #"{"id": "Dwu85P9SOIk", "width": }"#))
        },
        BadReply("truncated JSON", knownPhoto, typed: .failure(.decoding)) {
            $0.override(.photo, with: .reply(status: 200, body: String(photoJSON().prefix(200))))
        },
        BadReply("an empty 200", knownPhoto, typed: .failure(.emptyBody)) {
            $0.override(.photo, with: .reply(status: 200, body: ""))
        },
        BadReply("204 with no body", knownPhoto, typed: .failure(.emptyBody)) {
            $0.override(.photo, with: .reply(status: 204, body: ""))
        },
        BadReply("an HTML error page with 502", knownPhoto, typed: .failure(.server)) {
            $0.override(
                .photo,
                with: .reply(
                    status: 502, body: "<html><body><h1>502 Bad Gateway</h1></body></html>", contentType: "text/html"))
        },
        BadReply("plain text Rate Limit Exceeded with 403", search, typed: .failure(.tooManyRequests)) {
            $0.override(
                .searchPhotos, with: .reply(status: 403, body: "Rate Limit Exceeded", contentType: "text/plain"))
        },
        BadReply("a 403 with X-Ratelimit-Remaining: 0", search, typed: .failure(.tooManyRequests)) {
            $0.override(.searchPhotos, with: .rateLimited(.forbiddenRemainingZero))
        },
        BadReply("a 403 that is not about the limit", search, typed: .failure(.forbidden)) {
            $0.override(.searchPhotos, with: .reply(status: 403, body: #"{"errors":["Forbidden"]}"#))
        },
        BadReply("plain text Rate Limit Exceeded with 429", search, typed: .failure(.tooManyRequests)) {
            $0.override(
                .searchPhotos, with: .reply(status: 429, body: "Rate Limit Exceeded", contentType: "text/plain"))
        },
        BadReply("a field of the wrong type", knownPhoto, typed: .failure(.decoding)) {
            $0.override(
                .photo,
                with: .reply(status: 200, body: photoJSON(replacing: #""width": 2448"#, with: #""width": "wide""#)))
        },
        BadReply("a required field missing", knownPhoto, typed: .failure(.decoding)) {
            $0.override(
                .photo, with: .reply(status: 200, body: photoJSON(replacing: #""id": "Dwu85P9SOIk","#, with: "")))
        },
        BadReply("null where a value is required", knownPhoto, typed: .failure(.decoding)) {
            $0.override(
                .photo, with: .reply(status: 200, body: photoJSON(replacing: #""likes": 286"#, with: #""likes": null"#))
            )
        },
        BadReply("extra unknown fields", knownPhoto, typed: .value, untyped: .value) {
            $0.override(
                .photo,
                with: .reply(
                    status: 200,
                    body: photoJSON(
                        replacing: #""likes": 286"#,
                        with: #""likes": 286, "sponsored": {"by": "nobody"}, "tags": [1, 2]"#)))
        },
        BadReply("invalid UTF-8", knownPhoto, typed: .failure(.decoding)) {
            $0.override(
                .photo,
                with: Override(
                    status: 200, headers: ["Content-Type": "application/json"],
                    body: Data(#"{"id": ""#.utf8) + Data([0xFF, 0xFE, 0xC3]) + Data(#""}"#.utf8)))
        },
        BadReply("a 10 MB body", knownPhoto, typed: .value, untyped: .value) {
            $0.override(
                .photo,
                with: Override(status: 200, headers: ["Content-Type": "application/json"], body: tenMegabytePhoto))
        },
        BadReply("status 299 with a photo", knownPhoto, typed: .value, untyped: .value) {
            $0.override(.photo, with: .reply(status: 299, body: photoJSON()))
        },
        // The success range's edges, on every call: stage 3 checks the status once per function.
        BadReply("status 299 with a search page", search, typed: .value, untyped: .value) {
            $0.override(.searchPhotos, with: .status(299))
        },
        BadReply("status 299 with a random photo", .randomPhoto, typed: .value, untyped: .value) {
            $0.override(.randomPhoto, with: .status(299))
        },
        BadReply("a login 299 with a token", demoLogin, typed: .value, untyped: .value) {
            $0.override(.login, with: .status(299))
        },
        BadReply("status 300 with a photo", knownPhoto, typed: .failure(.unexpectedStatus), untyped: .value) {
            $0.override(.photo, with: .reply(status: 300, body: photoJSON()))
        },
        BadReply("status 300 with a search page", search, typed: .failure(.unexpectedStatus), untyped: .value) {
            $0.override(.searchPhotos, with: .status(300))
        },
        BadReply("status 300 with a random photo", .randomPhoto, typed: .failure(.unexpectedStatus), untyped: .value) {
            $0.override(.randomPhoto, with: .status(300))
        },
        BadReply("a login 300 with a token", demoLogin, typed: .failure(.unexpectedStatus), untyped: .value) {
            $0.override(.login, with: .status(300))
        },
        BadReply("status 199 with a photo", knownPhoto, typed: .failure(.unexpectedStatus), untyped: .value) {
            $0.override(.photo, with: .reply(status: 199, body: photoJSON()))
        },
        BadReply("302 without a Location", knownPhoto, typed: .failure(.unexpectedStatus)) {
            $0.override(.photo, with: .reply(status: 302, body: ""))
        },
        BadReply("418 I'm a teapot", knownPhoto, typed: .failure(.unexpectedStatus)) {
            $0.override(.photo, with: .reply(status: 418, body: "I'm a teapot", contentType: "text/plain"))
        },
        BadReply("503 with Retry-After", knownPhoto, typed: .failure(.server)) {
            $0.override(
                .photo,
                with: Override(
                    status: 503, headers: ["Retry-After": "120", "Content-Type": "application/json"],
                    body: Data(#"{"errors":["Service Unavailable"]}"#.utf8)))
        },
        BadReply("a 503 whose body still looks like a photo", knownPhoto, typed: .failure(.server), untyped: .value) {
            $0.override(.photo, with: .reply(status: 503, body: photoJSON()))
        },
        BadReply("a login 200 whose status is not success", demoLogin, typed: .failure(.unexpectedStatus)) {
            $0.override(
                .login, with: .reply(status: 200, body: #"{"resultCode":200,"status":"fail","data":"Account locked"}"#))
        },
        BadReply(
            "a login 200 whose status is not success, with a token as its data", demoLogin,
            typed: .failure(.unexpectedStatus)
        ) {
            $0.override(
                .login, with: .reply(status: 200, body: #"{"resultCode":200,"status":"fail","data":\#(tokenJSON)}"#))
        },
        BadReply("a login 401 with a token where the message belongs", demoLogin, typed: .failure(.unauthorized)) {
            $0.override(
                .login, with: .reply(status: 401, body: #"{"resultCode":401,"status":"fail","data":\#(tokenJSON)}"#))
        },
        BadReply("a login 200 with a message where the token belongs", demoLogin, typed: .failure(.unexpectedStatus)) {
            $0.override(
                .login, with: .reply(status: 200, body: #"{"resultCode":200,"status":"success","data":"Welcome back"}"#)
            )
        },
        BadReply("a login reply that is an HTML page with 500", demoLogin, typed: .failure(.server)) {
            $0.override(
                .login,
                with: .reply(
                    status: 500, body: "<html><body>Internal Server Error</body></html>", contentType: "text/html"))
        },
        // A login reply that is no envelope at all still fails as its status says.
        BadReply("a login 400 that is plain text", demoLogin, typed: .failure(.badRequest)) {
            $0.override(.login, with: .reply(status: 400, body: "Bad Request", contentType: "text/plain"))
        },
        BadReply("a login 401 that is an HTML page", demoLogin, typed: .failure(.unauthorized)) {
            $0.override(
                .login,
                with: .reply(status: 401, body: "<html><body>Unauthorized</body></html>", contentType: "text/html"))
        },
        BadReply("a login 302 with no body", demoLogin, typed: .failure(.unexpectedStatus)) {
            $0.override(.login, with: .reply(status: 302, body: ""))
        },
        BadReply("a reply slower than the request timeout", knownPhoto, typed: .failure(.timedOut)) {
            // Every stage keeps the default 60-second timeout; the fake runs its clock 10,000 times fast.
            $0.timeScale = 0.0001
            $0.override(.photo, with: .delay(61))
        },
        BadReply("no reply at all", .randomPhoto, typed: .failure(.timedOut)) {
            $0.timeScale = 0.0001
            $0.override(.randomPhoto, with: .noAnswer)
        },
        BadReply("the connection lost mid-body", knownPhoto, typed: .failure(.transport)) {
            $0.override(.photo, with: .connectionLost(after: 100))
        },
        BadReply("offline", search, typed: .failure(.offline)) {
            $0.override(.searchPhotos, with: .failure(.notConnectedToInternet))
        },
        // What a stage hands its caller if it ever puts a body on a GET: URLSession sends nothing.
        BadReply("a GET URLSession will not send, for its body", knownPhoto, typed: .failure(.transport)) {
            $0.override(.photo, with: .failure(.dataLengthExceedsMaximum))
        },
        BadReply("host not found", .randomPhoto, typed: .failure(.transport)) {
            $0.override(.randomPhoto, with: .failure(.cannotFindHost))
        },
        BadReply("cancelled by the system", knownPhoto, typed: .failure(.cancelled)) {
            $0.override(.photo, with: .failure(.cancelled))
        },
        BadReply("a JSON array where an object belongs", knownPhoto, typed: .failure(.decoding)) {
            $0.override(.photo, with: .reply(status: 200, body: "[" + photoJSON() + "]"))
        },
        BadReply("a search page with one broken photo", search, typed: .failure(.decoding)) {
            let broken = photoJSON(replacing: #""urls": {"#, with: #""urls": {"raw": 7, "#)
            $0.override(
                .searchPhotos,
                with: .reply(
                    status: 200, body: #"{"total":2,"total_pages":1,"results":["# + photoJSON() + "," + broken + "]}"))
        },
    ]

    /// Runs one bad reply on one stage, on a fresh fake.
    public static func run(_ badReply: BadReply, on adapter: any StageAdapter, fake: FakeServers = .shared) async
        -> BadReplyResult
    {
        fake.reset()
        badReply.prepare(fake)
        defer { fake.timeScale = 1 }
        let monitor = CompletionMonitor(patience: 5)
        let started = Date()
        let outcome = await CompletionMonitor.$current.withValue(monitor) {
            await Scenarios.outcome(of: badReply.call, on: adapter)
        }
        return BadReplyResult(outcome: outcome, problems: monitor.problems, seconds: Date().timeIntervalSince(started))
    }

    // MARK: - Bodies

    package static let tokenJSON =
        #"{"access_token":"a","refresh_token":"r","access_expired_at":"x","refresh_expired_at":"y"}"#

    /// A valid reply for photo Dwu85P9SOIk, as text to bend into invalid ones.
    package static func photoJSON(replacing target: String = "", with replacement: String = "") -> String {
        let json = """
            {"id": "Dwu85P9SOIk", "created_at": "2016-05-03T11:00:28-04:00", "width": 2448, "height": 3264, \
            "color": "#6E633A", "blur_hash": null, "description": "A man drinking a coffee.", \
            "alt_description": null, "likes": 286, "urls": {"raw": "https://images.unsplash.com/a", \
            "full": "https://images.unsplash.com/b", "regular": "https://images.unsplash.com/c", \
            "small": "https://images.unsplash.com/d", "thumb": "https://images.unsplash.com/e"}, \
            "user": {"id": "QPxL2MGqfrw", "username": "exampleuser", "name": "Joe Example"}}
            """
        return target.isEmpty ? json : json.replacingOccurrences(of: target, with: replacement)
    }

    /// A valid photo whose description is ten megabytes long.
    package static let tenMegabytePhoto: Data = {
        // Put together around the description rather than replaced into the text: a search and
        // replace through 10 MB is most of what making it cost.
        let parts = photoJSON().components(separatedBy: "A man drinking a coffee.")
        return Data(parts[0].utf8) + Data(String(repeating: "coffee ", count: 10 * 1024 * 1024 / 7).utf8)
            + Data(parts[1].utf8)
    }()
}
