// Where a kata lives: on a git branch of its own, `kata/N`. Its first commit, the workbook's, holds
// stage N-1's code in stage N's place; the learner's commits follow it. The branch the learner came
// from is never touched, so stopping is switching back, and `git diff` on the kata's branch shows
// only the learner's work.
#if os(macOS) || os(Linux)
import Foundation

extension Kata {
    /// The kata's branch.
    var branch: String { "kata/\(number)" }

    /// The trailer that marks a kata's first commit, and the setting that says where to go back to.
    var trailer: String { "Workbook-Kata: \(number)" }
    var returnSetting: String { "branch.\(branch).workbook-return" }

    /// What `start` did.
    package enum Started: Equatable {
        /// A new branch, its first commit the kata's start; the files it wrote.
        case new(from: String, files: [String])
        /// Back on the kata's branch, with the learner's commits since its start; `savedWork` when
        /// its last commit is the work in progress that `stop` committed.
        case resumed(from: String, commits: Int, savedWork: Bool)
    }

    /// What `stop` did: where the learner is now, how many commits of theirs the branch holds, and
    /// whether their uncommitted work was committed on the way out.
    package struct Stopped: Equatable {
        let back: String
        let commits: Int
        let savedWork: Bool
    }

    /// The branch checked out, or the commit when HEAD is detached.
    func here() throws -> String {
        try git.currentBranch() ?? git.commit()
    }

    /// A place `here()` gave, as a message names it: a branch by its name, a commit (a detached
    /// HEAD, as a pull request's checkout has) by its short id.
    static func named(_ place: String) -> String {
        let isCommit = place.count == 40 && place.allSatisfy(\.isHexDigit)
        return isCommit ? "the detached HEAD at \(place.prefix(7))" : place
    }

    /// The kata's first commit on its branch, the one the workbook made, or nil when there is no such branch.
    package func startCommit() throws -> String? {
        guard try git.hasBranch(branch) else { return nil }
        let found = try git.succeed([
            "log", "--format=%H", "--max-count=1", "--fixed-strings", "--grep=\(trailer)", branch, "--",
        ]).text.trimmingCharacters(in: .whitespacesAndNewlines)
        return found.isEmpty ? nil : found
    }

    /// The kata's start on its branch, or a refusal that says how to get there.
    func requireStart() throws -> String {
        guard let start = try startCommit() else {
            throw Refusal("There is no kata \(number) yet: `swift run kata start \(number)` starts it.")
        }
        return start
    }

    /// Refuses unless the learner is on the kata's branch; returns its first commit.
    func requireInKata(doing what: String) throws -> String {
        let start = try requireStart()
        let here = try self.here()
        guard here == branch else {
            throw Refusal(
                "You are not in kata \(number) (you are on \(Self.named(here))), so there is nothing to \(what): "
                    + "`swift run kata start \(number)` goes back in, where you stopped.")
        }
        return start
    }

    /// The stages as they were when the kata started: its first commit's parent, where stage N is
    /// as committed.
    package func committedStage(start: String) throws -> String {
        try git.commit(of: "\(start)^")
    }

    /// How many commits follow the kata's first on its branch and are the learner's own: the work in
    /// progress that `stop` committed is not counted.
    func commits(since start: String) throws -> Int {
        let count = try git.succeed([
            "rev-list", "--count", "--fixed-strings", "--invert-grep", "--grep=\(savedSubject)", "\(start)..\(branch)",
        ])
        return Int(count.text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// The subject of the commit `stop` makes of uncommitted work.
    var savedSubject: String { "Kata \(number): work in progress, saved by `kata stop \(number)`" }

    /// Whether the branch's last commit is the work in progress `stop` committed.
    func endsWithSavedWork() throws -> Bool {
        try git.succeed(["log", "-1", "--format=%s", branch]).text.trimmingCharacters(in: .whitespacesAndNewlines)
            == savedSubject
    }

    /// Starts the kata on a branch of its own, or goes back to it where the learner stopped.
    /// Refuses, changing nothing, while the work tree has uncommitted changes (they belong to the
    /// branch the learner is on), while another kata is in progress, or when already in this one.
    package func start() throws -> Started {
        let here = try self.here()
        if here == branch {
            throw Refusal(
                "You are in kata \(number) already, on its branch \(branch): `swift run kata check \(number)` says "
                    + "what is next; nothing was changed.")
        }
        if here.hasPrefix("kata/") {
            throw Refusal(
                "You are in \(here.replacingOccurrences(of: "/", with: " ")): `swift run kata stop "
                    + "\(here.dropFirst("kata/".count))` first, then start kata \(number); nothing was changed.")
        }
        let changed = try git.changes().map { String($0.dropFirst(3)) }
        guard changed.isEmpty else {
            let shown = changed.prefix(3).joined(separator: ", ") + (changed.count > 3 ? ", …" : "")
            throw Refusal(
                "You have uncommitted changes (\(shown)), and a kata is a branch of its own: commit them on \(here) "
                    + "(or `git stash -u`), then start again; nothing was changed.")
        }
        if let start = try startCommit() {
            try git.succeed(["checkout", "--quiet", branch])
            try git.succeed(["config", returnSetting, here])
            return .resumed(from: here, commits: try commits(since: start), savedWork: try endsWithSavedWork())
        }
        let files = try startingFiles(from: try git.commit())
        try git.succeed(["checkout", "--quiet", "-b", branch])
        do {
            let committed = try committedFiles()
            try remove(committed)
            for (path, data) in files.sorted(by: { $0.key < $1.key }) {
                let url = root.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url)
            }
            // Every path the first commit touches: what it writes, and what it takes away.
            try git.succeed(["add", "--all", "--"] + Array(Set(committed).union(files.keys)).sorted())
            try git.commit(
                """
                Kata \(number): stage \(number - 1)'s code in stage \(number)'s place

                Written by `swift run kata start \(number)` on a branch of its own, from \(here), where
                stage \(number) stays as committed. The commits after this one are yours.

                \(trailer)
                """, asWorkbook: true)
            try git.succeed(["config", returnSetting, here])
        } catch {
            // Half a kata is none: back where the learner was, and no branch left behind.
            _ = try? git.run(["checkout", "--quiet", "--force", here])
            _ = try? git.run(["branch", "--quiet", "-D", branch])
            throw error
        }
        return .new(from: here, files: files.keys.sorted())
    }

    /// Leaves the kata: commits any uncommitted work on its branch (nothing stashed, nothing to
    /// apply again) and goes back to the branch the learner came from, where stage N is as committed.
    package func stop() throws -> Stopped {
        let start = try requireInKata(doing: "stop")
        var saved = false
        if try !git.changes().isEmpty {
            try git.succeed(["add", "--all"])
            try git.commit(
                """
                \(savedSubject)

                What was not committed when the kata stopped. `swift run kata start \(number)` comes back here.
                """, asWorkbook: false)
            saved = true
        }
        var back = try git.config(returnSetting) ?? ""
        if try back.isEmpty || git.run(["rev-parse", "--verify", "--quiet", "\(back)^{commit}"]).status != 0 {
            // The branch the kata came from is gone: the commit it started from will do.
            back = try committedStage(start: start)
        }
        try git.succeed(["checkout", "--quiet", back])
        return Stopped(back: back, commits: try commits(since: start), savedWork: saved)
    }
}
#endif
