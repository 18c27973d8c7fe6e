// The workshop guide plans with what `scripts/workshop-plan` prints: each exercise's lines of code
// to write and its block, and how long the chapters take to read. The script is the one truth, so
// the test runs it rather than counting again; a solution patch or a chapter that changes moves the
// numbers, and the guide with them.
import FakeTurns
import Foundation
import KataKit
import Ladder
import Testing

@Suite("Docs: the workshop's numbers are what scripts/workshop-plan prints", .serialized, .busyLane)
struct WorkshopPlanTests {
    /// What the script prints for one edition of the chapters.
    struct Plan: Equatable {
        /// Each exercise's lines and block, by its name (`1`, `2b`).
        var exercises: [String: (lines: Int, block: Int)] = [:]
        /// Every chapter's reading minutes, in order.
        var chapters: [Int] = []
        /// All of them together.
        var total = 0

        static func == (a: Plan, b: Plan) -> Bool {
            a.chapters == b.chapters && a.total == b.total
                && a.exercises.mapValues { [$0.lines, $0.block] } == b.exercises.mapValues { [$0.lines, $0.block] }
        }
    }

    /// The script's output, read: a chapter row ends in its minutes, an exercise row in `N min`.
    static func read(_ output: String) -> Plan {
        var plan = Plan()
        var section = ""
        for line in output.split(separator: "\n") {
            if !line.hasPrefix(" ") {
                section = String(line)
                continue
            }
            let fields = line.split(separator: " ")
            if section.hasPrefix("Reading"), fields.count == 4, let minutes = Int(fields[3]) {
                plan.chapters.append(minutes)
            } else if section.hasPrefix("Reading"), fields.count == 2, fields[0] == "all", let total = Int(fields[1]) {
                plan.total = total
            } else if section.hasPrefix("Exercises"), fields.count == 4, fields[3] == "min",
                let lines = Int(fields[1]), let block = Int(fields[2])
            {
                plan.exercises[String(fields[0])] = (lines, block)
            }
        }
        return plan
    }

    static func run(_ arguments: [String]) throws -> Plan {
        let root = try #require(PackageWorld.root)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["scripts/workshop-plan"] + arguments
        process.currentDirectoryURL = root
        let output = Pipe()
        process.standardOutput = output
        let ended = try process.start()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ended()
        #expect(process.terminationStatus == 0, "scripts/workshop-plan \(arguments.joined()) failed")
        return read(printed)
    }

    /// The guide's exercise rows: `[exercise 1](…) (28 lines, 10)`, `[연습 문제 1](…)(28줄, 10분)`.
    static func exercises(in text: String) -> [(name: String, lines: Int, block: Int)] {
        let pattern = #/\[(?:exercise|연습 문제) (\w+)\]\([^)]*\) ?\((\d+) ?(?:lines|줄), (\d+)분?\)/#
        return text.matches(of: pattern).compactMap { match in
            guard let lines = Int(match.2), let block = Int(match.3) else { return nil }
            return (String(match.1), lines, block)
        }
    }

    /// The guide's reading times, English then Korean: each edition's total, shortest and longest chapter.
    static func readingTimes(in text: String) -> [[Int]] {
        let english =
            #/`scripts/workshop-plan` counts (\d+) minutes for the English chapters \((\d+) to (\d+) a chapter\) and `scripts/workshop-plan ko` (\d+) for the Korean ones \((\d+) to (\d+)\)/#
        let korean =
            #/`scripts/workshop-plan`은 영어 장을 (\d+)분\(장마다 (\d+)~(\d+)분\)으로, `scripts/workshop-plan ko`는 한국어 장을 (\d+)분\((\d+)~(\d+)분\)으로/#
        if let m = text.firstMatch(of: english) ?? text.firstMatch(of: korean) {
            let numbers = [m.1, m.2, m.3, m.4, m.5, m.6].compactMap { Int($0) }
            return [Array(numbers[0..<3]), Array(numbers[3..<6])]
        }
        return []
    }

    @Test(
        "each exercise's lines and block, and the chapters' reading times",
        arguments: ["docs/workshop.md", "docs/ko/workshop.md"])
    func asPrinted(path: String) throws {
        // Lines joined with spaces: a sentence the page wraps is one sentence.
        let text = try PackageWorld.page(path).lines.joined(separator: " ")
        let english = try Self.run([])
        let korean = try Self.run(["ko"])
        let rows = Self.exercises(in: text)
        #expect(rows.count >= Ladder.stages.count, "\(path) gives \(rows.count) exercises their lines and block")
        for row in rows {
            guard let printed = english.exercises[row.name] else {
                Issue.record("\(path): scripts/workshop-plan prints no exercise \(row.name)")
                continue
            }
            #expect(
                row.lines == printed.lines && row.block == printed.block,
                "\(path): exercise \(row.name) is \(printed.lines) lines, a \(printed.block)-minute block (scripts/workshop-plan), not \(row.lines) and \(row.block)"
            )
        }
        let times = Self.readingTimes(in: text)
        let wanted = [english, korean].map { [$0.total, $0.chapters.min() ?? 0, $0.chapters.max() ?? 0] }
        #expect(
            times == wanted,
            "\(path): the chapters' reading times are \(wanted) (total, shortest, longest; scripts/workshop-plan, then with ko), not \(times)"
        )
    }

    @Test("the script's output is read row by row, and the guide's rows in both languages")
    func reading() {
        let plan = Self.read(
            """
            Reading, before the day (docs):
              chapter                words   code  minutes
              01-hardcoded.md         1332     75       21
              all                                      121
              (at 150 words and 6 lines of code a minute)

            Exercises, in a block:
              exercise      lines    block
              2b               44     15 min
            """)
        #expect(plan.chapters == [21] && plan.total == 121)
        #expect(plan.exercises["2b"].map { [$0.lines, $0.block] } == [44, 15])
        let english = Self.exercises(
            in: "The idea (5), [exercise 1](../Exercises/stage1/README.md) (28 lines, 10), then")
        let korean = Self.exercises(in: "아이디어(5분), [연습 문제 1](../../Exercises/stage1/README.ko.md)(28줄, 10분). 이어서")
        #expect(english.map { [$0.lines, $0.block] } == [[28, 10]] && english.first?.name == "1")
        #expect(korean.map { [$0.lines, $0.block] } == [[28, 10]])
    }
}
