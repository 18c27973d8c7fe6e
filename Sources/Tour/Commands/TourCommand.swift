// `workbook`, the tour: every stage against the fakes, its screen's code, what the person sees for
// each scenario, and one table of what each stage handed its caller.
import FakeServers
import Foundation
import SourceMetrics
import StageAdapters

extension Workbook {
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
}
