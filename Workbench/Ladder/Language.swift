// The language a learner reads the pages in: Korean where the locale says so (LANG=ko_KR.UTF-8,
// as a Mac set to Korean gives Terminal), or where WORKBOOK_LANGUAGE=ko asks for it; else English.
// Beside the ladder, so that the `kata` command and the exercises' tests read one rule: both point a
// learner at the pages of their edition. `kata` says the rest in English in both; the exercises' failures
// say in Korean too what went wrong, wherever a check words it in both. Pure, with no process, so unfenced.

/// The edition of the docs a learner reads.
package enum Language: String, Sendable {
    case english = "en"
    case korean = "ko"

    /// The setting that chooses, over the locale: `ko` or `en`.
    package static let setting = "WORKBOOK_LANGUAGE"

    /// From `WORKBOOK_LANGUAGE`, else the locale as POSIX reads it: LC_ALL, then LC_MESSAGES, then LANG.
    package static func of(_ environment: [String: String]) -> Language {
        if let chosen = environment[setting].flatMap({ Language(rawValue: $0.lowercased()) }) { return chosen }
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        return locale?.lowercased().hasPrefix("ko") == true ? .korean : .english
    }

    /// A page's file name in this language: `README.md`, or `README.ko.md` beside it in Korean.
    package func fileName(_ name: String) -> String {
        switch self {
        case .english: "\(name).md"
        case .korean: "\(name).ko.md"
        }
    }
}
