// The harness's one interface: how the shared suite and the `workbook` command reach every stage, an
// adapter per stage. An adapter is not the stage's code (the call site is each stage's screens), but
// an exercise that adds a call extends its stage's adapter, since the suite reaches a stage only here.
import Foundation
import Models

/// The four calls, each ending in exactly one `Outcome`, and the stage's two screens.
///
/// Each stage's conformance calls the stage in its own calling convention (callbacks, `Result`,
/// `async`), which one `outcome` per convention bridges to this one, and names a failure's kind
/// with a `switch` over the stage's own error type.
public protocol StageAdapter: Sendable {
    /// Which stage this is, and what it can do.
    var stage: StageInfo { get }
    func login(username: String, password: String) async -> Outcome<Token>
    func searchPhotos(query: String) async -> Outcome<SearchPage>
    func randomPhoto() async -> Outcome<Photo>
    func photo(id: String) async -> Outcome<Photo>
    /// The profile of the user `token` signed in. Stages 1-3 send the token with the call. From
    /// stage 4 the stage keeps its sign-in itself (its login stores the token, an unfinished
    /// sign-up's too) and the adapter passes nothing on: a stage that drops a token fails here.
    func profile(token: Token) async -> Outcome<Profile>
    /// Ends `token`'s sign-in; from stage 4, the one the stage keeps.
    func logout(token: Token) async -> Outcome<Void>
    /// A new photo screen, made as an app at this stage makes one.
    @MainActor func makePhotoScreen() -> any PhotoScreenModel
    /// A new sign-in screen, made as an app at this stage makes one.
    @MainActor func makeLoginScreen() -> any LoginScreenModel
}

/// A stage's number, module, one idea and declared capabilities.
public struct StageInfo: Sendable, Hashable {
    public let number: Int
    public let module: String
    /// The one idea the stage adds, in a line.
    public let idea: String
    /// What the stage says it can do; the suite holds it to each claim.
    public let capabilities: Set<Capability>

    package init(number: Int, module: String, idea: String, capabilities: Set<Capability>) {
        self.number = number
        self.module = module
        self.idea = idea
        self.capabilities = capabilities
    }
}

/// Things a network layer can or cannot do yet. A stage declares its own; the suite checks them.
public enum Capability: String, CaseIterable, Sendable {
    /// Failures arrive as the stage's own error type, so a caller can tell a 401 from a timeout.
    case typedFailures
    /// One function sends every request.
    case oneRequestPath
    /// Requests can be built and checked without sending them.
    case offlineRequestBuilding
    /// Cancelling the caller cancels the request.
    case cancellation
    /// Several calls can run at once and be gathered in order.
    case concurrentCalls
    /// The `URLSession` is passed in, so tests need no global state.
    case injectedSession
    /// What the user typed reaches the server as typed (an id stays one path segment, a `+` stays
    /// a plus), or is refused before anything is sent.
    case exactRequests
    /// On the photo screen, a newer search's results are never replaced by an older search's late reply.
    case latestSearchWins
    /// A screen that goes away cancels the requests it started.
    case cancelsWhenLeft
    /// A failure can carry data: an unfinished sign-up's tokens reach the caller.
    case errorsCarryData
    /// Every request passes through plugins, and the logger keeps a line for each, secrets masked.
    case logsEveryCall
    /// The stage keeps the sign-in: a call that needs it carries the newest token, and none once
    /// signed out, whatever token its caller kept.
    case keepsSignIn
    /// An expired access token is refreshed once and the call sent again.
    case refreshesToken
    /// Calls that meet an expired token together share one refresh.
    case singleFlightRefresh

    /// The capability in a line, for a reader who meets its name in the tour.
    public var summary: String {
        switch self {
        case .typedFailures: "failures come as the stage's own error type, 401 apart from 404"
        case .oneRequestPath: "one function sends every request"
        case .offlineRequestBuilding: "a request can be built and checked without sending it"
        case .cancellation: "cancelling the caller cancels the request"
        case .concurrentCalls: "several calls run at once and are gathered in order"
        case .injectedSession: "the URLSession is passed in, not reached for"
        case .exactRequests: "what the user typed reaches the server as typed, or is refused"
        case .latestSearchWins: "an older search's late reply never replaces a newer one's"
        case .cancelsWhenLeft: "a screen that goes away cancels what it started"
        case .errorsCarryData: "a failure can carry data, such as an unfinished sign-up's tokens"
        case .logsEveryCall: "plugins see every request; the logger masks every secret"
        case .keepsSignIn: "the stage keeps the sign-in; a caller never hands it a token"
        case .refreshesToken: "an expired access token is refreshed once, the call retried"
        case .singleFlightRefresh: "calls meeting an expired token together share one refresh"
        }
    }

    /// The name of the shared case that proves the capability. A declaration is a claim: every
    /// stage held to the capability runs this case in `swift test --filter StageN`, and one that is
    /// not held to it is shown not to have it, wherever that can be shown.
    public var proof: String {
        let proves: String =
            switch self {
            case .typedFailures: "a 404 and a 200 it cannot read are told apart; untyped, they look the same"
            case .oneRequestPath: "one generic function sends every call and decodes whatever type its caller names"
            case .offlineRequestBuilding: "the request built without a network is the request sent"
            case .cancellation: "cancelling the caller stops the request at once; otherwise the answer still comes"
            case .concurrentCalls:
                "requests are in flight together, answered in the order asked; the first failure stops the rest"
            case .injectedSession: "every request goes through the session the stage is handed"
            case .exactRequests: "every awkward input is sent as typed or refused; otherwise some are damaged"
            case .latestSearchWins:
                "the photo screen's latest search wins; otherwise an older reply arriving last replaces it"
            case .cancelsWhenLeft: "a photo screen that goes away cancels its request; otherwise the reply still comes"
            case .errorsCarryData:
                "an unfinished sign-up's E009 carries its tokens and the next call uses them; otherwise none"
            case .logsEveryCall: "the logger keeps a line for a login, its password masked"
            case .keepsSignIn:
                "signed out and in again, a call carries the new sign-in's token, then none; otherwise the one kept"
            case .refreshesToken:
                "an expired token is refreshed once and the call sent again; otherwise it is unauthorized"
            case .singleFlightRefresh:
                "twenty calls meeting an expired token share one refresh; otherwise each refreshes"
            }
        return "\(rawValue): \(proves)"
    }
}

/// What one call handed its caller.
public enum Outcome<Value: Sendable>: Sendable {
    case value(Value)
    case failure(Failure)

    public var value: Value? {
        guard case .value(let value) = self else { return nil }
        return value
    }

    public var failure: Failure? {
        guard case .failure(let failure) = self else { return nil }
        return failure
    }
}

/// A failed call as the caller sees it.
public struct Failure: Error, Equatable {
    /// The text the stage's error gives a person (`localizedDescription`).
    public let message: String
    /// What went wrong, when the stage's own error type says so; `nil` when the stage cannot tell.
    public let kind: FailureKind?
    /// The tokens an unfinished sign-up's failure carries, when the stage's error can carry them.
    public let carriedToken: Token?

    public init(message: String, kind: FailureKind?, carriedToken: Token? = nil) {
        self.message = message
        self.kind = kind
        self.carriedToken = carriedToken
    }
}

/// What went wrong, as far as a stage can say. The raw values are the case names stages use.
public enum FailureKind: String, CaseIterable, Sendable {
    case invalidRequest, offline, timedOut, cancelled, transport
    case badRequest, unauthorized, signUpNotCompleted, forbidden, notFound, tooManyRequests, server, unexpectedStatus
    case emptyBody, decoding
}
