// Every stage's adapter, in reading order.
import Foundation
import Ladder

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

public enum Stages {
    /// The adapters of all stages. Stages 1 to 5 use `URLSession.shared`; later stages use `session`.
    public static func all(session: URLSession) -> [any StageAdapter] {
        [
            Stage1Adapter(), Stage2Adapter(), Stage3Adapter(), Stage4Adapter(), Stage5Adapter(),
            Stage6Adapter(session: session),
        ]
    }

    /// The adapter of the ladder's top stage (`Ladder.top`) among `adapters`; nil when none is
    /// that stage's. What the ladder ends in, named, never taken as `adapters.last`.
    public static func top(of adapters: [any StageAdapter]) -> (any StageAdapter)? {
        adapters.first { $0.stage.number == Ladder.top.number }
    }
}
