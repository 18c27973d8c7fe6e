import FakeServers
import Foundation
import SourceMetrics
// What each `workbook` command prints. The executable only parses arguments and calls `run`.
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
        case .help(let topic): write(Help.text(for: topic))
        }
    }

    /// Every stage's call site, on the fakes; stage 6 gets a session of its own.
    static func adapters() -> [any StageAdapter] {
        Stages.all(session: URLSession(configuration: FakeServers.sessionConfiguration()))
    }

    // MARK: - tour

    func tour() async throws {
        write(style.bold("The network-layer workbook: one login API and one photo API, six ways."))
        write("Every call below goes to the in-process fake servers; nothing touches the network,")
        write("and the password and the access key are masked wherever they would appear.\n")
        var runs: [[ScenarioRun]] = []
        for adapter in Self.adapters() {
            let stage = adapter.stage
            write(style.bold("Stage \(stage.number) · \(stage.module)"))
            write("  " + stage.idea)
            let file = try SourceFiles.screen(of: stage)
            if let code = SourceFiles.declaration("func showPhoto(id: String)", in: file) {
                write(style.dim("  The call site: the photo screen's showPhoto(id:), from Sources/\(file.path):"))
                for line in code { write(style.dim("    " + line)) }
            }
            var stageRuns: [ScenarioRun] = []
            for scenario in Scenarios.all {
                let run = await Scenarios.run(scenario, on: adapter)
                stageRuns.append(run)
                write(
                    "  " + run.scenario.padding(toLength: 12, withPad: " ", startingAt: 0)
                        + style.outcome(run.outcome.text))
                if let shown = run.shown { shownLines(shown, indent: 14) }
                for line in run.problems { write(style.yellow("    ! \(line)")) }
            }
            runs.append(stageRuns)
            write("")
        }
        write(style.bold("What each stage handed its caller"))
        write(summaryTable(runs).render(style: style))
    }

    /// What the screen showed, under a scenario's line, wrapped to fit 100 columns.
    func shownLines(_ shown: String, indent: Int) {
        let lines = Table.wrap("the screen: " + shown, width: 100 - indent, maxLines: 4)
        for line in lines { write(style.dim(String(repeating: " ", count: indent) + line)) }
    }

    /// Scenarios down, stages across; each cell what the caller got.
    func summaryTable(_ runs: [[ScenarioRun]]) -> Table {
        let scenarios = Scenarios.all.map(\.title)
        let rows = scenarios.indices.map { index in
            [scenarios[index]] + runs.map { $0[index].outcome.cell }
        }
        return Table(
            header: ["scenario"] + runs.map { "stage \($0.first?.stage.number ?? 0)" },
            rows: rows, widths: [10] + Array(repeating: 14, count: runs.count), separator: " ")
    }

    // MARK: - stage N

    func stage(_ number: Int) async throws {
        guard let adapter = Self.adapters().first(where: { $0.stage.number == number }) else {
            throw WorkbookError("There is no stage \(number).")
        }
        let stage = adapter.stage
        write(style.bold("Stage \(stage.number) · \(stage.module)"))
        write("  " + stage.idea + "\n")
        write(style.bold("Capabilities"))
        for capability in Capability.allCases {
            let has = stage.capabilities.contains(capability)
            write("  " + style.outcome("\(has ? "✓" : "✗") \(capability.rawValue)"))
        }
        let file = try SourceFiles.screen(of: stage)
        write("\n" + style.bold("The call site: the photo screen") + style.dim(" (Sources/\(file.path))"))
        for line in file.lines { write("  " + line) }
        write("\n" + style.bold("Scenarios: what the call handed back, what the screen shows, the requests sent"))
        for scenario in Scenarios.all {
            let run = await Scenarios.run(scenario, on: adapter)
            write("  " + run.scenario + ": " + style.outcome(run.outcome.text))
            if let shown = run.shown { shownLines(shown, indent: 4) }
            for request in run.requests {
                for line in Redaction.lines(for: request) { write(style.dim("      " + line)) }
            }
            for line in run.problems { write(style.yellow("    ! \(line)")) }
        }
    }

    // MARK: - compare A B

    func compare(_ old: Int, _ new: Int, unified: Bool) throws {
        let sites = Self.adapters()
        guard let oldStage = sites.first(where: { $0.stage.number == old })?.stage,
            let newStage = sites.first(where: { $0.stage.number == new })?.stage
        else {
            throw WorkbookError("There is no such stage.")
        }
        let oldFiles = try Self.screensLast(SourceFiles.module(oldStage.module))
        let newFiles = try Self.screensLast(SourceFiles.module(newStage.module))
        if !unified {
            write(style.bold("Stage \(old) (\(oldStage.module)) → stage \(new) (\(newStage.module))"))
            write(style.dim("  - only in stage \(old)   + only in stage \(new)   ~ changed; the screens last\n"))
        }
        for pair in Self.pairs(oldFiles, newFiles) {
            let oldLines = pair.old?.lines ?? []
            let newLines = pair.new?.lines ?? []
            if unified {
                let oldName = pair.old.map { "a/\($0.path)" } ?? "/dev/null"
                let newName = pair.new.map { "b/\($0.path)" } ?? "/dev/null"
                for line in Diff.unified(oldLines, newLines, oldName: oldName, newName: newName) { write(line) }
                continue
            }
            let title = pair.new?.path ?? pair.old?.path ?? ""
            switch (pair.old, pair.new) {
            case (nil, _):
                write(style.green("+ \(title): new in stage \(new)"))
                for line in newLines { write(style.green("  + " + line)) }
                write("")
                continue
            case (_, nil):
                write(style.red("- \(title): gone in stage \(new)"))
                for line in oldLines { write(style.red("  - " + line)) }
                write("")
                continue
            case _ where oldLines == newLines:
                write(style.dim("= \(title): unchanged"))
                continue
            default: write(style.yellow("~ \(pair.old?.path ?? "") → \(title)"))
            }
            for line in Diff.sideBySide(oldLines, newLines, width: width - 2, style: style) { write("  " + line) }
            write("")
        }
    }

    /// A stage's files with its screens last: the network layer first, then what it changed for the app.
    static func screensLast(_ files: [SourceFile]) -> [SourceFile] {
        files.filter { !$0.name.hasSuffix("Screen.swift") } + files.filter { $0.name.hasSuffix("Screen.swift") }
    }

    /// Files matched by name, in the new stage's order, gone files last.
    static func pairs(_ old: [SourceFile], _ new: [SourceFile]) -> [(old: SourceFile?, new: SourceFile?)] {
        let oldByName = Dictionary(old.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let newNames = Set(new.map(\.name))
        return new.map { (oldByName[$0.name], $0) } + old.filter { !newNames.contains($0.name) }.map { ($0, nil) }
    }

    // MARK: - metrics

    func metrics(markdown: Bool) throws {
        let sources = try SourceFiles.sourcesDirectory()
        let stages = Self.adapters().map(\.stage)
        let measured = try stages.map {
            try SourceMetrics.measure(directory: sources.appendingPathComponent($0.module))
        }
        write(Self.metricsTable(stages: stages, metrics: measured, markdown: markdown, style: style))
    }

    static let metricColumns = [
        "lines of code", "files", "request functions", "URLSession call sites", "key literals", "force unwraps",
    ]

    static func metricsTable(stages: [StageInfo], metrics: [StageMetrics], markdown: Bool, style: Style = .plain)
        -> String
    {
        let values = metrics.map {
            [$0.linesOfCode, $0.files, $0.requestFunctions, $0.sessionCallSites, $0.keyLiterals, $0.forceUnwraps]
        }
        let names = stages.map { "\($0.number) \($0.module)" }
        let source = "Measured by `swift run workbook metrics --markdown` from each stage's files under Sources/."
        guard !markdown else {
            let header = "| stage | " + metricColumns.joined(separator: " | ") + " |"
            let rule = "|---|" + String(repeating: "---:|", count: metricColumns.count)
            let rows = zip(names, values).map { "| \($0) | " + $1.map(String.init).joined(separator: " | ") + " |" }
            return ([header, rule] + rows + ["", CapabilityMatrix.markdown(stages), "", source]).joined(separator: "\n")
        }
        let measures = Table(
            header: [
                "stage", "code lines", "files", "request funcs", "session calls", "key literals", "force unwraps",
            ],
            rows: zip(names, values).map { [$0] + $1.map(String.init) },
            widths: [18, 10, 6, 13, 13, 12, 13])
        // Capabilities down, stages across: nine names side by side would not fit a terminal.
        let capabilities = Table(
            header: ["capability"] + stages.map { "stage \($0.number)" },
            rows: Capability.allCases.map { capability in
                [capability.rawValue] + stages.map { $0.capabilities.contains(capability) ? "✓" : "✗" }
            },
            widths: [22] + Array(repeating: 7, count: stages.count), separator: " ")
        return [measures.render(style: style), "", capabilities.render(style: style)].joined(separator: "\n")
    }
}
