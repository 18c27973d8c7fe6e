// How Unsplash says an access key has used up its requests: three shapes the real server has been
// seen to send, and the quota the fake can count for a test.
import Foundation

/// One of the replies Unsplash has sent when a key ran out of requests.
public enum RateLimitShape: String, CaseIterable, Sendable {
    /// `429 Too Many Requests`, `Rate Limit Exceeded` as plain text, no `X-Ratelimit-*` headers.
    case tooManyRequests
    /// `403 Forbidden`, `Rate Limit Exceeded` as plain text, no `X-Ratelimit-*` headers: the
    /// status alone reads as a refused key.
    case forbiddenPlainText
    /// `403 Forbidden`, `{"errors":["Rate Limit Exceeded"]}`, with `X-Ratelimit-Remaining: 0`
    /// (and the usual `X-Ratelimit-Limit`). The fake's own quota answers this way.
    case forbiddenRemainingZero

    static let message = "Rate Limit Exceeded"
    static let limitHeader = "X-Ratelimit-Limit"
    static let remainingHeader = "X-Ratelimit-Remaining"

    /// The change to the route's usual reply.
    var override: Override {
        switch self {
        case .tooManyRequests, .forbiddenPlainText:
            Override(
                status: self == .tooManyRequests ? 429 : 403, headers: ["Content-Type": "text/plain"],
                body: Data(Self.message.utf8), droppedHeaders: [Self.limitHeader, Self.remainingHeader])
        case .forbiddenRemainingZero:
            Override(
                status: 403, headers: ["Content-Type": "application/json", Self.remainingHeader: "0"],
                body: Data(#"{"errors":["\#(Self.message)"]}"#.utf8))
        }
    }
}

extension Override {
    /// Answer as Unsplash does when the key has run out of requests, in one of the shapes it has
    /// been seen to use.
    public static func rateLimited(_ shape: RateLimitShape) -> Override {
        shape.override
    }
}

/// Requests counted against the access key, when a test set a limit: `limit` an hour on the
/// fake's clock, the hour starting when the limit was set.
struct UnsplashQuota: Sendable {
    let limit: Int
    var used = 0
    var windowStart: TimeInterval

    /// Counts one keyed request at `clock` (unless `counting` is false: the server did not answer
    /// it) and says what the reply's headers say, or that none was left.
    mutating func take(at clock: TimeInterval, counting: Bool) -> UnsplashServer.RateLimit {
        if clock - windowStart >= 3600 {
            windowStart += ((clock - windowStart) / 3600).rounded(.down) * 3600
            used = 0
        }
        guard used < limit else {
            return UnsplashServer.RateLimit(limit: limit, remaining: 0, exceeded: true)
        }
        if counting { used += 1 }
        return UnsplashServer.RateLimit(limit: limit, remaining: limit - used, exceeded: false)
    }
}
