// The fake Popcorn login server: `POST /login` with a JSON body, answered in Popcorn's envelope.
import Foundation

enum PopcornServer {
    /// The token the demo account gets; fixed so that tests can compare it.
    static let demoToken: [String: String] = [
        "access_token": "popcorn-access-8f14e45fceea167a5a36dedd4bea2543",
        "refresh_token": "popcorn-refresh-c9f0f895fb98ab9159f51fd0297e236d",
        "access_expired_at": "2026-12-31T23:59:59+09:00",
        "refresh_expired_at": "2027-01-30T23:59:59+09:00",
    ]

    static func route(_ view: ServerView) -> Route? {
        view.pathSegments == ["login"] ? .login : nil
    }

    static func answer(_ request: RecordedRequest, route: Route?) -> ServerReply {
        guard route == .login else { return failure(404, "Not found") }
        guard request.method == "POST" else {
            var reply = failure(405, "Method not allowed: use POST")
            reply.headers["Allow"] = "POST"
            return reply
        }
        guard request.header("Content-Type")?.lowercased().hasPrefix("application/json") == true else {
            return failure(400, "Content-Type must be application/json")
        }
        guard let fields = request.jsonStrings, let username = fields["username"], let password = fields["password"]
        else {
            return failure(400, "The body must be a JSON object with a username and a password")
        }
        guard username == FakeServers.demoUsername, password == FakeServers.demoPassword else {
            return failure(401, "Invalid username or password")
        }
        return .json(200, ["resultCode": 200, "status": "success", "data": demoToken])
    }

    private static func failure(_ status: Int, _ message: String) -> ServerReply {
        .json(status, ["resultCode": status, "status": "fail", "data": message])
    }
}
