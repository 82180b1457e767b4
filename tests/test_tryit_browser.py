"""The Try-it pages in headless Chromium, against the built site served on 127.0.0.1.

Every tool is driven through its form, as a visitor would, and its answers are compared with
the library's own answers computed here in CPython. The score pad must survive a reload, no
page may log an error of its own, and the screenshots must show something.

Needs Debian's Chromium (`/usr/bin/chromium`, or `WIZARDRULES_CHROMIUM`), Playwright for
Python (`pip install -e ".[browser]"`; it drives that Chromium, no browser is downloaded) and
a site built with Pyodide in it (`python tools/tryit_assets.py`). The site is built here with
`mkdocs build` unless `WIZARDRULES_TRYIT_SITE` names one built already. Each missing piece
skips the tests with its reason. Screenshots go to `WIZARDRULES_TRYIT_SHOTS` when set.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path
from typing import Any

import attrs
import pytest
from site_server import CHROMIUM

from wizardrules import (
    BidPolicy,
    CloudChange,
    EqualBids,
    FormatError,
    FreeBids,
    Language,
    NotationError,
    NotEqualBids,
    Preset,
    RuleBot,
    Rules,
    Schedule,
    ScoreSheet,
    Suit,
    TieBreak,
    Variant,
    allowed_bids,
    decide_trick,
    legal_plays,
    new_game,
    parse_action,
    parse_cards,
    round_points,
)

sync_api = pytest.importorskip("playwright.sync_api", reason='needs the extra browser: pip install -e ".[browser]"')
Image = pytest.importorskip("PIL.Image", reason='needs the extra test: pip install -e ".[test]"')

ROOT = Path(__file__).resolve().parent.parent
READY_MS = 120_000  # a cold start on a busy 2-core machine, with room to spare; the benchmark measures it

if not CHROMIUM.is_file():
    pytest.skip(
        f"Chromium is not installed at {CHROMIUM} (apt-get install chromium, or set WIZARDRULES_CHROMIUM)",
        allow_module_level=True,
    )


class Visit:
    """A browser context on the site that gathers the pages' own errors."""

    def __init__(self, browser: Any, server: str, width: int = 1200) -> None:
        self.server = server
        self.context = browser.new_context(viewport={"width": width, "height": 900}, accept_downloads=True)
        # The theme asks for web fonts and the repository's stars; this machine and CI have no
        # network, and the pages must not need one: every other host fails at once.
        self.context.route(re.compile(r"^https?://(?!127\.0\.0\.1[:/])"), lambda route: route.abort())
        self.errors: list[str] = []
        self.page = self.context.new_page()
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))

    def _console(self, message: Any) -> None:
        where = message.location.get("url", "") if message.location else ""
        if message.type == "error" and (not where or where.startswith(self.server)):
            self.errors.append(f"console: {message.text} at {where}")

    def open(self, path: str) -> Any:
        """Open a page, see it say that Python is loading, and wait until each tool on it is ready."""
        self.page.goto(self.server + path, wait_until="commit")
        self.page.wait_for_function(
            "(document.querySelector('.tryit-status')?.textContent || '').startsWith('Loading Python')", timeout=30_000
        )
        self.wait()
        return self.page

    def wait(self) -> None:
        """Wait for every tool on the page to be ready, and fail with its message when one cannot start."""
        self.page.wait_for_function(
            "[...document.querySelectorAll('.tryit')].every(e => e.dataset.ready)", timeout=READY_MS
        )
        failed = self.page.locator(".tryit[data-ready=failed] .tryit-status").all_inner_texts()
        assert not failed, failed

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def visit(browser: Any, server: str) -> Iterator[Visit]:
    visitor = Visit(browser, server)
    yield visitor
    visitor.close()
    assert visitor.errors == []


def _not_blank(png: bytes, name: str) -> None:
    shots = os.environ.get("WIZARDRULES_TRYIT_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        (Path(shots) / name).write_bytes(png)
    with Image.open(BytesIO(png)) as image:
        colours = image.convert("RGB").getcolors(maxcolors=1_000_000)
    assert colours is not None
    assert len(colours) > 50, f"{name} shows {len(colours)} colours: blank?"


def _no_sideways_scroll(page: Any) -> None:
    overflow = page.evaluate(
        "[...document.querySelectorAll('.tryit')].map(e => e.scrollWidth - e.clientWidth)"
        ".concat([document.documentElement.scrollWidth - window.innerWidth])"
    )
    assert max(overflow) <= 1, overflow


TRICKS = [
    ("B9 W G13 W", "G", None),
    ("B13 R2 B9", "R", None),
    ("Y7 Y11 R13", "B", None),
    ("J J J", "Y", None),
    ("J J G4 G9", "none", None),
    ("R5 B12 R13 J", "choice", "B"),
    ("DRAGON FAIRY R5", "B", None),
    ("Y7 BOMB Y11", "none", None),
    ("CLOUD:R R13 G2", "G", None),
    ("SHAPESHIFTER:J Y3 Y1", "R", None),
]


def _trump(field: str, chosen: str | None) -> Suit | None:
    value = chosen if field == "choice" else field
    return None if value in (None, "none") else Suit(value)


def _check_tricks(page: Any, lang: Language) -> None:
    tool = page.locator("[data-tool=trick]")
    for cards, trump, chosen in TRICKS:
        tool.locator("input[name=cards]").fill(cards)
        tool.locator("select[name=trump]").select_option(trump)
        if chosen:
            tool.locator("select[name=chosen]").select_option(chosen)
        tool.locator("button[type=submit]").click()
        decision = decide_trick(parse_cards(cards), _trump(trump, chosen))
        result = tool.locator(".tryit-result")
        expected = "none" if decision.winner is None else str(decision.winner)
        assert result.get_attribute("data-winner") == expected, cards
        assert decision.reason.display(lang) in result.inner_text(), cards
        assert tool.locator(".tryit-picture svg").count() == 1


def test_r5_the_tools_give_the_librarys_answers(visit: Visit) -> None:
    page = visit.open("try-it/tools/")
    _check_tricks(page, Language.EN)

    trick = page.locator("[data-tool=trick]")
    trick.locator("input[name=cards]").fill("R14 W")
    trick.locator("input[name=cards]").press("Enter")  # the keyboard alone submits
    with pytest.raises(NotationError) as refused:
        parse_cards("R14 W")
    assert trick.locator(".tryit-error").inner_text() == str(refused.value)  # the message, no class name

    trick.locator("button[name=cards-clear]").click()  # the card picker writes notation the library reads
    trick.locator("select[name=cards-kind]").select_option("B")
    trick.locator("select[name=cards-rank]").select_option("12")
    trick.locator("button[name=cards-add]").click()
    trick.locator("select[name=cards-kind]").select_option("CLOUD")
    trick.locator("select[name=cards-as]").select_option("CLOUD:Y")
    trick.locator("button[name=cards-add]").click()
    assert trick.locator("input[name=cards]").input_value() == "B12 CLOUD:Y"

    may = page.locator("[data-tool=may-play]")
    for hand, so_far in [
        ("B3 R7 J W Y12", "B9"),
        ("R3 G5", "J Y4"),
        ("R3 G5", "W R2"),
        ("G1 G2 J", ""),
        ("CLOUD R1 B2", "B7"),
    ]:
        may.locator("input[name=hand]").fill(hand)
        may.locator("input[name=trick]").fill(so_far)
        may.locator("button[type=submit]").click()
        shown = {
            li.get_attribute("data-card"): li.get_attribute("data-legal") == "true"
            for li in may.locator("li[data-card]").all()
        }
        legal = legal_plays(parse_cards(hand), parse_cards(so_far))
        assert shown == {str(c): c in legal for c in parse_cards(hand)}, hand

    bids = page.locator("[data-tool=bids]")
    policies: dict[str, BidPolicy] = {"free": FreeBids(), "not-equal": NotEqualBids(), "equal": EqualBids()}
    for policy, players, cards, made in [
        ("not-equal", 4, 3, [1, 0, 1]),
        ("equal", 3, 5, [2, 1]),
        ("free", 5, 2, [2, 2]),
        ("not-equal", 6, 7, []),
    ]:
        bids.locator("select[name=policy]").select_option(policy)
        bids.locator("select[name=players]").select_option(str(players))
        bids.locator("input[name=cards]").fill(str(cards))
        bids.locator("input[name=made]").fill(" ".join(map(str, made)))
        bids.locator("button[type=submit]").click()
        shown = {
            int(li.get_attribute("data-bid")): li.get_attribute("data-allowed") == "true"
            for li in bids.locator("li[data-bid]").all()
        }
        allowed = allowed_bids(policies[policy], cards=cards, bids=made, players=players)
        assert shown == {b: b in allowed for b in range(cards + 1)}, (policy, made)

    points = page.locator("[data-tool=points]")
    for bid, tricks, blind in [(2, 2, False), (1, 3, False), (0, 0, True), (3, 0, True), (20, 20, False)]:
        points.locator("input[name=bid]").fill(str(bid))
        points.locator("input[name=tricks]").fill(str(tricks))
        points.locator("input[name=blind]").set_checked(blind)
        points.locator("button[type=submit]").click()
        assert points.locator(".tryit-result").get_attribute("data-total") == str(
            round_points(bid, tricks, blind=blind)
        )

    _not_blank(page.screenshot(full_page=True), "tools-desktop.png")
    page.set_viewport_size({"width": 375, "height": 800})
    _no_sideways_scroll(page)
    _not_blank(page.screenshot(full_page=True), "tools-375.png")

    # the page has one language switch and one line for Python, above its four tools
    assert page.locator(".tryit-lang").count() == 1
    assert page.locator(".tryit-status").count() == 1
    assert page.locator(".tryit-status").inner_text().startswith("Ready: wizardrules")
    page.locator(".tryit-page .tryit-lang button[lang=de]").click()
    visit.wait()
    assert page.locator(".tryit-page .tryit-lang button[lang=de]").get_attribute("aria-pressed") == "true"
    assert page.locator(".tryit-status").inner_text().startswith("Bereit: wizardrules")
    _check_tricks(page, Language.DE)
    assert "Trumpf" in page.locator("[data-tool=trick] form").inner_text()


def _pad_entry(page: Any, kind: str, values: list[int], blind: tuple[int, ...] = ()) -> None:
    form = page.locator(f".tryit-pad-{kind}")
    for seat, value in enumerate(values):
        form.locator(f"input[name={kind[:-1] if kind == 'bids' else kind}{seat}]").fill(str(value))
    for seat in blind:
        form.locator(f"input[name=blind{seat}]").check()
    form.locator("button[type=submit]").click()


def test_r6_r7_the_score_pad_keeps_every_entry_across_a_reload(visit: Visit) -> None:
    page = visit.open("try-it/score-pad/")  # a new browser context: its storage starts empty
    setup = page.locator("[data-tool=scorepad]")
    setup.locator("select[name=count]").select_option("3")
    for seat, name in enumerate(["Lena", "Tom", "Mia"]):
        setup.locator(f"input[name=player{seat}]").fill(name)
    setup.locator("select[name=preset]").select_option("anniversary-2016")
    setup.locator("input[name=blind]").set_checked(True)
    setup.locator("select[name=tiebreak]").select_option("exact-hits")
    setup.locator("input[name=rounds]").fill("3")
    setup.locator("button[type=submit]").click()

    rules = Rules(
        special_cards=Preset.ANNIVERSARY_2016.rules().special_cards,
        variants=Variant.BLIND_BIDS,
        tiebreak=TieBreak.EXACT_HITS,
        schedule=Schedule.ladder(3, rounds=3),
    )
    sheet = ScoreSheet(players=["Lena", "Tom", "Mia"], rules=rules)

    _pad_entry(page, "bids", [1, 0, 0], blind=(1,))
    _pad_entry(page, "tricks", [1, 0, 0])
    sheet = sheet.record_bids([1, 0, 0], blind=["Tom"]).record_tricks([1, 0, 0])

    _pad_entry(page, "bids", [1, 1, 0])
    page.locator("select[name=cloud_player]").select_option("Mia")
    page.locator("button[name=cloud-up]").click()
    _pad_entry(page, "tricks", [2, 0, 0])  # Mia's Cloud trick is hers: the sheet refuses this
    refusal = page.locator(".tryit-pad-error .tryit-error")
    assert refusal.get_attribute("data-kind") in ("CloudError", "TricksError")  # the message names no class
    assert "Cloud" in refusal.inner_text()
    _pad_entry(page, "tricks", [0, 1, 1])
    sheet = sheet.record_bids([1, 1, 0]).change_bid("Mia", CloudChange.UP).record_tricks([0, 1, 1])

    page.reload()
    visit.wait()
    totals = page.locator(".tryit-totals td").all_inner_texts()
    assert totals == [str(t) for t in sheet.totals]
    assert page.locator(".tryit-pad-table tr[data-round]").count() == 2
    assert "B/" in page.locator("tr[data-round='1']").inner_text()  # Tom's blind bid keeps its B

    _pad_entry(page, "bids", [3, 0, 0])
    page.locator("input[name=bombs]").fill("1")
    _pad_entry(page, "tricks", [2, 0, 0])
    sheet = sheet.record_bids([3, 0, 0]).record_tricks([2, 0, 0], bombs=1)
    assert page.locator(".tryit-pad-status").inner_text().endswith(f"{', '.join(sheet.winners())}.")
    assert page.locator(".tryit-places td").all_inner_texts() == [str(p) for p in sheet.standings()]
    assert page.locator(".tryit-picture svg").count() == 1

    with page.expect_download() as saving:
        page.locator("button[name=export-json]").click()
    assert ScoreSheet.from_json(Path(saving.value.path()).read_text(encoding="utf-8")) == sheet
    with page.expect_download() as saving:
        page.locator("button[name=export-csv]").click()
    csv = Path(saving.value.path()).read_text(encoding="utf-8")
    assert csv == sheet.to_csv()

    page.locator("button[name=undo]").click()
    page.locator("button[name=undo]").click()
    page.locator("input[name=import]").set_input_files(
        files=[{"name": "scores.csv", "mimeType": "text/csv", "buffer": csv.encode()}]
    )  # read with the pad's own rules: the file holds none
    page.locator("[data-tool=scorepad]").get_by_text("Imported scores.csv.").wait_for()  # the file is read at leisure
    assert page.locator(".tryit-totals td").all_inner_texts() == [str(t) for t in sheet.totals]
    assert "Imported scores.csv." in page.locator("[data-tool=scorepad]").inner_text()

    page.locator("button[name=undo]").click()  # a CSV's round is one entry: undo takes back all of round 3
    assert page.locator(".tryit-pad-bids").count() == 1
    page.reload()
    visit.wait()
    assert page.locator(".tryit-pad-bids").count() == 1  # the undo is kept too
    assert page.locator(".tryit-pad-table tr[data-round]").count() == 2
    _not_blank(page.screenshot(full_page=True), "score-pad-desktop.png")
    page.set_viewport_size({"width": 375, "height": 800})
    _no_sideways_scroll(page)
    _not_blank(page.screenshot(full_page=True), "score-pad-375.png")


def test_a_page_that_cannot_load_pyodide_says_so(browser: Any, server: str) -> None:
    visitor = Visit(browser, server)
    try:
        visitor.context.route("**/pyodide.mjs", lambda route: route.abort())  # as if offline, or the files were lost
        visitor.page.goto(server + "try-it/tools/")
        visitor.page.wait_for_function("document.querySelector('.tryit').dataset.ready === 'failed'", timeout=READY_MS)
        status = visitor.page.locator(".tryit-page .tryit-status")
        assert status.get_attribute("role") == "alert"
        assert status.inner_text().startswith("The tools could not start:")
    finally:
        visitor.close()


def test_a_whole_game_at_the_table_is_the_engines_game(visit: Visit) -> None:
    page = visit.open("try-it/table/")
    setup = page.locator(".tryit-table-setup")
    setup.locator("input[name=name]").fill("Alex")
    setup.locator("select[name=preset]").select_option("anniversary-2021")
    setup.locator("input[name=rounds]").fill("4")
    setup.locator("input[name=seed]").fill("5")
    setup.locator("button[type=submit]").click()
    mine: list[str] = []
    while page.locator(".tryit-table-status").get_attribute("data-over") != "true":
        buttons = page.locator(".tryit-moves button[data-action]")
        assert buttons.count() > 0
        choice = buttons.nth(len(mine) % buttons.count())
        action = choice.get_attribute("data-action")
        assert action is not None
        mine.append(action)
        if len(mine) % 2:
            choice.focus()  # every other move by keyboard
            page.keyboard.press("Enter")
        else:
            choice.click()
        if len(mine) == 5:
            _not_blank(page.screenshot(full_page=True), "table-desktop.png")
    rules = attrs.evolve(Preset.ANNIVERSARY_2021.rules(), schedule=Schedule.ladder(4, rounds=4))
    state = new_game(["Alex", "Bot 1", "Bot 2", "Bot 3"], rules=rules, seed=5)
    moves = iter(mine)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        action = parse_action(next(moves)) if seat == 0 else RuleBot().act(state.view(seat), state.legal_actions())
        state = state.apply(action)
    assert next(moves, None) is None
    assert page.locator(".tryit-table-status").inner_text() == state.view(0).to_text()
    assert page.locator(".tryit-picture svg").count() >= 2  # the table and the score chart
    times = page.evaluate("window.wizardrulesTryIt.moves")
    assert len(times) == len(mine)
    page.set_viewport_size({"width": 375, "height": 800})
    page.wait_for_function(_NARROW_DRAWN)  # the picture is drawn again for the narrow screen
    _no_sideways_scroll(page)
    _not_blank(page.screenshot(full_page=True), "table-375.png")


_NARROW_DRAWN = "document.querySelector('.tryit-picture svg')?.getAttribute('width') === '296'"
_WIDE_DRAWN = "Number(document.querySelector('.tryit-picture svg')?.getAttribute('width')) > 296"
_TEXT_SIZES = """() => {
  const picture = document.querySelector('.tryit-picture svg');
  return [...picture.querySelectorAll('text')].map((text) => {
    const m = text.getScreenCTM();  // the picture's scale on the page and every transform around the text
    return [text.textContent, parseFloat(getComputedStyle(text).fontSize) * Math.hypot(m.c, m.d)];
  });
}"""


@pytest.mark.parametrize("lang", [Language.EN, Language.DE])
def test_the_table_on_a_phone_keeps_its_text_at_12_px(browser: Any, server: str, lang: Language) -> None:
    """At 375 px from the start, every text of the table's picture is 12 px or more on the screen, move by move.

    The picture is the narrow table; turned to 1280 px it is drawn again as the wide one, and
    back at 375 px as the narrow one.
    """
    visitor = Visit(browser, server, width=375)
    try:
        page = visitor.open("try-it/table/")
        if lang is Language.DE:
            page.locator(".tryit-page .tryit-lang button[lang=de]").click()
            visitor.wait()
        setup = page.locator(".tryit-table-setup")
        setup.locator("input[name=name]").fill("Alexandra-Marie")  # a long name, as long as a card's
        setup.locator("select[name=preset]").select_option("anniversary-2021")
        setup.locator("input[name=rounds]").fill("3")
        setup.locator("input[name=seed]").fill("11")
        setup.locator("button[type=submit]").click()
        small: list[tuple[str, float]] = []
        moves = 0
        while page.locator(".tryit-table-status").get_attribute("data-over") != "true":
            assert page.evaluate(_NARROW_DRAWN)
            sizes = page.evaluate(_TEXT_SIZES)
            assert sizes
            small += [(text, size) for text, size in sizes if size < 11.99]
            if moves == 4:
                _no_sideways_scroll(page)
                _not_blank(page.screenshot(full_page=True), f"table-{lang.value}-375.png")
                page.set_viewport_size({"width": 1280, "height": 900})
                page.wait_for_function(_WIDE_DRAWN)
                _no_sideways_scroll(page)
                _not_blank(page.screenshot(full_page=True), f"table-{lang.value}-1280.png")
                page.set_viewport_size({"width": 375, "height": 800})
                page.wait_for_function(_NARROW_DRAWN)
            buttons = page.locator(".tryit-moves button[data-action]")
            buttons.nth(moves % buttons.count()).click()
            moves += 1
        assert small == []
        assert moves > 10
    finally:
        visitor.close()
    assert visitor.errors == []


def test_a_score_pad_kept_that_cannot_be_read_is_named_and_kept(visit: Visit) -> None:
    visit.context.add_init_script("localStorage.setItem('wizardrules-scorepad', '{\"format\": \"elsewhere\"}')")
    page = visit.open("try-it/score-pad/")
    with pytest.raises(FormatError) as refused:
        ScoreSheet.from_json('{"format": "elsewhere"}')
    assert str(refused.value) in page.locator(".tryit-pad-error").inner_text()
    assert page.locator("[data-tool=scorepad] select[name=preset]").count() == 1  # a new pad can be started
    assert page.evaluate("localStorage.getItem('wizardrules-scorepad')") == '{"format": "elsewhere"}'


def test_a_site_built_without_pyodide_says_how_to_get_it(browser: Any, server: str) -> None:
    visitor = Visit(browser, server)
    try:
        missing: dict[str, object] = {
            "version": "0",
            "mode": "local",
            "pyodide": None,
            "wheels": [],
            "missing": "pyodide",
            "bytes": None,
        }
        visitor.context.route("**/tryit/config.json", lambda route: route.fulfill(json=missing))
        visitor.page.goto(server + "try-it/score-pad/")
        visitor.page.wait_for_function("document.querySelector('.tryit').dataset.ready === 'failed'", timeout=READY_MS)
        status = visitor.page.locator(".tryit-page .tryit-status").inner_text()
        assert "python tools/tryit_assets.py" in status
        assert "WIZARDRULES_PYODIDE=cdn" in status
    finally:
        visitor.close()
    assert visitor.errors == []


# -- what the browser keeps is input: bad values fall back, with a notice ----------------------------------

_SEEN_STATUS = """
window.__seen = [];
const keep = (text) => text && !window.__seen.includes(text) && window.__seen.push(text);
new MutationObserver((records) => {
  for (const record of records) {
    const status = record.target instanceof Element && record.target.matches("[data-shell=status]");
    for (const node of record.addedNodes) {
      if (status && node.nodeType === Node.TEXT_NODE) keep(node.data);  // each text the line showed, in turn
      if (node instanceof Element) node.querySelectorAll?.(".tryit-notice").forEach((n) => keep(n.textContent));
    }
  }
}).observe(document, { subtree: true, childList: true });
"""
"""Every text the apps' status line and the Try-it notices show, kept in `window.__seen` as it appears."""


def _kept(context: Any, values: dict[str, str]) -> None:
    """Seed this browser's storage with `values` before any page script runs, and watch the notices."""
    context.add_init_script(f"for (const [k, v] of Object.entries({json.dumps(values)})) localStorage.setItem(k, v);")
    context.add_init_script(_SEEN_STATUS)


@pytest.mark.parametrize(
    ("language", "name", "reason"),
    [
        ("constructor", "x" * 21, "longer than 20 characters"),
        ("__proto__", "Ann\u202e", "it holds a control or invisible character"),
        ('{"en": 1}', "   ", "no text"),
        ("toString", "Zo\u00eb", None),
    ],
    ids=["constructor", "proto", "json", "fine-name"],
)
def test_a_bad_language_or_name_kept_by_the_try_it_pages_falls_back_with_a_notice(
    browser: Any, server: str, language: str, name: str, reason: str | None
) -> None:
    """A kept language that is no own key of the pages' words ("constructor", "__proto__", JSON) shows English
    and says so; a kept name the table cannot take (too long, a control, blank) starts the table as Alex and
    says why; each bad value is removed, a good name kept."""
    visitor = Visit(browser, server)
    try:
        _kept(visitor.context, {"wizardrules-tryit-lang": language, "wizardrules-tryit-name": name})
        page = visitor.open("try-it/table/")
        assert page.locator(".tryit-lang button[aria-pressed=true]").inner_text() == "EN"
        notice = page.locator(".tryit-notice[data-notice=lang]").text_content()
        said = f"The language kept in this browser ({json.dumps(language)}) is not one these tools speak"
        assert notice == f"{said}, so they show English."
        assert page.locator(".tryit-status").inner_text().startswith("Ready: wizardrules")
        given = page.locator(".tryit-table-setup input[name=name]").input_value()
        stored = page.evaluate(
            "[localStorage.getItem('wizardrules-tryit-lang'), localStorage.getItem('wizardrules-tryit-name')]"
        )
        if reason is None:
            assert given == name
            assert page.locator(".tryit-notice[data-notice=name]").count() == 0
            assert stored == [None, name]
        else:
            assert given == "Alex"
            text = page.locator(".tryit-notice[data-notice=name]").text_content()
            assert f"The name kept in this browser ({json.dumps(name)}) cannot be used: {reason}." in text
            assert stored == [None, None]
        page.locator(".tryit-lang button[lang=de]").click()  # a good choice: kept, and the notice goes
        page.wait_for_function("document.querySelector('.tryit-page').dataset.ready === 'true'", timeout=READY_MS)
        assert page.locator(".tryit-notice[data-notice=lang]").count() == 0
        assert page.evaluate("localStorage.getItem('wizardrules-tryit-lang')") == "de"
    finally:
        visitor.close()
    assert visitor.errors == []


_BAD_QUIZ = "What this device kept under “quiz” cannot be read (the quiz score is not two whole numbers, right ≤ asked)"


def _open_app(visitor: Visit, path: str) -> Any:
    page = visitor.page
    page.goto(visitor.server + path, wait_until="commit")
    page.wait_for_function(
        "['true', 'failed'].includes(document.getElementById('app')?.dataset.ready)", timeout=READY_MS
    )
    assert page.locator("#app").get_attribute("data-ready") == "true", page.locator("[data-shell=status]").inner_text()
    return page


@pytest.mark.parametrize(
    ("kept", "messages"),
    [
        (
            {
                "wizardrules-app-lang": "constructor",
                "wizardrules-app-rules-quiz": '"ten right"',
                "wizardrules-app-rules-progress": '{"__proto__": "R3"}',
            },
            [
                "The language kept on this device (constructor) is not one this app speaks, so it shows English.",
                _BAD_QUIZ,
                "What this device kept under “progress” cannot be read (step __proto_ is not one of the eight)",
            ],
        ),
        (
            {
                "wizardrules-app-lang": "__proto__",
                "wizardrules-app-rules-quiz": '{"right": 5, "asked": 2, "level": 1}',
                "wizardrules-app-rules-progress": "[1, 2",
            },
            [
                "The language kept on this device (__proto__) is not one this app speaks, so it shows English.",
                _BAD_QUIZ,
                "What this device kept under “progress” cannot be read (",
            ],
        ),
    ],
    ids=["constructor", "proto"],
)
def test_bad_values_kept_by_the_rules_app_fall_back_with_a_notice(
    browser: Any, server: str, kept: dict[str, str], messages: list[str]
) -> None:
    """The rules app reads its language, quiz score and tutorial progress as input: a value that is not
    the app's falls back (English, a new score, no steps done) and the status line says what was not read."""
    visitor = Visit(browser, server)
    try:
        _kept(visitor.context, kept)
        page = _open_app(visitor, "app/rules/#quiz")
        assert page.locator("#app").get_attribute("data-lang") == "en"
        seen = page.evaluate("window.__seen")
        for message in messages:
            assert any(text.startswith(message) for text in seen), (message, seen)
        assert page.evaluate("localStorage.getItem('wizardrules-app-lang')") is None
        score = page.locator(".rules-score")
        assert (score.get_attribute("data-right"), score.get_attribute("data-asked")) == ("0", "0")
        page.locator("[data-tab=tutorial]").click()
        assert page.locator(".rules-small[data-done]").get_attribute("data-done") == "0"
    finally:
        visitor.close()
    assert visitor.errors == []
