// `workbook compare A B`: two stages' sources side by side, or as a unified diff, in the order the
// newer stage's README gives its files.
import FakeServers
import Foundation
import Harness
import Metrics
import TerminalText

extension Workbook {
    func compare(_ old: Int, _ new: Int, unified: Bool) throws {
        let sites = Self.adapters()
        guard let oldStage = sites.first(where: { $0.stage.number == old })?.stage,
            let newStage = sites.first(where: { $0.stage.number == new })?.stage
        else {
            throw WorkbookError("There is no such stage.")
        }
        let oldFiles = try SourceFiles.module(oldStage.module)
        let newFiles = try SourceFiles.module(newStage.module)
        // Two columns narrower than this are too cut up to read: one column instead, and a word why.
        let sideBySide = !unified && Diff.columnWidth(for: width - 2) >= Diff.narrowestColumn
        if !unified && !sideBySide {
            say("Side by side needs \(Self.sideBySideWidth) columns; here is a unified diff.", decorate: style.dim)
        }
        if sideBySide {
            say("Stage \(old) (\(oldStage.module)) → stage \(new) (\(newStage.module))", decorate: style.bold)
            let marks = ["- only in stage \(old)", "+ only in stage \(new)", "~ changed", "↪ continued"]
            let oneLine = "  " + marks.joined(separator: "   ")
            for line in TextLayout.width(oneLine) <= width ? [oneLine] : marks.map({ "  " + $0 }) {
                write(style.dim(line))
            }
            say("Files in the order stage \(new)'s README gives them.", after: "  ", decorate: style.dim)
            write("")
        }
        for pair in Self.pairs(oldFiles, newFiles) {
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
