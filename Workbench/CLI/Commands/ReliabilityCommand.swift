// `workbook reliability`: the reliability matrix run on every stage, as two tables.
#if os(macOS) || os(Linux)
import FakeServers
import Fixtures
import Harness
import TerminalText

extension Workbook {
    /// Bad replies and bad inputs down, stages across; each cell what the stage made of it.
    /// `handed` answers a bad reply on a stage: by running it, or, where the suite has already
    /// held every stage to the matrix, by what the matrix expects.
    static func reliability(
        markdown: Bool, width: Int = Terminal.fallbackWidth, style: Style = .plain,
        handed: (BadReply, any StageAdapter) async -> Expected = { await BadReplies.run($0, on: $1).handed }
    ) async -> String {
        reliabilityText(await reliabilityMatrix(handed: handed), markdown: markdown, width: width, style: style)
    }

    /// Each stage's cell for every bad reply and every awkward input: what it takes the fake to know.
    struct ReliabilityMatrix: Sendable {
        let stages: [StageInfo]
        let replyRows: [[String]]
        let inputRows: [[String]]
    }

    /// Runs the matrix on every stage, once; `reliabilityText` lays it out at any width.
    static func reliabilityMatrix(
        handed: (BadReply, any StageAdapter) async -> Expected = { await BadReplies.run($0, on: $1).handed }
    ) async -> ReliabilityMatrix {
        let adapters = adapters()
        var replyRows: [[String]] = []
        for badReply in BadReplies.all {
            var row = [badReply.name]
            for adapter in adapters {
                let result = await handed(badReply, adapter)
                // The suite holds every stage to the matrix; a mark here means it no longer would pass.
                row.append((result == badReply.expected(for: adapter.stage) ? "" : "⚠ ") + result.description)
            }
            replyRows.append(row)
        }
        var inputRows: [[String]] = []
        for input in BadInputs.all {
            var row = [input.name]
            for adapter in adapters {
                let sent = await BadInputs.send(input, through: adapter)
                let shown = sent.hasPrefix("refused") ? "refused" : sent
                row.append((input.accepts(sent, from: adapter.stage) ? "" : "⚠ ") + shown)
            }
            inputRows.append(row)
        }
        return ReliabilityMatrix(stages: adapters.map(\.stage), replyRows: replyRows, inputRows: inputRows)
    }

    /// The matrix as two tables: Markdown for the docs, or fitted to `width` for a terminal.
    static func reliabilityText(
        _ matrix: ReliabilityMatrix, markdown: Bool, width: Int = Terminal.fallbackWidth, style: Style = .plain
    ) -> String {
        let (replyRows, inputRows) = (matrix.replyRows, matrix.inputRows)
        let header = matrix.stages.map { "stage \($0.number)" }
        let source = "Produced by `swift run workbook reliability --markdown`; the suite checks every cell."
        if markdown {
            return [
                table(["bad reply"] + header, replyRows), "",
                table(["what the user typed"] + header, inputRows.map { [$0[0]] + $0.dropFirst().map { "`\($0)`" } }),
                "",
                source,
            ].joined(separator: "\n")
        }
        let replies = Table(header: ["bad reply"] + header, rows: replyRows, separator: " ")
        let inputs = Table(header: ["input"] + header, rows: inputRows, separator: " ")
        return [
            TextLayout.wrap(reliabilityTitles[0], width: width).map(style.bold).joined(separator: "\n"),
            replies.render(fitting: width, style: style),
            "",
            TextLayout.wrap(reliabilityTitles[1], width: width).map(style.bold).joined(separator: "\n"),
            inputs.render(fitting: width, style: style),
        ].joined(separator: "\n")
    }

    /// The titles of the two tables, bad replies first.
    static let reliabilityTitles = [
        "What each stage handed its caller, for every bad reply", "What reached the server, for every awkward input",
    ]

    private static func table(_ header: [String], _ rows: [[String]]) -> String {
        let lines =
            [
                "| " + header.joined(separator: " | ") + " |",
                "|---" + String(repeating: "|---", count: header.count - 1) + "|",
            ]
            + rows.map {
                "| " + $0.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |"
            }
        return lines.joined(separator: "\n")
    }
}
#endif
