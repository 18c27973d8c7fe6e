// The calls, from stage 4 on: each Unsplash call is one line, naming its endpoint and the type
// its reply decodes to.
import Models

/// Unsplash's photo calls. One shared instance, one function per call.
public final class PhotoManager: Sendable {
    public static let shared = PhotoManager()
    private init() {}

    /// Calls back once with a page of photos matching `query`, or with the `APIError` that says why not.
    public func searchPhotos(query: String, completion: @escaping @Sendable (Result<SearchPage, APIError>) -> Void) {
        APIClient.shared.request(UnsplashAPI.searchPhotos(query: query), completion: completion)
    }

    /// Calls back once with a random photo, or with the `APIError` that says why not.
    public func randomPhoto(completion: @escaping @Sendable (Result<Photo, APIError>) -> Void) {
        APIClient.shared.request(UnsplashAPI.randomPhoto, completion: completion)
    }

    /// Calls back once with the photo that has this id, or with the `APIError` that says why not.
    public func photo(id: String, completion: @escaping @Sendable (Result<Photo, APIError>) -> Void) {
        APIClient.shared.request(UnsplashAPI.photo(id: id), completion: completion)
    }
}
