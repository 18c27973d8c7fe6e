// The exercises' case list: what `userPhotos(username:)` must do, checked against the fake
// Unsplash through a stage's adapter, whatever the stage.
import FakeServers
import Foundation
import Harness
import Models
import StageTesting
import Testing

/// The user the fake knows, and the photos it holds for them, in the server's order.
let exampleUser = "exampleuser"
let exampleUserPhotoIDs = ["Dwu85P9SOIk", "Rk3OQZ1Y5Jw", "cT2k5v9-wQo"]

/// One behaviour the new call must have, on the stages it applies to.
struct ExerciseCase: Sendable, CustomTestStringConvertible {
    let name: String
    /// The first stage the case holds: from it on, every stage.
    let from: Int
    let body: @Sendable (StageUnderTest, any UserPhotosCalling) async throws -> Void

    init(
        _ name: String, from: Int = 1,
        _ body: @escaping @Sendable (StageUnderTest, any UserPhotosCalling) async throws -> Void
    ) {
        self.name = name
        self.from = from
        self.body = body
    }

    var testDescription: String { name }

    /// Runs the case on a fresh fake, then checks that every completion handler was called exactly once.
    /// A stage whose call site does not offer `userPhotos(username:)` yet fails with where to start.
    func run(on adapter: any StageAdapter) async throws {
        let number = adapter.stage.number
        guard let calling = adapter as? any UserPhotosCalling else {
            let page = ExercisePage(name: "\(number)")
            Issue.record(
                "\(NotBegun.userPhotos(stage: number).adapter("\(type(of: adapter))", lacks: "UserPhotosCalling", on: page))"
            )
            return
        }
        let language = ExercisePage(name: "\(number)").language
        let stage = StageUnderTest(adapter: adapter, fake: freshFake(), language: language)
        try await stage.watchingCompletions { try await body(stage, calling) }
    }
}

/// A comment for `#expect` in the learner's language. It names no page, so any exercise's edition serves.
private func note(_ english: String, korean: String) -> Comment {
    ExercisePage(name: "1").note(english, korean: korean)
}

enum ExerciseCases {
    /// The cases for one stage's exercise.
    static func `for`(stage: Int) -> [ExerciseCase] {
        all.filter { stage >= $0.from }
    }

    static var all: [ExerciseCase] {
        [
            ExerciseCase("userPhotos returns exampleuser's three photos, in the server's order") { stage, calling in
                let photos = try stage.value(await calling.userPhotos(username: exampleUser))
                #expect(photos.map(\.id) == exampleUserPhotoIDs)
                #expect(photos.allSatisfy { $0.user.username == exampleUser })
            },
            ExerciseCase(
                "userPhotos sends GET /users/{username}/photos with the key in the Authorization header and no body"
            ) { stage, calling in
                _ = await calling.userPhotos(username: exampleUser)
                let request = try stage.onlyRequest()
                #expect(request.method == "GET")
                #expect(request.url.host == FakeServers.unsplashHost)
                #expect(request.serverView?.pathSegments == ["users", exampleUser, "photos"])
                #expect(request.header("Authorization") == "Client-ID \(FakeServers.demoAccessKey)")
                #expect(
                    !request.url.absoluteString.contains(FakeServers.demoAccessKey),
                    note("the key goes in the header, not the URL", korean: "키는 URL이 아니라 헤더에 넣어야 합니다"))
                #expect(request.body?.isEmpty ?? true, note("a GET carries no body", korean: "GET 요청에는 바디가 없어야 합니다"))
                // `["": ""]` as the parameters sends a stray `?=`: an empty name the server must puzzle over.
                #expect(
                    request.serverView?.query.allSatisfy { !$0.name.isEmpty } ?? false,
                    note("no parameter without a name", korean: "이름 없는 파라미터가 있으면 안 됩니다"))
            },
            ExerciseCase("an unknown user fails, with notFound where the stage can tell") { stage, calling in
                let failure = try stage.failure(await calling.userPhotos(username: "nobody"))
                #expect(!failure.message.isEmpty)
                #expect(failure.kind == stage.expectedKind(.notFound))
                if stage.expectedKind(.notFound) != nil {
                    #expect(
                        failure.message.contains("Couldn't find User"),
                        note(
                            "a typed stage passes on the server's message",
                            korean: "커스텀 에러 타입을 쓰는 단계는 서버가 보낸 메시지를 그대로 전달합니다"))
                }
            },
            ExerciseCase("every userPhotos call completes exactly once, whether it succeeds or fails") {
                stage, calling in
                #expect(await calling.userPhotos(username: exampleUser).value != nil)
                #expect(await calling.userPhotos(username: "nobody").failure != nil)
                stage.fake.override(.userPhotos, with: .failure(.timedOut))
                #expect(await calling.userPhotos(username: exampleUser).failure != nil)
                stage.fake.override(
                    .userPhotos, with: .reply(status: 500, body: #"{"errors":["Internal server error"]}"#))
                #expect(await calling.userPhotos(username: exampleUser).failure != nil)
                stage.fake.override(.userPhotos, with: .reply(status: 200, body: ""))
                #expect(await calling.userPhotos(username: exampleUser).failure != nil)
                // A status no error enum names must still complete the call.
                stage.fake.override(.userPhotos, with: .reply(status: 418, body: "teapot", contentType: "text/plain"))
                #expect(await calling.userPhotos(username: exampleUser).failure != nil)
                #expect(stage.fake.log.count == 6)
                // `ExerciseCase.run` then checks that no handler was called twice or never.
            },
            ExerciseCase("a username with a / stays one path segment", from: 5) { stage, calling in
                let failure = try stage.failure(await calling.userPhotos(username: "example/user"))
                let request = try stage.onlyRequest()
                #expect(request.url.absoluteString == "https://api.unsplash.com/users/example%2Fuser/photos")
                #expect(request.serverView?.pathSegments == ["users", "example/user", "photos"])
                // The fake's user route answered, not its unknown-path 404.
                #expect(failure.kind == .notFound)
                #expect(failure.message.contains("Couldn't find User"))
            },
            ExerciseCase("an empty username, '.' or '..' is refused before anything is sent", from: 5) {
                stage, calling in
                for username in ["", ".", ".."] {
                    let failure = try stage.failure(await calling.userPhotos(username: username))
                    #expect(
                        failure.kind == .invalidRequest,
                        note("username \"\(username)\"", korean: "사용자 이름 \"\(username)\""))
                }
                #expect(
                    stage.fake.log.isEmpty,
                    note("nothing reached the server", korean: "서버에 요청이 하나도 닿지 않아야 합니다"))
            },
            ExerciseCase("cancelling the caller cancels the userPhotos request at once", from: 6) {
                stage, calling in
                stage.fake.override(.userPhotos, with: .noAnswer)
                let call = Task { await calling.userPhotos(username: exampleUser) }
                try await stage.waitUntil { stage.fake.log.count == 1 }
                call.cancel()
                let outcome = await call.value
                #expect(outcome.failure?.kind == .cancelled)
                try await stage.waitUntil { stage.fake.stoppedRequests == 1 }
            },
        ]
    }
}
