"""Headless Chromium, driven over its DevTools protocol on a pipe: no package beyond the browser.

Opens a page, evaluates JavaScript in it, takes screenshots, and keeps what Chromium reports (the
console, uncaught exceptions, failed loads) as events. Used by docs_render.py.
"""

import base64
import fcntl
import json
import os
import subprocess
import tempfile
import time


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
