// A stage folder's README.md, as the workbench reads it: the stage's files in reading order, and
// the ones it carries over unchanged from the stage before. The tour lists files in that order,
// and the suite holds each carried-over file identical to its predecessor. Its Korean edition,
// README.ko.md, is read the same way, under its own headings, and the suite holds its two lists
// equal to the English one's.
import Foundation

public struct StageReadme: Sendable, Equatable {
    /// The stage's files, in the order its README says to read them.
    public let readingOrder: [String]
    /// What the README says of each file in its reading order, in a line.
    public let descriptions: [String: String]
    /// The files the README says the stage carries over unchanged from the stage before.
    public let carriedOver: [String]

    /// The English README and its Korean edition, each a file of every stage folder.
    public static let english = "README.md"
    public static let korean = "README.ko.md"

    /// The headings of the two lists, in English and in Korean: a section counts when its heading
    /// starts with one of them.
    static let readingOrderHeadings = ["Read in this order", "읽는 순서"]
    static let carriedOverHeadings = ["Carried over unchanged", "앞 단계에서 바뀌지 않고 넘어온 파일"]

    /// The README's two lists: the numbered links under "## Read in this order" (in Korean,
    /// "## 읽는 순서"), and every linked file under "## Carried over unchanged…" ("## 앞 단계에서
    /// 바뀌지 않고 넘어온 파일").
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
            let inReadingOrder = Self.readingOrderHeadings.contains { section.hasPrefix($0) }
            let inCarriedOver = Self.carriedOverHeadings.contains { section.hasPrefix($0) }
            if inReadingOrder, line.first?.isNumber == true, let first = files.first {
                order.append(first)
                if let colon = line.range(of: "): ") {
                    said[first] = String(line[colon.upperBound...])
                }
            } else if inCarriedOver {
                carried += files
            }
        }
        readingOrder = order
        descriptions = said
        carriedOver = carried
    }

    /// The README of the stage folder `folder` (its Korean edition when `file` is `korean`), or nil
    /// when it has none.
    public static func read(folder: URL, file: String = english) -> StageReadme? {
        guard let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
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
