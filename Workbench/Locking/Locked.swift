// A value behind a lock, for state that URLSession's threads and the tests both touch.
//
// Not the standard library's `Mutex`: on Linux it locks with raw futexes, which the thread
// sanitizer cannot see, so `swift test --sanitize=thread` reported races that were not there.
// `NSLock` is a pthread mutex, which the sanitizer understands.
import Foundation

public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
