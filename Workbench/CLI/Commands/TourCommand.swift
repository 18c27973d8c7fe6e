// `workbook`, the tour: every stage against the fakes, its screen's code, what the person sees for
// each scenario, and one table of what each stage handed its caller.
#if os(macOS) || os(Linux)
import FakeServers
import Fixtures
import Foundation
import Harness
import Metrics
import TerminalText

extension Workbook {
    func tour() async throws {
        say("The network-layer workbook: one login API and one photo API, stage by stage.", decorate: style.bold)
        say(
            "Every call below goes to the in-process fake servers; nothing touches the network, and the "
                + "password and the access key are masked wherever they would appear.")
        write("")
        var runs: [[ScenarioRun]] = []
        for adapter in Self.adapters() {
            let stage = adapter.stage
            say("Stage \(stage.number) · \(stage.module)", decorate: style.bold)
            say(stage.idea, after: "  ")
            let file = try SourceFiles.screen(of: stage)
            if let lines = SourceFiles.declaration("func showPhoto(id: String)", in: file) {
                say(
                    "The call site: the photo screen's showPhoto(id:), from Sources/\(file.path):", after: "  ",
                    decorate: style.dim)
                for line in lines { code(line, indent: "    ", decorate: style.dim) }
            }
            var stageRuns: [ScenarioRun] = []
            for scenario in Scenarios.all {
                let run = await Scenarios.run(scenario, on: adapter)
                stageRuns.append(run)
                outcomeLines(run, label: "  " + TextLayout.pad(run.scenario, to: 11) + " ")
                if let shown = run.shown { shownLines(shown, indent: 14) }
                for line in run.problems { say("\(line)", after: "    ! ", decorate: style.yellow) }
            }
            runs.append(stageRuns)
            write("")
        }
        say("What each stage handed its caller", decorate: style.bold)
        write(summaryTable(runs).render(fitting: width, style: style))
    }

    /// What a call handed back, after `label`, wrapped under itself and coloured as an outcome.
    func outcomeLines(_ run: ScenarioRun, label: String) {
        let text = run.outcome.text
        let rest = String(repeating: " ", count: TextLayout.width(label))
        for (index, line) in TextLayout.wrap(text, width: width - TextLayout.width(label)).enumerated() {
            write((index == 0 ? label : rest) + style.colour(line, like: text))
        }
    }

    /// What the screen showed, under a scenario's line, wrapped to the width.
    func shownLines(_ shown: String, indent: Int) {
        say("the screen: " + shown, after: String(repeating: " ", count: indent), decorate: style.dim)
    }

    /// Scenarios down, stages across; each cell what the caller got.
    func summaryTable(_ runs: [[ScenarioRun]]) -> Table {
        let scenarios = Scenarios.all.map(\.title)
        let rows = scenarios.indices.map { index in
            [scenarios[index]] + runs.map { $0[index].outcome.cell }
        }
        return Table(
            header: ["scenario"] + runs.map { "stage \($0.first?.stage.number ?? 0)" },
            rows: rows, separator: " ")
    }
}
#endif
