// Line diffs for `workbook compare`, from the standard library's `CollectionDifference`.

/// One line of an edit script from `old` to `new`.
package enum DiffLine: Equatable {
    case same(old: Int, new: Int)
    case removed(old: Int)
    case inserted(new: Int)
}

package enum Diff {
    /// The edit script that turns `old` into `new`, in reading order.
    package static func script(from old: [String], to new: [String]) -> [DiffLine] {
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in new.difference(from: old) {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var script: [DiffLine] = []
        var oldIndex = 0
        var newIndex = 0
        while oldIndex < old.count || newIndex < new.count {
            if oldIndex < old.count, removed.contains(oldIndex) {
                script.append(.removed(old: oldIndex))
                oldIndex += 1
            } else if newIndex < new.count, inserted.contains(newIndex) {
                script.append(.inserted(new: newIndex))
                newIndex += 1
            } else {
                script.append(.same(old: oldIndex, new: newIndex))
                oldIndex += 1
                newIndex += 1
            }
        }
        return script
    }

    /// How many lines the edit script from `old` to `new` adds and removes: a file's line in the
    /// first screen of both compare commands.
    package static func counts(from old: [String], to new: [String]) -> (added: Int, removed: Int) {
        var counts = (added: 0, removed: 0)
        for line in script(from: old, to: new) {
            switch line {
            case .inserted: counts.added += 1
            case .removed: counts.removed += 1
            case .same: break
            }
        }
        return counts
    }

    /// The width of each of the two columns `sideBySide` lays in `width`.
    package static func columnWidth(for width: Int) -> Int { (width - 5) / 2 }

    /// Side by side needs columns at least this wide to be worth reading; narrower, a unified diff.
    package static let narrowestColumn = 30

    /// Two columns, old on the left and new on the right. `-` marks a line only on the left, `+`
    /// only on the right, `~` a line changed in place; runs of unchanged lines are folded. A line
    /// too long for its column carries on below, marked ↪, so that every character is shown.
    package static func sideBySide(
        _ old: [String], _ new: [String], width: Int = 100, context: Int = 2, style: Style = .plain
    )
        -> [String]
    {
        let column = max(4, columnWidth(for: width))
        var rows: [(mark: Character, left: String, right: String)] = []
        var pendingRemovals: [String] = []
        func flush() {
            rows += pendingRemovals.map { ("-", $0, "") }
            pendingRemovals.removeAll()
        }
        for line in script(from: old, to: new) {
            switch line {
            case .removed(let index):
                pendingRemovals.append(old[index])
            case .inserted(let index):
                // An insertion right after removals pairs with the first of them: a changed line.
                if pendingRemovals.isEmpty {
                    rows.append(("+", "", new[index]))
                } else {
                    rows.append(("~", pendingRemovals.removeFirst(), new[index]))
                }
            case .same(let oldIndex, let newIndex):
                flush()
                rows.append((" ", old[oldIndex], new[newIndex]))
            }
        }
        flush()
        let changed = rows.indices.filter { rows[$0].mark != " " }
        let shown = Set(changed.flatMap { max(0, $0 - context)...min(rows.count - 1, $0 + context) })
        var output: [String] = []
        var folded = 0
        for (index, row) in rows.enumerated() {
            guard shown.contains(index) else {
                folded += 1
                continue
            }
            if folded > 0 {
                output.append(style.dim("    ⋯ \(folded) unchanged line\(folded == 1 ? "" : "s")"))
                folded = 0
            }
            let left = TextLayout.codeLines(row.left, width: column)
            let right = TextLayout.codeLines(row.right, width: column)
            for line in 0..<max(left.count, right.count) {
                let leftText = line < left.count ? left[line] : ""
                let rightText = line < right.count ? right[line] : ""
                let text = "\(row.mark) \(TextLayout.pad(leftText, to: column)) │ \(rightText)".trimmingTrailingSpaces
                switch row.mark {
                case "-": output.append(style.red(text))
                case "+": output.append(style.green(text))
                case "~": output.append(style.yellow(text))
                default: output.append(text)
                }
            }
        }
        if folded > 0 { output.append(style.dim("    ⋯ \(folded) unchanged line\(folded == 1 ? "" : "s")")) }
        return output
    }

    /// A unified diff with `context` lines around each change, as `diff -u` prints one. Given a
    /// `width`, a longer line carries on below under its own mark, its continuation marked ↪.
    package static func unified(
        _ old: [String], _ new: [String], oldName: String, newName: String, context: Int = 3, width: Int? = nil
    ) -> [String] {
        func marked(_ mark: String, _ text: String) -> [String] {
            guard let width else { return [mark + text] }
            return TextLayout.codeLines(text, width: width - 1).map { mark + $0 }
        }
        let lines = script(from: old, to: new)
        let changes = lines.indices.filter { if case .same = lines[$0] { false } else { true } }
        guard !changes.isEmpty else { return [] }
        // Changes closer than twice the context share a hunk.
        var hunks: [ClosedRange<Int>] = []
        for index in changes {
            let range = max(0, index - context)...min(lines.count - 1, index + context)
            if let last = hunks.last, range.lowerBound <= last.upperBound + 1 {
                hunks[hunks.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                hunks.append(range)
            }
        }
        var output = ["--- \(oldName)", "+++ \(newName)"].flatMap { header in
            width.map { TextLayout.wrap(header, width: $0) } ?? [header]
        }
        for hunk in hunks {
            let slice = lines[hunk]
            let oldLines = slice.filter { if case .inserted = $0 { false } else { true } }.count
            let newLines = slice.filter { if case .removed = $0 { false } else { true } }.count
            let oldStart =
                slice.lazy.compactMap { line -> Int? in
                    switch line {
                    case .same(let index, _), .removed(let index): index
                    case .inserted: nil
                    }
                }.first.map { $0 + 1 } ?? 0
            let newStart =
                slice.lazy.compactMap { line -> Int? in
                    switch line {
                    case .same(_, let index), .inserted(let index): index
                    case .removed: nil
                    }
                }.first.map { $0 + 1 } ?? 0
            output.append("@@ -\(oldStart),\(oldLines) +\(newStart),\(newLines) @@")
            for line in slice {
                switch line {
                case .same(let index, _): output += marked(" ", old[index])
                case .removed(let index): output += marked("-", old[index])
                case .inserted(let index): output += marked("+", new[index])
                }
            }
        }
        return output
    }
}
