// `workbook compare A B`: two stages' sources side by side, or as a unified diff, in the order the
// newer stage's README gives its files.
#if os(macOS) || os(Linux)
import FakeServers
import Foundation
import Harness
import Metrics
import TerminalText

extension Workbook {
    func compare(_ old: Int, _ new: Int, unified: Bool, file: String? = nil) throws {
        let sites = Self.adapters()
        guard let oldStage = sites.first(where: { $0.stage.number == old })?.stage,
            let newStage = sites.first(where: { $0.stage.number == new })?.stage
        else {
            throw WorkbookError("There is no such stage.")
        }
        let oldFiles = try SourceFiles.module(oldStage.module)
        let newFiles = try SourceFiles.module(newStage.module)
        var pairs = Self.pairs(oldFiles, newFiles)
        if let file {
            pairs = pairs.filter { [$0.old?.name, $0.new?.name].contains { Self.name($0, matches: file) } }
            guard !pairs.isEmpty else {
                let names = Set((oldFiles + newFiles).map(\.name)).sorted().joined(separator: ", ")
                throw WorkbookError("Neither stage has a file \(file.debugDescription); they have \(names).")
            }
        }
        // Two columns narrower than this are too cut up to read: one column instead, and a word why.
        let sideBySide = !unified && Diff.columnWidth(for: width - 2) >= Diff.narrowestColumn
        if !unified && !sideBySide {
            say("Side by side needs \(Self.sideBySideWidth) columns; here is a unified diff.", decorate: style.dim)
        }
        if sideBySide {
            say("Stage \(old) (\(oldStage.module)) → stage \(new) (\(newStage.module))", decorate: style.bold)
            summary(pairs, old: old, new: new)
            let marks = ["- only in stage \(old)", "+ only in stage \(new)", "~ changed", "↪ continued"]
            let oneLine = "  " + marks.joined(separator: "   ")
            for line in TextLayout.width(oneLine) <= width ? [oneLine] : marks.map({ "  " + $0 }) {
                write(style.dim(line))
            }
            write("")
        }
        for pair in pairs {
            let oldLines = pair.old?.lines ?? []
            let newLines = pair.new?.lines ?? []
            guard sideBySide else {
                let oldName = pair.old.map { "a/\($0.path)" } ?? "/dev/null"
                let newName = pair.new.map { "b/\($0.path)" } ?? "/dev/null"
                let lines = Diff.unified(
                    oldLines, newLines, oldName: oldName, newName: newName, width: wrapsDiffs ? width : nil)
                for line in lines {
                    write(line)
                }
                continue
            }
            let title = pair.new?.path ?? pair.old?.path ?? ""
            switch (pair.old, pair.new) {
            case (nil, _):
                say("+ \(title): new in stage \(new)", decorate: style.green)
                for line in newLines { code(line, indent: "  + ", decorate: style.green) }
                write("")
                continue
            case (_, nil):
                say("- \(title): gone in stage \(new)", decorate: style.red)
                for line in oldLines { code(line, indent: "  - ", decorate: style.red) }
                write("")
                continue
            case _ where oldLines == newLines:
                say("= \(title): unchanged", decorate: style.dim)
                continue
            default: say("~ \(pair.old?.path ?? "") → \(title)", decorate: style.yellow)
            }
            for line in Diff.sideBySide(oldLines, newLines, width: width - 2, style: style) { write("  " + line) }
            write("")
        }
    }

    /// What changed, before any code: a line a file, in the order stage `new`'s README gives them,
    /// with the lines each step adds and removes, and the files one stage has and the other not.
    func summary(_ pairs: [(old: SourceFile?, new: SourceFile?)], old: Int, new: Int) {
        say("What changed, in the order stage \(new)'s README gives the files:", after: "  ", decorate: style.dim)
        let names = pairs.map { $0.new?.path ?? $0.old?.path ?? "" }
        let column = names.map(TextLayout.width).max() ?? 0
        for (pair, name) in zip(pairs, names) {
            let padded = name + String(repeating: " ", count: column - TextLayout.width(name))
            let (added, removed) = Diff.counts(from: pair.old?.lines ?? [], to: pair.new?.lines ?? [])
            let (row, decorate): (String, (String) -> String) =
                switch (pair.old, pair.new) {
                case (nil, _): ("+ \(padded)  new in stage \(new), +\(added)", style.green)
                case (_, nil): ("- \(padded)  gone in stage \(new), −\(removed)", style.red)
                case _ where added + removed == 0: ("= \(padded)  unchanged", style.dim)
                default: ("~ \(padded)  +\(added) −\(removed)", style.yellow)
                }
            // A column of names when the rows fit; wrapped, as prose is, when they do not.
            if TextLayout.width(row) + 2 <= width {
                write(decorate("  " + row))
            } else {
                say(row, after: "  ", decorate: decorate)
            }
        }
        write("")
    }

    /// Whether a file's name is the one asked for, with or without `.swift`.
    static func name(_ name: String?, matches asked: String) -> Bool {
        guard let name else { return false }
        return name == asked || name == asked + ".swift"
    }

    /// The narrowest width at which `compare` draws two columns.
    static var sideBySideWidth: Int { 2 + 5 + 2 * Diff.narrowestColumn }

    /// A stage's files with its screens last: the network layer first, then what it changed for the app.
    /// Files matched by name, in the new stage's order, gone files last.
    static func pairs(_ old: [SourceFile], _ new: [SourceFile]) -> [(old: SourceFile?, new: SourceFile?)] {
        let oldByName = Dictionary(old.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let newNames = Set(new.map(\.name))
        return new.map { (oldByName[$0.name], $0) } + old.filter { !newNames.contains($0.name) }.map { ($0, nil) }
    }
}
#endif
