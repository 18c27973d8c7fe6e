// Exercise 5b: your offline check of stage 5's search request, yours to write. The steps are in
// Exercises/stage5b/README.md and README.ko.md. The exercise's suite runs your check on the router's own
// requests, which it must pass, and on wrong ones planted for it, which it must all catch.
import FakeServers
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What is wrong with `request` as Unsplash's search for `query`: one sentence per problem, and
/// none when the server would read it as that search. `nil` until the check is written.
func searchRequestProblems(_ request: URLRequest, query: String) -> [String]? {
    nil
}
