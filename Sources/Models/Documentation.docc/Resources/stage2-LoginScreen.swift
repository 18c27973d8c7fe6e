// The sign-in screen an app writes on a `(Token?, Error?)` callback. It hops to the main queue
// itself and holds the screen weakly. A refusal shows the error's own text, and Retry is always
// offered, since a wrong password cannot be told from a dropped connection.
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
        LoginManager.shared.login(username: username, password: password) { [weak self] token, error in
            DispatchQueue.main.async {
                guard let self else { return }
                if let token {
                    self.token = token
                    self.state = .signedIn
                } else {
                    self.state = .refused(error?.localizedDescription ?? "Sign-in failed.", canRetry: true)
                }
            }
        }
    }
}
