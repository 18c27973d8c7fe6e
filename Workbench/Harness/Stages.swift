// Every stage's adapter, in reading order.
import Foundation
import Harness

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

    /// Stage `number`'s adapter. Stages 1 to 5 use `URLSession.shared` whatever `session` is.
    public static func adapter(_ number: Int, session: URLSession = .shared) -> any StageAdapter {
        switch number {
        case 1: Stage1Adapter()
        case 2: Stage2Adapter()
        case 3: Stage3Adapter()
        case 4: Stage4Adapter()
        case 5: Stage5Adapter()
        case 6: Stage6Adapter(session: session)
        default: preconditionFailure("there is no stage \(number)")
        }
    }
}
