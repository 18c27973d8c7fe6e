"""What each page of the docs site must show, read from the catalogs themselves.

The tutorials' index and each tutorial of both editions (its chapter, title, sections, steps, the
first and last lines of each file it shows, its first question), and each module's reference page
(its topics, and a link to each tutorial a stage's page names). Used by docs_render.py.
"""

import os
import re

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
# The tutorial is a module of its own, and its pages are /tutorials/networklayerworkbook/...; its
# Korean edition is another, /tutorials/networklayerworkbookkorean/... (Workbench/Ladder/Ladder.swift's
# `tutorialModules`). The broken pages are planted in the English one.
TUTORIAL = "NetworkLayerWorkbook"
EDITIONS = [TUTORIAL, "NetworkLayerWorkbookKorean"]


def catalog_of(module):
    return os.path.join(ROOT, "Sources", module, "Documentation.docc")


def tutorials_of(module):
    return "tutorials/%s/" % module.lower()


TUTORIALS = tutorials_of(TUTORIAL)


def edition_suffix(path):
    """What an edition's screenshots add to their names: nothing for the English, -ko for the Korean."""
    return "-ko" if path.startswith(tutorials_of(EDITIONS[1])) else ""


# The stages are the folders Sources/Stage<N>…, in the ladder's order (scripts/stages reads them so).
MODULES = EDITIONS + ["Models"] + sorted(
    (name for name in os.listdir(os.path.join(ROOT, "Sources")) if re.match(r"Stage\d", name)),
    key=lambda name: int(re.match(r"Stage(\d+)", name).group(1)),
)


def directive_argument(text, directive, name):
    match = re.search(r"@%s\((?:[^)]*?\b)?%s:\s*\"([^\"]*)\"" % (directive, name), text)
    return match.group(1) if match else None


def expected_pages():
    """Each page to render: its path on the site and what it must show."""
    pages = []
    for edition in EDITIONS:
        pages += tutorial_pages(edition)
    for module in MODULES:
        pages.append(module_page(module))
    return pages


def tutorial_pages(module):
    """An edition's index and its tutorials, each with the titles, steps and code it must show."""
    catalog = catalog_of(module)
    tutorials = tutorials_of(module)
    pages = []
    toc_path = os.path.join(catalog, module + ".tutorial")
    with open(toc_path, encoding="utf-8") as handle:
        toc = handle.read()
    chapters = re.findall(
        r"@Chapter\(name:\s*\"([^\"]*)\"\)\s*\{.*?@TutorialReference\(tutorial:\s*\"doc:([^\"]*)\"\)", toc, re.S
    )
    if len(chapters) != 5:
        raise SystemExit("docs_render: expected five chapters in %s, found %d" % (toc_path, len(chapters)))
    pages.append(
        {
            "path": tutorials,
            "kind": "the tutorials' index",
            "texts": [directive_argument(toc, "Intro", "title")] + [name for name, _ in chapters],
            "code": [],
        }
    )
    for chapter, name in chapters:
        with open(os.path.join(catalog, "Tutorials", name + ".tutorial"), encoding="utf-8") as handle:
            tutorial = handle.read()
        files = re.findall(r"@Code\([^)]*?\bfile:\s*\"([^\"]+)\"", tutorial)
        code = []
        for resource in dict.fromkeys(files):
            with open(os.path.join(catalog, "Resources", resource), encoding="utf-8") as handle:
                lines = [line for line in handle.read().splitlines() if line.strip()]
            # The file's first and last lines of code: the listing is there, whole.
            code.append((resource, lines[0], lines[-1]))
        questions = len(re.findall(r"@MultipleChoice", tutorial))
        pages.append(
            {
                "path": tutorials + "%s/" % name.lower(),
                "kind": "a tutorial",
                # DocC's own words ("Check Your Understanding") are the renderer's, in English in
                # both editions; the chapter, the titles and the questions are the catalog's.
                "texts": [
                    chapter,
                    directive_argument(tutorial, "Intro", "title"),
                    "Check Your Understanding",
                    "Question 1 of %d" % questions,
                ]
                + re.findall(r"@Section\(title:\s*\"([^\"]*)\"", tutorial)
                + [first_question(tutorial)],
                "code": code,
                "steps": len(re.findall(r"@Step\b", tutorial)),
                "questions": questions,
            }
        )
    return pages


def first_question(tutorial):
    """The first question's first line, as the page shows it before any answer is chosen."""
    match = re.search(r"@MultipleChoice\s*\{\s*\n\s*([^\n]+)", tutorial)
    # Code spans show without their backticks.
    return match.group(1).strip().replace("`", "") if match else None


def module_page(module):
    """A module's reference page, which names its topics, and links each tutorial it names."""
    landing = os.path.join(ROOT, "Sources", module, "Documentation.docc", module + ".md")
    with open(landing, encoding="utf-8") as handle:
        text = handle.read()
    topics = re.findall(r"^- ``([A-Za-z]+)``", text, re.M)
    return {
        "path": "documentation/%s/" % module.lower(),
        "kind": "a reference",
        "texts": [module] + topics,
        "code": [],
        "links": [(title, path) for title, path in tutorial_titles() if "*%s*" % title in text],
    }


def tutorial_titles():
    """Each English tutorial's title and its path on the site. A stage's page names a tutorial as
    *Title*, words in Xcode, and scripts/docs-site makes it a link in the site's copy."""
    folder = os.path.join(catalog_of(TUTORIAL), "Tutorials")
    titles = []
    for name in sorted(os.listdir(folder)):
        if name.endswith(".tutorial"):
            with open(os.path.join(folder, name), encoding="utf-8") as handle:
                title = directive_argument(handle.read(), "Intro", "title")
            titles.append((title, "/" + TUTORIALS + name[: -len(".tutorial")]))
    return titles
