// Stage 5 behind the adapter: the same four calls as stage 3. What is new is beside them: the
// request a call would send, built and checked without sending it.
import Foundation
import Models
import Stage5Router

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Stage 5's calls and screens behind the harness's one interface, in the stage's own calling convention.
public struct Stage5Adapter: StageAdapter {
    public let stage = StageInfo(
        number: 5, module: "Stage5Router",
        idea: "A router builds each URLRequest, encodes every part, and throws when it cannot.",
        capabilities: [
            .typedFailures, .oneRequestPath, .offlineRequestBuilding, .exactRequests, .errorsCarryData, .logsEveryCall,
            .keepsSignIn, .refreshesToken,
        ])

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

    /// The app signed in earlier: the stage's login kept the token where its authentication plugin looks.
    public func profile(token: Token) async -> Outcome<Profile> {
        await outcome { LoginManager.shared.profile(completion: $0) }
    }

    public func logout(token: Token) async -> Outcome<Void> {
        await outcome { LoginManager.shared.logout(completion: $0) }
    }
}

extension Stage5Adapter: GenericRequesting {
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
        await outcome { APIClient.shared.request(Self.router(for: call), as: type, completion: $0) }
    }
}

extension Stage5Adapter: RequestBuilding {
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

extension Stage5Adapter {
    @MainActor public func makePhotoScreen() -> any PhotoScreenModel {
        PhotoScreen()
    }

    @MainActor public func makeLoginScreen() -> any LoginScreenModel {
        LoginScreen()
    }
}

extension PhotoScreen: PhotoScreenModel {}
extension LoginScreen: LoginScreenModel {}

extension Stage5Adapter: CallLogging {
    public var loggedLines: [String] { LoggerPlugin.shared.lines }
    public func clearLog() { LoggerPlugin.shared.removeAll() }
}
