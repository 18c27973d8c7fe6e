// The workbook's DocC tutorial in Korean, as a module of its own: DocC has no localisation, so the
// Korean edition is a second catalog, Documentation.docc beside this file, with the English one's
// chapters and steps. The module has no code; Swift wants a source file in every target, and this
// is it. Each file a step shows is a link (Documentation.docc/Resources/stageN-File.swift) to the
// stage's own file, as in the English catalog, which `swift test` and `scripts/docs-site --check`
// check.
