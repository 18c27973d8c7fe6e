import FakeServers
import Foundation
import Models
// The scenario script every stage runs in the tour: the same nine things, the same fake.
import StageAdapters

/// One thing a screen might ask for, and what the fake is told to do first.
public struct Scenario: Sendable {
    public let title: String
    public let call: Call
    let prepare: @Sendable (FakeServers) -> Void

    init(_ title: String, _ call: Call, prepare: @escaping @Sendable (FakeServers) -> Void = { _ in }) {
        self.title = title
        self.call = call
        self.prepare = prepare
    }
}

/// What a stage handed its caller in one scenario, as text.
public struct ScenarioOutcome: Sendable, Equatable {
    public let succeeded: Bool
    /// The value in a few words, or the failure's message as the stage wrote it.
    public let summary: String
    /// The failure's kind, when the stage's own error type says it.
    public let kind: FailureKind?

    /// `✓ value` or `✗ kind: message`, with any secret masked, since the tour prints it.
    public var text: String {
        guard !succeeded else { return "✓ " + summary }
        return "✗ " + (kind.map { "\($0.rawValue): " } ?? "") + Redaction.masked(summary)
    }

    /// The same for a narrow table cell: the kind, when there is one, on a line of its own.
    var cell: String {
        guard !succeeded else { return "✓ " + summary }
        return "✗ " + (kind.map { "\($0.rawValue)\n" } ?? "") + Redaction.masked(summary)
    }
}

/// One scenario run on one stage: the outcome, the requests it sent, and any broken promise.
public struct ScenarioRun: Sendable {
    public let scenario: String
    public let stage: StageInfo
    public let outcome: ScenarioOutcome
    public let requests: [RecordedRequest]
    public let problems: [CompletionProblem]
}

public enum Scenarios {
    static let wrongPassword = "not-the-password"

    static let demoLogin = Call.login(username: FakeServers.demoUsername, password: FakeServers.demoPassword)
    static let knownPhoto = Call.photo(id: "Dwu85P9SOIk")

    public static let all: [Scenario] = [
        Scenario("login", demoLogin),
        Scenario("bad login", .login(username: FakeServers.demoUsername, password: wrongPassword)),
        Scenario("search", .searchPhotos(query: "coffee")),
        Scenario("random", .randomPhoto),
        Scenario("photo(id:)", knownPhoto),
        Scenario("unknown id", .photo(id: "no-such-id")),
        Scenario("status 500", knownPhoto) {
            $0.override(.photo, with: .reply(status: 500, body: #"{"errors":["Internal server error"]}"#))
        },
        Scenario("bad JSON", knownPhoto) {
            $0.override(.photo, with: .reply(status: 200, body: #"{"id": "Dwu85P9SOIk", "width": "#))
        },
        Scenario("timeout", knownPhoto) { $0.override(.photo, with: .failure(.timedOut)) },
    ]

    /// Runs one scenario on a fresh fake and keeps what happened.
    public static func run(_ scenario: Scenario, on adapter: any StageAdapter, fake: FakeServers = .shared) async
        -> ScenarioRun
    {
        fake.reset()
        scenario.prepare(fake)
        let monitor = CompletionMonitor(patience: 5)
        let outcome = await CompletionMonitor.$current.withValue(monitor) {
            await Self.outcome(of: scenario.call, on: adapter)
        }
        return ScenarioRun(
            scenario: scenario.title, stage: adapter.stage, outcome: outcome,
            requests: fake.log, problems: monitor.problems)
    }

    /// Makes one call through a call site and says what it handed back, in a few words. The
    /// tour, the reliability matrix and the suite all make their calls through here.
    public static func outcome(of call: Call, on adapter: any StageAdapter) async -> ScenarioOutcome {
        switch call {
        case .login(let username, let password):
            outcome(await adapter.login(username: username, password: password)) {
                "token …\($0.accessToken.suffix(4))"
            }
        case .searchPhotos(let query):
            outcome(await adapter.searchPhotos(query: query)) { "\($0.results.count) of \($0.total) photos" }
        case .randomPhoto:
            outcome(await adapter.randomPhoto()) { "photo \($0.id)" }
        case .photo(let id):
            outcome(await adapter.photo(id: id)) { "photo \($0.id)" }
        }
    }

    private static func outcome<Value>(_ outcome: Outcome<Value>, _ summary: (Value) -> String) -> ScenarioOutcome {
        switch outcome {
        case .value(let value): ScenarioOutcome(succeeded: true, summary: summary(value), kind: nil)
        case .failure(let failure): ScenarioOutcome(succeeded: false, summary: failure.message, kind: failure.kind)
        }
    }
}
