// `swift run workbook`: the tour of every stage, and the commands that help study them.
#if os(macOS) || os(Linux)
import CLI
import Foundation
import TerminalText

let arguments = Array(CommandLine.arguments.dropFirst())
let isTerminal = Terminal.standardOutputColumns() != nil
// compare is long: on a terminal it opens in a pager, as `git diff` does.
let pager = Pager.forCompare(arguments)
let status = await Workbook.main(
    arguments, style: .forStandardOutput(), width: Terminal.width(), wrapsDiffs: isTerminal,
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
