// Whether a text shows a secret: its start, long enough to matter (`Secret.minimumRun`), or a piece
// from inside it twice that long (`Secret.insideRun`), as it was sent or JSON-escaped. Read
// independently of how a stage masks, with the same rule (Masking.swift).
import Models

/// The start of `secret` long enough to matter, or the piece of it, that `text` shows, or nil.
public func leak(of secret: String, in text: String) -> String? {
    let shown = Array(text.utf8)
    for form in Secret.forms(secret) {
        let characters = Array(form)
        let length = Secret.minimumRun(characters)
        guard length > 0 else { continue }
        let start = String(characters.prefix(length))
        if shown.holds(start) { return start }
        let inside = Secret.insideRun(characters)
        guard characters.count > inside else { continue }
        for first in 1...(characters.count - inside) {
            let piece = String(characters[first..<first + inside])
            if shown.holds(piece) { return piece }
        }
    }
    return nil
}

extension [UInt8] {
    /// Whether these bytes hold `piece`'s UTF-8, byte for byte. A case asks this thousands of times,
    /// and `String.contains`, unoptimized, compares character by character.
    public func holds(_ piece: String) -> Bool {
        let needle = Array(piece.utf8)
        guard !needle.isEmpty else { return true }
        guard needle.count <= count else { return false }
        return withUnsafeBufferPointer { text in
            needle.withUnsafeBufferPointer { needle in
                for start in 0...(text.count - needle.count) where text[start] == needle[0] {
                    var matched = 1
                    while matched < needle.count, text[start + matched] == needle[matched] { matched += 1 }
                    if matched == needle.count { return true }
                }
                return false
            }
        }
    }
}
