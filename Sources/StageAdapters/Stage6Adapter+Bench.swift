// Stage 6 in `workbook bench`: its calls awaited as a screen awaits them, on the adapter's session.

extension Stage6Adapter: BenchCalling {
    public func benchPhoto(id: String) async -> Bool {
        (try? await photoManager.photo(id: id)) != nil
    }

    public func benchLogin(username: String, password: String) async -> Bool {
        (try? await loginManager.login(username: username, password: password)) != nil
    }
}
