// The library APIs the docs name, each quoted from the library's own source: the file, the commit it
// was read at, and the declaration line exactly as it stands there. LibraryQuoteTests holds the pages
// to this list: a name the pages use must be here (or in the workbook's own sources), a quote no page
// uses is stale, and beyond.md names each library's version beside its quotes.
//
// To add or correct a name: read the declaration in the library's repository at a commit you can
// name (a release tag's commit where you can tie one), copy the line byte for byte, and write the
// name exactly as the page writes it between backticks.

/// One declaration a page names, as the library's source has it.
struct LibraryQuote: Sendable {
    /// The name exactly as the pages write it between backticks, such as `client(_:willSendRequest:)`.
    let name: String
    /// The repository the file is in, `owner/name`.
    let repository: String
    /// The file, from the repository's root.
    let path: String
    /// The full commit the line was read at.
    let commit: String
    /// The line, exactly as it stands in the file at that commit.
    let line: String
}

/// One library the pages map stage 6 onto, with every API of it the pages name.
struct LibraryPin: Sendable {
    /// The library as the pages name it, and the heading of its section on beyond.md.
    let library: String
    /// Other words by which a page may name the library in a sentence.
    let aliases: [String]
    /// The version the pages name beside the quotes: a release, or "untagged commits".
    let version: String
    /// How the version was tied to the commits below, in a sentence a maintainer can check.
    let tie: String
    let quotes: [LibraryQuote]

    /// Every word by which a page names the library.
    var names: [String] { [library] + aliases }
}

enum LibraryPins {
    static let all = [get, moya, alamofire, openAPI]

    static let get = LibraryPin(
        library: "Get", aliases: ["kean/Get"], version: "2.0.0-beta.1",
        tie: "kean/Get's release page for tag 2.0.0-beta.1 names commit df7bc14; both files were read at that commit",
        quotes: [
            getQuote("APIClient", "Sources/Get/APIClient.swift", "public actor APIClient {"),
            getQuote(
                "URLSessionConfiguration", "Sources/Get/APIClient.swift",
                "        public var sessionConfiguration: URLSessionConfiguration = .default"),
            getQuote(
                "send(_:)", "Sources/Get/APIClient.swift", "    @discardableResult public func send<T: Decodable>("),
            getQuote("Request<T>", "Sources/Get/APIClient.swift", "        _ request: Request<T>,"),
            getQuote("Response<T>", "Sources/Get/APIClient.swift", "    ) async throws -> Response<T> {"),
            getQuote("APIError", "Sources/Get/APIClient.swift", "public enum APIError: Error, LocalizedError {"),
            getQuote("unacceptableStatusCode", "Sources/Get/APIClient.swift", "    case unacceptableStatusCode(Int)"),
            getQuote("APIClientDelegate", "Sources/Get/APIClientDelegate.swift", "public protocol APIClientDelegate {"),
            getQuote(
                "client(_:willSendRequest:)", "Sources/Get/APIClientDelegate.swift",
                "    func client(_ client: APIClient, willSendRequest request: inout URLRequest) async throws"),
            getQuote(
                "client(_:shouldRetry:error:attempts:)", "Sources/Get/APIClientDelegate.swift",
                "    func client(_ client: APIClient, shouldRetry task: URLSessionTask, error: Error, attempts: Int) "
                    + "async throws -> Bool"),
            getQuote(
                "URLSessionTask", "Sources/Get/APIClientDelegate.swift",
                "    func client(_ client: APIClient, shouldRetry task: URLSessionTask, error: Error, attempts: Int) "
                    + "async throws -> Bool"),
        ])

    static let moya = LibraryPin(
        library: "Moya", aliases: [], version: "untagged commits",
        tie: "no quoted file could be read at a release tag's commit; each line is the file as stored at the commit "
            + "named. MoyaProvider.swift at 00de5d7 takes an Alamofire Session (Moya 14 and later); Plugin.swift at "
            + "0656278 still imports Result (Moya 13 or earlier)",
        quotes: [
            moyaQuote("TargetType", "Sources/Moya/TargetType.swift", targetType, "public protocol TargetType {"),
            moyaQuote("baseURL", "Sources/Moya/TargetType.swift", targetType, "    var baseURL: URL { get }"),
            moyaQuote("path", "Sources/Moya/TargetType.swift", targetType, "    var path: String { get }"),
            moyaQuote("method", "Sources/Moya/TargetType.swift", targetType, "    var method: Moya.Method { get }"),
            moyaQuote(
                "headers", "Sources/Moya/TargetType.swift", targetType, "    var headers: [String: String]? { get }"),
            moyaQuote("task", "Sources/Moya/TargetType.swift", targetType, "    var task: Task { get }"),
            moyaQuote("sampleData", "Sources/Moya/TargetType.swift", targetType, "    var sampleData: Data { get }"),
            moyaQuote("PluginType", "Sources/Moya/Plugin.swift", plugin, "public protocol PluginType {"),
            moyaQuote(
                "prepare", "Sources/Moya/Plugin.swift", plugin,
                "    func prepare(_ request: URLRequest, target: TargetType) -> URLRequest"),
            moyaQuote(
                "willSend", "Sources/Moya/Plugin.swift", plugin,
                "    func willSend(_ request: RequestType, target: TargetType)"),
            moyaQuote(
                "didReceive", "Sources/Moya/Plugin.swift", plugin,
                "    func didReceive(_ result: Result<Moya.Response, MoyaError>, target: TargetType)"),
            moyaQuote(
                "process", "Sources/Moya/Plugin.swift", plugin,
                "    func process(_ result: Result<Moya.Response, MoyaError>, target: TargetType) "
                    + "-> Result<Moya.Response, MoyaError>"),
            moyaQuote(
                "MoyaProvider", "Sources/Moya/MoyaProvider.swift", provider,
                "open class MoyaProvider<Target: TargetType>: MoyaProviderType {"),
            moyaQuote("Session", "Sources/Moya/MoyaProvider.swift", provider, "    public let session: Session"),
            moyaQuote(
                "stubClosure", "Sources/Moya/MoyaProvider.swift", provider, "    public let stubClosure: StubClosure"),
            moyaQuote(
                "request(_:completion:)", "Sources/Moya/MoyaProvider.swift", provider,
                "    open func request(_ target: Target,"),
            moyaQuote("Task", "Sources/Moya/Task.swift", errorAndTask, "public enum Task {"),
            moyaQuote(
                "MoyaError", "Sources/Moya/MoyaError.swift", errorAndTask, "public enum MoyaError: Swift.Error {"),
            moyaQuote(
                "NetworkLoggerPlugin", "Sources/Moya/Plugins/NetworkLoggerPlugin.swift",
                "89e836bab3c28fd6797816549578173a94efcbfc", "public final class NetworkLoggerPlugin: PluginType {"),
            moyaQuote(
                "AccessTokenPlugin", "Sources/Moya/Plugins/AccessTokenPlugin.swift",
                "04b22a465fff1e87da8578ce4e8e9017a047e8e0", "public struct AccessTokenPlugin: PluginType {"),
        ])

    static let alamofire = LibraryPin(
        library: "Alamofire", aliases: [], version: "untagged commits",
        tie: "no quoted file could be read at a release tag's commit; each line is the file as stored at the commit "
            + "named, all in the Source/Core and Source/Features layout of Alamofire 5",
        quotes: [
            alamofireQuote(
                "URLRequestConvertible", "Source/Core/URLConvertible+URLRequestConvertible.swift", convertible,
                "public protocol URLRequestConvertible {"),
            alamofireQuote(
                "asURLRequest() throws", "Source/Core/URLConvertible+URLRequestConvertible.swift", convertible,
                "    func asURLRequest() throws -> URLRequest"),
            alamofireQuote(
                "Session", "Source/Core/Session.swift", session, "open class Session: @unchecked Sendable {"),
            alamofireQuote(
                "request(_:)", "Source/Core/Session.swift", session,
                "    open func request(_ convertible: any URLRequestConvertible, "
                    + "interceptor: (any RequestInterceptor)? = nil) -> DataRequest {"),
            alamofireQuote(
                "serializingDecodable(_:)", "Source/Features/Concurrency.swift", core,
                "    public func serializingDecodable<Value: Decodable>(_ type: Value.Type = Value.self,"),
            alamofireQuote("AFError", "Source/Core/AFError.swift", core, "public enum AFError: Error, Sendable {"),
            alamofireQuote(
                "RequestAdapter", "Source/Features/RequestInterceptor.swift", interceptor,
                "public protocol RequestAdapter {"),
            alamofireQuote(
                "RequestRetrier", "Source/Features/RequestInterceptor.swift", interceptor,
                "public protocol RequestRetrier {"),
            alamofireQuote(
                "RequestInterceptor", "Source/Features/RequestInterceptor.swift", interceptor,
                "public protocol RequestInterceptor: RequestAdapter, RequestRetrier {}"),
            alamofireQuote(
                "RetryPolicy", "Source/Features/RetryPolicy.swift", "7500a8ec2bb20a1e96d4fc6e18e5a88f23091807",
                "open class RetryPolicy: @unchecked Sendable, RequestInterceptor {"),
            alamofireQuote(
                "Authenticator", "Source/Features/AuthenticationInterceptor.swift", authentication,
                "public protocol Authenticator: AnyObject, Sendable {"),
            alamofireQuote(
                "AuthenticationInterceptor", "Source/Features/AuthenticationInterceptor.swift", authentication,
                "public final class AuthenticationInterceptor<AuthenticatorType>: RequestInterceptor, Sendable "
                    + "where AuthenticatorType: Authenticator {"),
            alamofireQuote(
                "validate()", "Source/Features/Validation.swift", "93a3bb5dcc5982197f4af55317e834ee1939c799",
                "    public func validate() -> Self {"),
            alamofireQuote(
                "EventMonitor", "Source/Features/EventMonitor.swift", "563595b5197188a6770e2482ac3e6d665c5a1578",
                "public protocol EventMonitor {"),
        ])

    static let openAPI = LibraryPin(
        library: "Swift OpenAPI Generator", aliases: ["OpenAPI"], version: "untagged commits",
        tie: "no quoted file could be read at a release tag's commit; the generated names are from the generator's "
            + "reference output for its Petstore document, the protocols from swift-openapi-runtime and the "
            + "transport from swift-openapi-urlsession, each at the commit named",
        quotes: [
            generatedQuote("Client", "public struct Client: APIProtocol {"),
            generatedQuote(".ok", "                    return .ok(.init("),
            generatedQuote(".noContent", "                    return .noContent(.init())"),
            generatedQuote(".undocumented(statusCode:_:)", "                    return .undocumented("),
            LibraryQuote(
                name: "ClientTransport", repository: "apple/swift-openapi-runtime",
                path: "Sources/OpenAPIRuntime/Interface/ClientTransport.swift",
                commit: runtime, line: "public protocol ClientTransport: Sendable {"),
            LibraryQuote(
                name: "ClientMiddleware", repository: "apple/swift-openapi-runtime",
                path: "Sources/OpenAPIRuntime/Interface/ClientTransport.swift",
                commit: runtime, line: "public protocol ClientMiddleware: Sendable {"),
            LibraryQuote(
                name: "URLSessionTransport", repository: "apple/swift-openapi-urlsession",
                path: "Sources/OpenAPIURLSession/URLSessionTransport.swift",
                commit: "9df230c233d85b0097490d83973f4c803f02e9a8",
                line: "public struct URLSessionTransport: ClientTransport {"),
        ])

    // MARK: - The commits

    private static let getTag = "df7bc14cee6fc384c1fdb7918fae8c579fdfbd20"
    private static let targetType = "7726a6387ceb7ecad35057746f6fd704a8712d4b"
    private static let plugin = "0656278f0fc41485972858fac648e26dc80baaf6"
    private static let provider = "00de5d7c7684c227fa264882d691393825133a10"
    private static let convertible = "e9294925c586cf4875691f5f61638e91dda8748f"
    private static let session = "6efcb40286d04ab6190a2d46523ef8409e6e7d85"
    private static let core = "762a0ae286dccfe699c2bf54dddb5dd420b082e7"
    private static let interceptor = "9cc46acb607dd3af3b848b4513fcda87e4c66e8b"
    private static let authentication = "4bc812fc58eb7c3de446f7b0ece9ccdd07b6a482"
    private static let errorAndTask = "0e21b232890e09bed100fc43e29ccf32e45be7d3"
    private static let petstore = "ad7f0e73246f5083733dbc025097fcdf0fbee2a1"
    private static let runtime = "bec8d38be0254a59baca6e6434823f77cf1d734c"

    private static func getQuote(_ name: String, _ path: String, _ line: String) -> LibraryQuote {
        LibraryQuote(name: name, repository: "kean/Get", path: path, commit: getTag, line: line)
    }

    private static func moyaQuote(_ name: String, _ path: String, _ commit: String, _ line: String) -> LibraryQuote {
        LibraryQuote(name: name, repository: "Moya/Moya", path: path, commit: commit, line: line)
    }

    private static func alamofireQuote(_ name: String, _ path: String, _ commit: String, _ line: String)
        -> LibraryQuote
    {
        LibraryQuote(name: name, repository: "Alamofire/Alamofire", path: path, commit: commit, line: line)
    }

    private static func generatedQuote(_ name: String, _ line: String) -> LibraryQuote {
        LibraryQuote(
            name: name, repository: "apple/swift-openapi-generator",
            path: "Tests/OpenAPIGeneratorReferenceTests/Resources/ReferenceSources/Petstore/Client.swift",
            commit: petstore, line: line)
    }
}
