// `swift run workbook`: the tour of all six stages, and the commands that help study them.
import Foundation
import Tour

let arguments = Array(CommandLine.arguments.dropFirst())
let command: Command
do {
    command = try Command.parse(arguments)
} catch {
    FileHandle.standardError.write(Data("workbook: \(error)\n\n\(Help.text(for: nil))\n".utf8))
    exit(2)
}

let workbook = Workbook(style: .forStandardOutput(), width: Style.outputWidth()) { print($0) }
do {
    try await workbook.run(command)
} catch let refusal as Refusal {
    // A kata that would overwrite work, or could not be undone: nothing was changed.
    FileHandle.standardError.write(Data("workbook: \(refusal)\n".utf8))
    exit(2)
} catch {
    FileHandle.standardError.write(Data("workbook: \(error)\n".utf8))
    exit(Workbook.exitStatus(for: error))
}
