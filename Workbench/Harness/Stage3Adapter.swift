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
        await outcome { LoginManager.shared.login(username: username, password: password, completion: $0) }
    }

    public func searchPhotos(query: String) async -> Outcome<SearchPage> {
        await outcome { PhotoManager.shared.searchPhotos(query: query, completion: $0) }
    }

    public func randomPhoto() async -> Outcome<Photo> {
        await outcome { PhotoManager.shared.randomPhoto(completion: $0) }
    }

    public func photo(id: String) async -> Outcome<Photo> {
        await outcome { PhotoManager.shared.photo(id: id, completion: $0) }
    }

    public func profile(token: Token) async -> Outcome<Profile> {
        await outcome { LoginManager.shared.profile(token: token, completion: $0) }
    }

    public func logout(token: Token) async -> Outcome<Void> {
        await outcome { LoginManager.shared.logout(token: token, completion: $0) }
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
