// The photo screen an app writes on `(Value?, Error?)` callbacks. Each callback hops to the main
// queue itself and holds the screen weakly, so a screen that is gone is simply not updated. All it
// can show of a failure is the error's own text, and it cannot tell a missing photo from a
// timeout, so every failure offers Retry.
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
        PhotoManager.shared.searchPhotos(query: query) { [weak self] page, error in
            // URLSession calls back on a queue of its own; the screen changes on the main queue only.
            DispatchQueue.main.async {
                self?.results = Self.state(page?.results, error)
            }
        }
    }

    /// Shows the photo with this id.
    public func showPhoto(id: String) {
        photoID = id
        detail = .loading
        PhotoManager.shared.photo(id: id) { [weak self] photo, error in
            DispatchQueue.main.async {
                self?.detail = Self.state(photo, error)
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

    /// Two optionals, four combinations, two states on the screen.
    private static func state<Content>(_ value: Content?, _ error: Error?) -> ScreenState<Content> {
        if let value {
            return .loaded(value)
        }
        return .failed(error?.localizedDescription ?? "Something went wrong.", canRetry: true)
    }
}
