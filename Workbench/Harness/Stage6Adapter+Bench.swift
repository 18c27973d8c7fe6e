// Stage 6 in `workbook bench`: its calls awaited as a screen awaits them, on the adapter's session.
import Foundation
import Models
import Stage6Async

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Stage 6's two managers, however their client was made: the bench calls them one way.
protocol Stage6Managers: BenchCalls {
    var loginManager: LoginManager { get }
    var photoManager: PhotoManager { get }
}

extension Stage6Managers {
    public func benchPhoto(id: String) async -> Bool {
        (try? await photoManager.photo(id: id)) != nil
    }

    public func benchLogin(username: String, password: String) async -> Bool {
        (try? await loginManager.login(username: username, password: password)) != nil
    }
}

extension Stage6Adapter: BenchedStage, Stage6Managers {
    public func benchVariants(session: URLSession) -> [(name: String, calls: any BenchCalls)] {
        [
            ("6, router only", Stage6RouterOnly(session: session)),
            ("6, no plugins", Stage6PluginChoice(plugins: [], session: session)),
            ("6, logger only", Stage6PluginChoice(plugins: [LoggerPlugin()], session: session)),
        ]
    }
}

/// Stage 6's requests as its router builds them, sent with `data(for:)` and decoded, with no
/// client: against the async floor, what building a request per call costs; against `6, no
/// plugins`, what the client itself adds.
struct Stage6RouterOnly: BenchCalls {
    let session: URLSession

    func benchPhoto(id: String) async -> Bool {
        await reply(to: UnsplashAPI.photo(id: id), as: Photo.self) != nil
    }

    func benchLogin(username: String, password: String) async -> Bool {
        await reply(to: PopcornAPI.login(username: username, password: password), as: LoginResponse.self)?.token != nil
    }

    private func reply<T: Decodable>(to router: some Router, as type: T.Type) async -> T? {
        guard let request = try? router.asURLRequest(), let (data, _) = try? await session.data(for: request) else {
            return nil
        }
        return try? JSONDecoder().decode(T.self, from: data)
    }
}

/// Stage 6 with fewer plugins than its adapter registers, so that the bench can say what each
/// one costs: without any, and with the logger alone (the adapter adds authentication too).
struct Stage6PluginChoice: Stage6Managers {
    let loginManager: LoginManager
    let photoManager: PhotoManager

    init(plugins: [any Plugin], session: URLSession) {
        let client = APIClient(session: session, plugins: plugins)
        loginManager = LoginManager(client: client, tokens: TokenStore())
        photoManager = PhotoManager(client: client)
    }
}
