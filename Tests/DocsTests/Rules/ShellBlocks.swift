// The shell blocks a reader pastes, held to what macOS's Terminal does with them. Its zsh is
// interactive and leaves INTERACTIVE_COMMENTS off, so a `# …` after a command is no comment there
// but more arguments to it, and a line that is only `# …` runs a command named `#`.
import Foundation
import Locking

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The rule, read from the page's text alone: no command line in a shell block has a word that
/// starts with `#`, and every fence names its language, so that no command hides in a block the
/// rule cannot tell from output.
enum ShellBlocks {
    /// The fences whose lines a reader pastes into a terminal.
    static let languages: Set<String> = ["sh", "bash", "shell", "zsh", "console"]

    /// One command a reader pastes: a line, or lines joined by a trailing backslash.
    struct Command: Sendable, Equatable {
        /// The 0-based index, in the page's lines, of the command's first line.
        let line: Int
        let text: String
    }

    /// Every Markdown page of the package, outside hidden folders (.build, .git), from the root, sorted.
    static func pagePaths() -> [String] {
        guard let root = PackageWorld.root else { return [] }
        var found: [String] = []
        func walk(_ folder: String) {
            let url = folder.isEmpty ? root : root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            for name in names where !name.hasPrefix(".") {
                let path = folder.isEmpty ? name : folder + "/" + name
                var isFolder: ObjCBool = false
                guard
                    FileManager.default.fileExists(
                        atPath: url.appendingPathComponent(name).path, isDirectory: &isFolder)
                else { continue }
                if isFolder.boolValue {
                    walk(path)
                } else if name.hasSuffix(".md") {
                    found.append(path)
                }
            }
        }
        walk("")
        return found.sorted()
    }

    /// What the rule finds on `page`, by line.
    static func problems(in page: DocPage) -> [DocProblem] {
        var problems: [DocProblem] = []
        for block in page.blocks {
            if block.language.isEmpty {
                problems.append(
                    DocProblem(
                        file: page.path, line: block.fenceLine + 1, excerpt: page.lines[block.fenceLine],
                        message: "a fence with no language: write ```sh for what a reader pastes, ```text for output"))
                continue
            }
            guard languages.contains(block.language) else { continue }
            for (offset, line) in commandLines(of: block) {
                guard let hash = commentStart(in: line) else { continue }
                let before = line[..<hash].trimmingSpaces
                let message =
                    before.isEmpty
                    ? "a line that is only a comment runs a command named `#` in macOS's zsh (an interactive zsh "
                        + "reads no comments): say it in the prose around the block"
                    : "`\(line[hash...])` is no comment in macOS's zsh (an interactive zsh reads no comments): it "
                        + "hands `#` and the words after it to the command; say it in the prose around the block"
                problems.append(
                    DocProblem(
                        file: page.path, line: block.fenceLine + 2 + offset, excerpt: line, message: message))
            }
        }
        return problems
    }

    /// The block's lines that are commands, by their offset in the block: every line, or in a
    /// ```console block the lines after a `$ ` prompt, less the prompt.
    static func commandLines(of block: FencedBlock) -> [(offset: Int, text: String)] {
        block.lines.enumerated().compactMap { offset, line in
            guard block.language == "console" else { return (offset, line) }
            let trimmed = line.trimmingSpaces
            return trimmed.hasPrefix("$ ") ? (offset, String(trimmed.dropFirst(2))) : nil
        }
    }

    /// The commands of every shell block on `page`, continued lines joined, blank lines left out.
    static func commands(on page: DocPage) -> [Command] {
        var commands: [Command] = []
        for block in page.blocks where languages.contains(block.language) {
            var pending: (line: Int, text: String)?
            for (offset, line) in commandLines(of: block) {
                let index = block.fenceLine + 1 + offset
                let text = pending.map { $0.text + "\n" + line } ?? line
                let first = pending?.line ?? index
                if line.hasSuffix("\\") {
                    pending = (first, text)
                    continue
                }
                pending = nil
                if !text.trimmingSpaces.isEmpty { commands.append(Command(line: first, text: text)) }
            }
            if let pending { commands.append(Command(line: pending.line, text: pending.text)) }
        }
        return commands
    }

    /// Where a word that starts with `#` begins, outside quotes and not escaped: there a shell that
    /// reads comments would start one, and an interactive zsh does not. `a#b`, `$#`, `${#x}`, `'#'`
    /// and `\#` are words that hold a `#`, in every shell.
    static func commentStart(in line: String) -> String.Index? {
        var quote: Character?
        var escaped = false
        var previous: Character?
        for index in line.indices {
            let character = line[index]
            defer { previous = character }
            if escaped {
                escaped = false
                continue
            }
            switch (quote, character) {
            case (nil, "\\"), ("\"", "\\"): escaped = true
            case (nil, "'"), (nil, "\""): quote = character
            case ("'", "'"), ("\"", "\""): quote = nil
            case (nil, "#"):
                if previous.map({ $0 == " " || $0 == "\t" || ";&|()".contains($0) }) ?? true { return index }
            default: break
            }
        }
        return nil
    }
}

/// What an interactive zsh does with a command pasted into it, with nothing run. Each command goes
/// to its own `zsh -f -i +m` (no startup files, interactive, no job control, so it never takes a
/// terminal), reading from a pipe. Before the command, the shell is made harmless: every builtin but
/// `print` is disabled and `PATH` leads nowhere, so each command, `cd`, `read` and `exit` included,
/// reaches `command_not_found_handler`, which prints the words it would have run with; restricted
/// mode refuses writing redirections and commands named by a path (`scripts/budget`), whose words
/// only the comment rule then reads. What zsh does to a line before it runs it (history expansion,
/// parsing, globbing, in the package root where the pages say to paste) it does as in Terminal.
enum ZshPaste {
    /// What zsh made of one command.
    struct Outcome: Sendable, Equatable {
        /// The commands zsh would have run, each as its words.
        var commands: [[String]] = []
        /// What zsh said on its own (`zsh: bad pattern: (docs`), less what only the sandbox refuses.
        var errors: [String] = []
    }

    /// The zsh this machine has: the first on PATH, or macOS's /bin/zsh; nil when there is none.
    static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let places = path.split(separator: ":").map { "\($0)/zsh" } + ["/bin/zsh"]
        return places.first { FileManager.default.isExecutableFile(atPath: $0) }.map(URL.init(fileURLWithPath:))
    }()

    /// What separates the sandbox's own start from what the command does; then each word, each command.
    private static let ready = "\u{1E}"
    private static let commandMark = "\u{1D}"
    private static let wordMark = "\u{1F}"

    /// Read by the shell before the command, as lines typed into it.
    static let setup = [
        // Whatever /etc/zshenv set, zsh's own defaults: comments off, NOMATCH and history expansion on.
        "emulate -R zsh",
        "PS1= PS2= PS3= PS4= RPS1= RPS2=",
        "unsetopt prompt_cr prompt_sp",
        #"command_not_found_handler() { print -r -- $'\x1d'"${(pj:\x1f:)@}" }"#,
        "zmodload zsh/parameter",
        "setopt restricted",
        // As reserved words these would still assign; as commands they reach the handler.
        "disable -r export typeset local declare readonly float integer",
        "disable ${(k)builtins:#print}",
        #"print -r -- $'\x1e'"#,
    ].joined(separator: "\n")

    /// Longer than any command takes: a pasted line that waits for input is a finding, not a hang.
    static let timeout: TimeInterval = 20

    /// `text` pasted into `zsh`, in `directory`, with `home` as its HOME.
    static func paste(_ text: String, zsh: URL, home: URL, directory: URL) -> Outcome {
        let process = Process()
        process.executableURL = zsh
        process.arguments = ["-f", "-i", "+m"]
        process.environment = ["HOME": home.path, "PATH": "/nonexistent/workbook-zsh-check"]
        process.currentDirectoryURL = directory
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        let ended: @Sendable () -> Void
        do {
            ended = try process.start()
        } catch {
            return Outcome(errors: ["\(zsh.path) could not be started: \(error)"])
        }
        input.fileHandleForWriting.write(Data((setup + "\n" + text + "\n").utf8))
        try? input.fileHandleForWriting.close()
        let done = Locked(false)
        let timedOut = Locked(false)
        let pid = process.processIdentifier
        let timer = DispatchWorkItem {
            guard !done.withLock({ $0 }) else { return }
            timedOut.withLock { $0 = true }
            // SIGKILL: an interactive zsh ignores SIGTERM.
            kill(pid, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ended()
        done.withLock { $0 = true }
        timer.cancel()
        if timedOut.withLock({ $0 }) { return Outcome(errors: ["zsh did not finish within \(Int(timeout)) s"]) }
        return read(said)
    }

    /// The handler's lines and zsh's own, from what zsh printed after the sandbox was ready.
    static func read(_ said: String) -> Outcome {
        guard let start = said.range(of: ready, options: .backwards) else {
            return Outcome(errors: ["the sandbox did not start: \(said.split(separator: "\n").last ?? "")"])
        }
        var outcome = Outcome()
        for line in said[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix(commandMark) {
                outcome.commands.append(
                    line.dropFirst().split(separator: Character(wordMark), omittingEmptySubsequences: false).map(
                        String.init))
            } else if !(line.contains("restricted mode") || line.hasSuffix(": restricted")) {
                outcome.errors.append(String(line))
            }
        }
        return outcome
    }

    /// What a reader would meet: a `#` zsh hands to a command, or anything zsh says.
    static func findings(_ outcome: Outcome) -> [String] {
        var found: [String] = []
        for words in outcome.commands where words.contains(where: { $0.hasPrefix("#") }) {
            if let name = words.first, name.hasPrefix("#") {
                found.append("pasted into an interactive zsh, it runs a command named `\(name)`")
            } else {
                let arguments = words.dropFirst().map { "`\($0)`" }.joined(separator: " ")
                found.append("pasted into an interactive zsh, it runs `\(words.first ?? "")` with \(arguments)")
            }
        }
        return found + outcome.errors.map { "pasted into an interactive zsh: \($0)" }
    }

    /// Each text once, pasted into `zsh` in the package root (where the pages say to paste), with a
    /// HOME of its own that is removed after.
    static func paste(_ texts: [String], zsh: URL) throws -> [String: Outcome] {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("zsh-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let directory = PackageWorld.root ?? home
        var outcomes: [String: Outcome] = [:]
        for text in texts where outcomes[text] == nil {
            outcomes[text] = paste(text, zsh: zsh, home: home, directory: directory)
        }
        return outcomes
    }
}
