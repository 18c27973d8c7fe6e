// How the library-quote rule reads text: code spans, words and identifiers, whole.
import Foundation

extension LibraryQuotes {
    // MARK: - Text

    /// The code spans of one line, without their backticks and outer spaces.
    static func codeSpans(in line: String) -> [String] {
        codeSpanRanges(in: line).map(\.name)
    }

    /// The code spans of `text`, each with the character offset of its opening backtick.
    static func codeSpanRanges(in text: String) -> [(name: String, offset: Int)] {
        var spans: [(name: String, offset: Int)] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            guard characters[index] == "`" else {
                index += 1
                continue
            }
            var run = 0
            while index + run < characters.count, characters[index + run] == "`" { run += 1 }
            // The span ends at the next run of exactly as many backticks.
            var search = index + run
            var end: Int?
            while search < characters.count {
                if characters[search] == "`" {
                    var closing = 0
                    while search + closing < characters.count, characters[search + closing] == "`" { closing += 1 }
                    if closing == run {
                        end = search
                        break
                    }
                    search += closing
                } else {
                    search += 1
                }
            }
            guard let end else {
                index += run
                continue
            }
            let name = String(characters[(index + run)..<end]).trimmingSpaces
            if !name.isEmpty { spans.append((name, index)) }
            index = end + run
        }
        return spans
    }

    /// Whether any of `names` stands in `text` as a whole word ("Get" in "Get은", not in "Getter").
    static func library(named names: [String], in text: String) -> Bool {
        names.contains { containsWord($0, in: text) }
    }

    /// Whether `word` stands in `text` with no identifier character (ASCII letter, digit, `_`) on either side.
    static func containsWord(_ word: String, in text: String) -> Bool {
        TextBytes(text).containsWord(word)
    }

    static func isIdentifierCharacter(_ character: Character?) -> Bool {
        character.map(SwiftTokens.isWordCharacter) ?? false
    }

    /// The identifiers in `text`, in order.
    static func identifiers(in text: String) -> [String] {
        TextBytes(text).identifiers
    }

    /// `base(label:label:)` read as a Swift selector, with anything after the closing parenthesis (such
    /// as ` throws`) ignored; nil for any other name.
    static func selector(_ name: String) -> (base: String, labels: [String])? {
        guard let open = name.firstIndex(of: "("), let close = name[open...].firstIndex(of: ")") else { return nil }
        let base = String(name[..<open])
        guard !base.isEmpty, base.allSatisfy({ isIdentifierCharacter($0) }) else { return nil }
        let inside = name[name.index(after: open)..<close]
        guard inside.isEmpty || inside.hasSuffix(":") else { return nil }
        let labels = inside.split(separator: ":").map(String.init)
        guard labels.allSatisfy({ $0 == "_" || $0.allSatisfy { isIdentifierCharacter($0) } }) else { return nil }
        return (base, labels)
    }

    /// The labels of the parameter list that follows `base` on `line` (`_` for an unlabelled one), when
    /// the whole list is on the line; nil otherwise.
    static func declaredLabels(of base: String, in line: String) -> [String]? {
        guard let found = line.range(of: base) else { return nil }
        var rest = line[found.upperBound...]
        if rest.first == "<" {
            // Skip a generic parameter clause.
            var depth = 0
            var index = rest.startIndex
            repeat {
                if rest[index] == "<" { depth += 1 }
                if rest[index] == ">" { depth -= 1 }
                index = rest.index(after: index)
            } while depth > 0 && index < rest.endIndex
            rest = rest[index...]
        }
        guard rest.first == "(" else { return nil }
        var depth = 0
        var parameters: [String] = []
        var current = ""
        var previous: Character = " "
        for character in rest {
            // The `>` of an arrow (`->`) closes nothing.
            let opens = "([<".contains(character)
            let closes = ")]".contains(character) || (character == ">" && previous != "-")
            previous = character
            if opens {
                depth += 1
                if depth > 1 { current.append(character) }
            } else if closes {
                depth -= 1
                if depth == 0 {
                    if !current.trimmingSpaces.isEmpty { parameters.append(current) }
                    return parameters.map(label(of:))
                }
                current.append(character)
            } else if character == ",", depth == 1 {
                parameters.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        return nil
    }

    /// The argument label of one declared parameter: its first word before a top-level colon, or `_`.
    private static func label(of parameter: String) -> String {
        var depth = 0
        var previous: Character = " "
        for (offset, character) in parameter.enumerated() {
            if "([<".contains(character) { depth += 1 }
            if ")]".contains(character) || (character == ">" && previous != "-") { depth -= 1 }
            previous = character
            if character == ":" && depth == 0 {
                let words = parameter.prefix(offset).split(separator: " ")
                return words.first.map(String.init) ?? "_"
            }
        }
        return "_"
    }
}
