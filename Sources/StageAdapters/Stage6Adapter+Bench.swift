// Stage 6 in `workbook bench`: its calls awaited as a screen awaits them, on the adapter's session.
import Foundation
import Stage6Async

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Stage6Adapter: BenchCalling {
    public func benchPhoto(id: String) async -> Bool {
        (try? await photoManager.photo(id: id)) != nil
    }

    public func benchLogin(username: String, password: String) async -> Bool {
        (try? await loginManager.login(username: username, password: password)) != nil
    }
}

/// Stage 6 with fewer plugins than its call site registers, so that the bench can say what each
/// one costs: without any, and with the logger alone (the call site adds authentication too).
public struct Stage6PluginChoice: Sendable {
    /// The variants timed, by the name the bench prints.
    public static let variants = ["6, no plugins", "6, logger only"]

    let loginManager: LoginManager
    let photoManager: PhotoManager

    /// `name` is one of `variants`.
    public init?(_ name: String, session: URLSession) {
        let plugins: [any Plugin]
        switch name {
        case "6, no plugins": plugins = []
        case "6, logger only": plugins = [LoggerPlugin()]
        default: return nil
        }
        let client = APIClient(session: session, plugins: plugins)
        loginManager = LoginManager(client: client, tokens: TokenStore())
        photoManager = PhotoManager(client: client)
    }

    public func benchPhoto(id: String) async -> Bool {
        (try? await photoManager.photo(id: id)) != nil
    }

    public func benchLogin(username: String, password: String) async -> Bool {
        (try? await loginManager.login(username: username, password: password)) != nil
    }
}
