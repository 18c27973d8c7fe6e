// `workbook probe N`: each of stage N's calls once, on the fake, each named before it starts, so a
// build that traps in a call leaves that call's name as the last line it printed. `kata check`
// and `bench` run it in a child process of the optimized build, where a crash cannot take them
// down and is reported with the stage and the call.
#if os(macOS) || os(Linux)
import FakeServers
import Foundation
import Harness
import KataKit
import Models

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The calls a probe makes, and what each must hand back.
enum Probe {
    /// What a started call's line begins with; the parent reads the last one after a crash.
    static let started = ChildProbe.started

    struct Step: Sendable {
        let call: String
        /// Whether the stage has the call at all: stage 6's concurrent calls are its own.
        var isMade: @Sendable (any StageAdapter) -> Bool = { _ in true }
        /// What was wrong with what the call handed back; nil when it was right.
        let run: @Sendable (any StageAdapter) async -> String?
    }

    /// Photos of the catalogue, asked for together by a stage that can.
    static let ids = ["Dwu85P9SOIk", "Rk3OQZ1Y5Jw", "2hs9d5fdQQU", "LBI7cgq3pbM"]

    static let steps: [Step] = [
        Step(call: "login(username:password:)") { adapter in
            let outcome = await adapter.login(username: FakeServers.demoUsername, password: FakeServers.demoPassword)
            return outcome.value == nil ? "no token: \(outcome.failure?.message ?? "")" : nil
        },
        Step(call: "searchPhotos(query:)") { adapter in
            let ids = await adapter.searchPhotos(query: "coffee").value?.results.map(\.id)
            return ids == ["Dwu85P9SOIk", "Rk3OQZ1Y5Jw"] ? nil : "the page for coffee held \(ids ?? [])"
        },
        Step(call: "randomPhoto()") { adapter in
            await adapter.randomPhoto().value == nil ? "no photo" : nil
        },
        Step(call: "photo(id:)") { adapter in
            let id = await adapter.photo(id: ids[0]).value?.id
            return id == ids[0] ? nil : "asked for \(ids[0]), handed \(id ?? "nothing")"
        },
        Step(call: "profile()") { adapter in
            guard
                let token = await adapter.login(username: FakeServers.demoUsername, password: FakeServers.demoPassword)
                    .value
            else { return "no token to ask with" }
            let name = await adapter.profile(token: token).value?.username
            return name == FakeServers.demoUsername ? nil : "the profile was \(name ?? "missing")"
        },
        Step(
            call: "photos(ids:)", isMade: { $0 is any ConcurrentCalls },
            run: { adapter in
                guard let concurrent = adapter as? any ConcurrentCalls else { return "no such call" }
                let got = await concurrent.photos(ids: ids).value?.map(\.id)
                return got == ids ? nil : "asked for \(ids), handed \(got ?? [])"
            }),
        Step(
            call: "homeScreen(query:)", isMade: { $0 is any ConcurrentCalls },
            run: { adapter in
                guard let concurrent = adapter as? any ConcurrentCalls else { return "no such call" }
                let (random, search) = await concurrent.homeScreen(query: "coffee")
                return random.value != nil && search.value?.total == 2 ? nil : "the home screen came back incomplete"
            }),
    ]
}

extension Workbook {
    /// `workbook probe N`: stage N's calls, once each; throws when one handed back the wrong thing.
    func probe(_ number: Int) async throws {
        guard let adapter = Self.adapters().first(where: { $0.stage.number == number }) else {
            throw WorkbookError("the workbook has no stage \(number).")
        }
        var wrong: [String] = []
        for step in Probe.steps where step.isMade(adapter) {
            line(Probe.started + step.call)
            if let problem = await step.run(adapter) {
                wrong.append("\(step.call): \(problem)")
                line("\(style.red("✗")) \(step.call): \(problem)")
            } else {
                line("\(style.green("✓")) \(step.call)")
            }
        }
        FakeServers.shared.reset()
        if !wrong.isEmpty {
            throw WorkbookError("stage \(number) handed back the wrong thing: \(wrong.joined(separator: "; ")).")
        }
    }

    /// A line out now: if the next call traps, the parent must already have this one.
    private func line(_ text: String) {
        write(text)
        fflush(nil)
    }
}
#endif
