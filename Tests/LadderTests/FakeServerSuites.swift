// Stages 1 to 5 reach the fake through `URLSession.shared`, which is one per process. Every suite
// that uses that fake therefore runs inside this one serialized suite, one test at a time, and
// takes turns with the exercises' suite, in another target, which uses the same fake.
import FakeTurns
import Testing

@Suite(.serialized, .sharedFakeTurn)
struct FakeServerSuites {}

@Suite(.serialized, .separateFakeTurn)
struct SeparateFakeSuites {
    // Suites whose stage is handed a session use the second fake, `FakeServers.separate`, which only
    // their sessions reach: they run one at a time too, but beside the suites above, and take turns
    // with the fake's own tests (FakeServerTests, a target of its own). (Comments stay
    // inside these types: Swift Testing repeats one written above `@Suite` under every failure.)
}
