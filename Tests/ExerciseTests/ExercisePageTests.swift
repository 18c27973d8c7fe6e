// The exercises' failure messages in the learner's edition: under a Korean locale they point to the
// Korean page and hints, framed in Korean; else to the English ones. Each case hands the page its
// environment, so none depends on the process's, and none runs an exercise: they run switched off.
import Foundation
import Ladder
import Testing

@Suite("Exercise messages: the pages they point to, in the learner's language")
struct ExercisePageTests {
    static let koreanLocales: [[String: String]] = [
        ["WORKBOOK_LANGUAGE": "ko"], ["LANG": "ko_KR.UTF-8"], ["LC_ALL": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"],
        ["WORKBOOK_LANGUAGE": "ko", "LANG": "en_US.UTF-8"],
    ]
    static let englishLocales: [[String: String]] = [
        [:], ["LANG": "en_US.UTF-8"], ["WORKBOOK_LANGUAGE": "en", "LANG": "ko_KR.UTF-8"], ["LANG": "C"],
    ]

    @Test(
        "a Korean locale, or WORKBOOK_LANGUAGE=ko, gets README.ko.md and hints.ko.md, in Korean",
        arguments: koreanLocales)
    func korean(environment: [String: String]) {
        let page = ExercisePage(name: "3b", environment: environment)
        let (readme, hints) = ("Exercises/stage3b/README.ko.md", "Exercises/stage3b/hints.ko.md")
        #expect(page.language == .korean)
        #expect(page.page == readme && page.hints == hints)
        #expect(page.start == "\(readme)의 2번부터 시작하세요(힌트: \(hints)의 2번).")
        #expect(
            "\(page.comment(4, "no Retry for a wait that ends"))"
                == "No Retry for a wait that ends. \(readme)의 4번을 보세요(힌트: \(hints)의 4번).")
        #expect(page.steps(3, to: 6) == "\(readme)의 3~6번을 보세요(힌트: \(hints))")
        #expect(page.says("English", korean: "한국어") == "한국어")
    }

    @Test("any other locale gets README.md and hints.md, in English", arguments: englishLocales)
    func english(environment: [String: String]) {
        let page = ExercisePage(name: "3b", environment: environment)
        let (readme, hints) = ("Exercises/stage3b/README.md", "Exercises/stage3b/hints.md")
        #expect(page.language == .english)
        #expect(page.page == readme && page.hints == hints)
        #expect(page.start == "Start with step 2 of \(readme) (hints: \(hints), step 2).")
        #expect(
            "\(page.comment(4, "no Retry for a wait that ends"))"
                == "No Retry for a wait that ends. Step 4 of \(readme) (hints: \(hints), step 4).")
        #expect(page.steps(3, to: 6) == "Steps 3 to 6 of \(readme) (hints: \(hints))")
        #expect(page.says("English", korean: "한국어") == "English")
    }

    @Test("an exercise switched off says so in the learner's language, with the setting that runs it")
    func switchedOff() {
        let korean = ["LANG": "ko_KR.UTF-8"]
        #expect(
            "\(ExerciseSwitch.reason("3b", environment: korean))"
                == "연습 문제 3b의 검사가 꺼져 있어 하나도 실행되지 않았습니다. WORKBOOK_EXERCISE가 설정되어 있지 않습니다. "
                + "실행하려면 이렇게 설정하세요: WORKBOOK_EXERCISE=3b")
        #expect(
            "\(ExerciseSwitch.reason("3", environment: korean.merging(["WORKBOOK_EXERCISE": "2"]) { $1 }))"
                == "연습 문제 3의 검사가 꺼져 있어 하나도 실행되지 않았습니다. 지금 설정은 WORKBOOK_EXERCISE=2입니다. "
                + "실행하려면 이렇게 설정하세요: WORKBOOK_EXERCISE=3")
        #expect(
            "\(ExerciseSwitch.reason("3", environment: ["WORKBOOK_EXERCISE": "2"]))"
                == "exercise 3 is off, so none of its checks ran (WORKBOOK_EXERCISE is 2): set WORKBOOK_EXERCISE=3 to run it"
        )
    }

    /// The package's root, from this file's place in it.
    static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The exercises' names, from their folders: `1`, `2b`, …
    static var exercises: [String] {
        let folders = try? FileManager.default.contentsOfDirectory(atPath: root.appending(path: "Exercises").path)
        return (folders ?? []).filter { $0.hasPrefix("stage") }.map { String($0.dropFirst("stage".count)) }.sorted()
    }

    static func lines(_ path: String) throws -> [Substring] {
        try String(contentsOf: root.appending(path: path), encoding: .utf8).split(separator: "\n")
    }

    /// The numbers of a page's steps: its numbered list in the section under `heading`.
    static func steps(_ path: String, under heading: String) throws -> [Int] {
        var inSteps = false
        return try lines(path).compactMap { line in
            if line.hasPrefix("## ") { inSteps = line == heading }
            guard inSteps, let match = line.prefixMatch(of: #/(\d+)\. /#) else { return nil }
            return Int(match.1)
        }
    }

    /// The steps a hints page has a section for: `## Step 3: …` in English, `## 3번: …` in Korean.
    static func hintSteps(_ path: String, korean: Bool) throws -> [Int] {
        try lines(path).compactMap { line in
            let match = korean ? line.prefixMatch(of: /## (\d+)번/)?.1 : line.prefixMatch(of: /## Step (\d+)/)?.1
            return match.flatMap { Int($0) }
        }
    }

    /// What an exercise's cases say before it is begun, by its name: `2b`, or a stage's number.
    static func notBegun(_ name: String) -> NotBegun? {
        switch name {
        case "2b": Exercise2b.notBegun
        case "3b": Exercise3b.notBegun
        case "4b": Exercise4b.notBegun
        case "5b": Exercise5b.notBegun
        case "6b": Exercise6b.notBegun
        default: Int(name).map(NotBegun.userPhotos(stage:))
        }
    }

    /// A page and its hints as one run of words, so a quote the page wraps still reads whole.
    static func words(_ page: ExercisePage) throws -> String {
        try (lines(page.page) + lines(page.hints)).map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
    }

    @Test("each exercise's pages quote what its cases say before it is begun, as they say it")
    func notBegunQuoted() throws {
        for name in Self.exercises {
            let quote = try #require(Self.notBegun(name), "exercise \(name): add it to ExercisePageTests.notBegun(_:)")
            let english = ExercisePage(name: name, environment: ["WORKBOOK_LANGUAGE": "en"])
            let korean = ExercisePage(name: name, environment: ["WORKBOOK_LANGUAGE": "ko"])
            #expect(
                try Self.words(english).contains("\"\(quote.english)\""),
                "\(english.page) or \(english.hints) must quote what every case says first: \"\(quote.english)\"")
            for said in [quote.korean, quote.english] {
                #expect(
                    try Self.words(korean).contains("\"\(said)\""),
                    "\(korean.page) or \(korean.hints) must quote what every case says first: \"\(said)\"")
            }
        }
    }

    @Test("each exercise's Korean page and hints number the same steps as its English ones")
    func sameSteps() throws {
        #expect(Self.exercises.count > 6, "read \(Self.exercises)")
        for name in Self.exercises {
            let english = ExercisePage(name: name, environment: ["WORKBOOK_LANGUAGE": "en"])
            let korean = ExercisePage(name: name, environment: ["WORKBOOK_LANGUAGE": "ko"])
            let steps = try Self.steps(english.page, under: "## Steps")
            #expect(steps.count > 3 && steps == Array(1...steps.count), "\(english.page) numbers its steps \(steps)")
            #expect(
                try Self.steps(korean.page, under: "## 작업 순서") == steps,
                "\(korean.page) must number the steps of \(english.page), \(steps)")
            #expect(try Self.hintSteps(english.hints, korean: false) == steps, "\(english.hints): a section a step")
            #expect(
                try Self.hintSteps(korean.hints, korean: true) == steps,
                "\(korean.hints) must have a section a step, as \(english.hints) has: 1번, 2번, …")
        }
    }
}
