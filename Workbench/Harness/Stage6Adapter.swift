// Stage 6 behind the adapter: one `try await` per call, each throwing an `APIError`, and calls
// that run at once.
import Foundation
import Models
import Stage6Async

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Stage 6's calls and screens behind the harness's one interface. It is handed its session instead of
/// reaching for one.
public struct Stage6Adapter: StageAdapter {
    public let stage = StageInfo(
        number: 6, module: "Stage6Async",
        idea: "async/await with typed throws, an injected URLSession, cancellation and concurrent calls.",
        capabilities: [
            .typedFailures, .oneRequestPath, .offlineRequestBuilding, .exactRequests, .errorsCarryData, .logsEveryCall,
            .keepsSignIn, .refreshesToken, .cancellation, .concurrentCalls, .injectedSession, .latestSearchWins,
            .cancelsWhenLeft, .singleFlightRefresh,
        ])

    let loginManager: LoginManager
    let photoManager: PhotoManager
    let tokens: TokenStore
    let logger: LoggerPlugin
    /// The one client both managers send through.
    let client: APIClient

    /// The client an app at stage 6 makes once, at launch: every request logged, the sign-in's
    /// tokens masked in every line, and signed in where the route needs it. The refresh goes
    /// through a client without the authentication plugin, so a refresh never waits on itself.
    public init(session: URLSession) {
        let tokens = TokenStore()
        let logger = LoggerPlugin { tokens.token?.secrets ?? [] }
        self.tokens = tokens
        self.logger = logger
        let refresher = APIClient(session: session, plugins: [logger])
        let client = APIClient(session: session, plugins: [AuthPlugin(tokens: tokens, client: refresher), logger])
        self.client = client
        loginManager = LoginManager(client: client, tokens: tokens)
        photoManager = PhotoManager(client: client)
    }

    public func login(username: String, password: String) async -> Outcome<Token> {
        await outcome { () throws(APIError) in try await loginManager.login(username: username, password: password) }
    }

    public func searchPhotos(query: String) async -> Outcome<SearchPage> {
        await outcome { () throws(APIError) in try await photoManager.searchPhotos(query: query) }
    }

    public func randomPhoto() async -> Outcome<Photo> {
        await outcome { () throws(APIError) in try await photoManager.randomPhoto() }
    }

    public func photo(id: String) async -> Outcome<Photo> {
        await outcome { () throws(APIError) in try await photoManager.photo(id: id) }
    }

    /// The app signed in earlier: the stage's login kept the token where its authentication plugin looks.
    public func profile(token: Token) async -> Outcome<Profile> {
        await outcome { () throws(APIError) in try await loginManager.profile() }
    }

    public func logout(token: Token) async -> Outcome<Void> {
        await outcome { () throws(APIError) in try await loginManager.logout() }
    }
}

extension Stage6Adapter: SessionInjected, ConcurrentCalls {
    public func photos(ids: [String]) async -> Outcome<[Photo]> {
        await outcome { () throws(APIError) in try await photoManager.photos(ids: ids) }
    }

    public func homeScreen(query: String) async -> (random: Outcome<Photo>, search: Outcome<SearchPage>) {
        // Neither call needs the other's answer, so both are in flight at once.
        async let random = randomPhoto()
        async let search = searchPhotos(query: query)
        return await (random, search)
    }
}

extension Stage6Adapter: GenericRequesting {
    /// The router each call sends: the one map from the harness's `Call` to the stage's endpoints.
    static func router(for call: Call) -> any Router {
        switch call {
        case .login(let username, let password): PopcornAPI.login(username: username, password: password)
        case .searchPhotos(let query): UnsplashAPI.searchPhotos(query: query)
        case .randomPhoto: UnsplashAPI.randomPhoto
        case .photo(let id): UnsplashAPI.photo(id: id)
        }
    }

    public func request<T: Decodable & Sendable>(_ call: Call, as type: T.Type) async -> Outcome<T> {
        await outcome { () throws(APIError) in try await client.send(Self.router(for: call), as: type) }
    }
}

extension Stage6Adapter: RequestBuilding {
    /// What a test (or a preview) writes to see a request without sending it.
    public func request(for call: Call) -> Result<URLRequest, Failure> {
        let router = Self.router(for: call)
        return Result { () throws(APIError) in try router.asURLRequest() }.mapError(Failure.init)
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

extension Stage6Adapter {
    @MainActor public func makePhotoScreen() -> any PhotoScreenModel {
        PhotoScreen(photoManager: photoManager)
    }

    @MainActor public func makeLoginScreen() -> any LoginScreenModel {
        LoginScreen(loginManager: loginManager)
    }
}

extension PhotoScreen: PhotoScreenModel {}
extension LoginScreen: LoginScreenModel {}

extension Stage6Adapter: CallLogging {
    public var loggedLines: [String] { logger.lines }
    public func clearLog() { logger.removeAll() }
}
