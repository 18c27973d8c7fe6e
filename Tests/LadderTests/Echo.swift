// A server that repeats a secret back: every form of it that the shared cases send, and the
// call that meets it.
import FakeServers
import Fixtures
import Foundation
import Harness
import Models
import StageTesting
import Testing

/// A server's reply that repeats one secret the call holds: the password a login sent, the sign-in's
/// access or refresh token (on profile and logout), or the access key (on every photo call), in the
/// server's own shape or as plain text, the secret whole, JSON-escaped, cut short, or past where a
/// log cuts a reply. Every call that holds a secret is asked: stages 1 to 3 mask in each call.
struct Echo: CustomStringConvertible {
    let secretName: String
    let secret: String
    let form: String
    let shape: String
    let route: Route
    let reply: Override

    var description: String { "the \(secretName) \(form), \(shape), on \(route)" }

    /// A password with a slash and a quote, which JSON escapes.
    static let password = #"po/p"corn-2580"#

    static func all(token: Token) -> [Echo] {
        let secrets: [(String, String, Route, popcorn: Bool)] = [
            ("password", password, .login, true),
            ("access token", token.accessToken, .profile, true),
            ("refresh token", token.refreshToken, .profile, true),
            ("access token", token.accessToken, .logout, true),
            ("access key", FakeServers.demoAccessKey, .photo, false),
            ("access key", FakeServers.demoAccessKey, .randomPhoto, false),
            ("access key", FakeServers.demoAccessKey, .searchPhotos, false),
        ]
        var echoes: [Echo] = []
        for (name, secret, route, popcorn) in secrets {
            let escaped = Secret.forms(secret)[2]
            let cut = String(secret.prefix(secret.count * 2 / 3)) + "…"
            let forms = [
                ("whole", "Not accepted: \(secret)"), ("JSON-escaped", "Not accepted: \(escaped)"),
                ("cut short", "Not accepted: \(cut)"),
                ("past 300 characters", String(repeating: "~", count: 270) + " \(secret) and more"),
            ]
            for (form, message) in forms {
                echoes.append(Echo(name, secret, form, "as plain text", route, plain(message)))
                if popcorn {
                    echoes.append(Echo(name, secret, form, "in Popcorn's envelope", route, envelope(401, message)))
                    // A logout that answers 2xx is over, whatever its body says: no failure to read.
                    if route != .logout {
                        echoes.append(
                            Echo(name, secret, form, "in a 200 envelope that says fail", route, envelope(200, message)))
                    }
                } else {
                    echoes.append(Echo(name, secret, form, "in Unsplash's errors", route, unsplash(message)))
                }
            }
        }
        return echoes
    }

    init(_ secretName: String, _ secret: String, _ form: String, _ shape: String, _ route: Route, _ reply: Override) {
        (self.secretName, self.secret, self.form, self.shape) = (secretName, secret, form, shape)
        (self.route, self.reply) = (route, reply)
    }

    /// Makes the call whose reply the echo replaces, as the user signed in with `token`.
    func failure(on adapter: any StageAdapter, token: Token) async -> Failure? {
        switch route {
        case .login: await adapter.login(username: demoUsername, password: Self.password).failure
        case .profile: await adapter.profile(token: token).failure
        case .logout: await adapter.logout(token: token).failure
        case .randomPhoto: await adapter.randomPhoto().failure
        case .searchPhotos: await adapter.searchPhotos(query: "coffee").failure
        default: await adapter.photo(id: "Dwu85P9SOIk").failure
        }
    }

    static func plain(_ message: String) -> Override {
        .reply(status: 401, body: message, contentType: "text/plain")
    }

    static func envelope(_ status: Int, _ message: String) -> Override {
        json(status, ["resultCode": status == 200 ? 401 : status, "status": "fail", "data": message])
    }

    static func unsplash(_ message: String) -> Override {
        json(401, ["errors": [message]])
    }

    static func json(_ status: Int, _ object: [String: Any]) -> Override {
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return Override(status: status, headers: ["Content-Type": "application/json"], body: body)
    }
}
