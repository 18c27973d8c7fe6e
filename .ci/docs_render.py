#!/usr/bin/env python3
"""The docs site, as a person's browser shows it.

Renders every tutorial page, in English and in Korean, and each module's reference page of the
site `scripts/docs-site` built, in headless Chromium driven over its DevTools protocol (on a pipe: no package beyond the
browser), and fails on a page that is blank or DocC's "can't be found", that lacks its title, its
chapter's name or its steps' code, a stage's page that does not link each tutorial it names, or a
page whose console shows an error (a console.error, an uncaught exception, or a resource that
failed to load). What each page must show is read from the catalogs
themselves. Keeps screenshots of each edition's index and of one step in it.

usage: docs_render.py SITE_URL CHROMIUM SCREENSHOT_DIR [--planted-in SITE_DIR]

With --planted-in, it plants broken copies of a tutorial page in the site instead (a console error, a
blank page, no code, no title), and passes only if each is caught for its reason.
"""

import argparse
import base64
import fcntl
import json
import os
import re
import subprocess
import sys
import tempfile
import time

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
PAGE_TIMEOUT = 20.0


# DocC's prose shows straight quotes as typographic ones: "cat" as “cat”, stage 3's as stage 3’s.
QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


def squash(text):
    """Whitespace collapsed, so that code split into highlighted spans compares with its source, and
    quotes made straight, so that prose compares with the catalog's."""
    return re.sub(r"\s+", "", text).translate(QUOTES)


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


class Browser:
    """Chromium over --remote-debugging-pipe: JSON messages, each ended by a NUL byte."""

    def __init__(self, chromium):
        to_child_read, to_child_write = os.pipe()
        from_child_read, from_child_write = os.pipe()
        # Out of the way of 3 and 4, which the child must get.
        child_read = fcntl.fcntl(to_child_read, fcntl.F_DUPFD, 10)
        child_write = fcntl.fcntl(from_child_write, fcntl.F_DUPFD, 10)
        os.close(to_child_read)
        os.close(from_child_write)

        def wire():
            os.dup2(child_read, 3)
            os.dup2(child_write, 4)

        self.profile = tempfile.mkdtemp(prefix="docs-render-")
        self.process = subprocess.Popen(
            [
                chromium,
                "--headless",
                "--remote-debugging-pipe",
                "--no-sandbox",
                # On a Mac a fresh profile may ask the keychain, and wait for a person; Linux ignores it.
                "--use-mock-keychain",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--hide-scrollbars",
                "--no-first-run",
                "--no-default-browser-check",
                "--user-data-dir=" + self.profile,
                "about:blank",
            ],
            # The child keeps 3 and 4, which `wire` points at the pipes (fds are closed after it runs).
            pass_fds=(3, 4, child_read, child_write),
            preexec_fn=wire,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(child_read)
        os.close(child_write)
        self.writer = os.fdopen(to_child_write, "wb", buffering=0)
        self.reader = os.fdopen(from_child_read, "rb", buffering=0)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.session = None

    def _read_message(self, deadline):
        while b"\0" not in self.buffer:
            if time.time() > deadline:
                raise TimeoutError("Chromium did not answer in time")
            chunk = self.reader.read(65536)
            if not chunk:
                raise RuntimeError("Chromium closed its pipe (did it start?)")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, params=None, session=True, timeout=30.0):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        self.writer.write(json.dumps(message).encode() + b"\0")
        deadline = time.time() + timeout
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError("%s: %s" % (method, reply["error"]))
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def open_page(self):
        target = self.call("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)[
            "sessionId"
        ]
        for domain in ("Page.enable", "Runtime.enable", "Log.enable"):
            self.call(domain)
        self.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False},
        )

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            raise RuntimeError(
                "evaluating %r: %s" % (expression[:60], details.get("exception", {}).get("description", details))
            )
        return result["result"].get("value")

    def pump(self, seconds):
        """Reads what Chromium reports for a while, without asking anything."""
        self.evaluate("new Promise(resolve => setTimeout(resolve, %d))" % int(seconds * 1000))

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as handle:
            handle.write(base64.b64decode(data))

    def close(self):
        try:
            self.call("Browser.close", session=False, timeout=5)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        subprocess.run(["rm", "-rf", self.profile], check=False)


def console_errors(events):
    """The errors a person with the console open would see."""
    found = []
    for event in events:
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            words = " ".join(str(arg.get("value", arg.get("description", ""))) for arg in params.get("args", []))
            found.append("console.%s: %s" % (params.get("type"), words))
        elif method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            found.append(
                "uncaught: %s" % (details.get("exception", {}).get("description") or details.get("text", "")).strip()
            )
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            entry = params["entry"]
            found.append("%s: %s %s" % (entry.get("source"), entry.get("text"), entry.get("url", "")))
    return found


def render(browser, site, page, shots):
    """The problems of one page; an empty list when it shows what it must."""
    url = site.rstrip("/") + "/" + page["path"]
    browser.events = []
    browser.call("Page.navigate", {"url": url})
    deadline = time.time() + PAGE_TIMEOUT
    wanted = [text for text in page["texts"] if text]
    # DocC renders in the browser: wait until the app has drawn the page's title, or has drawn
    # something else and stopped changing, or has had time enough to draw anything at all.
    started, last, steady_since = time.time(), None, time.time()
    while True:
        state = browser.evaluate(
            "(() => { const app = document.getElementById('app');"
            " return {ready: document.readyState, app: !!app, text: app ? app.innerText : '',"
            " notFound: /can.t be found/.test(document.body ? document.body.innerText : '')}; })()"
        )
        now = time.time()
        if state["text"] != last:
            last, steady_since = state["text"], now
        complete = state["ready"] == "complete"
        if state["notFound"] or (complete and wanted[0] in state["text"]):
            break
        if complete and len(state["text"].strip()) > 200 and now - steady_since > 1.5:
            break
        if complete and not state["text"].strip() and now - started > 5:
            break
        if now > deadline:
            break
        time.sleep(0.2)
    browser.pump(0.5)  # errors logged just after the first paint
    problems = []
    text = browser.evaluate("document.getElementById('app') ? document.getElementById('app').innerText : ''") or ""
    if state["notFound"]:
        problems.append("DocC shows \"The page you're looking for can't be found.\"")
    elif len(text.strip()) < 200:
        problems.append("the page is blank (%d characters of text)" % len(text.strip()))
    squashed = squash(text)
    for expected in wanted:
        if squash(expected) not in squashed:
            problems.append("missing text: %r" % expected)
    if page["code"]:
        listings = squash(
            browser.evaluate("Array.from(document.querySelectorAll('pre')).map(e => e.textContent).join('\\n')") or ""
        )
        for resource, first, last in page["code"]:
            if squash(first) not in listings or squash(last) not in listings:
                problems.append("the code of %s is not shown" % resource)
        steps = browser.evaluate("document.querySelectorAll('.step-label').length")
        if steps != page["steps"]:
            problems.append("%s of %d steps shown" % (steps, page["steps"]))
        highlighted = browser.evaluate("document.querySelectorAll('.code-line-container.highlighted').length")
        if not highlighted:
            problems.append("no changed line is highlighted")
    if page.get("links"):
        anchors = browser.evaluate(
            "Array.from(document.querySelectorAll('#app a')).map(a => [a.innerText, a.getAttribute('href') || ''])"
        ) or []
        for title, path in page["links"]:
            if not any(squash(label) == squash(title) and href.rstrip("/").endswith(path) for label, href in anchors):
                problems.append("no link %r to %s" % (title, path))
    problems += console_errors(browser.events)
    if shots and page["path"] in [tutorials_of(edition) for edition in EDITIONS]:
        # The whole index, every chapter in it.
        height = min(int(browser.evaluate("document.documentElement.scrollHeight") or 900), 4000)
        browser.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": 1280, "height": height, "deviceScaleFactor": 1, "mobile": False},
        )
        browser.pump(1.0)
        browser.screenshot(os.path.join(shots, "tutorials-index%s.png" % edition_suffix(page["path"])))
        browser.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False},
        )
    if shots and page["path"].endswith("/stage-3-result/") and not problems:
        # The step that turns stage 2's PhotoManager.swift into stage 3's, with its changes marked.
        # DocC focuses the step a reader scrolls to, and shows its code beside it.
        browser.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": 1600, "height": 1000, "deviceScaleFactor": 1, "mobile": False},
        )
        for offset in (400, 200):
            browser.evaluate(
                "(() => { const step = document.querySelectorAll('.step')[2];"
                " window.scrollTo(0, step.getBoundingClientRect().top + window.scrollY - %d); })()" % offset
            )
            browser.pump(1.0)
        if not browser.evaluate("document.querySelectorAll('.step')[2].classList.contains('focused')"):
            problems.append("scrolled to its third step, the page did not focus it")
        browser.screenshot(os.path.join(shots, "tutorial-step%s.png" % edition_suffix(page["path"])))
        browser.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False},
        )
    return problems


PLANTS = {
    # name: (what is broken, a word every problem it must cause contains)
    "planted-console-error": ("a console.error in the page", "console.error"),
    "planted-blank": ("a page with no app in it", "blank"),
    "planted-no-code": ("a tutorial whose code listings are empty", "code of"),
    "planted-no-title": ("a tutorial whose chapter and title are gone", "missing text"),
}


def plant(site_dir):
    """Broken copies of stage 3's tutorial in the built site, one per way a page can be broken."""
    tutorials = os.path.join(site_dir, TUTORIALS)
    data = os.path.join(site_dir, "data", TUTORIALS)
    with open(os.path.join(tutorials, "stage-3-result", "index.html"), encoding="utf-8") as handle:
        html = handle.read()
    with open(os.path.join(data, "stage-3-result.json"), encoding="utf-8") as handle:
        model = json.load(handle)
    for name in PLANTS:
        page, document = html, json.loads(json.dumps(model))
        if name == "planted-console-error":
            page = page.replace("</head>", '<script>console.error("planted: a broken page")</script></head>', 1)
        elif name == "planted-blank":
            page = "<!DOCTYPE html><html><head><title>planted</title></head><body></body></html>"
        elif name == "planted-no-code":
            for reference in document["references"].values():
                if reference.get("type") == "file":
                    reference["content"] = []
        elif name == "planted-no-title":
            document["metadata"]["title"] = "Planted"
            document["metadata"]["category"] = "Planted"
            for section in document["sections"]:
                if section.get("kind") == "hero":
                    section["title"] = "Planted"
                    section["chapter"] = "Planted"
        os.makedirs(os.path.join(tutorials, name), exist_ok=True)
        with open(os.path.join(tutorials, name, "index.html"), "w", encoding="utf-8") as handle:
            handle.write(page)
        with open(os.path.join(data, name + ".json"), "w", encoding="utf-8") as handle:
            json.dump(document, handle)


def unplant(site_dir):
    for name in PLANTS:
        subprocess.run(["rm", "-rf", os.path.join(site_dir, TUTORIALS, name)], check=False)
        subprocess.run(["rm", "-f", os.path.join(site_dir, "data", TUTORIALS, name + ".json")], check=False)


def main(argv):
    parser = argparse.ArgumentParser(description="Renders the docs site in headless Chromium.")
    parser.add_argument("site", help="the site's URL, e.g. http://127.0.0.1:8000/")
    parser.add_argument("chromium", help="the browser to run")
    parser.add_argument("screenshots", help="where to keep the screenshots")
    parser.add_argument(
        "--planted-in", metavar="SITE_DIR",
        help="plant broken pages in the site's folder, render them, and pass only if each fails for its reason")
    options = parser.parse_args(argv)
    stage3 = next(page for page in expected_pages() if page["path"] == TUTORIALS + "stage-3-result/")
    if options.planted_in:
        plant(options.planted_in)
        pages = [dict(stage3, path=TUTORIALS + "%s/" % name, kind=why) for name, (why, _) in PLANTS.items()]
        shots = None
    else:
        pages = expected_pages()
        shots = options.screenshots
        os.makedirs(shots, exist_ok=True)
    browser = Browser(options.chromium)
    failed, missed = 0, []
    try:
        browser.open_page()
        for page in pages:
            started = time.time()
            problems = render(browser, options.site, page, shots)
            status = "FAIL" if problems else "ok"
            print("  %-4s %-46s %s, %.1f s" % (status, page["path"], page["kind"], time.time() - started))
            for problem in problems[:4]:
                print("         " + problem)
            if len(problems) > 4:
                print("         and %d more" % (len(problems) - 4))
            failed += bool(problems)
            if options.planted_in:
                word = PLANTS[page["path"].split("/")[-2]][1]
                if not any(word in problem for problem in problems):
                    missed.append(page["path"])
    finally:
        browser.close()
        if options.planted_in:
            unplant(options.planted_in)
    if options.planted_in:
        print("docs render: %d of %d planted broken pages caught, each for its reason" % (len(pages) - len(missed), len(pages)))
        for path in missed:
            print("  not caught as planted: " + path)
        return 1 if missed else 0
    print("docs render: %d pages rendered as they must, %d not" % (len(pages) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
