// `workbook compare A B`: two stages' sources side by side, or as a unified diff; the screens last.
import FakeServers
import Foundation
import SourceMetrics
import StageAdapters

extension Workbook {
    func compare(_ old: Int, _ new: Int, unified: Bool) throws {
        let sites = Self.adapters()
        guard let oldStage = sites.first(where: { $0.stage.number == old })?.stage,
            let newStage = sites.first(where: { $0.stage.number == new })?.stage
        else {
            throw WorkbookError("There is no such stage.")
        }
        let oldFiles = try Self.screensLast(SourceFiles.module(oldStage.module))
        let newFiles = try Self.screensLast(SourceFiles.module(newStage.module))
        if !unified {
            write(style.bold("Stage \(old) (\(oldStage.module)) → stage \(new) (\(newStage.module))"))
            write(style.dim("  - only in stage \(old)   + only in stage \(new)   ~ changed; the screens last\n"))
        }
        for pair in Self.pairs(oldFiles, newFiles) {
            let oldLines = pair.old?.lines ?? []
            let newLines = pair.new?.lines ?? []
            if unified {
                let oldName = pair.old.map { "a/\($0.path)" } ?? "/dev/null"
                let newName = pair.new.map { "b/\($0.path)" } ?? "/dev/null"
                for line in Diff.unified(oldLines, newLines, oldName: oldName, newName: newName) { write(line) }
                continue
            }
            let title = pair.new?.path ?? pair.old?.path ?? ""
            switch (pair.old, pair.new) {
            case (nil, _):
                write(style.green("+ \(title): new in stage \(new)"))
                for line in newLines { write(style.green("  + " + line)) }
                write("")
                continue
            case (_, nil):
                write(style.red("- \(title): gone in stage \(new)"))
                for line in oldLines { write(style.red("  - " + line)) }
                write("")
                continue
            case _ where oldLines == newLines:
                write(style.dim("= \(title): unchanged"))
                continue
            default: write(style.yellow("~ \(pair.old?.path ?? "") → \(title)"))
            }
            for line in Diff.sideBySide(oldLines, newLines, width: width - 2, style: style) { write("  " + line) }
            write("")
        }
    }

    /// A stage's files with its screens last: the network layer first, then what it changed for the app.
    static func screensLast(_ files: [SourceFile]) -> [SourceFile] {
        files.filter { !$0.name.hasSuffix("Screen.swift") } + files.filter { $0.name.hasSuffix("Screen.swift") }
    }

    /// Files matched by name, in the new stage's order, gone files last.
    static func pairs(_ old: [SourceFile], _ new: [SourceFile]) -> [(old: SourceFile?, new: SourceFile?)] {
        let oldByName = Dictionary(old.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let newNames = Set(new.map(\.name))
        return new.map { (oldByName[$0.name], $0) } + old.filter { !newNames.contains($0.name) }.map { ($0, nil) }
    }
}
