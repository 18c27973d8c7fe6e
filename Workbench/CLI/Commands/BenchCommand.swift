// `workbook bench [--json]`: what each layer costs per request, and what async buys.
#if os(macOS) || os(Linux)
import Foundation
import KataKit
import WorkbookCommand

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
extension Workbook {
    /// `workbook bench [--json]`: the progress on standard error, the report through `write`; the
    /// tables as each part ends (the first takes most of the minute), the JSON all at once.
    func bench(json: Bool) async throws {
        try probeEveryStage()
        let report = try await Bench.run(.standard, progress: .standardError()) { part in
            guard !json else { return }
            switch part {
            case .started(let date, let machine):
                write(BenchReport.headerText(date: date, machine: machine, style: style) + "\n")
            case .perRequest(let perRequest): write(BenchReport.perRequestText(perRequest, style: style) + "\n")
            case .concurrency(let concurrency, let problems):
                write(BenchReport.concurrencyText(concurrency, problems: problems, style: style) + "\n")
            }
            // Out now, not when the run ends: a pipe would otherwise hold it back.
            fflush(nil)
        }
        write(json ? try report.json() : BenchReport.targetsText(report.targets, style: style))
        if !report.problems.isEmpty {
            throw WorkbookError("bench: a part could not be measured: \(report.problems.joined(separator: " "))")
        }
    }

    /// Each stage's calls once, in a child process of this very executable, before anything is
    /// timed: an optimized build that traps in a stage is reported with the stage and the call,
    /// instead of ending the bench with a backtrace.
    private func probeEveryStage() throws {
        guard let executable = Bundle.main.executableURL else { return }
        FileHandle.standardError.write(Data("Each stage's calls once, in a child process (workbook probe N)…\n".utf8))
        var crashed: [String] = []
        for number in Command.stageNumbers {
            let ending = ChildProbe(executable: executable).run(stage: number)
            if ending != .passed { crashed += ChildProbe.report(ending, stage: number) }
        }
        guard crashed.isEmpty else {
            for line in crashed { write("\(style.red("✗")) " + line) }
            throw WorkbookError("bench: a stage fails in this build (above), so nothing was timed.")
        }
    }
}
#endif
