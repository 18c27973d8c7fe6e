// How an adapter turns a stage's answer into an `Outcome`, said once: an `outcome` for each calling
// convention (a `(Value?, Error?)` completion in stages 1 and 2, a `Result` in stages 3 to 5, a
// closure that throws `APIError` in stage 6), so that an adapter says only what it calls, and how
// its error's cases are kinds. Here, beside the adapters, not in HarnessCore: only the adapters use
// them, and a stage's error conforms without `package`.
import Models

/// A stage's own error type, whose kind the stage's own `switch` names, as a screen's would: a case
/// the switch does not name does not compile.
protocol KindedError: Error {
    var kind: FailureKind { get }
    /// The tokens the error carries, if it is an unfinished sign-up.
    var carriedToken: Token? { get }
}

extension Failure {
    /// A stage's own error, with the kind its `switch` names.
    init(_ error: some KindedError) {
        self.init(message: error.localizedDescription, kind: error.kind, carriedToken: error.carriedToken)
    }
}

/// A call that throws the stage's own error, written `{ () throws(APIError) in try await … }`:
/// Swift does not read the type a closure throws from its body, so the closure says it.
func outcome<Value: Sendable, Failing: KindedError>(
    _ call: () async throws(Failing) -> Value
) async -> Outcome<Value> {
    do {
        return .value(try await call())
    } catch {
        return .failure(Failure(error))
    }
}

/// A call whose completion hands back a `Result` of the stage's own error: two states.
func outcome<Value: Sendable, Failing: KindedError>(
    of call: String = #function,
    _ start: (_ completion: @escaping @Sendable (Result<Value, Failing>) -> Void) -> Void
) async -> Outcome<Value> {
    await completion(of: call) { finish in start { finish(Outcome($0)) } }
}

/// A call whose completion hands back a value and an error, both optional: four states, untangled.
func outcome<Value: Sendable>(
    of call: String = #function,
    _ start: (_ completion: @escaping @Sendable (Value?, (any Error)?) -> Void) -> Void
) async -> Outcome<Value> {
    await completion(of: call) { finish in start { finish(Outcome($0, $1)) } }
}

/// A call whose completion hands back an error only, `nil` for success.
func outcome(
    of call: String = #function,
    _ start: (_ completion: @escaping @Sendable ((any Error)?) -> Void) -> Void
) async -> Outcome<Void> {
    await completion(of: call) { finish in start { finish(Outcome($0)) } }
}

extension Outcome {
    /// A `Result` completion: two states, and a failure of the stage's own error type.
    init(_ result: Result<Value, some KindedError>) {
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

extension Outcome where Value == Void {
    /// Untangles an `(Error?)` completion: `nil` is the success.
    init(_ error: Error?) {
        if let error {
            self = .failure(Failure(message: error.localizedDescription, kind: nil))
        } else {
            self = .value(())
        }
    }
}
