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

extension Locked {
    /// What is kept for `key`, made by `make` the first time it is asked for and kept after: for
    /// work a process does once, such as reading a file or scanning a source. `make` runs outside
    /// the lock, so two threads asking at once may both make it; the values are the same.
    public func remembered<Key: Hashable, Kept, Failure: Error>(
        _ key: Key, making make: () throws(Failure) -> Kept
    ) throws(Failure) -> Kept where Value == [Key: Kept] {
        if let known = withLock({ $0[key] }) { return known }
        let made = try make()
        withLock { $0[key] = made }
        return made
    }
}
