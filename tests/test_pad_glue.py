"""The score pad app's Python side (`docs/app/pad/pad_app.py`) under CPython.

The glue is called as the page calls it, through the apps' shell (JSON in, JSON out, the
library's refusals as `{error, kind}` in the page's language), and its answers are compared
with the library's. tests/test_pad_app.py runs the whole app in Chromium.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from wizardrules import (
    BidNotAllowedError,
    Preset,
    ScoreSheet,
    Special,
    Variant,
    allowed_bids,
)

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "docs" / "app"


def _module(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


pad_app = _module("pad_app", APP / "pad" / "pad_app.py")
shell = _module("app_shell", APP / "shell.py")


def call(name: str, **args: Any) -> Any:
    """The glue's function `name`, called as the page calls it: JSON in, JSON out, refusals as {error, kind}."""
    return json.loads(shell.call("pad_app", name, json.dumps(args)))


# -- the glue, in CPython ------------------------------------------------------------------------


def test_a_round_entered_as_the_page_enters_it() -> None:
    """New game, bids, tricks: the standings, rows and statistics are the sheet's (R4, R6, R7)."""
    pad = call("new", players=["Ann", "Ben", "Cem", "Dora"], preset="official", first_dealer=1, lang="en")
    assert (pad["round"], pad["cards"], pad["dealer"], pad["first_bidder"], pad["order"]) == (1, 1, 1, 2, [2, 3, 0, 1])
    pad = call("step", code=pad["code"], action="bids", bids=[1, 0, 0, 1], lang="en")
    assert pad["phase"] == "tricks"
    pad = call("step", code=pad["code"], action="tricks", tricks=[1, 0, 0, 0], lang="en")
    sheet = ScoreSheet.from_code(pad["code"])
    assert [row["total"] for row in sorted(pad["standings"], key=lambda r: r["seat"])] == list(sheet.totals)
    assert [row["place"] for row in sorted(pad["standings"], key=lambda r: r["seat"])] == list(sheet.standings())
    assert pad["statistics"] == [s.to_dict() for s in sheet.statistics()]
    assert pad["rows"][0]["cells"][0] == {"bid": 1, "final": 1, "blind": False, "tricks": 1, "points": 30, "hit": True}
    assert [entry["kind"] for entry in pad["log"]] == ["bids", "tricks"]
    assert pad["chart"].startswith("<svg")


def test_r4_2_hints_refuse_the_bids_the_rule_refuses() -> None:
    """Typed bids in bidding order: the next bidder's refused bids and the reason, as `allowed_bids` gives them."""
    pad = call("new", players=["Ann", "Ben", "Cem", "Dora"], preset="official", lang="de")
    order = pad["order"]
    for typed in ({}, {str(order[0]): 1}, {str(order[0]): 0, str(order[1]): 0, str(order[2]): 0}):
        pad = call("show", code=pad["code"], bids=typed, lang="de")
        made: list[int] = []
        for hint in pad["hints"]:
            if not hint["known"]:
                assert hint["refused"] == {}
                continue
            allowed = allowed_bids(Preset.OFFICIAL.rules().bid_policy, cards=1, bids=made, players=4)
            assert {int(b) for b in hint["refused"]} == set(range(2)) - allowed
            for reason in hint["refused"].values():
                assert "Ansagen" in reason
            if str(hint["seat"]) in typed:
                made.append(typed[str(hint["seat"])])
            else:
                break


def test_a_refused_entry_comes_back_with_the_reason_in_the_pages_language() -> None:
    pad = call("new", players=["Ann", "Ben", "Cem"], preset="official", lang="de")
    refused = call("step", code=pad["code"], action="bids", bids=[0, 0, 1], lang="de")
    assert refused["kind"] == "BidNotAllowedError"
    assert "darf" in refused["error"]
    assert "ergäben" in refused["error"]
    with pytest.raises(BidNotAllowedError):
        ScoreSheet.from_code(pad["code"]).record_bids([0, 0, 1])
    assert call("step", code=pad["code"], action="tricks", tricks=[1, 0, 0], lang="en")["kind"] == "PhaseError"
    assert call("show", code=pad["code"][:-2], lang="en")["kind"] == "FormatError"
    assert call("new", players=["Ann", "Ann", "Cem"], lang="en")["kind"] == "PlayerError"
    assert call("step", code=pad["code"], action="jump", lang="en")["kind"] == "FormatError"


def test_r8_1_r8_2_r4_4_cloud_bomb_and_blind_on_the_pad() -> None:
    """The 2021 deck with blind bids: a Cloud's change, a Bomb's trick and a blind bid, each as the sheet records it."""
    pad = call("new", players=["Ann", "Ben", "Cem"], preset="anniversary-2021", blind=True, lang="en")
    assert (pad["cloud"], pad["bomb"], pad["blind_bids"]) == (True, True, True)
    code = pad["code"]
    for bids, tricks in (([0, 0, 0], [1, 0, 0]), ([1, 0, 0], [1, 0, 1])):
        code = call("step", code=code, action="bids", bids=bids, lang="en")["code"]
        code = call("step", code=code, action="tricks", tricks=tricks, lang="en")["code"]
    pad = call("step", code=code, action="bids", bids=[1, 1, 0], blind=[1], lang="en")
    pad = call("step", code=pad["code"], action="cloud", seat=0, change="up", lang="en")
    assert pad["pending"] == {"bids": [1, 1, 0], "final_bids": [2, 1, 0], "blind": [False, True, False], "cloud": True}
    pad = call("step", code=pad["code"], action="tricks", tricks=[2, 0, 0], bombs=1, trump="G", lang="en")
    last = ScoreSheet.from_code(pad["code"]).rounds[-1]
    assert (last.final_bids, last.bombs, last.blind, last.trump is not None) == (
        (2, 1, 0),
        1,
        (False, True, False),
        True,
    )
    assert [e["kind"] for e in pad["log"]][-3:] == ["bids", "cloud", "tricks"]
    back = call("step", code=pad["code"], action="back", back=pad["entries"] - 2, lang="en")
    assert back["pending"]["final_bids"] == [1, 1, 0]
    assert call("step", code=pad["code"], action="back", back=0, lang="en")["entries"] == 0


def test_setup_options_and_rules() -> None:
    """Each preset's options; the rounds cut short (R2.3); the special cards and variants as chosen."""
    offer = call("options", lang="de")
    assert set(offer["presets"]) <= {p.value for p in Preset}
    assert offer["bid_rules"]["equal"] == "Gleich: Ansagen gehen auf"
    for preset in offer["presets"]:
        for players in (3, 4, 5, 6):
            answer = call("setup", preset=preset, players=players, lang="en")
            if "error" in answer:
                continue
            assert answer["rounds"] == Preset(preset).rules().schedule_for(players).rounds
    pad = call("new", players=["A", "B", "C", "D"], preset="rulebook", rounds=3, specials=["cloud"], clairvoyance=True)
    sheet = ScoreSheet.from_code(pad["code"])
    assert sheet.schedule.cards_per_round == (1, 2, 3)
    assert sheet.rules.special_cards == frozenset({Special.CLOUD})
    assert Variant.CLAIRVOYANCE in sheet.rules.variants
    assert call("new", players=["A", "B", "C"], rounds=99)["kind"] == "FormatError"
    assert call("new", players=["A", "B", "C"], bid_rule="nonsense")["kind"] == "FormatError"


def test_files_out_and_back_in() -> None:
    """JSON and CSV (German: semicolons) out; JSON, CSV of either language, a code and a link back in."""
    pad = call("new", players=["Ann", "Ben", "Cem"], preset="official", lang="de")
    pad = call("step", code=pad["code"], action="bids", bids=[1, 1, 1], lang="de")
    pad = call("step", code=pad["code"], action="tricks", tricks=[1, 0, 0], lang="de")
    german = call("export", code=pad["code"], form="csv", lang="de")
    assert german["text"].startswith("Runde;Karten;Geber")
    english = call("export", code=pad["code"], form="csv", lang="en")
    saved = call("export", code=pad["code"], form="json", lang="en")
    for text in (german["text"], english["text"]):
        assert call("load", text=text, like=pad["code"], lang="en")["rows"] == pad["rows"]
    for text in (saved["text"], pad["code"], f"https://example.org/app/pad/#{pad['code']}"):
        assert call("load", text=text, lang="en")["code"] == pad["code"]
    assert call("load", text="not a pad", lang="en")["kind"] == "FormatError"
    assert call("export", code=pad["code"], form="pdf", lang="en")["kind"] == "FormatError"


def test_the_glue_speaks_both_languages() -> None:
    for table in (pad_app.PRESETS, pad_app.BID_RULES, pad_app.TIEBREAKS, pad_app._WORDS):
        for key, (english, german) in table.items():
            assert english, key
            assert german, key
    assert call("new", players=["A", "B", "C"], lang="de")["suits"][0]["name"] == "Rot"


def test_the_page_has_every_text_in_both_languages() -> None:
    """pad.js: the English and German tables have the same keys."""
    script = (APP / "pad" / "pad.js").read_text(encoding="utf-8")
    english = script[script.index("  en: {") : script.index("  de: {")]
    german = script[script.index("  de: {") : script.index("const TABS")]
    keys = re.compile(r"^\s{4}(\w+):", re.MULTILINE)
    assert keys.findall(english) == keys.findall(german)
    assert len(keys.findall(english)) > 50


def test_every_refusal_of_the_pad_reads_in_german() -> None:
    """A German page gets each refusal in German: the sheet's, the share code's and the glue's own."""
    pad = call("new", players=["Ann", "Ben", "Cem"], lang="de")
    pad = call("step", code=pad["code"], action="bids", bids=[1, 0, 0], lang="de")
    for name, args in [
        ("step", {"code": pad["code"], "action": "tricks", "tricks": [1, 1, 0]}),
        ("step", {"code": pad["code"], "action": "jump"}),
        ("show", {"code": pad["code"][:-3]}),
        ("export", {"code": pad["code"], "form": "pdf"}),
        ("new", {"players": ["Ann", "Ben"]}),
        ("new", {"players": ["A", "B", "C"], "rounds": 99}),
        ("load", {"text": "round,cards\n"}),
    ]:
        english = call(name, **args, lang="en")
        german = call(name, **args, lang="de")
        assert english["kind"] == german["kind"], name
        assert german["error"] != english["error"], german
