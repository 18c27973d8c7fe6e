// `swift run kata start|stop|check|compare N`: a kata on a branch of its own. It imports no stage,
// so `swift run kata stop N` works while the stage in the kata does not compile.
#if os(macOS) || os(Linux)
import Foundation
import KataKit
import TerminalText

let arguments = Array(CommandLine.arguments.dropFirst())
// compare is long: on a terminal it opens in a pager, as `git diff` does.
let pager = Pager.forCompare(arguments)
let status = KataCommand.main(
    arguments, environment: ProcessInfo.processInfo.environment,
    // Into a file or a pipe, lines stay whole (a script reads them); on a terminal, or with COLUMNS
    // set, they fit its width.
    style: .forStandardOutput(), width: Terminal.width(fallback: .max),
    write: { line in
        if let pager { pager.write(line) } else { print(line) }
    },
    fail: { message in
        // What was printed comes first: the failure sums it up.
        fflush(nil)
        FileHandle.standardError.write(Data((message + "\n").utf8))
    })
pager?.finish()
exit(status)
#endif
