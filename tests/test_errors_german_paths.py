"""R1.3: every error a person can meet has a German form: the score sheet, rules, points, notation, the command line.

A person meets the library's errors on the command line (`wizardrules --lang de ...`), on the
Try-it pages and in the apps. Each of these calls stands for an input a person can give there;
its error must carry a German form (written where it is raised, or kept in the table of German
forms) and that form must hold no English words. A new message without a German form on one of
these paths fails here.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import pickle
import re
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, Final

import attrs
import pytest

from test_errors_german import english_left
from wizardrules import (
    STANDARD_SCORE,
    Bid,
    BidContext,
    Card,
    CloudChange,
    GameState,
    Language,
    NotEqualBids,
    Preset,
    Rules,
    Schedule,
    ScorekeeperHook,
    ScoreSheet,
    Special,
    Suit,
    Trick,
    WizardRulesError,
    decide_trick,
    legal_plays,
    new_game,
    parse_action,
    parse_cards,
    round_points,
    verify_bid,
)
from wizardrules.cli import _human, main
from wizardrules.errors import _has_german

_NAMES: Final = ["Ann", "Ben", "Cem"]


def _sheet(preset: Preset = Preset.RULEBOOK, **changes: Any) -> ScoreSheet:
    return ScoreSheet(players=_NAMES, rules=attrs.evolve(preset.rules(), **changes))


def _bid(sheet: ScoreSheet, bids: list[int]) -> ScoreSheet:
    return sheet.record_bids(bids)


def _played(rounds: int) -> ScoreSheet:
    """A three-player pad of `rounds` rounds with every round recorded."""
    rules = Rules(schedule=Schedule.ladder(3, rounds=rounds))
    sheet = ScoreSheet(players=_NAMES, rules=rules)
    for number in range(1, rounds + 1):
        sheet = sheet.record(bids=[0] * 3, tricks=[number, 0, 0])
    return sheet


def _hooked() -> ScoreSheet:
    """Two rounds under the scorekeeper's hook: Ben deals round 2 leading, so its bids may add up (R4.2)."""
    rules = Rules(bid_policy=ScorekeeperHook(scorekeeper=1), schedule=Schedule.ladder(3, rounds=2))
    sheet = ScoreSheet(players=_NAMES, rules=rules).record(bids=[0, 1, 0], tricks=[0, 1, 0])
    return sheet.record(bids=[1, 1, 0], tricks=[1, 1, 0])


_SHEET: Final[dict[str, Callable[[], object]]] = {
    "two players": lambda: ScoreSheet(players=["Ann", "Ben"]),
    "seven players": lambda: ScoreSheet(players=[f"P{n}" for n in range(7)]),
    "a name twice": lambda: ScoreSheet(players=["Ann", "Ann", "Ben"]),
    "an empty name": lambda: ScoreSheet(players=["Ann", "", "Ben"]),
    "a blank name": lambda: ScoreSheet(players=["Ann", "   ", "Ben"]),
    "a long name": lambda: ScoreSheet(players=["Ann", "x" * 101, "Ben"]),
    "a hidden character": lambda: ScoreSheet(players=["Ann", "B\u200ben", "Cem"]),
    "a control character": lambda: ScoreSheet(players=["Ann", "B\x07en", "Cem"]),
    "first dealer": lambda: ScoreSheet(players=_NAMES, first_dealer=3),
    "bids too few": lambda: ScoreSheet(players=_NAMES).record_bids([1, 0]),
    "bids too many": lambda: ScoreSheet(players=_NAMES).record_bids([1, 0, 0, 0]),
    "a negative bid": lambda: ScoreSheet(players=_NAMES).record_bids([1, -1, 0]),
    "a bid past the cards": lambda: ScoreSheet(players=_NAMES).record_bids([2, 0, 0]),
    "a bid not a number": lambda: ScoreSheet(players=_NAMES).record_bids([1, 0.5, 0]),  # type: ignore[list-item]
    "bids for an unknown player": lambda: ScoreSheet(players=_NAMES).record_bids({"Ann": 1, "Zed": 0, "Cem": 0}),
    "bids missing a player": lambda: ScoreSheet(players=_NAMES).record_bids({"Ann": 1, "Ben": 0}),
    "bids the policy forbids": lambda: _sheet(bid_policy=NotEqualBids()).record_bids([1, 0, 0]),
    "blind bids not allowed": lambda: ScoreSheet(players=_NAMES).record_bids([0, 0, 0], blind=["Ann"]),
    "blind bid by nobody there": lambda: _sheet(Preset.ANNIVERSARY_2021).record_bids([0, 0, 0], blind=["Zed"]),
    "blind bid by a seat": lambda: _sheet(Preset.ANNIVERSARY_2021).record_bids([0, 0, 0], blind=[7]),
    "bids twice": lambda: ScoreSheet(players=_NAMES).record_bids([0, 0, 0]).record_bids([0, 0, 0]),
    "tricks before bids": lambda: ScoreSheet(players=_NAMES).record_tricks([1, 0, 0]),
    "tricks that do not add up": lambda: _bid(ScoreSheet(players=_NAMES), [0, 0, 0]).record_tricks([1, 1, 0]),
    "negative tricks": lambda: _bid(ScoreSheet(players=_NAMES), [0, 0, 0]).record_tricks([2, -1, 0]),
    "tricks too few": lambda: _bid(ScoreSheet(players=_NAMES), [0, 0, 0]).record_tricks([1]),
    "a Bomb in a game without": lambda: _bid(ScoreSheet(players=_NAMES), [0, 0, 0]).record_tricks([0, 0, 0], bombs=1),
    "a trump in the last round": lambda: _bid(_played(0 + 19), [0, 0, 0]).record_tricks([20, 0, 0], trump=Suit.RED),
    "past the last round": lambda: _played(1).record_bids([0, 0, 0]),
    "tricks past the last round": lambda: _played(1).record_tricks([1, 0, 0]),
    "undo on an empty pad": lambda: ScoreSheet(players=_NAMES).undo(),
    "no Cloud": lambda: _bid(ScoreSheet(players=_NAMES), [0, 0, 0]).change_bid("Ann", CloudChange.UP),
    "a Cloud before the bids": lambda: _sheet(Preset.ANNIVERSARY_2021).change_bid("Ann", CloudChange.UP),
    "a Cloud twice": lambda: (
        _bid(_sheet(Preset.ANNIVERSARY_2021), [0, 0, 0])
        .change_bid("Ann", CloudChange.UP)
        .change_bid("Ben", CloudChange.UP)
    ),
    "a Cloud below zero": lambda: _bid(_sheet(Preset.ANNIVERSARY_2021), [0, 0, 0]).change_bid("Ann", CloudChange.DOWN),
    "a Cloud's winner without a trick": lambda: (
        _bid(_sheet(Preset.ANNIVERSARY_2021), [0, 0, 0]).change_bid("Ann", CloudChange.UP).record_tricks([0, 1, 0])
    ),
    "a Cloud for nobody there": lambda: _bid(_sheet(Preset.ANNIVERSARY_2021), [0, 0, 0]).change_bid(
        "Zed", CloudChange.UP
    ),
    "a seat past the table": lambda: ScoreSheet(players=_NAMES).seat(5),
    "an unknown name": lambda: ScoreSheet(players=_NAMES).seat("Zed"),
    "amend a round not played": lambda: _played(2).amend(5, bids=[0, 0, 0]),
    "amend a later round out": lambda: _hooked().amend(1, bids=[1, 0, 0], tricks=[1, 0, 0]),
    "amend to tricks that do not add up": lambda: _played(2).amend(2, tricks=[0, 0, 0]),
}

_RULES: Final[dict[str, Callable[[], object]]] = {
    "a ladder for two": lambda: Schedule.ladder(2),
    "a ladder for seven": lambda: Schedule.ladder(7),
    "a ladder of no rounds": lambda: Schedule.ladder(4, rounds=0),
    "a ladder too long": lambda: Schedule.ladder(4, rounds=99),
    "einfarbig for five": lambda: Schedule.einfarbig(5),
    "a preset that is none": lambda: Preset.parse("xyz"),
    "rules for two": lambda: Preset.RULEBOOK.rules().schedule_for(2),
    "a schedule past the deck": lambda: Rules(schedule=Schedule.ladder(3)).check(4),
    "a schedule's round": lambda: Schedule.ladder(3).cards(99),
    "a scorekeeper's seat": lambda: Rules(bid_policy=ScorekeeperHook(scorekeeper=5)).check(3),
    "a Werewolf with a fixed trump": lambda: Rules(
        special_cards=frozenset({Special.WEREWOLF}), schedule=Schedule.maximus(3)
    ).check(3),
}

_POINTS: Final[dict[str, Callable[[], object]]] = {
    "a negative bid": lambda: STANDARD_SCORE.breakdown(-1, 2),
    "negative tricks": lambda: STANDARD_SCORE.breakdown(2, -1),
    "a bid past any deck": lambda: round_points(68, 0),
    "tricks past any deck": lambda: round_points(0, 99),
}

_BIDS: Final[dict[str, Callable[[], object]]] = {
    "a bid past the cards": lambda: verify_bid(NotEqualBids(), 5, cards=2, bids=[], players=3),
    "a negative bid": lambda: verify_bid(NotEqualBids(), -1, cards=2, bids=[], players=3),
    "a bid the policy forbids": lambda: verify_bid(NotEqualBids(), 1, cards=2, bids=[1, 0], players=3),
    "bids made past the cards": lambda: BidContext(cards=2, bids=(5,), players=3),
    "every player has bid": lambda: BidContext(cards=2, bids=(0, 0, 0), players=3),
    "a context for two": lambda: BidContext(cards=2, bids=(), players=2),
    "a context with no cards": lambda: BidContext(cards=-1, bids=(), players=3),
    "a Bid action below zero": lambda: Bid(tricks=-1),
}

_NOTATION: Final[dict[str, Callable[[], object]]] = {
    "a card that is none": lambda: Card.parse("X9"),
    "a rank past 13": lambda: Card.parse("R14"),
    "an empty card": lambda: Card.parse(""),
    "cards with one wrong": lambda: parse_cards("R1 Q7"),
    "a suit that is none": lambda: Suit.parse("purple"),
    "an action that is none": lambda: parse_action("xyz"),
    "a bid too large": lambda: parse_action("bid 99"),
    "a declaration the card does not take": lambda: Card.parse("CLOUD:Q"),
    "a leading zero": lambda: Card.parse("R07"),
}

_TRICKS: Final[dict[str, Callable[[], object]]] = {
    "a card twice": lambda: decide_trick(parse_cards("R1 R1"), None),
    "too many cards": lambda: decide_trick(parse_cards("R1 R2 R3 R4 R5 R6 R7"), None),
    "five Wizards": lambda: decide_trick(parse_cards("W W W W W"), None),
    "an empty trick": lambda: decide_trick((), None),
    "a Cloud without its suit": lambda: decide_trick(parse_cards("R1 CLOUD"), None),
    "the Werewolf played": lambda: decide_trick(parse_cards("R1 WEREWOLF"), None),
    "a hand with a card twice": lambda: legal_plays(parse_cards("R1 R1"), parse_cards("R2")),
    "a trick of six for three": lambda: Trick(leader=0, players=3, trump=None, cards=parse_cards("R1 R2 R3 R4")),
}

_ENGINE: Final[dict[str, Callable[[], object]]] = {
    "a game for two": lambda: new_game(2),
    "a game for seven": lambda: new_game(7),
    "a game with a name twice": lambda: new_game(["Ann", "Ann", "Ben"]),
    "a game with an empty name": lambda: new_game(["Ann", "", "Ben"]),
    "a seat past the table": lambda: new_game(3, seed=1).view(3),
    "a game's rules for the wrong table": lambda: new_game(5, rules=Rules(schedule=Schedule.einfarbig(3)), seed=1),
    "an illegal bid": lambda: new_game(3, seed=1).apply(parse_action("bid 5")),
    "out of turn": lambda: _out_of_turn(new_game(3, seed=1)),
}


def _out_of_turn(state: GameState) -> object:
    mover = state.to_move
    assert mover is not None
    return state.apply(parse_action("bid 0"), seat=(mover + 1) % 3)


def _json_sheet() -> str:
    return _played(2).to_json()


def _edited(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


def _unsummed(text: str) -> str:
    """The file with its content changed and its checksum written again to match."""
    from wizardrules._codec import checksum

    data = json.loads(text)
    data["rounds"][0]["tricks"] = [0, 0, 0]
    data.pop("checksum", None)
    data["checksum"] = checksum(data)
    return json.dumps(data)


_FILES: Final[dict[str, Callable[[], object]]] = {
    "an empty JSON file": lambda: ScoreSheet.from_json(""),
    "JSON that is not": lambda: ScoreSheet.from_json("{not json"),
    "JSON of a list": lambda: ScoreSheet.from_json("[]"),
    "JSON of another format": lambda: ScoreSheet.from_json('{"format": "x"}'),
    "JSON of a later version": lambda: ScoreSheet.from_json(_edited(_json_sheet(), '"version": 1', '"version": 99')),
    "JSON edited": lambda: ScoreSheet.from_json(_edited(_json_sheet(), '"Ann"', '"Anna"')),
    "JSON without a checksum": lambda: ScoreSheet.from_json(re.sub(r',\s*"checksum": "[0-9a-f]+"', "", _json_sheet())),
    "JSON nested deep": lambda: ScoreSheet.from_json("[" * 100 + "]" * 100),
    "JSON that does not replay": lambda: ScoreSheet.from_json(_unsummed(_json_sheet())),
    "JSON not UTF-8": lambda: ScoreSheet.from_json(b"\xff\xfe{"),
    "an empty CSV file": lambda: ScoreSheet.from_csv(""),
    "a CSV file with a wrong header": lambda: ScoreSheet.from_csv("a,b,c\n1,2,3\n"),
    "a CSV row too short": lambda: ScoreSheet.from_csv(_edited(_played(2).to_csv(), "\n2,", "\n2\n")),
    "a CSV bid not a number": lambda: ScoreSheet.from_csv(_csv_cell("x")),
    "a CSV that does not replay": lambda: ScoreSheet.from_csv(_csv_cell("7")),
    "a CSV file of another game's rules": lambda: ScoreSheet.from_csv(
        _played(2).to_csv(), rules=Preset.ANNIVERSARY_2021.rules()
    ),
    "a CSV file not UTF-8": lambda: ScoreSheet.from_csv(b"\xff\xfe"),
}


def _csv_cell(value: str) -> str:
    """The CSV of a played pad with its first bid cell replaced by `value`."""
    lines = _played(2).to_csv().splitlines()
    cells = lines[1].split(",")
    index = next(i for i, cell in enumerate(cells) if i > 2 and cell.isdigit())
    cells[index] = value
    return "\n".join([lines[0], ",".join(cells), *lines[2:]]) + "\n"


_PATHS: Final = {
    "sheet": _SHEET,
    "rules": _RULES,
    "points": _POINTS,
    "bids": _BIDS,
    "notation": _NOTATION,
    "tricks": _TRICKS,
    "engine": _ENGINE,
    "files": _FILES,
}


def _refusal(call: Callable[[], object]) -> WizardRulesError | None:
    try:
        call()
    except WizardRulesError as error:
        return error
    return None


def _leftover(error: WizardRulesError) -> str | None:
    """What is English in the error's German form: none kept, or an English word left in it."""
    if not _has_german(error):
        return "no German form"
    word = english_left(error.german)
    return None if word is None else f"English word {word!r}"


@pytest.mark.parametrize("path", sorted(_PATHS))
def test_r1_3_every_error_a_person_meets_has_a_german_form(path: str) -> None:
    refused = {name: _refusal(call) for name, call in _PATHS[path].items()}
    assert [name for name, error in refused.items() if error is None] == []
    found = {name: error for name, error in refused.items() if error is not None}
    left = {name: (str(e), e.german, _leftover(e)) for name, e in found.items() if _leftover(e) is not None}
    assert left == {}
    for error in found.values():
        assert error.to_text(language=Language.DE) == error.german
        assert error.to_text(language=Language.EN) == str(error)


_CLI: Final = [
    ["play", "--players", "9"],
    ["play", "--players", "2"],
    ["play", "--preset", "xyz"],
    ["play", "--human", "7"],
    ["play", "--human", "0"],
    ["play", "--bots", "rule"],
    ["play", "--bots", "rule,foo,rule,rule"],
    ["play", "--bots", "rule,human,human,rule"],
    ["play", "--variants", "zzz"],
    ["play", "--rounds", "99"],
    ["play", "--rounds", "0"],
    ["play", "--human", "1", "--json"],
    ["play", "--human", "1", "--name", "a\u200bb"],
    ["play", "--human", "1", "--svg", "/"],
    ["play", "--players", "x"],
    ["play", "--bots"],
    ["play", "--nonsense"],
    ["play", "--preset", "einfarbig", "--players", "5"],
    ["points", "-1", "2"],
    ["points", "2", "99"],
    ["points", "2"],
    ["points", "two", "2"],
    ["bids", "1", "1", "--round", "30"],
    ["bids", "5", "--cards", "2"],
    ["bids", "0", "0", "0", "--cards", "2", "--players", "3"],
    ["bids", "--rule", "nope"],
    ["trick", "X9"],
    ["trick", "R1 R1"],
    ["trick", "R1", "--trump", "purple"],
    ["trick", "R1 CLOUD"],
    ["trick"],
    ["simulate", "--games", "0"],
    ["simulate", "--games", "5", "--duplicate"],
    ["simulate", "--players", "7"],
    ["ratings", "/nonexistent/sheet.json"],
    ["serve", "--port", "0"],
    ["nocommand"],
    [],
]


def _refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The one line on stderr with which the command line refuses `argv` (exit code 2)."""
    try:
        code = main(argv)
    except SystemExit as done:  # argparse's refusals end the parse with code 2
        code = done.code  # type: ignore[assignment]
    assert code == 2
    line = capsys.readouterr().err.strip()
    assert "\n" not in line
    return line


@pytest.mark.parametrize("argv", _CLI, ids=" ".join)
def test_r1_3_the_command_line_refuses_in_german(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """`--lang de`: the one line of every refusal, the library's or the options', reads German."""
    line = _refused(["--lang", "de", *argv], capsys)
    assert re.match(r"wizardrules( \w+)?: Fehler: ", line), line
    german = line.split("Fehler: ", 1)[1]
    assert english_left(german) is None, line
    english = _refused(argv, capsys)
    assert english.split("error: ", 1)[1] != german  # a message without a German form would come out the same


def test_r1_3_the_command_line_refuses_in_english_without_lang(capsys: pytest.CaptureFixture[str]) -> None:
    assert _refused(["play", "--players", "9"], capsys) == (
        "wizardrules play: error: --players 9: Wizard is for 3 to 6 players (R2.1)"
    )
    assert _refused(["play", "--players", "x"], capsys) == (
        "wizardrules play: error: argument --players: invalid int value: 'x' (see --help)"
    )
    assert _refused(["play", "--players", "x", "--lang=de"], capsys) == (
        "wizardrules play: Fehler: --players: 'x' ist keine ganze Zahl (siehe --help)"
    )


def test_r1_3_a_person_at_the_terminal_reads_german(monkeypatch: pytest.MonkeyPatch) -> None:
    """A human seat fed answers that are no action, out of range or illegal gets German reasons."""
    answers = ["", "xyz", "99", "bid 99", "play X9", "trump purple", "bid 1 dark", "look", "1", *["1"] * 200]

    def ask(prompt: str) -> str:
        if not answers:
            raise EOFError
        return answers.pop(0)

    out = io.StringIO()
    with contextlib.suppress(SystemExit):
        _human.play_with_human(
            [None, __import__("wizardrules").RuleBot(), __import__("wizardrules").RuleBot()],
            rules=Rules(schedule=Schedule.ladder(3, rounds=2)),
            seed=1,
            names=["Mensch 1", "RuleBot 2", "RuleBot 3"],
            lang=Language.DE,
            ask=ask,
            out=out,
        )
    said = out.getvalue()
    lines = re.sub(r"\n  (?=\S)", " ", said).splitlines()  # a message wrapped to the terminal, joined again
    told = [line for line in lines if line.startswith(("Nicht erlaubt", "Keine Aktion", "Es gibt", "Bitte"))]
    assert len(told) >= 6, said
    assert [line for line in told if english_left(line) is not None] == []


def _glue() -> ModuleType:
    """The Try-it pages' glue (docs/_tryit/tryit_glue.py), as the pages run it."""
    folder = str(Path(__file__).resolve().parent.parent / "docs" / "_tryit")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    return importlib.import_module("tryit_glue")


def _pad(preset: str = "rulebook") -> str:
    return str(_glue().sheet_new(_NAMES, preset)["json"])


def _action(action: str) -> str:
    return json.dumps({"format": "wizardrules/action", "version": 2, "action": action})


_PAGES: Final[dict[str, Callable[[], tuple[str, dict[str, object]]]]] = {
    "a pad for two": lambda: ("sheet_new", {"players": ["Ann", "Ben"]}),
    "a pad with a name twice": lambda: ("sheet_new", {"players": ["Ann", "Ann", "Ben"]}),
    "a pad with a blank name": lambda: ("sheet_new", {"players": ["Ann", " ", "Ben"]}),
    "a pad of too many rounds": lambda: ("sheet_new", {"players": _NAMES, "rounds": 99}),
    "a pad of a preset that is none": lambda: ("sheet_new", {"players": _NAMES, "preset": "xyz"}),
    "a pad's first dealer": lambda: ("sheet_new", {"players": _NAMES, "first_dealer": 5}),
    "bids too few": lambda: ("sheet_step", {"state": _pad(), "action": "bids", "bids": [0, 0]}),
    "a bid past the cards": lambda: ("sheet_step", {"state": _pad(), "action": "bids", "bids": [5, 0, 0]}),
    "a negative bid": lambda: ("sheet_step", {"state": _pad(), "action": "bids", "bids": [-1, 0, 0]}),
    "a bid the rule forbids": lambda: ("sheet_step", {"state": _pad("official"), "action": "bids", "bids": [1, 0, 0]}),
    "a blind bid not allowed": lambda: (
        "sheet_step",
        {"state": _pad(), "action": "bids", "bids": [0, 0, 0], "blind": ["Ann"]},
    ),
    "tricks before bids": lambda: ("sheet_step", {"state": _pad(), "action": "tricks", "tricks": [1, 0, 0]}),
    "a Cloud without one": lambda: (
        "sheet_step",
        {"state": _pad(), "action": "cloud", "player": "Ann", "change": "up"},
    ),
    "undo on an empty pad": lambda: ("sheet_step", {"state": _pad(), "action": "undo"}),
    "a pad action that is none": lambda: ("sheet_step", {"state": _pad(), "action": "draw"}),
    "a pad kept edited": lambda: ("sheet_step", {"state": _pad().replace("Ann", "Anna"), "action": "show"}),
    "a JSON file that is none": lambda: ("sheet_import", {"text": "{", "form": "json"}),
    "a CSV file that is none": lambda: ("sheet_import", {"text": "a,b\n", "form": "csv"}),
    "points of a negative bid": lambda: ("points", {"bid": -1, "tricks": 2}),
    "points past any deck": lambda: ("points", {"bid": 2, "tricks": 99}),
    "a bid rule that is none": lambda: ("bids", {"policy": "nope", "cards": 3}),
    "bids made past the cards": lambda: ("bids", {"policy": "free", "cards": 2, "made": [5]}),
    "bids for two": lambda: ("bids", {"policy": "free", "cards": 2, "players": 2}),
    "a trick of no card": lambda: ("trick", {"cards": "X9"}),
    "a trick with a card twice": lambda: ("trick", {"cards": "R1 R1"}),
    "a trump that is none": lambda: ("trick", {"cards": "R1", "trump": "purple"}),
    "a hand with a card twice": lambda: ("may_play", {"hand": "R1 R1", "trick": ""}),
    "a table preset not offered": lambda: ("table_new", {"preset": "xyz"}),
    "a table of too many rounds": lambda: ("table_new", {"rounds": 99}),
    "a move at no table": lambda: ("table_move", {"table": 999, "message": _action("bid 0")}),
    "an illegal move": lambda: (
        "table_move",
        {"table": _glue().table_new(rounds=1, seed=3)["table"], "message": _action("bid 9")},
    ),
}


@pytest.mark.parametrize("case", sorted(_PAGES))
def test_r1_3_the_try_it_pages_refuse_in_german(case: str) -> None:
    """`lang: de`: every refusal a visitor can cause on the Try-it pages reads German, and differs from the English."""
    tool, args = _PAGES[case]()
    german = json.loads(_glue().call(tool, json.dumps({**args, "lang": "de"})))
    english = json.loads(_glue().call(tool, json.dumps({**args, "lang": "en"})))
    assert "error" in german, german
    assert english_left(german["error"]) is None, german
    assert german["error"] != english["error"]
    assert german["kind"] == english["kind"]


def test_r1_3_the_german_form_crosses_process_pools() -> None:
    """A pickled error keeps its German form, as a tournament's process pool sends it back."""
    errors = [
        _refusal(lambda: Schedule.ladder(2)),
        _refusal(lambda: _sheet(bid_policy=NotEqualBids()).record_bids([1, 0, 0])),
        _refusal(lambda: new_game(3, seed=1).apply(parse_action("bid 5"))),
    ]
    for error in errors:
        assert error is not None
        copy = pickle.loads(pickle.dumps(error))  # noqa: S301 - the test's own error
        assert (type(copy), str(copy), copy.german) == (type(error), str(error), error.german)
        assert copy.german != str(copy)


_APP_CALLS: Final = [
    ("length", {"players": 9}),
    ("trump", {"seed": 3, "round": 99}),
    ("quiz", {"seed": 1, "level": 7}),
    ("trick", {"cards": "R1 R1"}),
    ("trick", {"cards": "X9"}),
    ("bids", {"rule": "free", "cards": 2, "made": [5]}),
]


@pytest.mark.parametrize(("name", "args"), _APP_CALLS, ids=str)
def test_r1_3_the_rules_app_refuses_in_german(name: str, args: dict[str, object]) -> None:
    """The apps' shell gives the library's refusal in the app's language (`lang: de`)."""
    folder = Path(__file__).resolve().parent.parent / "docs" / "app"
    for path in (folder, folder / "rules"):
        if str(path) not in sys.path:
            sys.path.insert(0, str(path))
    shell = importlib.import_module("shell")
    german = json.loads(shell.call("rules_app", name, json.dumps({**args, "lang": "de"})))
    english = json.loads(shell.call("rules_app", name, json.dumps({**args, "lang": "en"})))
    assert "error" in german, german
    assert english_left(german["error"]) is None, german
    assert german["error"] != english["error"]
