"""A score sheet's CSV, written and read back, and its text table in English and German.

`to_csv` writes the columns the rules need (a Cloud's final bid, a Bomb's voided tricks,
blind marks only where the rules have them; the trump when it is on the record), and
`ScoreSheet.from_csv` replays every row through the checks of a live entry and refuses a
file whose cards, dealers, points or totals do not add up (R2.2, R2.5, R6).
"""

from __future__ import annotations

import csv
import functools
import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wizardrules import (
    CardError,
    CloudChange,
    EntryError,
    FormatError,
    Language,
    NotEqualBids,
    Preset,
    RandomBot,
    RuleBot,
    Rules,
    ScoreSheet,
    Special,
    Suit,
    Variant,
    play_game,
)

NAMES = ["Ann", "Ben", "Cem"]
CLOUD_AND_BOMB = Rules(special_cards=frozenset({Special.CLOUD, Special.BOMB}), variants=Variant.BLIND_BIDS)


def header(sheet: ScoreSheet) -> list[str]:
    return next(csv.reader(io.StringIO(sheet.to_csv())))


def small() -> ScoreSheet:
    """Two rounds under the rulebook, nothing special."""
    return (
        ScoreSheet(NAMES, first_dealer=1)
        .record(bids=[1, 0, 0], tricks=[1, 0, 0])
        .record(bids=[1, 1, 1], tricks=[0, 1, 1])
    )


# -- columns ---------------------------------------------------------------------------------------


def test_csv_columns_follow_the_rules() -> None:
    """Rulebook: no Cloud, Bomb or blind columns; with them in the rules, their columns."""
    assert header(small()) == [
        "round",
        "cards",
        "dealer",
        *(f"{name} {col}" for name in NAMES for col in ("bid", "tricks", "points", "total")),
    ]
    special = ScoreSheet(NAMES, rules=CLOUD_AND_BOMB).record(bids=[1, 0, 0], tricks=[1, 0, 0])
    assert header(special)[:4] == ["round", "cards", "dealer", "bombs"]
    assert header(special)[4:10] == ["Ann bid", "Ann final bid", "Ann blind", "Ann tricks", "Ann points", "Ann total"]


def test_csv_has_a_trump_column_when_a_trump_is_on_the_record() -> None:
    """R3: a recorded trump gets its column, empty where a round has none on the record."""
    sheet = small().record(bids=[1, 1, 1], tricks=[1, 1, 1], trump=Suit.YELLOW)
    records = list(csv.DictReader(io.StringIO(sheet.to_csv())))
    assert [r["trump"] for r in records] == ["", "", "yellow"]


# -- reading back ----------------------------------------------------------------------------------


@given(
    seed=st.integers(0, 10_000),
    players=st.integers(3, 6),
    preset=st.sampled_from([Preset.RULEBOOK, Preset.OFFICIAL, Preset.SCORE_PAD, Preset.ANNIVERSARY_2021]),
)
def test_property_from_csv_reads_back_what_to_csv_wrote(seed: int, players: int, preset: Preset) -> None:
    """Any finished game's table reads back to the same rounds, totals and first dealer."""
    bots = [RandomBot(seed=seed + seat) for seat in range(players)]
    sheet = play_game(bots, rules=preset.rules(), seed=seed).scoresheet
    loaded = ScoreSheet.from_csv(sheet.to_csv(), rules=sheet.rules)
    assert loaded.rounds == sheet.rounds
    assert loaded.totals == sheet.totals
    assert (loaded.players, loaded.first_dealer) == (sheet.players, sheet.first_dealer)
    assert loaded == sheet  # equal sheets show the same game, however its rounds were entered
    assert hash(loaded) == hash(sheet)


def test_from_csv_reads_cloud_bomb_and_blind_rounds() -> None:
    """R4.4, R8.1, R8.2: blind marks, a Cloud's change and a Bomb trick come back from their columns."""
    sheet = ScoreSheet(NAMES, rules=CLOUD_AND_BOMB).record(bids=[1, 0, 0], tricks=[1, 0, 0], blind=["Ben"])
    sheet = sheet.record(bids=[1, 0, 1], cloud=("Cem", CloudChange.DOWN), tricks=[0, 0, 1], bombs=1)
    loaded = ScoreSheet.from_csv(sheet.to_csv().encode(), rules=CLOUD_AND_BOMB)
    assert loaded.rounds == sheet.rounds
    assert loaded.rounds[1].cloud == (2, CloudChange.DOWN)


def test_from_csv_of_an_empty_sheet() -> None:
    """A header alone is a sheet with no rounds."""
    loaded = ScoreSheet.from_csv(ScoreSheet(NAMES).to_csv())
    assert loaded.players == tuple(NAMES)
    assert loaded.rounds == ()


def _edited(text: str, line: int, column: str, value: str) -> str:
    rows = list(csv.reader(io.StringIO(text)))
    rows[line - 1][rows[0].index(column)] = value
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


@pytest.mark.parametrize(
    ("line", "column", "value", "message"),
    [
        (3, "Ben points", "40", "line 3: Ben's points 40 do not add up"),
        (2, "Ann total", "31", "line 2: Ann's total 31 does not add up"),
        (3, "cards", "3", "line 3: round 2 with 3 cards"),
        (3, "dealer", "Ann", "dealt by Cem"),
        (3, "round", "7", "line 3: round 7"),
        (2, "Ann tricks", "0", "line 2: .*add up"),
        (2, "Cem bid", "x", "line 2, column 'Cem bid': 'x' is not a whole number"),
        (2, "Cem bid", "-1", "line 2: .*negative"),
    ],
)
def test_from_csv_refuses_a_file_that_does_not_add_up(line: int, column: str, value: str, message: str) -> None:
    """R2.2, R2.5, R6: cards, dealers, points and totals must be what the bids and tricks give."""
    with pytest.raises(FormatError, match=message):
        ScoreSheet.from_csv(_edited(small().to_csv(), line, column, value))


def test_from_csv_applies_the_rules_given() -> None:
    """R4.2: the CSV holds no rules; under the ±1 rule a row whose bids add up to the cards is refused."""
    text = small().to_csv()
    assert ScoreSheet.from_csv(text).rounds == small().rounds
    with pytest.raises(FormatError, match=r"line 2: .*may not bid"):
        ScoreSheet.from_csv(text, rules=Rules(bid_policy=NotEqualBids()))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("round,cards\n", "header starts"),
        ("round,cards,dealer,Ann bid,Ann tricks\n", "columns per player"),
        ("round,cards,dealer,bombs,Ann bid,Ann tricks,Ann points,Ann total\n", "give from_csv the game's rules"),
        (b"\xff\xfe", "not UTF-8"),
    ],
)
def test_from_csv_refuses_what_is_not_a_score_table(text: str | bytes, message: str) -> None:
    """Not a table `to_csv` writes for these rules: a FormatError that says what is wrong."""
    with pytest.raises(FormatError, match=message):
        ScoreSheet.from_csv(text)


def test_from_csv_refuses_rows_of_the_wrong_length_and_bad_marks() -> None:
    """Each row has the header's cells; a blind cell is B or empty; a trump cell names a suit."""
    text = small().to_csv()
    with pytest.raises(FormatError, match="line 2: 3 cells"):
        ScoreSheet.from_csv(text.splitlines()[0] + "\n1,1,Ben\n")
    blind = ScoreSheet(NAMES, rules=CLOUD_AND_BOMB).record(bids=[1, 0, 0], tricks=[1, 0, 0])
    with pytest.raises(FormatError, match="column 'Ann blind': 'X' is not B or empty"):
        ScoreSheet.from_csv(_edited(blind.to_csv(), 2, "Ann blind", "X"), rules=CLOUD_AND_BOMB)
    trumped = small().record(bids=[1, 1, 1], tricks=[1, 1, 1], trump=Suit.RED)
    with pytest.raises(FormatError, match="column 'trump'"):
        ScoreSheet.from_csv(_edited(trumped.to_csv(), 4, "trump", "purple"))


def test_from_csv_refuses_final_bids_no_cloud_gives() -> None:
    """R8.2: a Cloud changes one bid by one."""
    sheet = ScoreSheet(NAMES, rules=CLOUD_AND_BOMB).record(bids=[1, 0, 0], tricks=[1, 0, 0])
    with pytest.raises(FormatError, match="more than one Cloud change"):
        ScoreSheet.from_csv(_edited(sheet.to_csv(), 2, "Ann final bid", "3"), rules=CLOUD_AND_BOMB)


# -- the text table --------------------------------------------------------------------------------


def test_to_text_in_german() -> None:
    """R1.3: German headings and suit names; the numbers as in English."""
    sheet = small().record(bids=[1, 1, 1], tricks=[1, 1, 1], trump=Suit.GREEN)
    german = sheet.to_text(language=Language.DE).splitlines()
    assert [cell.strip() for cell in german[0].split("|")] == ["Runde", "Trumpf", *NAMES]
    assert german[-2].startswith("Summe")
    assert german[-1].startswith("Platz")
    assert "Grün" in german[4]
    assert "Green" in sheet.to_text().splitlines()[4]
    with pytest.raises(CardError, match="language 'de'"):
        sheet.to_text(language="de")  # type: ignore[arg-type]


@functools.cache
def finished_sheet(seed: int, players: int) -> ScoreSheet:
    """A whole game with the special cards (trumps, Cloud changes, Bombs on the record)."""
    bots = [RandomBot(seed=seed + seat) for seat in range(players)]
    return play_game(bots, rules=Preset.ANNIVERSARY_2021.rules(), seed=seed).scoresheet


@given(seed=st.sampled_from([0, 1, 2]), players=st.integers(3, 6), width=st.integers(1, 140))
def test_property_to_text_cuts_a_wide_table_into_parts_that_fit(seed: int, players: int, width: int) -> None:
    """Each part fits `width` unless it holds a single player; the parts hold every player once, in seat order."""
    sheet = finished_sheet(seed, players)
    whole = sheet.to_text()
    assert sheet.to_text(width=max(len(line) for line in whole.splitlines())) == whole
    parts = [part for part in sheet.to_text(width=width).split("\n\n") if " | " in part]  # the winners' line aside
    names = [[cell.strip() for cell in part.splitlines()[0].split("|")[2:]] for part in parts]
    assert [name for part in names for name in part] == list(sheet.players)
    labels = [line.split(" | ")[:2] for line in whole.splitlines() if " | " in line]
    for part, named in zip(parts, names, strict=True):
        assert len(named) == 1 or max(len(line) for line in part.splitlines()) <= width
        assert [line.split(" | ")[:2] for line in part.splitlines() if " | " in line] == labels  # every row
    assert len(parts) == 1 or width < len(whole.splitlines()[0])


def test_to_text_refuses_a_width_that_is_no_number_of_columns() -> None:
    """A width must be a whole number of columns, 1 or more."""
    for width in (0, -3, 2.5, True, "80"):
        with pytest.raises(EntryError, match="width"):
            small().to_text(width=width)  # type: ignore[arg-type]


def test_to_text_legend_names_the_marks_the_rules_allow() -> None:
    """The legend says how to read a cell, and B, → and * only where the rules allow them."""
    plain = small().to_text(legend=True)
    assert "bid/tricks taken" in plain
    assert "blind" not in plain
    assert "Bomb" not in plain
    special = ScoreSheet(NAMES, rules=CLOUD_AND_BOMB).record(bids=[1, 0, 0], tricks=[1, 0, 0], trump=Suit.RED)
    legend = special.to_text(legend=True, language=Language.DE).split("\n\n")[1]
    assert legend.splitlines() == [
        "Runde: die Runde, in Klammern die Karten je Spieler",
        "Trumpf: die Trumpffarbe der Runde (- für keine)",
        "je Spieler: Ansage/Stiche, die Punkte der Runde = der Stand",
        "B: blind angesagt; 1→2: von der Wolke geänderte Ansage; *: eine Bombe hat einen Stich aufgehoben",
    ]


def test_to_text_of_an_engine_game_shows_each_rounds_trump() -> None:
    """R3: the engine records every round's trump, so its table has the trump column."""
    final = play_game([RuleBot(), RuleBot(), RuleBot()], seed=1)
    rows = final.scoresheet.to_text().splitlines()[2:22]
    trumps = [row.split("|")[1].strip() for row in rows]
    assert trumps == [r.trump.display() if r.trump else "-" for r in final.scoresheet.rounds]
