"""The table app in Debian's Chromium: four people on their own phones join by their links and play a whole game.

Needs the `server` and `browser` extras and Chromium (`/usr/bin/chromium`, or `WIZARDRULES_CHROMIUM`).
Screenshots of each phone, at 375 px in English and German and at 1280 px, go to
`WIZARDRULES_SCREENSHOTS` when it is set.
"""

from __future__ import annotations

import os
import random
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason='needs the extra server: pip install -e ".[server]"')
pytest.importorskip("segno", reason='needs the extra server: pip install -e ".[server]"')
pytest.importorskip("httpx", reason='needs the extra test: pip install -e ".[test]"')
sync_api = pytest.importorskip("playwright.sync_api", reason='needs the extra browser: pip install -e ".[browser]"')

from _table_server import running  # noqa: E402

CHROMIUM = Path(os.environ.get("WIZARDRULES_CHROMIUM", "/usr/bin/chromium"))
SHOTS = os.environ.get("WIZARDRULES_SCREENSHOTS")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=f"Chromium is not installed at {CHROMIUM}")

_SMALLEST_TEXT = """() => {
  let smallest = 1000;
  for (const el of document.querySelectorAll("body *")) {
    const style = getComputedStyle(el);
    if (el.closest("[hidden]") || style.display === "none" || style.visibility === "hidden") continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (own) smallest = Math.min(smallest, parseFloat(style.fontSize));
  }
  return smallest;
}"""
_CARD_WIDTHS = (
    "() => [...document.querySelectorAll('#hand img, #trick img')].map((img) => img.getBoundingClientRect().width)"
)


_OVER = "() => document.body.dataset.over === 'true'"


def _shoot(page: Any, name: str) -> None:
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def _move(page: Any, rng: random.Random) -> bool:
    """Tap one of the page's legal actions, if it is this person's turn; whether it did."""
    if page.evaluate("() => !document.getElementById('status').textContent.match(/Your turn|Du bist dran/)"):
        return False
    choices = page.locator("#hand button.card.legal, #actions button")
    count = choices.count()
    if count == 0:
        return False
    try:  # the page draws its view anew on every update: a button may be gone by the time of the tap
        choices.nth(rng.randrange(count)).click(timeout=1000)
    except sync_api.Error:
        return False
    return True


def test_four_people_on_phones_join_by_their_links_and_play_a_whole_game(tmp_path: Path) -> None:
    rng = random.Random(7)
    with running(tmp_path / "tables.sqlite") as server, sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            host = browser.new_page(viewport={"width": 1280, "height": 900})
            host.goto(f"{server.base}/")
            host.select_option("select[name=players]", "4")
            host.select_option("select[name=rounds]", "short")
            host.click("button[type=submit]")
            host.wait_for_url("**/host")
            assert host.locator(".qr svg").count() == 4, "a QR code per seat"
            links = host.locator("#hostSeats a").evaluate_all("(links) => links.map((a) => a.href)")
            _shoot(host, "table-host-1280")
            phones = []
            for seat, link in enumerate(links):
                context = browser.new_context(
                    viewport={"width": 375, "height": 800}, locale="de-DE" if seat == 1 else "en-US"
                )
                page = context.new_page()
                page.goto(link)
                page.fill("#name", ["Ann", "Ben", "Cem", "Dov"][seat])
                page.click("#sitDown")
                page.wait_for_url("**/t/*")
                phones.append(page)
            for page in phones:
                page.wait_for_function("() => document.body.dataset.index !== undefined", timeout=10_000)
            _shoot(phones[0], "table-phone-375-en")
            _shoot(phones[1], "table-phone-375-de")
            for page in phones:
                assert page.evaluate(_SMALLEST_TEXT) >= 12, "text is at least 12 px on a phone"
                widths = page.evaluate(_CARD_WIDTHS)
                assert widths, "the hand shows cards"
                assert min(widths) >= 52, "a card's corner text (15 of 62 units) is at least 12 px"
            reloaded = False
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                if all(page.evaluate(_OVER) for page in phones):
                    break
                moved = False
                for page in phones:
                    moved |= _move(page, rng)
                if moved and not reloaded and int(phones[2].evaluate("() => document.body.dataset.index") or 0) > 8:
                    phones[2].reload()  # a reload mid-game: the page catches up from the token it keeps
                    phones[2].wait_for_function("() => document.body.dataset.index > 8", timeout=10_000)
                    reloaded = True
                if not moved:
                    time.sleep(0.05)
            assert reloaded
            assert all(page.evaluate("() => document.body.dataset.over === 'true'") for page in phones), (
                "the game ended"
            )
            for page in phones:
                page.wait_for_function(
                    "() => document.getElementById('pad').href.startsWith('https://')", timeout=10_000
                )
                assert page.locator("#scores tr[data-seat]").count() == 4
            _shoot(phones[0], "table-over-375-en")
            _shoot(phones[1], "table-over-375-de")
            wide = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            wide.goto(phones[0].url)
            wide.wait_for_function("() => document.body.dataset.index !== undefined", timeout=10_000)
            _shoot(wide, "table-spectator-1280")
        finally:
            browser.close()
