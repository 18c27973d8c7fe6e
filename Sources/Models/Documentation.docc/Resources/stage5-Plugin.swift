// Plugins, from stage 4 on: now that every request passes through one function, what every
// request needs (a token, a log line) is written once, beside the request, not inside each call.
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Something every request passes through, in the spirit of Moya's `PluginType` and Alamofire's
/// `RequestInterceptor`. Each hook has a default that does nothing, so a plugin writes only what
/// it needs, and an empty list costs nothing.
public protocol Plugin: Sendable {
    /// Changes a request before it is sent, such as adding a header.
    func prepare(_ request: URLRequest, for router: any Router) -> URLRequest
    /// Sees every reply, failures included, before the caller does.
    func didReceive(_ reply: Reply)
    /// Whether a request that failed should be sent once more; calls back once with the answer.
    func shouldRetry(_ reply: Reply, for router: any Router, completion: @escaping @Sendable (Bool) -> Void)
}

extension Plugin {
    public func prepare(_ request: URLRequest, for router: any Router) -> URLRequest { request }
    public func didReceive(_ reply: Reply) {}
    public func shouldRetry(
        _ reply: Reply, for router: any Router, completion: @escaping @Sendable (Bool) -> Void
    ) {
        completion(false)
    }
}

/// What came back for one request, as the plugins see it.
public struct Reply: Sendable {
    /// The request as it was sent, after every plugin prepared it.
    public let request: URLRequest
    /// The response; `nil` when the network failed first.
    public let response: HTTPURLResponse?
    /// The body; empty when there was none.
    public let body: Data
    /// The network's failure, when there was no response.
    public let error: APIError?
    /// From sending the request to the reply.
    public let duration: Duration
}
