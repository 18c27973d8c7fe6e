// What a test can make the next replies on a route do instead of the server's usual answer.
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A change to one reply. Unset fields keep what the server would have sent.
///
/// An override that sets a status, a body, a transport error or no answer stands for a server that
/// did not do the work: a login, logout or refresh it answers leaves the tokens as they were, and
/// an Unsplash request it answers takes nothing from a quota. Headers, a delay, a hold or a cut
/// connection change only what the client hears; the server did the work.
public struct Override: Sendable {
    /// The status code to send instead.
    public var status: Int?
    /// Headers to add or replace; a name replaces the usual header of that name in any case.
    public var headers: [String: String] = [:]
    /// The body to send instead, byte for byte.
    public var body: Data?
    /// Seconds to wait before answering (or failing).
    public var delay: TimeInterval = 0
    /// Fail as the network would, with this `URLError` code, instead of answering.
    public var transportError: URLError.Code?
    /// Never answer: the request waits until it is cancelled or its own timeout ends it.
    public var answers = true
    /// Lose the connection after sending this many bytes of the body (`.networkConnectionLost`).
    public var cutAfter: Int?
    /// Hold the reply until the test releases it from this hold; the rest of the override
    /// (delay included) applies from the release on.
    public var hold: Hold?
    /// Headers of the usual reply to leave out, named in any case.
    public var droppedHeaders: [String] = []

    public init(
        status: Int? = nil, headers: [String: String] = [:], body: Data? = nil, delay: TimeInterval = 0,
        transportError: URLError.Code? = nil, answers: Bool = true, cutAfter: Int? = nil, hold: Hold? = nil,
        droppedHeaders: [String] = []
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.transportError = transportError
        self.answers = answers
        self.cutAfter = cutAfter
        self.hold = hold
        self.droppedHeaders = droppedHeaders
    }

    /// Whether the client hears something other than what the server made: see above.
    var replacesAnswer: Bool {
        status != nil || body != nil || transportError != nil || !answers
    }

    /// Answer with this status and body.
    public static func reply(status: Int, body: String, contentType: String = "application/json") -> Override {
        Override(status: status, headers: ["Content-Type": contentType], body: Data(body.utf8))
    }

    /// Answer with this status and the route's usual body.
    public static func status(_ status: Int) -> Override {
        Override(status: status)
    }

    /// Fail with a transport error such as `.notConnectedToInternet` or `.timedOut`.
    public static func failure(_ code: URLError.Code) -> Override {
        Override(transportError: code)
    }

    /// Answer as usual, but only after `seconds`.
    public static func delay(_ seconds: TimeInterval) -> Override {
        Override(delay: seconds)
    }

    /// Answer as usual, but lose the connection after `bytes` of the body.
    public static func connectionLost(after bytes: Int) -> Override {
        Override(cutAfter: bytes)
    }

    /// Accept the request and never answer it.
    public static let noAnswer = Override(answers: false)
}
