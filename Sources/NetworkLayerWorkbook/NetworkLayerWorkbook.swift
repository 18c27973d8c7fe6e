// The workbook's DocC tutorial, as a module of its own: one chapter per step of the ladder, from
// stage 1 to stage 6, in Documentation.docc beside this file. The module has no code; Swift wants a
// source file in every target, and this is it. No stage depends on it and it depends on none: each
// file a tutorial shows is a link (Documentation.docc/Resources/stageN-File.swift) to the stage's
// own file, which `swift test` and `scripts/docs-site --check` check.
