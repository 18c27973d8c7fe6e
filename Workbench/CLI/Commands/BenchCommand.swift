// `workbook bench [--json]`: what each layer costs per request, and what async buys.
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
extension Workbook {
    /// `workbook bench [--json]`: the progress on standard error, the report through `write`; the
    /// tables as each part ends (the first takes most of the minute), the JSON all at once.
    func bench(json: Bool) async throws {
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
}
