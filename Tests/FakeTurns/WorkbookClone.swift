// The workbook's own checkout, for the tests that clone it to start a kata there. The exercises'
// check (.ci/exercises) runs the suite in a copy without git, where no kata can start: there it is
// nil, and those tests are skipped, saying why.
import Foundation

public enum WorkbookClone {
    /// The package's root when it is a git clone, else nil.
    public static let root: URL? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path) ? root : nil
    }()

    /// Why a test that needs the clone is skipped.
    public static let absent = "the workbook here is no git clone (the exercises' check copies it without git)"
}
