// Stage 1 behind the adapter: the singletons, their `(Value?, Error?)` callbacks bridged to `Outcome`.
import Models
import Stage1Hardcoded

/// Stage 1's calls and screens behind the harness's one interface, in the stage's own calling convention.
public struct Stage1Adapter: StageAdapter {
    public let stage = StageInfo(
        number: 1, module: "Stage1Hardcoded",
        idea: "A singleton per server; every function types its own URL, key and headers.",
        capabilities: [])

    public init() {}

    public func login(username: String, password: String) async -> Outcome<Token> {
        await completion(of: "login(username:password:)") { finish in
            LoginManager.shared.login(username: username, password: password) { token, error in
                finish(Outcome(token, error))
            }
        }
    }

    public func searchPhotos(query: String) async -> Outcome<SearchPage> {
        await completion(of: "searchPhotos(query:)") { finish in
            PhotoManager.shared.searchPhotos(query: query) { page, error in
                finish(Outcome(page, error))
            }
        }
    }

    public func randomPhoto() async -> Outcome<Photo> {
        await completion(of: "randomPhoto()") { finish in
            PhotoManager.shared.randomPhoto { photo, error in
                finish(Outcome(photo, error))
            }
        }
    }

    public func photo(id: String) async -> Outcome<Photo> {
        await completion(of: "photo(id:)") { finish in
            PhotoManager.shared.photo(id: id) { photo, error in
                finish(Outcome(photo, error))
            }
        }
    }

    public func profile(token: Token) async -> Outcome<Profile> {
        await completion(of: "profile(token:)") { finish in
            LoginManager.shared.profile(token: token) { profile, error in
                finish(Outcome(profile, error))
            }
        }
    }

    public func logout(token: Token) async -> Outcome<Void> {
        await completion(of: "logout(token:)") { finish in
            LoginManager.shared.logout(token: token) { error in
                finish(Outcome(error))
            }
        }
    }
}

extension Stage1Adapter {
    @MainActor public func makePhotoScreen() -> any PhotoScreenModel {
        PhotoScreen()
    }

    @MainActor public func makeLoginScreen() -> any LoginScreenModel {
        LoginScreen()
    }
}

extension PhotoScreen: PhotoScreenModel {}
extension LoginScreen: LoginScreenModel {}
