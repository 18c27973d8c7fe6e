// The scenario script every stage runs in the tour: the same nine things, the same fake.
import CallSites
import FakeServers
import Foundation
import Models

/// One thing a screen might ask for, and what the fake is told to do first.
public struct Scenario: Sendable {
    public let title: String
    let prepare: @Sendable (FakeServers) -> Void
    let run: @Sendable (any CallSite) async -> ScenarioOutcome
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

    public static let all: [Scenario] = [
        Scenario(title: "login", prepare: { _ in }) {
            outcome(await $0.login(username: FakeServers.demoUsername, password: FakeServers.demoPassword)) {
                "token …\($0.accessToken.suffix(4))"
            }
        },
        Scenario(title: "bad login", prepare: { _ in }) {
            outcome(await $0.login(username: FakeServers.demoUsername, password: wrongPassword)) { "token \($0.accessToken)" }
        },
        Scenario(title: "search", prepare: { _ in }) {
            outcome(await $0.searchPhotos(query: "coffee")) { "\($0.results.count) of \($0.total) photos" }
        },
        Scenario(title: "random", prepare: { _ in }) {
            outcome(await $0.randomPhoto()) { "photo \($0.id)" }
        },
        Scenario(title: "photo(id:)", prepare: { _ in }) {
            outcome(await $0.photo(id: "Dwu85P9SOIk")) { "photo \($0.id)" }
        },
        Scenario(title: "unknown id", prepare: { _ in }) {
            outcome(await $0.photo(id: "no-such-id")) { "photo \($0.id)" }
        },
        Scenario(title: "status 500", prepare: {
            $0.override(.photo, with: .reply(status: 500, body: #"{"errors":["Internal server error"]}"#))
        }) {
            outcome(await $0.photo(id: "Dwu85P9SOIk")) { "photo \($0.id)" }
        },
        Scenario(title: "bad JSON", prepare: {
            $0.override(.photo, with: .reply(status: 200, body: #"{"id": "Dwu85P9SOIk", "width": "#))
        }) {
            outcome(await $0.photo(id: "Dwu85P9SOIk")) { "photo \($0.id)" }
        },
        Scenario(title: "timeout", prepare: { $0.override(.photo, with: .failure(.timedOut)) }) {
            outcome(await $0.photo(id: "Dwu85P9SOIk")) { "photo \($0.id)" }
        },
    ]

    /// Runs one scenario on a fresh fake and keeps what happened.
    public static func run(_ scenario: Scenario, on callSite: any CallSite, fake: FakeServers = .shared) async -> ScenarioRun {
        fake.reset()
        scenario.prepare(fake)
        let monitor = CompletionMonitor(patience: 5)
        let outcome = await CompletionMonitor.$current.withValue(monitor) { await scenario.run(callSite) }
        return ScenarioRun(scenario: scenario.title, stage: callSite.stage, outcome: outcome,
                           requests: fake.log, problems: monitor.problems)
    }

    /// Makes `call` the way the bad-reply matrix does: the demo login, a search, a random photo, a known id.
    static func outcome(of call: Route, on callSite: any CallSite) async -> ScenarioOutcome {
        switch call {
        case .login:
            outcome(await callSite.login(username: FakeServers.demoUsername, password: FakeServers.demoPassword)) { _ in "token" }
        case .searchPhotos:
            outcome(await callSite.searchPhotos(query: "coffee")) { "\($0.results.count) photos" }
        case .randomPhoto:
            outcome(await callSite.randomPhoto()) { "photo \($0.id)" }
        case .photo, .userPhotos:
            outcome(await callSite.photo(id: "Dwu85P9SOIk")) { "photo \($0.id)" }
        }
    }

    private static func outcome<Value>(_ outcome: Outcome<Value>, _ summary: (Value) -> String) -> ScenarioOutcome {
        switch outcome {
        case .value(let value): ScenarioOutcome(succeeded: true, summary: summary(value), kind: nil)
        case .failure(let failure): ScenarioOutcome(succeeded: false, summary: failure.message, kind: failure.kind)
        }
    }
}
