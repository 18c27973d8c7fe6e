// The reliability matrix as tests: every bad reply, on every stage, inside that stage's suite.
import FakeServers
import Fixtures
import Harness
import StageTesting
import Testing

extension BadReply: CustomTestStringConvertible {
    public var testDescription: String { name }
}

/// The caller hears exactly once, in bounded time, and gets what the matrix says for this stage.
func check(
    _ badReply: BadReply, on adapter: any StageAdapter, fake: FakeServers = .shared,
    sourceLocation: SourceLocation = #_sourceLocation
) async {
    // Held to what its number promises, whatever its adapter declares (see `LadderPromise`).
    let stage = LadderPromise.heldTo(adapter.stage)
    let fake = freshFake(fake)
    try? await Bounded.run(stage: stage.number, case: badReply.name, fake: fake, sourceLocation: sourceLocation) {
        let result = await BadReplies.run(badReply, on: adapter, fake: fake)
        expect(result, of: badReply, from: stage, sourceLocation: sourceLocation)
    }
}

private func expect(
    _ result: BadReplyResult, of badReply: BadReply, from stage: StageInfo, sourceLocation: SourceLocation
) {
    #expect(result.problems.isEmpty, "stage \(stage.number): \(result.problems)", sourceLocation: sourceLocation)
    let expected = badReply.expected(for: stage)
    let step = LadderPromise.step(of: stage, to: .typedFailures)
    #expect(
        result.handed == expected,
        """
        \(badReply.call) met \(badReply.name): stage \(stage.number) handed its caller \(result.outcome.text) \
        (it should hand \(expected)). \(step)
        """, sourceLocation: sourceLocation)
    #expect(result.seconds < 5, sourceLocation: sourceLocation)
    for secret in [FakeServers.demoPassword, FakeServers.demoAccessKey] {
        #expect(
            !result.outcome.summary.contains(secret), "stage \(stage.number) put a secret in its message",
            sourceLocation: sourceLocation)
    }
}
