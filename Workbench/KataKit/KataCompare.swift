// `kata compare N`: the learner's stage beside stage N as committed when the kata started, file by
// file, as `workbook compare` shows two stages.
#if os(macOS) || os(Linux)
import Foundation
import Metrics
import TerminalText

extension KataRun {
    /// The learner's stage (the work tree on the kata's branch, else the branch's last commit)
    /// beside stage N as committed when the kata started, file by file; only `file`'s, when named
    /// (with or without `.swift`).
    func compare(unified: Bool, file: String? = nil) throws {
        let n = kata.number
        let start = try kata.requireStart()
        let committed = try kata.committedStage(start: start)
        let inKata = try kata.here() == kata.branch
        func files(at commit: String?) throws -> [String: [String]] {
            var files: [String: [String]] = [:]
            let paths = try (commit.map { try kata.committedFiles(at: $0) } ?? kata.presentPaths()).filter {
                kata.measures($0) || $0.hasSuffix("+Bench.swift")
            }
            let committed = try commit.map { try kata.git.committed(paths, at: $0) }
            for path in paths {
                let data =
                    try committed.map { committed in
                        guard let data = committed[path] else { throw KataError("\(path) is not committed") }
                        return data
                    } ?? Data(contentsOf: kata.root.appendingPathComponent(path))
                files[path] = TextLayout.fileLines(String(decoding: data, as: UTF8.self))
            }
            return files
        }
        let yours = try files(at: inKata ? nil : kata.branch)
        let real = try files(at: committed)
        // In the order the committed stage's README gives its files, the adapter's last, as
        // `workbook compare` shows two stages.
        let readme = (try? kata.git.committed("Sources/\(kata.module)/README.md", at: committed))
            .map { StageReadme(text: String(decoding: $0, as: UTF8.self)) }
        let folder = "Sources/\(kata.module)/"
        let paths = Set(yours.keys).union(real.keys)
        let names = paths.filter { $0.hasPrefix(folder) }.map { String($0.dropFirst(folder.count)) }
        var ordered =
            (readme?.ordered(names) ?? names.sorted()).map { folder + $0 }
            + paths.filter { !$0.hasPrefix(folder) }.sorted()
        if let file {
            let named = ordered.filter { [file, file + ".swift"].contains(($0 as NSString).lastPathComponent) }
            guard !named.isEmpty else {
                let all = ordered.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")
                throw Refusal("Neither side has a file \(file.debugDescription); they have \(all).")
            }
            ordered = named
        }
        let width = compareWidth
        let sideBySide = !unified && Diff.columnWidth(for: width - 2) >= Diff.narrowestColumn
        let source = inKata ? "your work tree" : "\(kata.branch)'s last commit"
        write(style.bold("Kata \(n): stage \(n) as committed (left) → yours, from \(source) (right)"))
        if !unified && !sideBySide {
            write(style.dim("Two columns need \(7 + 2 * Diff.narrowestColumn) columns; a diff instead."))
        }
        if sideBySide { summary(ordered, real: real, yours: yours) }
        var same = 0
        for path in ordered {
            let old = real[path] ?? []
            let new = yours[path] ?? []
            if old == new, real[path] != nil, yours[path] != nil {
                same += 1
                continue
            }
            if !sideBySide {
                let lines = Diff.unified(
                    old, new, oldName: real[path] == nil ? "/dev/null" : "a/\(path)",
                    newName: yours[path] == nil ? "/dev/null" : "b/\(path)", width: width)
                for line in lines { write(line) }
                continue
            }
            switch (real[path], yours[path]) {
            case (nil, _): whole(new, title: "+ \(path): yours only", mark: "+", decorate: style.green)
            case (_, nil): whole(old, title: "- \(path): the committed stage's only", mark: "-", decorate: style.red)
            default:
                write(style.yellow("~ \(path)"))
                for line in Diff.sideBySide(old, new, width: width - 2, style: style) { write("  " + line) }
            }
            write("")
        }
        write(style.dim("\(Self.count(same, "file")) the same as committed."))
    }

    /// What differs, before any code: a line a file, as `workbook compare` opens.
    private func summary(_ paths: [String], real: [String: [String]], yours: [String: [String]]) {
        write(style.dim("What differs, a line a file (committed → yours):"))
        let column = paths.map(TextLayout.width).max() ?? 0
        for path in paths {
            let padded = TextLayout.pad(path, to: column)
            let (added, removed) = Diff.counts(from: real[path] ?? [], to: yours[path] ?? [])
            let row =
                switch (real[path], yours[path]) {
                case (nil, _): style.green("  + \(padded)  yours only, +\(added)")
                case (_, nil): style.red("  - \(padded)  the committed stage's only, −\(removed)")
                case _ where added + removed == 0: style.dim("  = \(padded)  the same")
                default: style.yellow("  ~ \(padded)  +\(added) −\(removed)")
                }
            write(row)
        }
        write("")
    }

    /// A file only one side has, whole, each line marked and carried on below when too long.
    private func whole(_ lines: [String], title: String, mark: String, decorate: (String) -> String) {
        write(decorate(title))
        for line in lines {
            for piece in TextLayout.codeLines(line, width: compareWidth - 4) {
                write(decorate("  \(mark) " + piece))
            }
        }
    }

    /// The width compare lays out at. Into a pipe or a file `kata` keeps its lines whole (the width
    /// is unbounded), but columns are padded to a width: there compare takes 80, as `workbook
    /// compare` does.
    var compareWidth: Int { width > Self.widestTerminal ? Terminal.fallbackWidth : width }

    /// Wider than any terminal: a width beyond it means there is none.
    static let widestTerminal = 1_000
}
#endif
