// The `workbook` commands: each prints through `write`, and lives in Commands/ under its own name.
// The executable only parses arguments and calls `run`.
#if os(macOS) || os(Linux)
import FakeServers
import Foundation
import Harness
import Metrics
import TerminalText
import WorkbookCommand

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Runs commands against the embedded fakes, writing lines to `write`.
public struct Workbook: Sendable {
    let style: Style
    /// The columns every line must fit in (`Terminal.width()` for the real command).
    let width: Int
    /// Whether a unified diff is cut to `width` too: on a terminal, yes; into a file or a pipe, its
    /// lines stay whole, as a patch's must.
    let wrapsDiffs: Bool
    let write: @Sendable (String) -> Void

    public init(
        style: Style, width: Int = Terminal.fallbackWidth, wrapsDiffs: Bool = true,
        write: @escaping @Sendable (String) -> Void
    ) {
        self.style = style
        self.width = max(Terminal.narrowest, width)
        self.wrapsDiffs = wrapsDiffs
        self.write = write
    }

    public func run(_ command: Command) async throws {
        switch command {
        case .tour: try await tour()
        case .stage(let number): try await stage(number)
        case .compare(let old, let new, let unified, let file): try compare(old, new, unified: unified, file: file)
        case .metrics(let markdown): try metrics(markdown: markdown)
        case .bench(let json): try await bench(json: json)
        case .reliability(let markdown):
            write(await Self.reliability(markdown: markdown, width: width, style: style))
        case .probe(let number): try await probe(number)
        case .live:
            try await live(
                environment: ProcessInfo.processInfo.environment, upstream: KeySwappingProtocol.networkUpstream())
        case .doctor:
            try doctor(
                root: try SourceFiles.sourcesDirectory().deletingLastPathComponent(),
                environment: ProcessInfo.processInfo.environment, columns: Terminal.standardOutputColumns())
        case .help(let topic): write(Help.text(for: topic, width: width))
        }
    }

    /// Prose wrapped to the width: its first line after `first`, the others after as many spaces.
    func say(_ text: String, after first: String = "", decorate: (String) -> String = { $0 }) {
        let rest = String(repeating: " ", count: TextLayout.width(first))
        for line in TextLayout.wrap(text, width: width, first: first, rest: rest) { write(decorate(line)) }
    }

    /// A line of code after `indent`, carried on below, marked ↪, when it is too long.
    func code(_ line: String, indent: String, decorate: (String) -> String = { $0 }) {
        for piece in TextLayout.codeLines(line, width: width - TextLayout.width(indent)) {
            write(decorate(indent + piece))
        }
    }

    /// The `workbook` program: reads `arguments`, runs the command they make, and tells `fail`
    /// what went wrong; returns the exit status. A mistake in the words costs three lines at most.
    public static func main(
        _ arguments: [String], style: Style, width: Int, wrapsDiffs: Bool = true,
        write: @escaping @Sendable (String) -> Void, fail: (String) -> Void
    ) async -> Int32 {
        let command: Command
        do {
            command = try Command.parse(arguments)
        } catch {
            for line in error.lines { fail(line) }
            return 2
        }
        do {
            try await Workbook(style: style, width: width, wrapsDiffs: wrapsDiffs, write: write).run(command)
            return 0
        } catch {
            fail("workbook: \(error)")
            return exitStatus(for: error)
        }
    }

    /// The exit status for a command that failed with `error`: 2 when the user has something to
    /// set first (as for words that make no command), 1 for anything else.
    public static func exitStatus(for error: Error) -> Int32 {
        error is MissingAccessKey ? 2 : 1
    }

    /// Every stage's adapter, on the fakes; stage 6 gets a session of its own.
    static func adapters() -> [any StageAdapter] {
        Stages.all(session: URLSession(configuration: FakeServers.sessionConfiguration()))
    }
}
#endif
