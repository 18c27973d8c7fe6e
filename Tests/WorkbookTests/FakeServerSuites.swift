// Stages 1 to 5 reach the fake through `URLSession.shared`, which is one per process. Every suite
// that uses the fake therefore runs inside this one serialized suite, one test at a time.
import Testing

@Suite(.serialized)
struct FakeServerSuites {}
