// A fake server's answer before any override is applied.
import Foundation

struct Answer: Sendable {
    var status: Int
    var headers: [String: String]
    var body: Data

    /// A JSON answer, keys sorted so that the same request always gets the same bytes.
    static func json(_ status: Int, _ object: Any, headers: [String: String] = [:]) -> Answer {
        let body =
            (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data()
        return Answer(
            status: status, headers: headers.merging(["Content-Type": "application/json"]) { own, _ in own }, body: body
        )
    }
}
