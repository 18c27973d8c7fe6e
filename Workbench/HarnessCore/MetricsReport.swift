// The stages' measures and capabilities as the docs quote them: what `workbook metrics --markdown`
// prints, here so that the docs checks build it without building the command.
import Metrics

public enum MetricsReport {
    /// What each stage is measured by, in the table's order.
    public static let columns = [
        "lines of code", "files", "request functions", "URLSession call sites", "key literals", "force unwraps",
    ]

    /// A stage's values, in `columns`' order.
    public static func values(_ metrics: StageMetrics) -> [Int] {
        [
            metrics.linesOfCode, metrics.files, metrics.requestFunctions, metrics.sessionCallSites,
            metrics.keyLiterals, metrics.forceUnwraps,
        ]
    }

    /// The measures, the capability matrix and its legend, in Markdown.
    public static func markdown(stages: [StageInfo], metrics: [StageMetrics]) -> String {
        let names = stages.map { "\($0.number) \($0.module)" }
        let header = "| stage | " + columns.joined(separator: " | ") + " |"
        let rule = "|---|" + String(repeating: "---:|", count: columns.count)
        let rows = zip(names, metrics.map(values)).map {
            "| \($0) | " + $1.map(String.init).joined(separator: " | ") + " |"
        }
        let legend =
            ["| capability | what it means |", "|---|---|"]
            + Capability.allCases.map { "| \($0.rawValue) | \($0.summary) |" }
        let source = "Measured by `swift run workbook metrics --markdown` from each stage's files under Sources/."
        return ([header, rule] + rows + ["", CapabilityMatrix.markdown(stages), ""] + legend + ["", source])
            .joined(separator: "\n")
    }
}
