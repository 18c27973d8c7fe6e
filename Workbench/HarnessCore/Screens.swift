// The screens' side of the adapter: every stage's `PhotoScreen` and `LoginScreen` conform as they
// are, so the suite and the tour drive any stage's screens the same way.
import Models

/// A stage's photo screen: a search with its results, and one photo's detail.
@MainActor
public protocol PhotoScreenModel: AnyObject {
    var results: ScreenState<[Photo]> { get }
    var detail: ScreenState<Photo> { get }
    func search(_ query: String)
    func showPhoto(id: String)
    func retrySearch()
    func retryPhoto()
}

/// A stage's sign-in screen.
@MainActor
public protocol LoginScreenModel: AnyObject {
    var username: String { get set }
    var password: String { get set }
    var state: LoginState { get }
    /// The token of the last sign-in, an unfinished sign-up's included where the stage can keep it.
    var token: Token? { get }
    func signIn()
}
