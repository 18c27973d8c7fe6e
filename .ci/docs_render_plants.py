"""Broken pages planted in a built site, to prove that docs_render.py catches each for its reason.

Each is a copy of stage 3's tutorial broken one way (a console error, a blank page, no code, no
title); PLANTS gives what is broken and a word each problem it causes must contain.
"""

import json
import os
import subprocess

from docs_render_pages import TUTORIALS


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
