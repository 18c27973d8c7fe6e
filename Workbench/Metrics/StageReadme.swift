// A stage folder's README.md, as the workbench reads it: the stage's files in reading order, and
// the ones it carries over unchanged from the stage before. The tour lists files in that order,
// and the suite holds each carried-over file identical to its predecessor.
import Foundation

public struct StageReadme: Sendable, Equatable {
    /// The stage's files, in the order its README says to read them.
    public let readingOrder: [String]
    /// What the README says of each file in its reading order, in a line.
    public let descriptions: [String: String]
    /// The files the README says the stage carries over unchanged from the stage before.
    public let carriedOver: [String]

    /// The README's two lists: the numbered links under "## Read in this order", and every linked
    /// file under "## Carried over unchanged…".
    public init(text: String) {
        var section = ""
        var order: [String] = []
        var said: [String: String] = [:]
        var carried: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") {
                section = String(line.dropFirst(3))
                continue
            }
            let files = Self.linkedFiles(in: line)
            if section.hasPrefix("Read in this order"), line.first?.isNumber == true, let first = files.first {
                order.append(first)
                if let colon = line.range(of: "): ") {
                    said[first] = String(line[colon.upperBound...])
                }
            } else if section.hasPrefix("Carried over unchanged") {
                carried += files
            }
        }
        readingOrder = order
        descriptions = said
        carriedOver = carried
    }

    /// The README of the stage folder `folder`, or nil when it has none.
    public static func read(folder: URL) -> StageReadme? {
        guard let text = try? String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8)
        else { return nil }
        return StageReadme(text: text)
    }

    /// `names` in reading order; a file the README does not list (an exercise's, a kata's) comes
    /// after, alphabetically.
    public func ordered(_ names: [String]) -> [String] {
        let listed = readingOrder.filter(names.contains)
        return listed + names.filter { !listed.contains($0) }.sorted()
    }

    /// The file names written as ``[`Name.swift`]`` in `line`.
    static func linkedFiles(in line: Substring) -> [String] {
        line.components(separatedBy: "[`").dropFirst().compactMap { piece in
            guard let end = piece.range(of: "`]") else { return nil }
            return String(piece[..<end.lowerBound])
        }
    }
}
