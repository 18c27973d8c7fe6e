// The `workbook` commands: each prints through `write`, and lives in Commands/ under its own name.
// The executable only parses arguments and calls `run`.
import FakeServers
import Foundation
import SourceMetrics
import StageAdapters

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Runs commands against the embedded fakes, writing lines to `write`.
public struct Workbook: Sendable {
    let style: Style
    /// How wide `compare` may lay its two columns.
    let width: Int
    let write: @Sendable (String) -> Void

    public init(style: Style, width: Int = 100, write: @escaping @Sendable (String) -> Void) {
        self.style = style
        self.width = width
        self.write = write
    }

    public func run(_ command: Command) async throws {
        switch command {
        case .tour: try await tour()
        case .stage(let number): try await stage(number)
        case .compare(let old, let new, let unified): try compare(old, new, unified: unified)
        case .metrics(let markdown): try metrics(markdown: markdown)
        case .bench(let json): try await bench(json: json)
        case .reliability(let markdown): write(await Self.reliability(markdown: markdown, style: style))
        case .kata(let action, let number): try kata(action, number)
        case .live:
            try await live(
                environment: ProcessInfo.processInfo.environment, upstream: KeySwappingProtocol.networkUpstream())
        case .help(let topic): write(Help.text(for: topic))
        }
    }

    /// The exit status for a command that failed with `error`: 2 when the user has something to
    /// set first (as for words that make no command), 1 for anything else.
    public static func exitStatus(for error: Error) -> Int32 {
        error is MissingAccessKey ? 2 : 1
    }

    /// Every stage's call site, on the fakes; stage 6 gets a session of its own.
    static func adapters() -> [any StageAdapter] {
        Stages.all(session: URLSession(configuration: FakeServers.sessionConfiguration()))
    }
}
