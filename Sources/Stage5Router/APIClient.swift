// Stage 5, a router: the generic request asks the router for its `URLRequest` and passes on
// the router's reason when there is none. Sending, checking and decoding are as in stage 4.
import Foundation
import Models

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests. The only place in this stage that starts a `URLSession` task.
public final class APIClient: Sendable {
    public static let shared = APIClient()
    private init() {}

    /// Sends `router`'s request and calls back once with its body decoded as `T`, or with the `APIError` that says why not.
    public func request<T: Decodable & Sendable>(
        _ router: some Router, as type: T.Type = T.self,
        completion: @escaping @Sendable (Result<T, APIError>) -> Void
    ) {
        let request: URLRequest
        do {
            request = try router.asURLRequest()
        } catch {
            completion(.failure(error))
            return
        }

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
