"""The Try-it pages in headless Chromium: page ready cold and warm, a move at the table, the download.

Run: python benchmarks/bench_browser.py [--site DIR] [--repeat N] [--moves N] [--json]

Needs what tests/test_tryit_browser.py needs: Debian's Chromium, Playwright for Python and a
site built with Pyodide in it (`python tools/tryit_assets.py`, then `mkdocs build`; without
`--site` the script builds one). It serves the site on 127.0.0.1 and measures

- page ready, cold: a new browser profile (empty cache) opens the table page, until Python,
  the wheels and the glue are loaded and the tool is drawn; the best and the median of N;
- page ready, warm: the same page opened again in that profile (files from the cache);
- a move at the table: the visitor's move and the three RuleBots' replies, timed in the page
  around the call into Python, over the first `--moves` moves of 15-round games;
- the download: the bytes the table page fetches from the site (as served, and gzipped).

Machines are noisy: compare figures within one run.
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from playwright.sync_api import sync_playwright

from _report import report
from _site import ARGS, CHROMIUM, built_site, served

ROOT = Path(__file__).resolve().parent.parent
READY = "[...document.querySelectorAll('.tryit')].every(e => e.dataset.ready === 'true')"


def _open(context: Any, url: str) -> tuple[Any, float, float]:
    """Open `url` in `context`: the page, seconds until ready, and the page's own count of Python's start."""
    page = context.new_page()
    started = time.perf_counter()
    page.goto(url)
    page.wait_for_function(READY, timeout=180_000)
    ready = time.perf_counter() - started
    return page, ready, float(page.evaluate("window.wizardrulesTryIt.seconds"))


def _play(page: Any, moves: int) -> list[float]:
    page.locator("select[name=preset]").select_option("rulebook")
    page.locator("input[name=rounds]").fill("15")
    page.locator("input[name=seed]").fill("1")
    page.locator(".tryit-table-setup button[type=submit]").click()
    for _ in range(moves):
        button = page.locator(".tryit-moves button[data-action]").first
        if page.locator(".tryit-moves button[data-action]").count() == 0:
            break
        button.click()
    return [float(ms) for ms in page.evaluate("window.wizardrulesTryIt.moves")]


def main() -> None:
    """Measure and report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", help="a site built already (default: build one now)")
    parser.add_argument("--repeat", type=int, default=3, help="cold and warm loads each")
    parser.add_argument("--moves", type=int, default=60, help="moves at the table")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    options = parser.parse_args()
    site = built_site(options.site)
    cold, warm, python_cold, python_warm = [], [], [], []
    fetched: set[str] = set()
    moves: list[float] = []
    with served(site) as base, sync_playwright() as playwright:
        url = base + "try-it/table/"
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for run in range(options.repeat):
            context = browser.new_context()
            context.route(lambda address: not address.startswith(base), lambda route: route.abort())
            if run == 0:
                context.on("request", lambda request: fetched.add(request.url))
            page, seconds, python = _open(context, url)
            cold.append(seconds)
            python_cold.append(python)
            page.close()
            page, seconds, python = _open(context, url)
            warm.append(seconds)
            python_warm.append(python)
            if run == 0:
                moves = _play(page, options.moves)
            context.close()
        browser.close()
    files = [site / urlparse(address).path.lstrip("/") for address in fetched if address.startswith(base)]
    files = [f / "index.html" if f.is_dir() else f for f in files]
    size = sum(f.stat().st_size for f in files if f.is_file())
    zipped = sum(len(gzip.compress(f.read_bytes(), 6)) for f in files if f.is_file())
    report(
        {
            "page ready, cold: best (s)": f"{min(cold):.1f}",
            "page ready, cold: median (s)": f"{statistics.median(cold):.1f}",
            "  of which Python, wheels and glue (s)": f"{statistics.median(python_cold):.1f}",
            "page ready, warm: best (s)": f"{min(warm):.1f}",
            "page ready, warm: median (s)": f"{statistics.median(warm):.1f}",
            "  of which Python, wheels and glue, warm (s)": f"{statistics.median(python_warm):.1f}",
            "table moves timed": str(len(moves)),
            "table move with the bots' replies: median (ms)": f"{statistics.median(moves):.0f}",
            "table move with the bots' replies: max (ms)": f"{max(moves):.0f}",
            "download of the page (MB)": f"{size / 1e6:.1f}",
            "download of the page, gzipped (MB)": f"{zipped / 1e6:.1f}",
        },
        as_json=options.json,
        value_width=8,
    )


if __name__ == "__main__":
    main()
