// Stage 3 behind the adapter: one `Result` per call, and a failure whose kind its own `switch` names.
import Models
import Stage3Result

/// Stage 3's calls and screens behind the harness's one interface, in the stage's own calling convention.
public struct Stage3Adapter: StageAdapter {
    public let stage = StageInfo(
        number: 3, module: "Stage3Result",
        idea: "Result<Value, APIError>: one of two states, and an error enum that tells failures apart.",
        capabilities: [.typedFailures, .errorsCarryData])

    public init() {}

    public func login(username: String, password: String) async -> Outcome<Token> {
        await completion(of: "login(username:password:)") { finish in
            LoginManager.shared.login(username: username, password: password) { result in
                finish(Outcome(result))
            }
        }
    }

    public func searchPhotos(query: String) async -> Outcome<SearchPage> {
        await completion(of: "searchPhotos(query:)") { finish in
            PhotoManager.shared.searchPhotos(query: query) { result in
                finish(Outcome(result))
            }
        }
    }

    public func randomPhoto() async -> Outcome<Photo> {
        await completion(of: "randomPhoto()") { finish in
            PhotoManager.shared.randomPhoto { result in
                finish(Outcome(result))
            }
        }
    }

    public func photo(id: String) async -> Outcome<Photo> {
        await completion(of: "photo(id:)") { finish in
            PhotoManager.shared.photo(id: id) { result in
                finish(Outcome(result))
            }
        }
    }

    public func profile(token: Token) async -> Outcome<Profile> {
        await completion(of: "profile(token:)") { finish in
            LoginManager.shared.profile(token: token) { result in
                finish(Outcome(result))
            }
        }
    }

    public func logout(token: Token) async -> Outcome<Void> {
        await completion(of: "logout(token:)") { finish in
            LoginManager.shared.logout(token: token) { result in
                finish(Outcome(result))
            }
        }
    }
}

extension APIError: KindedError {
    /// The same names, case for case: what a screen's `switch` would tell apart.
    var kind: FailureKind {
        switch self {
        case .invalidRequest: .invalidRequest
        case .offline: .offline
        case .timedOut: .timedOut
        case .cancelled: .cancelled
        case .transport: .transport
        case .badRequest: .badRequest
        case .unauthorized: .unauthorized
        case .signUpNotCompleted: .signUpNotCompleted
        case .forbidden: .forbidden
        case .notFound: .notFound
        case .tooManyRequests: .tooManyRequests
        case .server: .server
        case .unexpectedStatus: .unexpectedStatus
        case .emptyBody: .emptyBody
        case .decoding: .decoding
        }
    }

    var carriedToken: Token? {
        guard case .signUpNotCompleted(let token, _) = self else { return nil }
        return token
    }
}

extension Stage3Adapter {
    @MainActor public func makePhotoScreen() -> any PhotoScreenModel {
        PhotoScreen()
    }

    @MainActor public func makeLoginScreen() -> any LoginScreenModel {
        LoginScreen()
    }
}

extension PhotoScreen: PhotoScreenModel {}
extension LoginScreen: LoginScreenModel {}
