// `workbook metrics`: each stage's counts, measured from its own files, and the capabilities it declares.
#if os(macOS) || os(Linux)
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

    static func metricsTable(
        stages: [StageInfo], metrics: [StageMetrics], markdown: Bool, width: Int = Terminal.fallbackWidth,
        style: Style = .plain
    ) -> String {
        guard !markdown else { return MetricsReport.markdown(stages: stages, metrics: metrics) }
        let values = metrics.map(MetricsReport.values)
        let names = stages.map { "\($0.number) \($0.module)" }
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
#endif
