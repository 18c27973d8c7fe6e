import CLI
// `swift run workbook`: the tour of all six stages, and the commands that help study them.
import Foundation

let status = await Workbook.main(
    Array(CommandLine.arguments.dropFirst()), style: .forStandardOutput(), width: Terminal.width(),
    wrapsDiffs: Terminal.standardOutputColumns() != nil, write: { print($0) },
    fail: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
exit(status)
