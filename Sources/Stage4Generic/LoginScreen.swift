// The sign-in screen an app writes on a `Result<Token, APIError>` callback: two `switch`es over the
// error pick the sentence and whether Retry could help. It still hops to the main queue itself
// and holds the screen weakly.
import Foundation
import Models
import Observation

/// A username field, a password field and a Sign In button.
@MainActor
@Observable
public final class LoginScreen {
    /// What the fields hold; a SwiftUI view binds them. A refusal keeps both as typed.
    public var username = ""
    public var password = ""
    public private(set) var state: LoginState = .idle
    /// The token of the last sign-in, for the calls that need one. Never shown.
    @ObservationIgnored public private(set) var token: Token?

    public init() {}

    /// Signs in with what the fields hold. Retry calls it again.
    public func signIn() {
        state = .signingIn
        LoginManager.shared.login(username: username, password: password) { [weak self] result in
            DispatchQueue.main.async {
                guard let self else { return }
                switch result {
                case .success(let token):
                    self.token = token
                    self.state = .signedIn
                case .failure(let error):
                    // Refused, but an unfinished sign-up's tokens are kept for the calls that finish it.
                    if case .signUpNotCompleted(let token, _) = error {
                        self.token = token
                    }
                    self.state = .refused(Self.sentence(for: error), canRetry: Self.canRetry(after: error))
                }
            }
        }
    }

    /// What the person reads. The server's own words, already free of the password, where it sent
    /// some that explain a refusal.
    private static func sentence(for error: APIError) -> String {
        switch error {
        case .unauthorized: "Wrong username or password."
        case .signUpNotCompleted: "Your sign-up is not finished. Finish it to go on."
        case .badRequest(let message), .forbidden(let message), .unexpectedStatus(_, let message):
            message ?? "Popcorn refused the sign-in."
        case .notFound, .invalidRequest: "Signing in is not possible right now."
        case .tooManyRequests: "Too many attempts. Try again in a minute."
        case .offline: "You are offline. Connect, then try again."
        case .timedOut: "Popcorn took too long to answer."
        case .server: "Popcorn is having trouble right now."
        case .transport, .cancelled: "The connection failed."
        case .emptyBody, .decoding: "Popcorn's answer could not be read."
        }
    }

    /// Whether signing in again, as typed, could succeed.
    private static func canRetry(after error: APIError) -> Bool {
        switch error {
        case .offline, .timedOut, .tooManyRequests, .server, .transport, .cancelled: true
        case .unauthorized, .signUpNotCompleted, .badRequest, .forbidden, .notFound, .invalidRequest,
            .unexpectedStatus, .emptyBody, .decoding:
            false
        }
    }
}
