// Stage 2, endpoint enums: each call reads its request from `UnsplashAPI`, so the key, the base
// URL and the header are written once. The three functions still repeat the same steps to send
// and decode: that repetition is left on purpose, for stage 4's generic request to remove.
import Foundation
import Models

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Unsplash's photo calls. One shared instance, one function per call.
public final class PhotoManager: Sendable {
    public static let shared = PhotoManager()
    private init() {}

    /// Calls back once with a page of photos matching `query`, or with an error.
    public func searchPhotos(query: String, completion: @escaping @Sendable (SearchPage?, Error?) -> Void) {
        let api = UnsplashAPI.searchPhotos(query: query)
        guard let url = api.url else {
            completion(nil, URLError(.badURL))
            return
        }
        var request = URLRequest(url: url)
        request.httpMethod = api.method
        for (name, value) in api.headers {
            request.setValue(value, forHTTPHeaderField: name)
        }

        URLSession.shared.dataTask(with: request) { data, _, error in
            if let error {
                completion(nil, error)
                return
            }
            do {
                let page = try JSONDecoder().decode(SearchPage.self, from: data ?? Data())
                completion(page, nil)
            } catch {
                completion(nil, error)
            }
        }.resume()
    }

    /// Calls back once with a random photo, or with an error.
    public func randomPhoto(completion: @escaping @Sendable (Photo?, Error?) -> Void) {
        let api = UnsplashAPI.randomPhoto
        guard let url = api.url else {
            completion(nil, URLError(.badURL))
            return
        }
        var request = URLRequest(url: url)
        request.httpMethod = api.method
        for (name, value) in api.headers {
            request.setValue(value, forHTTPHeaderField: name)
        }

        URLSession.shared.dataTask(with: request) { data, _, error in
            if let error {
                completion(nil, error)
                return
            }
            do {
                let photo = try JSONDecoder().decode(Photo.self, from: data ?? Data())
                completion(photo, nil)
            } catch {
                completion(nil, error)
            }
        }.resume()
    }

    /// Calls back once with the photo that has this id, or with an error.
    public func photo(id: String, completion: @escaping @Sendable (Photo?, Error?) -> Void) {
        let api = UnsplashAPI.photo(id: id)
        guard let url = api.url else {
            completion(nil, URLError(.badURL))
            return
        }
        var request = URLRequest(url: url)
        request.httpMethod = api.method
        for (name, value) in api.headers {
            request.setValue(value, forHTTPHeaderField: name)
        }

        URLSession.shared.dataTask(with: request) { data, _, error in
            if let error {
                completion(nil, error)
                return
            }
            do {
                let photo = try JSONDecoder().decode(Photo.self, from: data ?? Data())
                completion(photo, nil)
            } catch {
                completion(nil, error)
            }
        }.resume()
    }
}
