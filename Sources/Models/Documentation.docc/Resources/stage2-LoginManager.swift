// Stage 2, endpoint enums: Popcorn's calls read their URL, method, headers and body from
// `PopcornAPI` instead of typing them. The answer is still a value or an `Error`.
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

    /// Calls back once: with a token, or with an error whose description is the server's message.
    public func login(username: String, password: String, completion: @escaping @Sendable (Token?, Error?) -> Void) {
        let api = PopcornAPI.login(username: username, password: password)
        guard let url = api.url else {
            completion(nil, URLError(.badURL))
            return
        }
        var request = URLRequest(url: url)
        request.httpMethod = api.method
        for (name, value) in api.headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        request.httpBody = api.body

        URLSession.shared.dataTask(with: request) { data, _, error in
            if let error {
                completion(nil, error)
                return
            }
            do {
                // The status code goes unread: the envelope's `status` is all this stage checks.
                let reply = try JSONDecoder().decode(LoginResponse.self, from: data ?? Data())
                if let token = reply.token {
                    completion(token, nil)
                } else {
                    // A server that echoes the password back, whole or cut, must not put it on the screen.
                    let message = (reply.message ?? "Login failed with status \(reply.status)").masking([password])
                    let userInfo = [NSLocalizedDescriptionKey: message]
                    completion(nil, NSError(domain: "Popcorn", code: reply.resultCode, userInfo: userInfo))
                }
            } catch {
                completion(nil, error)
            }
        }.resume()
    }

    /// Calls back once: with the signed-in user's profile, or with an error.
    public func profile(token: Token, completion: @escaping @Sendable (Profile?, Error?) -> Void) {
        let api = PopcornAPI.profile(token: token)
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
                let reply = try JSONDecoder().decode(PopcornEnvelope<Profile>.self, from: data ?? Data())
                if let profile = reply.payload {
                    completion(profile, nil)
                } else {
                    // Nor the tokens the call was handed, if the server repeats them.
                    let message = (reply.message ?? "Failed with status \(reply.status)").masking(token.secrets)
                    let userInfo = [NSLocalizedDescriptionKey: message]
                    completion(nil, NSError(domain: "Popcorn", code: reply.resultCode, userInfo: userInfo))
                }
            } catch {
                completion(nil, error)
            }
        }.resume()
    }

    /// Calls back once: with `nil` when the sign-in is over, or with an error.
    public func logout(token: Token, completion: @escaping @Sendable (Error?) -> Void) {
        let api = PopcornAPI.logout(token: token)
        guard let url = api.url else {
            completion(URLError(.badURL))
            return
        }
        var request = URLRequest(url: url)
        request.httpMethod = api.method
        for (name, value) in api.headers {
            request.setValue(value, forHTTPHeaderField: name)
        }

        URLSession.shared.dataTask(with: request) { data, response, error in
            if let error {
                completion(error)
                return
            }
            // A 204 has no envelope to read, so this one call reads the status code.
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            if (200..<300).contains(status) {
                completion(nil)
                return
            }
            let reply = try? JSONDecoder().decode(LoginResponse.self, from: data ?? Data())
            let message = (reply?.message ?? "Logout failed with status \(status)").masking(token.secrets)
            let userInfo = [NSLocalizedDescriptionKey: message]
            completion(NSError(domain: "Popcorn", code: status, userInfo: userInfo))
        }.resume()
    }
}
