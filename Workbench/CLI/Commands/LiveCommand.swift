// `workbook live`: every stage's three Unsplash calls against the real api.unsplash.com, with the
// learner's key swapped in on the way out; the stages run unchanged, and logins stay on the fake.
#if os(macOS) || os(Linux)
import FakeServers
import Fixtures
import Foundation
import Harness
import Models

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Unsplash calls a live run makes on each stage, in order: a fixed set, so the count is known
/// before anything is sent.
enum LiveCall: String, CaseIterable, Sendable {
    case searchPhotos
    case randomPhoto
    case photo = "photo(id:)"

    static let query = "coffee"
}

extension Workbook {
    /// Runs live mode: the key from `environment`, Unsplash's calls through the key swapper to
    /// `upstream` (made once the swapper is installed), logins on the fake.
    func live(environment: [String: String], upstream: @autoclosure () -> URLSession) async throws {
        let key = try AccessKey.read(from: environment)
        Redaction.addSecret(key)
        // Before any session exists: see `KeySwappingProtocol.install()`.
        KeySwappingProtocol.install()
        let swap = KeySwap(key: key, upstream: upstream())
        let adapters = Stages.all(session: URLSession(configuration: KeySwappingProtocol.sessionConfiguration()))
        // A stop for a rate limit says what the ladder's top stage says (`LiveStop.after`).
        guard let top = Stages.top(of: adapters) else {
            throw WorkbookError("live: no adapter in Workbench/Harness/Stages.swift is the ladder's top stage.")
        }
        let say = { (line: String) in write(Redaction.masked(line)) }
        let requests = LiveCall.allCases.count * adapters.count

        say(style.bold("Live mode: the stages' Unsplash calls against https://api.unsplash.com, with your key"))
        say("Each stage runs unchanged; on the way out, its demo key becomes the key in \(AccessKey.variable)")
        say("(shown as \(Redaction.mask)). Logins stay on the fake Popcorn server: popcorn.example is not real.")
        say(
            "This run sends \(requests) requests to Unsplash (\(LiveCall.allCases.count) calls × \(adapters.count) "
                + "stages), no more;")
        say("each counts against your key's hourly quota. It stops at once on a rate limit or a refused key.\n")

        KeySwappingProtocol.active.withLock { $0 = swap }
        defer { KeySwappingProtocol.active.withLock { $0 = nil } }
        // Real replies can be slow; a completion handler gets longer than the tour gives it.
        try await CompletionMonitor.$current.withValue(CompletionMonitor(patience: 90)) {
            for adapter in adapters {
                try await liveRun(on: adapter, top: top, swap: swap, say: say)
            }
        }

        let log = swap.log
        let answered = log.filter { $0.reply != nil }.count
        say("Sent \(log.count) requests to api.unsplash.com; Unsplash answered \(answered) of them.")
        if let last = log.last(where: { $0.reply?.header("X-Ratelimit-Remaining") != nil })?.reply,
            let remaining = last.header("X-Ratelimit-Remaining")
        {
            let limit = last.header("X-Ratelimit-Limit").map { " of \($0)" } ?? ""
            say(
                "Your key has \(remaining)\(limit) requests left this hour (X-Ratelimit-Remaining, Unsplash's last reply)."
            )
        } else {
            say("Unsplash's replies did not say how many requests are left (no X-Ratelimit-Remaining).")
        }
    }

    /// One stage: its login on the fake, then its three Unsplash calls, each line saying which
    /// server answered. Throws the run's `LiveStop` as soon as a reply calls for one.
    private func liveRun(
        on adapter: any StageAdapter, top: any StageAdapter, swap: KeySwap, say: (String) -> Void
    ) async throws {
        let stage = adapter.stage
        say(style.bold("Stage \(stage.number) · \(stage.module)"))
        var sentBefore = swap.log.count
        let login = await Scenarios.outcome(of: Scenarios.demoLogin, on: adapter)
        let loginServer = swap.log.count > sentBefore ? "Unsplash (live)" : "fake Popcorn"
        say(liveLine("login", server: loginServer, outcome: login))

        var photoID = Scenarios.knownPhotoID
        for call in LiveCall.allCases {
            sentBefore = swap.log.count
            let outcome: ScenarioOutcome
            switch call {
            case .searchPhotos:
                outcome = Scenarios.outcome(await adapter.searchPhotos(query: LiveCall.query)) {
                    "\($0.results.count) of \($0.total) photos"
                }
            case .randomPhoto:
                let random = await adapter.randomPhoto()
                // photo(id:) asks for this one: an id that exists on the server that answered.
                if let id = random.value?.id { photoID = id }
                outcome = Scenarios.outcome(random) { "photo \($0.id)" }
            case .photo:
                outcome = Scenarios.outcome(await adapter.photo(id: photoID)) { "photo \($0.id)" }
            }
            guard let exchange = swap.log.dropFirst(sentBefore).last else {
                throw LiveStop(
                    "Stage \(stage.number)'s \(call.rawValue) did not pass through the key swapper, so Unsplash "
                        + "never saw it; live mode must start before anything else makes a URLSession.")
            }
            if let stop = await LiveStop.after(exchange, top: top, swap: swap) { throw stop }
            say(liveLine(call.rawValue, server: "Unsplash (live)", outcome: outcome))
            say(style.dim(String(repeating: " ", count: 16) + requestLine(exchange)))
        }
        say("")
    }

    private func liveLine(_ call: String, server: String, outcome: ScenarioOutcome) -> String {
        "  " + call.padding(toLength: 14, withPad: " ", startingAt: 0)
            + server.padding(toLength: 17, withPad: " ", startingAt: 0) + style.outcome(outcome.text)
    }

    /// `↳ 200 · GET /photos/random · Authorization: Client-ID •••`: what went out, key masked.
    private func requestLine(_ exchange: ForwardedExchange) -> String {
        let parts = URLComponents(url: exchange.url, resolvingAgainstBaseURL: false)
        let path = (parts?.percentEncodedPath ?? "") + (parts?.percentEncodedQuery.map { "?" + $0 } ?? "")
        let status = exchange.reply.map { String($0.status) } ?? "no reply"
        let authorization = exchange.headers.first { $0.key.caseInsensitiveCompare("Authorization") == .orderedSame }
        let key = authorization.map { " · \($0.key): " + Redaction.headerValue($0.value, named: $0.key) } ?? ""
        return "↳ \(status) · \(exchange.method) \(path)\(key)"
    }
}
#endif
