// A kata in parts, each small enough for one workshop block. A part ends where the suite can tell
// it is done: its cases, listed on the kata's page, pass. Each part's end state but the last's (the
// committed stage) is kept as a patch in the kata's folder (`Katas/stageN/partK.patch`), so that
// its size is measured, not guessed, and CI proves each part's list.
#if os(macOS) || os(Linux)
import Foundation
import TerminalText

/// One part of a kata, as its page names it.
package struct KataPart: Equatable, Sendable {
    let number: Int
    let title: String
    /// The cases that fail when the part begins and pass once it is done.
    let cases: [String]
    /// The minutes a pair takes, as the page gives them: its lines at the workshop's pace, and more
    /// where the idea is harder than its size says.
    var block: Int? = nil
}

/// What a part asks a pair to change: lines of code, blank and comment-only lines left out.
package struct PartSize: Equatable, Sendable {
    var added = 0
    var removed = 0
}

extension Kata {
    /// Where a part's patch is, in the kata's folder: `Katas/stage4/part1.patch` takes kata 4's
    /// start to part 1's end.
    func patchPath(part: Int) -> String {
        "\(kataFolder)/part\(part).patch"
    }

    /// The parts on the kata's page.
    func parts() throws -> [KataPart] {
        let url = root.appendingPathComponent(page)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw KataError("\(page) is missing: it lists kata \(number)'s parts and their cases.")
        }
        let parts = Self.parts(inPage: text)
        guard !parts.isEmpty else {
            throw KataError("\(page) has no list of cases (<!-- kata cases: scripts/kata-cases \(number) -->).")
        }
        return parts
    }

    /// A page's parts: each `### Part K: title` heading, and the list after
    /// `<!-- kata cases: scripts/kata-cases N part K -->`. A page with one list and no part heading
    /// is a kata in one part.
    static func parts(inPage text: String) -> [KataPart] {
        var titles: [Int: String] = [:]
        var lists: [Int: [String]] = [:]
        var blocks: [Int: Int] = [:]
        var listing: Int?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            // `About 45 min<!-- kata block 6.5 -->`, or `약 45분<!-- kata block 6.5 -->`.
            if line.contains("<!-- kata block "),
                let found = String(line).firstMatch(of: #/(\d+) ?(?:min|분)<!-- kata block \d+\.(\d+) -->/#),
                let minutes = Int(found.1), let part = Int(found.2)
            {
                blocks[part] = minutes
            }
            if line.hasPrefix("<!-- kata cases: ") {
                let words = line.split(separator: " ")
                let part = words.firstIndex(of: "part").flatMap { Int(words[words.index(after: $0)]) } ?? 1
                listing = part
                lists[part] = []
            } else if line.hasPrefix("<!-- end kata cases") {
                listing = nil
            } else if let part = listing, line.hasPrefix("- ") {
                lists[part, default: []].append(String(line.dropFirst(2)))
            } else if let heading = partHeading(line) {
                titles[heading.number] = heading.title
            }
        }
        return lists.keys.sorted().map { part in
            KataPart(
                number: part, title: titles[part] ?? "the whole step", cases: lists[part] ?? [], block: blocks[part])
        }
    }

    /// `### Part 2: the plugin seam` → (2, "the plugin seam"); the Korean pages write `### 2부: …`.
    static func partHeading(_ line: Substring) -> (number: Int, title: String)? {
        guard line.hasPrefix("#") else { return nil }
        let words = line.drop { $0 == "#" }.drop { $0 == " " }
        for prefix in ["Part ", ""] where words.hasPrefix(prefix) {
            let rest = words.dropFirst(prefix.count)
            let digits = rest.prefix { $0.isNumber }
            let after = rest.dropFirst(digits.count)
            guard let number = Int(digits) else { continue }
            for mark in [": ", "부: "] where after.hasPrefix(mark) {
                return (number, String(after.dropFirst(mark.count)))
            }
        }
        return nil
    }

    // MARK: - Sizes

    /// Whether the kata measures `path`: the stage's and its adapter's Swift files, but not the
    /// bench's adapter, which the kata asks only to keep building.
    func measures(_ path: String) -> Bool {
        path.hasSuffix(".swift") && !path.hasSuffix("+Bench.swift") && !path.hasPrefix("Tests/") && owns(path)
    }

    /// Each part's size: from the kata's start through each part's patch to stage N as committed at
    /// `stages` (the kata's start is written from there too): the parent of the kata's first
    /// commit, or HEAD before a kata starts.
    /// With `fallingBack` false, a patch that no longer applies to the kata's own start is an error:
    /// the docs checks hold the patches to the stages as committed.
    func partSizes(parts count: Int, stages: String, fallingBack: Bool = true) throws -> [PartSize] {
        do {
            return try partSizes(parts: count, stages: stages, startingFrom: stages)
        } catch let error as KataError where count > 1 && fallingBack {
            // The learner's own commits (an exercise, say) may have changed stage N-1 since the
            // patches were made: the parts are measured from the stages just before the latest
            // commits that changed its files, the first the patches apply to.
            let inputs = try previousFiles(at: stages)
            let changes = try git.succeed(["rev-list", "--max-count=10", stages, "--"] + inputs).text
                .split(separator: "\n")
            for change in changes {
                guard let before = try? git.commit(of: "\(change)^") else { break }
                if let sizes = try? partSizes(parts: count, stages: stages, startingFrom: before) { return sizes }
            }
            throw error
        }
    }

    /// The part sizes with stage N-1 read at `origin` and stage N at `stages`.
    private func partSizes(parts count: Int, stages: String, startingFrom origin: String) throws -> [PartSize] {
        let start = try startingFiles(from: origin)
        var states = [start.filter { measures($0.key) }.mapValues { String(decoding: $0, as: UTF8.self) }]
        if count > 1 {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "workbook-kata-parts-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            // A repository of its own: `git apply` then reads paths from here, whatever is around.
            _ = try Git.Run.of("git", ["init", "--quiet", folder.path], in: root)
            // Every file the kata writes, the bench's adapter too: a patch may change what it does not count.
            for (path, data) in start {
                let url = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url)
            }
            for part in 1..<count {
                let patch = root.appendingPathComponent(patchPath(part: part))
                guard FileManager.default.fileExists(atPath: patch.path) else {
                    throw KataError(
                        "\(page) has \(count) parts, but \(patchPath(part: part)) (part \(part)'s end) is missing.")
                }
                let applied = try Git.Run.of("git", ["apply", "--whitespace=nowarn", patch.path], in: folder)
                guard applied.status == 0 else {
                    throw KataError(
                        "\(patchPath(part: part)) no longer applies to kata \(number)'s start: a stage changed since "
                            + "it was made (Katas/parts.md says how to make it again). git: \(applied.errors)"
                    )
                }
                states.append(try Self.files(in: folder).filter { measures($0.key) })
            }
        }
        let measured = try committedFiles(at: stages).filter(measures)
        states.append(try git.committed(measured, at: stages).mapValues { String(decoding: $0, as: UTF8.self) })
        return (1..<states.count).map { Self.size(from: states[$0 - 1], to: states[$0]) }
    }

    /// The files under `folder`, by path from it, as text.
    static func files(in folder: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        let subpaths = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
        for subpath in subpaths where !subpath.hasPrefix(".git") {
            var isDirectory: ObjCBool = false
            let url = folder.appendingPathComponent(subpath)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[subpath] = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            }
        }
        return files
    }

    /// The lines of code that turn `old` into `new`, file by file.
    static func size(from old: [String: String], to new: [String: String]) -> PartSize {
        var size = PartSize()
        for path in Set(old.keys).union(new.keys) {
            let before = old[path].map(lines) ?? []
            let after = new[path].map(lines) ?? []
            for line in Diff.script(from: before, to: after) {
                switch line {
                case .inserted(let index) where isCode(after[index]): size.added += 1
                case .removed(let index) where isCode(before[index]): size.removed += 1
                default: break
                }
            }
        }
        return size
    }

    private static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// A line a pair writes: not blank, and not only a comment.
    static func isCode(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return !trimmed.isEmpty && !trimmed.hasPrefix("//")
    }
}

/// The cases a `swift test` run's output says failed: each test's name, then ` → ` and its argument
/// when it has one, as the kata pages list them (scripts/kata-cases reads the same lines).
package enum FailedCases {
    /// The environment to run `swift test` in for a log read here. Swift Testing on a Mac prints SF
    /// Symbols for ✘ and ✔ when the SF Pro font is installed, and colours them; the log is read for
    /// words, and these keep it plain for whoever reads it too.
    package static let plainOutput = ["NO_COLOR": "1", "SWT_SF_SYMBOLS_ENABLED": "0"]

    package static func inLog(_ log: String) -> Set<String> {
        var cases = Set<String>()
        for line in log.split(separator: "\n") {
            guard let start = line.range(of: "Test \""), let recorded = line.range(of: "\" recorded an issue") else {
                continue
            }
            let name = line[start.upperBound..<recorded.lowerBound]
            let rest = line[recorded.upperBound...]
            // ` with 1 argument sharedCase → its description at File.swift:12:5: …`
            if rest.hasPrefix(" with "), let arrow = rest.range(of: " → "),
                let at = rest[arrow.upperBound...].range(
                    of: #" at [^ ]+\.swift:[0-9]+:[0-9]+: "#, options: .regularExpression)
            {
                cases.insert("\(name) → \(rest[arrow.upperBound..<at.lowerBound])")
            } else {
                cases.insert(String(name))
            }
        }
        return cases
    }
}
#endif
