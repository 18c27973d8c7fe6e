// What the package's Swift sources declare, read as the API-name check needs it: each type with
// its members and argument labels, and the functions and properties outside any type. The
// sources are read with comments and string literals blanked, then scanned for declarations;
// this is a reader for the names, not a parser for the language.
import Foundation

@testable import Metrics

/// One parameter of a function, an initializer or an enum case's payload.
struct Parameter: Sendable, Hashable {
    /// The argument label; `_` when the call writes none.
    let label: String
    /// A call may leave out a parameter with a default value.
    let hasDefault: Bool
}

/// A function, initializer, enum case or property, as a type or the file's top level declares it.
struct Declaration: Sendable, Hashable {
    enum Kind: String, Sendable {
        case function = "func"
        case initializer = "init"
        case enumCase = "case"
        case property = "var"
    }

    let kind: Kind
    let name: String
    /// Nil for a property and for a case without a payload.
    let parameters: [Parameter]?

    /// `send(_:as:)`, `init(response:body:)`, `emptyBody`.
    var signature: String {
        Self.signature(of: name, labels: parameters?.map(\.label))
    }

    /// A name as a call writes it: `send(_:as:)` with labels, `emptyBody` without.
    static func signature(of name: String, labels: [String]?) -> String {
        guard let labels else { return name }
        return name + "(" + labels.map { $0 + ":" }.joined() + ")"
    }

    static func initializer(_ parameters: [Parameter]) -> Declaration {
        Declaration(kind: .initializer, name: "init", parameters: parameters)
    }

    /// Whether a call written with `labels` calls this: the labels in order, and only parameters
    /// with a default value left out.
    func accepts(_ labels: [String]) -> Bool {
        guard let parameters else { return false }
        func matches(_ written: Int, _ declared: Int) -> Bool {
            if written == labels.count { return parameters[declared...].allSatisfy(\.hasDefault) }
            guard declared < parameters.count else { return false }
            if parameters[declared].label == labels[written], matches(written + 1, declared + 1) { return true }
            return parameters[declared].hasDefault && matches(written, declared + 1)
        }
        return matches(0, 0)
    }
}

/// Every declaration of the package's sources, by type and by name.
struct APIIndex: Sendable {
    /// What the sources say of one type name, over every stage and extension that uses it.
    struct DeclaredType: Sendable {
        /// How it is declared: struct, enum, class, actor, protocol, typealias or associatedtype;
        /// empty for a type the sources only extend (`URLRequest`).
        var kinds: Set<String> = []
        var members: Set<Declaration> = []
        /// The types and protocols it adopts, whose members it has too.
        var inherited: Set<String> = []
    }

    /// What a scan finds, in the order the source has it.
    enum Found: Sendable, Equatable {
        /// A type declared (`struct`, `enum`, …) or extended (`extension`), and what it adopts.
        case type(name: String, keyword: String, inherited: [String])
        /// A member of `owner`, or a declaration at the top level when `owner` is nil.
        case member(owner: String?, Declaration)
    }

    private(set) var types: [String: DeclaredType] = [:]
    private(set) var globals: Set<Declaration> = []
    /// The package's target names (`Models`, `Stage3Result`): a page may name a module.
    let modules: Set<String>
    /// Every member and top-level declaration by its name, with the type that declares it.
    private(set) var byName: [String: [(owner: String?, declaration: Declaration)]] = [:]

    init(sources: [String], modules: Set<String>) {
        self.modules = modules
        for source in sources {
            for found in Self.declarations(in: source) {
                switch found {
                case .type(let name, let keyword, let inherited):
                    types[name, default: DeclaredType()].inherited.formUnion(inherited)
                    if keyword != "extension" { types[name, default: DeclaredType()].kinds.insert(keyword) }
                case .member(let owner, let declaration):
                    if let owner {
                        types[owner, default: DeclaredType()].members.insert(declaration)
                    } else {
                        globals.insert(declaration)
                    }
                }
            }
        }
        for (name, type) in types {
            for member in type.members { byName[member.name, default: []].append((name, member)) }
        }
        for global in globals { byName[global.name, default: []].append((nil, global)) }
    }

    /// The members of `type`, with those of the types and protocols it adopts.
    func members(of type: String) -> [Declaration] {
        var seen: Set<String> = []
        var pending = [type]
        var found: Set<Declaration> = []
        while let next = pending.popLast() {
            guard !seen.contains(next), let declared = types[next] else { continue }
            seen.insert(next)
            found.formUnion(declared.members)
            pending += declared.inherited
        }
        return found.sorted { $0.signature < $1.signature }
    }

    /// The names of the types the sources declare, for suggestions.
    var typeNames: [String] {
        types.filter { !$0.value.kinds.isEmpty }.keys.sorted()
    }

    /// The package's target names: the string literals of Package.swift shaped like a module's name.
    static func targetNames(inManifest manifest: String) -> Set<String> {
        Set(
            ScannedSource(manifest).stringRuns.filter {
                $0.first?.isUppercase == true && SwiftTokens.isIdentifier($0)
            })
    }

    // MARK: - Reading a source

    /// A type whose body is open: members at `bodyDepth` are its own.
    private struct OpenType {
        let name: String
        let keyword: String
        var bodyDepth = 0
        var hasInitializer = false
        /// A struct's stored properties, in order: its memberwise initializer's parameters.
        var stored: [Parameter] = []
    }

    /// The types, members and top-level declarations of one Swift source. Local functions and
    /// variables, inside a function's body, are not API and are skipped.
    static func declarations(in source: String) -> [Found] {
        let tokens = SwiftTokens.of(ScannedSource(source).code)
        var found: [Found] = []
        var depth = 0
        var open: [OpenType] = []
        var pending: OpenType?
        var index = 0
        while index < tokens.count {
            let text = tokens[index].text
            let afterDot = index > 0 && tokens[index - 1].text == "."
            let next = index + 1 < tokens.count ? tokens[index + 1] : nil
            // Whose a declaration here is: the innermost open type's, the file's, or nobody's.
            let inType = open.last.map { $0.bodyDepth == depth } ?? false
            let owner: String? = inType ? open.last?.name : nil
            let recorded = inType || (depth == 0 && open.isEmpty)
            func record(_ declaration: Declaration) {
                guard recorded else { return }
                found.append(.member(owner: owner, declaration))
                if inType, declaration.kind == .initializer { open[open.count - 1].hasInitializer = true }
            }

            if text == "{" {
                depth += 1
                if var type = pending {
                    type.bodyDepth = depth
                    open.append(type)
                    pending = nil
                }
            } else if text == "}" {
                if let type = open.last, type.bodyDepth == depth {
                    open.removeLast()
                    // The initializers Swift writes when the type declares none in its body.
                    if !type.hasInitializer, type.keyword == "struct" {
                        found.append(.member(owner: type.name, .initializer(type.stored)))
                    } else if !type.hasInitializer, type.keyword == "class" || type.keyword == "actor" {
                        found.append(.member(owner: type.name, .initializer([])))
                    }
                }
                depth -= 1
            } else if afterDot || !tokens[index].isIdentifier {
                // A member access (`.init(`, `.case`), or punctuation.
            } else if typeKeywords.contains(text), let next, next.isIdentifier, !notTypeNames.contains(next.text) {
                // `extension Outer.Inner` extends Inner.
                var position = index + 1
                var name = next.text
                while position + 2 < tokens.count, tokens[position + 1].text == ".", tokens[position + 2].isIdentifier {
                    position += 2
                    name = tokens[position].text
                }
                position = skippingGenerics(tokens, from: position + 1)
                let inherited = inheritance(tokens, from: position)
                found.append(.type(name: name, keyword: text, inherited: inherited))
                if text == "enum", let raw = inherited.first, rawValueTypes.contains(raw) {
                    found.append(.member(owner: name, .initializer([Parameter(label: "rawValue", hasDefault: false)])))
                }
                pending = OpenType(name: name, keyword: text)
                index = position
                continue
            } else if text == "typealias" || text == "associatedtype", let next, next.isIdentifier {
                found.append(.type(name: next.text, keyword: text, inherited: []))
            } else if text == "func", let next, next.isIdentifier {
                let opening = skippingGenerics(tokens, from: index + 2)
                if let clause = parameters(tokens, openingAt: opening) {
                    record(Declaration(kind: .function, name: next.text, parameters: clause.list))
                }
            } else if text == "init" {
                var opening = index + 1
                if opening < tokens.count, tokens[opening].text == "?" || tokens[opening].text == "!" { opening += 1 }
                opening = skippingGenerics(tokens, from: opening)
                if let clause = parameters(tokens, openingAt: opening) {
                    record(.initializer(clause.list))
                }
            } else if text == "case", inType, open.last?.keyword == "enum" {
                // `case a, b(x: Int), c = "c"`: every case of the line.
                var position = index + 1
                while position < tokens.count, tokens[position].isIdentifier {
                    let name = tokens[position].text
                    var payload: [Parameter]?
                    position += 1
                    if let clause = parameters(tokens, openingAt: position) {
                        payload = clause.list
                        position = clause.end
                    }
                    record(Declaration(kind: .enumCase, name: name, parameters: payload))
                    // A raw value, up to the next case of the line.
                    while position < tokens.count, !tokens[position].startsLine,
                        tokens[position].text != ",", tokens[position].text != "}"
                    {
                        position += 1
                    }
                    guard position < tokens.count, tokens[position].text == "," else { break }
                    position += 1
                }
                index = position
                continue
            } else if text == "var" || text == "let", let next, next.isIdentifier {
                let typeMember = isStatic(tokens, before: index)
                record(Declaration(kind: .property, name: next.text, parameters: nil))
                if inType, open.last?.keyword == "struct", !typeMember, index == 0 || tokens[index - 1].text != "lazy",
                    let parameter = storedParameter(tokens, at: index)
                {
                    open[open.count - 1].stored.append(parameter)
                }
            }
            index += 1
        }
        return found
    }

    static let typeKeywords: Set<String> = ["struct", "enum", "class", "actor", "protocol", "extension"]
    /// What follows `class` in `class func`, and an identifier that is no type's name.
    static let notTypeNames: Set<String> = [
        "func", "var", "let", "init", "subscript", "override", "final", "static", "case", "deinit", "typealias",
        "convenience", "required", "in", "where", "is", "as",
    ]
    /// An enum with one of these first in its inheritance clause has `init?(rawValue:)`.
    static let rawValueTypes: Set<String> = [
        "String", "Int", "UInt", "Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64",
        "Character", "Double", "Float",
    ]
    /// Words that may stand before a declaration's keyword.
    static let modifiers: Set<String> = [
        "public", "private", "internal", "fileprivate", "open", "package", "static", "class", "final", "nonisolated",
        "override", "mutating", "nonmutating", "lazy", "weak", "unowned", "convenience", "required", "indirect",
        "dynamic", "optional", "isolated", "consuming", "borrowing",
    ]

    /// The parameter clause opening at `index`: each parameter's label and default, and the index after it.
    static func parameters(_ tokens: [SwiftToken], openingAt index: Int) -> (list: [Parameter], end: Int)? {
        guard index < tokens.count, tokens[index].text == "(", let close = SwiftTokens.closing(tokens, from: index)
        else {
            return nil
        }
        // Each parameter's tokens, and where its own colon is: not one inside `[String: Int]`.
        var items: [(words: [String], colon: Int?, hasDefault: Bool)] = []
        var current: (words: [String], colon: Int?, hasDefault: Bool) = ([], nil, false)
        var depth = 0
        for token in tokens[(index + 1)..<close] {
            let text = token.text
            if depth == 0, text == "," {
                items.append(current)
                current = ([], nil, false)
                continue
            }
            if depth == 0, text == ":", current.colon == nil { current.colon = current.words.count }
            if depth == 0, text == "=" { current.hasDefault = true }
            if SwiftTokens.openers[text] != nil { depth += 1 }
            if SwiftTokens.closers.contains(text) { depth = max(0, depth - 1) }
            current.words.append(text)
        }
        if !current.words.isEmpty { items.append(current) }
        let list = items.map { item in
            // `label name: Type`, `name: Type` or, in a case's payload, a bare `Type`.
            let label = item.colon.flatMap { colon in item.words[..<colon].first { SwiftTokens.isIdentifier($0) } }
            return Parameter(label: label ?? "_", hasDefault: item.hasDefault)
        }
        return (list, close + 1)
    }

    /// The index after a generic clause `<…>` at `index`, or `index` when there is none.
    static func skippingGenerics(_ tokens: [SwiftToken], from index: Int) -> Int {
        guard index < tokens.count, tokens[index].text == "<", let close = SwiftTokens.closing(tokens, from: index)
        else {
            return index
        }
        return close + 1
    }

    /// The names after `:` in a type's declaration, up to its body or its `where`.
    static func inheritance(_ tokens: [SwiftToken], from index: Int) -> [String] {
        guard index < tokens.count, tokens[index].text == ":" else { return [] }
        var names: [String] = []
        var expectingName = true
        var position = index + 1
        while position < tokens.count, tokens[position].text != "{", tokens[position].text != "where" {
            let text = tokens[position].text
            if text == "<", let close = SwiftTokens.closing(tokens, from: position) {
                position = close + 1
                continue
            }
            if text == "@" {
                // `@unchecked Sendable`: the attribute is no name.
                position += 2
                continue
            }
            if expectingName, tokens[position].isIdentifier, text != "any", text != "some" {
                var name = text
                while position + 2 < tokens.count, tokens[position + 1].text == ".", tokens[position + 2].isIdentifier {
                    position += 2
                    name = tokens[position].text
                }
                names.append(name)
                expectingName = false
            } else if text == "," || text == "&" {
                expectingName = true
            }
            position += 1
        }
        return names
    }

    /// Whether `static` or `class` stands before the keyword at `index`, on its line.
    static func isStatic(_ tokens: [SwiftToken], before index: Int) -> Bool {
        var position = index - 1
        while position >= 0, !tokens[position + 1].startsLine {
            let text = tokens[position].text
            if text == "static" || text == "class" { return true }
            let isAttribute = text == "@" || (position > 0 && tokens[position - 1].text == "@")
            guard modifiers.contains(text) || ["(", ")", "set"].contains(text) || isAttribute else { return false }
            position -= 1
        }
        return false
    }

    /// The parameter a stored property gives its struct's memberwise initializer; nil for a
    /// computed property and for a `let` with a value, which the initializer does not set.
    static func storedParameter(_ tokens: [SwiftToken], at index: Int) -> Parameter? {
        guard index + 1 < tokens.count else { return nil }
        var position = index + 2
        while position < tokens.count, !tokens[position].startsLine {
            let text = tokens[position].text
            if text == "=" {
                return tokens[index].text == "var" ? Parameter(label: tokens[index + 1].text, hasDefault: true) : nil
            }
            if text == "{" { return nil }
            if SwiftTokens.openers[text] != nil, let close = SwiftTokens.closing(tokens, from: position) {
                position = close + 1
                continue
            }
            position += 1
        }
        return Parameter(label: tokens[index + 1].text, hasDefault: false)
    }
}
