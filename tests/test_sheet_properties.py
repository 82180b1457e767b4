"""Property tests for the score sheet (RULES R6, R7.2, R8.1, R8.2; seed 000's undo and saved files).

Hypothesis draws 3..6 players, a prefix of the ladder or the tournament schedule, and per
round bids 0..cards, blind bids, a Bomb trick, a Cloud change and tricks that add up (a
composition of the round's tricks into one part per player). The sheet must agree with an
independent replay of those rounds: totals are the sums of `round_points`, undo steps back
exactly, JSON round-trips, tricks that do not add up are refused, standings follow totals.
"""

from __future__ import annotations

import itertools
import json
from typing import NamedTuple

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wizardrules import (
    CloudChange,
    Rules,
    Schedule,
    ScoreSheet,
    Special,
    TieBreak,
    TricksError,
    Variant,
    round_points,
)

NAMES = ("Ann", "Ben", "Cem", "Dana", "Eva", "Finn")
MAX_ROUNDS = 6
"""Rounds drawn per game: enough to cover ties and late rounds, few enough to stay fast."""


class Entry(NamedTuple):
    """One round as drawn: what is recorded on the sheet."""

    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    blind: frozenset[int]
    bombs: int
    cloud: tuple[int, CloudChange] | None
    two_steps: bool

    def final_bids(self) -> tuple[int, ...]:
        """The bids after the Cloud change (R8.2)."""
        final = list(self.bids)
        if self.cloud is not None:
            final[self.cloud[0]] += self.cloud[1].delta
        return tuple(final)


class Game(NamedTuple):
    """A sheet's setup and the rounds to record on it."""

    players: tuple[str, ...]
    rules: Rules
    first_dealer: int
    entries: tuple[Entry, ...]

    def sheet(self) -> ScoreSheet:
        """A new, empty sheet for this game."""
        return ScoreSheet(players=self.players, rules=self.rules, first_dealer=self.first_dealer)


def record(sheet: ScoreSheet, entry: Entry) -> ScoreSheet:
    """Record `entry` in one step or in two (bids, Cloud change, tricks)."""
    if not entry.two_steps:
        return sheet.record(
            bids=entry.bids,
            tricks=entry.tricks,
            blind=entry.blind,
            cloud=entry.cloud,
            bombs=entry.bombs,
        )
    sheet = sheet.record_bids(entry.bids, blind=entry.blind)
    if entry.cloud is not None:
        sheet = sheet.change_bid(*entry.cloud)
    return sheet.record_tricks(entry.tricks, bombs=entry.bombs)


def record_all(game: Game) -> list[ScoreSheet]:
    """The sheets after 0, 1, ... rounds of `game`."""
    sheets = [game.sheet()]
    for entry in game.entries:
        sheets.append(record(sheets[-1], entry))
    return sheets


@st.composite
def compositions(draw: st.DrawFn, total: int, parts: int) -> tuple[int, ...]:
    """`total` split into `parts` counts 0 or more (tricks that add up)."""
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=parts - 1, max_size=parts - 1)))
    bounds = [0, *cuts, total]
    return tuple(b - a for a, b in itertools.pairwise(bounds))


@st.composite
def entries(draw: st.DrawFn, cards: int, players: int) -> Entry:
    """A round of `cards` cards: bids 0..cards, blind bids, maybe a Bomb and a Cloud, tricks that add up."""
    bids = tuple(draw(st.lists(st.integers(0, cards), min_size=players, max_size=players)))
    blind = frozenset(draw(st.sets(st.integers(0, players - 1), max_size=players)))
    bombs = draw(st.integers(0, 1))
    tricks = draw(compositions(cards - bombs, players))
    cloud: tuple[int, CloudChange] | None = None
    winners = [seat for seat, taken in enumerate(tricks) if taken > 0]
    use_cloud: bool = draw(st.booleans())
    if winners and use_cloud:
        seat = draw(st.sampled_from(winners))
        changes = [c for c in CloudChange if 0 <= bids[seat] + c.delta <= cards]
        cloud = (seat, draw(st.sampled_from(changes)))
    return Entry(bids, tricks, blind, bombs, cloud, draw(st.booleans()))


@st.composite
def games(draw: st.DrawFn, tiebreak: TieBreak = TieBreak.NONE) -> Game:
    """3..6 players, a prefix of the ladder or the tournament schedule, and its rounds."""
    players = draw(st.integers(3, 6))
    kind = draw(st.sampled_from((Schedule.ladder, Schedule.tournament)))
    full = kind(players).cards_per_round
    prefix = full[: draw(st.integers(1, min(len(full), MAX_ROUNDS)))]
    rules = Rules(
        variants=Variant.BLIND_BIDS,
        special_cards={Special.BOMB, Special.CLOUD},
        schedule=Schedule(cards_per_round=prefix, name="prefix"),
        tiebreak=tiebreak,
    )
    played = draw(st.integers(0, len(prefix)))
    rounds = tuple(draw(entries(cards, players)) for cards in prefix[:played])
    return Game(NAMES[:players], rules, draw(st.integers(0, players - 1)), rounds)


@given(games())
def test_r6_3_totals_are_the_sums_of_round_points(game: Game) -> None:
    """R6.1-R6.3, R8.2: totals are the sums of `round_points` of the final bids, blind doubled."""
    sheet = record_all(game)[-1]
    n = len(game.players)
    totals = [0] * n
    hits = [0] * n
    for number, (r, entry) in enumerate(zip(sheet.rounds, game.entries, strict=True), start=1):
        final = entry.final_bids()
        blind = tuple(seat in entry.blind for seat in range(n))
        rows = zip(final, entry.tricks, blind, strict=True)
        points = tuple(round_points(bid, taken, blind=is_blind) for bid, taken, is_blind in rows)
        assert r.number == number
        assert r.dealer == (game.first_dealer + number - 1) % n
        assert r.bids == entry.bids
        assert r.final_bids == final
        assert r.tricks == entry.tricks
        assert r.blind == blind
        assert r.bombs == entry.bombs
        assert r.cloud == entry.cloud
        assert r.points == points
        for seat in range(n):
            totals[seat] += points[seat]
            hits[seat] += final[seat] == entry.tricks[seat]
    assert sheet.totals == tuple(totals)
    assert sheet.hits == tuple(hits)
    assert sheet.is_over == (len(game.entries) == sheet.schedule.rounds)


@given(games())
def test_undo_after_record_gives_back_the_sheet(game: Game) -> None:
    """Seed 000 ("Zurück"): undo after an entry gives a sheet equal to the one before."""
    sheets = record_all(game)
    for before, after in itertools.pairwise(sheets):
        back = after
        while back.entries > before.entries:
            back = back.undo()
        assert back == before
        assert back.totals == before.totals
        assert back.rounds == before.rounds
        assert back.pending == before.pending


@given(games(), st.data())
def test_json_round_trip_is_the_identity(game: Game, data: st.DataObject) -> None:
    """Seed 000: to_json then from_json gives the same sheet, also with pending bids."""
    sheet = record_all(game)[-1]
    cards = sheet.cards
    if cards is not None and data.draw(st.booleans()):
        pending = data.draw(entries(cards, len(game.players)))
        sheet = sheet.record_bids(pending.bids, blind=pending.blind)
        if pending.cloud is not None:
            sheet = sheet.change_bid(*pending.cloud)
    text = sheet.to_json()
    loaded = ScoreSheet.from_json(text)
    assert loaded == sheet
    assert loaded.totals == sheet.totals
    assert loaded.hits == sheet.hits
    assert loaded.rounds == sheet.rounds
    assert loaded.pending == sheet.pending
    assert loaded.entries == sheet.entries
    assert loaded.to_json() == text
    assert json.loads(text)["totals"] == list(sheet.totals)


@given(games(), st.data())
def test_tricks_that_do_not_add_up_are_refused(game: Game, data: st.DataObject) -> None:
    """R8.1: tricks must add up to the cards less the Bomb trick; otherwise TricksError, sheet unchanged."""
    sheet = record_all(game)[-1]
    cards = sheet.cards
    while sheet.is_over or sheet.pending is not None:
        sheet = sheet.undo()
    cards = sheet.cards
    assert cards is not None
    n = len(game.players)
    entry = data.draw(entries(cards, n))
    bombs = entry.bombs
    wrong = data.draw(
        st.lists(st.integers(0, cards + 1), min_size=n, max_size=n).filter(lambda t: sum(t) != cards - bombs)
    )
    before = sheet.to_json()
    with pytest.raises(TricksError):
        sheet.record(bids=entry.bids, tricks=wrong, blind=entry.blind, bombs=bombs)
    pending = sheet.record_bids(entry.bids, blind=entry.blind)
    pending_json = pending.to_json()
    with pytest.raises(TricksError):
        pending.record_tricks(wrong, bombs=bombs)
    assert sheet.to_json() == before
    assert pending.to_json() == pending_json
    assert ScoreSheet.from_json(before) == sheet
    assert pending.pending is not None
    assert pending.record_tricks(entry.tricks, bombs=bombs).pending is None


@given(st.sampled_from(TieBreak).flatmap(games))
def test_r7_2_standings_agree_with_totals(game: Game) -> None:
    """R7.1, R7.2: a strictly higher total never has a worse place; places are 1..n, 1 is taken."""
    sheet = record_all(game)[-1]
    totals, hits, places = sheet.totals, sheet.hits, sheet.standings()
    n = len(game.players)
    assert all(1 <= place <= n for place in places)
    assert 1 in places
    for i, j in itertools.permutations(range(n), 2):
        if totals[i] > totals[j]:
            assert places[i] < places[j]
        if totals[i] == totals[j] and (sheet.rules.tiebreak is TieBreak.NONE or hits[i] == hits[j]):
            assert places[i] == places[j]
        if totals[i] == totals[j] and sheet.rules.tiebreak is TieBreak.EXACT_HITS and hits[i] > hits[j]:
            assert places[i] < places[j]
    for seat, place in enumerate(places):
        assert place == 1 + sum(
            (totals[o], hits[o] if sheet.rules.tiebreak is TieBreak.EXACT_HITS else 0)
            > (totals[seat], hits[seat] if sheet.rules.tiebreak is TieBreak.EXACT_HITS else 0)
            for o in range(n)
        )
    firsts = tuple(name for name, place in zip(game.players, places, strict=True) if place == 1)
    assert sheet.winners() == firsts
