// Stage 4, one generic request: the steps stage 3 wrote four times (build, send, check the
// status, decode, sort the failure) now exist once, for any endpoint and any `Decodable`.
import Foundation
import Models

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests. The only place in this stage that starts a `URLSession` task.
public final class APIClient: Sendable {
    public static let shared = APIClient()
    private init() {}

    /// Sends `endpoint` and calls back once with its body decoded as `T`, or with the `APIError` that says why not.
    public func request<T: Decodable & Sendable>(
        _ endpoint: some Endpoint, as type: T.Type = T.self,
        completion: @escaping @Sendable (Result<T, APIError>) -> Void
    ) {
        guard let url = endpoint.url else {
            completion(.failure(.invalidRequest(reason: "no URL for \(endpoint.path)")))
            return
        }
        var request = URLRequest(url: url)
        request.httpMethod = endpoint.method
        for (name, value) in endpoint.headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        request.httpBody = endpoint.body

        URLSession.shared.dataTask(with: request) { data, response, error in
            if let error {
                completion(.failure(APIError(error)))
                return
            }
            let data = data ?? Data()
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            guard (200..<300).contains(status) else {
                completion(.failure(APIError(response: response, body: data)))
                return
            }
            guard !data.isEmpty else {
                completion(.failure(.emptyBody))
                return
            }
            do {
                let value = try JSONDecoder().decode(T.self, from: data)
                completion(.success(value))
            } catch {
                completion(.failure(APIError(decoding: error)))
            }
        }.resume()
    }
}
