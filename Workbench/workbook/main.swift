// `swift run workbook`: the tour of all six stages, and the commands that help study them.
import CLI
import Foundation
import TerminalText

let status = await Workbook.main(
    Array(CommandLine.arguments.dropFirst()), style: .forStandardOutput(), width: Terminal.width(),
    wrapsDiffs: Terminal.standardOutputColumns() != nil, write: { print($0) },
    fail: { message in
        // What was printed comes first: the failure sums it up.
        fflush(nil)
        FileHandle.standardError.write(Data((message + "\n").utf8))
    })
exit(status)
