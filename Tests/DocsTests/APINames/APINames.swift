// The API-name check's lists and rules: the platform names a page may give, the pages it skips,
// and what it finds wrong on a page, read against the package's index (APIIndex.swift).
import Foundation

enum APINames {
    /// Apple's SDK, the standard library and Swift itself, exactly as the pages name them.
    static let platform: Set<String> = [
        // Types and protocols.
        "CancellationError", "Character", "Codable", "Decodable", "DecodingError", "Duration", "Error",
        "HTTPURLResponse", "Int", "JSONDecoder", "JSONEncoder", "JSONSerialization", "TaskExecutor",
        "LocalizedError", "NSError", "NSLock", "Result", "Sendable", "String", "Task", "URLComponents", "URLError",
        "ContinuousClock", "URLProtocol", "URLQueryItem", "URLRequest", "URLSession",
        // Their initializers and members.
        "CharacterSet.urlPathAllowed", "DispatchQueue.main", "JSONSerialization.data(withJSONObject:options:)",
        "Process.waitUntilExit()",
        "Task.isCancelled", "URL(string:)", "URLComponents(string:)", "URLComponents.queryItems",
        "URLError(_:)", "URLSession.shared", "URLSession.shared.dataTask", "cancelAll()",
        "allHTTPHeaderFields", "compactMap", "data(for:)", "dataTask", "dataTask(with:)", "fatalError", "httpBody",
        "httpMethod", "setValue(_:forHTTPHeaderField:)",
        "localizedDescription", "resume()", "withCheckedContinuation", "withThrowingTaskGroup",
        // DecodingError's cases, and where its context says the body went wrong.
        "typeMismatch", "keyNotFound", "valueNotFound", "dataCorrupted", "codingPath",
        // JSONSerialization's and JSONEncoder's `.sortedKeys`, SwiftUI's `.task`.
        ".sortedKeys", ".task",
        // Modules, and an upcoming language feature.
        "Foundation", "FoundationNetworking", "Observation", "Testing", "NonisolatedNonsendingByDefault",
    ]

    /// What the pages quote from other code to compare with: Moya, Alamofire, the source app.
    static let elsewhere: Set<String> = [
        "PluginType", "RequestInterceptor", "TargetType", "URLRequestConvertible", "requestStatusCode",
        // What Korean iOS teams call the envelope (docs/ko/glossary.md).
        "BaseResponse",
    ]

    /// HTTP words shaped like Swift names: a header's name, an authorization scheme.
    static let notSwift: Set<String> = ["Authorization", "Bearer", "Referer"]

    static let allowed = platform.union(elsewhere).union(notSwift)

    /// Pages whose names are another check's.
    static let skipped: Set<String> = ["docs/beyond.md", "docs/ko/beyond.md"]

    /// Every name `page` gives that the sources do not declare, the lists do not allow and no
    /// `to write` marker above it covers.
    static func problems(_ page: DocPage, _ index: APIIndex) -> [DocProblem] {
        var problems: [DocProblem] = []
        var toWrite: [String] = []
        for (line, prose) in page.prose {
            // A marker in backticks is quoted, not a marker: the prose has its code spans blanked.
            for marker in DocPage.comments("to write", in: prose) {
                toWrite += marker.body.split(separator: ",").map { $0.trimmingSpaces }
                    .filter { !$0.isEmpty }
            }
            for span in codeSpans(in: page.lines[line]) {
                for name in APIName.names(in: span) {
                    let written = name.description
                    guard !allowed.contains(written), !toWrite.contains(where: { marks($0, name) }),
                        let reason = index.missing(name)
                    else { continue }
                    problems.append(
                        DocProblem(
                            file: page.path, line: line + 1, excerpt: "`\(span)`",
                            message: "\(reason). Name what the sources declare; if the learner writes it, mark it "
                                + "<!-- to write: \(written) --> at or before its first mention; a platform name "
                                + "goes in APINames.platform"))
                }
            }
        }
        return problems
    }

    /// Every name `page` gives, checked or not: what the allow-lists may hold.
    static func names(on page: DocPage) -> Set<String> {
        var names: Set<String> = []
        for (line, _) in page.prose {
            for span in codeSpans(in: page.lines[line]) {
                names.formUnion(APIName.names(in: span).map(\.description))
            }
        }
        return names
    }

    /// Whether the name a `to write` marker gives covers `name`, as the file's header says.
    static func marks(_ marker: String, _ name: APIName) -> Bool {
        let named = String(name.description.drop { $0 == "." })
        func covers(_ marked: String) -> Bool {
            named == marked || named.hasSuffix("." + marked) || marked.hasSuffix("." + named)
                || named.hasPrefix(marked + ".") || named.hasPrefix(marked + "(")
        }
        let marked = String(marker.drop { $0 == "." })
        if covers(marked) { return true }
        // `.userPhotos`, written without labels, is the marked `userPhotos(username:)` too.
        guard name.labels == nil, let open = marked.firstIndex(of: "(") else { return false }
        return covers(String(marked[..<open]))
    }

    /// The text of every code span of a Markdown line, found as `DocPage.blankingCodeSpans` finds them.
    static func codeSpans(in line: String) -> [String] {
        var spans: [String] = []
        var rest = Substring(line)
        while let open = rest.firstIndex(of: "`") {
            let run = rest[open...].prefix { $0 == "`" }
            let afterRun = rest[run.endIndex...]
            // The span ends at the next run of exactly as many backticks.
            var search = afterRun.startIndex
            var end: (content: Substring, next: Substring.Index)?
            while let next = afterRun[search...].firstIndex(of: "`") {
                let closing = afterRun[next...].prefix { $0 == "`" }
                if closing.count == run.count {
                    end = (afterRun[..<next], closing.endIndex)
                    break
                }
                search = closing.endIndex
            }
            guard let end else {
                rest = afterRun
                continue
            }
            spans.append(String(end.content))
            rest = rest[end.next...]
        }
        return spans
    }
}

extension APIIndex {
    /// The package's sources, read once for every page.
    static let package = Result { () throws(DocsSetupError) -> APIIndex in
        guard let root = PackageWorld.root else {
            throw DocsSetupError("Package.swift was not found above \(#filePath)")
        }
        var sources: [String] = []
        for folder in ["Sources", "Workbench", "Tests"] {
            let url = root.appendingPathComponent(folder)
            let paths = (try? FileManager.default.subpathsOfDirectory(atPath: url.path)) ?? []
            // A catalog's stage files are links to the stages' own (the tutorial's Resources): read
            // once, where they are, and never through a link that a kata has left pointing at nothing.
            for path in paths.sorted() where path.hasSuffix(".swift") && !path.contains(".docc/") {
                guard let text = try? String(contentsOf: url.appendingPathComponent(path), encoding: .utf8) else {
                    throw DocsSetupError("cannot read \(folder)/\(path)")
                }
                sources.append(text)
            }
        }
        guard !sources.isEmpty else { throw DocsSetupError("no Swift sources under \(root.path)") }
        guard let manifest = try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        else {
            throw DocsSetupError("cannot read Package.swift")
        }
        return APIIndex(sources: sources, modules: APIIndex.targetNames(inManifest: manifest))
    }

    /// Nil when the sources declare `name`; otherwise why not, with the nearest names they do declare.
    func missing(_ name: APIName) -> String? {
        let path = name.path
        guard let head = path.first, let last = path.last else { return nil }
        if name.leadingDot || (head == "init" && path.count == 1) {
            return missingAnywhere(head, labels: name.labels, kind: nil)
        }
        guard head.first?.isUppercase == true else {
            return missingAnywhere(head, labels: name.labels, kind: name.declaredAs)
        }
        // A type the sources only extend has members, but is no type they declare.
        guard let type = types[head], !type.kinds.isEmpty || path.count > 1 else {
            if path.count == 1, name.labels == nil, modules.contains(head) { return nil }
            return "no source declares a type \(head)" + Self.nearest(head, among: typeNames)
        }
        if let keyword = name.declaredAs, !type.kinds.isEmpty, !type.kinds.contains(keyword) {
            return "\(head) is declared as \(type.kinds.sorted().joined(separator: " and ")), not as \(keyword)"
        }
        guard path.count > 1 else {
            guard let labels = name.labels else { return nil }
            return missingMember("init", labels: labels, in: head)
        }
        if path.count == 2 {
            if last.first?.isUppercase == true, name.labels == nil {
                return types[last]?.kinds.isEmpty == false
                    ? nil : "no source declares a type \(last)" + Self.nearest(last, among: typeNames)
            }
            return missingMember(last, labels: name.labels, in: head)
        }
        // A chain: the first member is the type's; what it holds is not known here, so the rest
        // are members of some type.
        if path[1].first?.isUppercase != true, let problem = missingMember(path[1], labels: nil, in: head) {
            return problem
        }
        for middle in path.dropFirst(2).dropLast() {
            if let problem = missingAnywhere(middle, labels: nil, kind: nil) { return problem }
        }
        return missingAnywhere(last, labels: name.labels, kind: nil)
    }

    /// Nil when `type` has a member `member` that takes `labels`.
    func missingMember(_ member: String, labels: [String]?, in type: String) -> String? {
        let all = members(of: type)
        let named = all.filter { $0.name == member }
        guard !named.isEmpty else {
            return "\(type) has no member \(member)" + Self.nearest(member, among: all.map(\.name))
        }
        guard let labels, !named.contains(where: { $0.accepts(labels) }) else { return nil }
        let wanted = Declaration.signature(of: member, labels: labels)
        return "\(type) has \(Self.listed(named.map(\.signature))), but no \(wanted)"
    }

    /// Nil when some type, or the top level, declares `member` with `labels`, as a `kind` if one is given.
    func missingAnywhere(_ member: String, labels: [String]?, kind: String?) -> String? {
        let all = byName[member] ?? []
        let named = all.filter { kind == nil || $0.declaration.kind.rawValue == kind }
        let wanted = Declaration.signature(of: member, labels: labels)
        let declared = Self.listed(
            all.map { entry in
                (entry.owner.map { $0 + "." } ?? "") + entry.declaration.signature
                    + " (\(entry.declaration.kind.rawValue))"
            })
        if named.isEmpty {
            if all.isEmpty, kind == nil, labels == nil, types[member]?.kinds.isEmpty == false { return nil }
            guard all.isEmpty else {
                return "no source declares a \(kind ?? "member") \(wanted); they declare \(declared)"
            }
            return "no source declares \(wanted)" + Self.nearest(member, among: Array(byName.keys) + typeNames)
        }
        guard let labels, !named.contains(where: { $0.declaration.accepts(labels) }) else { return nil }
        return "the sources declare \(declared), but no \(wanted)"
    }

    /// The names, sorted, without repeats, at most eight.
    static func listed(_ names: [String]) -> String {
        let unique = Array(Set(names)).sorted()
        return unique.prefix(8).joined(separator: ", ") + (unique.count > 8 ? ", …" : "")
    }

    /// " (the nearest: A, B, C)": the three names closest to `name` in edit distance.
    static func nearest(_ name: String, among candidates: [String]) -> String {
        let target = Array(name.lowercased())
        // Spelt out: inferred, this took the type checker over a second.
        let distances: [(name: String, distance: Int)] = Set(candidates).map { candidate in
            (name: candidate, distance: editDistance(target, Array(candidate.lowercased())))
        }
        let ranked = distances.sorted { (a: (name: String, distance: Int), b: (name: String, distance: Int)) -> Bool in
            a.distance != b.distance ? a.distance < b.distance : a.name < b.name
        }
        guard !ranked.isEmpty else { return "" }
        let nearest: [String] = ranked.prefix(3).map(\.name)
        return " (the nearest: " + nearest.joined(separator: ", ") + ")"
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
