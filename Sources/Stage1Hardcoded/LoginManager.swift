// Stage 1, hardcoded: the login call as it is first written. The URL, the headers and the body
// are typed inside the one function that uses them, and the answer is a token or an `Error`.
import Foundation
import Models

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Logs in to Popcorn. One shared instance; everything the call needs is written inside it.
public final class LoginManager: Sendable {
    public static let shared = LoginManager()
    private init() {}

    /// Calls back once: with a token, or with an error whose description is the server's message.
    public func login(username: String, password: String, completion: @escaping @Sendable (Token?, Error?) -> Void) {
        let url = URL(string: "https://popcorn.example/login")!
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        // An encoder, not string interpolation: a quote in a password must not break the JSON.
        request.httpBody = try? JSONEncoder().encode(["username": username, "password": password])

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
