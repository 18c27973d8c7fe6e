// Colour for a terminal, and none anywhere else or when NO_COLOR is set (https://no-color.org).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How text is decorated: with ANSI colours, or not at all.
public struct Style: Sendable {
    public let colors: Bool

    public init(colors: Bool) {
        self.colors = colors
    }

    /// Colours only when standard output is a terminal and NO_COLOR is unset or empty.
    public static func forStandardOutput() -> Style {
        let noColor = getenv("NO_COLOR").map { String(cString: $0) } ?? ""
        return Style(colors: isatty(STDOUT_FILENO) != 0 && noColor.isEmpty)
    }

    public static let plain = Style(colors: false)

    package func bold(_ text: String) -> String { wrap(text, "1") }
    package func dim(_ text: String) -> String { wrap(text, "2") }
    package func green(_ text: String) -> String { wrap(text, "32") }
    package func red(_ text: String) -> String { wrap(text, "31") }
    package func yellow(_ text: String) -> String { wrap(text, "33") }

    /// Green for a line that starts with ✓, red for ✗, unchanged otherwise.
    package func outcome(_ text: String) -> String {
        colour(text, like: text)
    }

    /// `text` in the colour that `outcome` (a whole cell, say) calls for.
    package func colour(_ text: String, like outcome: String) -> String {
        if outcome.hasPrefix("✓") { return green(text) }
        if outcome.hasPrefix("✗") { return red(text) }
        return text
    }

    private func wrap(_ text: String, _ code: String) -> String {
        colors && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
