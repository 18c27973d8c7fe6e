// What each step of the ladder promises: the capabilities a stage's number promises, whatever its
// adapter declares (a kata puts the stage before in a stage's place, adapter and all, and the suite
// holds it to this promise instead), and the promises checked from a stage's own sources and its
// adapter, which each stage's suite holds it to (and `swift run kata check` reports, part by part).
import Foundation
import Ladder
import Metrics

/// One promise a stage makes from its number on, and how to tell what it still lacks.
public struct LadderPromise: Sendable, CustomStringConvertible {
    /// The promise in a few words, as the suite and `kata check` list it.
    public let name: String
    /// The first stage that makes it; every later stage keeps it.
    public let from: Int
    /// For a declared capability, the shared case that proves it: the declaration alone keeps nothing.
    public let proof: String?
    private let lacks: @Sendable (StageInfo, Measured) -> String?

    init(name: String, from: Int, proof: String? = nil, lacks: @escaping @Sendable (StageInfo, Measured) -> String?) {
        self.name = name
        self.from = from
        self.proof = proof
        self.lacks = lacks
    }

    public var description: String { name }

    /// A stage's folder, measured: its counts, and how often it types a literal.
    struct Measured {
        let metrics: StageMetrics
        let literal: (String) throws -> Int
    }

    /// What `stage`, whose files are in `folder`, lacks of this promise, with the step that brings
    /// it; nil when it keeps the promise.
    public func lack(of stage: StageInfo, in folder: URL) throws -> String? {
        let measured = Measured(metrics: try SourceMetrics.measure(directory: folder)) { literal in
            try SourceMetrics.measure(directory: folder, keyLiteral: literal).keyLiterals
        }
        return lacks(stage, measured)
    }

    /// The promises stage `number` keeps: its own and every earlier stage's.
    public static func all(for number: Int) -> [LadderPromise] {
        (sources + Capability.allCases.map(declares)).filter { $0.from <= number }
    }

    // MARK: - Measured from the sources

    static let sources: [LadderPromise] = [
        LadderPromise(name: "the access key is typed once", from: 2) { stage, measured in
            let keys = measured.metrics.keyLiterals
            guard keys != 1 else { return nil }
            return "Sources/\(stage.module) types the access key \(keys) times. The step of stage 2: endpoint "
                + "enums (PopcornAPI, UnsplashAPI) say each request's parts once, as computed properties, and the "
                + "key lives in one `private static let`."
        },
        LadderPromise(name: "each server's base URL is typed once", from: 2) { stage, measured in
            let counts = ["https://api.unsplash.com", "https://popcorn.example"].map {
                (host: $0, count: (try? measured.literal($0)) ?? 0)
            }
            let repeated = counts.filter { $0.count > 1 }
            guard !repeated.isEmpty else { return nil }
            return "Sources/\(stage.module) types "
                + repeated.map { "\($0.host) \($0.count) times" }.joined(separator: " and ")
                + ". The step of stage 2: each endpoint enum says its `baseURL` once, and builds every URL from it."
        },
        LadderPromise(name: "nothing is force-unwrapped", from: 2) { stage, measured in
            let unwraps = measured.metrics.forceUnwraps
            guard unwraps != 0 else { return nil }
            return "Sources/\(stage.module) force-unwraps \(unwraps) times. The step of stage 2: each endpoint "
                + "enum's `url` is optional, and every call unwraps it with `guard let url = api.url else`, "
                + "handing its caller an error where stage 1 would have crashed."
        },
        LadderPromise(name: "one function starts every URLSession task", from: 4) { stage, measured in
            let metrics = measured.metrics
            guard metrics.sessionCallSites != 1 || metrics.requestFunctions != 1 else { return nil }
            return "Sources/\(stage.module) starts a URLSession task in \(metrics.requestFunctions) functions "
                + "(\(metrics.sessionCallSites) call sites). The step of stage 4: an `Endpoint` protocol the enums "
                + "conform to, and one generic `request<T: Decodable>` on `APIClient.shared` that builds, sends, "
                + "checks and decodes every call; each call becomes one line."
        },
        LadderPromise(name: "one function decodes every reply", from: 4) { stage, measured in
            let decodes = measured.metrics.replyDecodes
            guard decodes != 1 else { return nil }
            return "Sources/\(stage.module) decodes a reply in \(decodes) places (`try … .decode(`). The step of "
                + "stage 4: the generic `request<T: Decodable>` decodes whatever type its caller names, so a call "
                + "says only its type (`as: Photo.self`) and never decodes for itself."
        },
    ]

    // MARK: - Declared by the adapter

    /// The adapter declares `capability`, from the stage that promises it on. Only the declaration is
    /// read here: the stage's own run holds it to the capability with the proof's shared case.
    static func declares(_ capability: Capability) -> LadderPromise {
        let from = Ladder.numbers.first { capabilities(promisedBy: $0).contains(capability) } ?? Int.max
        return LadderPromise(
            name: "declared \(capability.rawValue), proved by the shared case “\(capability.proof)”", from: from,
            proof: capability.proof
        ) { stage, _ in
            guard !stage.capabilities.contains(capability) else { return nil }
            return "Stage\(stage.number)Adapter does not declare \(capability.rawValue) (\(capability.summary)). "
                + "The step of stage \(from): \(step(to: capability))"
        }
    }

    /// For a failure's message: "Stage N is held to X. The step: …", or nothing when the stage's
    /// number does not hold it to `capability`.
    public static func step(of stage: StageInfo, to capability: Capability) -> String {
        guard heldTo(stage).capabilities.contains(capability) else { return "" }
        return "Stage \(stage.number) is held to \(capability.rawValue). The step: \(step(to: capability))"
    }

    /// What earns a capability, said as the step to take.
    public static func step(to capability: Capability) -> String {
        switch capability {
        case .typedFailures:
            "each call completes with `Result<Value, APIError>`, an error enum that tells a 401 from a 404 from a "
                + "timeout; the screens switch over it; the adapter bridges the `Result`, names each case's kind "
                + "(`KindedError`) and declares .typedFailures."
        case .oneRequestPath:
            "one generic request sends every call (see the promise above); then the adapter declares .oneRequestPath."
        case .offlineRequestBuilding:
            "the adapter conforms to `RequestBuilding`: each `Call` becomes its router's `asURLRequest()`, built "
                + "without sending it; it declares .offlineRequestBuilding."
        case .exactRequests:
            "the router sends an id as one path segment and a query value percent-encoded (`+` as `%2B`), and "
                + "refuses an empty id, `.` or `..` before sending; the adapter declares .exactRequests."
        case .cancellation:
            "each call is `async throws(APIError)` on `URLSession.data(for:)`, so cancelling the caller cancels "
                + "the request (`.cancelled`); the adapter awaits it and declares .cancellation."
        case .concurrentCalls:
            "`PhotoManager.photos(ids:)` runs a task group, in order; the adapter conforms to `ConcurrentCalls` "
                + "and declares .concurrentCalls."
        case .injectedSession:
            "`APIClient(session:)` is handed its `URLSession`; the adapter's `init(session:)` passes it on, "
                + "conforms to `SessionInjected` and declares .injectedSession."
        case .latestSearchWins:
            "the photo screen keeps the `Task` of its search and cancels it when a new search starts; the adapter "
                + "declares .latestSearchWins."
        case .cancelsWhenLeft:
            "each screen keeps the `Task` of every load and cancels it in `deinit`, so a screen that goes away "
                + "stops what it started; the adapter declares .cancelsWhenLeft."
        case .errorsCarryData:
            "`APIError.signUpNotCompleted(token:message:)` carries an unfinished sign-up's tokens; the adapter "
                + "hands them on as `carriedToken` and declares .errorsCarryData."
        case .logsEveryCall:
            "the one request function runs a list of plugins, a `LoggerPlugin` among them, masking every secret; "
                + "the adapter conforms to `CallLogging` and declares .logsEveryCall."
        case .keepsSignIn:
            "a `TokenStore` keeps the sign-in (a login's tokens, an unfinished sign-up's too, gone after a logout), "
                + "an `AuthPlugin` adds its Bearer token to the calls that need the sign-in, which carry none of "
                + "their own; the adapter declares .keepsSignIn."
        case .refreshesToken:
            "an `AuthPlugin` adds the Bearer token to the calls that need the sign-in, and on a 401 "
                + "`TOKEN_EXPIRED` refreshes once and retries once; the adapter declares .refreshesToken."
        case .singleFlightRefresh:
            "the token store is an actor that keeps the refresh in flight, so callers that meet the expired "
                + "token together await the same one; the adapter declares .singleFlightRefresh."
        }
    }
}

// MARK: - The capabilities each stage promises

extension LadderPromise {
    /// The capabilities stage `number` declares as committed: what each stage up to it adds.
    public static func capabilities(promisedBy number: Int) -> Set<Capability> {
        added.filter { $0.key <= number }.reduce(into: []) { $0.formUnion($1.value) }
    }

    /// What each stage adds to the promises of the stages before it, which it keeps. A stage with
    /// no entry adds nothing: a new capability is promised here, by the stage that brings it.
    static let added: [Int: Set<Capability>] = [
        3: [.typedFailures, .errorsCarryData],
        4: [.oneRequestPath, .logsEveryCall, .keepsSignIn, .refreshesToken],
        5: [.offlineRequestBuilding, .exactRequests],
        6: [
            .cancellation, .concurrentCalls, .injectedSession, .latestSearchWins, .cancelsWhenLeft,
            .singleFlightRefresh,
        ],
    ]

    /// `stage` as the suite holds it: what it declares, and what its number promises.
    public static func heldTo(_ stage: StageInfo) -> StageInfo {
        StageInfo(
            number: stage.number, module: stage.module, idea: stage.idea,
            capabilities: stage.capabilities.union(capabilities(promisedBy: stage.number)))
    }
}
