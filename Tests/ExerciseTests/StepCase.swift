// What the "b" exercises share: a case that knows its exercise, and failure messages that name the
// step of the exercise's page that makes the case pass.
import Foundation
import Harness
import Ladder
import Models
import StageTesting
import Testing

/// One behaviour a "b" exercise asks for. Its body first asks whether the exercise is begun at all,
/// and says where to start if not; each of its later failures names the step that brings it.
struct StepCase: Sendable, CustomTestStringConvertible {
    let name: String
    let body: @Sendable () async throws -> Void

    init(_ name: String, _ body: @escaping @Sendable () async throws -> Void) {
        self.name = name
        self.body = body
    }

    var testDescription: String { name }

    func run() async throws {
        try await body()
    }
}

/// What every case of an exercise says first, before the learner has begun it, in each language:
/// the words step 1 of its page or hints quotes (ExercisePageTests holds the pages to them).
struct NotBegun: Sendable {
    let english: String
    let korean: String

    /// Exercises 1 to 6: the stage has no `userPhotos(username:)` yet.
    static func userPhotos(stage: Int) -> NotBegun {
        NotBegun(
            english: "Stage \(stage) has no userPhotos(username:) yet",
            korean: "\(stage)단계에는 아직 `userPhotos(username:)` 호출이 없습니다")
    }

    /// The whole message when the call site's adapter does not adopt the exercise's protocol yet,
    /// with where to start.
    func adapter(_ adapter: String, lacks conformance: String, on page: ExercisePage) -> String {
        let said = page.says(
            "\(english): \(adapter) does not conform to \(conformance).",
            korean: "\(korean). `\(adapter)`가 `\(conformance)`을 채택하지 않았습니다.")
        return "\(said) \(page.start)"
    }
}

/// An exercise's page and hints, by its name (`2b`), for the failure messages: in the learner's
/// edition, by the rule the `kata` command reads (`Language`, in Workbench/Ladder), framed in its
/// language. What went wrong is in that language too wherever a check words it in both; values
/// from the code (states, server messages, requests) stay as they are.
struct ExercisePage: Sendable {
    let name: String
    let language: Language

    /// The edition that `environment` asks for: the test process's own, unless a test hands one in.
    init(name: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.name = name
        self.language = Language.of(environment)
    }

    var page: String { "Exercises/stage\(name)/" + language.fileName("README") }
    var hints: String { "Exercises/stage\(name)/" + language.fileName("hints") }

    /// The step that first changes code. Step 1 of every exercise's page switches the exercise on
    /// and runs it, which whoever reads a message of this suite has just done.
    static let firstCodeStep = 2

    /// The end of a message for an exercise not begun: the step to start on.
    var start: String {
        let number = Self.firstCodeStep
        return switch language {
        case .english: "Start with step \(number) of \(page) (hints: \(hints), step \(number))."
        case .korean: "\(page)의 \(number)번부터 시작하세요(힌트: \(hints)의 \(number)번)."
        }
    }

    /// The end of a message for what step `number` brings.
    func step(_ number: Int) -> String {
        switch language {
        case .english: "Step \(number) of \(page) (hints: \(hints), step \(number))"
        case .korean: "\(page)의 \(number)번을 보세요(힌트: \(hints)의 \(number)번)"
        }
    }

    /// The end of a message for what steps `first` to `last` bring together.
    func steps(_ first: Int, to last: Int) -> String {
        switch language {
        case .english: "Steps \(first) to \(last) of \(page) (hints: \(hints))"
        case .korean: "\(page)의 \(first)~\(last)번을 보세요(힌트: \(hints))"
        }
    }

    /// A sentence of a message's framing, in the page's language.
    func says(_ english: String, korean: String) -> String {
        switch language {
        case .english: english
        case .korean: korean
        }
    }

    /// A comment for `#expect` or `#require` that names no step, in the page's language.
    func note(_ english: String, korean: String) -> Comment {
        Comment(rawValue: says(english, korean: korean))
    }

    /// A comment for `#expect`: what is wrong, then the step that brings it.
    func comment(_ number: Int, _ what: String) -> Comment {
        // A sentence starts with a capital, unless it starts with code such as `refresh(token:)`.
        let first = what.prefix { $0 != " " }
        let sentence = first.allSatisfy(\.isLetter) ? what.prefix(1).uppercased() + what.dropFirst() : what
        return "\(sentence)\(sentence.hasSuffix(".") ? "" : ".") \(step(number))."
    }

    /// A comment for `#expect` in the page's language: what is wrong, then the step that brings it.
    func comment(_ number: Int, _ english: String, korean: String) -> Comment {
        comment(number, says(english, korean: korean))
    }
}

/// Runs `body` with every completion it bridges watched, then records a handler called twice or
/// never as the failure of `step`.
func watchingCompletions(
    _ exercise: ExercisePage, step: Int, _ body: () async throws -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    let monitor = CompletionMonitor(patience: 5)
    try await CompletionMonitor.$current.withValue(monitor) {
        try await body()
    }
    let korean = monitor.problems.map(\.korean)
    #expect(
        monitor.problems.isEmpty,
        exercise.comment(
            step, "\(monitor.problems.map(\.description).joined(separator: "; "))",
            korean: korean.joined(separator: ". ")),
        sourceLocation: sourceLocation)
}

/// Waits, boundedly (five seconds), for something the fake or a screen will soon report, and says
/// whether it came; the caller words the failure, with its step.
func settles(_ condition: () -> Bool, isolation: isolated (any Actor)? = #isolation) async throws -> Bool {
    for _ in 0..<1_000 where !condition() {
        try await Task.sleep(nanoseconds: 5_000_000)
    }
    return condition()
}

extension ScreenState {
    /// Whether the load is over: loaded or failed.
    var isOver: Bool {
        switch self {
        case .loaded, .failed: true
        case .idle, .loading: false
        }
    }

    /// The content, once loaded.
    var loadedValue: Content? {
        guard case .loaded(let content) = self else { return nil }
        return content
    }
}

extension ScreenState<Photo> {
    /// The state in a few words, for a failure message: a photo by its id.
    var brief: String {
        if case .loaded(let photo) = self { return "loaded(photo \(photo.id))" }
        return "\(self)"
    }
}

extension ScreenState<[Photo]> {
    /// The state in a few words, for a failure message: photos by their ids.
    var brief: String {
        if case .loaded(let photos) = self { return "loaded(photos \(photos.map(\.id)))" }
        return "\(self)"
    }
}
