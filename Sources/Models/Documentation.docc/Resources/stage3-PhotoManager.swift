// Stage 3, Result and a typed error: each call answers `Result<Value, APIError>`. The three
// functions still repeat the same steps, now longer, since each checks the status and sorts
// the failure: that repetition is left on purpose, for stage 4's generic request to remove.
import Foundation
import Models

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Unsplash's photo calls. One shared instance, one function per call.
public final class PhotoManager: Sendable {
    public static let shared = PhotoManager()
    private init() {}

    /// Calls back once with a page of photos matching `query`, or with the `APIError` that says why not.
    public func searchPhotos(query: String, completion: @escaping @Sendable (Result<SearchPage, APIError>) -> Void) {
        let api = UnsplashAPI.searchPhotos(query: query)
        guard let url = api.url else {
            completion(.failure(.invalidRequest(reason: "no URL for \(api.path)")))
            return
        }
        var request = URLRequest(url: url)
        request.httpMethod = api.method
        for (name, value) in api.headers {
            request.setValue(value, forHTTPHeaderField: name)
        }

        URLSession.shared.dataTask(with: request) { [request] data, response, error in
            if let error {
                completion(.failure(APIError(error)))
                return
            }
            let data = data ?? Data()
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            guard (200..<300).contains(status) else {
                // The key, if the server repeats it, stays off the screen.
                completion(.failure(APIError(response: response, body: data).hiding(request.secrets)))
                return
            }
            guard !data.isEmpty else {
                completion(.failure(.emptyBody))
                return
            }
            do {
                let page = try JSONDecoder().decode(SearchPage.self, from: data)
                completion(.success(page))
            } catch {
                completion(.failure(APIError(decoding: error)))
            }
        }.resume()
    }

    /// Calls back once with a random photo, or with the `APIError` that says why not.
    public func randomPhoto(completion: @escaping @Sendable (Result<Photo, APIError>) -> Void) {
        let api = UnsplashAPI.randomPhoto
        guard let url = api.url else {
            completion(.failure(.invalidRequest(reason: "no URL for \(api.path)")))
            return
        }
        var request = URLRequest(url: url)
        request.httpMethod = api.method
        for (name, value) in api.headers {
            request.setValue(value, forHTTPHeaderField: name)
        }

        URLSession.shared.dataTask(with: request) { [request] data, response, error in
            if let error {
                completion(.failure(APIError(error)))
                return
            }
            let data = data ?? Data()
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            guard (200..<300).contains(status) else {
                // The key, if the server repeats it, stays off the screen.
                completion(.failure(APIError(response: response, body: data).hiding(request.secrets)))
                return
            }
            guard !data.isEmpty else {
                completion(.failure(.emptyBody))
                return
            }
            do {
                let photo = try JSONDecoder().decode(Photo.self, from: data)
                completion(.success(photo))
            } catch {
                completion(.failure(APIError(decoding: error)))
            }
        }.resume()
    }

    /// Calls back once with the photo that has this id, or with the `APIError` that says why not.
    public func photo(id: String, completion: @escaping @Sendable (Result<Photo, APIError>) -> Void) {
        let api = UnsplashAPI.photo(id: id)
        guard let url = api.url else {
            completion(.failure(.invalidRequest(reason: "no URL for \(api.path)")))
            return
        }
        var request = URLRequest(url: url)
        request.httpMethod = api.method
        for (name, value) in api.headers {
            request.setValue(value, forHTTPHeaderField: name)
        }

        URLSession.shared.dataTask(with: request) { [request] data, response, error in
            if let error {
                completion(.failure(APIError(error)))
                return
            }
            let data = data ?? Data()
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            guard (200..<300).contains(status) else {
                // The key, if the server repeats it, stays off the screen.
                completion(.failure(APIError(response: response, body: data).hiding(request.secrets)))
                return
            }
            guard !data.isEmpty else {
                completion(.failure(.emptyBody))
                return
            }
            do {
                let photo = try JSONDecoder().decode(Photo.self, from: data)
                completion(.success(photo))
            } catch {
                completion(.failure(APIError(decoding: error)))
            }
        }.resume()
    }
}
