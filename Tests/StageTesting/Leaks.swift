// Whether a text shows a secret: any run of it long enough to matter (`Secret.minimumRun`), as it
// was sent or JSON-escaped. Read independently of how a stage masks, with the same rule for "enough".
import Models

/// The first run of `secret` long enough to matter that `text` shows, or nil.
public func leak(of secret: String, in text: String) -> String? {
    for form in Secret.forms(secret) {
        let characters = Array(form)
        let length = Secret.minimumRun(characters)
        guard length > 0 else { continue }
        for start in 0...(characters.count - length) {
            let run = String(characters[start..<start + length])
            if text.contains(run) { return run }
        }
    }
    return nil
}
