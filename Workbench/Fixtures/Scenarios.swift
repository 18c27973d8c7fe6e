// The scenario script every stage runs in the tour: the same nine things, the same fake.
import FakeServers
import Foundation
import Harness
import Models

/// One thing a screen might ask for, and what the fake is told to do first.
public struct Scenario: Sendable {
    public let title: String
    public let call: Call
    package let prepare: @Sendable (FakeServers) -> Void

    package init(_ title: String, _ call: Call, prepare: @escaping @Sendable (FakeServers) -> Void = { _ in }) {
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
    package var cell: String {
        guard !succeeded else { return "✓ " + summary }
        return "✗ " + (kind.map { "\($0.rawValue)\n" } ?? "") + Redaction.masked(summary)
    }
}

/// One scenario run on one stage: the outcome, the requests it sent, and any broken promise.
public struct ScenarioRun: Sendable {
    public let scenario: String
    public let stage: StageInfo
    public let outcome: ScenarioOutcome
    /// What the person sees when the stage's screen meets the same scenario, in words.
    public let shown: String?
    public let requests: [RecordedRequest]
    public let problems: [CompletionProblem]
}

public enum Scenarios {
    public static let wrongPassword = "not-the-password"

    public static let demoLogin = Call.login(username: FakeServers.demoUsername, password: FakeServers.demoPassword)
    public static let knownPhotoID = "Dwu85P9SOIk"
    public static let knownPhoto = Call.photo(id: knownPhotoID)

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
        let requests = fake.log
        let shown = await Self.shown(scenario, on: adapter, fake: fake)
        return ScenarioRun(
            scenario: scenario.title, stage: adapter.stage, outcome: outcome, shown: shown,
            requests: requests, problems: monitor.problems)
    }

    /// What the person sees when the stage's screen meets `scenario`: its state once settled, in
    /// words, with any secret masked. `nil` for a call no screen makes.
    @MainActor
    public static func shown(_ scenario: Scenario, on adapter: any StageAdapter, fake: FakeServers = .shared) async
        -> String?
    {
        fake.reset()
        scenario.prepare(fake)
        switch scenario.call {
        case .login(let username, let password):
            let screen = adapter.makeLoginScreen()
            screen.username = username
            screen.password = password
            screen.signIn()
            return await settled { () -> String? in
                switch screen.state {
                case .idle, .signingIn: nil
                case .signedIn: "signed in"
                case .refused(let sentence, let canRetry): said(sentence, canRetry: canRetry)
                }
            }
        case .searchPhotos(let query):
            let screen = adapter.makePhotoScreen()
            screen.search(query)
            return await settled { described(screen.results) { "\($0.count) photos" } }
        case .photo(let id):
            let screen = adapter.makePhotoScreen()
            screen.showPhoto(id: id)
            return await settled { described(screen.detail) { "photo \($0.id)" } }
        case .randomPhoto:
            return nil
        }
    }

    private static func described<Content>(_ state: ScreenState<Content>, _ content: (Content) -> String) -> String? {
        switch state {
        case .idle, .loading: nil
        case .loaded(let value): "shows " + content(value)
        case .failed(let sentence, let canRetry): said(sentence, canRetry: canRetry)
        }
    }

    private static func said(_ sentence: String, canRetry: Bool) -> String {
        "“\(Redaction.masked(sentence))” · " + (canRetry ? "Retry" : "no Retry")
    }

    /// The screen's words once it has settled; it settles within the fake's answers, so ten
    /// seconds means something is wrong, and says so.
    @MainActor
    private static func settled(_ words: @MainActor () -> String?) async -> String {
        for _ in 0..<10_000 {
            if let words = words() { return words }
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        return "(the screen did not settle within ten seconds)"
    }

    /// Makes one call through a stage's adapter and says what it handed back, in a few words. The
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

    /// What a call handed back, as the tour and live mode print it.
    package static func outcome<Value>(_ outcome: Outcome<Value>, _ summary: (Value) -> String) -> ScenarioOutcome {
        switch outcome {
        case .value(let value): ScenarioOutcome(succeeded: true, summary: summary(value), kind: nil)
        case .failure(let failure): ScenarioOutcome(succeeded: false, summary: failure.message, kind: failure.kind)
        }
    }
}
