// Pages name only what exists: every API name a page gives in backticks is declared in the
// package's sources, allowed as a platform name, or marked as the learner's to write. The rules are
// in APINames.swift, the declarations read by APIIndex.swift; the check is tried first on inline
// pages and sources below, then run on every page. Like the checks of what the docs quote, it waits
// for WORKBOOK_STRICT_DOCS=1 (CI) while a learner's exercise or kata has changed a stage.
import FakeTurns
import Testing

@Suite("Docs: API names", .serialized, .busyLane)
struct APINameTests {
    static let pages = DocFile.all.filter { !APINames.skipped.contains($0.path) }

    @Test(
        "every type, initializer and function a page names in backticks is in the sources, or marked to write",
        .disabled(if: !DocsMode.strict && !DocFindings.fromStages.isEmpty, DocsMode.note),
        arguments: pages)
    func namesExist(_ file: DocFile) throws {
        let index = try APIIndex.package.get()
        for problem in APINames.problems(try PackageWorld.page(file.path), index) {
            Issue.record("\(problem.file):\(problem.line) names \(problem.excerpt): \(problem.message)")
        }
    }

    @Test("every name the allow-lists hold is one a page names, so that the lists stay what the pages use")
    func allowListsUsed() throws {
        var named: Set<String> = []
        for file in Self.pages {
            named.formUnion(APINames.names(on: try PackageWorld.page(file.path)))
        }
        for entry in APINames.allowed.subtracting(named).sorted() {
            Issue.record("APINames allows \(entry), which no page names any more: take it off the list")
        }
    }

    @Test("the package's sources are read: its types, their members, and its modules")
    func packageRead() throws {
        let index = try APIIndex.package.get()
        #expect(index.members(of: "APIError").map(\.signature).contains("init(response:body:)"))
        #expect(index.members(of: "UnsplashAPI").map(\.signature).contains("asURLRequest()"))
        #expect(index.modules.isSuperset(of: ["Models", "Stage3Result", "Harness"]))
    }
}

/// A tiny package: an error with two initializers and a case with a payload, a struct with a
/// memberwise initializer, a protocol whose extension gives its adopters a function, a generic
/// function with a default.
private let index = APIIndex(
    sources: [
        """
        public enum APIError: Error, Sendable {
            case emptyBody
            case signUpNotCompleted(token: String, message: String?)

            init(response: URLResponse?, body: Data) {
                self = .emptyBody
            }

            init(_ error: any Error) {
                self = .emptyBody
            }
        }

        public struct PhotoManager: Sendable {
            let client: APIClient
            var retries = 2
            let name = "photos"

            public func photo(id: String) async throws(APIError) -> Photo {
                try await client.send(UnsplashAPI.photo(id: id))
            }
        }

        public protocol Router: Sendable {}

        extension Router {
            // func commented(out: Int) is no declaration
            public func asURLRequest() throws(APIError) -> URLRequest {
                let quoted = "func quoted(label: Int)"
                func local() {}
                return URLRequest(url: URL(fileURLWithPath: quoted))
            }
        }

        enum UnsplashAPI: Router {
            case photo(id: String)
        }

        func send<T: Decodable>(_ router: some Router, as type: T.Type = T.self) async throws -> T {
            fatalError("a stand-in")
        }
        """
    ],
    modules: ["Models"])

/// The problems the check finds on an inline page at docs/page.md.
private func problems(_ text: String) -> [DocProblem] {
    APINames.problems(DocPage(path: "docs/page.md", text: text), index)
}

@Suite("Docs: the API-name check itself", .serialized, .busyLane)
struct APINameSelfTests {
    @Test("a name the sources declare passes, labels and all; one they do not is reported with what they have")
    func plantedName() {
        let page = """
            # Page

            `APIError`, `APIError(response:body:)`, `APIError(error)`, `.emptyBody`, `PhotoManager(client:)`,
            `PhotoManager(client:retries:)`, `APIError.signUpNotCompleted(token:message:)`, `photo(id:)`,
            `UnsplashAPI.asURLRequest()`, `asURLRequest() throws(APIError)`, `send(_:)`, `send(_:as:)`,
            `case photo(id: String)`, `Models`, `URLSession`, `URLSession.shared`.

            Then it calls `APIError(status:body:)`.
            """
        let found = problems(page)
        #expect(found.map(\.excerpt) == ["`APIError(status:body:)`"])
        #expect(found.first?.line == 8)
        #expect(
            found.first?.message.hasPrefix(
                "APIError has init(_:), init(response:body:), but no init(status:body:). Name what the sources declare;"
            ) == true)
        #expect(found.first?.message.contains("<!-- to write: APIError(status:body:) -->") == true)
    }

    @Test("a wrong type, member, label, kind or platform name is reported, with the nearest that exist")
    func wrongNames() {
        let cases = [
            "`APIErorr`": "no source declares a type APIErorr (the nearest: APIError,",
            "`PhotoManager.shared`": "PhotoManager has no member shared (the nearest:",
            "`photo(id:completion:)`":
                "the sources declare PhotoManager.photo(id:) (func), UnsplashAPI.photo(id:) (case), "
                + "but no photo(id:completion:)",
            "`PhotoManager(name:)`": "PhotoManager has init(client:retries:), but no init(name:)",
            "`.notFound`": "no source declares notFound (the nearest:",
            "`case asURLRequest`": "no source declares a case asURLRequest; they declare Router.asURLRequest() (func)",
            "`public class PhotoManager`": "PhotoManager is declared as struct, not as class",
            "`URLSession.shared.dataTusk`": "no source declares a type URLSession",
        ]
        for (span, message) in cases {
            let found = problems("Name \(span) here.")
            #expect(found.count == 1, "\(span)")
            #expect(found.first?.message.hasPrefix(message) == true, "\(span): \(found.first?.message ?? "nothing")")
        }
    }

    @Test("prose in backticks is not checked: commands, paths, headers, JSON, statuses, expressions")
    func proseIgnored() {
        let page = """
            Run `swift test --filter Stage3`, `swift run workbook compare 3 4 --unified`, `git diff`, then read
            `GET /me`, `Authorization: Client-ID …`, `Sources/Stage3Result/APIError.swift`, `APIError.swift`,
            `{"errors":["Couldn't find User"]}`, `.env`, `Dwu85P9SOIk`, `TOKEN_EXPIRED`, `200..<300`, `nil`,
            `path`, `completion(false)`, `api.headers`, `[Photo]`, `Result<[Photo], APIError>`,
            `let api = Nowhere.api`, `WORKBOOK_EXERCISE=3`, `@MainActor @Observable public final class`.
            """
        #expect(problems(page).isEmpty)
    }

    @Test("a fenced block is not read: its code is quoted, and checked by the code rule")
    func fencesIgnored() {
        #expect(problems("```swift\nlet a = `Nowhere`\n```\n\n```text\n`Nowhere(at:)`\n```").isEmpty)
    }

    @Test("a marked name passes from its marker on, with or without its type and labels; unmarked, it fails")
    func toWrite() {
        let page = """
            Write `userPhotos(username:)`.

            <!-- to write: UnsplashAPI.userPhotos(username:), HomeScreen -->
            Then `userPhotos(username:)`, `.userPhotos`, `UnsplashAPI.userPhotos(username:)`, `HomeScreen`,
            `HomeScreen(client:)`, `HomeScreen.load(topic:)` and `case userPhotos(username: String)`.
            Not `userPhotos(user:)`; and `<!-- to write: Elsewhere -->` is quoted, no marker: `Elsewhere`.
            """
        let found = problems(page)
        #expect(found.map(\.line) == [1, 6, 6])
        #expect(found.map(\.excerpt) == ["`userPhotos(username:)`", "`userPhotos(user:)`", "`Elsewhere`"])
    }

    @Test("a span is read as the name it gives: labels, receiver and effects dropped, declarations by their labels")
    func namesRead() {
        let cases: [String: [String]] = [
            "send(_:as:)": ["send(_:as:)"],
            "session.data(for:)": ["data(for:)"],
            "asURLRequest() throws(APIError)": ["asURLRequest()"],
            "send(_:) async throws(APIError)": ["send(_:)"],
            "URL(string:)!": ["URL(string:)"],
            "URLError(.badURL)": ["URLError(_:)"],
            "UnsplashAPI.userPhotos(username: username)": ["UnsplashAPI.userPhotos(username:)"],
            "func send<T: Decodable & Sendable>(_ router: some Router, as type: T.Type = T.self) async throws -> T": [
                "send(_:as:)"
            ],
            "init(session: URLSession)": ["init(session:)"],
            "case serviceUnavailable(retryAfter: Int)": ["serviceUnavailable(retryAfter:)"],
            "private static let accessKey": ["accessKey"],
            "extension Stage6Adapter: SessionInjected, ConcurrentCalls": [
                "Stage6Adapter", "SessionInjected", "ConcurrentCalls",
            ],
            ".serviceUnavailable(retryAfter:)": [".serviceUnavailable(retryAfter:)"],
            "emptyBody": ["emptyBody"],
            "case .server, .serviceUnavailable: .server": [],
            "throws(APIError)": [],
            "Task<Void, Never>?": [],
        ]
        for (span, names) in cases {
            #expect(APIName.names(in: span).map(\.description) == names, "\(span)")
        }
        #expect(APIName.names(in: "case photo(id: String)").first?.declaredAs == "case")
    }

    @Test("the sources are read for labels, defaults and memberwise initializers, not for locals, comments or strings")
    func sourcesRead() {
        let read = APIIndex(
            sources: [
                """
                struct Outer {
                    enum Kind: String {
                        case a, b(x: Int)
                    }
                    let name: String
                    let fixed = 1
                    var count = 0
                    static var shared = Outer(name: "")
                    var computed: Int { 1 }

                    func run(_ a: Int, b: [String: Int], c: Int = 0) {
                        let local = 1
                        func inner() {}
                    }
                }
                // func commented(out: Int) {}
                let text = "func quoted(label: Int) {}"
                """
            ],
            modules: [])
        #expect(
            read.members(of: "Outer").map(\.signature) == [
                "computed", "count", "fixed", "init(name:count:)", "name", "run(_:b:c:)", "shared",
            ])
        #expect(read.members(of: "Kind").map(\.signature) == ["a", "b(x:)", "init(rawValue:)"])
        #expect(read.missing(APIName(path: ["Outer"], labels: ["name"])) == nil)
        #expect(read.missing(APIName(path: ["run"], labels: ["_", "b"])) == nil)
        #expect(read.globals.map(\.signature) == ["text"])
        for absent in ["commented", "quoted", "inner", "local"] {
            #expect(read.byName[absent] == nil, "\(absent)")
        }
    }
}
