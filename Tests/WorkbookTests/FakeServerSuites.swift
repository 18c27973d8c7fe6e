// Stages 1 to 5 reach the fake through `URLSession.shared`, which is one per process. Every suite
// that uses the fake therefore runs inside this one serialized suite, one test at a time.
import FakeServers
import Testing

@Suite(.serialized)
struct FakeServerSuites {}

/// A fake with an empty log and no overrides, registered for `URLSession.shared`.
func freshFake() -> FakeServers {
    FakeServers.install()
    FakeServers.shared.reset()
    return FakeServers.shared
}
