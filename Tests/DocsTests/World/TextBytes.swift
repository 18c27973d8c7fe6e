// Text as the checks read it, on its UTF-8 bytes. The suite runs unoptimized, where Foundation's
// trimming and searching bridge every string they touch and `Character` asks Unicode about each
// one; the checks read every page and every source, so those calls were most of what they cost.
// What they look for (spaces, backticks, ASCII names) is ASCII, which bytes compare exactly.
import Foundation

extension StringProtocol {
    /// Without the spaces and tabs at either end, as `trimmingCharacters(in: .whitespaces)` leaves
    /// the pages' lines (they hold no other kind of space: `Translation`'s checks would say).
    var trimmingSpaces: String {
        let text = Substring(self)
        let bytes = text.utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, Self.isSpace(bytes[start]) { start = bytes.index(after: start) }
        while start < end {
            let last = bytes.index(before: end)
            guard Self.isSpace(bytes[last]) else { break }
            end = last
        }
        return String(text[start..<end])
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }
}

/// A text kept as bytes, to be searched many times.
struct TextBytes: Sendable {
    let bytes: [UInt8]

    init(_ text: some StringProtocol) {
        bytes = Array(text.utf8)
    }

    /// The byte offsets where `needle` starts, in order; `memchr` finds each candidate's first byte.
    private func offsets(of needle: [UInt8]) -> [Int] {
        guard let first = needle.first, needle.count <= bytes.count else { return [] }
        var found: [Int] = []
        bytes.withUnsafeBufferPointer { text in
            needle.withUnsafeBufferPointer { needle in
                var start = 0
                let last = text.count - needle.count
                while start <= last {
                    guard let hit = memchr(text.baseAddress! + start, Int32(first), last - start + 1) else { break }
                    let offset = text.baseAddress!.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if memcmp(text.baseAddress! + offset, needle.baseAddress!, needle.count) == 0 {
                        found.append(offset)
                    }
                    start = offset + 1
                }
            }
        }
        return found
    }

    /// Whether `word` stands here with no ASCII letter, digit or `_` against either of its ends
    /// that is one too ("Get" in "Get은", not in "Getter").
    func containsWord(_ word: some StringProtocol) -> Bool {
        let word = Array(word.utf8)
        guard let head = word.first, let tail = word.last else { return false }
        let wordStarts = Self.isNameByte(head)
        let wordEnds = Self.isNameByte(tail)
        return offsets(of: word).contains { offset in
            let before = offset > 0 ? bytes[offset - 1] : nil
            let afterIndex = offset + word.count
            let after = afterIndex < bytes.count ? bytes[afterIndex] : nil
            return !(wordStarts && before.map(Self.isNameByte) == true)
                && !(wordEnds && after.map(Self.isNameByte) == true)
        }
    }

    /// An ASCII letter, digit or `_`: what a name is made of.
    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// The names in the text, in order: runs of name bytes that do not start with a digit.
    var identifiers: [String] {
        var found: [String] = []
        bytes.withUnsafeBufferPointer { text in
            var start: Int?
            for index in 0...text.count {
                let inName = index < text.count && Self.isNameByte(text[index])
                if inName, start == nil {
                    start = index
                } else if !inName, let first = start {
                    if !Self.isDigit(text[first]) {
                        found.append(
                            String(decoding: UnsafeBufferPointer(rebasing: text[first..<index]), as: UTF8.self))
                    }
                    start = nil
                }
            }
        }
        return found
    }
}
