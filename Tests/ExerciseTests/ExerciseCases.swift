// The exercises' case list: what `userPhotos(username:)` must do, checked against the fake
// Unsplash through a stage's call site, whatever the stage.
import CallSites
import FakeServers
import Foundation
import Models
import Testing

/// The user the fake knows, and the photos it holds for them, in the server's order.
let exampleUser = "exampleuser"
let exampleUserPhotoIDs = ["Dwu85P9SOIk", "Rk3OQZ1Y5Jw", "cT2k5v9-wQo"]

/// One behaviour the new call must have, on the stages it applies to.
struct ExerciseCase: Sendable, CustomTestStringConvertible {
    let name: String
    let stages: ClosedRange<Int>
    let body: @Sendable (ExerciseStage) async throws -> Void

    init(_ name: String, stages: ClosedRange<Int> = 1...6, _ body: @escaping @Sendable (ExerciseStage) async throws -> Void) {
        self.name = name
        self.stages = stages
        self.body = body
    }

    var testDescription: String { name }

    /// Runs the case on a fresh fake, then checks that every completion handler was called exactly once.
    /// A stage whose call site does not offer `userPhotos(username:)` yet fails with where to start.
    func run(on callSite: any CallSite) async throws {
        let number = callSite.stage.number
        guard let calling = callSite as? any UserPhotosCalling else {
            Issue.record("""
                Stage \(number) has no userPhotos(username:) yet: \(type(of: callSite)) does not conform to \
                UserPhotosCalling. Start with step 1 of docs/exercises/stage\(number).md \
                (hints: docs/exercises/hints/stage\(number).md).
                """)
            return
        }
        let stage = ExerciseStage(calling: calling, fake: freshFake())
        let monitor = CompletionMonitor(patience: 5)
        try await CompletionMonitor.$current.withValue(monitor) {
            try await body(stage)
        }
        #expect(monitor.problems.isEmpty, "stage \(number): \(monitor.problems)")
    }
}

/// What a case gets: the stage's call site, as the new interface, and the fake it talks to.
struct ExerciseStage: Sendable {
    let calling: any UserPhotosCalling
    let fake: FakeServers

    var number: Int { calling.stage.number }

    /// The failure kind the stage must report: its own classification if it has one, else none.
    func expectedKind(_ kind: FailureKind) -> FailureKind? {
        calling.stage.capabilities.contains(.typedFailures) ? kind : nil
    }

    /// The one request the case expects the stage to have sent.
    func onlyRequest(sourceLocation: SourceLocation = #_sourceLocation) throws -> RecordedRequest {
        let log = fake.log
        #expect(log.count == 1, "stage \(number) sent \(log.count) requests", sourceLocation: sourceLocation)
        return try #require(log.first, "stage \(number) sent no request", sourceLocation: sourceLocation)
    }

    /// The value a call should have returned; when it failed, the failure's message is the issue.
    func value<Value>(_ outcome: Outcome<Value>, sourceLocation: SourceLocation = #_sourceLocation) throws -> Value {
        if case .failure(let failure) = outcome {
            Issue.record("stage \(number) failed where it should succeed: \(failure.message)", sourceLocation: sourceLocation)
        }
        return try #require(outcome.value, sourceLocation: sourceLocation)
    }

    /// The failure a call should have ended in.
    func failure<Value>(_ outcome: Outcome<Value>, sourceLocation: SourceLocation = #_sourceLocation) throws -> Failure {
        if case .value(let value) = outcome {
            Issue.record("stage \(number) succeeded where it should fail, with \(value)", sourceLocation: sourceLocation)
        }
        return try #require(outcome.failure, sourceLocation: sourceLocation)
    }
}

enum ExerciseCases {
    /// The cases for one stage's exercise.
    static func `for`(stage: Int) -> [ExerciseCase] {
        all.filter { $0.stages.contains(stage) }
    }

    static let all: [ExerciseCase] = [
        ExerciseCase("userPhotos returns exampleuser's three photos, in the server's order") { stage in
            let photos = try stage.value(await stage.calling.userPhotos(username: exampleUser))
            #expect(photos.map(\.id) == exampleUserPhotoIDs)
            #expect(photos.allSatisfy { $0.user.username == exampleUser })
        },
        ExerciseCase("userPhotos sends GET /users/{username}/photos with the key in the Authorization header and no body") { stage in
            _ = await stage.calling.userPhotos(username: exampleUser)
            let request = try stage.onlyRequest()
            #expect(request.method == "GET")
            #expect(request.url.host == FakeServers.unsplashHost)
            #expect(request.serverView?.pathSegments == ["users", exampleUser, "photos"])
            #expect(request.header("Authorization") == "Client-ID \(FakeServers.demoAccessKey)")
            #expect(!request.url.absoluteString.contains(FakeServers.demoAccessKey), "the key goes in the header, not the URL")
            #expect(request.body?.isEmpty ?? true, "a GET carries no body")
            // `["": ""]` as the parameters sends a stray `?=`: an empty name the server must puzzle over.
            #expect(request.serverView?.query.allSatisfy { !$0.name.isEmpty } ?? false, "no parameter without a name")
        },
        ExerciseCase("an unknown user fails, with notFound where the stage can tell") { stage in
            let failure = try stage.failure(await stage.calling.userPhotos(username: "nobody"))
            #expect(!failure.message.isEmpty)
            #expect(failure.kind == stage.expectedKind(.notFound))
            if stage.expectedKind(.notFound) != nil {
                #expect(failure.message.contains("Couldn't find User"), "a typed stage passes on the server's message")
            }
        },
        ExerciseCase("every userPhotos call completes exactly once, whether it succeeds or fails") { stage in
            let calling = stage.calling
            #expect(await calling.userPhotos(username: exampleUser).value != nil)
            #expect(await calling.userPhotos(username: "nobody").failure != nil)
            stage.fake.override(.userPhotos, with: .failure(.timedOut))
            #expect(await calling.userPhotos(username: exampleUser).failure != nil)
            stage.fake.override(.userPhotos, with: .reply(status: 500, body: #"{"errors":["Internal server error"]}"#))
            #expect(await calling.userPhotos(username: exampleUser).failure != nil)
            stage.fake.override(.userPhotos, with: .reply(status: 200, body: ""))
            #expect(await calling.userPhotos(username: exampleUser).failure != nil)
            // A status no error enum names must still complete the call.
            stage.fake.override(.userPhotos, with: .reply(status: 418, body: "teapot", contentType: "text/plain"))
            #expect(await calling.userPhotos(username: exampleUser).failure != nil)
            #expect(stage.fake.log.count == 6)
            // `ExerciseCase.run` then checks that no handler was called twice or never.
        },
        ExerciseCase("a username with a / stays one path segment", stages: 5...6) { stage in
            let failure = try stage.failure(await stage.calling.userPhotos(username: "example/user"))
            let request = try stage.onlyRequest()
            #expect(request.url.absoluteString == "https://api.unsplash.com/users/example%2Fuser/photos")
            #expect(request.serverView?.pathSegments == ["users", "example/user", "photos"])
            // The fake's user route answered, not its unknown-path 404.
            #expect(failure.kind == .notFound)
            #expect(failure.message.contains("Couldn't find User"))
        },
        ExerciseCase("an empty username, '.' or '..' is refused before anything is sent", stages: 5...6) { stage in
            for username in ["", ".", ".."] {
                let failure = try stage.failure(await stage.calling.userPhotos(username: username))
                #expect(failure.kind == .invalidRequest, "username \"\(username)\"")
            }
            #expect(stage.fake.log.isEmpty, "nothing reached the server")
        },
        ExerciseCase("cancelling the caller cancels the userPhotos request at once", stages: 6...6) { stage in
            stage.fake.override(.userPhotos, with: .noAnswer)
            let calling = stage.calling
            let call = Task { await calling.userPhotos(username: exampleUser) }
            try await waitUntil { stage.fake.log.count == 1 }
            call.cancel()
            let outcome = await call.value
            #expect(outcome.failure?.kind == .cancelled)
            try await waitUntil { stage.fake.stoppedRequests == 1 }
        },
    ]
}

/// A fake with an empty log and no overrides, registered for `URLSession.shared`.
func freshFake() -> FakeServers {
    FakeServers.install()
    FakeServers.shared.reset()
    return FakeServers.shared
}

/// Waits, briefly and boundedly, for something the fake will soon report.
func waitUntil(_ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    for _ in 0..<200 where !condition() {
        try await Task.sleep(nanoseconds: 5_000_000)
    }
    #expect(condition(), "still not true after a second", sourceLocation: sourceLocation)
}
