// The URLProtocol in front of live mode: a request for api.unsplash.com goes to the real server with
// the learner's key in place of the demo key, and its reply comes back as it was; the rest pass by.
#if os(macOS) || os(Linux)
import FakeServers
import Foundation
import Locking

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

final class KeySwappingProtocol: URLProtocol {
    /// The swap of the live run in progress; `nil` outside one, and then this class claims nothing.
    static let active = Locked<KeySwap?>(nil)

    // Once the session stops a load, the client must hear nothing more from it.
    private let finished = Locked(false)
    private let upstreamTask = Locked<URLSessionDataTask?>(nil)

    override class func canInit(with request: URLRequest) -> Bool {
        request.url?.host?.lowercased() == FakeServers.unsplashHost && active.withLock { $0 != nil }
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    override func startLoading() {
        guard let swap = Self.active.withLock({ $0 }) else {
            // The run ended between the session's choice of this class and the start.
            fail(URLError(.cancelled))
            return
        }
        if let replay = swap.replay {
            // Played back, never sent: nothing reaches Unsplash or counts against the key.
            hand(replay.body, replay.response(to: request), nil)
            return
        }
        let forwarded = swap.forwarded(request)
        let loader = Handle(protocol: self)
        // Not from here: on Linux this runs on URLSession's work queue, and making the upstream
        // task from it traps (a dispatch_sync onto a queue this thread already holds).
        DispatchQueue.global().async {
            loader.protocol.send(forwarded, through: swap)
        }
    }

    private func send(_ forwarded: URLRequest, through swap: KeySwap) {
        let loader = Handle(protocol: self)
        let task = swap.upstream.dataTask(with: forwarded) { data, response, error in
            swap.record(ForwardedExchange(request: forwarded, response: response, body: data, error: error))
            loader.protocol.hand(data, response, error)
        }
        let stopped = upstreamTask.withLock { stored in
            stored = task
            return finished.withLock { $0 }
        }
        // A load stopped before its task existed sends nothing.
        if !stopped { task.resume() }
    }

    override func stopLoading() {
        guard claim() else { return }
        upstreamTask.withLock { $0 }?.cancel()
    }

    /// Passes the upstream's answer to the client unchanged: the failure as it is, or the
    /// response (status and headers) and then the body.
    private func hand(_ data: Data?, _ response: URLResponse?, _ error: Error?) {
        if let error {
            fail(error)
            return
        }
        guard let response else {
            fail(URLError(.badServerResponse))
            return
        }
        guard claim() else { return }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        if let data, !data.isEmpty { client?.urlProtocol(self, didLoad: data) }
        client?.urlProtocolDidFinishLoading(self)
    }

    private func fail(_ error: Error) {
        guard claim() else { return }
        client?.urlProtocol(self, didFailWithError: error)
    }

    /// Claims the right to end the load; false once it was stopped or already ended.
    private func claim() -> Bool {
        finished.withLock { done in
            defer { done = true }
            return !done
        }
    }
}

// MARK: - Sessions

extension KeySwappingProtocol {
    private static let installed = Locked(false)

    /// Puts the swapper in front of the fake for `URLSession.shared`, which stages 1 to 5 use, as
    /// `FakeServers.install()` puts the fake in front of the network. Live mode calls it before
    /// anything makes a URLSession.
    static func install() {
        installed.withLock { done in
            guard !done else { return }
            #if canImport(FoundationNetworking)
            // swift-corelibs-foundation asks registered classes in the order they were registered,
            // and URLSession.shared keeps the list it found when first used: the swapper goes first.
            _ = URLProtocol.registerClass(KeySwappingProtocol.self)
            FakeServers.install()
            #else
            // Apple's URL loading system asks the class registered last first.
            FakeServers.install()
            _ = URLProtocol.registerClass(KeySwappingProtocol.self)
            #endif
            done = true
        }
    }

    /// A configuration for stage 6, which is handed its session: the swapper first, then the fake.
    static func sessionConfiguration() -> URLSessionConfiguration {
        install()
        let configuration = FakeServers.sessionConfiguration()
        configuration.protocolClasses = [KeySwappingProtocol.self] + (configuration.protocolClasses ?? [])
        return configuration
    }

    /// The real network, without a cache: every call reaches Unsplash, and counts, as the run says.
    static func networkUpstream() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }
}

/// Carries the protocol to the upstream session's queue. `URLProtocol` is not `Sendable`, but its
/// client may be called from any thread, and `finished` guards the one answer it gets.
private struct Handle: @unchecked Sendable {
    let `protocol`: KeySwappingProtocol
}
#endif
