#!/usr/bin/env python3
"""The embed's answer, prerendered at build time (post_build.py calls `capture`).

A reader of an article sees the embed's answer before touching it, and most never touch it. So
embed.html carries the compact view as the embed's own module drew it for the default scenario
(the worked example) in English and in German, and loads the module only when the reader
touches the embed (embed_loader.template.js), or at once when the host page gives a scenario,
presets, an offer link or anything else the default view does not show.

The view is not written twice: this script serves the build (the staging folder trunk hands
the hook), opens embed.html with its module in headless Chromium through chromedriver (both
installed by scripts/setup.sh), and copies the `<main>` the module drew, with each field's value
written into its `value` attribute (the module sets the property, which HTML does not show).
The cumulative chart depends on the frame's width (charts.rs `Fit`: the phone frame in a
narrow column, the middle one in an article's, which the embed keeps in wider ones too), so its
SVG is copied in both frames.

Standard library only: the WebDriver protocol is plain JSON over HTTP.
"""
from __future__ import annotations

import functools
import http.server
import json
import os
import re
import shutil
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request

LANGS = ("en", "de")
# Two windows. 700 px: the view, its chart in the middle frame (app.rs `chart_fit`: a stacked
# embed's column is 670 px; the embed keeps that frame in wider columns) in a phone's layout
# (`is_phone`: up to 900 px), whose answer at the top of the embed the style sheet shows up to
# 720 px and hides beyond. 390 px: the chart's phone frame.
MAIN = (700, 900)
NARROW = (390, 900)
TIMEOUT_S = 60.0

# Run in the page once the module drew the default's answer: the `<main>` with each field's
# value as its attribute, the title and the language the module set.
CAPTURE_JS = """
const main = document.querySelector('main.embed');
const hours = document.querySelector('[data-testid=result-productive-hours]');
const svg = document.querySelector('[data-testid=chart-cumulative] .chart svg');
if (!main || !hours || !hours.textContent.trim() || !svg) return null;
for (const i of main.querySelectorAll('input')) {
  if (i.type === 'checkbox' || i.type === 'radio') {
    i.toggleAttribute('checked', i.checked);
  } else {
    i.setAttribute('value', i.value);
  }
}
return {
  main: main.outerHTML,
  chart: svg.parentElement.innerHTML,
  width: svg.getAttribute('width'),
  title: document.title,
  lang: document.documentElement.lang,
};
"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    """Serves the staging folder; no log lines in the build's output."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm"}

    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        pass


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Driver:
    """A chromedriver session (headless Chromium)."""

    def __init__(self, base: str):
        self.base = base
        caps = {
            "capabilities": {
                "alwaysMatch": {
                    "goog:chromeOptions": {
                        "binary": shutil.which("chromium") or "/usr/bin/chromium",
                        "args": [
                            "--headless=new",
                            "--no-sandbox",
                            "--disable-gpu",
                            "--disable-dev-shm-usage",
                            f"--window-size={MAIN[0]},{MAIN[1]}",
                        ],
                    }
                }
            }
        }
        self.session = self.call("POST", "/session", caps)["sessionId"]

    def call(self, method: str, path: str, body: dict | None = None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(
            self.base + path, method=method, data=data, headers={"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(req, timeout=TIMEOUT_S) as r:
                return json.loads(r.read())["value"]
        except urllib.error.HTTPError as e:
            raise SystemExit(f"prerender: WebDriver {method} {path}: {e.read()[:500]!r}") from e

    def s(self, method: str, path: str, body: dict | None = None):
        return self.call(method, f"/session/{self.session}{path}", body)

    def run(self, script: str):
        return self.s("POST", "/execute/sync", {"script": script, "args": []})

    def size(self, width: int, height: int) -> None:
        self.s("POST", "/window/rect", {"width": width, "height": height})

    def quit(self) -> None:
        try:
            self.s("DELETE", "")
        except SystemExit:
            pass


def settled(driver: Driver, want_width: str, what: str) -> dict:
    """The capture once the module drew the chart in the frame `want_width` wide and two reads
    a quarter of a second apart agree (no effect still running)."""
    deadline = time.monotonic() + TIMEOUT_S
    last = None
    while time.monotonic() < deadline:
        got = driver.run(CAPTURE_JS)
        if got is not None and got["width"] == want_width:
            if got == last:
                return got
            last = got
        time.sleep(0.25)
    raise SystemExit(f"prerender: {what}: the embed did not settle within {TIMEOUT_S:.0f} s (last {last and last['width']})")


def wait_ready(url: str) -> None:
    deadline = time.monotonic() + TIMEOUT_S
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url + "/status", timeout=2) as r:
                if json.loads(r.read())["value"].get("ready"):
                    return
        except (OSError, ValueError):
            pass
        time.sleep(0.1)
    raise SystemExit(f"prerender: chromedriver at {url} did not start")


def strip(html: str) -> str:
    """Leptos' empty placeholder comments (`<!---->`) mark where its views go; a copy that is
    never updated needs none of them."""
    return html.replace("<!---->", "")


def capture(staging: str) -> dict[str, dict[str, str]]:
    """For each language: `main` (the compact view, its chart in the middle frame), `narrow`
    (the chart's SVG in the phone frame), `middle` (in the middle one), `title`, `lang`."""
    if shutil.which("chromedriver") is None:
        raise SystemExit("prerender: chromedriver is missing (make setup installs it)")
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Quiet, directory=staging)
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    port = free_port()
    driver_proc = subprocess.Popen(
        ["chromedriver", f"--port={port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    out: dict[str, dict[str, str]] = {}
    try:
        base = f"http://127.0.0.1:{port}"
        wait_ready(base)
        driver = Driver(base)
        try:
            for lang in LANGS:
                driver.size(*MAIN)
                driver.s("POST", "/url", {"url": f"{origin}/embed.html?view=embed&lang={lang}"})
                main = settled(driver, "600", f"{lang}, {MAIN[0]} px")
                driver.size(*NARROW)
                narrow = settled(driver, "360", f"{lang}, {NARROW[0]} px")
                out[lang] = {
                    "main": strip(main["main"]),
                    "middle": strip(main["chart"]),
                    "narrow": strip(narrow["chart"]),
                    "title": main["title"],
                    "lang": main["lang"],
                }
        finally:
            driver.quit()
    finally:
        driver_proc.terminate()
        try:
            driver_proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            driver_proc.kill()
        server.shutdown()
    for lang, page in out.items():
        if page["lang"] != lang:
            raise SystemExit(f"prerender: embed.html?lang={lang} set lang={page['lang']!r}")
        if page["middle"] not in page["main"]:
            raise SystemExit(f"prerender: {lang}: the chart's middle frame is not in its <main>")
        if not re.match(r'<main class="embed"[ >]', page["main"]):
            raise SystemExit(f"prerender: {lang}: the view is not a <main class=\"embed\">")
    return out


if __name__ == "__main__":
    import sys

    pages = capture(sys.argv[1] if len(sys.argv) > 1 else "dist")
    for lang, page in pages.items():
        print(lang, {k: len(v) for k, v in page.items()})
