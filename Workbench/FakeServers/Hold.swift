// Replies a test holds back and lets go of itself: for requests that must be in flight together,
// and for answers that must arrive in an order the test chooses, with no clock involved.
import Foundation
import Locking

/// Replies held back until the test releases them.
///
/// `FakeServers.hold(_:times:where:)` holds the next replies on a route; an `Override` with a
/// `hold` does the same and then answers as the override says. A held request has reached the
/// server and is logged; its reply waits for `release`:
///
///     let hold = fake.hold(.photo, times: 3)
///     let call = Task { await adapter.photos(ids: ids) }
///     #expect(await hold.waitUntilHeld(3))         // all three in flight at once
///     hold.release { $0.url.lastPathComponent == ids[2] }  // the last one answers first
///     hold.release()                              // then the others, oldest first
///
/// While a request is held its client may still stop it (cancel it, or time out, at the client's
/// `timeoutInterval` on the fake's clock): it is then no longer held, and releasing it sends
/// nothing. A reply released after its client cancelled the task is not sent either, as a
/// client that has cancelled hears nothing more.
public final class Hold: Sendable {
    private struct Entry {
        let id: ObjectIdentifier
        let request: RecordedRequest
        /// Answers the request as its override says; called once, outside the lock.
        let answer: @Sendable () -> Void
    }

    private struct Waiter {
        let count: Int
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var held: [Entry] = []
        var caught = 0
        var open = false
        var waiters: [Int: Waiter] = [:]
        var nextWaiter = 0
    }

    private let state = Locked(State())

    public init() {}

    /// How many replies are held now.
    public var count: Int {
        state.withLock { $0.held.count }
    }

    /// The requests whose replies are held now, oldest first.
    public var requests: [RecordedRequest] {
        state.withLock { $0.held.map(\.request) }
    }

    /// How many requests this hold has caught so far, released or not.
    public var caught: Int {
        state.withLock { $0.caught }
    }

    /// Waits until at least `count` replies are held at the same moment: those requests are all
    /// in flight together. False if that has not happened within `timeout` (real time).
    public func waitUntilHeld(_ count: Int, timeout: Duration = .seconds(5)) async -> Bool {
        await withCheckedContinuation { continuation in
            let id: Int? = state.withLock { state in
                guard state.held.count < count else { return nil }
                let id = state.nextWaiter
                state.nextWaiter += 1
                state.waiters[id] = Waiter(count: count, continuation: continuation)
                return id
            }
            guard let id else {
                continuation.resume(returning: true)
                return
            }
            let (seconds, attoseconds) = timeout.components
            let deadline = DispatchTime.now() + Double(seconds) + Double(attoseconds) / 1e18
            DispatchQueue.global().asyncAfter(deadline: deadline) { [self] in
                state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume(returning: false)
            }
        }
    }

    /// Lets the held replies that match go, oldest first, and says how many went. Each is
    /// answered before this returns, as far as the fake goes: its client hears of it next.
    @discardableResult
    public func release(where matches: (RecordedRequest) -> Bool = { _ in true }) -> Int {
        let released = state.withLock { state in
            let released = state.held.filter { matches($0.request) }
            state.held.removeAll { matches($0.request) }
            return released
        }
        for entry in released { entry.answer() }
        return released.count
    }

    /// Releases every held reply and lets the rest of this hold's replies through unheld: what a
    /// test does when it gives up waiting, so that no call is left hanging.
    public func open() {
        state.withLock { $0.open = true }
        release()
    }

    // MARK: - The fake's side

    /// Holds `request`'s reply under `id`; `answer` sends it on release. False when the hold is
    /// open and the reply should go at once.
    func take(_ request: RecordedRequest, id: ObjectIdentifier, answer: @escaping @Sendable () -> Void) -> Bool {
        let (held, ready) = state.withLock { state -> (Bool, [CheckedContinuation<Bool, Never>]) in
            state.caught += 1
            guard !state.open else { return (false, []) }
            state.held.append(Entry(id: id, request: request, answer: answer))
            let count = state.held.count
            let ready = state.waiters.filter { $0.value.count <= count }
            for key in ready.keys { state.waiters[key] = nil }
            return (true, ready.values.map(\.continuation))
        }
        for continuation in ready { continuation.resume(returning: true) }
        return held
    }

    /// The request ended while held (its client stopped it, or timed out): it is no longer held.
    func ended(_ id: ObjectIdentifier) {
        state.withLock { $0.held.removeAll { $0.id == id } }
    }
}
