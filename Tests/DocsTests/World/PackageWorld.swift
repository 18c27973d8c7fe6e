// The package as the docs are checked against it: its files, each stage measured now, what
// `workbook metrics --markdown` prints now, and the names of the tests a page may mention.
import FakeServers
import Foundation
import Harness
import Locking
import Metrics
import TerminalText
import WorkbookCommand

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one place here that imports the harness: a kata's every build changes a stage, and only the
/// files that import what depends on it compile again, so the big checks stay out of that. The
/// command's words come from `WorkbookCommand`, and its Markdown table from `MetricsReport`, so the
/// docs checks never build the command.
enum PackageWorld {
    /// Each capability's proof, as `Capability.proof` names it.
    static var capabilityProofs: [String] { Capability.allCases.map(\.proof) }

    /// `a` and `b`'s unified diff, as `workbook compare --unified` prints it.
    static func unified(_ a: [String], _ b: [String]) -> [String] {
        Diff.unified(a, b, oldName: "a", newName: "b")
    }

    /// Why `workbook` would not take these arguments, in its own words, or nil when it would.
    static func workbookRefuses(_ arguments: [String]) -> String? {
        do {
            _ = try Command.parse(arguments)
            return nil
        } catch {
            return error.lines.joined(separator: " ")
        }
    }

    /// The package root: the folder that holds Package.swift and Sources/.
    static let root: URL? = SourceMetrics.sourcesDirectory(from: #filePath)?.deletingLastPathComponent()

    /// Built once; every parameterized check reads the same world.
    static let shared: Result<DocWorld, DocsSetupError> = Result { () throws(DocsSetupError) in try make() }

    static func make() throws(DocsSetupError) -> DocWorld {
        guard let root else { throw DocsSetupError("Package.swift was not found above \(#filePath)") }
        let sources = root.appendingPathComponent("Sources")
        // The stages exactly as the command builds them. The fakes' configuration registers the fake
        // servers before a session is made, which keeps stages 1 to 5 of the other suites (running
        // in this same process, on `URLSession.shared`) off the network. Nothing is sent here.
        let stages = Stages.all(session: URLSession(configuration: FakeServers.sessionConfiguration())).map(\.stage)
        let measured: [StageMetrics]
        do {
            measured = try stages.map {
                try SourceMetrics.measure(directory: sources.appendingPathComponent($0.module))
            }
        } catch {
            throw DocsSetupError("could not measure the stages: \(error)")
        }
        let testSources = DocChecks.testFolders.flatMap { folder in
            let folder = root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.filter { $0.hasSuffix(".swift") }.sorted().compactMap {
                try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
            }
        }
        guard !testSources.isEmpty else { throw DocsSetupError("no test sources in \(DocChecks.testFolders)") }
        return DocWorld(
            lines: { path in fileLines(path, root: root) },
            exists: { path in FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) },
            metrics: Dictionary(uniqueKeysWithValues: zip(stages.map(\.number), measured)),
            generated: [
                DocChecks.metricsGenerator: MetricsReport.markdown(stages: stages, metrics: measured)
            ],
            testSources: testSources)
    }

    /// The lines of the file at `path`, read once: a page is linked and quoted from many others.
    private static func fileLines(_ path: String, root: URL) -> [String]? {
        filesRead.remembered(path) {
            (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)).map(TextLayout.fileLines)
        }
    }

    private static let filesRead = Locked<[String: [String]?]>([:])

    /// Every Markdown page under docs/, Katas/ and Exercises/, as paths from the package root, sorted.
    static func docPaths() -> [String] {
        guard let root else { return [] }
        return files(in: pageFolders, root: root, ending: ".md")
    }

    /// The files under `folders` whose names end in `suffix`, as paths from `root`, sorted; those
    /// inside a DocC catalog left out (its Swift files are a tutorial's, not the package's).
    static func files(in folders: [String], root: URL, ending suffix: String) -> [String] {
        folders.flatMap { folder in
            let url = root.appendingPathComponent(folder)
            let found = (try? FileManager.default.subpathsOfDirectory(atPath: url.path)) ?? []
            return found.filter { $0.hasSuffix(suffix) && !$0.contains(".docc/") }.map { "\(folder)/" + $0 }
        }.sorted()
    }

    /// The Korean pages that live beside the code: each stage's README.ko.md and the Korean
    /// tutorial's pages (`Sources/NetworkLayerWorkbookKorean`), as paths from the package root.
    static func koreanSourcePages() -> [String] {
        guard let root else { return [] }
        let sources = root.appendingPathComponent("Sources")
        let found = (try? FileManager.default.subpathsOfDirectory(atPath: sources.path)) ?? []
        return found.filter { path in
            path.hasSuffix("/README.ko.md")
                || ("Sources/" + path).hasPrefix(Translation.tutorialFolder)
                    && (path.hasSuffix(".tutorial") || path.hasSuffix(".md"))
        }.map { "Sources/" + $0 }.sorted()
    }

    /// The folders of pages: the chapters and companions, and a folder per kata and per exercise.
    static let pageFolders = ["docs", "Katas", "Exercises"]

    /// One page, read and parsed once: every rule and every shape check reads the same page.
    static func page(_ path: String) throws(DocsSetupError) -> DocPage {
        try pages.remembered(path) { () throws(DocsSetupError) in
            guard let root, let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            else {
                throw DocsSetupError("cannot read \(path)")
            }
            return DocPage(path: path, text: text)
        }
    }

    private static let pages = Locked<[String: DocPage]>([:])
}

/// The docs could not be checked at all: the package or a page could not be read.
struct DocsSetupError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
