// One live run's key swap: the learner's key that goes out in place of the demo key, the session
// that carries each request to Unsplash, and every exchange, for the command to report on.
#if os(macOS) || os(Linux)
import FakeServers
import Foundation
import Locking

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The learner's key, the upstream session, and what was forwarded so far.
final class KeySwap: Sendable {
    /// The header every stage sends to Unsplash, typed or built from the demo key.
    static let demoAuthorization = "Client-ID \(FakeServers.demoAccessKey)"

    /// The learner's access key.
    let key: String
    /// Where forwarded requests go: the real network, or a stand-in in the tests.
    let upstream: URLSession
    /// A reply Unsplash gave before, played back to every request instead of forwarding it, so
    /// that a stage reads it again without a request spent (`LiveStop.sentence`); nil in a run.
    let replay: UpstreamReply?
    private let exchanges = Locked<[ForwardedExchange]>([])

    init(key: String, upstream: URLSession, replay: UpstreamReply? = nil) {
        self.key = key
        self.upstream = upstream
        self.replay = replay
    }

    /// Every exchange forwarded so far, oldest first.
    var log: [ForwardedExchange] {
        exchanges.withLock { $0 }
    }

    func record(_ exchange: ForwardedExchange) {
        exchanges.withLock { $0.append(exchange) }
    }

    /// `request` as it goes upstream: method, URL, headers and body exactly as the stage sent
    /// them, except the demo key, which becomes the learner's.
    func forwarded(_ request: URLRequest) -> URLRequest {
        var forwarded = request
        // On Apple platforms a URLProtocol sees the body as a stream, not as `httpBody`.
        if request.httpBody == nil, request.httpBodyStream != nil {
            forwarded.httpBodyStream = nil
            forwarded.httpBody = request.bodyAsSent
        }
        // Under the name the stage gave it, so that the headers differ in the key alone.
        let name = request.allHTTPHeaderFields?.keys.first {
            $0.caseInsensitiveCompare("Authorization") == .orderedSame
        }
        if let name, request.value(forHTTPHeaderField: name) == Self.demoAuthorization {
            forwarded.setValue("Client-ID \(key)", forHTTPHeaderField: name)
        }
        return forwarded
    }
}

/// One request live mode sent upstream, and what came back: a reply, or a network failure.
struct ForwardedExchange: Sendable {
    let method: String
    let url: URL
    /// The headers as sent upstream, the learner's key among them: mask before printing.
    let headers: [String: String]
    let reply: UpstreamReply?
    let failure: URLError?

    init(request: URLRequest, response: URLResponse?, body: Data?, error: Error?) {
        method = request.httpMethod ?? "GET"
        url = request.url ?? URL(fileURLWithPath: "/")
        headers = request.allHTTPHeaderFields ?? [:]
        if let error {
            reply = nil
            failure = (error as? URLError) ?? URLError(.unknown)
        } else if let http = response as? HTTPURLResponse {
            var fields: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                fields[String(describing: name)] = String(describing: value)
            }
            reply = UpstreamReply(status: http.statusCode, headers: fields, body: body ?? Data())
            failure = nil
        } else {
            reply = nil
            failure = URLError(.badServerResponse)
        }
    }
}

/// What Unsplash answered, exactly as it came.
struct UpstreamReply: Sendable {
    let status: Int
    let headers: [String: String]
    let body: Data

    /// A header by name, ignoring case as HTTP does.
    func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The reply as an answer to `request`, for playing it back.
    func response(to request: URLRequest) -> HTTPURLResponse? {
        HTTPURLResponse(
            url: request.url ?? URL(fileURLWithPath: "/"), statusCode: status, httpVersion: "HTTP/1.1",
            headerFields: headers)
    }
}
#endif
