// Endpoint enums, from stage 2 on: one case per Unsplash call, and the key in exactly one place.
// From stage 5 on the enum is a `Router`: it says its parts, and `asURLRequest()` builds them.
import Foundation

/// The Unsplash endpoints the workbook calls.
public enum UnsplashAPI: Router {
    case searchPhotos(query: String)
    case randomPhoto
    case photo(id: String)

    // The only copy of the key: stage 1 had one in every function.
    private static let accessKey = "workbook-demo-access-key"

    public var baseURL: String { "https://api.unsplash.com" }

    public var pathSegments: [String] {
        switch self {
        case .searchPhotos: ["search", "photos"]
        case .randomPhoto: ["photos", "random"]
        // One segment, whatever the id holds: the router encodes a `/` in it as `%2F`.
        case .photo(let id): ["photos", id]
        }
    }

    public var method: HTTPMethod { .get }

    public var headers: [String: String] {
        ["Authorization": "Client-ID \(Self.accessKey)"]
    }

    /// Sent as the query, since these are GETs. Empty when a call has none.
    public var parameters: [String: String] {
        switch self {
        case .searchPhotos(let query): ["query": query]
        case .randomPhoto, .photo: [:]
        }
    }
}
