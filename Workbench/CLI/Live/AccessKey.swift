// Where live mode finds the learner's Unsplash key: the environment, never an argument, so that
// the key stays out of shell history.
#if os(macOS) || os(Linux)
import Foundation
import WorkbookCommand

/// There is no key in `UNSPLASH_ACCESS_KEY`: how to get one and set it, in one line.
public struct MissingAccessKey: Error, Equatable, CustomStringConvertible {
    public var description: String {
        "live mode needs your own Unsplash key: at https://unsplash.com/developers create an app and copy "
            + "its Access Key, then \(AccessKey.howToSet), and try again."
    }
}

enum AccessKey {
    /// The environment variable live mode reads the key from.
    static let variable = Command.accessKeyVariable

    /// How to set it, as docs/live.md teaches: the shell reads it, so its history keeps no key.
    static let howToSet =
        "run read -rs \(variable) && export \(variable), paste the key and press Return (nothing shows, "
        + "and your shell's history keeps no key)"

    /// The key in the environment, without the spaces or newline a paste may bring along.
    static func read(from environment: [String: String]) throws(MissingAccessKey) -> String {
        let key = (environment[variable] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !key.isEmpty else { throw MissingAccessKey() }
        return key
    }
}
#endif
