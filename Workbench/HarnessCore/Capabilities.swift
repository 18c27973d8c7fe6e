// The interfaces behind the capabilities an adapter can offer beyond the four calls. A stage
// that declares a capability conforms to its interface, so the suite can prove the claim.
import Foundation
import Models

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One of the four calls, as a value: what a request builder is asked to build.
public enum Call: Sendable, Hashable, CustomStringConvertible {
    case login(username: String, password: String)
    case searchPhotos(query: String)
    case randomPhoto
    case photo(id: String)

    public var description: String {
        switch self {
        case .login(let username, _): "login(username: \"\(username)\", password: •••)"
        case .searchPhotos(let query): "searchPhotos(query: \"\(query)\")"
        case .randomPhoto: "randomPhoto()"
        case .photo(let id): "photo(id: \"\(id)\")"
        }
    }
}

/// `offlineRequestBuilding`: the request a call would send, built without sending it.
public protocol RequestBuilding: StageAdapter {
    func request(for call: Call) -> Result<URLRequest, Failure>
}

/// `oneRequestPath`: the stage's one request function, asked for a type only its caller knows.
/// Only a function generic over the reply can decode a type the suite defines; six copies cannot.
public protocol GenericRequesting: StageAdapter {
    /// `call`, sent through the function every call goes through, its reply decoded as `T`.
    func request<T: Decodable & Sendable>(_ call: Call, as type: T.Type) async -> Outcome<T>
}

/// `concurrentCalls`: calls that run at the same time and are gathered in order.
public protocol ConcurrentCalls: StageAdapter {
    /// The photos with these ids, in the order asked.
    func photos(ids: [String]) async -> Outcome<[Photo]>
    /// A home screen's first load: a random photo and a search, at the same time.
    func homeScreen(query: String) async -> (random: Outcome<Photo>, search: Outcome<SearchPage>)
}

/// The exercises' new call: a stage whose exercise is done conforms to this.
public protocol UserPhotosCalling: StageAdapter {
    /// The photos `username` uploaded, first page, as Unsplash orders them.
    func userPhotos(username: String) async -> Outcome<[Photo]>
}

/// Exercise 2b's call: a stage whose exercise 2b is done conforms to this.
public protocol TokenRefreshCalling: StageAdapter {
    /// A new token pair for the sign-in `token` belongs to, traded for its refresh token.
    func refresh(token: Token) async -> Outcome<Token>
}

/// Exercise 4b's call, whose reply has no body: a stage whose exercise 4b is done conforms to this.
public protocol FavoriteCalling: StageAdapter {
    /// Saves the photo with this id to the favourites of the user `token` signed in.
    func favorite(photoID: String, token: Token) async -> Outcome<Void>
}

/// Exercise 6b's screen: today's photo and a topic's search, loaded at once.
@MainActor
public protocol HomeScreenModel: AnyObject {
    var featured: ScreenState<Photo> { get }
    var results: ScreenState<[Photo]> { get }
    /// Loads both; a view calls it from `.task`, so the view going away cancels it.
    func load(topic: String) async
}

/// Exercise 6b's home screen, made through the adapter: a stage whose exercise 6b is done conforms to this.
public protocol HomeScreenMaking: StageAdapter {
    /// A new home screen, made as an app at this stage makes one.
    @MainActor func makeHomeScreen() -> any HomeScreenModel
}

/// `logsEveryCall`: the lines the stage's logger plugin kept.
public protocol CallLogging: StageAdapter {
    /// The logger's lines, oldest first.
    var loggedLines: [String] { get }
    /// Forgets them, such as when a case starts.
    func clearLog()
}

/// `injectedSession`: the adapter is made with the `URLSession` the stage must use.
public protocol SessionInjected: StageAdapter {
    init(session: URLSession)
}

/// The capability matrix: which stage declares what, as a Markdown table for the docs.
public enum CapabilityMatrix {
    public static func markdown(_ stages: [StageInfo]) -> String {
        let header = "| stage | " + Capability.allCases.map(\.rawValue).joined(separator: " | ") + " |"
        let rule = "|---|" + String(repeating: ":---:|", count: Capability.allCases.count)
        let rows = stages.map { stage in
            "| \(stage.number) \(stage.module) | "
                + Capability.allCases.map { stage.capabilities.contains($0) ? "✓" : "–" }.joined(separator: " | ")
                + " |"
        }
        return ([header, rule] + rows).joined(separator: "\n")
    }
}
