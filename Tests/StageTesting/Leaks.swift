// Whether a text shows a secret: its start, long enough to matter (`Secret.minimumRun`), or a piece
// from inside it twice that long (`Secret.insideRun`), as it was sent or JSON-escaped. Read
// independently of how a stage masks, with the same rule (Masking.swift).
import Models

/// The start of `secret` long enough to matter, or the piece of it, that `text` shows, or nil.
public func leak(of secret: String, in text: String) -> String? {
    for form in Secret.forms(secret) {
        let characters = Array(form)
        let length = Secret.minimumRun(characters)
        guard length > 0 else { continue }
        let start = String(characters.prefix(length))
        if text.contains(start) { return start }
        let inside = Secret.insideRun(characters)
        guard characters.count > inside else { continue }
        for first in 1...(characters.count - inside) {
            let piece = String(characters[first..<first + inside])
            if text.contains(piece) { return piece }
        }
    }
    return nil
}
