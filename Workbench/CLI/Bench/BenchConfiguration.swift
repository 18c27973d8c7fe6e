// How much `workbook bench` measures: the standard run, and the tiny one the tests make.
#if os(macOS) || os(Linux)
/// How much `workbook bench` measures.
public struct BenchConfiguration: Sendable {
    /// Calls each contender makes before anything is timed.
    public var warmUpCalls: Int
    public var rounds: Int
    public var callsPerRound: Int
    /// Runs of each way in the concurrency part.
    public var concurrencyRuns: Int
    /// The photos the concurrency part asks for, all in the fake's catalogue.
    public var ids: [String]
    /// How late the fake answers each of those requests.
    public var latency: Duration

    public init(
        warmUpCalls: Int, rounds: Int, callsPerRound: Int, concurrencyRuns: Int, ids: [String], latency: Duration
    ) {
        self.warmUpCalls = warmUpCalls
        self.rounds = rounds
        self.callsPerRound = callsPerRound
        self.concurrencyRuns = concurrencyRuns
        self.ids = ids
        self.latency = latency
    }

    /// What `workbook bench` runs: under a minute in a release build on two cores.
    public static let standard = BenchConfiguration(
        warmUpCalls: 50, rounds: 320, callsPerRound: 5,
        concurrencyRuns: 7, ids: Bench.twentyIDs, latency: .milliseconds(50))
}
#endif
