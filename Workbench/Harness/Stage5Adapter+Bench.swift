// Stage 5 in `workbook bench`: its calls as a screen makes them, without the suite's watchdog.
import Stage5Router

extension Stage5Adapter: BenchedStage {
    public func benchPhoto(id: String) async -> Bool {
        await BenchBridge.bridged { done in
            PhotoManager.shared.photo(id: id) { done((try? $0.get()) != nil) }
        }
    }

    public func benchLogin(username: String, password: String) async -> Bool {
        await BenchBridge.bridged { done in
            LoginManager.shared.login(username: username, password: password) { done((try? $0.get()) != nil) }
        }
    }
}
