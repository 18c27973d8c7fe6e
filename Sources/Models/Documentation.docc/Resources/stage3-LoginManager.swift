// Stage 3, Result and a typed error: Popcorn's calls answer `Result<Value, APIError>`, so a
// screen gets exactly one of two things, and a failure says which kind it is. Each function
// still repeats the same steps, as in `PhotoManager`, for stage 4 to remove.
import Foundation
import Models

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Logs in to Popcorn, and makes the calls that need the sign-in. One shared instance; the
/// requests' parts come from `PopcornAPI`.
public final class LoginManager: Sendable {
    public static let shared = LoginManager()
    private init() {}

    /// Calls back once: with a token, or with the `APIError` that says why not. An unfinished
    /// sign-up fails as `.signUpNotCompleted`, which carries the tokens all the same.
    public func login(
        username: String, password: String, completion: @escaping @Sendable (Result<Token, APIError>) -> Void
    ) {
        // A server that echoes the password back, whole or cut, must not put it on the screen.
        let completion: @Sendable (Result<Token, APIError>) -> Void = { result in
            completion(result.mapError { $0.hiding([password]) })
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

    /// Calls back once: with the signed-in user's profile, or with the `APIError` that says why not.
    public func profile(token: Token, completion: @escaping @Sendable (Result<Profile, APIError>) -> Void) {
        // Nor the tokens this call was handed, if the server repeats them.
        let completion: @Sendable (Result<Profile, APIError>) -> Void = { result in
            completion(result.mapError { $0.hiding(token.secrets) })
        }
        let api = PopcornAPI.profile(token: token)
        guard let url = api.url else {
            completion(.failure(.invalidRequest(reason: "no URL for \(api.path)")))
            return
        }
        var request = URLRequest(url: url)
        request.httpMethod = api.method
        for (name, value) in api.headers {
            request.setValue(value, forHTTPHeaderField: name)
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
                let reply = try JSONDecoder().decode(PopcornEnvelope<Profile>.self, from: data)
                if let profile = reply.payload {
                    completion(.success(profile))
                } else {
                    completion(.failure(APIError(status: reply.resultCode, message: reply.message)))
                }
            } catch {
                completion(.failure(APIError(decoding: error)))
            }
        }.resume()
    }

    /// Calls back once: with success when the sign-in is over, or with the `APIError` that says why not.
    public func logout(token: Token, completion: @escaping @Sendable (Result<Void, APIError>) -> Void) {
        let completion: @Sendable (Result<Void, APIError>) -> Void = { result in
            completion(result.mapError { $0.hiding(token.secrets) })
        }
        let api = PopcornAPI.logout(token: token)
        guard let url = api.url else {
            completion(.failure(.invalidRequest(reason: "no URL for \(api.path)")))
            return
        }
        var request = URLRequest(url: url)
        request.httpMethod = api.method
        for (name, value) in api.headers {
            request.setValue(value, forHTTPHeaderField: name)
        }

        URLSession.shared.dataTask(with: request) { data, response, error in
            if let error {
                completion(.failure(APIError(error)))
                return
            }
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            guard (200..<300).contains(status) else {
                completion(.failure(APIError(response: response, body: data ?? Data())))
                return
            }
            // A 204 is the whole answer: no body, nothing to decode.
            completion(.success(()))
        }.resume()
    }
}
