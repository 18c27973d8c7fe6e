// `swift run kata start|stop|check|compare N`: a kata on a branch of its own. It imports no stage,
// so `swift run kata stop N` works while the stage in the kata does not compile.
import Foundation
import KataKit
import TerminalText

let status = KataCommand.main(
    Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
    // Into a file or a pipe, lines stay whole (a script reads them); on a terminal, or with COLUMNS
    // set, they fit its width.
    style: .forStandardOutput(), width: Terminal.width(fallback: .max), write: { print($0) },
    fail: { message in
        // What was printed comes first: the failure sums it up.
        fflush(nil)
        FileHandle.standardError.write(Data((message + "\n").utf8))
    })
exit(status)
