// `workbook stage N`: one stage in depth, with its capabilities, its photo screen, and every
// scenario with the requests it sent.
#if os(macOS) || os(Linux)
import FakeServers
import Fixtures
import Foundation
import Harness
import Metrics
import TerminalText

extension Workbook {
    func stage(_ number: Int) async throws {
        guard let adapter = Self.adapters().first(where: { $0.stage.number == number }) else {
            throw WorkbookError("There is no stage \(number).")
        }
        let stage = adapter.stage
        say("Stage \(stage.number) · \(stage.module)", decorate: style.bold)
        say(stage.idea, after: "  ")
        write("")
        readingOrder(of: stage)
        say("Capabilities: ✓ this stage has it, ✗ it does not yet", decorate: style.bold)
        capabilityLegend(stage)
        let file = try SourceFiles.screen(of: stage)
        write("")
        say("The call site: the photo screen (Sources/\(file.path))", decorate: style.bold)
        for line in file.lines { code(line, indent: "  ") }
        write("")
        say("Scenarios: what the call handed back, what the screen shows, the requests sent", decorate: style.bold)
        for scenario in Scenarios.all {
            let run = await Scenarios.run(scenario, on: adapter)
            outcomeLines(run, label: "  " + run.scenario + ": ")
            if let shown = run.shown { shownLines(shown, indent: 4) }
            for request in run.requests {
                for line in Redaction.lines(for: request) { code(line, indent: "      ", decorate: style.dim) }
            }
            for line in run.problems { say("\(line)", after: "    ! ", decorate: style.yellow) }
        }
    }

    /// The stage's files in the order its README gives them, each with its line.
    func readingOrder(of stage: StageInfo) {
        guard let folder = try? SourceFiles.sourcesDirectory().appendingPathComponent(stage.module),
            let readme = StageReadme.read(folder: folder)
        else { return }
        say("Read in this order (Sources/\(stage.module)/README.md)", decorate: style.bold)
        for (index, file) in readme.readingOrder.enumerated() {
            say("\(file): \(readme.descriptions[file] ?? "")", after: "  \(index + 1). ")
        }
        write("")
    }

    /// Every capability, whether the stage has it, and what its name means: one entry each, the
    /// meanings in a column when there is room beside the names, under each name when not.
    func capabilityLegend(_ stage: StageInfo) {
        let nameWidth = Capability.allCases.map { TextLayout.width($0.rawValue) }.max() ?? 0
        let besideWidth = 2 + 2 + nameWidth + 1
        let beside = width - besideWidth >= 24
        for capability in Capability.allCases {
            let mark = stage.capabilities.contains(capability) ? "✓" : "✗"
            let name = style.outcome(
                "\(mark) " + (beside ? TextLayout.pad(capability.rawValue, to: nameWidth) : capability.rawValue))
            if beside {
                let lines = TextLayout.wrap(capability.summary, width: width - besideWidth)
                for (index, line) in lines.enumerated() {
                    write(
                        (index == 0 ? "  " + name + " " : String(repeating: " ", count: besideWidth)) + style.dim(line))
                }
            } else {
                write("  " + name)
                say(capability.summary, after: "      ", decorate: style.dim)
            }
        }
    }
}
#endif
