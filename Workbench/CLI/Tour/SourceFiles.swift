// The workbook's own source files, read at run time: the tour shows the real code, never a copy.
#if os(macOS) || os(Linux)
import Foundation
import Harness
import Metrics
import TerminalText

/// A source file: its path relative to Sources/, and its lines.
struct SourceFile: Equatable {
    let path: String
    let lines: [String]

    var name: String { (path as NSString).lastPathComponent }
}

enum SourceFiles {
    /// The package's Sources/ folder, found from where this file was compiled.
    static func sourcesDirectory() throws -> URL {
        guard let sources = found, FileManager.default.fileExists(atPath: sources.path) else {
            throw WorkbookError(
                "The workbook's Sources/ folder is not where it was built; run the workbook from its checkout.")
        }
        return sources
    }

    /// Looked for once: the folders above do not move while the program runs.
    private static let found = SourceMetrics.sourcesDirectory(from: #filePath)

    /// The .swift files of one stage's module, in the order its README gives them to read.
    static func module(_ name: String) throws -> [SourceFile] {
        let directory = try sourcesDirectory().appendingPathComponent(name)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasSuffix(".swift")
        }
        let ordered = StageReadme.read(folder: directory)?.ordered(names) ?? names.sorted()
        return try ordered.map { try read("\(name)/\($0)") }
    }

    /// The photo screen of a stage: what an app at that stage writes, the workbook's call site.
    static func screen(of stage: StageInfo) throws -> SourceFile {
        try read("\(stage.module)/PhotoScreen.swift")
    }

    static func read(_ path: String) throws -> SourceFile {
        let url = try sourcesDirectory().appendingPathComponent(path)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw WorkbookError("Cannot read Sources/\(path).")
        }
        return SourceFile(path: path, lines: TextLayout.fileLines(text))
    }

    /// The declaration whose first line contains `signature`, through its closing brace.
    static func declaration(_ signature: String, in file: SourceFile) -> [String]? {
        guard let start = file.lines.firstIndex(where: { $0.contains(signature) }) else { return nil }
        var depth = 0
        for index in start..<file.lines.count {
            depth += file.lines[index].filter { $0 == "{" }.count - file.lines[index].filter { $0 == "}" }.count
            if depth == 0, index > start || file.lines[index].contains("}") {
                return Array(file.lines[start...index])
            }
        }
        return nil
    }
}

/// A failure the user can act on, with the words to tell them.
struct WorkbookError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
#endif
