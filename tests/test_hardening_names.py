"""Players' names and the files that hold them: one regression test per class of failure.

One rule for names everywhere (the sheet, the engine, the command line, and so the pictures
and files that show them): what no document can hold, or what hides or reorders text, is a
`PlayerError`; names compare in composed form (NFC). A CSV cell never becomes a spreadsheet
formula, a line break in a name is quoted, and players whose columns share a name (`A` and
`A final` with the Cloud) read back.
"""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wizardrules import (
    FormatError,
    GameRecord,
    PlayerError,
    RandomBot,
    Rules,
    ScoreSheet,
    Special,
    Variant,
    new_game,
    play_game,
    svg,
)
from wizardrules._names import MAX_NAME, check_name

CLOUD = Rules(special_cards=frozenset({Special.CLOUD}))
EVERYTHING = Rules(special_cards=frozenset({Special.CLOUD, Special.BOMB}), variants=Variant.BLIND_BIDS)

REFUSED = [
    "Ann\x00",
    "Ann\x08",
    "\x1b[31mAnn",  # a terminal's escape
    "Ann\x7f",
    "Ann\x9b",  # a C1 control
    "Ann\ufffe",
    "Ann\uffff",
    "Ann\ud800",  # a lone surrogate
    "\udfffAnn",
    "Ann\u202e",  # right-to-left override
    "\u2066Ann\u2069",
    "Ann\u200f",
    "Ann\u061c",
    "An\u200bn",  # zero-width space
    "An\u200dn",
    "Ann\ufeff",
    "\u2060Ann",
    "\u3164",  # a Hangul filler: an invisible name
    "A" * (MAX_NAME + 1),
    "",
    "   ",
]


@pytest.mark.parametrize("name", REFUSED)
def test_names_no_document_can_hold_are_refused_everywhere(name: str) -> None:
    """The sheet, the engine and the bots' games refuse the name with a PlayerError that shows it escaped."""
    players = [name, "Ben", "Cem"]
    for make in (
        lambda: ScoreSheet(players),
        lambda: new_game(players, seed=1),
        lambda: play_game([RandomBot(seed=1)] * 3, names=players, seed=1),
    ):
        with pytest.raises(PlayerError) as caught:
            make()
        message = str(caught.value)
        assert message.isprintable() or "\n" not in message
        assert all(ch not in message for ch in "\u202e\u2066\u200b\ud800\x1b\x00")


@pytest.mark.parametrize("name", ["Ann\tB", "Ann\nB", "Ann\rB", "Zoë", "李雷", "Ali 🃏", "O'Brien", "=1+1"])
def test_names_documents_can_hold_are_kept(name: str) -> None:
    """Tabs, line breaks, letters of any script, emoji and formula-like text stay names."""
    assert ScoreSheet([name, "Ben", "Cem"]).players[0] == name


def test_the_same_name_in_two_unicode_forms_is_one_name() -> None:
    """A name is kept composed (NFC): typed decomposed it is the same player, and twice it is a duplicate."""
    composed, decomposed = "Zo\u00eb", "Zoe\u0308"
    sheet = ScoreSheet([decomposed, "Ben", "Cem"])
    assert sheet.players[0] == composed
    assert sheet.seat(composed) == sheet.seat(decomposed) == 0
    with pytest.raises(PlayerError, match="appears twice"):
        ScoreSheet([composed, decomposed, "Cem"])
    with pytest.raises(PlayerError, match="appears twice"):
        new_game([composed, decomposed, "Cem"], seed=1)
    recorded = sheet.record_bids({decomposed: 1, "Ben": 0, "Cem": 0})
    assert recorded.pending is not None
    with pytest.raises(PlayerError, match="two Unicode forms"):
        sheet.record_bids({decomposed: 1, composed: 1, "Ben": 0, "Cem": 0})
    assert new_game([decomposed, "Ben", "Cem"], seed=1).players[0] == composed


@given(st.text(min_size=1, max_size=12))
def test_property_a_name_is_refused_or_fits_every_document(name: str) -> None:
    """Any text is refused with a PlayerError, or is a name that JSON, CSV and XML all hold and give back."""
    try:
        kept = check_name(name)
    except PlayerError:
        return
    sheet = ScoreSheet([kept, f"{kept}x", f"{kept} final"], rules=CLOUD).record(bids=[1, 0, 0], tricks=[1, 0, 0])
    assert ScoreSheet.from_json(sheet.to_json()) == sheet
    assert ScoreSheet.from_csv(sheet.to_csv(), rules=CLOUD) == sheet
    ET.fromstring(svg.scores(sheet))  # noqa: S314 - our own output
    sheet.to_json().encode("utf-8")  # no lone surrogate


def test_pictures_and_files_of_every_kept_name_are_well_formed() -> None:
    """The score chart, the table and the notebook HTML of names with tabs and line breaks parse as XML."""
    names = ["A\tB", "C\rD", "E\nF"]
    state = new_game(names, seed=3)
    ET.fromstring(svg.table(state.view(0)))  # noqa: S314 - our own output
    ET.fromstring(svg.scores(state.scoresheet))  # noqa: S314 - our own output
    record = GameRecord.from_state(state)
    assert GameRecord.from_json(record.to_json()) == record


# -- CSV --------------------------------------------------------------------------------------------------


FORMULAS = ['=HYPERLINK("http://x","y")', "+1", "-2+3", "@SUM(A1)", "\tTab", "\rCR", "\nLF", "\uff1d1", "'quoted"]


@pytest.mark.parametrize("name", FORMULAS)
def test_csv_cells_never_start_a_formula(name: str) -> None:
    """No cell a spreadsheet reads as text starts with a formula character; the names read back the same."""
    sheet = ScoreSheet([name, "Ben", "Cem"]).record(bids=[1, 0, 0], tricks=[1, 0, 0])
    sheet = sheet.record(bids=[1, 0, 0], tricks=[1, 1, 0])
    text = sheet.to_csv()
    for row in csv.reader(io.StringIO(text, newline="")):
        for cell in row:
            try:
                int(cell)
            except ValueError:
                assert cell[:1] not in set("=+-@\t\r\n\uff1d"), cell
    dealers = [row[2] for row in csv.reader(io.StringIO(text, newline=""))][1:]
    assert f"'{name}" in dealers
    loaded = ScoreSheet.from_csv(text)
    assert loaded == sheet
    assert loaded.players[0] == name


def test_csv_quotes_a_carriage_return_and_reads_it_back() -> None:
    """A `\\r` in a name is quoted, so a spreadsheet keeps the row whole and from_csv reads it."""
    sheet = ScoreSheet(["a\rb", "c\r\nd", "e\nf"]).record(bids=[1, 0, 0], tricks=[1, 0, 0])
    text = sheet.to_csv()
    assert '"a\rb bid"' in text
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert [len(row) for row in rows] == [3 + 3 * 4, 3 + 3 * 4]  # the header and one round, none split
    assert ScoreSheet.from_csv(text) == sheet
    assert ScoreSheet.from_csv(text.encode()) == sheet


@pytest.mark.parametrize(
    ("players", "rules"),
    [
        (["A", "A final", "B"], CLOUD),
        (["A final", "A", "B"], CLOUD),
        (["A", "A final", "A final final"], CLOUD),
        (["A", "A blind", "B"], EVERYTHING),
        (["x bid", "x", "x bid bid"], EVERYTHING),
    ],
)
def test_csv_columns_that_share_a_name_read_back(players: list[str], rules: Rules) -> None:
    """Columns are read by position: players `A` and `A final` with the Cloud both read back."""
    sheet = ScoreSheet(players, rules=rules).record(bids=[1, 0, 0], tricks=[1, 0, 0])
    sheet = sheet.record(bids=[0, 1, 1], tricks=[0, 2, 0], bombs=0)
    assert ScoreSheet.from_csv(sheet.to_csv(), rules=rules) == sheet


def test_a_csv_of_a_refused_name_is_a_format_error() -> None:
    """A CSV edited to hold a name the rule refuses is a FormatError, not a sheet with that name."""
    text = ScoreSheet(["Ann", "Ben", "Cem"]).to_csv().replace("Ann", "An\u202en")
    with pytest.raises(FormatError, match="U\\+202E"):
        ScoreSheet.from_csv(text)


def test_a_json_file_of_a_refused_name_is_a_format_error() -> None:
    """A saved sheet edited to hold a lone surrogate or a bidi override is a FormatError."""
    data: dict[str, Any] = json.loads(ScoreSheet(["Ann", "Ben", "Cem"]).to_json())
    for bad in ("\ud800", "A\u202e", "A\x00"):
        data["players"][0] = bad
        with pytest.raises(FormatError):
            ScoreSheet.from_json(json.dumps(data))
