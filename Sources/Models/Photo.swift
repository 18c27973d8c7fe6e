// An Unsplash photo: the fields the workbook shows, as Unsplash's JSON spells them.
import Foundation

/// One photo, from `GET /photos/{id}`, `GET /photos/random` or a search page.
public struct Photo: Codable, Equatable, Sendable {
    /// Unsplash's id, such as `"Dwu85P9SOIk"`.
    public let id: String
    /// When it was uploaded, ISO 8601 with an offset, kept as sent.
    public let createdAt: String
    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int
    /// The photo's average colour as `#RRGGBB`; some replies send null.
    public let color: String?
    /// A compact placeholder image; null for photos Unsplash has not processed.
    public let blurHash: String?
    /// The photographer's own words; most photos have none.
    public let description: String?
    /// Unsplash's generated text for screen readers; sometimes null.
    public let altDescription: String?
    /// How many people liked it.
    public let likes: Int
    /// The image at each size.
    public let urls: PhotoURLs
    /// Who took it.
    public let user: PhotoUser

    public init(
        id: String, createdAt: String, width: Int, height: Int, color: String?, blurHash: String?,
        description: String?, altDescription: String?, likes: Int, urls: PhotoURLs, user: PhotoUser
    ) {
        self.id = id
        self.createdAt = createdAt
        self.width = width
        self.height = height
        self.color = color
        self.blurHash = blurHash
        self.description = description
        self.altDescription = altDescription
        self.likes = likes
        self.urls = urls
        self.user = user
    }

    enum CodingKeys: String, CodingKey {
        case id, width, height, color, description, likes, urls, user
        case createdAt = "created_at"
        case blurHash = "blur_hash"
        case altDescription = "alt_description"
    }
}

/// The same image at five sizes.
public struct PhotoURLs: Codable, Equatable, Sendable {
    /// The original file, with no processing.
    public let raw: URL
    /// Full size, as a JPEG.
    public let full: URL
    /// 1080 pixels wide.
    public let regular: URL
    /// 400 pixels wide.
    public let small: URL
    /// 200 pixels wide.
    public let thumb: URL

    public init(raw: URL, full: URL, regular: URL, small: URL, thumb: URL) {
        self.raw = raw
        self.full = full
        self.regular = regular
        self.small = small
        self.thumb = thumb
    }
}

/// The photographer, as a photo reply names them.
public struct PhotoUser: Codable, Equatable, Sendable {
    /// Unsplash's id for the user.
    public let id: String
    /// The handle in their profile's address.
    public let username: String
    /// The name they show.
    public let name: String

    public init(id: String, username: String, name: String) {
        self.id = id
        self.username = username
        self.name = name
    }
}
