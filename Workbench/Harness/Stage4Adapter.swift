// Stage 4 behind the adapter: the same lines as stage 3. The refactor changed how requests are
// sent, not how they are called.
import Models
import Stage4Generic

/// Stage 4's calls and screens behind the harness's one interface, in the stage's own calling convention.
public struct Stage4Adapter: StageAdapter {
    public let stage = StageInfo(
        number: 4, module: "Stage4Generic",
        idea: "One generic request<T: Decodable> sends every call; each call is one line.",
        capabilities: [
            .typedFailures, .oneRequestPath, .errorsCarryData, .logsEveryCall, .keepsSignIn, .refreshesToken,
        ])

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

    /// The app signed in earlier: the stage's login kept the token where its authentication plugin looks.
    public func profile(token: Token) async -> Outcome<Profile> {
        await completion(of: "profile()") { finish in
            LoginManager.shared.profile { result in
                finish(Outcome(result))
            }
        }
    }

    public func logout(token: Token) async -> Outcome<Void> {
        await completion(of: "logout()") { finish in
            LoginManager.shared.logout { result in
                finish(Outcome(result))
            }
        }
    }
}

extension Stage4Adapter: GenericRequesting {
    /// The endpoint each call sends: the one map from the harness's `Call` to the stage's endpoints.
    static func endpoint(for call: Call) -> any Endpoint {
        switch call {
        case .login(let username, let password): PopcornAPI.login(username: username, password: password)
        case .searchPhotos(let query): UnsplashAPI.searchPhotos(query: query)
        case .randomPhoto: UnsplashAPI.randomPhoto
        case .photo(let id): UnsplashAPI.photo(id: id)
        }
    }

    public func request<T: Decodable & Sendable>(_ call: Call, as type: T.Type) async -> Outcome<T> {
        let endpoint = Self.endpoint(for: call)
        return await completion(of: "request(_:as:)") { finish in
            APIClient.shared.request(endpoint, as: type) { result in
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

extension Stage4Adapter {
    @MainActor public func makePhotoScreen() -> any PhotoScreenModel {
        PhotoScreen()
    }

    @MainActor public func makeLoginScreen() -> any LoginScreenModel {
        LoginScreen()
    }
}

extension PhotoScreen: PhotoScreenModel {}
extension LoginScreen: LoginScreenModel {}

extension Stage4Adapter: CallLogging {
    public var loggedLines: [String] { LoggerPlugin.shared.lines }
    public func clearLog() { LoggerPlugin.shared.removeAll() }
}
