// Endpoint enums, from stage 2 on: one case per Unsplash call, and the key in exactly one place.
import Foundation

/// The Unsplash endpoints the workbook calls.
public enum UnsplashAPI {
    case searchPhotos(query: String)
    case randomPhoto
    case photo(id: String)

    // The only copy of the key: stage 1 had one in every function.
    private static let accessKey = "workbook-demo-access-key"

    public var baseURL: String { "https://api.unsplash.com" }

    public var path: String {
        switch self {
        case .searchPhotos: "/search/photos"
        case .randomPhoto: "/photos/random"
        // The id still goes into the path as typed; the router of stage 5 encodes it.
        case .photo(let id): "/photos/\(id)"
        }
    }

    public var method: String { "GET" }

    public var headers: [String: String] {
        ["Authorization": "Client-ID \(Self.accessKey)"]
    }

    /// Empty when a call has no parameters: `["": ""]` here would send a stray `?=`.
    public var queryItems: [URLQueryItem] {
        switch self {
        case .searchPhotos(let query): [URLQueryItem(name: "query", value: query)]
        case .randomPhoto, .photo: []
        }
    }

    public var url: URL? {
        var components = URLComponents(string: baseURL + path)
        if !queryItems.isEmpty {
            components?.queryItems = queryItems
        }
        return components?.url
    }
}
