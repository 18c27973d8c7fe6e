// Stage 1, hardcoded: three Unsplash calls, each a complete copy of the same steps, with the
// access key, the base URL and the header written out again every time. The copies are the
// lesson: stage 2 gathers what they share into one enum.
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
        let key = "workbook-demo-access-key"
        var components = URLComponents(string: "https://api.unsplash.com/search/photos")!
        // Query items, not `"?query=\(query)"`: a `&` or `#` in the query must stay in the query.
        components.queryItems = [URLQueryItem(name: "query", value: query)]
        guard let url = components.url else {
            completion(nil, URLError(.badURL))
            return
        }
        var request = URLRequest(url: url)
        request.setValue("Client-ID \(key)", forHTTPHeaderField: "Authorization")

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
        let key = "workbook-demo-access-key"
        let url = URL(string: "https://api.unsplash.com/photos/random")!
        var request = URLRequest(url: url)
        request.setValue("Client-ID \(key)", forHTTPHeaderField: "Authorization")

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
        let key = "workbook-demo-access-key"
        // The id goes into the path as typed: a `/`, `?` or `#` in it changes the address.
        guard let url = URL(string: "https://api.unsplash.com/photos/\(id)") else {
            completion(nil, URLError(.badURL))
            return
        }
        var request = URLRequest(url: url)
        request.setValue("Client-ID \(key)", forHTTPHeaderField: "Authorization")

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
