// Stage 4, one generic request: the steps stage 3 wrote once per call (build, send, check the
// status, decode, sort the failure) now exist once, for any endpoint and any `Decodable`. Being
// the one place every request passes, it is also where plugins see them all.
import Foundation
import Models

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a call whose reply has no body decodes to, such as logout's 204.
public struct NoContent: Decodable, Sendable {}

/// Sends requests. The only place in this stage that starts a `URLSession` task.
public final class APIClient: Sendable {
    public static let shared = APIClient(plugins: [AuthPlugin(tokens: .shared), LoggerPlugin.shared])
    /// Every request passes through these, in order.
    let plugins: [any Plugin]

    init(plugins: [any Plugin]) {
        self.plugins = plugins
    }

    /// Sends `endpoint` and calls back once with its body decoded as `T`, or with the `APIError` that says why not.
    public func request<T: Decodable & Sendable>(
        _ endpoint: some Endpoint, as type: T.Type = T.self,
        completion: @escaping @Sendable (Result<T, APIError>) -> Void
    ) {
        send(endpoint, mayRetry: true) { result in
            switch result {
            case .failure(let error):
                completion(.failure(error))
            case .success(let data) where data.isEmpty:
                // No body is a success only for a call that expects none.
                if let nothing = NoContent() as? T {
                    completion(.success(nothing))
                } else {
                    completion(.failure(.emptyBody))
                }
            case .success(let data):
                do {
                    let value = try JSONDecoder().decode(T.self, from: data)
                    completion(.success(value))
                } catch {
                    completion(.failure(APIError(decoding: error)))
                }
            }
        }
    }

    /// Builds the request, lets each plugin prepare it, sends it, and shows each plugin the reply;
    /// calls back with a success's body. A plugin may ask for one more try after a failure.
    private func send(
        _ endpoint: some Endpoint, mayRetry: Bool, completion: @escaping @Sendable (Result<Data, APIError>) -> Void
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
        for plugin in plugins {
            request = plugin.prepare(request, for: endpoint)
        }
        let started = ContinuousClock.now

        URLSession.shared.dataTask(with: request) { [plugins, request] data, response, error in
            let data = data ?? Data()
            let reply = Reply(
                request: request, response: response as? HTTPURLResponse, body: data, error: error.map { APIError($0) },
                duration: .now - started)
            for plugin in plugins {
                plugin.didReceive(reply)
            }
            if let error {
                completion(.failure(APIError(error)))
                return
            }
            let status = reply.response?.statusCode ?? 0
            guard (200..<300).contains(status) else {
                // A server may repeat what the request carried: the key, a token, a password.
                let failure = APIError(response: response, body: data).hiding(request.secrets)
                guard mayRetry else {
                    completion(.failure(failure))
                    return
                }
                Self.askToRetry(reply, for: endpoint, plugins: plugins[...]) { retry in
                    if retry {
                        self.send(endpoint, mayRetry: false, completion: completion)
                    } else {
                        completion(.failure(failure))
                    }
                }
                return
            }
            completion(.success(data))
        }.resume()
    }

    /// Asks the plugins in order; the first that wants another try decides.
    private static func askToRetry(
        _ reply: Reply, for endpoint: some Endpoint, plugins: ArraySlice<any Plugin>,
        completion: @escaping @Sendable (Bool) -> Void
    ) {
        guard let plugin = plugins.first else {
            completion(false)
            return
        }
        plugin.shouldRetry(reply, for: endpoint) { retry in
            if retry {
                completion(true)
            } else {
                askToRetry(reply, for: endpoint, plugins: plugins.dropFirst(), completion: completion)
            }
        }
    }
}
