// Stage 2, endpoint enums: the login call reads its URL, method, headers and body from
// `PopcornAPI` instead of typing them. The answer is still a token or an `Error`.
import Foundation
import Models

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Logs in to Popcorn. One shared instance; the request's parts come from `PopcornAPI`.
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
                    // A server that echoes the password back must not put it on the screen.
                    let message = (reply.message ?? "Login failed with status \(reply.status)")
                        .replacingOccurrences(of: password, with: "•••")
                    let userInfo = [NSLocalizedDescriptionKey: message]
                    completion(nil, NSError(domain: "Popcorn", code: reply.resultCode, userInfo: userInfo))
                }
            } catch {
                completion(nil, error)
            }
        }.resume()
    }
}
