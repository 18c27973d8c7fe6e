// `workbook stage N`: one stage in depth, with its capabilities, its photo screen, and every
// scenario with the requests it sent.
import FakeServers
import Foundation
import SourceMetrics
import StageAdapters

extension Workbook {
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
            let name = capability.rawValue.padding(toLength: 22, withPad: " ", startingAt: 0)
            write("  " + style.outcome("\(has ? "✓" : "✗") \(name)") + style.dim(" " + capability.summary))
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
}
