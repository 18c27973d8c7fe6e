// The URLProtocol that hands requests to the fake servers and plays their answers back, on time.
import Foundation
import Locking

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

class FakeURLProtocol: URLProtocol {
    /// The fake that answers this class's requests.
    class var fake: FakeServers { .shared }

    // Once the session stops a load, the client must hear nothing more from it.
    private let finished = Locked(false)
    // The hold this request's reply waits in, if any.
    private let hold = Locked<Hold?>(nil)
    // Set as loading starts, before any answer is scheduled; read only after.
    private nonisolated(unsafe) var clientQueue: DispatchQueue?

    override class func canInit(with request: URLRequest) -> Bool {
        // Every http(s) request, so that nothing slips through to the real network; only a
        // loopback request marked to see the real client's behaviour passes.
        ["http", "https"].contains(request.url?.scheme?.lowercased()) && !FakeServers.asksTheRealClient(request)
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    override func startLoading() {
        let exchange = Self.fake.receive(request)
        let override = exchange.override ?? Override()
        clientQueue = Self.clientQueue(of: task)
        // A real client gives up after its timeout; the fake keeps that promise for the client.
        let timeout = request.timeoutInterval
        if let hold = override.hold, let recorded = exchange.request {
            // Held for as long as the test likes, but no longer than the client waits.
            after(timeout * exchange.timeScale) { $0.fail(.timedOut) }
            let loader = Handle(protocol: self)
            self.hold.withLock { $0 = hold }
            let held = hold.take(recorded, id: ObjectIdentifier(self)) {
                // Released on the test's thread; answered where the client is called.
                loader.protocol.onClientQueue {
                    // A client that cancelled while the reply was held hears nothing more.
                    guard loader.protocol.task?.state != .canceling else { return }
                    loader.protocol.respond(to: exchange, with: override, timeout: timeout, timerStarted: true)
                }
            }
            if !held {
                respond(to: exchange, with: override, timeout: timeout, timerStarted: true)
            } else if finished.withLock({ $0 }) {
                // Stopped before it was held: it is not held after all.
                hold.ended(ObjectIdentifier(self))
            }
            return
        }
        respond(to: exchange, with: override, timeout: timeout, timerStarted: false)
    }

    /// Answers as `override` says, after its delay, or times out when that would come too late.
    private func respond(to exchange: Exchange, with override: Override, timeout: TimeInterval, timerStarted: Bool) {
        guard override.answers, override.delay < timeout else {
            if !timerStarted {
                after(timeout * exchange.timeScale) { $0.fail(.timedOut) }
            }
            return
        }
        after(override.delay * exchange.timeScale) { loader in
            if let code = override.transportError {
                loader.fail(code)
            } else if let reply = exchange.reply {
                loader.answer(reply, with: override)
            } else {
                loader.fail(.cannotFindHost)
            }
        }
    }

    override func stopLoading() {
        if claim() {
            Self.fake.ended(stoppedByClient: true)
        }
    }

    private func after(_ seconds: TimeInterval, _ work: @escaping @Sendable (FakeURLProtocol) -> Void) {
        if seconds <= 0 {
            work(self)
        } else {
            let loader = Handle(protocol: self)
            (clientQueue ?? .global()).asyncAfter(deadline: .now() + seconds) { work(loader.protocol) }
        }
    }

    /// Runs `work` on the queue the client must be called on, and returns once it has run.
    private func onClientQueue(_ work: () -> Void) {
        if let clientQueue { clientQueue.sync(execute: work) } else { work() }
    }

    /// The queue this protocol must call its client on: on Linux, the task's work queue.
    ///
    /// FoundationNetworking keeps a session's tasks in a registry that only that queue touches,
    /// and every client call reads it; a call from another thread races a task that finishes
    /// meanwhile, and crashes now and then. The queue is not public, so it is found by reflection.
    /// Apple's client may be called from any thread: nil there, and the fake calls it where it is.
    static func clientQueue(of task: URLSessionTask?) -> DispatchQueue? {
        #if canImport(FoundationNetworking)
        // A data task's mirror holds its own fields; the queue is URLSessionTask's.
        var mirror = task.map { Mirror(reflecting: $0) }
        while let current = mirror {
            if let queue = current.children.first(where: { $0.label == "workQueue" })?.value as? DispatchQueue {
                return queue
            }
            mirror = current.superclassMirror
        }
        return nil
        #else
        return nil
        #endif
    }

    /// Claims the right to end the load; false once it was stopped or already ended. A held
    /// reply that ends here is no longer held.
    private func claim() -> Bool {
        if let clientQueue {
            // Every answer and every stop passes here: off the client's queue is the crash above.
            dispatchPrecondition(condition: .onQueue(clientQueue))
        }
        let claimed = finished.withLock { done in
            defer { done = true }
            return !done
        }
        if claimed, let hold = hold.withLock({ $0 }) {
            hold.ended(ObjectIdentifier(self))
        }
        return claimed
    }

    private func fail(_ code: URLError.Code) {
        guard claim() else { return }
        Self.fake.ended(stoppedByClient: false)
        client?.urlProtocol(
            self, didFailWithError: URLError(code, userInfo: [NSURLErrorFailingURLErrorKey: request.url as Any]))
    }

    private func answer(_ reply: Answer, with override: Override) {
        guard claim(), let url = request.url else { return }
        Self.fake.ended(stoppedByClient: false)
        let status = override.status ?? reply.status
        var headers = reply.headers
        if override.body != nil { headers["Content-Length"] = nil }
        // HTTP names ignore case: an override's `x-ratelimit-remaining` replaces `X-Ratelimit-Remaining`.
        let replaced = (override.droppedHeaders + override.headers.keys).map { $0.lowercased() }
        headers = headers.filter { !replaced.contains($0.key.lowercased()) }
        headers.merge(override.headers) { _, new in new }
        let body = override.body ?? reply.body
        headers["Content-Length"] = String(body.count)
        guard
            let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
        else {
            client?.urlProtocol(self, didFailWithError: URLError(.badServerResponse))
            return
        }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        if let cut = override.cutAfter {
            // The headers promised the whole body; only part of it arrives.
            if cut > 0 { client?.urlProtocol(self, didLoad: body.prefix(cut)) }
            client?.urlProtocol(self, didFailWithError: URLError(.networkConnectionLost))
            return
        }
        if !body.isEmpty { client?.urlProtocol(self, didLoad: body) }
        client?.urlProtocolDidFinishLoading(self)
    }
}

/// The protocol of `FakeServers.separate`, for the sessions made from its configuration.
final class SeparateFakeURLProtocol: FakeURLProtocol {
    override class var fake: FakeServers { .separate }
}

/// Carries the protocol to the queue that answers later. `URLProtocol` is not `Sendable`, but its
/// client may be called from any thread, and `finished` guards the one answer it gets.
private struct Handle: @unchecked Sendable {
    let `protocol`: FakeURLProtocol
}
