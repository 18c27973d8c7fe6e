// Every stage's call site, in reading order.
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

public enum Stages {
    /// The call sites of all stages. Stages 1 to 5 use `URLSession.shared`; later stages use `session`.
    public static func all(session: URLSession) -> [any CallSite] {
        [
            Stage1CallSite(), Stage2CallSite(), Stage3CallSite(), Stage4CallSite(), Stage5CallSite(),
            Stage6CallSite(session: session),
        ]
    }
}
