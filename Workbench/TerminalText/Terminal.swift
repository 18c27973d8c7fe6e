// How wide the output may be: the one place that decides it.
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum Terminal {
    /// Columns when nothing says otherwise, as when the output goes to a file or a pipe.
    public static let fallbackWidth = 80

    /// The narrowest width the commands lay out for; a smaller one is taken as this.
    public static let narrowest = 40

    /// The width to print at: `COLUMNS` when it is a positive whole number, else the width of the
    /// terminal on standard output, else `fallback` (80 unless told; `kata` keeps whole lines).
    public static func width(fallback: Int = fallbackWidth) -> Int {
        width(
            columns: ProcessInfo.processInfo.environment["COLUMNS"], terminalColumns: standardOutputColumns(),
            fallback: fallback)
    }

    /// The rule itself, given what the environment and the terminal said.
    public static func width(columns: String?, terminalColumns: Int?, fallback: Int = fallbackWidth) -> Int {
        if let columns, let number = Int(columns), number > 0 { return number }
        if let terminalColumns, terminalColumns > 0 { return terminalColumns }
        return fallback
    }

    /// The columns of the terminal on standard output, or `nil` when there is none.
    public static func standardOutputColumns() -> Int? {
        #if canImport(Glibc) || canImport(Darwin)
        var size = winsize()
        guard isatty(STDOUT_FILENO) != 0, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
        return Int(size.ws_col)
        #else
        return nil
        #endif
    }
}
