// The shared screen cases: every stage's `PhotoScreen` and `LoginScreen`, driven the way a person
// drives them, watched the way a SwiftUI view watches them. `swift test --filter Screen` runs them.
import FakeServers
import Foundation
import Harness
import Models
import Observation
import StageTesting
import Testing

/// One behaviour every stage's screens must have.
struct ScreenCase: Sendable, CustomTestStringConvertible {
    let name: String
    let body: @MainActor @Sendable (StageUnderTest) async throws -> Void

    init(_ name: String, _ body: @escaping @MainActor @Sendable (StageUnderTest) async throws -> Void) {
        self.name = name
        self.body = body
    }

    var testDescription: String { name }

    /// Runs the case on a fresh fake, the one `adapter` reaches, boundedly.
    @MainActor func run(on adapter: any StageAdapter, fake: FakeServers = .shared) async throws {
        let stage = StageUnderTest(adapter: adapter, fake: freshFake(fake))
        try await Bounded.run(stage: stage.number, case: name, fake: stage.fake) { try await body(stage) }
    }
}

/// Marks the main queue, where the main actor runs. (On Linux the main queue is not always served
/// by the main thread, so `Thread.isMainThread` cannot tell.)
private let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()

/// Every state one part of a screen shows, in order, as an observer is told of them, and whether
/// each change was made on the main queue, where a view can draw it.
@MainActor
final class ShownStates<State: Equatable & Sendable> {
    private(set) var states: [State]
    private(set) var changesOffTheMainQueue = 0
    private let read: @MainActor () -> State

    init(_ read: @escaping @MainActor () -> State) {
        self.read = read
        states = [read()]
        observe()
    }

    var last: State { states[states.count - 1] }

    private func observe() {
        withObservationTracking {
            _ = read()
        } onChange: { [weak self] in
            // Called as the change is made, where it is made; the new state is read after.
            let onMainQueue = DispatchQueue.getSpecific(key: mainQueueKey) == true
            Task { @MainActor in self?.changed(onMainQueue: onMainQueue) }
        }
    }

    private func changed(onMainQueue: Bool) {
        if !onMainQueue { changesOffTheMainQueue += 1 }
        states.append(read())
        observe()
        // A waiter goes on as soon as what it waits for is shown, not at its next look.
        for (id, waiter) in waiters where waiter.settled(last) { end(id) }
    }

    /// Who waits for what, each with its five seconds' timer.
    private struct Waiter {
        let settled: (State) -> Bool
        let continuation: CheckedContinuation<Void, Never>
        let timer: Task<Void, Never>
    }

    private var waiters: [Int: Waiter] = [:]
    private var nextWaiter = 0

    private func end(_ id: Int) {
        guard let waiter = waiters.removeValue(forKey: id) else { return }
        waiter.timer.cancel()
        waiter.continuation.resume()
    }

    /// Waits, boundedly (five seconds), until the state shown satisfies `settled`.
    func wait(
        until settled: @escaping (State) -> Bool, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        if !settled(last) {
            let id = nextWaiter
            nextWaiter += 1
            await withCheckedContinuation { continuation in
                let timer = Task { @MainActor [weak self] in
                    try? await Task.sleep(nanoseconds: 5_000_000_000)
                    if !Task.isCancelled { self?.end(id) }
                }
                waiters[id] = Waiter(settled: settled, continuation: continuation, timer: timer)
            }
        }
        #expect(settled(last), "still not \(what) after five seconds: \(states)", sourceLocation: sourceLocation)
    }
}

extension ScreenState {
    var isLoaded: Bool {
        if case .loaded = self { return true }
        return false
    }

    var isFailed: Bool {
        if case .failed = self { return true }
        return false
    }

    var sentence: String? {
        guard case .failed(let sentence, _) = self else { return nil }
        return sentence
    }

    var canRetry: Bool? {
        guard case .failed(_, let canRetry) = self else { return nil }
        return canRetry
    }
}

extension LoginState {
    var isSettled: Bool {
        switch self {
        case .signedIn, .refused: true
        case .idle, .signingIn: false
        }
    }
}

enum ScreenCases {
    static let all: [ScreenCase] = photo + failures + races + login

    static let knownID = "Dwu85P9SOIk"

    /// What a photo screen shows for a failure on `route`: the stage's own sentence and Retry
    /// where it types its failures, or any text with Retry where it cannot tell one from another.
    @MainActor
    static func expectFailure<Content>(
        _ shown: ScreenState<Content>, on stage: StageUnderTest, saying words: String, canRetry: Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let sentence = shown.sentence ?? ""
        #expect(!sentence.isEmpty, "stage \(stage.number) shows no sentence", sourceLocation: sourceLocation)
        if stage.declares(.typedFailures) {
            #expect(
                sentence.contains(words), "stage \(stage.number) said \"\(sentence)\"", sourceLocation: sourceLocation)
            #expect(shown.canRetry == canRetry, "stage \(stage.number): Retry", sourceLocation: sourceLocation)
        } else {
            // It cannot tell this failure from any other, so it offers Retry for all of them.
            #expect(shown.canRetry == true, sourceLocation: sourceLocation)
        }
    }

    // MARK: - Loading

    static var photo: [ScreenCase] {
        [
            ScreenCase("photo screen: a search shows idle, loading, then the page, every change on the main queue") {
                stage in
                let screen = stage.adapter.makePhotoScreen()
                let shown = ShownStates { screen.results }
                screen.search("coffee")
                try await shown.wait(until: \.isLoaded, "loaded")
                guard case .loaded(let photos) = shown.last else { return }
                #expect(photos.map(\.id) == ["Dwu85P9SOIk", "Rk3OQZ1Y5Jw"])
                #expect(shown.states.count == 3 && shown.states.prefix(2) == [.idle, .loading], "\(shown.states)")
                #expect(shown.changesOffTheMainQueue == 0)
            },
            ScreenCase("photo screen: a photo's detail shows idle, loading, then the photo, and the results stay idle")
            {
                stage in
                let screen = stage.adapter.makePhotoScreen()
                let shown = ShownStates { screen.detail }
                screen.showPhoto(id: knownID)
                try await shown.wait(until: \.isLoaded, "loaded")
                guard case .loaded(let photo) = shown.last else { return }
                #expect(photo.id == knownID)
                #expect(shown.states.prefix(2) == [.idle, .loading] && shown.states.count == 3, "\(shown.states)")
                #expect(shown.changesOffTheMainQueue == 0)
                #expect(screen.results == .idle)
            },
        ]
    }

    // MARK: - Failures: the sentence and Retry

    static var failures: [ScreenCase] {
        [
            ScreenCase("photo screen: an unknown photo reads as gone, with no Retry") { stage in
                let screen = stage.adapter.makePhotoScreen()
                let shown = ShownStates { screen.detail }
                screen.showPhoto(id: "no-such-id")
                try await shown.wait(until: \.isFailed, "failed")
                expectFailure(shown.last, on: stage, saying: "gone", canRetry: false)
                #expect(shown.changesOffTheMainQueue == 0)
            },
            ScreenCase("photo screen: a timeout offers Retry, and Retry shows the photo") { stage in
                stage.fake.override(.photo, with: .failure(.timedOut))
                let screen = stage.adapter.makePhotoScreen()
                let shown = ShownStates { screen.detail }
                screen.showPhoto(id: knownID)
                try await shown.wait(until: \.isFailed, "failed")
                expectFailure(shown.last, on: stage, saying: "too long", canRetry: true)
                screen.retryPhoto()
                try await shown.wait(until: \.isLoaded, "loaded after Retry")
                #expect(stage.fake.log.map(\.url.lastPathComponent) == [knownID, knownID])
                #expect(shown.states.count == 5, "idle, loading, failed, loading, loaded: \(shown.states)")
            },
            ScreenCase("photo screen: offline offers Retry, and Retry searches the same query again") { stage in
                stage.fake.override(.searchPhotos, with: .failure(.notConnectedToInternet))
                let screen = stage.adapter.makePhotoScreen()
                let shown = ShownStates { screen.results }
                screen.search("서울 밤")
                try await shown.wait(until: \.isFailed, "failed")
                expectFailure(shown.last, on: stage, saying: "offline", canRetry: true)
                screen.retrySearch()
                try await shown.wait(until: \.isLoaded, "loaded after Retry")
                #expect(stage.fake.log.compactMap { $0.serverView?.values("query").first } == ["서울 밤", "서울 밤"])
            },
            ScreenCase("photo screen: a rate limit offers Retry") { stage in
                stage.fake.override(
                    .photo, with: .reply(status: 429, body: "Rate Limit Exceeded", contentType: "text/plain"))
                let screen = stage.adapter.makePhotoScreen()
                let shown = ShownStates { screen.detail }
                screen.showPhoto(id: knownID)
                try await shown.wait(until: \.isFailed, "failed")
                expectFailure(shown.last, on: stage, saying: "Too many requests", canRetry: true)
            },
            ScreenCase("photo screen: a server failure offers Retry") { stage in
                stage.fake.override(.photo, with: .reply(status: 503, body: #"{"errors":["Service Unavailable"]}"#))
                let screen = stage.adapter.makePhotoScreen()
                let shown = ShownStates { screen.detail }
                screen.showPhoto(id: knownID)
                try await shown.wait(until: \.isFailed, "failed")
                expectFailure(shown.last, on: stage, saying: "trouble", canRetry: true)
            },
            ScreenCase("photo screen: a revoked key says the key was refused, with no Retry") { stage in
                stage.fake.override(
                    .searchPhotos,
                    with: .reply(status: 401, body: #"{"errors":["OAuth error: The access token is invalid"]}"#))
                let screen = stage.adapter.makePhotoScreen()
                let shown = ShownStates { screen.results }
                screen.search("coffee")
                try await shown.wait(until: \.isFailed, "failed")
                guard case .failed(let sentence, let canRetry) = shown.last else { return }
                if stage.declares(.typedFailures) {
                    #expect(sentence.contains("access key") && !canRetry, "stage \(stage.number) said \"\(sentence)\"")
                } else {
                    #expect(canRetry)
                }
                #expect(!sentence.contains(FakeServers.demoAccessKey))
            },
        ]
    }

    // MARK: - Races every app meets

    static var races: [ScreenCase] {
        [
            ScreenCase(Capability.latestSearchWins.proof) {
                stage in
                let screen = stage.adapter.makePhotoScreen()
                let shown = ShownStates { screen.results }
                // "cat" is held until "cats" has been answered and shown, so it arrives last.
                let cat = stage.fake.hold(.searchPhotos, where: { $0.serverView?.values("query") == ["cat"] })
                screen.search("cat")
                #expect(await cat.waitUntilHeld(1))
                screen.search("cats")
                try await shown.wait(until: \.isLoaded, "showing the cats page")
                let cats = shown.last
                if stage.declares(.latestSearchWins) {
                    // Stage 6 cancels the older search: its request is stopped before any reply.
                    guard try await stage.waitUntilStopped(keeping: .latestSearchWins) else { return cat.open() }
                    #expect(cat.release() == 0, "the cat request was still waiting for its reply")
                    #expect(screen.results == cats)
                    #expect(!shown.states.contains { $0.isFailed }, "a cancelled search shows nothing: \(shown.states)")
                } else {
                    // The callback cannot tell which search it answers: the cat page replaces the cats page.
                    #expect(cat.release() == 1)
                    try await shown.wait(until: { $0 != cats && $0.isLoaded }, "showing the stale cat page")
                }
            },
            ScreenCase(Capability.cancelsWhenLeft.proof) {
                stage in
                let held = stage.fake.hold(.photo)
                var screen: (any PhotoScreenModel)? = stage.adapter.makePhotoScreen()
                screen?.showPhoto(id: knownID)
                #expect(await held.waitUntilHeld(1))
                weak let gone = screen
                screen = nil
                // Nothing the request left behind keeps the screen alive, so a late reply updates nothing.
                #expect(gone == nil, "stage \(stage.number) keeps a screen that was left")
                if stage.declares(.cancelsWhenLeft) {
                    guard try await stage.waitUntilStopped(keeping: .cancelsWhenLeft) else { return held.open() }
                    #expect(held.release() == 0, "the request was still waiting for its reply")
                } else {
                    // Nothing cancels it: the reply still comes, to a screen that is gone.
                    try await Task.sleep(nanoseconds: 50_000_000)
                    #expect(held.release() == 1, "stage \(stage.number) stopped the request")
                    #expect(stage.fake.stoppedRequests == 0)
                }
            },
        ]
    }
}
