// The exercises' tests: off unless WORKBOOK_EXERCISE names an exercise (or "all").
//
//     WORKBOOK_EXERCISE=3 swift test --filter ExerciseTests.Exercises/Stage3
//     WORKBOOK_EXERCISE=3b swift test --filter ExerciseTests.Exercises/Stage3b
//
// Each suite reaches its stage only through the stage's call site (or, for 5b, through the check
// the learner writes), so this target compiles before any exercise is done; until one is, its
// suite fails and says where to start.
import FakeServers
import FakeTurns
import Foundation
import Harness
import Ladder
import StageTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one switch: which exercises' tests run.
enum ExerciseSwitch {
    static let variable = "WORKBOOK_EXERCISE"

    /// True when `WORKBOOK_EXERCISE` names this exercise (`3`, `3b`) or is `all`.
    static func isOn(_ exercise: String) -> Bool {
        let value = ProcessInfo.processInfo.environment[variable]?
            .trimmingCharacters(in: .whitespaces).lowercased()
        return value == "all" || value == exercise
    }

    static func isOn(_ stage: Int) -> Bool {
        isOn(String(stage))
    }

    /// Why an exercise's suite is skipped, said so that a green run that checked no exercise does not
    /// read as a pass: which exercise the switch names instead, if any. In the learner's language, as
    /// the failures are (`ExercisePage`).
    static func reason(
        _ exercise: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Comment {
        let set = environment[variable]?.trimmingCharacters(in: .whitespaces) ?? ""
        switch Language.of(environment) {
        case .english:
            let now = set.isEmpty ? "\(variable) is not set" : "\(variable) is \(set)"
            return
                "exercise \(exercise) is off, so none of its checks ran (\(now)): set \(variable)=\(exercise) to run it"
        case .korean:
            // Only 의 and 입니다 follow a name or a value: any other particle after 3 differs from after 3b.
            let now = set.isEmpty ? "\(variable)가 설정되어 있지 않습니다" : "지금 설정은 \(variable)=\(set)입니다"
            return "연습 문제 \(exercise)의 검사가 꺼져 있어 하나도 실행되지 않았습니다. \(now). 실행하려면 이렇게 설정하세요: \(variable)=\(exercise)"
        }
    }

    static func reason(_ stage: Int) -> Comment {
        reason(String(stage))
    }
}

@Suite(.serialized)
struct Exercises {
    // Stages 1 to 5 reach the fake through `URLSession.shared`, one per process, and every stage's
    // requests land in the one `FakeServers.shared` log: the exercises run one test at a time, and
    // take turns with the shared suite, so that a whole `swift test` runs them too. Each exercise
    // takes its own turn: one switched off takes none, and keeps no suite waiting. (Inside the
    // type, so that Swift Testing does not repeat it under every failure, as it does a comment
    // written above `@Suite`.)
}

extension Exercises {
    @Suite(
        "Exercise 1: userPhotos(username:) in Stage1Hardcoded",
        .enabled(if: ExerciseSwitch.isOn(1), ExerciseSwitch.reason(1)), .sharedFakeTurn)
    struct Stage1 {
        @Test("Stage 1's userPhotos(username:)", arguments: ExerciseCases.for(stage: 1))
        func exercise(_ check: ExerciseCase) async throws {
            try await check.run(on: Stage1Adapter())
        }
    }

    @Suite(
        "Exercise 2: userPhotos(username:) in Stage2EnumAPI",
        .enabled(if: ExerciseSwitch.isOn(2), ExerciseSwitch.reason(2)), .sharedFakeTurn)
    struct Stage2 {
        @Test("Stage 2's userPhotos(username:)", arguments: ExerciseCases.for(stage: 2))
        func exercise(_ check: ExerciseCase) async throws {
            try await check.run(on: Stage2Adapter())
        }
    }

    @Suite(
        "Exercise 3: userPhotos(username:) in Stage3Result",
        .enabled(if: ExerciseSwitch.isOn(3), ExerciseSwitch.reason(3)), .sharedFakeTurn)
    struct Stage3 {
        @Test("Stage 3's userPhotos(username:)", arguments: ExerciseCases.for(stage: 3))
        func exercise(_ check: ExerciseCase) async throws {
            try await check.run(on: Stage3Adapter())
        }
    }

    @Suite(
        "Exercise 4: userPhotos(username:) in Stage4Generic",
        .enabled(if: ExerciseSwitch.isOn(4), ExerciseSwitch.reason(4)), .sharedFakeTurn)
    struct Stage4 {
        @Test("Stage 4's userPhotos(username:)", arguments: ExerciseCases.for(stage: 4))
        func exercise(_ check: ExerciseCase) async throws {
            try await check.run(on: Stage4Adapter())
        }
    }

    @Suite(
        "Exercise 5: userPhotos(username:) in Stage5Router",
        .enabled(if: ExerciseSwitch.isOn(5), ExerciseSwitch.reason(5)), .sharedFakeTurn)
    struct Stage5 {
        @Test("Stage 5's userPhotos(username:)", arguments: ExerciseCases.for(stage: 5))
        func exercise(_ check: ExerciseCase) async throws {
            try await check.run(on: Stage5Adapter())
        }
    }

    @Suite(
        "Exercise 6: userPhotos(username:) in Stage6Async",
        .enabled(if: ExerciseSwitch.isOn(6), ExerciseSwitch.reason(6)), .sharedFakeTurn)
    struct Stage6 {
        @Test("Stage 6's userPhotos(username:)", arguments: ExerciseCases.for(stage: 6))
        func exercise(_ check: ExerciseCase) async throws {
            // Stage 6 is handed its session; this one reaches only the fake.
            let session = URLSession(configuration: FakeServers.sessionConfiguration())
            try await check.run(on: Stage6Adapter(session: session))
        }
    }

    @Suite(
        "Exercise 2b: refresh(token:) in Stage2EnumAPI, a case the compiler walks you through",
        .enabled(if: ExerciseSwitch.isOn("2b"), ExerciseSwitch.reason("2b")), .sharedFakeTurn)
    struct Stage2b {
        @Test("Stage 2's refresh(token:)", arguments: Exercise2b.cases)
        func exercise(_ check: StepCase) async throws {
            try await check.run()
        }
    }

    @Suite(
        "Exercise 3b: a 503 with Retry-After, a new error case the screens switch on, in Stage3Result",
        .enabled(if: ExerciseSwitch.isOn("3b"), ExerciseSwitch.reason("3b")), .sharedFakeTurn)
    struct Stage3b {
        @Test("Stage 3's APIError.serviceUnavailable", arguments: Exercise3b.cases)
        func exercise(_ check: StepCase) async throws {
            try await check.run()
        }
    }

    @Suite(
        "Exercise 4b: favorite(photoID:), a reply with no body, in Stage4Generic",
        .enabled(if: ExerciseSwitch.isOn("4b"), ExerciseSwitch.reason("4b")), .sharedFakeTurn)
    struct Stage4b {
        @Test("Stage 4's favorite(photoID:)", arguments: Exercise4b.cases)
        func exercise(_ check: StepCase) async throws {
            try await check.run()
        }
    }

    @Suite(
        "Exercise 5b: your offline check of stage 5's search request",
        .enabled(if: ExerciseSwitch.isOn("5b"), ExerciseSwitch.reason("5b")), .sharedFakeTurn)
    struct Stage5b {
        @Test("The check in Stage5bSearchCheck.swift", arguments: Exercise5b.cases)
        func exercise(_ check: StepCase) async throws {
            try await check.run()
        }
    }

    @Suite(
        "Exercise 6b: a home screen that loads two things at once, in Stage6Async",
        .enabled(if: ExerciseSwitch.isOn("6b"), ExerciseSwitch.reason("6b")), .sharedFakeTurn)
    struct Stage6b {
        @Test("Stage 6's home screen", arguments: Exercise6b.cases)
        func exercise(_ check: StepCase) async throws {
            try await check.run()
        }
    }
}
