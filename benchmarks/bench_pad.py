"""The score pad app in headless Chromium: ready cold and warm, and an entry redrawn.

Run: python benchmarks/bench_pad.py [--site DIR] [--repeat N] [--json]

Needs what tests/test_pad_app.py needs: Debian's Chromium, Playwright for Python and a site
built with Pyodide in it (`python tools/tryit_assets.py`, then `mkdocs build`; without
`--site` the script builds one). It serves the site on 127.0.0.1 and measures, from the
page's own `data-ready-ms` and `data-entry-ms`:

- ready, cold: a new browser profile (nothing cached) opens `app/pad/` until the library has
  answered and the pad is drawn; the best and the median of N;
- ready, warm: the pad opened again in that profile once its service worker holds every file
  (the second visit of a phone at the table);
- an entry: from the tap on "Record the bids" or "Record the tricks" to the pad drawn anew
  (the round, the standings, the chart, the statistics and the rounds), over a whole 6-player
  game of 10 rounds.

Machines are noisy: compare figures within one run.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from _report import report

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("WIZARDRULES_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
READY = "#app[data-ready=true]"


class _Files(http.server.SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012 - the handler's own table, extended
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".whl": "application/zip",
        ".webmanifest": "application/manifest+json",
    }

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet."""


def _site(given: str | None) -> Path:
    if given:
        return Path(given)
    folder = Path(tempfile.mkdtemp(prefix="pad-site-"))
    subprocess.run(  # noqa: S603 - mkdocs on this checkout
        [sys.executable, "-m", "mkdocs", "build", "--quiet", "--site-dir", str(folder)],
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "WIZARDRULES_PYODIDE": "local"},
        check=True,
    )
    return folder


def _ready(page: Any, url: str) -> float:
    """Open `url`: seconds from the start of the page to the library's first answer and the pad drawn."""
    page.goto(url)
    page.wait_for_selector(READY, timeout=180_000)
    return int(page.get_attribute("#app", "data-ready-ms") or 0) / 1000


def _game(page: Any) -> list[int]:
    """A whole 6-player game entered as a person taps it; the milliseconds of each recorded entry."""
    page.click("button[data-tab=new]")
    page.click("button[name=count-6]")
    page.click("button[name=start]")
    timings = []
    while page.locator(".pad-over").count() == 0:
        for seat in page.eval_on_selector_all(".pad-entry", "els => els.map(e => e.dataset.seat)"):
            page.click(f".pad-number[data-kind=bid][data-seat='{seat}']:not([aria-disabled=true])")
        page.click("button[name=record-bids]")
        timings.append(int(page.get_attribute("#app", "data-entry-ms") or 0))
        cards = page.locator(".pad-number[data-kind=trick][data-seat='0']").count() - 1
        for seat in range(6):
            page.click(f".pad-number[data-kind=trick][data-seat='{seat}'][data-value='{cards if seat == 0 else 0}']")
        page.click("button[name=record-tricks]")
        timings.append(int(page.get_attribute("#app", "data-entry-ms") or 0))
    return timings


def main() -> None:
    """Measure and report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", help="a site built already (default: build one now)")
    parser.add_argument("--repeat", type=int, default=3, help="cold and warm loads each")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    options = parser.parse_args()
    site = _site(options.site)
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Files, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}/"
    url = base + "app/pad/"
    cold: list[float] = []
    warm: list[float] = []
    entries: list[int] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for run in range(options.repeat):
            context = browser.new_context(viewport={"width": 375, "height": 800})
            context.route(lambda address: not address.startswith(base), lambda route: route.abort())
            page = context.new_page()
            cold.append(_ready(page, url))
            page.wait_for_selector("#app[data-offline=true]", timeout=180_000)
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=180_000)
            page.close()
            page = context.new_page()
            warm.append(_ready(page, url))
            if run == 0:
                entries = _game(page)
            context.close()
        browser.close()
    httpd.shutdown()
    httpd.server_close()
    report(
        {
            "ready, cold: best (s)": f"{min(cold):.1f}",
            "ready, cold: median (s)": f"{statistics.median(cold):.1f}",
            "ready, warm (service worker): best (s)": f"{min(warm):.1f}",
            "ready, warm (service worker): median (s)": f"{statistics.median(warm):.1f}",
            "entries timed": str(len(entries)),
            "an entry, the pad drawn anew: median (ms)": f"{statistics.median(entries):.0f}",
            "an entry, the pad drawn anew: max (ms)": f"{max(entries):.0f}",
        },
        as_json=options.json,
        value_width=8,
    )


if __name__ == "__main__":
    main()
