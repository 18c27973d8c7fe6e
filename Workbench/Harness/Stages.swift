// Every stage's adapter, in reading order.
import Foundation

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
}
