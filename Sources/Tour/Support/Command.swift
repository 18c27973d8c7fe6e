// The `workbook` command line: what each command is, and how the words a user typed become one.

/// One thing `workbook` can be asked to do.
public enum Command: Equatable, Sendable {
    case tour
    case stage(Int)
    case compare(Int, Int, unified: Bool)
    case metrics(markdown: Bool)
    case bench(json: Bool)
    case reliability(markdown: Bool)
    case kata(KataAction, Int)
    case live
    case help(topic: String?)
}

/// Words that do not make a command, with what to tell the user.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public let description: String
}

extension Command {
    /// The stages that exist, for checking numbers and for messages.
    public static let stageNumbers = 1...6

    /// Reads the arguments after the program's name.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        guard let name = arguments.first else { return .tour }
        var rest = Array(arguments.dropFirst())
        switch name {
        case "tour":
            try noMore(rest, after: name)
            return .tour
        case "stage":
            guard rest.count == 1 else {
                throw UsageError(description: "stage takes one stage number, such as `workbook stage 3`.")
            }
            return .stage(try stageNumber(rest[0]))
        case "compare":
            let unified = rest.contains("--unified")
            rest.removeAll { $0 == "--unified" }
            guard rest.count == 2 else {
                throw UsageError(description: "compare takes two stage numbers, such as `workbook compare 3 4`.")
            }
            return .compare(try stageNumber(rest[0]), try stageNumber(rest[1]), unified: unified)
        case "metrics":
            let markdown = rest.contains("--markdown")
            rest.removeAll { $0 == "--markdown" }
            try noMore(rest, after: name)
            return .metrics(markdown: markdown)
        case "reliability":
            let markdown = rest.contains("--markdown")
            rest.removeAll { $0 == "--markdown" }
            try noMore(rest, after: name)
            return .reliability(markdown: markdown)
        case "bench":
            let json = rest.contains("--json")
            rest.removeAll { $0 == "--json" }
            try noMore(rest, after: name)
            return .bench(json: json)
        case "kata":
            guard rest.count == 2, let action = KataAction(rawValue: rest[0]), let number = Int(rest[1]) else {
                throw UsageError(
                    description: "kata takes start, check or reset and a stage number, such as `workbook kata start 3`."
                )
            }
            return .kata(action, number)
        case "live":
            // The word is never repeated back: it may well be the key itself.
            guard rest.isEmpty else {
                throw UsageError(
                    description:
                        "live takes no arguments: it reads your key from the \(AccessKey.variable) environment "
                        + "variable, which keeps it out of your shell history.")
            }
            return .live
        case "help", "--help", "-h":
            guard rest.count <= 1 else { throw UsageError(description: "help takes at most one command name.") }
            if let topic = rest.first, Help.topics[topic] == nil {
                throw UsageError(description: "There is no command \(topic); the commands are \(Help.names).")
            }
            return .help(topic: rest.first)
        default:
            throw UsageError(description: "There is no command \(name); the commands are \(Help.names).")
        }
    }

    private static func stageNumber(_ word: String) throws(UsageError) -> Int {
        guard let number = Int(word), stageNumbers.contains(number) else {
            throw UsageError(
                description:
                    "There is no stage \(word): the stages are \(stageNumbers.lowerBound) to \(stageNumbers.upperBound)."
            )
        }
        return number
    }

    private static func noMore(_ rest: [String], after name: String) throws(UsageError) {
        if let extra = rest.first {
            throw UsageError(description: "\(name) does not take \(extra).")
        }
    }
}

/// The text of `workbook --help` and `workbook help COMMAND`.
public enum Help {
    static let topics: [String: String] = [
        "tour": """
        workbook [tour]
          Runs every stage against the embedded fake servers and shows, for each, its one idea, its
          photo screen's code, what each call handed back and what the screen showed the person;
          then one table of all stages side by side.
        """,
        "stage": """
        workbook stage N
          One stage in depth: its capabilities, its whole photo screen, and every scenario with what
          the screen showed and the requests it sent (the access key and passwords masked).
        """,
        "compare": """
        workbook compare A B [--unified]
          The two stages' sources, file by file, side by side (as wide as the terminal) with changed
          lines marked, the screens last; --unified prints a unified diff instead. `workbook compare
          3 4` shows what stage 4 changed.
        """,
        "metrics": """
        workbook metrics [--markdown]
          Per stage, measured from its sources: lines of code, files, request functions, URLSession
          call sites, key literals, force unwraps, and its capabilities. --markdown for the docs.
        """,
        "reliability": """
        workbook reliability [--markdown]
          Every bad reply and every awkward input of the reliability matrix, on every stage: what
          each stage handed its caller, and what reached the server. --markdown for the docs.
        """,
        "bench": """
        workbook bench [--json]
          Measures, against the fakes: each stage's time per request beside plain URLSession and
          JSONDecoder, and stage 6's concurrent photos(ids:) beside the same calls one by one.
          Progress on stderr; --json prints one JSON object. Run it with `swift run -c release`.
        """,
        "live": """
        workbook live
          The three Unsplash calls of every stage against the real api.unsplash.com, with your own
          key from the \(AccessKey.variable) environment variable (never an argument); logins stay
          on the fake. Says how many requests it sends before sending any, and the quota Unsplash
          reports after; stops at once on a rate limit. docs/live.md says how to get a key.
        """,
        "kata": """
        workbook kata start|check|reset N
          Stage N's step (N is 2 to 6), done by hand. start puts stage N-1's code in stage N's place,
          renamed to build as stage N, with its adapter, and sets aside the tests that name its types:
          `swift test --filter StageN` then fails on what the step adds (docs/katas/stageN.md). check says what
          the step's promises still lack, measured from the sources. reset puts stage N back from git.
          start refuses, with status 2, to overwrite uncommitted changes, or outside a git clone.
        """,
        "help": """
        workbook help [COMMAND]
          This text, or one command's.
        """,
    ]

    static let order = ["tour", "stage", "compare", "metrics", "reliability", "bench", "live", "kata", "help"]
    static var names: String { order.joined(separator: ", ") }

    public static func text(for topic: String?) -> String {
        if let topic, let text = topics[topic] { return text }
        return """
            workbook: the network-layer workbook's tour, on in-process fake servers (no network but `live`).

            \(order.compactMap { topics[$0] }.joined(separator: "\n\n"))
            """
    }
}
