// The calls, from stage 4 on: each Unsplash call is one line, naming its endpoint and the type
// its reply decodes to. In stage 6 they are awaited, and several can run at once.
import Models

/// Unsplash's photo calls, through the client it is given.
public struct PhotoManager: Sendable {
    private let client: APIClient

    public init(client: APIClient) {
        self.client = client
    }

    /// A page of photos matching `query`.
    public func searchPhotos(query: String) async throws(APIError) -> SearchPage {
        try await client.send(UnsplashAPI.searchPhotos(query: query))
    }

    /// A random photo.
    public func randomPhoto() async throws(APIError) -> Photo {
        try await client.send(UnsplashAPI.randomPhoto)
    }

    /// The photo that has this id.
    public func photo(id: String) async throws(APIError) -> Photo {
        try await client.send(UnsplashAPI.photo(id: id))
    }

    /// The photos with these ids, fetched all at once and returned in the order asked.
    /// The first failure is thrown, and the requests still running are cancelled.
    public func photos(ids: [String]) async throws(APIError) -> [Photo] {
        let gathered = await withTaskGroup(of: (Int, Result<Photo, APIError>).self) { group in
            for (index, id) in ids.enumerated() {
                group.addTask {
                    do throws(APIError) {
                        // Awaited before the tuple is built: Swift 6.3's optimizer can corrupt a
                        // tuple that is half-written across a suspension (swiftlang/swift#91911).
                        let photo = try await photo(id: id)
                        return (index, .success(photo))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var photos = [Photo?](repeating: nil, count: ids.count)
            for await (index, result) in group {
                switch result {
                case .success(let photo):
                    photos[index] = photo
                case .failure(let error):
                    group.cancelAll()
                    return Result<[Photo], APIError>.failure(error)
                }
            }
            return .success(photos.compactMap { $0 })
        }
        return try gathered.get()
    }
}
