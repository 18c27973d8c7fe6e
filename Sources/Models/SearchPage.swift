// One page of `GET /search/photos`.

/// A page of search results and how many there are in all.
public struct SearchPage: Codable, Equatable, Sendable {
    /// Photos that match, over all pages.
    public let total: Int
    /// Pages at the size that was asked for.
    public let totalPages: Int
    /// This page's photos.
    public let results: [Photo]

    public init(total: Int, totalPages: Int, results: [Photo]) {
        self.total = total
        self.totalPages = totalPages
        self.results = results
    }

    enum CodingKeys: String, CodingKey {
        case total, results
        case totalPages = "total_pages"
    }
}
