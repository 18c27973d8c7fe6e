// Stage 5, a router: the generic request asks the router for its `URLRequest` and passes on
// the router's reason when there is none. Sending, checking, decoding and the plugins are as in
// stage 4.
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

    /// Sends `router`'s request and calls back once with its body decoded as `T`, or with the `APIError` that says why not.
    public func request<T: Decodable & Sendable>(
        _ router: some Router, as type: T.Type = T.self,
        completion: @escaping @Sendable (Result<T, APIError>) -> Void
    ) {
        send(router, mayRetry: true) { result in
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

    /// Asks the router for the request, lets each plugin prepare it, sends it, and shows each plugin the reply;
    /// calls back with a success's body. A plugin may ask for one more try after a failure.
    private func send(
        _ router: some Router, mayRetry: Bool, completion: @escaping @Sendable (Result<Data, APIError>) -> Void
    ) {
        var request: URLRequest
        do {
            request = try router.asURLRequest()
        } catch {
            completion(.failure(error))
            return
        }
        for plugin in plugins {
            request = plugin.prepare(request, for: router)
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
                Self.askToRetry(reply, for: router, plugins: plugins[...]) { retry in
                    if retry {
                        self.send(router, mayRetry: false, completion: completion)
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
        _ reply: Reply, for router: some Router, plugins: ArraySlice<any Plugin>,
        completion: @escaping @Sendable (Bool) -> Void
    ) {
        guard let plugin = plugins.first else {
            completion(false)
            return
        }
        plugin.shouldRetry(reply, for: router) { retry in
            if retry {
                completion(true)
            } else {
                askToRetry(reply, for: router, plugins: plugins.dropFirst(), completion: completion)
            }
        }
    }
}
