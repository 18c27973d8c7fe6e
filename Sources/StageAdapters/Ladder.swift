// What each stage promises by its number, whatever its adapter declares. A kata puts the stage
// before in a stage's place, adapter and all; the suite holds the stage to this promise instead.

public enum Ladder {
    /// The capabilities stage `number` declares as committed: each stage keeps the ones before it.
    public static func promised(_ number: Int) -> Set<Capability> {
        switch number {
        case ...2: []
        case 3: [.typedFailures, .errorsCarryData]
        case 4: [.typedFailures, .oneRequestPath, .errorsCarryData, .logsEveryCall, .refreshesToken]
        case 5:
            [
                .typedFailures, .oneRequestPath, .offlineRequestBuilding, .exactRequests, .errorsCarryData,
                .logsEveryCall, .refreshesToken,
            ]
        default: Set(Capability.allCases)
        }
    }

    /// `stage` as the suite holds it: what it declares, and what its number promises.
    public static func heldTo(_ stage: StageInfo) -> StageInfo {
        StageInfo(
            number: stage.number, module: stage.module, idea: stage.idea,
            capabilities: stage.capabilities.union(promised(stage.number)))
    }
}
