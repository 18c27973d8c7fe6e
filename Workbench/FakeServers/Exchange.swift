// What the fake does with each request the protocol hands it: log it, decide its answer, and
// note when it ends.
import Foundation
import Locking

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension FakeServers {
    /// A request the client fails before sending: no server hears it, and nothing is logged.
    private func unsent(_ code: URLError.Code) -> Exchange {
        // Counted in flight like any other request, since it ends through `ended` like any other.
        let timeScale = state.withLock { state in
            state.inFlight += 1
            return state.timeScale
        }
        return Exchange(reply: nil, override: .failure(code), timeScale: timeScale, request: nil)
    }

    /// Logs a request and decides its answer; called by the protocol for every request.
    func receive(_ request: URLRequest) -> Exchange {
        let body = request.bodyAsSent
        guard let url = request.url, let view = ServerView(url) else {
            return unsent(.badURL)
        }
        // URLSession will not send a GET with a body: the task fails with dataLengthExceedsMaximum
        // and nothing leaves the device (FoundationNetworking; Apple platforms since iOS 13). A
        // URLProtocol is handed the request all the same, so the fake refuses it where the client would.
        if (request.httpMethod ?? "GET").uppercased() == "GET", let body, !body.isEmpty {
            return unsent(.dataLengthExceedsMaximum)
        }
        let route: Route? =
            switch view.host {
            case Self.popcornHost: PopcornServer.route(view)
            case Self.unsplashHost: UnsplashServer.route(view)
            default: nil
            }
        let recorded = RecordedRequest(
            method: request.httpMethod ?? "GET", url: url,
            headers: request.allHTTPHeaderFields ?? [:], body: body, route: route, serverView: view)
        let keyed = view.host == Self.unsplashHost && UnsplashServer.isKeyed(recorded)
        // The lock covers the shared state, and Popcorn's answers, which read and change its
        // tokens; Unsplash's answers are built outside it, side by side.
        let (override, randomDraw, timeScale, popcornReply, rateLimit) = state.withLock { state in
            state.log.append(recorded)
            state.inFlight += 1
            state.peakInFlight = max(state.peakInFlight, state.inFlight)
            var override: Override?
            if let route, let index = state.overrides[route]?.firstIndex(where: { $0.matches(recorded) }) {
                override = state.overrides[route]?.remove(at: index).override
            }
            // An override that replaces the answer stands for a server that did not do the work.
            let serverWorks = !(override?.replacesAnswer ?? false)
            let draw = state.randomDraws
            if route == .randomPhoto { state.randomDraws += 1 }
            var popcornReply: Answer?
            if view.host == Self.popcornHost {
                var tokens = state.tokens
                popcornReply = PopcornServer.answer(recorded, route: route, book: &tokens, clock: state.clock)
                if serverWorks { state.tokens = tokens }
            }
            // A quota counts only the requests it can put down to the key.
            var rateLimit: UnsplashServer.RateLimit?
            if view.host == Self.unsplashHost {
                if state.quota == nil {
                    rateLimit = .unmetered
                } else if keyed {
                    let clock = state.clock
                    rateLimit = state.quota?.take(at: clock, counting: serverWorks)
                }
            }
            return (override, draw, state.timeScale, popcornReply, rateLimit)
        }
        switch view.host {
        case Self.popcornHost:
            return Exchange(reply: popcornReply, override: override, timeScale: timeScale, request: recorded)
        case Self.unsplashHost:
            let reply = UnsplashServer.answer(
                recorded, view: view, route: route, randomDraw: randomDraw, rateLimit: rateLimit)
            return Exchange(reply: reply, override: override, timeScale: timeScale, request: recorded)
        default:
            return Exchange(reply: nil, override: .failure(.cannotFindHost), timeScale: timeScale, request: recorded)
        }
    }

    /// Notes that a request got its answer, or was stopped by the client before that.
    func ended(stoppedByClient: Bool) {
        state.withLock { state in
            state.inFlight = max(0, state.inFlight - 1)
            if stoppedByClient { state.stopped += 1 }
        }
    }
}

/// What the protocol should do with one request.
struct Exchange: Sendable {
    /// The server's answer; `nil` when no server exists at that host.
    let reply: Answer?
    /// A test's change to it, if one was waiting.
    let override: Override?
    /// Real seconds per simulated second when it arrived.
    let timeScale: Double
    /// The request as logged; `nil` when it had no URL to log.
    let request: RecordedRequest?
}
