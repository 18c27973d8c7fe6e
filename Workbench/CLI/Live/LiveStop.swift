// Why a live run stops at once instead of spending more of the learner's quota: a rate limit, a
// refused key, or no answer at all. One sentence each, never a stack of failures.
#if os(macOS) || os(Linux)
import Fixtures
import Foundation
import Harness
import Models

struct LiveStop: Error, Equatable, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = Redaction.masked(description)
    }

    /// The stop that an exchange calls for; `nil` when the run can go on. A rate limit stops with
    /// the sentence the ladder's top stage, `top`, gives the same reply.
    static func after(_ exchange: ForwardedExchange, top: any StageAdapter, swap: KeySwap) async -> LiveStop? {
        if let failure = exchange.failure {
            return LiveStop(
                "Unsplash could not be reached (URLError \(failure.code.rawValue)), so the run stopped; "
                    + "check the connection and run it again.")
        }
        guard let reply = exchange.reply else { return nil }
        let message = serverMessage(in: reply.body)
        if isRateLimit(reply, message: message) {
            let sentence = await sentence(of: top, for: reply, through: swap)
            return LiveStop(sentence ?? "Unsplash says the key is over its hourly limit (\(reply.status)).")
        }
        if reply.status == 401 {
            return LiveStop(
                "Unsplash refused the key in \(AccessKey.variable) (401: \(message ?? "no message")); copy the "
                    + "Access Key of your app at https://unsplash.com/oauth/applications, \(AccessKey.howToSet), "
                    + "and run it again.")
        }
        return nil
    }

    /// What `stage` hands its caller for `reply`: the reply played back to the stage's search by the
    /// key swapper, never sent, so that a stop says what the stage says, through the harness.
    static func sentence(of stage: any StageAdapter, for reply: UpstreamReply, through swap: KeySwap) async -> String? {
        let replaying = KeySwap(key: swap.key, upstream: swap.upstream, replay: reply)
        KeySwappingProtocol.active.withLock { $0 = replaying }
        defer { KeySwappingProtocol.active.withLock { $0 = swap } }
        return await stage.searchPhotos(query: LiveCall.query).failure?.message
    }

    /// Unsplash's ways of saying the hourly quota is used up: a 429, or a 403 whose body says
    /// `Rate Limit Exceeded` or whose `X-Ratelimit-Remaining` is 0.
    static func isRateLimit(_ reply: UpstreamReply, message: String?) -> Bool {
        if reply.status == 429 { return true }
        guard reply.status == 403 else { return false }
        let text = message ?? String(decoding: reply.body, as: UTF8.self)
        return text.localizedCaseInsensitiveContains("Rate Limit Exceeded")
            || reply.header("X-Ratelimit-Remaining")?.trimmingCharacters(in: .whitespaces) == "0"
    }

    /// What Unsplash said, read as the typed stages read it: the first of its `errors`, or a short
    /// plain-text body.
    static func serverMessage(in body: Data) -> String? {
        if let errors = try? JSONDecoder().decode(UnsplashErrorBody.self, from: body), let first = errors.errors.first {
            return first
        }
        guard let text = String(data: body, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
            !text.isEmpty, text.count <= 200, !text.hasPrefix("<"), !text.hasPrefix("{"), !text.hasPrefix("[")
        else {
            return nil
        }
        return text
    }
}
#endif
