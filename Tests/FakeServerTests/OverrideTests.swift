// The fake's own machinery: a test's overrides and holds, its log, its two protocol classes.
import FakeTurns
import Foundation
import Locking
import Models
import Testing

@testable import FakeServers

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension FakeServerTests {
    @Test("an override replaces status, headers and body for the next reply only")
    func overrideIsOneShot() async throws {
        fake.override(
            .randomPhoto, with: Override(status: 503, headers: ["Retry-After": "30"], body: Data("busy".utf8)))
        let overridden = try await send(
            "GET", "https://api.unsplash.com/photos/random", headers: ["Authorization": key])
        #expect(overridden.status == 503)
        #expect(String(decoding: overridden.body, as: UTF8.self) == "busy")
        #expect(header("Retry-After", of: overridden) == "30")
        let normal = try await send(
            "GET", "https://api.unsplash.com/photos/random", headers: ["Authorization": key])
        #expect(normal.status == 200)
    }

    @Test("a transport error override fails the request with that URLError code")
    func overrideTransportError() async throws {
        fake.override(.photo, with: .failure(.notConnectedToInternet))
        let error = await #expect(throws: URLError.self) {
            try await send("GET", "https://api.unsplash.com/photos/Dwu85P9SOIk", headers: ["Authorization": key])
        }
        #expect(error?.code == .notConnectedToInternet)
    }

    @Test("a reply slower than the request's timeout, or no reply at all, times out")
    func overrideTimesOut() async throws {
        // The fake's clock runs 100 times fast: the 1-second timeout ends after 10 ms of real
        // time, long before the 200-second reply (2 real seconds) would come.
        fake.timeScale = 0.01
        for override in [Override.delay(200), .noAnswer] {
            fake.override(.photo, with: override)
            let started = Date()
            let error = await #expect(throws: URLError.self) {
                try await send(
                    "GET", "https://api.unsplash.com/photos/Dwu85P9SOIk", headers: ["Authorization": key],
                    timeout: 1)
            }
            #expect(error?.code == .timedOut)
            #expect(Date().timeIntervalSince(started) < 1.5)
        }
    }

    @Test("an unknown host fails as not found, so nothing reaches the real network")
    func unknownHost() async throws {
        let error = await #expect(throws: URLError.self) {
            try await send("GET", "https://example.com/")
        }
        #expect(error?.code == .cannotFindHost)
        #expect(fake.log.first?.route == nil)
    }

    @Test("the log keeps method, URL, headers and body as sent")
    func logKeepsRequests() async throws {
        _ = try await send(
            "POST", "https://popcorn.example/login", headers: ["Content-Type": "application/json"],
            body: #"{"a":"b"}"#)
        let entry = try #require(fake.log.first)
        #expect(entry.method == "POST")
        #expect(entry.url.absoluteString == "https://popcorn.example/login")
        #expect(entry.header("content-type") == "application/json")
        #expect(entry.jsonStrings == ["a": "b"])
        #expect(entry.route == .login)
    }
}

extension FakeServerTests {
    @Test("a user's photos come as an array, and an unknown user is a 404")
    func userPhotos() async throws {
        let reply = try await send(
            "GET", "https://api.unsplash.com/users/exampleuser/photos", headers: ["Authorization": key])
        #expect(reply.status == 200)
        let photos = try JSONDecoder().decode([Photo].self, from: reply.body)
        #expect(photos.map(\.id) == ["Dwu85P9SOIk", "Rk3OQZ1Y5Jw", "cT2k5v9-wQo"])
        #expect(photos.allSatisfy { $0.user.username == "exampleuser" })
        let unknown = try await send(
            "GET", "https://api.unsplash.com/users/nobody/photos", headers: ["Authorization": key])
        #expect(unknown.status == 404)
        #expect(try errors(unknown.body) == ["Couldn't find User"])
    }
}

extension FakeServerTests {
    @Test("a page number too large to multiply is a 400, not a crash")
    func hugePage() async throws {
        let search = try await send(
            "GET", "https://api.unsplash.com/search/photos?query=cat&page=9223372036854775807",
            headers: ["Authorization": key])
        #expect(search.status == 400)
        let user = try await send(
            "GET", "https://api.unsplash.com/users/exampleuser/photos?page=9223372036854775807",
            headers: ["Authorization": key])
        #expect(user.status == 400)
    }
}

extension FakeServerTests {
    /// A keyed GET that may wait a long time for its reply, as a held one does.
    func get(_ path: String) async throws -> (status: Int, body: Data) {
        let reply = try await send(
            "GET", "https://api.unsplash.com" + path, headers: ["Authorization": key], timeout: 60)
        return (reply.status, reply.body)
    }

    @Test("a hold keeps replies back until the test releases them, in the order it chooses, and counts what it holds")
    func holdReleasesInChosenOrder() async throws {
        let ids = ["Dwu85P9SOIk", "LBI7cgq3pbM", "yC-Yzbqy7PY"]
        let hold = fake.hold(.photo, times: ids.count)
        let answered = Locked<[String]>([])
        let calls = ids.map { id in
            Task {
                let reply = try await get("/photos/\(id)")
                answered.withLock { $0.append(id) }
                return reply
            }
        }
        try #require(await hold.waitUntilHeld(ids.count))
        #expect(hold.count == 3 && hold.caught == 3)
        #expect(Set(hold.requests.map(\.url.lastPathComponent)) == Set(ids))
        #expect(fake.peakConcurrentRequests == 3, "held requests are in flight together")
        #expect(answered.withLock { $0 }.isEmpty, "nothing is answered while held")
        // The last first, then the first, then the middle one: each answered once released.
        for index in [2, 0, 1] {
            #expect(hold.release { $0.url.lastPathComponent == ids[index] } == 1)
            let reply = try await calls[index].value
            #expect(reply.status == 200)
            #expect(try JSONDecoder().decode(Photo.self, from: reply.body).id == ids[index])
        }
        #expect(answered.withLock { $0 } == [ids[2], ids[0], ids[1]])
        #expect(hold.count == 0 && hold.release() == 0)
        // Past its `times`, the route answers at once again.
        let unheld = try await get("/photos/\(ids[0])")
        #expect(unheld.status == 200 && hold.caught == 3)
    }

    @Test("a held request whose client cancels is no longer held, counts as stopped, and gets nothing on release")
    func holdThenCancel() async throws {
        let hold = fake.hold(.photo)
        let call = Task {
            try await get("/photos/Dwu85P9SOIk")
        }
        try #require(await hold.waitUntilHeld(1))
        call.cancel()
        await #expect(throws: (any Error).self) { try await call.value }
        #expect(fake.stoppedRequests == 1)
        #expect(hold.count == 0 && hold.caught == 1)
        #expect(hold.release() == 0)
    }

    @Test("on Linux, the fake finds the queue FoundationNetworking calls URL protocols on, to call its client there")
    func findsTheClientQueue() throws {
        #if canImport(FoundationNetworking)
        // Without it, a reply answered from another thread races the session's task registry and
        // crashes now and then; FakeURLProtocol.clientQueue(of:) says why.
        let task = session.dataTask(with: try #require(URL(string: "https://api.unsplash.com/photos/random")))
        #expect(
            FakeURLProtocol.clientQueue(of: task) != nil,
            "URLSessionTask has no stored DispatchQueue named workQueue in this toolchain: look for the queue FoundationNetworking calls startLoading on, and update FakeURLProtocol.clientQueue(of:)"
        )
        #endif
    }

    @Test("a hold keeps an override's reply back too, says when a wait never comes true, and open() lets all go")
    func holdWithOverrideAndOpen() async throws {
        let hold = Hold()
        fake.override(.randomPhoto, with: Override(status: 503, hold: hold), times: 2)
        let first = Task {
            try await get("/photos/random")
        }
        try #require(await hold.waitUntilHeld(1))
        #expect(await hold.waitUntilHeld(2, timeout: .milliseconds(20)) == false, "only one request was sent")
        hold.open()
        #expect(try await first.value.status == 503)
        let second = try await get("/photos/random")
        #expect(second.status == 503, "an open hold lets the reply through, override and all")
        #expect(hold.caught == 2 && hold.count == 0)
    }
}

extension FakeServerTests {
    @Test("the separate fake hears only the sessions made from its configuration; the shared one never hears them")
    func separateFakeIsSeparate() async throws {
        // An id no other test asks for, so that the shared fake's log, which the suites on
        // `URLSession.shared` are filling meanwhile, can be searched for it.
        let id = "separate-\(UUID().uuidString)"
        let reply = try await get("/photos/\(id)")
        #expect(reply.status == 404)
        #expect(fake.log.map(\.url.lastPathComponent) == [id])
        #expect(!FakeServers.shared.log.contains { $0.url.lastPathComponent == id })
    }
}
