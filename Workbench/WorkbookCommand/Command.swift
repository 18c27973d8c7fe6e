// The `workbook` command line: what each command is, and how the words a user typed become one.
import Ladder
import TerminalText

/// One thing `workbook` can be asked to do.
public enum Command: Equatable, Sendable {
    case tour
    case stage(Int)
    /// `file` narrows it to the files of that name (`PhotoManager.swift`, or without `.swift`).
    case compare(Int, Int, unified: Bool, file: String? = nil)
    case metrics(markdown: Bool)
    case bench(json: Bool)
    case reliability(markdown: Bool)
    case probe(Int)
    case live
    case doctor
    case help(topic: String?)
}

/// Words that do not make a command, with what to tell the user.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What was wrong, in one line.
    public let description: String
    /// The command whose help says more, when the words named one.
    public let command: String?
    /// One more line, such as the commands there are.
    public let hint: String?

    package init(_ description: String, command: String? = nil, hint: String? = nil) {
        self.description = description
        self.command = command
        self.hint = hint
    }

    /// What `workbook` prints for it: at most three lines, the last pointing to the help.
    public var lines: [String] {
        let pointer =
            command.map { "`workbook help \($0)` says how to use it." }
            ?? "`workbook help` says what each command does."
        return ["workbook: " + description] + (hint.map { [$0] } ?? []) + [pointer]
    }

    /// A word the user typed, quoted, with any control character escaped, and cut short if long,
    /// so that it stays on the message's one line.
    package static func quoted(_ word: String) -> String {
        let shown = word.count > 24 ? word.prefix(23) + "…" : word
        return shown.debugDescription
    }
}

extension Command {
    /// The environment variable live mode reads the learner's Unsplash key from, never an argument.
    public static let accessKeyVariable = "UNSPLASH_ACCESS_KEY"

    /// The stages that exist, for checking numbers and for messages.
    public static let stageNumbers = Ladder.numbers

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
                throw UsageError("stage takes one stage number, such as `workbook stage 3`.", command: name)
            }
            return .stage(try stageNumber(rest[0], for: name))
        case "compare":
            let unified = rest.contains("--unified")
            // The executable reads --no-pager; here it only has to be allowed.
            rest.removeAll { $0 == "--unified" || $0 == "--no-pager" }
            var file: String?
            if let index = rest.firstIndex(of: "--file") {
                guard index + 1 < rest.count else {
                    throw UsageError("--file takes a file's name, such as `--file PhotoManager.swift`.", command: name)
                }
                file = rest[index + 1]
                rest.removeSubrange(index...(index + 1))
            }
            guard rest.count == 2 else {
                throw UsageError("compare takes two stage numbers, such as `workbook compare 3 4`.", command: name)
            }
            return .compare(
                try stageNumber(rest[0], for: name), try stageNumber(rest[1], for: name), unified: unified, file: file)
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
            throw kataMoved
        case "probe":
            guard rest.count == 1 else {
                throw UsageError("probe takes one stage number, such as `workbook probe 6`.", command: name)
            }
            return .probe(try stageNumber(rest[0], for: name))
        case "live":
            // The word is never repeated back: it may well be the key itself.
            guard rest.isEmpty else {
                throw UsageError(
                    "live takes no arguments: it reads your key from \(Command.accessKeyVariable).", command: name,
                    hint: "An environment variable keeps the key out of your shell history.")
            }
            return .live
        case "doctor":
            try noMore(rest, after: name)
            return .doctor
        case "help", "--help", "-h":
            guard rest.count <= 1 else { throw UsageError("help takes at most one command name.", command: name) }
            if rest.first == "kata" { throw kataMoved }
            if let topic = rest.first, Help.topics[topic] == nil { throw unknownCommand(topic) }
            return .help(topic: rest.first)
        default:
            throw unknownCommand(name)
        }
    }

    /// The kata is a program of its own, which builds while the stage in a kata does not.
    private static let kataMoved = UsageError(
        "kata is a command of its own now.",
        hint: "`swift run kata start 4`; it runs while the stage in a kata does not compile.")

    private static func unknownCommand(_ word: String) -> UsageError {
        UsageError("There is no command \(UsageError.quoted(word)).", hint: "Commands: \(Help.names).")
    }

    private static func stageNumber(_ word: String, for command: String) throws(UsageError) -> Int {
        guard let number = Int(word), stageNumbers.contains(number) else {
            throw UsageError(
                "There is no stage \(UsageError.quoted(word)): the stages are \(Ladder.span(stageNumbers)).",
                command: command)
        }
        return number
    }

    private static func noMore(_ rest: [String], after name: String) throws(UsageError) {
        if let extra = rest.first {
            throw UsageError("\(name) does not take \(UsageError.quoted(extra)).", command: name)
        }
    }
}

/// The text of `workbook --help` and `workbook help COMMAND`.
public enum Help {
    package static let topics: [String: String] = [
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
        workbook compare A B [--file NAME] [--unified] [--no-pager]
          What changed first, a line a file with its lines added and removed; then the two stages'
          sources, file by file, side by side (as wide as the terminal, a line too long for its
          column carried on below, marked ↪) with changed lines marked, the screens last, and every
          file one stage has and the other does not. --file narrows it to one file
          (`--file PhotoManager`); --unified prints a unified diff instead, as does a terminal too
          narrow for two columns (into a file or a pipe, its lines are not cut). On a terminal it
          opens in a pager, as git does: $PAGER, else less; --no-pager or PAGER=cat prints it
          straight. `workbook compare 3 4` shows what stage 4 changed.
        """,
        "metrics": """
        workbook metrics [--markdown]
          Per stage, measured from its sources: lines of code, files, request functions, URLSession
          call sites, key literals, force unwraps, and its capabilities, with what each means.
          --markdown for the docs.
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
          key from the \(Command.accessKeyVariable) environment variable (never an argument); logins stay
          on the fake. Says how many requests it sends before sending any, and the quota Unsplash
          reports after; stops at once on a rate limit. docs/live.md says how to get a key.
        """,
        "probe": """
        workbook probe N
          Each of stage N's calls once, on the fakes, each named before it starts, and whether it handed
          back the right thing. `swift run kata check N` and `bench` run it in a child process of the optimized build
          (`swift build -c release`), so that a build that crashes in a call is reported with the stage and
          the call instead of ending the command.
        """,
        "doctor": """
        workbook doctor
          Whether this machine is ready for the workshop, one line a check with ✓ or what to do: Swift
          against the floor, Xcode on a Mac, git and its name for your commits, a git clone, free disk,
          the terminal's width, the package building, stage 1's run, and a kata started and stopped in a
          temporary clone. Exits 0 only when every check holds; on a built clone, within a minute.
        """,
        "help": """
        workbook help [COMMAND]
          This text, or one command's.
        """,
    ]

    package static let order = [
        "tour", "stage", "compare", "metrics", "reliability", "bench", "live", "probe", "doctor", "help",
    ]
    /// The commands, for a one-line hint; the pointer under it names `help`.
    /// `probe` is left out: `kata check` and `bench` run it, a person seldom does.
    package static var names: String { order.filter { $0 != "help" && $0 != "probe" }.joined(separator: ", ") }

    /// The whole help, or one command's, its paragraphs wrapped to `width`.
    public static func text(for topic: String?, width: Int = Terminal.fallbackWidth) -> String {
        if let topic, let text = topics[topic] { return reflowed(text, width: width) }
        let intro = "workbook: the network-layer workbook's tour, on in-process fake servers (no network but `live`)."
        let commands = order.compactMap { topics[$0] }.map { reflowed($0, width: width) }
        let kata =
            "The katas, a stage's step done by hand on a git branch of its own, have a command of their own, "
            + "which runs while the stage in a kata does not compile: `swift run kata help`."
        return (TextLayout.wrap(intro, width: width) + [""]).joined(separator: "\n") + "\n"
            + commands.joined(separator: "\n\n") + "\n\n" + TextLayout.wrap(kata, width: width).joined(separator: "\n")
    }

    /// A command's help: its usage line, then its description as one paragraph indented by two.
    private static func reflowed(_ topic: String, width: Int) -> String {
        let lines = topic.split(separator: "\n")
        let usage = lines.first.map(String.init) ?? ""
        let body = lines.dropFirst().map { String($0.drop { $0 == " " }) }.joined(separator: " ")
        return (TextLayout.wrap(usage, width: width) + TextLayout.wrap(body, width: width, first: "  ", rest: "  "))
            .joined(separator: "\n")
    }
}
