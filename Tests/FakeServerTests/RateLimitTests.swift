// Unsplash's rate limit, in each shape Unsplash has been seen to answer with.
import FakeServers
import FakeTurns
import Foundation
import Locking
import Models
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension FakeServerTests {
    @Test("every Unsplash reply says the demo app's limit and what is left of it")
    func rateLimitHeadersByDefault() async throws {
        let reply = try await send("GET", "https://api.unsplash.com/photos/random", headers: ["Authorization": key])
        #expect(header("X-Ratelimit-Limit", of: reply) == "50")
        #expect(header("x-ratelimit-remaining", of: reply) == "49")
    }

    @Test("each rate-limit shape answers as Unsplash has been seen to", arguments: RateLimitShape.allCases)
    func rateLimitShapes(shape: RateLimitShape) async throws {
        fake.override(.searchPhotos, with: .rateLimited(shape))
        let reply = try await send(
            "GET", "https://api.unsplash.com/search/photos?query=dogs", headers: ["Authorization": key])
        let text = String(decoding: reply.body, as: UTF8.self)
        switch shape {
        case .tooManyRequests, .forbiddenPlainText:
            #expect(reply.status == (shape == .tooManyRequests ? 429 : 403))
            #expect(header("Content-Type", of: reply) == "text/plain")
            #expect(text == "Rate Limit Exceeded")
            #expect(header("X-Ratelimit-Remaining", of: reply) == nil && header("X-Ratelimit-Limit", of: reply) == nil)
        case .forbiddenRemainingZero:
            #expect(reply.status == 403)
            #expect(header("Content-Type", of: reply) == "application/json")
            #expect(try errors(reply.body) == ["Rate Limit Exceeded"])
            #expect(header("X-Ratelimit-Remaining", of: reply) == "0" && header("X-Ratelimit-Limit", of: reply) == "50")
            #expect(headerCount("X-Ratelimit-Remaining", of: reply) == 1)
        }
        let next = try await send(
            "GET", "https://api.unsplash.com/search/photos?query=dogs", headers: ["Authorization": key])
        #expect(next.status == 200, "for the next reply only")
    }

    @Test("an override's header replaces the usual one whatever the case it is written in")
    func overrideHeaderIgnoresCase() async throws {
        fake.override(.photo, with: Override(headers: ["x-ratelimit-remaining": "0"]))
        let reply = try await send(
            "GET", "https://api.unsplash.com/photos/Dwu85P9SOIk", headers: ["Authorization": key])
        #expect(reply.status == 200)
        #expect(headerCount("X-Ratelimit-Remaining", of: reply) == 1)
        #expect(header("X-Ratelimit-Remaining", of: reply) == "0")
    }

    @Test(
        "a quota counts the keyed requests, answers the 403 when none are left, and refills after an hour on the clock")
    func quotaCountsAndRefills() async throws {
        func random(key: String? = nil) async throws -> Reply {
            try await send("GET", "https://api.unsplash.com/photos/random", headers: ["Authorization": key ?? self.key])
        }
        fake.limitUnsplashRequests(to: 2)
        let first = try await random()
        #expect(first.status == 200)
        #expect(header("X-Ratelimit-Limit", of: first) == "2" && header("X-Ratelimit-Remaining", of: first) == "1")
        // Neither a request without the key nor one whose answer an override replaced is counted.
        let stranger = try await random(key: "Client-ID wrong")
        #expect(stranger.status == 401 && header("X-Ratelimit-Remaining", of: stranger) == nil)
        fake.override(.randomPhoto, with: .status(503))
        #expect(try await random().status == 503)
        let last = try await random()
        #expect(last.status == 200 && header("X-Ratelimit-Remaining", of: last) == "0")
        let refused = try await random()
        #expect(refused.status == 403)
        #expect(try errors(refused.body) == ["Rate Limit Exceeded"])
        #expect(header("X-Ratelimit-Remaining", of: refused) == "0" && header("X-Ratelimit-Limit", of: refused) == "2")
        fake.advanceClock(by: 3599)
        #expect(try await random().status == 403, "the hour is not over")
        fake.advanceClock(by: 1)
        let refilled = try await random()
        #expect(refilled.status == 200 && header("X-Ratelimit-Remaining", of: refilled) == "1")
        fake.reset()
        #expect(header("X-Ratelimit-Remaining", of: try await random()) == "49", "reset() sets no limit")
    }
}
