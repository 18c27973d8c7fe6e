// Bad input as tests: every awkward id, query and credential, on every stage, inside its suite.
import FakeServers
import Fixtures
import Harness
import StageTesting
import Testing

extension BadInput: CustomTestStringConvertible {
    public var testDescription: String { name }
}

/// The server got the input as typed, or the stage refused it before sending, or (for a stage
/// that neither declares nor is promised `exactRequests`) exactly the damage the matrix pins down.
func check(
    _ input: BadInput, on adapter: any StageAdapter, fake: FakeServers = .shared,
    sourceLocation: SourceLocation = #_sourceLocation
) async {
    let fake = freshFake(fake)
    try? await Bounded.run(
        stage: adapter.stage.number, case: input.name, fake: fake, sourceLocation: sourceLocation
    ) {
        let monitor = CompletionMonitor(patience: 5)
        let sent = await CompletionMonitor.$current.withValue(monitor) {
            await BadInputs.send(input, through: adapter, fake: fake)
        }
        // Read first, so that a failure prints what was sent and the step rather than the whole stage.
        let accepted = input.accepts(sent, from: LadderPromise.heldTo(adapter.stage))
        let step = StageUnderTest(adapter: adapter, fake: fake).step(to: .exactRequests)
        #expect(accepted, "stage \(adapter.stage.number) sent \(sent). \(step)", sourceLocation: sourceLocation)
        #expect(
            monitor.problems.isEmpty, "stage \(adapter.stage.number): \(monitor.problems)",
            sourceLocation: sourceLocation)
    }
}
