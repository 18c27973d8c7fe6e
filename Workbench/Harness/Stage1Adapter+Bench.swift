// Stage 1 in `workbook bench`: its calls as a screen makes them, without the suite's watchdog.
import Stage1Hardcoded

extension Stage1Adapter: BenchedStage {
    public func benchPhoto(id: String) async -> Bool {
        await BenchBridge.bridged { done in
            PhotoManager.shared.photo(id: id) { photo, _ in done(photo != nil) }
        }
    }

    public func benchLogin(username: String, password: String) async -> Bool {
        await BenchBridge.bridged { done in
            LoginManager.shared.login(username: username, password: password) { token, _ in done(token != nil) }
        }
    }
}
