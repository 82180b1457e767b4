"""The score pad app in headless Chromium (Debian's, driven by Playwright), on the built site.

A whole 6-player game is entered at 375 and 1280 px, in English and German, with every
player in view; the pad survives a reload and an offline reload, a share link opens the same
game in another browser, files go out and come back in, and no request leaves 127.0.0.1 (on
the docs' own pages neither). tests/test_pad_glue.py tests the app's Python side.

Needs Debian's Chromium (`/usr/bin/chromium` or `WIZARDRULES_CHROMIUM`), the extra `browser`
(Playwright) and a site built with Pyodide in it: set `WIZARDRULES_TRYIT_SITE` to one (as
`.ci/run` does), or have `python tools/tryit_assets.py` run so that the site is built here.
Screenshots go to `WIZARDRULES_TRYIT_SHOTS` when set.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from wizardrules import ScoreSheet

# -- the app in Chromium -------------------------------------------------------------------------

pytest.importorskip("playwright.sync_api", reason='needs the extra browser: pip install -e ".[browser]"')
READY_MS = 120_000
LOOPBACK = re.compile(r"^https?://127\.0\.0\.1[:/]")


class Phone:
    """A browser context on the pad: every other host refused and recorded, the page's errors gathered."""

    def __init__(self, browser: Any, server: str, *, width: int, lang: str) -> None:
        self.server = server
        self.lang = lang
        self.context = browser.new_context(viewport={"width": width, "height": 860}, accept_downloads=True)
        self.elsewhere: list[str] = []
        self.context.route(re.compile(r"^https?://(?!127\.0\.0\.1[:/])"), self._refuse)
        self.errors: list[str] = []
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        self.page.on("console", self._console)

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")

    def _refuse(self, route: Any) -> None:
        self.elsewhere.append(route.request.url)
        route.abort()

    def open(self, suffix: str = "") -> Any:
        self.page.goto(f"{self.server}app/pad/?lang={self.lang}{suffix}")
        self.ready()
        return self.page

    def ready(self) -> None:
        self.page.wait_for_selector("#app[data-ready=true], #app[data-ready=failed]", timeout=READY_MS)
        assert self.page.get_attribute("#app", "data-ready") == "true", self.page.inner_text("#app")

    def shot(self, name: str) -> None:
        folder = os.environ.get("WIZARDRULES_TRYIT_SHOTS")
        if folder:
            Path(folder).mkdir(parents=True, exist_ok=True)
            self.page.screenshot(path=str(Path(folder) / name), full_page=True)

    def close(self) -> None:
        self.context.close()
        assert self.errors == []
        assert self.elsewhere == []


NAMES = ["Annalena", "Benjamin", "Carolina", "Dominika", "Emil", "Frederike"]


def setup_game(page: Any, names: list[str], preset: str = "official", *, blind: bool = False) -> None:
    page.click("button[data-tab=new]")
    page.click(f"button[name=count-{len(names)}]")
    for index, name in enumerate(names, start=1):
        page.fill(f"input[name=name-{index}]", name)
    page.select_option("select[name=preset]", preset)
    if blind:
        page.click(".pad-options summary")
        page.check("input[name=blind]")
    page.click("button[name=start]")
    page.wait_for_selector(".pad-round[data-round='1']")


def enter_round(page: Any) -> None:
    """Each bidder in order takes the lowest bid the page allows; the first player in seat order takes every trick."""
    number = page.get_attribute(".pad-round", "data-round")
    for seat in page.eval_on_selector_all(".pad-entry", "els => els.map(e => e.dataset.seat)"):
        page.click(f".pad-number[data-kind=bid][data-seat='{seat}']:not([aria-disabled=true])")
    page.click("button[name=record-bids]")
    page.wait_for_selector(".pad-round[data-phase=tricks]")
    cards = page.locator(".pad-number[data-kind=trick][data-seat='0']").count() - 1
    for seat in page.eval_on_selector_all(".pad-entry", "els => els.map(e => e.dataset.seat)"):
        page.click(f".pad-number[data-kind=trick][data-seat='{seat}'][data-value='{cards if seat == '0' else 0}']")
    page.click("button[name=record-tricks]")
    page.wait_for_function(
        f"!document.querySelector('.pad-round') || document.querySelector('.pad-round').dataset.round !== '{number}'"
    )


def every_player_in_view(page: Any, count: int) -> None:
    """No sideways scrolling; every standings row and statistics row fits the width; text at least 12 px."""
    width = page.evaluate("window.innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    for block in ("pad-standings", "pad-stats"):
        boxes = page.eval_on_selector_all(f".{block} li", "els => els.map(e => e.getBoundingClientRect().right)")
        assert len(boxes) == count
        assert max(boxes) <= width
    smallest = page.evaluate(
        "Math.min(...[...document.querySelectorAll('#app *')].filter(e => e.childNodes.length && "
        "[...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()) && e.getClientRects().length)"
        ".map(e => parseFloat(getComputedStyle(e).fontSize)))"
    )
    assert smallest >= 12
    chart = page.evaluate(
        "(() => { const s = document.querySelector('.pad-chart svg'); if (!s) return null;"
        " const k = s.getBoundingClientRect().width / s.viewBox.baseVal.width;"
        " const sizes = [...s.querySelectorAll('text')].map(t => parseFloat(getComputedStyle(t).fontSize));"
        " return [Math.min(...sizes) * k, s.getBoundingClientRect().width, s.viewBox.baseVal.width]; })()"
    )
    assert chart is None or chart[0] >= 11.5, chart


def totals(page: Any) -> dict[str, int]:
    rows = page.eval_on_selector_all(
        ".pad-standings li", "els => els.map(e => [e.querySelector('.pad-name').textContent, e.dataset.total])"
    )
    return {name: int(total) for name, total in rows}


@pytest.mark.parametrize(("width", "lang"), [(375, "de"), (1280, "en")])
def test_a_whole_six_player_game_on_a_phone_and_a_laptop(browser: Any, server: str, width: int, lang: str) -> None:
    """Ten rounds of 6 players: bids refused before they are written, the table, chart and statistics in view."""
    phone = Phone(browser, server, width=width, lang=lang)
    page = phone.open()
    setup_game(page, NAMES)
    phone.shot(f"pad-round1-{width}-{lang}.png")
    # a bid the rule refuses is refused with its reason, and nothing is written
    order = page.eval_on_selector_all(".pad-entry", "els => els.map(e => e.dataset.seat)")
    for seat in order[:-1]:
        page.click(f".pad-number[data-kind=bid][data-seat='{seat}'][data-value='0']")
    dealer = order[-1]
    refused = page.locator(f".pad-number[data-kind=bid][data-seat='{dealer}'][aria-disabled=true]")
    assert refused.count() == 1
    refused.click(force=True)  # a finger can tap it; the page says why it counts for nothing
    assert "1" in page.inner_text(".pad-problem")
    assert page.get_attribute("#view-pad", "data-entries") == "0"
    phone.shot(f"pad-refused-{width}-{lang}.png")
    page.click(f".pad-number[data-kind=bid][data-seat='{dealer}'][data-value='0']")
    page.click("button[name=record-bids]")
    page.wait_for_selector(".pad-round[data-phase=tricks]")
    page.click(".pad-number[data-kind=trick][data-seat='0'][data-value='1']")
    for seat in range(1, 6):
        page.click(f".pad-number[data-kind=trick][data-seat='{seat}'][data-value='0']")
    page.click("button[name=record-tricks]")
    page.wait_for_selector(".pad-round[data-round='2']")
    every_player_in_view(page, 6)
    for _ in range(9):
        enter_round(page)
    page.wait_for_selector(".pad-over")
    phone.shot(f"pad-over-{width}-{lang}.png")
    every_player_in_view(page, 6)
    code = page.evaluate("decodeURIComponent(location.hash.slice(1))")
    sheet = ScoreSheet.from_code(code)
    assert sheet.is_over
    assert len(sheet.rounds) == 10
    assert totals(page) == dict(zip(sheet.players, sheet.totals, strict=True))
    winner = page.inner_text(".pad-winner")
    assert all(name in winner for name in sheet.winners())
    # undo, back into the last round's tricks ("Rückgängig")
    page.click("button[name=undo]")
    page.wait_for_selector(".pad-round[data-round='10'][data-phase=tricks]")
    assert ScoreSheet.from_code(page.evaluate("decodeURIComponent(location.hash.slice(1))")) == sheet.undo()
    phone.close()


def test_reload_offline_and_a_share_link_lose_nothing(browser: Any, server: str) -> None:
    """A reload and an offline reload keep the game; its link opens the same game in another browser."""
    phone = Phone(browser, server, width=375, lang="en")
    page = phone.open()
    setup_game(page, ["Ann", "Ben", "Cem", "Dora"], preset="anniversary-2021")
    for _ in range(3):
        enter_round(page)
    before = totals(page)
    page.wait_for_selector("#app[data-snapshot=bare]", timeout=READY_MS)  # Python started, kept (docs/apps.md)
    page.reload()
    phone.ready()
    assert totals(page) == before
    assert page.get_attribute("#app", "data-python") == "bare"
    page.wait_for_selector("#app[data-snapshot=saved]", timeout=READY_MS)  # the library imported, kept
    page.wait_for_selector("#app[data-offline=true]", timeout=READY_MS)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=READY_MS)
    phone.context.set_offline(True)
    page.reload()
    phone.ready()
    assert page.get_attribute("#app", "data-python") == "full"
    assert totals(page) == before
    enter_round(page)  # the library still answers offline
    after = totals(page)
    phone.context.set_offline(False)
    link = page.input_value("input[name=share-link]")
    assert link.startswith(server)
    friend = Phone(browser, server, width=375, lang="de")
    friend.page.goto(link)
    friend.ready()
    assert totals(friend.page) == after
    friend.page.click("button[data-tab=games]")
    assert friend.page.locator(".pad-game").count() == 1
    friend.close()
    # past games: a second game, then the first opened again and the second deleted
    setup_game(page, ["Eva", "Fin", "Gus"])
    page.click("button[data-tab=games]")
    assert page.locator(".pad-game").count() == 2
    page.locator(".pad-game", has_text="Ann").locator("button[name=open]").click()
    assert totals(page) == after
    page.click("button[data-tab=games]")
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator(".pad-game", has_text="Eva").locator("button[name=delete]").click()
    assert page.locator(".pad-game").count() == 1
    phone.close()


def test_export_import_and_what_the_device_keeps_is_checked(browser: Any, server: str, tmp_path: Path) -> None:
    """German CSV and JSON out and in again; a spoiled games list falls back with a message."""
    phone = Phone(browser, server, width=375, lang="de")
    page = phone.open()
    setup_game(page, ["Ann", "Ben", "Cem"], blind=True)  # an option chosen after the preset counts (R4.4)
    page.check("input[name=blind-1]")
    enter_round(page)
    assert page.inner_text(".pad-rounds tr[data-seat='1'] td").startswith("0B/0")
    with page.expect_download() as download:
        page.click("button[name=export-csv]")
    csv_path = tmp_path / "pad.csv"
    download.value.save_as(csv_path)
    text = csv_path.read_text(encoding="utf-8")
    assert text.startswith("Runde;Karten;Geber")
    with page.expect_download() as download:
        page.click("button[name=export-json]")
    json_path = tmp_path / "pad.json"
    download.value.save_as(json_path)
    sheet = ScoreSheet.from_json(json_path.read_text(encoding="utf-8"))
    assert ScoreSheet.from_csv(text, rules=sheet.rules).rounds == sheet.rounds
    page.set_input_files("input[name=import]", str(csv_path))
    page.wait_for_function("document.querySelector('.app-status').textContent.includes('pad.csv')")
    assert totals(page) == dict(zip(sheet.players, sheet.totals, strict=True))
    page.click("button[data-tab=games]")
    assert page.locator(".pad-game").count() == 2
    # what the device keeps is input: spoiled, it is dropped with a message and the app starts afresh
    for spoiled in ('{"__proto__": 1}', '[{"id": "constructor", "code": "1AAAA"}]', "not json"):
        page.evaluate(f"localStorage.setItem('wizardrules-app-pad-games', {json.dumps(spoiled)})")
        page.evaluate("localStorage.setItem('wizardrules-app-pad-current', '\"toString\"')")
        page.goto(f"{server}app/pad/?lang=de")
        phone.ready()
        assert "games" in page.inner_text(".app-status") or "current" in page.inner_text(".app-status")
        assert page.locator("[data-view=new]:not([hidden])").count() == 1
    phone.close()


@pytest.mark.parametrize("path", ["", "scoresheet/", "apps/", "try-it/score-pad/"])
def test_the_docs_own_pages_ask_no_other_host(browser: Any, server: str, path: str) -> None:
    """The theme's fonts are the system's and the repository link asks GitHub nothing: offline, no errors."""
    phone = Phone(browser, server, width=375, lang="en")
    phone.page.goto(server + path)
    phone.page.wait_for_load_state("networkidle")
    assert phone.page.locator("h1").count() >= 1
    phone.close()
