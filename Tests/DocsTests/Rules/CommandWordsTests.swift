// Every command a page gives, `swift run workbook …` or `swift run kata …`, is one the program takes:
// a page that still says `workbook kata reset 4` after the kata moved, or a flag that was renamed,
// fails here, not in front of a learner.
import FakeTurns
import Foundation
import KataKit
import Testing

@Suite("Docs: the commands the pages give", .serialized, .busyLane)
struct CommandWordsTests {
    @Test("every `swift run workbook …` and `swift run kata …` on a page is a command the program takes")
    func commandsParse() throws {
        for path in PackageWorld.docPaths() + ["README.md"] {
            let page = try PackageWorld.page(path)
            for (index, line) in page.lines.enumerated() {
                for command in Self.commands(in: line) {
                    if let problem = Self.problem(with: command) {
                        Issue.record("\(path):\(index + 1): `swift run \(command.joined(separator: " "))`: \(problem)")
                    }
                }
            }
        }
    }

    @Test("the commands are read from a line as a learner would copy them, placeholders as numbers")
    func reading() {
        #expect(Self.commands(in: "run `swift run kata stop 4`: then") == [["kata", "stop", "4"]])
        #expect(Self.commands(in: "swift run kata start N       # the branch") == [["kata", "start", "4"]])
        #expect(
            Self.commands(in: "`swift run -c release workbook bench --json`.") == [["workbook", "bench", "--json"]])
        #expect(
            Self.commands(in: "`swift run workbook compare A B --unified`") == [
                ["workbook", "compare", "3", "4", "--unified"]
            ])
        #expect(
            Self.commands(in: "`swift run workbook` and `swift run kata start`") == [["workbook"], ["kata", "start"]])
        #expect(Self.commands(in: "swift run kata stop 4 && git branch -D kata/4") == [["kata", "stop", "4"]])
        #expect(Self.problem(with: ["workbook", "kata", "reset", "4"]) != nil, "the kata's old home")
        #expect(Self.problem(with: ["kata", "reset", "4"]) != nil, "the stash model's word")
        #expect(Self.problem(with: ["kata", "stop", "4"]) == nil)
        #expect(Self.problem(with: ["workbook", "compare", "3", "4"]) == nil)
    }

    /// Each `swift run` on the line: the program and its words, up to a closing backtick, a
    /// comment, a table's bar or the next command (`&&`, `;`), with `-c release` and `--skip-build` left out and the pages'
    /// placeholders (N, A, B) read as stage numbers.
    static func commands(in line: String) -> [[String]] {
        var found: [[String]] = []
        var rest = line[...]
        while let start = rest.range(of: "swift run ") {
            let after = rest[start.upperBound...]
            let end = after.firstIndex { "`#|)&;".contains($0) } ?? after.endIndex
            var words = after[..<end].split(separator: " ").map(String.init)
            if let last = words.last {
                words[words.count - 1] = String(last.trimmingCharacters(in: .init(charactersIn: ".,;:")))
            }
            words.removeAll { $0.isEmpty || $0 == "--skip-build" }
            if let release = words.firstIndex(of: "-c"), release + 1 < words.count {
                words.removeSubrange(release...release + 1)
            }
            words = words.map { ["N": "4", "A": "3", "B": "4"][$0] ?? $0 }
            if let program = words.first, ["workbook", "kata"].contains(program) { found.append(words) }
            rest = after[end...]
        }
        return found
    }

    /// Why the program would not take `words`, or nil when it would.
    static func problem(with words: [String]) -> String? {
        let arguments = Array(words.dropFirst())
        switch words.first {
        case "workbook": return PackageWorld.workbookRefuses(arguments)
        case "kata":
            // Prose may name the program or an action alone: `swift run kata`, `swift run kata stop`.
            if arguments.isEmpty || arguments.count == 1 && KataAction(rawValue: arguments[0]) != nil { return nil }
            if ["help", "--help", "-h"].contains(arguments.first) { return nil }
            do {
                _ = try KataCommand.parse(arguments)
                return nil
            } catch {
                return "\(error)"
            }
        default: return "not a program of the workbook's"
        }
    }
}
