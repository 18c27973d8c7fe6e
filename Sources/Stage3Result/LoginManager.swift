// Stage 3, Result and a typed error: the login call answers `Result<Token, APIError>`, so a
// screen gets exactly one of two things, and a failure says which kind it is.
import Foundation
import Models

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Logs in to Popcorn. One shared instance; the request's parts come from `PopcornAPI`.
public final class LoginManager: Sendable {
    public static let shared = LoginManager()
    private init() {}

    /// Calls back once: with a token, or with the `APIError` that says why not.
    public func login(
        username: String, password: String, completion: @escaping @Sendable (Result<Token, APIError>) -> Void
    ) {
        // A server that echoes the password back must not put it on the screen.
        let completion: @Sendable (Result<Token, APIError>) -> Void = { result in
            completion(result.mapError { $0.hiding(password) })
        }
        let api = PopcornAPI.login(username: username, password: password)
        guard let url = api.url else {
            completion(.failure(.invalidRequest(reason: "no URL for \(api.path)")))
            return
        }
        var request = URLRequest(url: url)
        request.httpMethod = api.method
        for (name, value) in api.headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        request.httpBody = api.body

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
                let reply = try JSONDecoder().decode(LoginResponse.self, from: data)
                if let token = reply.token {
                    completion(.success(token))
                } else {
                    // A 2xx whose envelope says no: its `resultCode` is the status that counts.
                    completion(.failure(APIError(status: reply.resultCode, message: reply.message)))
                }
            } catch {
                completion(.failure(APIError(decoding: error)))
            }
        }.resume()
    }
}
