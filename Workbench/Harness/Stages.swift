// Every stage's adapter, in reading order.
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one way into the adapters. They are internal, so that a kata's change to one (a capability
/// declared, a conformance added) rebuilds this module only, not everything that imports it.
public enum Stages {
    /// The adapters of all stages. Stages 1 to 5 use `URLSession.shared`; later stages use `session`.
    public static func all(session: URLSession) -> [any StageAdapter] {
        (1...6).map { adapter($0, session: session) }
    }

    /// Stage `number`'s adapter. Stages 1 to 5 reach for `URLSession.shared` when they send, whatever
    /// `session` is; stage 6 is handed `session`, or `URLSession.shared`. Nothing here touches
    /// `URLSession.shared` for stages 1 to 5: on Linux, the shared session made before the fake
    /// servers are registered would never reach them.
    public static func adapter(_ number: Int, session: URLSession? = nil) -> any StageAdapter {
        switch number {
        case 1: Stage1Adapter()
        case 2: Stage2Adapter()
        case 3: Stage3Adapter()
        case 4: Stage4Adapter()
        case 5: Stage5Adapter()
        case 6: Stage6Adapter(session: session ?? .shared)
        default: preconditionFailure("there is no stage \(number)")
        }
    }
}
