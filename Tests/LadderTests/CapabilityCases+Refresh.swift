// The proofs of the refresh a stage shares among its callers, and of a reply that comes back
// expired: shared cases like the rest of CapabilityCases.swift, apart only to keep each file short.
import FakeServers
import Fixtures
import Foundation
import Harness
import Metrics
import StageTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension SharedCases {
    static var singleFlightRefresh: SharedCase {
        SharedCase(Capability.singleFlightRefresh.proof) { stage in
            guard stage.declares(.refreshesToken) else {
                #expect(!stage.declares(.singleFlightRefresh), "a stage that never refreshes cannot share a refresh")
                return
            }
            let fake = stage.fake
            let singleFlight = stage.declares(.singleFlightRefresh)
            let callers = singleFlight ? 20 : 2
            let token = try stage.value(await stage.adapter.login(username: demoUsername, password: demoPassword))
            fake.expireAccessTokens()
            // Every caller's 401 is held until all are in, and the refresh until the case lets it go,
            // so every caller meets the expired token while a refresh is under way.
            let profileHold = fake.hold(.profile, times: callers)
            let refreshHold = fake.hold(.refreshToken, times: callers)
            let calls = (0..<callers).map { _ in Task { await stage.adapter.profile(token: token) } }
            try #require(await profileHold.waitUntilHeld(callers), "all the callers reached the server")
            profileHold.release()
            let refreshes = singleFlight ? 1 : callers
            let step = stage.step(to: singleFlight ? .singleFlightRefresh : .refreshesToken)
            try #require(
                await waitUntilHeld(refreshHold, refreshes, orAllEnded: calls),
                "\(refreshes) refreshes should reach the server. \(step)")
            if singleFlight { await Self.settle(refreshHold) }
            refreshHold.open()
            var succeeded = 0
            for call in calls where await call.value.value != nil {
                succeeded += 1
            }
            let refreshed = fake.log.filter { $0.route == .refreshToken }.count
            #expect(refreshed == refreshes, "\(callers) callers, \(refreshed) refreshes. \(step)")
            // Not shared, the second refresh sends a refresh token the first used up, and fails.
            #expect(succeeded == (singleFlight ? callers : 1), "\(succeeded) of \(callers) calls succeeded. \(step)")
        }
    }

    /// Gives the callers of a stage that does not share its refresh the time to send their own
    /// while the first is held: each does so within moments of its 401, so a second refresh held
    /// within this bound is the sign. A stage that shares sends none and costs the case the bound.
    static func settle(_ refreshHold: Hold) async {
        _ = await refreshHold.waitUntilHeld(2, timeout: .milliseconds(300))
    }

    static var refusedSharedRefresh: SharedCase {
        SharedCase(
            "singleFlightRefresh: a refused refresh fails every waiting call as unauthorized, after one refresh"
        ) { stage in
            guard stage.declares(.singleFlightRefresh) else { return }
            let fake = stage.fake
            let token = try stage.value(await stage.adapter.login(username: demoUsername, password: demoPassword))
            fake.advanceClock(by: FakeServers.refreshTokenLifetime + 1)
            let profileHold = fake.hold(.profile, times: 20)
            let refreshHold = fake.hold(.refreshToken, times: 20)
            let calls = (0..<20).map { _ in Task { await stage.adapter.profile(token: token) } }
            try #require(await profileHold.waitUntilHeld(20), "all the callers reached the server")
            profileHold.release()
            let step = stage.step(to: .singleFlightRefresh)
            // Held, the refused refresh cannot end the sign-in before every caller has met its 401:
            // unheld, a stage that does not share could refresh once only because the refusal came first.
            try #require(await waitUntilHeld(refreshHold, 1, orAllEnded: calls), "a refresh should reach the server")
            await Self.settle(refreshHold)
            refreshHold.open()
            for call in calls {
                #expect(await call.value.failure?.kind == .unauthorized, "\(step)")
            }
            let refreshed = fake.log.filter { $0.route == .refreshToken }.count
            #expect(refreshed == 1, "20 callers, \(refreshed) refreshes. \(step)")
            #expect(fake.log.filter { $0.route == .profile }.count == 20, "no call was sent a second time")
        }
    }

    static var lateExpiredReply: SharedCase {
        SharedCase(
            "refreshesToken: a 401 that comes back after another call's refresh is sent again with the new token, not refreshed again"
        ) { stage in
            guard stage.declares(.refreshesToken) else { return }
            let fake = stage.fake
            let token = try stage.value(await stage.adapter.login(username: demoUsername, password: demoPassword))
            fake.expireAccessTokens()
            // Both calls leave with the expired token. The first one's 401 goes back alone: it
            // refreshes and sends again, and that second try is held too, so the store has the new
            // token before the other call hears its own 401, late.
            let profileHold = fake.hold(.profile, times: 3)
            defer { profileHold.open() }
            let calls = (0..<2).map { _ in Task { await stage.adapter.profile(token: token) } }
            try #require(await profileHold.waitUntilHeld(2), "both calls reached the server")
            var unreleased = 1
            let released = profileHold.release { _ in
                defer { unreleased -= 1 }
                return unreleased > 0
            }
            #expect(released == 1, "one 401 goes back first")
            let step = stage.step(to: .refreshesToken)
            // Both calls stay out while the first refreshes and its second try is held: one that
            // ends has given up, and waiting out the hold's patience would only slow a red run.
            try #require(
                await waitUntilHeld(profileHold, 2, orAnyEnded: calls),
                "the first call should refresh and send again. \(step)")
            profileHold.open()
            for call in calls {
                #expect(await call.value.value?.username == demoUsername, "\(step)")
            }
            let refreshed = fake.log.filter { $0.route == .refreshToken }.count
            #expect(
                refreshed == 1,
                """
                \(refreshed) refreshes for one expiry: the late 401 was sent with the old token, which the \
                store no longer holds, so another call has refreshed already; send it again. \(step)
                """)
            #expect(fake.log.filter { $0.route == .profile }.count == 4, "each call sent twice")
        }
    }
}
