// The library APIs the docs name hold to LibraryPins.swift, and the rule that checks them finds what it
// is for: a planted name no pinned source has, a name said of the wrong library, a version left out, a
// quote no page uses. The rule itself is in LibraryQuotes.swift.
import FakeTurns
import Foundation
import Testing

@Suite("Docs: library APIs quoted from a pinned version", .serialized, .busyLane)
struct LibraryQuoteTests {
    static let mapPages = DocFile.all.filter { LibraryQuotes.isMap($0.path) }

    @Test("beyond.md exists in both editions, so the map's names are checked at all")
    func mapPagesFound() {
        #expect(Self.mapPages.map(\.path).sorted() == ["docs/beyond.md", "docs/ko/beyond.md"])
    }

    @Test(
        "every name on beyond.md, and every library API another page names, is the workbook's or quoted in the pins",
        arguments: DocFile.all)
    func namesKnown(_ file: DocFile) throws {
        let page = try PackageWorld.page(file.path)
        let workbook = try WorkbookCode.shared.get()
        for problem in LibraryQuotes.unknownNames(page, pins: LibraryPins.all, workbook: workbook) {
            Issue.record("\(problem)")
        }
    }

    @Test("each library's section on beyond.md names the version its quotes come from", arguments: mapPages)
    func versionsNamed(_ file: DocFile) throws {
        let page = try PackageWorld.page(file.path)
        for problem in LibraryQuotes.missingVersions(page, pins: LibraryPins.all) {
            Issue.record("\(problem)")
        }
    }

    @Test("every pinned quote is named on some page: the list holds nothing stale")
    func nothingStale() throws {
        let pages = try DocFile.all.map { try PackageWorld.page($0.path) }
        for stale in LibraryQuotes.staleQuotes(pages: pages, pins: LibraryPins.all) {
            Issue.record("\(stale)")
        }
    }

    @Test("every pinned quote holds its name, in order, at a full commit")
    func quotesFaithful() {
        for problem in LibraryQuotes.unfaithfulQuotes(LibraryPins.all) {
            Issue.record("\(problem)")
        }
    }
}

// MARK: - The rule checked

/// A tiny workbook and one pinned library, for pages written inline.
private let workbook = WorkbookCode(
    sources: [
        "// A `PluginType` in a comment is not the workbook's.",
        "public protocol Plugin: Sendable {}",
        "func send<T: Decodable>(_ endpoint: Endpoint, as type: T.Type) async throws(APIError) -> T",
    ],
    exists: { $0 == "Sources/Stage6Async/Plugin.swift" })

private let hook =
    "    func client(_ client: APIClient, shouldRetry task: URLSessionTask, error: Error, attempts: Int) "
    + "async throws -> Bool"

private let pins = [
    LibraryPin(
        library: "Get", aliases: [], version: "2.0.0-beta.1", tie: "the tag's commit",
        quotes: [
            LibraryQuote(
                name: "client(_:shouldRetry:error:attempts:)", repository: "kean/Get",
                path: "Sources/Get/APIClientDelegate.swift", commit: String(repeating: "a", count: 40), line: hook)
        ]),
    LibraryPin(
        library: "Moya", aliases: [], version: "untagged commits", tie: "none",
        quotes: [
            LibraryQuote(
                name: "PluginType", repository: "Moya/Moya", path: "Sources/Moya/Plugin.swift",
                commit: String(repeating: "b", count: 40), line: "public protocol PluginType {")
        ]),
]

private func mapPage(_ text: String) -> DocPage {
    DocPage(path: "docs/beyond.md", text: text)
}

@Suite("Docs: the library quote rule itself", .serialized, .busyLane)
struct LibraryQuoteRuleTests {
    static let good = """
        # Beyond

        | stage 6 | Get (kean/Get) | Moya |
        |---|---|---|
        | `send(_:as:)` | `client(_:shouldRetry:error:attempts:)` | `PluginType` |

        ### Get

        - Quoted from Get 2.0.0-beta.1: `client(_:shouldRetry:error:attempts:)`, and stage 6's `Plugin`
          (`Sources/Stage6Async/Plugin.swift`).

        ### Moya

        - From untagged commits: a `PluginType` with `async throws(APIError)` around it.
        """

    @Test("names pinned for their library, the workbook's own names and paths all pass")
    func goodPagePasses() {
        #expect(LibraryQuotes.unknownNames(mapPage(Self.good), pins: pins, workbook: workbook).isEmpty)
        #expect(LibraryQuotes.missingVersions(mapPage(Self.good), pins: pins).isEmpty)
        #expect(LibraryQuotes.staleQuotes(pages: [mapPage(Self.good)], pins: pins).isEmpty)
        #expect(LibraryQuotes.unfaithfulQuotes(pins).isEmpty)
    }

    @Test("a planted name no pinned source has is reported with its page, line, library and what to do")
    func plantedUnknownName() {
        let planted = Self.good.replacingOccurrences(
            of: "Quoted from Get 2.0.0-beta.1: `client(_:shouldRetry:error:attempts:)`",
            with: "Quoted from Get 2.0.0-beta.1: `client(_:shouldRetryRequest:attempts:error:)`")
        let found = LibraryQuotes.unknownNames(mapPage(planted), pins: pins, workbook: workbook)
        #expect(found.count == 1)
        let problem = found.first
        #expect(problem?.file == "docs/beyond.md")
        #expect(problem?.line == 9)
        #expect(problem?.excerpt == "`client(_:shouldRetryRequest:attempts:error:)`")
        #expect(
            problem?.message.contains("nor quoted for Get in Tests/DocsTests/LibraryQuotes/LibraryPins.swift") == true)
        #expect(problem?.message.contains("add a LibraryQuote, or write the name the pinned source has") == true)
    }

    @Test("a name pinned for another library, or a library name in stage 6's column, is reported")
    func wrongLibrary() {
        let moved = Self.good.replacingOccurrences(
            of: "- From untagged commits: a `PluginType`",
            with: "- From untagged commits: a `client(_:shouldRetry:error:attempts:)`")
        let found = LibraryQuotes.unknownNames(mapPage(moved), pins: pins, workbook: workbook)
        #expect(found.map(\.message).contains { $0.contains("(it is pinned for Get)") })
        let column = Self.good.replacingOccurrences(of: "| `send(_:as:)` |", with: "| `PluginType` |")
        #expect(
            LibraryQuotes.unknownNames(mapPage(column), pins: pins, workbook: workbook).first?.message.contains(
                "stage 6's column") == true)
        // A comment in the workbook's code does not vouch for a name.
        #expect(!workbook.knows("PluginType"))
        #expect(workbook.knows("send(_:as:)") && workbook.knows("async throws(APIError)"))
    }

    @Test("on another page, a library's possessive makes the name one of that library's APIs, in either edition")
    func possessives() {
        let english = DocPage(
            path: "docs/04-generic.md", text: "A `Plugin`, in the spirit of Moya's `PluginType` and Moya's `Target`.")
        #expect(
            LibraryQuotes.unknownNames(english, pins: pins, workbook: workbook).map(\.excerpt) == ["`Target`"])
        let korean = DocPage(path: "docs/ko/04-generic.md", text: "Moya의\n`PluginType`과 같은 발상입니다.")
        #expect(
            LibraryQuotes.mentions(on: korean, pins: pins) == [
                NameMention(name: "PluginType", line: 2, libraries: ["Moya"])
            ])
        #expect(LibraryQuotes.unknownNames(korean, pins: pins, workbook: workbook).isEmpty)
    }

    @Test("a library section that leaves out the pinned version, or is missing, is reported")
    func versions() {
        let unnamed = Self.good.replacingOccurrences(of: "Quoted from Get 2.0.0-beta.1", with: "Quoted from Get 2")
        let found = LibraryQuotes.missingVersions(mapPage(unnamed), pins: pins)
        #expect(found.map(\.line) == [7])
        #expect(found.first?.message.contains("\"2.0.0-beta.1\"") == true)
        let gone = Self.good.replacingOccurrences(of: "### Moya", with: "### Others")
        #expect(LibraryQuotes.missingVersions(mapPage(gone), pins: pins).first?.excerpt == "### Moya")
    }

    @Test("a quote no page names is stale; a quote whose line lacks its name or its labels' order is unfaithful")
    func staleAndUnfaithful() {
        let withoutMoya = Self.good.replacingOccurrences(of: "`PluginType`", with: "plugin type")
        #expect(
            LibraryQuotes.staleQuotes(pages: [mapPage(withoutMoya)], pins: pins) == [
                "Tests/DocsTests/LibraryQuotes/LibraryPins.swift: Moya's `PluginType` (Sources/Moya/Plugin.swift at bbbbbbb) is "
                    + "named on no page: remove the quote, or name the API where a page needs it"
            ])
        #expect(LibraryQuotes.mismatch(of: "client(_:shouldRetry:error:attempts:)", in: hook) == nil)
        #expect(LibraryQuotes.mismatch(of: "client(_:shouldRetry:attempts:error:)", in: hook) != nil)
        #expect(LibraryQuotes.mismatch(of: "client(_:shouldRetryRequest:attempts:error:)", in: hook) != nil)
        let send = "    public func send<T>(_ r: Request<T>, d: D? = nil) -> R"
        #expect(LibraryQuotes.mismatch(of: "send(_:)", in: send) == nil)
        #expect(LibraryQuotes.mismatch(of: "Session", in: "    public let session: URLSession") != nil)
        #expect(LibraryQuotes.mismatch(of: ".ok", in: "                    return .ok(.init(") == nil)
        let short = [
            LibraryPin(
                library: "Get", aliases: [], version: "2", tie: "",
                quotes: [
                    LibraryQuote(name: "APIClient", repository: "kean/Get", path: "a", commit: "df7bc14", line: "")
                ])
        ]
        #expect(LibraryQuotes.unfaithfulQuotes(short).count == 2)
    }
}
