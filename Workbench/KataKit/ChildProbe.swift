// Runs `workbook probe N` in a child process and says how it ended: a trap in the optimized build
// kills the child, not the command that asked, and the child's last line names the call.
#if os(macOS) || os(Linux)
import Foundation
import Ladder
import Locking

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How stage N's calls fared in a child process of a given `workbook` executable.
package struct ChildProbe {
    /// What the child's line for a call it starts begins with (`workbook probe` writes it); the
    /// last one names the call a crash happened in.
    package static let started = "→ "

    package enum Ending: Equatable {
        case passed
        /// A call handed back the wrong thing; the child's own words.
        case wrong([String])
        /// The child died of a signal during `call` (nil when none had started).
        case crashed(call: String?, signal: Int32)
        /// A call never ended within the time allowed.
        case hung(call: String?)
        /// The child could not be started, or said something else.
        case failed(String)
    }

    /// The section that says why an optimized build can crash where the suite passed, and what to
    /// do, in the learner's edition (its heading's anchor, as GitHub makes it).
    package static func page(in language: Language = .english) -> String {
        switch language {
        case .english: "Katas/README.md#when-the-optimized-build-crashes"
        case .korean: "Katas/README.ko.md#릴리스-빌드가-크래시할-때"
        }
    }
    package let executable: URL
    /// Words the child gets before `probe N`: a test's stand-in is `/bin/sh` with `-c` and its script.
    package var leadingArguments: [String]
    /// More than every call's own patience (the fake answers in milliseconds).
    package var timeout: TimeInterval = 60

    package init(executable: URL, leadingArguments: [String] = [], timeout: TimeInterval = 60) {
        self.executable = executable
        self.leadingArguments = leadingArguments
        self.timeout = timeout
    }

    package func run(stage number: Int) -> Ending {
        let process = Process()
        process.executableURL = executable
        process.arguments = leadingArguments + ["probe", String(number)]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        // No colours in the lines read back.
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let ended: @Sendable () -> Void
        do {
            ended = try process.start()
        } catch {
            return .failed("\(executable.path) could not be started: \(Self.reason(error))")
        }
        let timedOut = Locked(false)
        let child = Running(process: process)
        let timer = DispatchWorkItem {
            guard child.process.isRunning else { return }
            timedOut.withLock { $0 = true }
            // SIGKILL, not terminate()'s SIGTERM: a child can inherit SIGTERM blocked (a test runner's is).
            kill(child.process.processIdentifier, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ended()
        timer.cancel()
        let lines = text.split(separator: "\n").map(String.init)
        let lastCall = lines.last { $0.hasPrefix(Self.started) }.map { String($0.dropFirst(Self.started.count)) }
        if timedOut.withLock({ $0 }) { return .hung(call: lastCall) }
        switch (process.terminationReason, process.terminationStatus) {
        case (.exit, 0):
            return .passed
        case (.uncaughtSignal, let signal):
            return .crashed(call: lastCall, signal: signal)
        case (.exit, _):
            let wrong = lines.filter { $0.hasPrefix("✗") }
            return wrong.isEmpty ? .failed(lines.suffix(3).joined(separator: " ")) : .wrong(wrong)
        @unknown default:
            return .failed("the child ended in a way Foundation does not name")
        }
    }

    /// Foundation's own text for a failed start is "The operation could not be completed"; the
    /// system's reason, such as "Text file busy", is in the underlying error.
    package static func reason(_ error: Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain, let text = strerror(Int32(underlying.code)) {
            return String(cString: text)
        }
        return error.localizedDescription
    }

    /// The signal's name and what it usually means here.
    package static func name(of signal: Int32) -> String {
        switch signal {
        case SIGILL: "SIGILL, an illegal instruction: a Swift runtime trap"
        case SIGTRAP: "SIGTRAP: a Swift runtime trap"
        case SIGSEGV: "SIGSEGV: memory the program may not touch"
        case SIGBUS: "SIGBUS: a bad memory access"
        case SIGABRT: "SIGABRT: an abort, such as a fatalError"
        default: "signal \(signal)"
        }
    }

    /// What to tell a person about `ending` for stage `number`, a line each; empty when it passed.
    package static func report(_ ending: Ending, stage number: Int, language: Language = .english) -> [String] {
        let page = page(in: language)
        switch ending {
        case .passed:
            return []
        case .wrong(let lines):
            return ["Stage \(number)'s optimized build hands back the wrong thing (the suite runs a debug build):"]
                + lines.map { "  " + $0 } + ["Why an optimized build can differ: \(page)"]
        case .crashed(let call, let signal):
            let during = call.map { "in \($0)" } ?? "before its first call"
            return [
                "Stage \(number) crashed \(during) in the optimized build (\(name(of: signal))). The suite runs a "
                    + "debug build, where this need not show.",
                "Why, and the shapes to use instead: \(page)",
            ]
        case .hung(let call):
            return ["Stage \(number)'s \(call ?? "first call") never ended in the optimized build."]
        case .failed(let why):
            return ["Stage \(number)'s calls could not be run in the optimized build: \(why)"]
        }
    }
}

/// The child, for the timer that may stop it from another thread. `Process` is not `Sendable`, but
/// `isRunning` and `processIdentifier` may be read from any thread.
private struct Running: @unchecked Sendable {
    let process: Process
}
#endif
