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
import os
import sys
import time

# The pieces are modules beside this file, which Python puts first on sys.path: what each page
# must show (docs_render_pages), the browser (docs_render_browser), one page held to what it must
# show (docs_render_checks), and the broken pages that prove it (docs_render_plants). Importing
# them writes no __pycache__ into .ci/.
sys.dont_write_bytecode = True

from docs_render_browser import Browser
from docs_render_checks import render
from docs_render_pages import TUTORIALS, expected_pages
from docs_render_plants import PLANTS, plant, unplant


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
