// What `workbook bench` times in each stage: its photo and login calls, made as a screen makes
// them, straight to the stage, without the watchdog the suite's completion bridge starts per call.

import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A stage's `photo(id:)` and `login`, each answering only whether a value came back. Each stage's
/// `StageNAdapter+Bench.swift` says how, in that stage's own calling convention.
public protocol BenchedStage: StageAdapter, BenchCalls {
    /// The same stage with fewer plugins than its adapter registers, by the name the bench
    /// prints, so that the bench can say what each plugin costs. None, unless a stage says so.
    func benchVariants(session: URLSession) -> [(name: String, calls: any BenchCalls)]
}

/// The two calls the bench times, made one way.
public protocol BenchCalls: Sendable {
    func benchPhoto(id: String) async -> Bool
    func benchLogin(username: String, password: String) async -> Bool
}

extension BenchedStage {
    public func benchVariants(session: URLSession) -> [(name: String, calls: any BenchCalls)] { [] }
}

public enum BenchBridge {
    /// The one shape every completion handler is awaited through in the bench, floor and stages alike.
    public static func bridged(_ start: (_ done: @escaping @Sendable (Bool) -> Void) -> Void) async -> Bool {
        await withCheckedContinuation { continuation in
            start { continuation.resume(returning: $0) }
        }
    }
}
