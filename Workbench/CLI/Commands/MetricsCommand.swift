// `workbook metrics`: each stage's counts, measured from its own files, and the capabilities it declares.
import FakeServers
import Foundation
import Harness
import Metrics
import TerminalText

extension Workbook {
    func metrics(markdown: Bool) throws {
        let sources = try SourceFiles.sourcesDirectory()
        let stages = Self.adapters().map(\.stage)
        let measured = try stages.map {
            try SourceMetrics.measure(directory: sources.appendingPathComponent($0.module))
        }
        write(Self.metricsTable(stages: stages, metrics: measured, markdown: markdown, width: width, style: style))
    }

    static let metricColumns = [
        "lines of code", "files", "request functions", "URLSession call sites", "key literals", "force unwraps",
    ]

    static func metricsTable(
        stages: [StageInfo], metrics: [StageMetrics], markdown: Bool, width: Int = Terminal.fallbackWidth,
        style: Style = .plain
    ) -> String {
        let values = metrics.map {
            [$0.linesOfCode, $0.files, $0.requestFunctions, $0.sessionCallSites, $0.keyLiterals, $0.forceUnwraps]
        }
        let names = stages.map { "\($0.number) \($0.module)" }
        let source = "Measured by `swift run workbook metrics --markdown` from each stage's files under Sources/."
        guard !markdown else {
            let header = "| stage | " + metricColumns.joined(separator: " | ") + " |"
            let rule = "|---|" + String(repeating: "---:|", count: metricColumns.count)
            let rows = zip(names, values).map { "| \($0) | " + $1.map(String.init).joined(separator: " | ") + " |" }
            let legend =
                ["| capability | what it means |", "|---|---|"]
                + Capability.allCases.map { "| \($0.rawValue) | \($0.summary) |" }
            return ([header, rule] + rows + ["", CapabilityMatrix.markdown(stages), ""] + legend + ["", source])
                .joined(separator: "\n")
        }
        let measures = Table(
            header: [
                "stage", "code lines", "files", "request funcs", "session calls", "key literals", "force unwraps",
            ],
            rows: zip(names, values).map { [$0] + $1.map(String.init) })
        // Capabilities down, stages across: nine names side by side would not fit a terminal.
        let capabilities = Table(
            header: ["capability"] + stages.map { "stage \($0.number)" },
            rows: Capability.allCases.map { capability in
                [capability.rawValue] + stages.map { $0.capabilities.contains(capability) ? "✓" : "✗" }
            },
            separator: " ")
        let legend = Table(
            header: ["capability", "what it means"], rows: Capability.allCases.map { [$0.rawValue, $0.summary] })
        return [
            measures.render(fitting: width, style: style), "", capabilities.render(fitting: width, style: style), "",
            legend.render(fitting: width, style: style),
        ].joined(separator: "\n")
    }
}
