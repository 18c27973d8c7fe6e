// The photo screen an app writes on `Result<Value, APIError>` callbacks: two states instead of
// four, and two `switch`es over the error: one picks the sentence, one whether Retry could help. Each
// callback still hops to the main queue itself and holds the screen weakly, so a screen that is
// gone is simply not updated.
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

    public init() {}

    /// Searches for `query`. An earlier search's reply that arrives after this one's still
    /// replaces it: the callback cannot tell which search it answers.
    public func search(_ query: String) {
        self.query = query
        results = .loading
        PhotoManager.shared.searchPhotos(query: query) { [weak self] result in
            // URLSession calls back on a queue of its own; the screen changes on the main queue only.
            DispatchQueue.main.async {
                self?.results = Self.state(result.map(\.results))
            }
        }
    }

    /// Shows the photo with this id.
    public func showPhoto(id: String) {
        photoID = id
        detail = .loading
        PhotoManager.shared.photo(id: id) { [weak self] result in
            DispatchQueue.main.async {
                self?.detail = Self.state(result)
            }
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

    private static func state<Content>(_ result: Result<Content, APIError>) -> ScreenState<Content> {
        switch result {
        case .success(let value): .loaded(value)
        case .failure(let error): .failed(sentence(for: error), canRetry: canRetry(after: error))
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
