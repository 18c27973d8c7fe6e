// Pages name only what exists. Every API name a page gives in inline backticks, outside fenced
// blocks (those are quoted code, checked against their files by the code and diff rules), is
// declared in the package's Swift sources (Sources/, Workbench/ and Tests/, read by APIIndex),
// is one of the few platform names listed below, or is marked on the page as the learner's to write.
//
// What reads as an API name; everything else in backticks is prose and is not checked (commands,
// paths, file names, headers, JSON, status lines, expressions, generic types such as
// `Result<[Photo], APIError>`):
// - a type: `APIError`, `PhotoManager`, a module: `Models` (a capitalized word with a lower-case
//   letter; not `GET` or `TOKEN_EXPIRED`, nor `Dwu85P9SOIk`, a photo id, with two runs of digits);
// - an initializer with its labels: `APIClient(session:)`; a call whose arguments are plain
//   values is read for its labels: `APIError(error)` is `APIError(_:)`, `URLError(.badURL)` is
//   `URLError(_:)` (on a type only: a lower-case callee may be a closure, as in `completion(false)`);
// - a function, case or property with its labels: `photo(id:)`, `send(_:as:)`, `asURLRequest()`;
//   on a value, only the function is checked: `session.data(for:)` is `data(for:)`; a trailing
//   `async`, `throws`, `throws(APIError)` or `!` is left out;
// - a member of a type: `APIClient.shared`, `APIError.signUpNotCompleted(token:message:)`; in a
//   longer chain, `APIClient.shared.request`, the first member is the type's and the others some type's;
// - a case or static member of some type: `.invalidRequest`, `.serviceUnavailable(retryAfter:)`;
// - a lowerCamelCase word: `emptyBody`, `typedFailures` (a one-word lower-case name, `path` or
//   `body`, is too often plain English to check);
// - a declaration as the sources would write it: `case photo(id: String)` (a case, not a function,
//   of that name), `func send<T: Decodable>(_ router: some Router, as type: T.Type = T.self)`,
//   `public struct APIClient: Sendable` (a struct), `extension APIError: KindedError`.
//
// Labels match exactly, as a call reads them: `APIError(status:body:)` fails unless some `APIError`
// declares `init(status:body:)`; only a parameter with a default value may be left out. A type has
// the members of its extensions and of the protocols it adopts, a struct its memberwise
// initializer. One name used by several stages is one name here: `APIError` has every stage's cases.
//
// Platform names (Foundation, the standard library, Swift's own, SwiftUI's `.task`) are allowed only
// as listed in `APINames.platform`, each as the check reads it (`URL(string:)!` is `URL(string:)`):
// a new one is added there, on purpose. `elsewhere` lists what pages quote from other code to compare with, and `notSwift`
// the HTTP words shaped like Swift names. A test keeps every entry one that a page uses.
//
// A name the learner writes in an exercise or a kata is allowed where the page marks it, with an
// HTML comment on a line at or before its first mention; it holds to the end of the page:
//
//     <!-- to write: UnsplashAPI.userPhotos(username:), PhotoManager.userPhotos(username:completion:) -->
//
// A marked name also covers the same name with or without its type (`userPhotos(username:)`,
// `.userPhotos(username:)`, `case userPhotos(username: String)`), the bare name without labels
// (`.userPhotos`), and, when it is a type (`HomeScreen`), its members and initializers. It is a
// marker like the others: the Korean page carries the same one, in the same place.
//
// docs/beyond.md and its Korean page are left out: the libraries' APIs there are another check's.
import Foundation

/// A name a page gives in backticks, as the check reads it.
struct APIName: Sendable, Equatable, CustomStringConvertible {
    /// A type and its members (`APIError`, `signUpNotCompleted`), or one function, case or property.
    var path: [String]
    /// The argument labels, `_` for none, when the name is written with parentheses.
    var labels: [String]? = nil
    /// Written `.name`: a case or a static member, of a type the context gives.
    var leadingDot = false
    /// The keyword a quoted declaration uses (`case`, `func`, `var`, `struct`, …): its kind counts too.
    var declaredAs: String? = nil

    /// The name as the check shows it and as a `to write` marker names it: `APIError(response:body:)`.
    var description: String {
        (leadingDot ? "." : "") + Declaration.signature(of: path.joined(separator: "."), labels: labels)
    }

    /// The API names a code span gives: none when it is prose, a command, a path or an expression.
    static func names(in span: String) -> [APIName] {
        let text = span.trimmingSpaces
        let bare = withoutEffects(text)
        if startsDeclaration(text), !isLabelled(bare) {
            return declaration(text)
        }
        return expression(bare).map { [$0] } ?? []
    }

    // MARK: - Names as expressions

    /// Words that are Swift's, not a package's: `throws(APIError)` names no function.
    static let keywords: Set<String> = [
        "throws", "rethrows", "async", "await", "try", "return", "if", "guard", "switch", "for", "while", "catch", "do",
        "in", "is", "as", "some", "any", "where", "self", "Self", "super", "nil", "true", "false", "let", "var",
    ]
    /// File names with a leading dot, which are no case: `.env`, `.gitignore`.
    static let dotFiles: Set<String> = ["env", "gitignore", "devcontainer", "ci", "github", "build", "swift"]
    /// `Name.swift`, `README.md`: a file, not a member.
    static let fileExtensions: Set<String> = [
        "swift", "md", "patch", "json", "diff", "yml", "yaml", "sh", "txt", "env", "plist", "resolved",
    ]

    /// `photo(id:)`, `APIError.signUpNotCompleted(token:message:)`, `.emptyBody`, `APIError`.
    static func expression(_ text: String) -> APIName? {
        var rest = Substring(text)
        var name = APIName(path: [])
        if rest.hasPrefix(".") {
            name.leadingDot = true
            rest = rest.dropFirst()
        }
        let head = rest.prefix { $0 != "(" }
        let path = head.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let first = path.first, path.allSatisfy({ SwiftTokens.isIdentifier($0) }) else { return nil }
        guard !keywords.contains(first) else { return nil }
        // A photo id such as Rk3OQZ1Y5Jw is shaped like a type; no name has two runs of digits.
        guard path.allSatisfy({ digitRuns(in: $0) < 2 }) else { return nil }
        name.path = path
        let arguments = rest.dropFirst(head.count)
        if !arguments.isEmpty {
            guard arguments.hasPrefix("("), arguments.hasSuffix(")"), arguments.count >= 2 else { return nil }
            let inner = arguments.dropFirst().dropLast()
            if let labels = labelList(inner) {
                name.labels = labels
            } else if first.first?.isUppercase == true, !name.leadingDot, let labels = argumentLabels(inner) {
                name.labels = labels
            } else {
                return nil
            }
        }
        return shaped(name)
    }

    /// `name` if it is shaped like an API name, as the file's header says; nil for prose.
    static func shaped(_ name: APIName) -> APIName? {
        let path = name.path
        guard let first = path.first, let last = path.last else { return nil }
        if name.leadingDot {
            return path.count == 1 && !dotFiles.contains(first) ? name : nil
        }
        if name.labels != nil {
            // `session.data(for:)`: the receiver is a value the check cannot see; the function is checked.
            if path.count > 1, first.first?.isLowercase == true {
                return APIName(path: [last], labels: name.labels)
            }
            return name
        }
        if path.count > 1 {
            return first.first?.isUppercase == true && !fileExtensions.contains(last) ? name : nil
        }
        let hasLower = first.contains { $0.isLowercase }
        let hasUpper = first.contains { $0.isUppercase }
        if first.first?.isUppercase == true {
            return first.count >= 2 && hasLower && !first.contains("_") ? name : nil
        }
        return hasUpper && !first.contains("_") ? name : nil
    }

    /// `a:b:` → ["a", "b"]; "" → []; nil when the text is not a list of labels.
    static func labelList(_ text: Substring) -> [String]? {
        guard !text.isEmpty else { return [] }
        guard text.hasSuffix(":") else { return nil }
        let labels = text.dropLast().split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        return labels.allSatisfy({ SwiftTokens.isIdentifier($0) }) ? labels : nil
    }

    /// The labels of a call whose arguments are plain values: `(username: username)`, `(.badURL)`,
    /// `(photos, error)`; nil when an argument is anything more (a string, a closure, a call).
    static func argumentLabels(_ text: Substring) -> [String]? {
        var labels: [String] = []
        for argument in topLevelParts(of: text) {
            let item = argument.trimmingSpaces
            if let colon = item.firstIndex(of: ":") {
                let label = item[..<colon]
                let value = item[item.index(after: colon)...].trimmingSpaces
                guard SwiftTokens.isIdentifier(label), isPlainValue(value) else { return nil }
                labels.append(String(label))
            } else {
                guard isPlainValue(item) else { return nil }
                labels.append("_")
            }
        }
        return labels
    }

    /// A name, a number, a member (`.badURL`, `MainActor.self`), `…`, or a type in brackets.
    static func isPlainValue(_ text: String) -> Bool {
        var value = Substring(text)
        if value.hasPrefix("["), value.hasSuffix("]") { value = value.dropFirst().dropLast() }
        if value.hasPrefix(".") { value = value.dropFirst() }
        if value.hasSuffix("?") || value.hasSuffix("!") { value = value.dropLast() }
        return !value.isEmpty && value.allSatisfy { SwiftTokens.isWordCharacter($0) || $0 == "." || $0 == "…" }
    }

    /// The parts of `text` between its commas, but for commas inside brackets.
    static func topLevelParts(of text: Substring) -> [Substring] {
        var parts: [Substring] = []
        var depth = 0
        var start = text.startIndex
        for index in text.indices {
            switch text[index] {
            case "(", "[", "<", "{": depth += 1
            case ")", "]", ">", "}": depth -= 1
            case "," where depth == 0:
                parts.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
        }
        parts.append(text[start...])
        return parts
    }

    static func digitRuns(in word: String) -> Int {
        var runs = 0
        var previousWasDigit = false
        for character in word {
            if character.isNumber && !previousWasDigit { runs += 1 }
            previousWasDigit = character.isNumber
        }
        return runs
    }

    /// The text less what follows a name and is not part of it: ` async`, ` throws(APIError)`, `!`.
    static func withoutEffects(_ text: String) -> String {
        var text = text
        while true {
            if text.hasSuffix(")!") || text.hasSuffix(")?") {
                text.removeLast()
                continue
            }
            guard let space = text.lastIndex(of: " ") else { return text }
            let word = text[text.index(after: space)...]
            let typedThrows =
                word.hasPrefix("throws(") && word.hasSuffix(")")
                && SwiftTokens.isIdentifier(word.dropFirst("throws(".count).dropLast())
            guard ["async", "throws", "rethrows"].contains(word) || typedThrows else { return text }
            text = String(text[..<space])
        }
    }

    /// Whether `text` is a name with a list of labels, or none: `init(response:body:)`, `send(_:)`.
    static func isLabelled(_ text: String) -> Bool {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return false }
        return labelList(text[text.index(after: open)..<text.index(before: text.endIndex)]) != nil
    }

    // MARK: - Names as declarations

    static let declarationKeywords: Set<String> = [
        "func", "init", "case", "struct", "enum", "class", "actor", "protocol", "extension", "var", "let",
    ]

    /// Whether `text` opens with a declaration: its modifiers and attributes, then its keyword.
    static func startsDeclaration(_ text: String) -> Bool {
        let tokens = SwiftTokens.of(text)
        let start = firstKeyword(in: tokens)
        return start < tokens.count && declarationKeywords.contains(tokens[start].text)
    }

    /// The index of the first token after the modifiers and attributes (`public`, `@MainActor`, `private(set)`).
    static func firstKeyword(in tokens: [SwiftToken]) -> Int {
        var index = 0
        while index < tokens.count {
            let text = tokens[index].text
            let previous = index > 0 ? tokens[index - 1].text : ""
            let isAttribute = text == "@" || previous == "@"
            // `private(set)`: the parenthesis, `set` and its closing parenthesis.
            let isSetter =
                (text == "(" && ["private", "fileprivate", "internal", "public"].contains(previous))
                || (text == "set" && previous == "(") || (text == ")" && previous == "set")
            // `class` is a modifier only before another declaration's keyword.
            let isModifier =
                APIIndex.modifiers.contains(text)
                && !(text == "class" && index + 1 < tokens.count && tokens[index + 1].isIdentifier
                    && !declarationKeywords.contains(tokens[index + 1].text)
                    && !APIIndex.modifiers.contains(tokens[index + 1].text))
            guard isAttribute || isSetter || isModifier else { return index }
            index += 1
        }
        return index
    }

    /// The names a quoted declaration gives; none when it gives no name to check (`let x = …`).
    static func declaration(_ text: String) -> [APIName] {
        let tokens = SwiftTokens.of(text)
        let start = firstKeyword(in: tokens)
        guard start < tokens.count else { return [] }
        let keyword = tokens[start].text
        let next = start + 1 < tokens.count ? tokens[start + 1] : nil
        switch keyword {
        case "struct", "enum", "class", "actor", "protocol":
            guard let next, next.isIdentifier else { return [] }
            return [APIName(path: [next.text], declaredAs: keyword)]
        case "extension":
            guard let next, next.isIdentifier else { return [] }
            let inherited = APIIndex.inheritance(tokens, from: APIIndex.skippingGenerics(tokens, from: start + 2))
            return [APIName(path: [next.text])] + inherited.map { APIName(path: [$0]) }
        case "func":
            guard let next, next.isIdentifier else { return [] }
            let clause = APIIndex.parameters(tokens, openingAt: APIIndex.skippingGenerics(tokens, from: start + 2))
            return [APIName(path: [next.text], labels: clause.map { $0.list.map(\.label) }, declaredAs: "func")]
        case "init":
            var opening = start + 1
            if opening < tokens.count, tokens[opening].text == "?" || tokens[opening].text == "!" { opening += 1 }
            guard let clause = APIIndex.parameters(tokens, openingAt: APIIndex.skippingGenerics(tokens, from: opening))
            else { return [] }
            return [APIName(path: ["init"], labels: clause.list.map(\.label))]
        case "case":
            // `case photo(id: String)`; not a pattern such as `case .favorite: "PUT"` or `case let …`.
            guard let next, next.isIdentifier, !keywords.contains(next.text) else { return [] }
            let clause = APIIndex.parameters(tokens, openingAt: start + 2)
            guard (clause?.end ?? start + 2) == tokens.count else { return [] }
            return [APIName(path: [next.text], labels: clause.map { $0.list.map(\.label) }, declaredAs: "case")]
        case "var", "let":
            // `static let shared` names a property; `let api = …` is code.
            guard let next, next.isIdentifier, !tokens.contains(where: { $0.text == "=" }) else { return [] }
            return [APIName(path: [next.text], declaredAs: "var")]
        default:
            return []
        }
    }
}
