// Long output on a terminal goes through a pager, as git's does: `$PAGER`, else `less`, with
// `LESS=FRX` unless it is set (quit when it fits one screen, pass colours through, leave the text
// on the screen when it ends).
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Only where a program may start another: iOS apps start none, and tvOS and watchOS have no
// posix_spawn. The rest of TerminalText builds everywhere.
#if os(macOS) || os(Linux)
/// Written to from whichever task prints, so its one piece of state is behind a lock.
package final class Pager: @unchecked Sendable {
    /// The shell command to page through, or nil: not a terminal, or `PAGER` set empty or to `cat`.
    package static func command(environment: [String: String], isTerminal: Bool) -> String? {
        guard isTerminal else { return nil }
        let pager = (environment["PAGER"] ?? "less").trimmingCharacters(in: .whitespaces)
        return pager.isEmpty || pager == "cat" ? nil : pager
    }

    /// The pager for a command's output: `compare`, which runs to a thousand lines, on a terminal,
    /// unless `--no-pager` is among the words. Nil for anything else.
    package static func forCompare(_ arguments: [String]) -> Pager? {
        let environment = ProcessInfo.processInfo.environment
        guard arguments.first == "compare", !arguments.contains("--no-pager"),
            let command = command(environment: environment, isTerminal: Terminal.standardOutputColumns() != nil)
        else { return nil }
        return Pager(command, environment: environment)
    }

    private let child: pid_t
    private let input: FileHandle
    /// Set once the pager has gone (the reader pressed q): the rest is not written.
    private var closed = false
    private let lock = NSLock()

    /// Starts `command` with `sh -c`, reading what `write` is given; nil when it cannot start.
    ///
    /// With posix_spawn, not Foundation's `Process`: `Process` puts its child in a process group of
    /// its own (seen on Linux), outside the terminal's foreground, where `less` cannot read the keys.
    package init?(_ command: String, environment: [String: String]) {
        var environment = environment
        if environment["LESS"] == nil { environment["LESS"] = "FRX" }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        posix_spawn_file_actions_addclose(&actions, ends[1])
        let words: [UnsafeMutablePointer<CChar>?] =
            ["/bin/sh", "-c", command].map { (word: String) in strdup(word) } + [nil]
        let variables: [UnsafeMutablePointer<CChar>?] =
            environment.map { (name, value) in strdup("\(name)=\(value)") } + [nil]
        defer { for word in words + variables { free(word) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, "/bin/sh", &actions, nil, words, variables)
        close(ends[0])
        guard spawned == 0 else {
            close(ends[1])
            return nil
        }
        // A reader who quits early closes the pipe: a write then fails instead of ending the program.
        signal(SIGPIPE, SIG_IGN)
        self.child = child
        self.input = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    }

    package func write(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return }
        do {
            try input.write(contentsOf: Data((line + "\n").utf8))
        } catch {
            closed = true
        }
    }

    /// Ends the input and waits for the reader to leave the pager.
    package func finish() {
        try? input.close()
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1 && errno == EINTR {}
    }
}
#endif
