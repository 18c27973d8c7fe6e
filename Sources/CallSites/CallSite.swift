// The one interface through which the shared suite and the tour reach every stage.
import Foundation
import Models

/// The four calls as a screen sees them: each ends in exactly one `Outcome`.
///
/// A stage's call site is the code a screen or view model would write to use that stage, so
/// reading the six conformances one after another shows what each refactor buys the caller.
public protocol CallSite: Sendable {
    /// Which stage this is, and what it can do.
    var stage: StageInfo { get }
    func login(username: String, password: String) async -> Outcome<Token>
    func searchPhotos(query: String) async -> Outcome<SearchPage>
    func randomPhoto() async -> Outcome<Photo>
    func photo(id: String) async -> Outcome<Photo>
}

/// A stage's number, module, one idea and declared capabilities.
public struct StageInfo: Sendable, Hashable {
    public let number: Int
    public let module: String
    /// The one idea the stage adds, in a line.
    public let idea: String
    /// What the stage says it can do; the suite holds it to each claim.
    public let capabilities: Set<Capability>
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

    public init(message: String, kind: FailureKind?) {
        self.message = message
        self.kind = kind
    }
}

/// What went wrong, as far as a stage can say. The raw values are the case names stages use.
public enum FailureKind: String, CaseIterable, Sendable {
    case invalidRequest, offline, timedOut, cancelled, transport
    case badRequest, unauthorized, forbidden, notFound, tooManyRequests, server, unexpectedStatus
    case emptyBody, decoding
}

extension Failure {
    /// A stage's own error, with its kind read from the case the stage chose. The case names of
    /// every stage's `APIError` are `FailureKind`'s raw values, so one reading serves them all,
    /// as a screen's `switch error { case .notFound: … }` would.
    init(_ error: some Error) {
        let mirror = Mirror(reflecting: error)
        let caseName = mirror.children.first?.label ?? String(describing: error)
        self.init(
            message: error.localizedDescription,
            kind: mirror.displayStyle == .enum ? FailureKind(rawValue: caseName) : nil)
    }
}

extension Outcome {
    /// A `Result` completion: two states, and a failure of the stage's own error type.
    init(_ result: Result<Value, some Error>) {
        switch result {
        case .success(let value): self = .value(value)
        case .failure(let error): self = .failure(Failure(error))
        }
    }

    /// Untangles a `(Value?, Error?)` completion. Four states are possible; a screen has to pick
    /// an answer for each, and all it can show of an `Error` is its text.
    init(_ value: Value?, _ error: Error?) {
        if let value {
            self = .value(value)
        } else {
            self = .failure(Failure(message: error?.localizedDescription ?? "Neither a value nor an error", kind: nil))
        }
    }
}
