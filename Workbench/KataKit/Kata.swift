// A kata's files: which paths stage N's kata takes over, and what it writes there: stage N-1's
// committed code, renamed to build as stage N. KataBranch.swift says where the kata lives.
#if os(macOS) || os(Linux)
import Foundation
import Ladder
import Metrics

/// Said instead of doing anything: a kata that would overwrite work, or that the learner is not in.
/// `kata` prints it as one line and exits with status 2.
package struct Refusal: Error, Equatable, CustomStringConvertible {
    package let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// A failure the learner can act on, with the words to tell them; `kata` exits with status 1.
package struct KataError: Error, CustomStringConvertible {
    package let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Stage `number`'s kata in the package at `root`.
package struct Kata {
    /// The stages that have a kata: each one starts from the stage before it.
    static let numbers = Ladder.kataNumbers

    let number: Int
    let root: URL
    let git: Git
    /// The stage folders under Sources/, by number: Stage2EnumAPI, Stage3Result, …
    let modules: [Int: String]

    /// Checks that there is such a kata and that git can undo it, or refuses.
    package init(_ number: Int, root: URL) throws {
        guard Self.numbers.contains(number) else {
            throw Refusal(
                "There is no kata \(number): the katas are \(Ladder.span(Self.numbers)), "
                    + "and kata N starts stage N from stage N-1's code.")
        }
        let git = Git(folder: root)
        guard git.hasCommit else {
            throw Refusal(
                "A kata needs the workbook as a git clone with a commit: a kata is a git branch of its own, and the "
                    + "stage stays as committed on yours (clone it with `git clone`).")
        }
        // A workbook unpacked inside some other repository has a HEAD, but not these files in it.
        guard (try? git.committedFiles(under: ["Package.swift"]))?.isEmpty == false else {
            throw Refusal(
                "The workbook's files are not committed in the git repository around them, so a kata could not "
                    + "keep the stage as committed: commit them first (git add -A && git commit).")
        }
        let folders = try SourceMetrics.stageDirectories(in: root.appendingPathComponent("Sources"))
        var modules: [Int: String] = [:]
        for folder in folders {
            let name = folder.lastPathComponent
            if let digits = Int(name.dropFirst("Stage".count).prefix { $0.isNumber }) { modules[digits] = name }
        }
        guard modules[number] != nil, modules[number - 1] != nil else {
            throw KataError(
                "Sources/ has no stage \(number) or no stage \(number - 1) to start kata \(number) from.")
        }
        self.number = number
        self.root = root
        self.git = git
        self.modules = modules
    }

    var module: String { modules[number] ?? "" }
    var previousModule: String { modules[number - 1] ?? "" }
    var adapter: String { "Stage\(number)Adapter" }
    var previousAdapter: String { "Stage\(number - 1)Adapter" }
    /// The stage's suite, which reaches the stage through its adapter only.
    var testFile: String { "Tests/LadderTests/Stage\(number)Tests.swift" }
    /// The stage's own checks, which name its types: the kata sets them aside.
    var typesTestFile: String { "Tests/StageTypesTests/Stage\(number)TypesTests.swift" }
    /// A kata edition of the suite, for a stage whose suite cannot run on the stage before's code
    /// (stage 6's runs on the separate fake, which stage 5's code never reaches).
    var kataTestFile: String { "Tests/KataEditions/Stage\(number)Tests.swift" }
    /// The kata's page, in the learner's language.
    var page: String { "\(kataFolder)/" + language.fileName("README") }
    /// Everything a learner and a maintainer need for the kata: its pages, hints and part patches.
    var kataFolder: String { "Katas/stage\(number)" }
    /// The language the learner reads the pages in.
    var language = Language.english

    /// Whether `path` is one of the kata's: in the stage's folder, one of its adapter's files, its test files.
    func owns(_ path: String) -> Bool {
        let adapters = "Workbench/Harness/"
        if path.hasPrefix(adapters) {
            let name = path.dropFirst(adapters.count)
            return name.hasPrefix(adapter) && name.hasSuffix(".swift") && !name.contains("/")
        }
        return path.hasPrefix("Sources/\(module)/") || path == testFile || path == typesTestFile
    }

    /// The files the kata takes over, as committed at `commit` (HEAD unless told).
    func committedFiles(at commit: String = "HEAD") throws -> [String] {
        try git.committedFiles(
            under: ["Sources/\(module)", "Workbench/Harness", testFile, typesTestFile], at: commit
        ).filter(owns)
    }

    /// The files of stage N-1 that the kata copies, as committed at `commit`: its folder and its
    /// adapter's files.
    func previousFiles(at commit: String) throws -> [String] {
        try git.committedFiles(under: ["Sources/\(previousModule)", "Workbench/Harness"], at: commit).filter { path in
            let name = path.dropFirst("Workbench/Harness/".count)
            return path.hasPrefix("Sources/\(previousModule)/")
                || (path.hasPrefix("Workbench/Harness/") && name.hasPrefix(previousAdapter)
                    && name.hasSuffix(".swift"))
        }
    }

    // MARK: - Start

    /// The stage's files, as the kata writes them from the stages committed at `commit`, by path
    /// from the root.
    func startingFiles(from commit: String) throws -> [String: Data] {
        let previous = try previousFiles(at: commit)
        // The stage's suite stays, or its kata edition stands in; its own checks are set aside.
        let hasEdition = try !git.committedFiles(under: [kataTestFile], at: commit).isEmpty
        let suite = hasEdition ? kataTestFile : testFile
        let adapterFile = "Workbench/Harness/\(adapter).swift"
        let committed = try git.committed(previous + [adapterFile, suite], at: commit)
        func text(_ path: String) throws -> String {
            guard let data = committed[path] else { throw KataError("\(path) is not committed at \(commit)") }
            return String(decoding: data, as: UTF8.self)
        }
        var files: [String: Data] = [:]
        let committedAdapter = try text(adapterFile)
        for path in previous {
            if path.hasPrefix("Sources/\(previousModule)/") {
                // Documentation.docc/Stage3Result.md becomes Stage4Generic.md: its module's landing page.
                let name = path.dropFirst("Sources/\(previousModule)".count)
                    .replacingOccurrences(of: previousModule, with: module)
                files["Sources/\(module)\(name)"] = Data(renamed(try text(path)).utf8)
            } else {
                let name = path.dropFirst("Workbench/Harness/\(previousAdapter)".count)
                var code = renamed(try text(path))
                if name == ".swift" {
                    code = Self.withIdea(of: committedAdapter, in: Self.withHeader(of: committedAdapter, in: code))
                    code += sessionInitializer(committed: committedAdapter, copied: code)
                }
                files["Workbench/Harness/\(adapter)\(name)"] = Data(code.utf8)
            }
        }
        files[testFile] = committed[suite]
        return files
    }

    /// Stage N-1's text as stage N's: its module, adapter and number renamed, and a line on top
    /// saying so when anything was.
    func renamed(_ text: String) -> String {
        Self.renamed(text, to: number, module: module, from: previousModule)
    }

    /// `text`, from stage `number - 1`'s folder `previous`, renamed to build as stage `number` in `module`.
    static func renamed(_ text: String, to number: Int, module: String, from previous: String) -> String {
        let old = number - 1
        var code = text.replacingOccurrences(of: previous, with: module)
            .replacingOccurrences(of: "Stage\(old)Adapter", with: "Stage\(number)Adapter")
            .replacingOccurrences(of: "number: \(old), module:", with: "number: \(number), module:")
        // "Stage 2," becomes "Stage 3 (kata),"; "Stage 21" would stay as it is.
        var result = ""
        var rest = code[...]
        while let found = rest.range(of: "Stage \(old)") {
            result += rest[..<found.lowerBound]
            let next = rest[found.upperBound...].first
            result += next?.isNumber == true ? "Stage \(old)" : "Stage \(number) (kata)"
            rest = rest[found.upperBound...]
        }
        code = result + rest
        // A file the renaming leaves as it was stays byte for byte stage N-1's: stage 6 keeps stage
        // 5's router files unchanged, and a ladder test compares them.
        guard code != text else { return text }
        let banner =
            "// Kata \(number): stage \(old)'s code, renamed to build as stage \(number). "
            + "On the branch kata/\(number); `swift run kata stop \(number)` takes you back.\n"
        return banner + code
    }

    /// `code` with the opening comment of `committed` after the kata's banner: the adapter says
    /// what stage N's adapter is, not what stage N-1's was ("the same lines as stage 1").
    static func withHeader(of committed: String, in code: String) -> String {
        func header(_ text: String) -> (comment: [Substring], rest: [Substring]) {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let comment = lines.prefix { $0.hasPrefix("//") }
            return (Array(comment), Array(lines.dropFirst(comment.count)))
        }
        var lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        let banner = lines.first?.hasPrefix("// Kata ") == true ? lines.removeFirst() : nil
        let old = header(lines.joined(separator: "\n"))
        let new = header(committed).comment
        guard !new.isEmpty else { return code }
        return ((banner.map { [$0] } ?? []) + new + old.rest).joined(separator: "\n")
    }

    /// `code` with the `idea:` line of `committed`: the kata's stage states its own step's idea,
    /// the one the learner is about to write, not the stage before's.
    static func withIdea(of committed: String, in code: String) -> String {
        func ideaLine(_ text: String) -> Substring? {
            text.split(separator: "\n", omittingEmptySubsequences: false).first { $0.contains("idea: \"") }
        }
        guard let old = ideaLine(code), let new = ideaLine(committed) else { return code }
        return code.replacingOccurrences(of: old, with: new)
    }

    /// An `init(session:)` that ignores its session, when the stage's own adapter is made with one
    /// (as `Stages.all` makes stage 6's) and the stage before's is not: handing it on is the step.
    func sessionInitializer(committed: String, copied: String) -> String {
        let initializer = "init(session: URLSession)"
        guard committed.contains(initializer), !copied.contains(initializer) else { return "" }
        return """

            extension \(adapter) {
                /// Kata \(number): stage \(number - 1)'s calls reach for `URLSession.shared` and never see `session`.
                /// Handing it on to the stage is part of the step.
                public init(session: URLSession) {
                    self.init()
                }
            }

            """
    }

    /// The paths of the files now in the kata's paths, committed or not.
    func presentPaths() throws -> [String] {
        var found: [String] = []
        let fileManager = FileManager.default
        let folder = "Sources/\(module)"
        let subpaths = (try? fileManager.subpathsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
        for subpath in subpaths.sorted() {
            var isDirectory: ObjCBool = false
            let path = "\(folder)/\(subpath)"
            if fileManager.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                found.append(path)
            }
        }
        let adapters =
            (try? fileManager.contentsOfDirectory(atPath: root.appendingPathComponent("Workbench/Harness").path))
            ?? []
        found += adapters.filter { $0.hasPrefix(adapter) && $0.hasSuffix(".swift") }.sorted().map {
            "Workbench/Harness/\($0)"
        }
        for file in [testFile, typesTestFile]
        where fileManager.fileExists(atPath: root.appendingPathComponent(file).path) {
            found.append(file)
        }
        return found
    }

    func remove(_ paths: [String]) throws {
        for path in paths {
            try FileManager.default.removeItem(at: root.appendingPathComponent(path))
        }
    }
}
#endif
