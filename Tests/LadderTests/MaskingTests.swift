// The masking rule every stage uses on the server's words (Sources/Models/Masking.swift): a secret
// whole, escaped or cut short goes; the server's own words stay, even when a secret holds one.
import Models
import Testing

@Suite("Masking")
struct MaskingTests {
    static let password = "not-the-password"

    @Test(
        "a secret whole, JSON-escaped or cut short is masked",
        arguments: [
            ("Not accepted: not-the-password", [password], "Not accepted: •••"),
            (#"{"data":"No po\/p\"corn-2580"}"#, [#"po/p"corn-2580"#], #"{"data":"No •••"}"#),
            ("Not accepted: not-the-pa…", [password], "Not accepted: •••…"),
            ("Key ab refused", ["ab"], "Key ••• refused"),
        ])
    func masked(text: String, secrets: [String], expected: String) {
        #expect(text.masking(secrets) == expected)
    }

    @Test("the server's own words stay when a secret holds one of them, or only a short start of it")
    func serversWords() {
        #expect("Invalid username or password".masking([Self.password]) == "Invalid username or password")
        #expect("Not accepted: not-t".masking([Self.password]) == "Not accepted: not-t")
    }

    @Test("a long piece from inside a secret is masked, as a token's tail would be")
    func longPiece() {
        // 24 characters: a start of 8 or more counts, and a piece from inside of 16 or more.
        let token = "popcorn-access-8f14e45fc"
        #expect("left: access-8f14e45fc".masking([token]) == "left: •••")
        #expect("left: access-8f14e45".masking([token]) == "left: access-8f14e45")
    }

    @Test("two tokens that start alike are both masked whole, in either order")
    func sharedStart() {
        let access = "popcorn-access-8f14e45f"
        let refresh = "popcorn-refresh-c9f0f895"
        let text = "Refused: \(refresh), then \(access)"
        #expect(text.masking([access, refresh]) == "Refused: •••, then •••")
        #expect(text.masking([refresh, access]) == "Refused: •••, then •••")
    }
}
