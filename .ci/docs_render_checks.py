"""One page of the docs site rendered, and held to what it must show: its problems, each in words.

A page fails when it is blank or DocC's "can't be found", lacks a text it must show, a listing's
code, its steps or its highlighted lines, a link a stage's page owes a tutorial, or when its
console shows an error. Keeps screenshots of each edition's index and of one step. Used by
docs_render.py.
"""

import os
import re
import time

from docs_render_browser import console_errors
from docs_render_pages import EDITIONS, edition_suffix, tutorials_of

PAGE_TIMEOUT = 20.0


# DocC's prose shows straight quotes as typographic ones: "cat" as “cat”, stage 3's as stage 3’s.
QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


def squash(text):
    """Whitespace collapsed, so that code split into highlighted spans compares with its source, and
    quotes made straight, so that prose compares with the catalog's."""
    return re.sub(r"\s+", "", text).translate(QUOTES)


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
