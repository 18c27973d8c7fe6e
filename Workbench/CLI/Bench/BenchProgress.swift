// How far the bench has got, on standard error.
#if os(macOS) || os(Linux)
import Foundation
import Locking

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
/// A line on standard error that says how far the bench has got: rewritten in place on a
/// terminal, a few plain lines otherwise (a log, a pipe).
public final class BenchProgress: Sendable {
    private let write: @Sendable (String) -> Void
    private let terminal: Bool
    private let last = Locked<(phase: String, tenth: Int)>(("", -1))

    public init(terminal: Bool, write: @escaping @Sendable (String) -> Void) {
        self.terminal = terminal
        self.write = write
    }

    /// Standard error, rewritten in place when it is a terminal.
    public static func standardError() -> BenchProgress {
        BenchProgress(terminal: isatty(STDERR_FILENO) != 0) { text in
            FileHandle.standardError.write(Data(text.utf8))
        }
    }

    /// Says nothing: for tests.
    public static let silent = BenchProgress(terminal: false) { _ in }

    /// Reports `phase`, at `step` of `steps` when it has steps. Off a terminal, a line is written
    /// when the phase changes and every tenth of the way, not every step.
    func update(_ phase: String, step: Int? = nil, of steps: Int? = nil) {
        var text = "workbook bench: " + phase
        var tenth = 0
        if let step, let steps, steps > 0 {
            text += " \(step)/\(steps)"
            tenth = step * 10 / steps
        }
        if terminal {
            write("\r\u{1B}[K" + text)
            return
        }
        let changed = last.withLock { last in
            defer { last = (phase, tenth) }
            return last.phase != phase || last.tenth != tenth
        }
        if changed { write(text + "\n") }
    }

    /// Clears the line on a terminal, so the report starts on a clean one.
    func finish() {
        if terminal { write("\r\u{1B}[K") }
    }
}
#endif
