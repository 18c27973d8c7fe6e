// What a screen shows. Every stage's screens show the same states; what changes from stage to
// stage is how they get there, so the states live here, beside the models.

/// What one part of a screen shows: nothing yet, a spinner, the content, or a sentence for the
/// person and whether a Retry button could help.
public enum ScreenState<Content: Equatable & Sendable>: Equatable, Sendable {
    case idle
    case loading
    case loaded(Content)
    case failed(String, canRetry: Bool)
}

/// Where a sign-in stands, as the person sees it.
public enum LoginState: Equatable, Sendable {
    case idle
    case signingIn
    case signedIn
    /// A sentence for the person, and whether trying again as typed could help.
    case refused(String, canRetry: Bool)
}
