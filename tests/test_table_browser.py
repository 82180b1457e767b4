"""The table app in Debian's Chromium: four people on their own phones join by their links and play a whole game.

Needs the `server` and `browser` extras and Chromium (`/usr/bin/chromium`, or `WIZARDRULES_CHROMIUM`).
The host page, a seat mid-game and the end screen are checked at 375 and 1280 px in English
and German (text at least 12 px, every player in view without sideways scrolling); their
screenshots go to `WIZARDRULES_SCREENSHOTS` when it is set.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from site_server import CHROMIUM

pytest.importorskip("starlette", reason='needs the extra server: pip install -e ".[server]"')
pytest.importorskip("segno", reason='needs the extra server: pip install -e ".[server]"')
pytest.importorskip("httpx", reason='needs the extra test: pip install -e ".[test]"')
sync_api = pytest.importorskip("playwright.sync_api", reason='needs the extra browser: pip install -e ".[browser]"')

from _table_server import Player, running  # noqa: E402

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
_FITS = """() => {
  const width = document.documentElement.clientWidth;
  const boxes = [...document.querySelectorAll("#players .player, #hostSeats .seat, #scores tr, #actions button")]
    .filter((el) => !el.closest("[hidden]")).map((el) => el.getBoundingClientRect());
  const outside = boxes.filter((r) => r.left < -0.5 || r.right > width + 0.5).length;
  return { scrolls: document.documentElement.scrollWidth > width, outside, shown: boxes.length };
}"""
_MID_GAME = (
    "() => Number(document.body.dataset.index) > 4 && document.querySelectorAll('#actions button').length > 0"
    " && document.getElementById('hand').children.length > 1"
)
_NOTATION = re.compile(r"^(bid|trump|play|pass|cloud) ")


def _shoot(page: Any, name: str) -> None:
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def _in_language(page: Any, lang: str) -> None:
    if page.evaluate("() => document.documentElement.lang") != lang:
        page.click("#lang")
    assert page.evaluate("() => document.documentElement.lang") == lang


def _design(page: Any, name: str) -> None:
    """The design rules at 375 and 1280 px, in English and German; a screenshot of each when asked for."""
    before = page.evaluate("() => document.documentElement.lang")
    size = page.viewport_size
    for lang in ("en", "de"):
        _in_language(page, lang)
        for width in (375, 1280):
            page.set_viewport_size({"width": width, "height": 900})
            assert page.evaluate(_SMALLEST_TEXT) >= 12, f"{name} at {width} px in {lang}: text under 12 px"
            fits = page.evaluate(_FITS)
            assert not fits["scrolls"], f"{name} at {width} px in {lang}: the page scrolls sideways"
            assert fits["outside"] == 0, f"{name} at {width} px in {lang}: a player is out of view"
            assert fits["shown"] > 0
            labels = page.locator("#actions button").all_inner_texts()
            assert not [label for label in labels if _NOTATION.match(label)], f"notation on a button: {labels}"
            _shoot(page, f"table-{name}-{width}-{lang}")
    page.set_viewport_size(size)
    _in_language(page, before)


def _move(page: Any, rng: random.Random) -> bool:
    """Tap one of the page's legal actions, if it is this person's turn; whether it did."""
    if page.evaluate("() => !document.getElementById('status').textContent.match(/Your turn|Du bist dran/)"):
        return False
    choices = page.locator("#hand button.card.legal, #actions button")
    count = choices.count()
    if count == 0:
        return False
    if page.evaluate("() => document.documentElement.lang") == "de":
        labels = page.locator("#actions button").all_inner_texts()
        assert not [label for label in labels if _NOTATION.match(label)], f"notation on a German button: {labels}"
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
            _design(host, "host")
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
            for page in phones:
                assert page.evaluate(_SMALLEST_TEXT) >= 12, "text is at least 12 px on a phone"
                widths = page.evaluate(_CARD_WIDTHS)
                assert widths, "the hand shows cards"
                assert min(widths) >= 52, "a card's corner text (15 of 62 units) is at least 12 px"
            host.wait_for_function(  # the host page follows the table: everyone is seated, the game has begun
                "() => document.getElementById('startNow').hidden", timeout=10_000
            )
            assert host.locator(".seat .who").all_inner_texts() == ["Ann", "Ben", "Cem", "Dov"]
            reloaded = shot = False
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                if all(page.evaluate(_OVER) for page in phones):
                    break
                moved = False
                for page in phones:
                    if not shot and page is phones[1] and page.evaluate(_MID_GAME):  # a seat mid-game, buttons up
                        _design(page, "seat")
                        shot = True
                    moved |= _move(page, rng)
                if moved and not reloaded and int(phones[2].evaluate("() => document.body.dataset.index") or 0) > 8:
                    phones[2].reload()  # a reload mid-game: the page catches up from the token it keeps
                    phones[2].wait_for_function("() => document.body.dataset.index > 8", timeout=10_000)
                    reloaded = True
                if not shot and phones[1].locator("#actions button").count() > 0:  # a seat mid-game, with buttons
                    _design(phones[1], "seat")
                    shot = True
                if not moved:
                    time.sleep(0.05)
            assert reloaded
            assert shot
            assert all(page.evaluate("() => document.body.dataset.over === 'true'") for page in phones), (
                "the game ended"
            )
            for page in phones:
                page.wait_for_function(
                    "() => /#1[A-Za-z0-9_-]+$/.test(document.getElementById('pad').href)", timeout=10_000
                )
                assert page.locator("#scores tr[data-seat]").count() == 4
            _design(phones[1], "over")
            wide = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            wide.goto(phones[0].url)
            wide.wait_for_function("() => document.body.dataset.index !== undefined", timeout=10_000)
            _shoot(wide, "table-spectator-1280")
        finally:
            browser.close()


_STORED = [  # (the language kept, the seat kept): values this page never writes
    ("__proto__", '{"token": 5, "seat": 0}'),
    ("fr", "not JSON"),
    ("constructor", '{"token": "abc", "seat": 0, "extra": 1}'),
    ("toString", "[1, 2]"),
    (None, '{"token": "abc", "seat": "0"}'),
    (None, '{"token": "a b", "seat": 0}'),
    (None, '{"seat": 0}'),
]


def test_bad_values_in_the_browsers_storage_fall_back_with_a_message(tmp_path: Path) -> None:
    """Browser storage is input too: the language and the seat the page keeps are checked when read back."""
    with running(tmp_path / "tables.sqlite") as server, sync_api.sync_playwright() as playwright:
        table_id = server.create(players=3, bots=2, rounds="short")
        ann = server.sit(table_id, 0, "Ann")
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            for lang, seat in [*_STORED, ("de", json.dumps({"token": ann["token"], "seat": 0}))]:
                context = browser.new_context(viewport={"width": 375, "height": 800}, locale="en-US")
                seed = {"wizardrules-lang": lang, f"wizardrules-table-{table_id}": seat}
                page = context.new_page()
                page.goto(f"{server.base}/health")  # the server's origin, to keep the values in
                page.evaluate(
                    "(seed) => Object.entries(seed).forEach(([k, v]) => v !== null && localStorage.setItem(k, v))",
                    seed,
                )
                page.goto(f"{server.base}/t/{table_id}")
                page.wait_for_function("() => document.body.dataset.index !== undefined", timeout=10_000)
                notice = page.locator("#notice")
                kept = page.evaluate("(key) => localStorage.getItem(key)", f"wizardrules-table-{table_id}")
                status = page.locator("#status").inner_text()
                if lang == "de":  # both good: Ann's seat, in German, with no message
                    assert notice.is_hidden()
                    assert page.evaluate("() => document.documentElement.lang") == "de"
                    assert kept == seat
                    assert "Du schaust zu" not in status
                    _shoot(page, "table-storage-good-375-de")
                    continue
                assert notice.is_visible(), (lang, seat)
                text = notice.inner_text()
                assert "The seat saved in this browser was damaged and is forgotten" in text
                assert kept is None, "the bad seat is dropped"
                assert status == "You are watching", "without a seat the page watches"
                assert page.evaluate("() => document.documentElement.lang") == "en", "the browser's language"
                if lang is not None:
                    assert "The language saved in this browser was not one this page knows" in text
                    assert page.evaluate("() => localStorage.getItem('wizardrules-lang')") is None
                assert page.evaluate(_SMALLEST_TEXT) >= 12
                if lang == "__proto__":
                    _shoot(page, "table-storage-bad-375-en")
                context.close()
        finally:
            browser.close()


def test_a_person_who_does_not_answer_in_time_takes_the_seat_back_with_a_tap(tmp_path: Path) -> None:
    rng = random.Random(9)
    with (
        running(tmp_path / "tables.sqlite", limits=("turn=1", "tick=0.1")) as server,
        sync_api.sync_playwright() as playwright,
        contextlib.ExitStack() as stack,
    ):
        table_id = server.create(players=3, bots=1, rounds="full")
        ben = Player(server, table_id, server.sit(table_id, 1, "Ben")["token"], stack)  # Ben answers at once
        ben.connect()
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            page = browser.new_context(viewport={"width": 375, "height": 800}, locale="de-DE").new_page()
            page.goto(f"{server.base}/t/{table_id}/join/0")
            page.fill("#name", "Ann")
            page.click("#sitDown")
            page.wait_for_url(f"**/t/{table_id}")
            back = page.locator("#backNow")
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline and not back.is_visible():  # Ann does not answer
                ben.receive(timeout=0.05)
                if ben.my_turn():
                    ben.act(rng)
            assert back.is_visible(), "a bot plays for Ann, and her page offers her seat back"
            assert back.inner_text() == "Ich bin zurück: gib mir meinen Platz"
            assert "weg (ein Bot spielt)" in page.locator("#players li[data-seat='0']").inner_text()
            _shoot(page, "table-away-375-de")
            back.click()
            page.wait_for_function("() => document.getElementById('away').hidden", timeout=5_000)
            assert "weg" not in page.locator("#players li[data-seat='0']").inner_text(), "the seat is hers again"
            assert ben.table is not None
            assert not ben.table["over"]
        finally:
            browser.close()
