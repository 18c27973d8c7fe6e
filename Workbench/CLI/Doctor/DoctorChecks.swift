// What `workbook doctor` checks that needs no build: the toolchain, Xcode, git and the clone, the
// disk and the terminal. Each check is a function of what it reads, so a test can hand it a stub
// `swift` on PATH, a HOME with no git identity, or a folder with no `.git`.
#if os(macOS) || os(Linux)
import Foundation
import KataKit

/// One line of the doctor's report.
struct Finding: Equatable, Sendable {
    enum Verdict: Equatable, Sendable {
        /// The check holds; the text says what was found.
        case holds
        /// Something to fix before the workshop; the text says what to do, in one line.
        case fix
        /// Said for information only: nothing to fix, or nothing this machine needs.
        case note
    }

    let verdict: Verdict
    let text: String
    /// A command that does the fix, printed on a line of its own and never wrapped, to copy whole.
    var command: String?

    static func holds(_ text: String) -> Finding { Finding(verdict: .holds, text: text) }
    static func fix(_ text: String, command: String? = nil) -> Finding {
        Finding(verdict: .fix, text: text, command: command)
    }
    static func note(_ text: String) -> Finding { Finding(verdict: .note, text: text) }
}

enum DoctorChecks {
    /// A Swift release as `swift --version` names it; a missing patch number is 0.
    struct SwiftVersion: Comparable, Sendable, CustomStringConvertible {
        let major: Int
        let minor: Int
        let patch: Int

        static func < (a: SwiftVersion, b: SwiftVersion) -> Bool {
            (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
        }

        var description: String { patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)" }
    }

    /// The oldest Swift the package builds with: Package.swift's tools version, which README.md states
    /// and CI compiles with.
    static let floor = SwiftVersion(major: 6, minor: 3, patch: 1)

    /// The first Xcode whose Swift is the floor's.
    static let xcodeFloor = "26.4.1"

    /// `swift --version`'s version, from either spelling: `Swift version 6.3.1 (swift-6.3.1-RELEASE)`
    /// on Linux, `Apple Swift version 6.3.1 (swiftlang-…)` on a Mac.
    static func version(in text: String) -> SwiftVersion? {
        guard
            let range = text.range(
                of: #"Swift version [0-9]+\.[0-9]+(\.[0-9]+)?"#, options: .regularExpression)
        else {
            return nil
        }
        let numbers = text[range].dropFirst("Swift version ".count).split(separator: ".").compactMap { Int($0) }
        guard numbers.count >= 2 else { return nil }
        return SwiftVersion(major: numbers[0], minor: numbers[1], patch: numbers.count > 2 ? numbers[2] : 0)
    }

    /// The `swift` on PATH against the floor.
    static func swift(environment: [String: String], in root: URL) -> Finding {
        let run = try? Git.Run.of("swift", ["--version"], in: root, errorsInOutput: true, environment: environment)
        guard let run, run.status == 0, let found = version(in: run.text) else {
            return .fix(
                "`swift --version` did not run: install Xcode \(xcodeFloor) or later (on a Mac) or a Swift "
                    + "\(floor) toolchain from swift.org, then run the doctor again.")
        }
        guard found >= floor else {
            return .fix(
                "Swift \(found) is older than the workbook's floor, \(floor): install Xcode \(xcodeFloor) or later "
                    + "(on a Mac) or a newer toolchain from swift.org, then run the doctor again.")
        }
        return .holds("Swift \(found) (the floor is \(floor))")
    }

    /// On a Mac, the developer folder `xcode-select` points at: Xcode, not the Command Line Tools,
    /// which have no Xcode to open the package in. Nil elsewhere.
    static func xcode(environment: [String: String], in root: URL) -> Finding? {
        #if os(macOS)
        guard let run = try? Git.Run.of("xcode-select", ["-p"], in: root, environment: environment), run.status == 0
        else {
            return .fix("`xcode-select -p` did not run: install Xcode \(xcodeFloor) or later from the App Store.")
        }
        let folder = run.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if folder.contains("CommandLineTools") {
            return .fix(
                "the Command Line Tools are selected, not Xcode; select Xcode:",
                command: "sudo xcode-select --switch /Applications/Xcode.app")
        }
        return .holds("Xcode selected: \(folder)")
        #else
        return nil
        #endif
    }

    /// git, and a name and an email for the learner's own commits during a kata.
    static func git(environment: [String: String], in root: URL) -> Finding {
        guard let version = try? Git.Run.of("git", ["--version"], in: root, environment: environment),
            version.status == 0
        else {
            return .fix("git is not installed: on a Mac, xcode-select --install; on Linux, your package manager's git.")
        }
        func setting(_ name: String) -> String {
            let run = try? Git.Run.of("git", ["config", name], in: root, environment: environment)
            return run?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        }
        let name = setting("user.name")
        let email = setting("user.email")
        guard !name.isEmpty, !email.isEmpty else {
            return .fix(
                "git has no name or email for your commits; set them, with yours:",
                command: "git config --global user.name \"Your Name\" && git config --global user.email you@example.com"
            )
        }
        let said = version.text.trimmingCharacters(in: .whitespacesAndNewlines)
        return .holds("\(said), committing as \(name) <\(email)>")
    }

    /// The workbook as a git clone with its files committed: a kata is a branch of its own.
    static func clone(environment: [String: String], in root: URL) -> Finding {
        let files = try? Git.Run.of("git", ["ls-files", "--", "Package.swift"], in: root, environment: environment)
        guard let files, files.status == 0, !files.text.isEmpty else {
            return .fix(
                "this folder is not a git clone of the workbook (a downloaded archive?), and a kata is a git "
                    + "branch: get it with git clone, then run the doctor there.")
        }
        let branch = try? Git.Run.of(
            "git", ["symbolic-ref", "--quiet", "--short", "HEAD"], in: root, environment: environment)
        let here = branch.map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
        if here.hasPrefix("kata/") {
            return .holds(
                "a git clone, in \(here.replacingOccurrences(of: "/", with: " ")): "
                    + "swift run kata stop \(here.dropFirst("kata/".count)) leaves it")
        }
        return .holds("a git clone, on \(here.isEmpty ? "a detached HEAD" : here)")
    }

    /// Room for the builds. Every build CI makes leaves 0.2 GB in `.build` on Linux; a Mac's Xcode
    /// adds its index and DerivedData, so this is a margin, not a measurement.
    static let buildBytes: Int64 = 2_000_000_000

    static func disk(at root: URL) -> Finding {
        let attributes = try? FileManager.default.attributesOfFileSystem(forPath: root.path)
        guard let free = (attributes?[.systemFreeSize] as? NSNumber)?.int64Value else {
            return .note("free disk: not known here")
        }
        let gigabytes = { (bytes: Int64) in String(format: "%.1f GB", Double(bytes) / 1e9) }
        guard free >= buildBytes else {
            return .fix(
                "\(gigabytes(free)) free: make room for \(gigabytes(buildBytes)) or more, since .build and "
                    + "Xcode's DerivedData grow with every build")
        }
        return .holds("\(gigabytes(free)) free for the builds")
    }

    /// Columns enough for `compare` and `kata compare` to put two stages side by side.
    static let columns = 100

    /// The width the commands lay out at, against `columns`: `COLUMNS` when it is set, as the
    /// commands read it, else the terminal's.
    static func terminal(columns found: Int?, environment: [String: String] = [:]) -> Finding {
        if let set = environment["COLUMNS"].flatMap({ Int($0) }), set > 0 {
            guard set >= columns else {
                return .fix(
                    "COLUMNS is \(set), so the commands lay out at \(set) columns whatever the window's width: "
                        + "unset it, or set it to \(columns) or more, so that compare shows two stages side by side")
            }
            return .holds("the commands lay out at \(set) columns (COLUMNS)")
        }
        guard let found else {
            return .note("not a terminal: run the doctor in the window you will work in to check its width")
        }
        guard found >= columns else {
            return .fix(
                "the terminal is \(found) columns wide: make the window \(columns) or wider, so that compare "
                    + "shows two stages side by side")
        }
        return .holds("the terminal is \(found) columns wide")
    }

    /// A browser for `.ci/docs-render`'s render check; nothing else needs one.
    static func browser(environment: [String: String], in root: URL) -> Finding {
        let candidates = [
            "chromium", "chromium-browser", "google-chrome", "google-chrome-stable",
            "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
            "/Applications/Chromium.app/Contents/MacOS/Chromium",
        ]
        for candidate in candidates {
            let run = try? Git.Run.of(candidate, ["--version"], in: root, environment: environment)
            if let run, run.status == 0, run.text.hasPrefix("Chromium ") || run.text.hasPrefix("Google Chrome ") {
                return .note(
                    "\(run.text.trimmingCharacters(in: .whitespacesAndNewlines)) renders the docs site (.ci/docs-render)"
                )
            }
        }
        return .note("no Chromium or Chrome: only .ci/docs-render's render check needs one, and it skips without")
    }
}
#endif
