// Stage 2 behind the adapter: the same lines as stage 1. The enums changed how requests are
// built, not how they are called.
import Models
import Stage2EnumAPI

/// Stage 2's calls and screens behind the harness's one interface, in the stage's own calling convention.
public struct Stage2Adapter: StageAdapter {
    public let stage = StageInfo(
        number: 2, module: "Stage2EnumAPI",
        idea: "Endpoint enums say each request once: base URL, path, method, headers, query, body.",
        capabilities: [])

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

extension Stage2Adapter {
    @MainActor public func makePhotoScreen() -> any PhotoScreenModel {
        PhotoScreen()
    }

    @MainActor public func makeLoginScreen() -> any LoginScreenModel {
        LoginScreen()
    }
}

extension PhotoScreen: PhotoScreenModel {}
extension LoginScreen: LoginScreenModel {}
