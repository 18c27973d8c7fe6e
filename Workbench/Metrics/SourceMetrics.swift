// The counting rules, applied to scanned Swift text, and the file-system side: finding the
// package's stage modules and measuring every file in one.
import Foundation
import Locking

/// Measures Swift sources. Counts are computed from the text, never typed in.
public enum SourceMetrics {
    /// The access key literal the workbook's stages use.
    public static let demoAccessKey = "workbook-demo-access-key"

    /// Measures in-memory sources (file name, text); used by tests and by measure(directory:).
    public static func measure(
        module: String, files: [(name: String, text: String)], keyLiteral: String = demoAccessKey
    ) -> StageMetrics {
        var lines = 0
        var functions = 0
        var calls = 0
        var keys = 0
        var unwraps = 0
        var decodes = 0
        for file in files {
            let counts = FileCounts.of(file.text, keyLiteral: keyLiteral)
            lines += counts.linesOfCode
            functions += counts.requestFunctions
            calls += counts.sessionCallSites
            keys += counts.keyLiterals
            unwraps += counts.forceUnwraps
            decodes += counts.replyDecodes
        }
        return StageMetrics(
            module: module, files: files.count, linesOfCode: lines, requestFunctions: functions,
            sessionCallSites: calls, keyLiterals: keys, forceUnwraps: unwraps, replyDecodes: decodes
        )
    }

    /// The counts of one file's text.
    struct FileCounts: Sendable {
        let linesOfCode: Int
        let requestFunctions: Int
        let sessionCallSites: Int
        let keyLiterals: Int
        let forceUnwraps: Int
        let replyDecodes: Int

        /// Scanning is the slow part, and the same text always gives the same counts: the suite, the
        /// docs checks and the commands measure the same stages (stages 5 and 6 share files), so
        /// each text is scanned once per process, whatever literal is counted in it.
        static func of(_ text: String, keyLiteral: String) -> FileCounts {
            let scanned = Scanned.of(text)
            return FileCounts(
                linesOfCode: scanned.linesOfCode, requestFunctions: scanned.requestFunctions,
                sessionCallSites: scanned.sessionCallSites,
                keyLiterals: scanned.stringRuns.reduce(0) { $0 + occurrences(of: keyLiteral, in: $1) },
                forceUnwraps: scanned.forceUnwraps, replyDecodes: scanned.replyDecodes)
        }

        /// What a scan finds in one text, and its string literals' runs, in which a literal is counted.
        private struct Scanned: Sendable {
            let linesOfCode: Int
            let requestFunctions: Int
            let sessionCallSites: Int
            let forceUnwraps: Int
            let replyDecodes: Int
            let stringRuns: [String]

            static func of(_ text: String) -> Scanned {
                memo.remembered(text) {
                    let source = ScannedSource(text)
                    let code = source.code
                    let words = tokens(of: code)
                    let requests = countRequests(in: words)
                    return Scanned(
                        linesOfCode: source.codeLineCount, requestFunctions: requests.functions,
                        sessionCallSites: requests.adapters, forceUnwraps: countForceUnwraps(in: code),
                        replyDecodes: countReplyDecodes(in: words), stringRuns: source.stringRuns)
                }
            }

            private static let memo = Locked<[String: Scanned]>([:])
        }
    }

    /// Measures every .swift file under a module directory, sorted by path for determinism.
    public static func measure(directory: URL, keyLiteral: String = demoAccessKey) throws -> StageMetrics {
        let fileManager = FileManager.default
        var files: [(name: String, text: String)] = []
        for relativePath in try fileManager.subpathsOfDirectory(atPath: directory.path).sorted()
        where relativePath.hasSuffix(".swift") {
            let url = directory.appendingPathComponent(relativePath)
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                continue
            }
            files.append((relativePath, try String(contentsOf: url, encoding: .utf8)))
        }
        return measure(module: directory.lastPathComponent, files: files, keyLiteral: keyLiteral)
    }

    /// The package's Sources/ directory, found by walking up from a source file path (pass #filePath)
    /// until a directory containing Package.swift is found; nil if none.
    public static func sourcesDirectory(from filePath: String) -> URL? {
        var directory = URL(fileURLWithPath: filePath).standardizedFileURL.deletingLastPathComponent()
        while true {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory.appendingPathComponent("Sources", isDirectory: true)
            }
            // The root's only component is "/": there is nowhere further up to look.
            guard directory.pathComponents.count > 1 else { return nil }
            directory = directory.deletingLastPathComponent()
        }
    }

    /// The stage module directories under Sources/: "Stage" and a number, then a name, sorted by
    /// number (Stage1Hardcoded, Stage2EnumAPI, ...).
    public static func stageDirectories(in sources: URL) throws -> [URL] {
        try FileManager.default
            .contentsOfDirectory(at: sources, includingPropertiesForKeys: [.isDirectoryKey])
            .filter { url in
                url.lastPathComponent.hasPrefix("Stage")
                    && url.lastPathComponent.dropFirst("Stage".count).first?.isNumber == true
                    && (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true
            }
            // Numeric order, so that a Stage10 would follow Stage9 rather than Stage1.
            .sorted { $0.lastPathComponent.compare($1.lastPathComponent, options: .numeric) == .orderedAscending }
    }

    // MARK: Rules

    /// Letters, digits, `_` and `$` (for `$0`): what an identifier or keyword is made of. Any
    /// byte of a character outside ASCII counts too: in blanked code, such a character can only
    /// be part of a name.
    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...:
            true
        default: false
        }
    }

    /// Words and single punctuation characters of blanked code; whitespace only separates them.
    static func tokens(of code: [UInt8]) -> [String] {
        var tokens: [String] = []
        var wordStart: Int?
        for (index, byte) in code.enumerated() {
            if isIdentifierByte(byte) {
                if wordStart == nil { wordStart = index }
                continue
            }
            if let start = wordStart {
                tokens.append(String(decoding: code[start..<index], as: UTF8.self))
                wordStart = nil
            }
            if !byte.isWhitespace { tokens.append(String(decoding: CollectionOfOne(byte), as: UTF8.self)) }
        }
        if let start = wordStart { tokens.append(String(decoding: code[start...], as: UTF8.self)) }
        return tokens
    }

    /// `.dataTask(`, `.data(for:`, `.data(from:`, `.upload(for:` or `.download(for:` starting at `index`.
    static func isSessionCall(_ tokens: [String], at index: Int) -> Bool {
        func token(_ offset: Int) -> String? {
            index + offset < tokens.count ? tokens[index + offset] : nil
        }
        guard token(0) == ".", token(2) == "(", let name = token(1) else { return false }
        if name == "dataTask" { return true }
        guard token(4) == ":", let label = token(3) else { return false }
        switch name {
        case "data": return label == "for" || label == "from"
        case "upload", "download": return label == "for"
        default: return false
        }
    }

    /// Keywords that start another declaration: a `func` still waiting for its body when one of
    /// these arrives was a requirement with no body, so the next `{` is not its body.
    static let declarationKeywords: Set<String> = [
        "var", "let", "init", "deinit", "subscript", "typealias", "associatedtype",
        "struct", "class", "enum", "protocol", "extension", "actor",
    ]

    /// Call sites, and the funcs that hold at least one. A call belongs to the innermost func
    /// whose body encloses it; closures are not funcs, so a call in a closure belongs to the func
    /// around the closure. Initializers and computed properties are not counted as functions:
    /// the ladder's claim is about request functions a caller invokes by name.
    static func countRequests(in tokens: [String]) -> (functions: Int, adapters: Int) {
        var braceDepth = 0
        var parenDepth = 0
        // A `func` whose body has not opened yet; its body is the first `{` outside its parameter list.
        var waiting: (id: Int, parenDepth: Int)?
        var openBodies: [(id: Int, braceDepth: Int)] = []
        var funcCount = 0
        var funcsWithCalls = Set<Int>()
        var adapters = 0

        for index in tokens.indices {
            switch tokens[index] {
            case "func":
                waiting = (funcCount, parenDepth)
                funcCount += 1
            case "(":
                parenDepth += 1
            case ")":
                parenDepth = max(0, parenDepth - 1)
            case "{":
                braceDepth += 1
                // A `{` inside the parameter list (a default-value closure) is not the body.
                if let pending = waiting, pending.parenDepth == parenDepth {
                    openBodies.append((pending.id, braceDepth))
                    waiting = nil
                }
            case "}":
                if let innermost = openBodies.last, innermost.braceDepth == braceDepth { openBodies.removeLast() }
                braceDepth -= 1
                // The end of a protocol or type: a `func` still waiting there had no body.
                if waiting?.parenDepth == parenDepth { waiting = nil }
            case let word where declarationKeywords.contains(word) && waiting?.parenDepth == parenDepth:
                waiting = nil
            default:
                if isSessionCall(tokens, at: index) {
                    adapters += 1
                    if let innermost = openBodies.last { funcsWithCalls.insert(innermost.id) }
                }
            }
        }
        return (funcsWithCalls.count, adapters)
    }

    /// `.decode(` under a plain `try`, in the same statement: where a reply becomes a value, its
    /// decoding error passed on. Under `try?` a body is only read for what it says, as a failure's
    /// message is: that is not a place that decodes a reply.
    static func countReplyDecodes(in tokens: [String]) -> Int {
        let statementEnds: Set<String> = ["{", "}", ";", "=", "return", "let", "var", "if", "guard", ","]
        var count = 0
        for index in tokens.indices.dropFirst() where tokens[index] == "decode" && tokens[index - 1] == "." {
            guard index + 1 < tokens.count, tokens[index + 1] == "(" else { continue }
            var back = index - 1
            while back > 0, tokens[back] != "try", !statementEnds.contains(tokens[back]) { back -= 1 }
            let marked = back + 1 < tokens.count ? tokens[back + 1] : ""
            if tokens[back] == "try", marked != "?", marked != "!" { count += 1 }
        }
        return count
    }

    /// A postfix `!` right after an identifier, `)` or `]` — `try!` and `as!` end in a letter,
    /// so they are caught too. `!=` is a comparison; a `!` after a space or `(` is a logical not.
    static func countForceUnwraps(in code: [UInt8]) -> Int {
        var count = 0
        for index in code.indices.dropFirst() where code[index] == UInt8(ascii: "!") {
            let before = code[index - 1]
            let after: UInt8? = index + 1 < code.count ? code[index + 1] : nil
            if after != UInt8(ascii: "=")
                && (isIdentifierByte(before) || before == UInt8(ascii: ")") || before == UInt8(ascii: "]"))
            {
                count += 1
            }
        }
        return count
    }

    /// Non-overlapping occurrences of `needle` in `text`.
    static func occurrences(of needle: String, in text: String) -> Int {
        guard !needle.isEmpty else { return 0 }
        var count = 0
        var rest = text[...]
        while let found = rest.range(of: needle) {
            count += 1
            rest = rest[found.upperBound...]
        }
        return count
    }
}
