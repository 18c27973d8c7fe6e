// The rule for a page's diffs: each one quotes two stages' files as they differ now.
import Foundation
import Metrics

extension DocChecks {
    // MARK: - Diff excerpts

    /// `<!-- diff: OLD NEW -->` right before a ```diff block: `-` lines are lines of OLD, `+` lines of NEW,
    /// context lines of both. `@@` lines and `---`/`+++` file headers are skipped; `/dev/null` has no lines.
    static func diffExcerpts(_ page: DocPage, _ world: DocWorld) -> [DocProblem] {
        var problems: [DocProblem] = []
        for (index, line) in page.lines.enumerated() where !page.inBlock[index] {
            guard let body = DocPage.wholeLineComment("diff", in: line) else { continue }
            func problem(_ excerpt: String, _ message: String) {
                problems.append(DocProblem(file: page.path, line: index + 1, excerpt: excerpt, message: message))
            }
            let paths = body.split(separator: " ").map(String.init)
            guard paths.count == 2 else {
                problem(line, "write the marker as <!-- diff: Sources/A/File.swift Sources/B/File.swift -->")
                continue
            }
            guard let block = block(after: index, in: page, language: "diff", report: { problem(line, $0) }) else {
                continue
            }
            let excerpt = block.lines.first ?? ""
            let countBefore = problems.count
            var files: [Set<String>] = []
            for path in paths {
                if path == "/dev/null" {
                    files.append([])
                } else if let lines = world.lines(path) {
                    files.append(Set(lines))
                } else {
                    problem(excerpt, "\(path) does not exist")
                }
            }
            guard files.count == 2 else { continue }
            let (old, new) = (files[0], files[1])
            var changes = 0
            for (offset, diffLine) in block.lines.enumerated() {
                let position = "diff line \(offset + 1) \"\(diffLine)\""
                if diffLine.hasPrefix("@@") || isFileHeader(diffLine) { continue }
                let text = String(diffLine.dropFirst())
                switch diffLine.first {
                case "-":
                    changes += 1
                    if !old.contains(text) { problem(excerpt, "\(position) is not a line of \(paths[0])") }
                case "+":
                    changes += 1
                    if !new.contains(text) { problem(excerpt, "\(position) is not a line of \(paths[1])") }
                case " ", nil:
                    // A blank context line may have lost its leading space to an editor.
                    if !old.contains(text) { problem(excerpt, "\(position) is context, but not a line of \(paths[0])") }
                    if !new.contains(text) { problem(excerpt, "\(position) is context, but not a line of \(paths[1])") }
                default:
                    problem(excerpt, "\(position) starts with neither -, + nor a space")
                }
            }
            if changes == 0 {
                problem(excerpt, "the diff has no - or + line")
            }
            // Every line belongs; now the lines must also stand as the diff prints them.
            guard problems.count == countBefore, changes > 0 else { continue }
            let oldLines = paths[0] == "/dev/null" ? [] : world.lines(paths[0]) ?? []
            let newLines = paths[1] == "/dev/null" ? [] : world.lines(paths[1]) ?? []
            if let message = unprinted(block.lines, old: oldLines, new: newLines, paths: paths) {
                problem(excerpt, message)
            }
        }
        return problems
    }

    /// Nil when the quoted diff is `Diff.unified` as `workbook compare --unified` prints it: each
    /// part between `@@` lines a run of consecutive printed lines, the parts in the printed order,
    /// so that every line left out is marked by an `@@`. A bare `@@` only marks a cut; a full
    /// `@@ -a,b +c,d @@` header must be the printed one, followed by its hunk's first lines. Both
    /// sides from one file are two runs of it (chapter 1 sets two functions side by side), and the
    /// diff is the one printed between those runs.
    static func unprinted(_ quoted: [String], old: [String], new: [String], paths: [String]) -> String? {
        var reference = (old: old, new: new)
        if paths[0] == paths[1] {
            let body = quoted.filter { !isFileHeader($0) }
            if body.contains(where: { $0.hasPrefix("@@") }) {
                return "both sides come from \(paths[0]), so each must be one run of it, with no @@ cut"
            }
            let oldSide = body.filter { !$0.hasPrefix("+") }.map { String($0.dropFirst()) }
            let newSide = body.filter { !$0.hasPrefix("-") }.map { String($0.dropFirst()) }
            guard let oldStart = run(of: oldSide, in: old) else {
                return "the - and context lines are not one run of \(paths[0]): "
                    + (mismatch(of: oldSide, in: old, path: paths[0]) ?? "")
            }
            guard let newStart = run(of: newSide, in: new) else {
                return "the + and context lines are not one run of \(paths[1]): "
                    + (mismatch(of: newSide, in: new, path: paths[1]) ?? "")
            }
            reference = (
                Array(old[oldStart..<oldStart + oldSide.count]), Array(new[newStart..<newStart + newSide.count])
            )
        }
        // Without headers: the files' names are the marker's.
        let printed = Array(
            PackageWorld.unified(reference.old, reference.new).dropFirst(2))
        // The quote in parts: a bare @@ ends one, a full header starts the next.
        var parts: [[(offset: Int, line: String)]] = [[]]
        for (offset, line) in quoted.enumerated() where !isFileHeader(line) {
            if line.trimmingSpaces == "@@" {
                parts.append([])
                continue
            }
            if line.hasPrefix("@@"), !(parts.last?.isEmpty ?? true) { parts.append([]) }
            parts[parts.count - 1].append((offset, line))
        }
        // A blank context line may have lost its leading space to an editor.
        func same(_ quotedLine: String, _ printedLine: String) -> Bool {
            quotedLine == printedLine || (quotedLine.isEmpty && printedLine == " ")
        }
        var cursor = 0
        var previous: (offset: Int, line: String)?
        for part in parts where !part.isEmpty {
            // The first place, from the cursor on, where the part is printed whole; else the
            // longest run of its first lines that is printed, to say where it departs.
            var best: (start: Int, length: Int)?
            var found: Int?
            for start in cursor..<printed.count where same(part[0].line, printed[start]) {
                var length = 0
                while length < part.count, start + length < printed.count,
                    same(part[length].line, printed[start + length])
                {
                    length += 1
                }
                if length == part.count {
                    found = start
                    break
                }
                if length > best?.length ?? 0 { best = (start, length) }
            }
            if let found {
                cursor = found + part.count
                previous = part.last
                continue
            }
            let after = previous.map { " after diff line \($0.offset + 1)" } ?? ""
            guard let best else {
                let line = part[0]
                let elsewhere = printed.contains { same(line.line, $0) }
                return "diff line \(line.offset + 1) \"\(line.line)\" is "
                    + (elsewhere
                        ? "printed by `workbook compare --unified`, but not\(after): the lines are out of order"
                        : "not a line `workbook compare --unified` prints")
            }
            let next = best.start + best.length
            let departing = part[best.length]
            let printedNext = next < printed.count ? "\"\(printed[next])\"" : "nothing more"
            return "diff line \(departing.offset + 1) \"\(departing.line)\" is not what `workbook compare --unified` "
                + "prints next: it prints \(printedNext); quote the lines as printed, and mark a part left out with an @@ line"
        }
        return nil
    }

    /// The index where `lines` first stand as a contiguous run of `file`, if they do.
    static func run(of lines: [String], in file: [String]) -> Int? {
        guard !lines.isEmpty, lines.count <= file.count else { return nil }
        return (0...(file.count - lines.count)).first { start in
            lines.indices.allSatisfy { file[start + $0] == lines[$0] }
        }
    }

    /// `--- a/…`, `+++ b/…` and their `/dev/null` forms, as `workbook compare --unified` prints them.
    static func isFileHeader(_ line: String) -> Bool {
        ["--- a/", "+++ b/", "--- /dev/null", "+++ /dev/null"].contains { line.hasPrefix($0) }
    }

    /// The fenced block opening on the line after a marker, if it is in `language` and closed.
    static func block(after index: Int, in page: DocPage, language: String, report: (String) -> Void)
        -> FencedBlock?
    {
        guard let block = page.block(openingAt: index + 1) else {
            report("the marker is not directly followed by a ```\(language) block")
            return nil
        }
        guard block.language == language else {
            report("the marker is followed by a ```\(block.language) block, not ```\(language)")
            return nil
        }
        guard block.closed else {
            report("the ```\(language) block is never closed")
            return nil
        }
        guard !block.lines.isEmpty else {
            report("the ```\(language) block is empty")
            return nil
        }
        return block
    }
}
