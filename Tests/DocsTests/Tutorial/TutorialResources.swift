// The DocC tutorials show the stages' own files. Every `@Code` file of a tutorial names a stage file,
// `stage3-APIError.swift` for Sources/Stage3…/APIError.swift, which the catalog's Resources hold as a
// link to that file (`scripts/docs-site --sync` writes the links, and `scripts/docs-site --check`
// is what checks them). Here, the rules on the tutorials' text: each file a step names exists in its
// stage, and the tutorial of step N walks the files that step changes, so each file stage N adds or
// changes is shown, and each it changes or removes is shown as stage N-1 had it too. The Korean
// edition is a catalog of its own, held to the same rules, and to the English one: the same
// tutorials, whose steps show the same files in the same order, and the same questions.
import Foundation
import Ladder
import Metrics

/// The tutorials' catalog, read as pure data so that the rules can be tried on a planted one.
struct TutorialCatalog: Sendable {
    /// A tutorial module's catalog folder, from the package root.
    static func folder(of module: String) -> String {
        "Sources/\(module)/Documentation.docc"
    }

    /// Each tutorial's path from the package root, and its text.
    let tutorials: [(path: String, text: String)]
    /// The table of contents' path, and its text.
    let tableOfContents: (path: String, text: String)
    /// A stage's Swift files' names, by stage number.
    let stageFiles: @Sendable (Int) -> [String]
    /// A stage file's bytes, by stage number and file name.
    let stageFile: @Sendable (Int, String) -> Data?
}

/// One `@Code` directive: the file name the reader sees, the stage file it shows, and the one DocC
/// compares it with.
struct CodeStep: Equatable {
    let name: String
    let file: String
    let previousFile: String?
    let line: Int
}

enum TutorialRules {
    /// `stage3-APIError.swift` → (3, "APIError.swift"); nil for any other name.
    static func source(of resource: String) -> (stage: Int, file: String)? {
        guard resource.hasPrefix("stage"), resource.hasSuffix(".swift"),
            let dash = resource.firstIndex(of: "-"),
            let stage = Int(resource[resource.index(resource.startIndex, offsetBy: 5)..<dash]),
            Ladder.numbers.contains(stage)
        else { return nil }
        let file = String(resource[resource.index(after: dash)...])
        return file.count > ".swift".count ? (stage, file) : nil
    }

    /// Every `@Code(name:file:previousFile:)` of a tutorial's text, in order.
    static func codeSteps(in text: String) -> [CodeStep] {
        text.components(separatedBy: "\n").enumerated().compactMap { index, line in
            guard line.contains("@Code("), let name = argument("name", in: line), let file = argument("file", in: line)
            else { return nil }
            return CodeStep(name: name, file: file, previousFile: argument("previousFile", in: line), line: index + 1)
        }
    }

    /// The quoted value of `label:` in a directive's line.
    static func argument(_ label: String, in line: String) -> String? {
        guard let start = line.range(of: "\(label): \"") ?? line.range(of: "\(label):\"") else { return nil }
        // `file:` also ends `previousFile:`: only a label that starts a word counts.
        if start.lowerBound > line.startIndex, line[line.index(before: start.lowerBound)].isLetter {
            return argument(label, in: String(line[start.upperBound...]))
        }
        guard let end = line[start.upperBound...].firstIndex(of: "\"") else { return nil }
        return String(line[start.upperBound..<end])
    }

    /// The step a tutorial walks, from its file name: `stage-3-result.tutorial` is the step to stage 3.
    static func step(of path: String) -> Int? {
        let name = (path as NSString).lastPathComponent
        guard name.hasPrefix("stage-"), let number = Int(name.dropFirst("stage-".count).prefix { $0.isNumber }),
            Ladder.kataNumbers.contains(number)
        else { return nil }
        return number
    }

    /// What a learner's change to a stage can cause: a step that names a stage file that is gone, and
    /// a file the step changes that its tutorial does not show.
    static func stageProblems(_ catalog: TutorialCatalog) -> [DocProblem] {
        var problems: [DocProblem] = []
        for (path, text) in catalog.tutorials {
            let steps = codeSteps(in: text)
            for step in steps {
                for name in [step.file] + (step.previousFile.map { [$0] } ?? []) {
                    guard let (stage, file) = source(of: name) else { continue }
                    let excerpt = "@Code(name: \"\(step.name)\", file: \"\(step.file)\")"
                    if catalog.stageFile(stage, file) == nil {
                        problems.append(
                            DocProblem(
                                file: path, line: step.line, excerpt: excerpt,
                                message: "\(name) shows stage \(stage)'s \(file), which does not exist: if the "
                                    + "step changed, bring the tutorial up to date, then run scripts/docs-site --sync"))
                    }
                }
            }
            guard let number = step(of: path) else { continue }
            let shown = Set(steps.flatMap { [$0.file] + ($0.previousFile.map { [$0] } ?? []) })
            for file in changedFiles(catalog, to: number) {
                let wanted =
                    (catalog.stageFile(number, file) != nil ? ["stage\(number)-\(file)"] : [])
                    + (catalog.stageFile(number - 1, file) != nil ? ["stage\(number - 1)-\(file)"] : [])
                for name in wanted where !shown.contains(name) {
                    problems.append(
                        DocProblem(
                            file: path, line: 1, excerpt: "@Tutorial",
                            message: "step \(number - 1) → \(number) changes \(file), and no step shows \(name)"))
                }
            }
        }
        return problems
    }

    /// The Swift files stage `number` adds, changes or removes, against stage `number - 1`.
    static func changedFiles(_ catalog: TutorialCatalog, to number: Int) -> [String] {
        let names = Set(catalog.stageFiles(number - 1) + catalog.stageFiles(number))
        return names.sorted().filter { catalog.stageFile(number - 1, $0) != catalog.stageFile(number, $0) }
    }

    /// What only the catalog itself can get wrong: a stage file's name, the chapters' order, and the
    /// assessments.
    static func catalogProblems(_ catalog: TutorialCatalog) -> [DocProblem] {
        var problems: [DocProblem] = []
        for (path, text) in catalog.tutorials {
            for step in codeSteps(in: text) {
                let excerpt = "@Code(name: \"\(step.name)\", file: \"\(step.file)\")"
                func problem(_ message: String) {
                    problems.append(DocProblem(file: path, line: step.line, excerpt: excerpt, message: message))
                }
                guard let (stage, file) = source(of: step.file) else {
                    problem("\(step.file) does not name a stage file as stageN-File.swift")
                    continue
                }
                if step.name != file {
                    problem("the step shows \(step.file) under the name \(step.name), not \(file)")
                }
                if let previous = step.previousFile {
                    if previous != "stage\(stage - 1)-\(file)" {
                        problem("its previousFile, \(previous), is not stage \(stage - 1)'s \(file)")
                    }
                }
            }
            let choices = text.components(separatedBy: "@Choice(").count - 1
            let justifications = text.components(separatedBy: "@Justification(").count - 1
            let questions = text.components(separatedBy: "@MultipleChoice").count - 1
            if !text.contains("@Assessments") || questions < 3 || choices != justifications {
                problems.append(
                    DocProblem(
                        file: path, line: 1, excerpt: "@Assessments",
                        message: "a tutorial ends with @Assessments of at least three questions, each answer with "
                            + "its @Justification: it has \(questions) questions, \(choices) answers and "
                            + "\(justifications) justifications"))
            }
        }
        let chapters = catalog.tableOfContents.text.components(separatedBy: "\n").filter {
            $0.contains("@TutorialReference(")
        }.compactMap { argument("tutorial", in: $0) }
        let steps = chapters.map { step(of: String($0.dropFirst("doc:".count)) + ".tutorial") }
        // A chapter for each stage that `Ladder.stages` gives a tutorial: every stage but the first.
        let wanted = Ladder.stages.filter { $0.tutorial != nil }.map(\.number)
        if steps != wanted.map(Optional.some) {
            problems.append(
                DocProblem(
                    file: catalog.tableOfContents.path, line: 1, excerpt: "@Tutorials",
                    message: "the chapters are one per step, in order, to stages \(Ladder.span(wanted)) as "
                        + "Workbench/Ladder/Ladder.swift lists them; they are \(chapters): add, remove or reorder "
                        + "this file's @TutorialReference lines (a new stage's tutorial is named in Ladder.swift)"))
        }
        return problems
    }
}

extension TutorialRules {
    /// What a tutorial's steps show, in order: each `@Code`'s name, file and previous file.
    static func shown(in text: String) -> [String] {
        codeSteps(in: text).map { "\($0.name) \($0.file) \($0.previousFile ?? "-")" }
    }

    /// A tutorial's shape apart from its words: its sections' step counts, and its questions'
    /// right and wrong answers, in order.
    static func shape(of text: String) -> (sections: [Int], answers: [Bool]) {
        let sections = text.components(separatedBy: "@Section(").dropFirst().map {
            $0.components(separatedBy: "@Step {").count - 1
        }
        let answers = text.components(separatedBy: "@Choice(isCorrect: ").dropFirst().map { $0.hasPrefix("true") }
        return (sections, answers)
    }

    /// How `edition` (the Korean catalog) departs from `english`: a tutorial one has and the other
    /// has not, a step that shows another file or shows it in another place, a section with another
    /// number of steps, a question whose right answer is elsewhere, or chapters in another order.
    static func editionProblems(english: TutorialCatalog, edition: TutorialCatalog) -> [DocProblem] {
        func name(_ path: String) -> String { (path as NSString).lastPathComponent }
        var problems: [DocProblem] = []
        let translated = Dictionary(
            edition.tutorials.map { (name($0.path), $0) }, uniquingKeysWith: { first, _ in first })
        for (path, text) in english.tutorials {
            guard let (editionPath, editionText) = translated[name(path)] else {
                problems.append(
                    DocProblem(
                        file: path, line: 1, excerpt: "@Tutorial",
                        message: "the edition beside it has no \(name(path))"))
                continue
            }
            let wanted = shown(in: text)
            let found = shown(in: editionText)
            if wanted != found {
                let index =
                    zip(wanted, found).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? min(wanted.count, found.count)
                let steps = codeSteps(in: editionText)
                problems.append(
                    DocProblem(
                        file: editionPath, line: index < steps.count ? steps[index].line : 1,
                        excerpt: index < found.count ? found[index] : "@Tutorial",
                        message: "its step \(index + 1) shows \(index < found.count ? found[index] : "nothing"), "
                            + "where \(path) shows \(index < wanted.count ? wanted[index] : "nothing"): the same "
                            + "files, in the same order"))
            }
            let (sections, answers) = shape(of: text)
            let (editionSections, editionAnswers) = shape(of: editionText)
            if sections != editionSections {
                problems.append(
                    DocProblem(
                        file: editionPath, line: 1, excerpt: "@Section",
                        message: "its sections hold \(editionSections) steps, \(path)'s hold \(sections)"))
            }
            if answers != editionAnswers {
                problems.append(
                    DocProblem(
                        file: editionPath, line: 1, excerpt: "@Choice",
                        message: "its answers are right and wrong as \(editionAnswers), \(path)'s as \(answers): "
                            + "the same questions, with the same right answer"))
            }
        }
        let names = Set(english.tutorials.map { name($0.path) })
        for (path, _) in edition.tutorials where !names.contains(name(path)) {
            problems.append(
                DocProblem(
                    file: path, line: 1, excerpt: "@Tutorial", message: "the English catalog has no \(name(path))"))
        }
        func chapters(_ text: String) -> [String] {
            text.components(separatedBy: "\n").compactMap {
                argument("tutorial", in: $0) ?? ($0.contains("@Image(") ? argument("source", in: $0) : nil)
            }
        }
        if chapters(english.tableOfContents.text) != chapters(edition.tableOfContents.text) {
            problems.append(
                DocProblem(
                    file: edition.tableOfContents.path, line: 1, excerpt: "@Tutorials",
                    message: "its chapters' images and tutorials are \(chapters(edition.tableOfContents.text)), "
                        + "\(english.tableOfContents.path)'s are \(chapters(english.tableOfContents.text))"))
        }
        return problems
    }
}

extension TutorialCatalog {
    /// Every edition's catalog and the stages as they are now: the English tutorial's first, then
    /// the Korean one's (`Ladder.tutorialModules`).
    static let all: Result<[TutorialCatalog], DocsSetupError> = Result { () throws(DocsSetupError) in
        var catalogs: [TutorialCatalog] = []
        for module in Ladder.tutorialModules {
            catalogs.append(try read(module: module))
        }
        return catalogs
    }

    /// The catalog of the tutorial module `module`, and the stages, as they are now.
    static func read(module: String) throws(DocsSetupError) -> TutorialCatalog {
        guard let root = PackageWorld.root else { throw DocsSetupError("Package.swift was not found") }
        let folder = folder(of: module)
        let fileManager = FileManager.default
        let catalog = root.appendingPathComponent(folder)
        let paths = (try? fileManager.subpathsOfDirectory(atPath: catalog.path)) ?? []
        func read(_ path: String) -> String? {
            try? String(contentsOf: catalog.appendingPathComponent(path), encoding: .utf8)
        }
        let tutorials = paths.filter { $0.hasPrefix("Tutorials/") && $0.hasSuffix(".tutorial") }.sorted().compactMap {
            path in read(path).map { ("\(folder)/\(path)", $0) }
        }
        let tableOfContents = "\(module).tutorial"
        guard !tutorials.isEmpty, let contents = read(tableOfContents) else {
            throw DocsSetupError("no tutorials, or no table of contents, in \(folder)")
        }
        let sources = root.appendingPathComponent("Sources")
        // Each stage's folder, by its number: Stage3Result is stage 3's.
        let folders = Dictionary(
            ((try? SourceMetrics.stageDirectories(in: sources)) ?? []).compactMap { url in
                Int(url.lastPathComponent.dropFirst("Stage".count).prefix { $0.isNumber }).map { ($0, url) }
            },
            uniquingKeysWith: { first, _ in first })
        return TutorialCatalog(
            tutorials: tutorials, tableOfContents: ("\(folder)/\(tableOfContents)", contents),
            stageFiles: { number in
                guard let folder = folders[number] else { return [] }
                return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
                    $0.hasSuffix(".swift")
                }
            },
            stageFile: { number, file in
                folders[number].flatMap { try? Data(contentsOf: $0.appendingPathComponent(file)) }
            })
    }
}
