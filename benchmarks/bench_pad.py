"""The score pad app in headless Chromium: an entry, from the tap to the pad drawn anew.

Run: python benchmarks/bench_pad.py [--site DIR] [--games N] [--json]

Needs what tests/test_pad_app.py needs: Debian's Chromium, Playwright for Python and a site
built with Pyodide in it (`python tools/tryit_assets.py`, then `mkdocs build`; without
`--site` the script builds one). It serves the site on 127.0.0.1 and plays whole 6-player
games of 10 rounds at 375 px as a person taps them, reading the page's own `data-entry-ms`
after each "Record the bids" and "Record the tricks": the milliseconds from the tap to the
round, the standings, the chart, the statistics and the rounds drawn anew.

How long the pad takes to start, cold and warm, is `python benchmarks/bench_apps.py --app pad`.
Machines are noisy: compare figures within one run.
"""

from __future__ import annotations

import argparse
import statistics
from typing import Any

from playwright.sync_api import sync_playwright

from _report import report
from _site import ARGS, CHROMIUM, built_site, served


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
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--site", help="a site built already (default: build one now)")
    parser.add_argument("--games", type=int, default=2, help="whole 6-player games (default 2)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    options = parser.parse_args()
    entries: list[int] = []
    with served(built_site(options.site)) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(viewport={"width": 375, "height": 800})
        context.route(lambda address: not address.startswith(base), lambda route: route.abort())
        page = context.new_page()
        page.goto(base + "app/pad/")
        page.wait_for_selector("#app[data-ready=true]", timeout=180_000)
        for _ in range(options.games):
            entries += _game(page)
        browser.close()
    report(
        {
            "entries timed": str(len(entries)),
            "an entry, the pad drawn anew: median (ms)": f"{statistics.median(entries):.0f}",
            "an entry, the pad drawn anew: 90th percentile (ms)": f"{statistics.quantiles(entries, n=10)[-1]:.0f}",
            "an entry, the pad drawn anew: max (ms)": f"{max(entries):.0f}",
        },
        as_json=options.json,
        value_width=8,
    )


if __name__ == "__main__":
    main()
