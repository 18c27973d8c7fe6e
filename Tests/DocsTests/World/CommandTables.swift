// The doc check that runs the command itself. With PackageWorld.swift, the only file here that
// imports it: see `PackageWorld`.
import Locking
import Testing

@testable import CLI

extension DocChecksSelfTests {
    @Test("the metrics generator reproduces what `workbook metrics --markdown` prints, line for line")
    func generatorMatchesCommand() async throws {
        let printed = Locked<[String]>([])
        try await Workbook(style: .plain) { text in printed.withLock { $0.append(text) } }.run(.metrics(markdown: true))
        let real = try PackageWorld.shared.get()
        #expect(real.generated[DocChecks.metricsGenerator] == printed.withLock { $0.joined(separator: "\n") })
    }
}
