"""The apps in headless Chromium: ready cold (an empty profile) and warm (the next visit, from the service worker).

Run: python benchmarks/bench_apps.py [--site DIR] [--app rules] [--repeat N] [--linger S] [--json]

Needs what tests/test_rules_app.py's browser test needs: Debian's Chromium, Playwright for
Python and a site built with Pyodide in it (`python tools/tryit_assets.py`, then `mkdocs
build`; without `--site` the script builds one). It serves the site on 127.0.0.1, fails if
the app asks any other host, and for each of N new browser profiles (a new folder: empty cache, no
service worker, as on a phone that never saw the app)

- opens `app/NAME/` and waits for `data-ready="true"`: cold;
- waits until the service worker holds everything (`data-offline="true"`) and the shell has
  kept the compiled bytecode (`data-bytecode`), stays `--linger` seconds on the page (a person
  reading it; meanwhile the browser keeps the code it compiled), closes the browser, starts it
  again on the same profile and opens the app: warm, as when the app is opened again another
  day; and the same once more: warm, the third visit (Chromium keeps a script's compiled code
  once it has seen it twice).

Each time it reads the app's own figures: `data-ready-ms` (from the start of navigation to
ready) and the shell's performance marks, which split that time into Pyodide's runtime (the
page, its scripts and Pyodide's JavaScript and WebAssembly, `app-runtime`), Python's own
start inside it (`app-pyodide`), the wheels (`app-wheels`), the imports and the library's
first answer (`app-import`) and the app drawing its first screen (`app-start`). It reports medians (and the
best) of the N runs.

Machines are noisy, and the 2-core machine this runs on is shared: compare figures within one
run, and quote medians.
"""

from __future__ import annotations

import argparse
import contextlib
import shutil
import statistics
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

from _report import report
from _site import ARGS, CHROMIUM, built_site, served

ROOT = Path(__file__).resolve().parent.parent
READY = "document.getElementById('app').dataset.ready !== 'false'"
OFFLINE = "document.getElementById('app').dataset.offline === 'true'"
KEPT = (
    "['saved', 'used', 'off'].includes(document.getElementById('app').dataset.bytecode)"
    " && ['saved', 'used', 'off', 'bare'].includes(document.getElementById('app').dataset.snapshot)"
)
MARKS = "() => Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]))"
PHASES = ("app-runtime", "app-pyodide", "app-wheels", "app-import", "app-start")


def _visit(context: Any, url: str) -> tuple[Any, dict[str, float]]:
    """Open `url`: the page, and its figures in ms (ready, and the time each phase took)."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_function(READY, timeout=180_000)
    state = page.evaluate("document.getElementById('app').dataset.ready")
    if state != "true":
        text = page.locator("[data-shell=status]").text_content()
        raise SystemExit(f"{url} did not start: {text}")
    marks = page.evaluate(MARKS)
    figures = {"ready": float(page.evaluate("Number(document.getElementById('app').dataset.readyMs)"))}
    before = 0.0
    for name in PHASES:
        if name in marks:  # an older shell has fewer marks
            figures[name] = marks[name] - before
            before = marks[name]
    return page, figures


def _median(runs: list[dict[str, float]], key: str) -> str:
    values = [run[key] for run in runs if key in run]
    return f"{statistics.median(values) / 1000:.2f}" if values else "-"


def main() -> None:
    """Measure and report."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--site", help="a site built already (default: build one now)")
    parser.add_argument("--app", default="rules", help="the app's folder under app/ (default: rules)")
    parser.add_argument("--repeat", type=int, default=5, help="browser profiles, each with a cold and two warm visits")
    parser.add_argument("--linger", type=float, default=15, help="seconds on the page after each visit (default: 15)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    options = parser.parse_args()
    with served(built_site(options.site)) as base:
        runs = _measure(f"{base}app/{options.app}/", base, options)
    _report_runs(runs, options)


def _measure(url: str, base: str, options: argparse.Namespace) -> tuple[list[dict[str, float]], ...]:
    """Cold, warm and third visits of `url` in `options.repeat` new profiles."""
    cold: list[dict[str, float]] = []
    warm: list[dict[str, float]] = []
    again: list[dict[str, float]] = []
    elsewhere: list[str] = []

    # Requests are watched, not routed: Playwright turns the HTTP cache off in a context with routes.
    def watch(request: Any) -> None:
        if not request.url.startswith((base, "data:", "blob:")):
            elsewhere.append(request.url)

    with sync_playwright() as playwright:
        for _ in range(options.repeat):
            profile = tempfile.mkdtemp(prefix="apps-profile-")
            try:
                for visits in (cold, warm, again):
                    context = playwright.chromium.launch_persistent_context(
                        profile, executable_path=CHROMIUM, args=ARGS, viewport={"width": 375, "height": 800}
                    )
                    context.on("request", watch)
                    page, figures = _visit(context, url)
                    visits.append(figures)
                    page.wait_for_function(OFFLINE, timeout=180_000)
                    with contextlib.suppress(PlaywrightTimeout):  # an older shell keeps nothing, says nothing
                        page.wait_for_function(KEPT, timeout=30_000)
                    page.wait_for_timeout(options.linger * 1000)
                    context.close()
            finally:
                shutil.rmtree(profile, ignore_errors=True)
    if elsewhere:
        raise SystemExit(f"the app asked other hosts: {sorted(set(elsewhere))}")
    return cold, warm, again


def _report_runs(visits: tuple[list[dict[str, float]], ...], options: argparse.Namespace) -> None:
    cold, warm, again = visits
    results: dict[str, object] = {"runs (a new profile each)": str(options.repeat)}
    for name, runs in (("cold", cold), ("warm", warm), ("warm, third visit", again)):
        results[f"ready, {name}: median (s)"] = _median(runs, "ready")
        results[f"ready, {name}: best (s)"] = f"{min(run['ready'] for run in runs) / 1000:.2f}"
        results[f"  Pyodide's runtime: JavaScript and WebAssembly, {name} (s)"] = _median(runs, "app-runtime")
        results[f"  Python's own start, {name} (s)"] = _median(runs, "app-pyodide")
        results[f"  the wheels, {name} (s)"] = _median(runs, "app-wheels")
        results[f"  imports and first answer, {name} (s)"] = _median(runs, "app-import")
        results[f"  the first screen, {name} (s)"] = _median(runs, "app-start")
    report(results, as_json=options.json, value_width=6)


if __name__ == "__main__":
    main()
