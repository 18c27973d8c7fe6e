// The photo screen an app writes on `async throws(APIError)` calls: each load is a `Task` the
// screen owns. A new search cancels the one before it, so an older reply can never replace a
// newer one, and a screen that is gone cancels what it started. The `switch`es over the error are
// stage 3's, unchanged.
import Foundation
import Models
import Observation

/// A search field with its results, and one photo's detail. A SwiftUI view reads its state and
/// calls its methods; nothing here needs UIKit or SwiftUI.
@MainActor
@Observable
public final class PhotoScreen {
    /// What the list of results shows.
    public private(set) var results: ScreenState<[Photo]> = .idle
    /// What the photo's detail shows.
    public private(set) var detail: ScreenState<Photo> = .idle
    // What Retry asks for again.
    @ObservationIgnored private var query = ""
    @ObservationIgnored private var photoID = ""
    // The requests in flight, so that a newer one, or the screen going away, can cancel them.
    @ObservationIgnored private var searchTask: Task<Void, Never>?
    @ObservationIgnored private var photoTask: Task<Void, Never>?
    private let photoManager: PhotoManager

    public init(photoManager: PhotoManager) {
        self.photoManager = photoManager
    }

    deinit {
        searchTask?.cancel()
        photoTask?.cancel()
    }

    /// Searches for `query`, cancelling the search before it.
    public func search(_ query: String) {
        self.query = query
        searchTask?.cancel()
        results = .loading
        searchTask = Task { [weak self, photoManager] in
            let state = await Self.state { () async throws(APIError) in
                try await photoManager.searchPhotos(query: query).results
            }
            // A cancelled search was replaced or left: it has nothing to show.
            guard !Task.isCancelled else { return }
            self?.results = state
        }
    }

    /// Shows the photo with this id, cancelling the load before it.
    public func showPhoto(id: String) {
        photoID = id
        photoTask?.cancel()
        detail = .loading
        photoTask = Task { [weak self, photoManager] in
            let state = await Self.state { () async throws(APIError) in
                try await photoManager.photo(id: id)
            }
            guard !Task.isCancelled else { return }
            self?.detail = state
        }
    }

    /// Runs the last search again.
    public func retrySearch() {
        search(query)
    }

    /// Loads the last photo again.
    public func retryPhoto() {
        showPhoto(id: photoID)
    }

    private static func state<Content>(_ load: () async throws(APIError) -> Content) async -> ScreenState<Content> {
        do {
            return .loaded(try await load())
        } catch {
            return .failed(sentence(for: error), canRetry: canRetry(after: error))
        }
    }

    /// What the person reads. The screen decides, not the network layer: the same 404 means "gone"
    /// here and something else on another screen.
    private static func sentence(for error: APIError) -> String {
        switch error {
        case .notFound: "This photo is gone: Unsplash no longer has it."
        case .unauthorized: "Unsplash refused the app's access key."
        case .forbidden: "Unsplash does not allow this."
        case .tooManyRequests: "Too many requests for now. Try again in a minute."
        case .offline: "You are offline. Connect, then try again."
        case .timedOut: "Unsplash took too long to answer."
        case .server: "Unsplash is having trouble right now."
        case .transport, .cancelled: "The connection failed."
        case .badRequest, .invalidRequest: "Unsplash cannot look that up."
        case .unexpectedStatus, .emptyBody, .decoding, .signUpNotCompleted: "Unsplash's answer could not be read."
        }
    }

    /// Whether the same request, sent again, could succeed.
    private static func canRetry(after error: APIError) -> Bool {
        switch error {
        case .offline, .timedOut, .tooManyRequests, .server, .transport, .cancelled, .unexpectedStatus: true
        case .notFound, .unauthorized, .forbidden, .badRequest, .invalidRequest, .emptyBody, .decoding,
            .signUpNotCompleted:
            false
        }
    }
}
