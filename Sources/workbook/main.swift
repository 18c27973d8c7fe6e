// `swift run workbook`: every stage against the embedded fake servers, call by call.
import CallSites
import FakeServers
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Models

/// One thing a screen might ask for, and what the fake is told to do first.
struct Scenario: Sendable {
    let title: String
    let prepare: @Sendable (FakeServers) -> Void
    let run: @Sendable (any CallSite) async -> String
}

let badPassword = "not-the-password"
let scenarios: [Scenario] = [
    Scenario(title: "login, demo account", prepare: { _ in }) {
        describe(await $0.login(username: FakeServers.demoUsername, password: FakeServers.demoPassword))
    },
    Scenario(title: "login, wrong password", prepare: { _ in }) {
        describe(await $0.login(username: FakeServers.demoUsername, password: badPassword))
    },
    Scenario(title: "searchPhotos(\"coffee\")", prepare: { _ in }) { describe(await $0.searchPhotos(query: "coffee")) },
    Scenario(title: "randomPhoto()", prepare: { _ in }) { describe(await $0.randomPhoto()) },
    Scenario(title: "photo(id: \"Dwu85P9SOIk\")", prepare: { _ in }) { describe(await $0.photo(id: "Dwu85P9SOIk")) },
    Scenario(title: "photo(id: \"no-such-id\")", prepare: { _ in }) { describe(await $0.photo(id: "no-such-id")) },
    Scenario(title: "photo, server answers 500", prepare: {
        $0.override(.photo, with: .reply(status: 500, body: #"{"errors":["Internal server error"]}"#))
    }) { describe(await $0.photo(id: "Dwu85P9SOIk")) },
    Scenario(title: "photo, malformed JSON", prepare: {
        $0.override(.photo, with: .reply(status: 200, body: #"{"id": "Dwu85P9SOIk", "width": "#))
    }) { describe(await $0.photo(id: "Dwu85P9SOIk")) },
]

func describe(_ outcome: Outcome<Token>) -> String {
    switch outcome {
    case .value(let token): "✓ token \(token.accessToken.prefix(20))…"
    case .failure(let failure): describe(failure)
    }
}

func describe(_ outcome: Outcome<SearchPage>) -> String {
    switch outcome {
    case .value(let page): "✓ \(page.results.count) of \(page.total): " + page.results.map(\.id).joined(separator: ", ")
    case .failure(let failure): describe(failure)
    }
}

func describe(_ outcome: Outcome<Photo>) -> String {
    switch outcome {
    case .value(let photo): "✓ \(photo.id) by \(photo.user.name), \(photo.width)×\(photo.height)"
    case .failure(let failure): describe(failure)
    }
}

func describe(_ failure: Failure) -> String {
    "✗ " + (failure.kind.map { "[\($0.rawValue)] " } ?? "[unclassified] ") + failure.message
}

FakeServers.install()
let fake = FakeServers.shared
let session = URLSession(configuration: FakeServers.sessionConfiguration())
let monitor = CompletionMonitor(patience: 5)
let width = scenarios.map(\.title.count).max() ?? 0

print("The workbook, on the embedded fake servers (no network). Passwords are never printed.\n")
for callSite in Stages.all(session: session) {
    let stage = callSite.stage
    print("Stage \(stage.number) · \(stage.module)")
    print("  \(stage.idea)")
    for scenario in scenarios {
        fake.reset()
        scenario.prepare(fake)
        let result = await CompletionMonitor.$current.withValue(monitor) { await scenario.run(callSite) }
        print("  " + scenario.title.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + result)
    }
    print()
}
for problem in monitor.problems {
    print("warning: \(problem)")
}
