// How an adapter turns a stage's own answer into an `Outcome`: a stage's error enum by its kind
// (from stage 3), or the loose `(Value?, Error?)` of stages 1 and 2. Here, beside the adapters,
// not in HarnessCore: only the adapters use them, and a stage's error conforms without `package`.
import Models

/// A stage's own error type, whose kind the stage's own `switch` names, as a screen's would.
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
