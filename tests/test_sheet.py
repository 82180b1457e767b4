"""Tests for the score sheet (seed 000's score pad; RULES R2, R4, R6, R7, R8.1, R8.2).

Examples checked by hand: construction and schedules, the dealer passing left (R2.5), the
bidding order (R4.1), recording in one and in two steps, the seed 002 table, whole games
for 3..6 players, every validation error (the sheet stays as it was), blind bids (R4.4),
the Bomb (R8.1) and the Cloud (R8.2) on the sheet, undo ("Zurück"), standings and ties
(R7.2), and the saved forms: JSON (round trip, tampering), CSV and the text table.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import random
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any, TypeVar, cast

import pytest

from wizardrules import (
    BidError,
    BidNotAllowedError,
    BlindBidError,
    CloudChange,
    CloudError,
    EntryError,
    FixedTrump,
    FormatError,
    NotEqualBids,
    PendingRound,
    PhaseError,
    PlayerError,
    Preset,
    Round,
    Rules,
    RulesError,
    Schedule,
    ScheduleKind,
    ScorekeeperHook,
    ScoreSheet,
    SheetError,
    Special,
    Suit,
    TieBreak,
    TricksError,
    UndoError,
    Variant,
    WizardRulesError,
    round_points,
)

E = TypeVar("E", bound=Exception)
Data = dict[str, Any]
"""A decoded saved sheet."""

NAMES = ("Ann", "Ben", "Cem", "Dana", "Eva", "Finn")
SEED = ("Lena", "Tom", "Mia")
LADDER_ROUNDS = {3: 20, 4: 15, 5: 12, 6: 10}
"""R2.2: rounds of the ladder per number of players."""

BLIND = Rules(variants=Variant.BLIND_BIDS)
BOMB = Rules(special_cards={Special.BOMB})
CLOUD = Rules(special_cards={Special.CLOUD})
EVERYTHING = Rules(variants=Variant.BLIND_BIDS, special_cards={Special.BOMB, Special.CLOUD})
ALL_ERRORS: tuple[type[SheetError], ...] = (
    PlayerError,
    EntryError,
    PhaseError,
    TricksError,
    BlindBidError,
    CloudError,
    UndoError,
)


def sheet_of(players: int = 3, rules: Rules | None = None, first_dealer: int = 0) -> ScoreSheet:
    """A new sheet for the first `players` of NAMES."""
    return ScoreSheet(players=NAMES[:players], rules=rules or Rules(), first_dealer=first_dealer)


def seed_sheet(rules: Rules | None = None, first_dealer: int = 0) -> ScoreSheet:
    """A new sheet for seed 002's table: Lena, Tom, Mia."""
    return ScoreSheet(players=SEED, rules=rules or Rules(), first_dealer=first_dealer)


def random_round(
    rng: random.Random, cards: int, players: int, tricks_total: int | None = None
) -> tuple[list[int], list[int]]:
    """Plausible bids and tricks that add up: each trick to a random player, bids near the tricks."""
    tricks = [0] * players
    for _ in range(cards if tricks_total is None else tricks_total):
        tricks[rng.randrange(players)] += 1
    bids = [min(cards, max(0, taken + rng.choice((-1, 0, 0, 1)))) for taken in tricks]
    return bids, tricks


def official_bids(bids: list[int], cards: int, dealer: int) -> list[int]:
    """The bids with the dealer's moved by one when they would add up to the cards (R4.2 *not equal*)."""
    if sum(bids) == cards:
        bids = list(bids)
        bids[dealer] += 1 if bids[dealer] < cards else -1
    return bids


def play(
    sheet: ScoreSheet, seed: int, rounds: int | None = None
) -> tuple[ScoreSheet, list[tuple[list[int], list[int]]]]:
    """Record `rounds` (all remaining by default) plausible rounds; also return what was recorded."""
    rng = random.Random(seed)
    official = isinstance(sheet.rules.bid_policy, (NotEqualBids, ScorekeeperHook))
    recorded: list[tuple[list[int], list[int]]] = []
    while not sheet.is_over and (rounds is None or len(recorded) < rounds):
        cards, dealer = sheet.cards, sheet.dealer
        assert cards is not None
        assert dealer is not None
        bids, tricks = random_round(rng, cards, len(sheet.players))
        if official:
            bids = official_bids(bids, cards, dealer)
        sheet = sheet.record(bids=bids, tricks=tricks)
        recorded.append((bids, tricks))
    return sheet, recorded


def snapshot(sheet: ScoreSheet) -> tuple[object, ...]:
    """Everything a reader can see of a sheet."""
    return (
        sheet.to_json(),
        sheet.totals,
        sheet.hits,
        sheet.rounds,
        sheet.pending,
        sheet.entries,
        sheet.current_round,
        sheet.history(),
    )


def rejected(sheet: ScoreSheet, error: type[E], action: Callable[[], object], match: str | None = None) -> E:
    """Run `action`, expect `error`, check that `sheet` is unchanged; return the error."""
    before = snapshot(sheet)
    copy = ScoreSheet.from_json(sheet.to_json())
    with pytest.raises(error, match=match) as info:
        action()
    assert snapshot(sheet) == before
    assert sheet == copy
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, WizardRulesError)
    return info.value


def rich_sheet() -> ScoreSheet:
    """Three rounds with a blind bid, trumps, a two-step Cloud round and a Bomb round, then pending bids.

    Totals: Lena 90, Tom 40, Mia 20.
    """
    sheet = seed_sheet(EVERYTHING, first_dealer=1)
    sheet = sheet.record(bids=[1, 0, 0], tricks=[1, 0, 0], blind=["Mia"], trump=Suit.GREEN)
    sheet = sheet.record_bids({"Lena": 0, "Tom": 1, "Mia": 1})
    sheet = sheet.change_bid("Lena", CloudChange.UP)
    sheet = sheet.record_tricks([1, 1, 0], trump=Suit.BLUE)
    sheet = sheet.record(bids=[1, 1, 1], tricks=[1, 0, 1], bombs=1, cloud=("Mia", CloudChange.DOWN))
    return sheet.record_bids([2, 1, 0], blind=[1])


def tampered(sheet: ScoreSheet, change: Callable[[dict[str, Any]], object]) -> str:
    """The sheet's JSON with `change` applied to the decoded data."""
    data: dict[str, Any] = json.loads(sheet.to_json())
    change(data)
    return json.dumps(data)


# -- construction (R2.1, R2.5) -------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_r2_1_three_to_six_players_make_an_empty_sheet(players: int) -> None:
    """R2.1: a sheet for 3..6 players starts empty at round 1 of the ladder."""
    sheet = sheet_of(players)
    assert sheet.players == NAMES[:players]
    assert sheet.rules == Rules()
    assert sheet.first_dealer == 0
    assert sheet.totals == (0,) * players
    assert sheet.hits == (0,) * players
    assert sheet.rounds == ()
    assert sheet.pending is None
    assert sheet.entries == 0
    assert sheet.current_round == 1
    assert sheet.cards == 1
    assert not sheet.is_over
    assert sheet.schedule == Schedule.ladder(players)
    assert sheet.schedule.rounds == LADDER_ROUNDS[players]
    assert sheet.standings() == (1,) * players
    assert sheet.winners() == NAMES[:players]


@pytest.mark.parametrize("players", [0, 1, 2, 7])
def test_r2_1_other_player_counts_are_rules_errors(players: int) -> None:
    """R2.1: 2 or 7 players (or fewer, or more) are a RulesError, also a ValueError."""
    names = [f"P{i}" for i in range(players)]
    with pytest.raises(RulesError, match=f"{players} players") as info:
        ScoreSheet(players=names)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, WizardRulesError)


@pytest.mark.parametrize(
    "names",
    [
        ["Ann", "Ben", "Ann"],
        ["Ann", "Ben", "Cem", "Ben"],
        ["Ann", "", "Cem"],
        ["Ann", "Ben", "   "],
        ["Ann", "Ben", 3],
        ["Ann", "Ben", None],
    ],
)
def test_duplicate_or_empty_names_are_player_errors(names: list[Any]) -> None:
    """R2.1: each player needs a unique, non-empty name."""
    with pytest.raises(PlayerError) as info:
        ScoreSheet(players=names)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, WizardRulesError)


@pytest.mark.parametrize("names", ["AnnBenCem", 3, None])
def test_players_must_be_a_list_of_names(names: Any) -> None:
    """R2.1: players are a list of names, not one text or a number."""
    with pytest.raises(PlayerError):
        ScoreSheet(players=names)


@pytest.mark.parametrize("rules", ["official", None, Preset.OFFICIAL, Schedule.ladder(3)])
def test_rules_that_are_not_rules_are_a_rules_error(rules: Any) -> None:
    """R2: the rules are a Rules value; anything else is a RulesError, not a PlayerError."""
    with pytest.raises(RulesError, match="Rules"):
        ScoreSheet(players=SEED, rules=rules)


@pytest.mark.parametrize(("players", "first_dealer"), [(3, -1), (3, 3), (4, 4), (6, 6), (6, 17)])
def test_r2_5_first_dealer_out_of_range_is_a_player_error(players: int, first_dealer: int) -> None:
    """R2.5: the first dealer is a seat 0..n-1."""
    with pytest.raises(PlayerError, match="first_dealer"):
        sheet_of(players, first_dealer=first_dealer)


@pytest.mark.parametrize("first_dealer", [True, 1.0, "1", None])
def test_r2_5_first_dealer_must_be_a_seat_number(first_dealer: Any) -> None:
    """R2.5: the first dealer is a whole seat number, not a bool, float or text."""
    with pytest.raises(PlayerError, match="first_dealer"):
        ScoreSheet(players=NAMES[:3], first_dealer=first_dealer)


def test_players_by_position() -> None:
    """`ScoreSheet(["A", "B", "C"])`, as `new_game` takes its players; the rules and first dealer by name."""
    assert ScoreSheet(["A", "B", "C"]) == ScoreSheet(players=["A", "B", "C"])
    assert ScoreSheet(NAMES[:4], first_dealer=2).dealer == 2
    with pytest.raises(TypeError):
        ScoreSheet(NAMES[:3], Rules())  # type: ignore[call-arg]


def test_r2_5_default_first_dealer_is_seat_zero() -> None:
    """R2.5: without a choice, seat 0 deals round 1 and seat 1 bids first."""
    sheet = sheet_of(4)
    assert sheet.dealer == 0
    assert sheet.first_bidder == 1
    assert sheet.bidding_order == (1, 2, 3, 0)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_r2_5_dealer_passes_to_the_left_each_round(players: int) -> None:
    """R2.5: the dealer of round k is (first_dealer + k - 1) % n, for every first dealer."""
    for first in range(players):
        sheet = sheet_of(players, first_dealer=first)
        rng = random.Random(first)
        for number in range(1, min(2 * players + 1, sheet.schedule.rounds) + 1):
            expected = (first + number - 1) % players
            assert sheet.current_round == number
            assert sheet.dealer == expected
            assert sheet.dealer_of(number) == expected
            cards = sheet.cards
            assert cards is not None
            bids, tricks = random_round(rng, cards, players)
            sheet = sheet.record(bids=bids, tricks=tricks)
            assert sheet.rounds[-1].dealer == expected
        assert [sheet.dealer_of(k) for k in range(1, sheet.schedule.rounds + 1)] == [
            (first + k - 1) % players for k in range(1, sheet.schedule.rounds + 1)
        ]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_r4_1_bidding_order_starts_left_of_the_dealer_who_bids_last(players: int) -> None:
    """R4.1: the player left of the dealer bids first, the dealer last."""
    sheet = sheet_of(players, first_dealer=players - 1)
    for _ in range(players + 1):
        dealer = sheet.dealer
        assert dealer is not None
        order = sheet.bidding_order
        assert order == tuple((dealer + 1 + i) % players for i in range(players))
        assert sorted(order) == list(range(players))
        assert order[-1] == dealer
        assert sheet.first_bidder == (dealer + 1) % players == order[0]
        sheet, _ = play(sheet, seed=dealer, rounds=1)


def test_r2_5_dealer_of_a_round_outside_the_schedule_is_refused() -> None:
    """R2.5: only rounds of the schedule have a dealer."""
    sheet = sheet_of(3, rules=Rules(schedule=Schedule(cards_per_round=(2, 3))))
    assert sheet.dealer_of(2) == 1
    for number in (0, 3):
        with pytest.raises(WizardRulesError):
            sheet.dealer_of(number)


def test_r7_1_game_over_has_no_current_round() -> None:
    """R7.1: after the last round there is no round, cards, dealer or bidder."""
    sheet, _ = play(sheet_of(4, rules=Rules(schedule=Schedule.ladder(4, rounds=2))), seed=1)
    assert sheet.is_over
    assert sheet.current_round is None
    assert sheet.cards is None
    assert sheet.dealer is None
    assert sheet.bidding_order == ()
    assert sheet.first_bidder is None
    assert sheet.pending is None


# -- schedules (R2.2-R2.4) -----------------------------------------------------------------

SCHEDULES: list[tuple[int, Rules, tuple[int, ...]]] = [
    *((n, Rules(), tuple(range(1, 60 // n + 1))) for n in (3, 4, 5, 6)),
    (4, Rules(schedule=Schedule.ladder(4, rounds=3)), (1, 2, 3)),
    (6, Rules(schedule=Schedule.ladder(6, rounds=1)), (1,)),
    (3, Rules(schedule=ScheduleKind.TOURNAMENT), tuple(range(2, 21, 2))),
    (4, Rules(schedule=ScheduleKind.TOURNAMENT), (1, 3, 5, 7, 9, 11, 12, 13, 14, 15)),
    (5, Rules(schedule=ScheduleKind.TOURNAMENT), (2, 4, 5, 6, 7, 8, 9, 10, 11, 12)),
    (6, Rules(schedule=ScheduleKind.TOURNAMENT), tuple(range(1, 11))),
    (3, Rules(schedule=Schedule.einfarbig(3)), tuple(range(4, 16))),
    (4, Rules(schedule=Schedule.einfarbig(4)), tuple(range(4, 16))),
    (4, Rules(schedule=ScheduleKind.EINFARBIG), tuple(range(4, 16))),
    *((n, Rules(schedule=Schedule.maximus(n)), (60 // n,) * 5) for n in (3, 4, 5, 6)),
    (5, Rules(schedule=ScheduleKind.MAXIMUS), (12,) * 5),
    (3, Rules(schedule=Schedule(cards_per_round=(2, 5, 3, 20))), (2, 5, 3, 20)),
    (6, Rules(schedule=Schedule(cards_per_round=(10, 1))), (10, 1)),
    (4, Preset.TOURNAMENT.rules(), (1, 3, 5, 7, 9, 11, 12, 13, 14, 15)),
]


@pytest.mark.parametrize(("players", "rules", "cards"), SCHEDULES)
def test_r2_4_every_schedule_can_be_recorded(players: int, rules: Rules, cards: tuple[int, ...]) -> None:
    """R2.2-R2.4: ladder, shortened ladder, tournament, Einfarbig, Maximus and custom schedules."""
    sheet = sheet_of(players, rules=rules)
    assert sheet.schedule.cards_per_round == cards
    rng = random.Random(len(cards))
    for number, dealt in enumerate(cards, start=1):
        assert not sheet.is_over
        assert sheet.current_round == number
        assert sheet.cards == dealt
        bids, tricks = random_round(rng, dealt, players)
        dealer = sheet.dealer
        assert dealer is not None
        sheet = sheet.record_bids(official_bids(bids, dealt, dealer)).record_tricks(tricks)
        assert sheet.rounds[-1].cards == dealt
    assert sheet.is_over
    assert len(sheet.rounds) == len(cards)
    assert [r.cards for r in sheet.rounds] == list(cards)


@pytest.mark.parametrize(
    ("players", "rules"),
    [
        (5, Rules(schedule=ScheduleKind.EINFARBIG)),
        (6, Rules(schedule=ScheduleKind.EINFARBIG)),
        (4, Rules(schedule=Schedule(cards_per_round=(1, 16)))),
        (6, Rules(schedule=Schedule(cards_per_round=(11,)))),
    ],
)
def test_r2_4_schedules_the_players_cannot_play_are_rules_errors(players: int, rules: Rules) -> None:
    """R2.4: Einfarbig is for 3 or 4 players; a round cannot need more cards than the deck."""
    with pytest.raises(RulesError):
        sheet_of(players, rules=rules)


def test_r2_2_special_cards_do_not_lengthen_the_ladder() -> None:
    """R2.2: the number of rounds depends on the 60 standard cards, also with special cards."""
    assert sheet_of(3, rules=EVERYTHING).schedule.rounds == 20
    assert sheet_of(6, rules=EVERYTHING).schedule.rounds == 10


# -- recording ------------------------------------------------------------------------------


def test_r6_1_seed_002_table_on_the_sheet() -> None:
    """R6.1 (seed 002): Lena 2/2 +40, Tom 1/3 -20, Mia 0/0 +20 in a round of five tricks."""
    rules = Rules(schedule=Schedule(cards_per_round=(5,)))
    bids = {"Lena": 2, "Tom": 1, "Mia": 0}
    sheet = seed_sheet(rules).record(bids=bids, tricks={"Lena": 2, "Tom": 3, "Mia": 0})
    assert sheet.totals == (40, -20, 20)
    (only,) = sheet.rounds
    assert only.bids == only.final_bids == (2, 1, 0)
    assert only.tricks == (2, 3, 0)
    assert only.points == (40, -20, 20)
    assert only.hits == (True, False, True)
    assert sheet.hits == (1, 0, 1)
    assert sheet.is_over
    assert sheet.winners() == ("Lena",)
    assert sheet.standings() == (1, 3, 2)
    assert sheet.history() == ("R1 (5): Lena 2/2 +40 · Tom 1/3 -20 · Mia 0/0 +20",)


def test_equal_sheets_show_the_same_game_however_it_was_entered() -> None:
    """A round in one step or two (R4.1, R6.1) gives equal sheets with equal hashes; `undo` keeps each one's steps."""
    one_step = seed_sheet().record(bids=[1, 0, 0], tricks=[1, 0, 0])
    two_steps = seed_sheet().record_bids([1, 0, 0]).record_tricks([1, 0, 0])
    assert one_step == two_steps
    assert hash(one_step) == hash(two_steps)
    assert one_step.undo() == seed_sheet()
    assert two_steps.undo() == seed_sheet().record_bids([1, 0, 0])
    assert one_step.undo() != two_steps.undo()  # the open round's bids are part of what a sheet shows


def test_sheets_differ_when_what_they_show_differs() -> None:
    """Other tricks, another first dealer (R2.5) or other rules make another sheet, even with the same totals."""
    sheet = seed_sheet().record(bids=[1, 0, 0], tricks=[1, 0, 0])
    assert sheet != seed_sheet().record(bids=[1, 0, 0], tricks=[0, 1, 0])
    assert ScoreSheet(NAMES[:3]) != ScoreSheet(NAMES[:3], first_dealer=1)
    assert ScoreSheet(NAMES[:3]) != ScoreSheet(NAMES[:3], rules=Rules(bid_policy=NotEqualBids()))


def test_record_returns_a_new_sheet_and_keeps_the_old_one() -> None:
    """An entry returns a new sheet; the sheet it was made from stays as it was."""
    empty = seed_sheet()
    copy = seed_sheet()
    one = empty.record(bids=[1, 0, 0], tricks=[1, 0, 0])
    assert one is not empty
    assert empty == copy
    assert empty.totals == (0, 0, 0)
    assert empty.rounds == ()
    assert empty.entries == 0
    assert one.totals == (30, 20, 20)
    assert one != empty
    two = one.record(bids=[0, 2, 0], tricks=[0, 1, 1])
    assert one.totals == (30, 20, 20)
    assert len(one.rounds) == 1
    assert two.totals == (50, 10, 10)
    assert two.entries == 2


def test_record_bids_then_tricks_returns_new_sheets() -> None:
    """Two-step entries: each step is a new sheet; the bids wait in `pending`."""
    empty = seed_sheet()
    bids = empty.record_bids([1, 0, 0])
    assert empty.pending is None
    assert empty.entries == 0
    assert bids.pending == PendingRound(bids=(1, 0, 0), final_bids=(1, 0, 0), blind=(False, False, False))
    assert bids.pending.cloud is None
    assert bids.rounds == ()
    assert bids.totals == (0, 0, 0)
    assert bids.current_round == 1
    assert bids.entries == 1
    done = bids.record_tricks([0, 1, 0])
    assert bids.pending is not None
    assert bids.totals == (0, 0, 0)
    assert done.pending is None
    assert done.totals == (-10, -10, 20)
    assert done.current_round == 2
    assert done.entries == 2


def test_one_step_and_two_steps_record_the_same_round() -> None:
    """`record` equals `record_bids` then `record_tricks` in rounds and totals (not in entries)."""
    one = seed_sheet().record(bids=[1, 0, 0], tricks=[0, 1, 0])
    two = seed_sheet().record_bids([1, 0, 0]).record_tricks([0, 1, 0])
    assert one.rounds == two.rounds
    assert one.totals == two.totals
    assert one.hits == two.hits
    assert (one.entries, two.entries) == (1, 2)


def test_bids_and_tricks_by_name_equal_bids_and_tricks_by_seat() -> None:
    """A name->value mapping, in any order, is the same entry as the seat-ordered list."""
    by_seat = seed_sheet().record(bids=[1, 0, 0], tricks=[0, 0, 1])
    bids, tricks = {"Mia": 0, "Lena": 1, "Tom": 0}, {"Tom": 0, "Mia": 1, "Lena": 0}
    by_name = seed_sheet().record(bids=bids, tricks=tricks)
    assert by_name == by_seat
    assert by_name.totals == by_seat.totals == (-10, 20, -10)
    two_steps = seed_sheet().record_bids(bids).record_tricks(tricks)
    assert two_steps.rounds == by_seat.rounds
    tuples = seed_sheet().record(bids=(1, 0, 0), tricks=(0, 0, 1))
    assert tuples == by_seat


def test_seat_finds_players_by_name_or_seat() -> None:
    """Players are named by name or by seat number."""
    sheet = seed_sheet()
    assert [sheet.seat(name) for name in SEED] == [0, 1, 2]
    assert [sheet.seat(seat) for seat in range(3)] == [0, 1, 2]
    unknown: tuple[str | int, ...] = ("Max", "lena", 3, -1, True)
    for who in unknown:
        with pytest.raises(PlayerError):
            sheet.seat(who)


@pytest.mark.parametrize(("players", "seed"), [(3, 3), (4, 4), (5, 5), (6, 6)])
def test_r6_3_full_ladder_game(players: int, seed: int) -> None:
    """R6.3, R7.1: a whole ladder game; totals are the sums of the round points, then the game is over."""
    sheet, recorded = play(sheet_of(players, first_dealer=seed % players), seed)
    assert sheet.is_over
    assert len(sheet.rounds) == len(recorded) == LADDER_ROUNDS[players]
    assert sheet.entries == LADDER_ROUNDS[players]
    expected = [0] * players
    hits = [0] * players
    for number, (r, (bids, tricks)) in enumerate(zip(sheet.rounds, recorded, strict=True), start=1):
        assert r.number == number
        assert r.cards == number
        assert r.dealer == (seed % players + number - 1) % players
        assert list(r.bids) == list(r.final_bids) == bids
        assert list(r.tricks) == tricks
        assert sum(r.tricks) == number
        assert r.blind == (False,) * players
        assert r.bombs == 0
        assert r.trump is None
        assert r.cloud is None
        assert r.points == tuple(round_points(b, t) for b, t in zip(bids, tricks, strict=True))
        for seat in range(players):
            expected[seat] += r.points[seat]
            hits[seat] += bids[seat] == tricks[seat]
    assert sheet.totals == tuple(expected)
    assert sheet.hits == tuple(hits)
    assert sheet.totals == tuple(sum(r.points[seat] for r in sheet.rounds) for seat in range(players))
    winners = sheet.winners()
    assert winners
    assert all(sheet.totals[sheet.seat(w)] == max(sheet.totals) for w in winners)
    zeros = [0] * players
    rejected(sheet, PhaseError, lambda: sheet.record(bids=zeros, tricks=zeros), match="over")
    rejected(sheet, PhaseError, lambda: sheet.record_bids(zeros), match="over")
    rejected(sheet, PhaseError, lambda: sheet.record_tricks(zeros), match="over")


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_r4_2_full_official_game(players: int) -> None:
    """R4.2 *not equal*: a whole official game where the dealer always avoids the sum."""
    start = sheet_of(players, rules=Preset.OFFICIAL.rules(), first_dealer=1)
    sheet, recorded = play(start, seed=10 + players)
    assert sheet.is_over
    for r, (bids, _) in zip(sheet.rounds, recorded, strict=True):
        assert sum(bids) != r.cards
    assert sheet.totals == tuple(sum(r.points[seat] for r in sheet.rounds) for seat in range(players))


def test_trump_is_kept_on_the_record() -> None:
    """A recorded trump is kept on the round; no trump recorded is None."""
    sheet = seed_sheet().record(bids=[1, 0, 0], tricks=[1, 0, 0], trump=Suit.YELLOW)
    sheet = sheet.record_bids([0, 0, 0]).record_tricks([1, 1, 0], trump=Suit.RED)
    sheet = sheet.record(bids=[1, 1, 0], tricks=[1, 1, 1])
    assert [r.trump for r in sheet.rounds] == [Suit.YELLOW, Suit.RED, None]


def test_a_trump_that_is_not_a_suit_is_an_entry_error() -> None:
    """The trump on the record is a Suit or None."""
    sheet = seed_sheet()
    bad = cast(Suit, "R")
    rejected(sheet, EntryError, lambda: sheet.record(bids=[1, 0, 0], tricks=[1, 0, 0], trump=bad))
    pending = sheet.record_bids([1, 0, 0])
    rejected(pending, EntryError, lambda: pending.record_tricks([1, 0, 0], trump=bad))


# -- validation -------------------------------------------------------------------------------


@pytest.mark.parametrize("values", [[1, 0], [1, 0, 0, 0], [], {"Lena": 1, "Tom": 0}])
def test_wrong_number_of_entries_is_an_entry_error(values: Sequence[int] | Mapping[str, int]) -> None:
    """One bid and one trick count per player."""
    sheet = seed_sheet()
    rejected(sheet, EntryError, lambda: sheet.record_bids(values))
    rejected(sheet, EntryError, lambda: sheet.record(bids=values, tricks=[1, 0, 0]))
    pending = sheet.record_bids([1, 0, 0])
    rejected(pending, EntryError, lambda: pending.record_tricks(values))
    rejected(sheet, EntryError, lambda: sheet.record(bids=[1, 0, 0], tricks=values))


def test_negative_numbers_are_entry_errors() -> None:
    """Bids and tricks are 0 or more."""
    sheet = seed_sheet(rules=Rules(schedule=Schedule(cards_per_round=(3,))))
    rejected(sheet, EntryError, lambda: sheet.record_bids([-1, 0, 0]), match="negative")
    rejected(sheet, EntryError, lambda: sheet.record_bids({"Lena": 0, "Tom": 0, "Mia": -2}), match="Mia")
    pending = sheet.record_bids([1, 1, 1])
    rejected(pending, EntryError, lambda: pending.record_tricks([4, -1, 0]), match="Tom")
    rejected(sheet, EntryError, lambda: sheet.record(bids=[1, 1, 1], tricks=[2, 2, -1]))


@pytest.mark.parametrize("bad", [1.0, 1.5, "1", None, True, False, [1]])
def test_non_whole_numbers_are_entry_errors(bad: Any) -> None:
    """Bids and tricks are whole numbers (ints, not floats, text or bools)."""
    sheet = seed_sheet()
    rejected(sheet, EntryError, lambda: sheet.record_bids([bad, 0, 0]), match="Lena")
    rejected(sheet, EntryError, lambda: sheet.record_bids({"Lena": 0, "Tom": bad, "Mia": 0}), match="Tom")
    pending = sheet.record_bids([0, 0, 0])
    rejected(pending, EntryError, lambda: pending.record_tricks([1, 0, bad]), match="Mia")
    rejected(sheet, EntryError, lambda: sheet.record(bids=[0, 0, 0], tricks=[bad, 1, 0]))


@pytest.mark.parametrize("bad", ["100", b"100", 100, None])
def test_entries_that_are_not_collections_are_entry_errors(bad: Any) -> None:
    """Bids and tricks are a list or a mapping, not a text or a number."""
    sheet = seed_sheet()
    rejected(sheet, EntryError, lambda: sheet.record_bids(bad))
    pending = sheet.record_bids([1, 0, 0])
    rejected(pending, EntryError, lambda: pending.record_tricks(bad))


def test_r4_1_a_bid_above_the_cards_is_a_bid_error() -> None:
    """R4.1: a bid is 0..cards; more is a BidError (not a policy refusal)."""
    sheet = seed_sheet()
    error = rejected(sheet, BidError, lambda: sheet.record_bids([0, 2, 0]), match="Tom")
    assert not isinstance(error, BidNotAllowedError)
    error = rejected(sheet, BidError, lambda: sheet.record(bids=[0, 0, 2], tricks=[1, 0, 0]), match="Mia")
    assert not isinstance(error, BidNotAllowedError)
    sheet, _ = play(sheet, seed=2, rounds=2)
    assert sheet.cards == 3
    sheet.record_bids([3, 3, 3])
    rejected(sheet, BidError, lambda: sheet.record_bids({"Lena": 4, "Tom": 0, "Mia": 0}))


def test_r4_2_seed_002_dealer_may_not_make_the_bids_add_up() -> None:
    """R4.2 (seed 002): round 3, bids 1, 0, 1; the dealer may bid 0, 2 or 3, not 1."""
    names = ("Lena", "Tom", "Mia", "Du")
    sheet = ScoreSheet(players=names, rules=Preset.OFFICIAL.rules(), first_dealer=1)
    sheet, _ = play(sheet, seed=5, rounds=2)
    assert sheet.cards == 3
    assert sheet.players[sheet.dealer or 0] == "Du"
    assert sheet.bidding_order == (0, 1, 2, 3)
    for allowed in (0, 2, 3):
        assert sheet.record_bids([1, 0, 1, allowed]).pending is not None
    error = rejected(sheet, BidNotAllowedError, lambda: sheet.record_bids([1, 0, 1, 1]), match="Du")
    assert error.bid == 1
    assert "3" in error.reason
    assert isinstance(error, BidError)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_r4_2_official_only_the_dealer_is_constrained(players: int) -> None:
    """R4.2 *not equal*: only the last bidder (the dealer) is refused; the message names them."""
    for first in range(players):
        sheet = sheet_of(players, rules=Preset.OFFICIAL.rules(), first_dealer=first)
        dealer = sheet.dealer
        assert dealer == first
        bids = [0] * players
        bids[dealer] = 1
        error = rejected(sheet, BidNotAllowedError, partial(sheet.record_bids, bids))
        assert NAMES[dealer] in str(error)
        assert error.bid == 1
        others = [NAMES[seat] for seat in range(players) if seat != dealer]
        assert not any(f"{name} may not" in str(error) for name in others)
        rejected(sheet, BidNotAllowedError, partial(sheet.record, bids=bids, tricks=bids))
        bids = [0] * players
        bids[(dealer + 1) % players] = 1  # the first bidder may bid all the cards,
        bids[dealer] = 1  # and the dealer then anything but 0
        assert sheet.record_bids(bids).pending is not None


def test_r4_2_score_pad_first_round_is_not_free() -> None:
    """R4.2 (seed 000): on the score pad the bids never add up, round 1 included."""
    sheet = seed_sheet(Preset.SCORE_PAD.rules())
    rejected(sheet, BidNotAllowedError, lambda: sheet.record_bids([1, 0, 0]), match="Lena")
    app = seed_sheet(Preset.APP_NOT_EQUAL.rules())
    assert app.record_bids([1, 0, 0]).pending is not None


def test_r4_2_equal_bids_are_checked_in_bidding_order() -> None:
    """R4.2 *equal*: bids are checked in bidding order, so the bidder who overshoots is named."""
    sheet = seed_sheet(Preset.APP_EQUAL.rules()).record(bids=[1, 0, 0], tricks=[1, 0, 0])
    assert sheet.dealer == 1
    assert sheet.bidding_order == (2, 0, 1)
    rejected(sheet, BidNotAllowedError, lambda: sheet.record_bids([1, 0, 2]), match="Lena")
    rejected(sheet, BidNotAllowedError, lambda: sheet.record_bids([1, 0, 0]), match="Tom")
    assert sheet.record_bids([1, 1, 0]).pending is not None


def test_r4_2_scorekeeper_hook_binds_only_a_trailing_scorekeeper() -> None:
    """R4.2 (seed 001): the hook binds the scorekeeper dealing last only while not leading on the sheet."""
    sheet = seed_sheet(Rules(bid_policy=ScorekeeperHook(scorekeeper=0)))
    sheet = sheet.record(bids=[1, 0, 0], tricks=[0, 1, 0])  # Lena deals, jointly first: free
    sheet = sheet.record(bids=[0, 2, 0], tricks=[0, 2, 0])  # Tom deals: free
    sheet = sheet.record(bids=[0, 0, 3], tricks=[0, 0, 3])  # Mia deals: free
    assert sheet.totals == (30, 50, 90)
    assert sheet.dealer == 0
    rejected(sheet, BidNotAllowedError, lambda: sheet.record_bids([1, 1, 2]), match="Lena")
    assert sheet.record_bids([2, 1, 2]).pending is not None


@pytest.mark.parametrize("tricks", [[1, 1, 0], [0, 0, 0], [2, 0, 0], [0, 1, 1]])
def test_tricks_that_do_not_add_up_are_tricks_errors(tricks: list[int]) -> None:
    """The tricks add up to the round's cards."""
    sheet = seed_sheet()
    pending = sheet.record_bids([1, 0, 0])
    rejected(pending, TricksError, lambda: pending.record_tricks(tricks), match="add up")
    rejected(sheet, TricksError, lambda: sheet.record(bids=[1, 0, 0], tricks=tricks))
    by_name = dict(zip(SEED, tricks, strict=True))
    rejected(pending, TricksError, lambda: pending.record_tricks(by_name))


def test_tricks_before_bids_and_bids_twice_are_phase_errors() -> None:
    """Bids come first, once per round; then the tricks."""
    sheet = seed_sheet()
    rejected(sheet, PhaseError, lambda: sheet.record_tricks([1, 0, 0]), match="bids")
    pending = sheet.record_bids([1, 0, 0])
    rejected(pending, PhaseError, lambda: pending.record_bids([1, 0, 0]), match="already")
    rejected(pending, PhaseError, lambda: pending.record(bids=[1, 0, 0], tricks=[1, 0, 0]))
    done = pending.record_tricks([1, 0, 0])
    rejected(done, PhaseError, lambda: done.record_tricks([1, 1, 0]))


def test_unknown_players_are_player_errors() -> None:
    """Mappings and blind bids name players of the sheet."""
    sheet = seed_sheet(BLIND)
    rejected(sheet, PlayerError, lambda: sheet.record_bids({"Lena": 1, "Tom": 0, "Max": 0}), match="Max")
    extra = {"Lena": 1, "Tom": 0, "Mia": 0, "Max": 0}
    rejected(sheet, PlayerError, lambda: sheet.record_bids(extra), match="Max")
    by_seat = cast(Any, {"Lena": 1, "Tom": 0, 2: 0})
    rejected(sheet, PlayerError, lambda: sheet.record_bids(by_seat))
    unknown: tuple[str | int, ...] = ("Max", 3, -1, "mia")
    for who in unknown:
        rejected(sheet, PlayerError, partial(sheet.record_bids, [1, 0, 0], blind=[who]))
    rejected(sheet, PlayerError, lambda: sheet.record(bids=[1, 0, 0], tricks=[1, 0, 0], blind=["Max"]))
    pending = sheet.record_bids([1, 0, 0])
    max_tricks = {"Lena": 1, "Tom": 0, "Max": 0}
    rejected(pending, PlayerError, lambda: pending.record_tricks(max_tricks), match="Max")
    cloudy = seed_sheet(CLOUD).record_bids([1, 0, 0])
    rejected(cloudy, PlayerError, lambda: cloudy.change_bid("Max", CloudChange.UP))


def test_r4_4_blind_bids_need_the_variant() -> None:
    """R4.4: blind bids without Variant.BLIND_BIDS are a BlindBidError."""
    sheet = seed_sheet()
    rejected(sheet, BlindBidError, lambda: sheet.record_bids([1, 0, 0], blind=["Tom"]), match="Tom")
    rejected(sheet, BlindBidError, lambda: sheet.record_bids([1, 0, 0], blind=[0]), match="Lena")
    rejected(sheet, BlindBidError, lambda: sheet.record(bids=[1, 0, 0], tricks=[1, 0, 0], blind=["Mia"]))
    assert sheet.record_bids([1, 0, 0], blind=[]).pending is not None


def test_r4_4_blind_given_as_a_single_name_is_an_entry_error() -> None:
    """R4.4: blind is a collection of players, not one bare name."""
    sheet = seed_sheet(BLIND)
    rejected(sheet, EntryError, lambda: sheet.record_bids([1, 0, 0], blind="Tom"))


@pytest.mark.parametrize("error", [*ALL_ERRORS, SheetError, BidError, BidNotAllowedError, FormatError])
def test_every_sheet_error_is_a_value_error(error: type[Exception]) -> None:
    """Every error of the sheet is a WizardRulesError and a ValueError."""
    assert issubclass(error, WizardRulesError)
    assert issubclass(error, ValueError)


@pytest.mark.parametrize("error", ALL_ERRORS)
def test_every_entry_error_is_a_sheet_error(error: type[Exception]) -> None:
    """Player, entry, phase, tricks, blind, Cloud and undo errors are SheetErrors."""
    assert issubclass(error, SheetError)


# -- R4.4 blind bids ------------------------------------------------------------------------


def test_r4_4_blind_bids_double_the_points_hit_and_miss() -> None:
    """R4.4, R6.2: a blind bid scores the round double, hit or miss."""
    sheet = seed_sheet(BLIND).record(bids=[1, 0, 0], tricks=[1, 0, 0], blind=["Tom"])
    assert sheet.rounds[0].blind == (False, True, False)
    assert sheet.rounds[0].points == (30, 40, 20)
    sheet = sheet.record_bids({"Lena": 0, "Tom": 1, "Mia": 0}, blind=[1, "Mia"]).record_tricks([1, 0, 1])
    r = sheet.rounds[1]
    assert r.blind == (False, True, True)
    assert r.points == (-10, -20, -20)
    assert sheet.totals == (20, 20, 0)
    assert sheet.hits == (1, 1, 1)


def test_r4_4_blind_bids_show_as_b_in_history_and_text() -> None:
    """R4.4 (seed 000): the history marks a blind bid with `B`, and so does the table."""
    sheet = seed_sheet(BLIND).record(bids=[1, 0, 0], tricks=[1, 0, 0], blind=["Tom"])
    assert sheet.history() == ("R1 (1): Lena 1/1 +30 · Tom 0B/0 +40 · Mia 0/0 +20",)
    text = sheet.to_text()
    assert "0B/0" in text
    assert "1B" not in text
    pending = sheet.record_bids([0, 0, 1], blind=["Mia"])
    assert pending.pending is not None
    assert pending.pending.blind == (False, False, True)
    assert "1B/?" in pending.to_text()


def test_r4_4_blind_by_seat_equals_blind_by_name() -> None:
    """R4.4: blind players given by seat or by name are the same entry."""
    by_name = seed_sheet(BLIND).record(bids=[1, 0, 0], tricks=[1, 0, 0], blind=["Tom", "Lena"])
    by_seat = seed_sheet(BLIND).record(bids=[1, 0, 0], tricks=[1, 0, 0], blind={1, 0})
    assert by_name == by_seat
    assert by_name.totals == (60, 40, 20)


# -- R8.1 the Bomb ----------------------------------------------------------------------------


def test_r8_1_bomb_round_has_one_trick_fewer() -> None:
    """R8.1: with the Bomb in the game, a round with a Bomb trick has cards - 1 tricks to take."""
    sheet, _ = play(seed_sheet(BOMB), seed=8, rounds=2)
    assert sheet.cards == 3
    pending = sheet.record_bids([1, 1, 0])
    done = pending.record_tricks([1, 1, 0], bombs=1)
    r = done.rounds[-1]
    assert r.bombs == 1
    assert r.tricks == (1, 1, 0)
    assert r.points == (30, 30, 20)
    assert done.history()[-1] == "R3 (3, bomb): Lena 1/1 +30 · Tom 1/1 +30 · Mia 0/0 +20"
    rejected(pending, TricksError, lambda: pending.record_tricks([1, 1, 1], bombs=1), match="Bomb")
    rejected(pending, TricksError, lambda: pending.record_tricks([1, 1, 0]))
    one_step = sheet.record(bids=[1, 1, 0], tricks={"Lena": 1, "Tom": 1, "Mia": 0}, bombs=1)
    assert one_step.rounds == done.rounds
    assert one_step.totals == done.totals


def test_r8_1_bomb_in_a_one_card_round_voids_the_only_trick() -> None:
    """R8.1: in round 1 a Bomb leaves no trick to take; a bid of 0 is then a hit for all."""
    sheet = seed_sheet(BOMB).record(bids=[1, 0, 0], tricks=[0, 0, 0], bombs=1)
    assert sheet.totals == (-10, 20, 20)
    assert sheet.rounds[0].bombs == 1


def test_r8_1_bombs_without_the_bomb_are_a_tricks_error() -> None:
    """R8.1: without Special.BOMB in the rules no trick is voided."""
    sheet, _ = play(seed_sheet(CLOUD), seed=8, rounds=2)
    pending = sheet.record_bids([1, 1, 0])
    rejected(pending, TricksError, lambda: pending.record_tricks([1, 1, 0], bombs=1), match="Bomb")
    rejected(sheet, TricksError, lambda: sheet.record(bids=[1, 1, 0], tricks=[1, 1, 0], bombs=1))


BAD_BOMBS = [(2, [1, 0, 0]), (-1, [2, 1, 1]), (True, [1, 1, 0]), (1.0, [1, 1, 0])]
"""Bomb counts that are not 0 or 1, with tricks adding up to the cards less that count."""


@pytest.mark.parametrize(("bombs", "tricks"), BAD_BOMBS)
def test_r8_1_at_most_one_bomb_trick(bombs: Any, tricks: list[int]) -> None:
    """R8.1: the deck has one Bomb, so a round voids 0 or 1 (a whole number) trick."""
    sheet, _ = play(seed_sheet(BOMB), seed=8, rounds=2)
    pending = sheet.record_bids([1, 1, 0])
    rejected(pending, TricksError, lambda: pending.record_tricks(tricks, bombs=bombs))


def test_r8_1_bomb_is_marked_in_the_table() -> None:
    """R8.1: a Bomb round is marked in the text table."""
    sheet = seed_sheet(BOMB).record(bids=[0, 0, 0], tricks=[0, 0, 0], bombs=1)
    assert " 1 (1*)" in sheet.to_text()


# -- R8.2 the Cloud ---------------------------------------------------------------------------


def cloud_round(bids: Sequence[int] = (1, 0, 1)) -> ScoreSheet:
    """A sheet with the Cloud, at round 3 (3 cards), with `bids` recorded."""
    sheet, _ = play(seed_sheet(CLOUD), seed=9, rounds=2)
    assert sheet.cards == 3
    return sheet.record_bids(list(bids))


def test_r8_2_cloud_up_keeps_both_bids_and_scores_the_final_one() -> None:
    """R8.2: a Cloud change keeps the bid as made and the changed bid; scoring uses the changed one."""
    pending = cloud_round((1, 0, 1))
    changed = pending.change_bid("Tom", CloudChange.UP)
    assert pending.pending is not None
    assert pending.pending.final_bids == (1, 0, 1)
    assert changed.pending == PendingRound(bids=(1, 0, 1), final_bids=(1, 1, 1), blind=(False, False, False))
    assert changed.pending.cloud == (1, CloudChange.UP)
    assert changed.entries == pending.entries + 1
    done = changed.record_tricks([1, 1, 1])
    r = done.rounds[-1]
    assert r.bids == (1, 0, 1)
    assert r.final_bids == (1, 1, 1)
    assert r.points == (30, 30, 30)
    assert r.hits == (True, True, True)
    assert r.cloud == (1, CloudChange.UP)
    assert done.history()[-1] == "R3 (3): Lena 1/1 +30 · Tom 0→1/1 +30 · Mia 1/1 +30"
    assert "0→1/1" in done.to_text()


def test_r8_2_cloud_down_scores_the_lowered_bid() -> None:
    """R8.2: a Cloud may lower a bid by one; a miss is measured from the changed bid."""
    done = cloud_round((2, 0, 0)).change_bid(0, CloudChange.DOWN).record_tricks([3, 0, 0])
    r = done.rounds[-1]
    assert r.bids == (2, 0, 0)
    assert r.final_bids == (1, 0, 0)
    assert r.points[0] == -20
    assert r.cloud == (0, CloudChange.DOWN)
    assert r.hits == (False, True, True)


def test_r8_2_cloud_at_zero_only_goes_up() -> None:
    """R8.2: at a bid of 0 the Cloud can only raise the bid."""
    pending = cloud_round((1, 0, 1))
    rejected(pending, CloudError, lambda: pending.change_bid("Tom", CloudChange.DOWN), match="Tom")
    assert pending.change_bid("Tom", CloudChange.UP).pending is not None


def test_r8_2_cloud_at_card_count_only_goes_down() -> None:
    """R8.2: at a bid equal to the round's cards the Cloud can only lower the bid."""
    pending = cloud_round((3, 0, 1))
    rejected(pending, CloudError, lambda: pending.change_bid("Lena", CloudChange.UP), match="Lena")
    assert pending.change_bid("Lena", CloudChange.DOWN).pending is not None


def test_r8_2_one_cloud_change_per_round() -> None:
    """R8.2: the deck has one Cloud; a second change in the round is a CloudError."""
    changed = cloud_round((1, 1, 1)).change_bid("Tom", CloudChange.UP)
    rejected(changed, CloudError, lambda: changed.change_bid("Lena", CloudChange.UP))
    rejected(changed, CloudError, lambda: changed.change_bid("Tom", CloudChange.DOWN))
    rejected(changed, CloudError, lambda: changed.change_bid("Tom", CloudChange.UP))
    next_round = changed.record_tricks([1, 1, 1]).record_bids([1, 1, 1])
    assert next_round.change_bid("Lena", CloudChange.UP).pending is not None


def test_r8_2_cloud_change_needs_the_cloud_in_the_rules() -> None:
    """R8.2: without Special.CLOUD in the rules no bid can change."""
    sheet = seed_sheet(BOMB)
    pending = sheet.record_bids([1, 0, 0])
    rejected(pending, CloudError, lambda: pending.change_bid("Tom", CloudChange.UP), match="Cloud")
    up = ("Tom", CloudChange.UP)
    rejected(sheet, CloudError, lambda: sheet.record(bids=[1, 0, 0], tricks=[0, 1, 0], cloud=up))
    plain = seed_sheet().record_bids([1, 0, 0])
    rejected(plain, CloudError, lambda: plain.change_bid(1, CloudChange.UP))


def test_r8_2_cloud_change_before_bids_is_a_phase_error() -> None:
    """R8.2: a Cloud changes a recorded bid; before the bids it is a PhaseError."""
    sheet = seed_sheet(CLOUD)
    rejected(sheet, PhaseError, lambda: sheet.change_bid("Tom", CloudChange.UP))
    done = sheet.record(bids=[1, 0, 0], tricks=[1, 0, 0])
    rejected(done, PhaseError, lambda: done.change_bid("Tom", CloudChange.UP))


@pytest.mark.parametrize("change", [1, -1, "up", None])
def test_r8_2_cloud_change_must_be_up_or_down(change: Any) -> None:
    """R8.2: the change is CloudChange.UP or CloudChange.DOWN."""
    pending = cloud_round((1, 1, 1))
    rejected(pending, CloudError, lambda: pending.change_bid("Tom", change))


def test_r8_2_cloud_player_took_at_least_one_trick() -> None:
    """R8.2: whoever's bid the Cloud changed won the Cloud's trick, so took one or more tricks."""
    changed = cloud_round((1, 1, 1)).change_bid("Tom", CloudChange.DOWN)
    rejected(changed, TricksError, lambda: changed.record_tricks([2, 0, 1]), match="Tom")
    done = changed.record_tricks([1, 1, 1])
    assert done.rounds[-1].points == (30, -10, 30)
    sheet = cloud_round((1, 1, 1)).undo()
    rejected(
        sheet,
        TricksError,
        lambda: sheet.record(bids=[1, 1, 1], tricks=[3, 0, 0], cloud=("Mia", CloudChange.UP)),
        match="Mia",
    )


def test_r8_2_cloud_in_one_step_equals_two_steps() -> None:
    """R8.2: `record(cloud=...)` records the same round as `change_bid` between the steps."""
    base = cloud_round().undo()
    one = base.record(bids=[1, 0, 1], tricks=[1, 1, 1], cloud=("Tom", CloudChange.UP))
    two = base.record_bids([1, 0, 1]).change_bid(1, CloudChange.UP).record_tricks([1, 1, 1])
    assert one.rounds == two.rounds
    assert one.totals == two.totals
    assert one.rounds[-1].cloud == (1, CloudChange.UP)
    assert (one.entries - base.entries, two.entries - base.entries) == (1, 3)
    rejected(
        base,
        CloudError,
        lambda: base.record(bids=[1, 0, 1], tricks=[1, 1, 1], cloud=("Tom", CloudChange.DOWN)),
    )


@pytest.mark.parametrize("cloud", [("Tom",), "Tom", 5, ("Tom", CloudChange.UP, 1)])
def test_r8_2_malformed_cloud_in_record_is_a_sheet_error(cloud: Any) -> None:
    """R8.2: `record(cloud=...)` takes (player, change); anything else is a SheetError, not a TypeError."""
    base = cloud_round((1, 1, 1)).undo()
    rejected(base, SheetError, lambda: base.record(bids=[1, 1, 1], tricks=[1, 1, 1], cloud=cloud))


def test_r8_1_r8_2_cloud_and_bomb_in_one_round() -> None:
    """R8.1, R8.2: a round may hold a Bomb trick and a Cloud change (in different tricks)."""
    sheet, _ = play(seed_sheet(EVERYTHING), seed=3, rounds=3)
    assert sheet.cards == 4
    done = sheet.record(bids=[2, 0, 1], tricks=[2, 0, 1], bombs=1, cloud=("Lena", CloudChange.DOWN))
    r = done.rounds[-1]
    assert (r.bombs, r.final_bids, r.points) == (1, (1, 0, 1), (-10, 20, 30))
    assert r.cloud == (0, CloudChange.DOWN)
    assert done.history()[-1] == "R4 (4, bomb): Lena 2→1/2 -10 · Tom 0/0 +20 · Mia 1/1 +30"


def test_round_cloud_is_none_without_a_change() -> None:
    """R8.2: Round.cloud and PendingRound.cloud are None when no bid changed."""
    sheet = seed_sheet(CLOUD).record_bids([1, 0, 0])
    assert sheet.pending is not None
    assert sheet.pending.cloud is None
    assert sheet.record_tricks([1, 0, 0]).rounds[0].cloud is None


# -- undo ("Zurück", seed 000) ------------------------------------------------------------


def test_undo_after_record_gives_back_the_sheet_before() -> None:
    """Seed 000 ("Zurück"): undoing an entry gives the sheet as it was before it."""
    sheets = [seed_sheet(first_dealer=2)]
    rng = random.Random(0)
    for _ in range(6):
        cards = sheets[-1].cards
        assert cards is not None
        bids, tricks = random_round(rng, cards, 3)
        sheets.append(sheets[-1].record(bids=bids, tricks=tricks))
    for before, after in itertools.pairwise(sheets):
        undone = after.undo()
        assert undone == before
        assert snapshot(undone) == snapshot(before)
    back = sheets[-1]
    for expected in reversed(sheets[:-1]):
        back = back.undo()
        assert back == expected
    assert back.entries == 0
    rejected(back, UndoError, back.undo)


def test_undo_on_an_empty_sheet_is_an_undo_error() -> None:
    """Nothing recorded, nothing to undo."""
    sheet = seed_sheet()
    error = rejected(sheet, UndoError, sheet.undo)
    assert isinstance(error, SheetError)


def test_undo_steps_back_through_a_cloud_change() -> None:
    """Seed 000: "Zurück" leads back into a round whose bid a Cloud changed, one entry at a time."""
    start, _ = play(seed_sheet(CLOUD), seed=4, rounds=2)
    bids = start.record_bids([1, 0, 1])
    changed = bids.change_bid("Tom", CloudChange.UP)
    done = changed.record_tricks([1, 1, 1])
    assert [s.entries for s in (start, bids, changed, done)] == [2, 3, 4, 5]
    back = done.undo()
    assert back == changed
    assert back.pending == PendingRound(bids=(1, 0, 1), final_bids=(1, 1, 1), blind=(False, False, False))
    assert back.rounds == start.rounds
    assert back.totals == start.totals
    back = back.undo()
    assert back == bids
    assert back.pending is not None
    assert back.pending.final_bids == (1, 0, 1)
    assert back.pending.cloud is None
    back = back.undo()
    assert back == start
    assert back.pending is None
    redone = back.record_bids([1, 0, 1]).change_bid("Mia", CloudChange.DOWN).record_tricks([2, 0, 1])
    assert redone.rounds[-1].final_bids == (1, 0, 0)


def test_undo_of_a_one_step_round_removes_the_whole_round() -> None:
    """An entry made with `record` is undone as one entry, Cloud and all."""
    base = cloud_round().undo()
    done = base.record(bids=[1, 0, 1], tricks=[1, 1, 1], cloud=("Tom", CloudChange.UP))
    assert done.undo() == base
    assert done.undo().pending is None


def test_entries_count_every_entry() -> None:
    """`entries` counts what undo steps back through."""
    sheet = seed_sheet(EVERYTHING)
    assert sheet.entries == 0
    sheet = sheet.record(bids=[1, 0, 0], tricks=[1, 0, 0])
    assert sheet.entries == 1
    sheet = sheet.record_bids([1, 1, 1])
    assert sheet.entries == 2
    sheet = sheet.change_bid("Mia", CloudChange.DOWN)
    assert sheet.entries == 3
    sheet = sheet.record_tricks([0, 0, 1], bombs=1)
    assert sheet.entries == 4
    assert rich_sheet().entries == 6


# -- reading: standings and ties (R7) ---------------------------------------------------------


def tie_sheet(rules: Rules) -> ScoreSheet:
    """Three rounds after which Lena and Tom both have 60; Lena hit 3 bids, Tom 2, Mia 1."""
    sheet = seed_sheet(rules)
    sheet = sheet.record(bids=[0, 1, 1], tricks=[0, 1, 0])
    sheet = sheet.record(bids=[0, 0, 1], tricks=[0, 1, 1])
    return sheet.record(bids=[0, 2, 0], tricks=[0, 2, 1])


def test_r7_2_tie_shares_the_place_without_tiebreak() -> None:
    """R7.2 tie-break *none*: equal totals share the place (1, 1, 3) and both win."""
    sheet = tie_sheet(Preset.OFFICIAL.rules())
    assert sheet.totals == (60, 60, 10)
    assert sheet.hits == (3, 2, 1)
    assert sheet.rules.tiebreak is TieBreak.NONE
    assert sheet.standings() == (1, 1, 3)
    assert sheet.winners() == ("Lena", "Tom")


def test_r7_2_tie_decided_by_exact_hits_on_the_score_pad() -> None:
    """R7.2 (seed 000): the score pad ranks the player with more exact hits higher."""
    sheet = tie_sheet(Preset.SCORE_PAD.rules())
    assert sheet.totals == (60, 60, 10)
    assert sheet.rules.tiebreak is TieBreak.EXACT_HITS
    assert sheet.standings() == (1, 2, 3)
    assert sheet.winners() == ("Lena",)
    assert [cell.strip() for cell in sheet.to_text().splitlines()[-1].split("|")] == ["place", "1", "2", "3"]


def test_r7_2_equal_totals_and_hits_still_share_the_place() -> None:
    """R7.2 *exact hits*: equal totals and equal hits share the place."""
    sheet = seed_sheet(Preset.SCORE_PAD.rules()).record(bids=[0, 0, 0], tricks=[1, 0, 0])
    assert sheet.totals == (-10, 20, 20)
    assert sheet.standings() == (3, 1, 1)
    assert sheet.winners() == ("Tom", "Mia")


def test_r7_2_places_with_four_players() -> None:
    """R7.2: standings give places 1..n with gaps after shared places (1, 1, 3, 4)."""
    sheet = sheet_of(4).record(bids=[0, 0, 1, 1], tricks=[0, 0, 0, 1])
    assert sheet.totals == (20, 20, -10, 30)
    assert sheet.standings() == (2, 2, 4, 1)
    sheet = sheet.record(bids=[0, 0, 1, 0], tricks=[0, 0, 0, 2])
    assert sheet.totals == (40, 40, -20, 10)
    assert sheet.standings() == (1, 1, 4, 3)
    assert sheet.winners() == ("Ann", "Ben")


def test_rounds_hold_every_field() -> None:
    """Round records number, cards, dealer, bids, final bids, blind, tricks, points, bombs and trump."""
    sheet = rich_sheet()
    assert sheet.rounds == (
        Round(
            number=1,
            cards=1,
            dealer=1,
            bids=(1, 0, 0),
            final_bids=(1, 0, 0),
            blind=(False, False, True),
            tricks=(1, 0, 0),
            points=(30, 20, 40),
            trump=Suit.GREEN,
        ),
        Round(
            number=2,
            cards=2,
            dealer=2,
            bids=(0, 1, 1),
            final_bids=(1, 1, 1),
            blind=(False, False, False),
            tricks=(1, 1, 0),
            points=(30, 30, -10),
            trump=Suit.BLUE,
        ),
        Round(
            number=3,
            cards=3,
            dealer=0,
            bids=(1, 1, 1),
            final_bids=(1, 1, 0),
            blind=(False, False, False),
            tricks=(1, 0, 1),
            points=(30, -10, -10),
            bombs=1,
        ),
    )
    assert sheet.totals == (90, 40, 20)
    assert sheet.hits == (3, 2, 1)
    assert sheet.pending == PendingRound(bids=(2, 1, 0), final_bids=(2, 1, 0), blind=(False, True, False))
    assert sheet.current_round == 4
    assert sheet.cards == 4
    assert sheet.dealer == 1
    assert [r.cloud for r in sheet.rounds] == [None, (0, CloudChange.UP), (2, CloudChange.DOWN)]


def test_history_has_one_line_per_round() -> None:
    """Seed 000: the history shows bid/tricks and points per player, `B` for blind, `→` for a Cloud."""
    assert rich_sheet().history() == (
        "R1 (1): Lena 1/1 +30 · Tom 0/0 +20 · Mia 0B/0 +40",
        "R2 (2): Lena 0→1/1 +30 · Tom 1/1 +30 · Mia 1/0 -10",
        "R3 (3, bomb): Lena 1/1 +30 · Tom 1/0 -10 · Mia 1→0/1 -10",
    )
    assert seed_sheet().history() == ()


def test_to_text_has_players_as_columns_and_a_row_per_round() -> None:
    """The text table: a header with the players, a row per round (and the pending one), totals, places;
    a trump column since the sheet records trumps (`-` where none is recorded)."""
    sheet = rich_sheet()
    text = sheet.to_text()
    assert str(sheet) == text
    lines = text.splitlines()
    header = [cell.strip() for cell in lines[0].split("|")]
    assert header == ["round", "trump", "Lena", "Tom", "Mia"]
    rows = [line for line in lines if line[:2].strip().isdigit()]
    assert len(rows) == 4  # three finished rounds and the pending one
    assert [row.split("|")[0].split()[0] for row in rows] == ["1", "2", "3", "4"]
    assert [row.split("|")[1].strip() for row in rows] == ["Green", "Blue", "-", ""]
    for row in rows:
        assert len(row.split("|")) == 5
    assert "= 90" in rows[2]
    assert "= 40" in rows[2]
    assert "= 20" in rows[2]
    assert "0B/0 +40 = 40" in rows[0]
    assert rows[3].count("/?") == 3
    assert "1B/?" in rows[3]
    total = next(line for line in lines if line.startswith("total"))
    assert [cell.strip() for cell in total.split("|")[2:]] == ["90", "40", "20"]


def test_to_text_of_an_empty_sheet_has_the_header_and_totals() -> None:
    """An empty sheet's table: the players, no round rows, zero totals."""
    sheet = sheet_of(5)
    lines = sheet.to_text().splitlines()
    assert [cell.strip() for cell in lines[0].split("|")] == ["round", *NAMES[:5]]
    assert not any(line[:2].strip().isdigit() for line in lines)
    assert str(sheet) == sheet.to_text()


# -- JSON ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "make",
    [
        seed_sheet,
        rich_sheet,
        lambda: rich_sheet().undo(),
        lambda: rich_sheet().undo().undo().undo(),
        lambda: tie_sheet(Preset.SCORE_PAD.rules()),
        lambda: play(sheet_of(4, rules=Rules(bid_policy=ScorekeeperHook(scorekeeper=3))), seed=4)[0],
        lambda: play(sheet_of(6, rules=Preset.TOURNAMENT.rules(), first_dealer=5), seed=6)[0],
        lambda: play(sheet_of(4, rules=Rules(schedule=Schedule.maximus(4, (FixedTrump.NONE,) * 5))), 2)[0],
        lambda: play(sheet_of(3, rules=Rules(schedule=Schedule(cards_per_round=(4, 2), name="x"))), 1)[0],
        lambda: play(sheet_of(5, rules=Rules(bid_policy=NotEqualBids(min_cards=3))), 3)[0],
        lambda: ScoreSheet(players=["Jürgen", "Zoë", "李"]).record(bids=[1, 0, 0], tricks=[1, 0, 0]),
    ],
)
def test_json_round_trip_is_exact(make: Callable[[], ScoreSheet]) -> None:
    """to_json then from_json gives an equal sheet: rounds, totals, pending, blind, Cloud, Bomb, trump."""
    sheet = make()
    text = sheet.to_json()
    loaded = ScoreSheet.from_json(text)
    assert loaded == sheet
    assert snapshot(loaded) == snapshot(sheet)
    assert loaded.rules == sheet.rules
    assert loaded.schedule == sheet.schedule
    assert loaded.first_dealer == sheet.first_dealer
    assert loaded.standings() == sheet.standings()
    assert loaded.to_text() == sheet.to_text()
    assert loaded.to_csv() == sheet.to_csv()
    assert loaded.to_json() == text
    assert ScoreSheet.from_json(text.encode()) == sheet
    assert ScoreSheet.from_json(sheet.to_json(indent=None)) == sheet
    assert "\n" not in sheet.to_json(indent=None)


def test_json_keeps_undo_working_after_loading() -> None:
    """Seed 000: a loaded sheet steps back through its entries like the original."""
    sheet = rich_sheet()
    loaded = ScoreSheet.from_json(sheet.to_json())
    original, copy = sheet, loaded
    while original.entries:
        original, copy = original.undo(), copy.undo()
        assert copy == original
        assert snapshot(copy) == snapshot(original)
    with pytest.raises(UndoError):
        copy.undo()


def test_json_loaded_sheet_continues_the_game() -> None:
    """A loaded sheet records the next entries like the original."""
    sheet = rich_sheet()
    loaded = ScoreSheet.from_json(sheet.to_json())
    assert loaded.record_tricks([2, 1, 1]) == sheet.record_tricks([2, 1, 1])
    assert loaded.change_bid(2, CloudChange.UP).pending == sheet.change_bid(2, CloudChange.UP).pending


def test_json_has_format_and_version() -> None:
    """The saved file names its format and version."""
    data = json.loads(rich_sheet().to_json())
    assert data["format"] == "wizardrules/scoresheet"
    assert data["version"] == 1
    assert data["players"] == list(SEED)
    assert data["totals"] == [90, 40, 20]
    assert len(data["rounds"]) == 3


def _bump_points(data: dict[str, Any]) -> None:
    data["rounds"][0]["points"][0] += 10


def _bump_totals(data: dict[str, Any]) -> None:
    data["totals"][1] += 10


def _bump_final_bid(data: dict[str, Any]) -> None:
    data["rounds"][1]["final_bids"][0] = 0


def _drop_round(data: dict[str, Any]) -> None:
    data["rounds"].pop()


def _swap_tricks(data: dict[str, Any]) -> None:
    data["entries"][0]["tricks"] = [0, 1, 0]


def _bad_tricks(data: dict[str, Any]) -> None:
    data["entries"][0]["tricks"] = [1, 1, 0]


def _unknown_entry(data: dict[str, Any]) -> None:
    data["entries"][1]["type"] = "bid"


def _cloud_past_zero(data: dict[str, Any]) -> None:
    data["entries"][2]["change"] = "down"


def _blind_seat(data: dict[str, Any]) -> None:
    data["entries"][0]["blind"] = [7]


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (_bump_points, "tampered"),
        (_bump_totals, "tampered"),
        (_bump_final_bid, "tampered"),
        (_drop_round, "tampered"),
        (_swap_tricks, "tampered"),
        (_bad_tricks, "inconsistent"),
        (_unknown_entry, "unknown"),
        (_cloud_past_zero, "inconsistent"),
        (_blind_seat, "inconsistent"),
    ],
)
def test_json_tampered_content_is_a_format_error(change: Callable[[Data], None], match: str) -> None:
    """Changed points, totals, bids or tricks, and entries that do not replay, are FormatErrors."""
    with pytest.raises(FormatError, match=match) as info:
        ScoreSheet.from_json(tampered(rich_sheet(), change))
    assert isinstance(info.value, WizardRulesError)
    assert isinstance(info.value, ValueError)


def test_json_bid_the_policy_forbids_is_a_format_error() -> None:
    """R4.2: a saved bid the policy forbids (the dealer making the sum) is rejected on loading."""
    sheet = seed_sheet(Preset.OFFICIAL.rules()).record(bids=[0, 0, 0], tricks=[1, 0, 0])

    def forbid(data: dict[str, Any]) -> None:
        data["entries"][0]["bids"] = [1, 0, 0]
        data["rounds"][0]["bids"] = data["rounds"][0]["final_bids"] = [1, 0, 0]
        data["rounds"][0]["points"] = [30, 20, 20]
        data["totals"] = [30, 20, 20]

    with pytest.raises(FormatError, match="Lena") as info:
        ScoreSheet.from_json(tampered(sheet, forbid))
    assert isinstance(info.value, WizardRulesError)
    assert not isinstance(info.value, BidNotAllowedError)


@pytest.mark.parametrize("fmt", ["wizardrules/game", "", None, 1])
def test_json_wrong_format_is_a_format_error(fmt: object) -> None:
    """A file of another format is not a score sheet."""
    text = tampered(seed_sheet(), lambda data: data.update(format=fmt))
    with pytest.raises(FormatError, match="format"):
        ScoreSheet.from_json(text)


@pytest.mark.parametrize("version", [0, 2, "1", None, [1], True, 1.0])
def test_json_unknown_version_is_a_format_error(version: object) -> None:
    """Only version 1 (the whole number) is read."""
    text = tampered(seed_sheet(), lambda data: data.update(version=version))
    with pytest.raises(FormatError, match="version"):
        ScoreSheet.from_json(text)


@pytest.mark.parametrize("text", ["", "not json", "{", "[]", "42", "null", '"scoresheet"', b"\xff\xfe"])
def test_json_that_is_not_a_sheet_is_a_format_error(text: str | bytes) -> None:
    """Text that is not JSON, or JSON that is not an object, is a FormatError."""
    with pytest.raises(FormatError):
        ScoreSheet.from_json(text)


TOP_LEVEL = ["players", "first_dealer", "rules", "entries", "rounds", "totals", "version"]


@pytest.mark.parametrize("key", TOP_LEVEL)
def test_json_missing_fields_are_format_errors(key: str) -> None:
    """Every top-level field is needed."""
    text = tampered(rich_sheet(), lambda data: data.pop(key))
    with pytest.raises(FormatError):
        ScoreSheet.from_json(text)


@pytest.mark.parametrize(
    ("entry", "key"),
    [(0, "type"), (0, "bids"), (0, "tricks"), (0, "blind"), (0, "bombs"), (1, "bids"), (2, "change")],
)
def test_json_entries_missing_fields_are_format_errors(entry: int, key: str) -> None:
    """Every entry needs its fields: type, bids, blind, tricks, bombs, the Cloud's change."""
    text = tampered(rich_sheet(), lambda data: data["entries"][entry].pop(key))
    with pytest.raises(FormatError):
        ScoreSheet.from_json(text)


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("players", ["Lena", "Tom"]),
        ("players", ["Lena", "Tom", "Lena"]),
        ("players", "Lena"),
        ("first_dealer", 3),
        ("first_dealer", "1"),
        ("first_dealer", True),
        ("rules", {}),
        ("rules", None),
        ("entries", {}),
        ("entries", [{"type": "tricks", "tricks": [1, 0, 0], "bombs": 0, "trump": None}]),
        ("entries", [42]),
        ("rounds", None),
        ("totals", None),
    ],
)
def test_json_wrong_field_values_are_format_errors(key: str, value: object) -> None:
    """Fields of the wrong type or with impossible values are FormatErrors, not other errors."""
    text = tampered(rich_sheet(), lambda data: data.update({key: value}))
    with pytest.raises(FormatError):
        ScoreSheet.from_json(text)


def test_json_rules_are_checked_on_loading() -> None:
    """Saved rules the players cannot play (a schedule too long, an unknown variant) are FormatErrors."""
    sheet = seed_sheet()

    def long(data: dict[str, Any]) -> None:
        data["rules"]["schedule"] = {"name": "x", "cards_per_round": [21], "trumps": []}

    def variant(data: dict[str, Any]) -> None:
        data["rules"]["variants"] = ["TELEPATHY"]

    for change in (long, variant):
        with pytest.raises(FormatError):
            ScoreSheet.from_json(tampered(sheet, change))


def test_json_blind_entries_need_the_variant_when_loading() -> None:
    """R4.4: a saved blind bid under rules without blind bids is a FormatError."""
    sheet = seed_sheet(BLIND).record(bids=[1, 0, 0], tricks=[1, 0, 0], blind=["Tom"])

    def no_variant(data: dict[str, Any]) -> None:
        data["rules"]["variants"] = []

    with pytest.raises(FormatError):
        ScoreSheet.from_json(tampered(sheet, no_variant))


# -- CSV -------------------------------------------------------------------------------------------


def test_csv_has_a_header_and_a_row_per_round() -> None:
    """to_csv: a header, one row per finished round, parseable by the csv module; with the rules' Cloud, Bomb
    and blind bids, and the trumps on the record, their columns."""
    sheet = rich_sheet()
    rows = list(csv.reader(io.StringIO(sheet.to_csv())))
    header, body = rows[0], rows[1:]
    assert header[:5] == ["round", "cards", "dealer", "trump", "bombs"]
    assert len(header) == 5 + 6 * 3
    for name in SEED:
        for col in ("bid", "final bid", "blind", "tricks", "points", "total"):
            assert f"{name} {col}" in header
    assert len(body) == len(sheet.rounds) == 3
    assert all(len(row) == len(header) for row in body)
    records = list(csv.DictReader(io.StringIO(sheet.to_csv())))
    assert [int(r["round"]) for r in records] == [1, 2, 3]
    assert [int(r["cards"]) for r in records] == [1, 2, 3]
    assert [r["dealer"] for r in records] == ["Tom", "Mia", "Lena"]
    assert [int(r["bombs"]) for r in records] == [0, 0, 1]
    assert [r["trump"] for r in records] == ["green", "blue", ""]
    assert [r["Mia blind"] for r in records] == ["B", "", ""]
    assert [(int(r["Lena bid"]), int(r["Lena final bid"])) for r in records] == [(1, 1), (0, 1), (1, 1)]
    assert [(int(r["Mia bid"]), int(r["Mia final bid"])) for r in records] == [(0, 0), (1, 1), (1, 0)]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_csv_totals_are_the_running_totals(players: int) -> None:
    """R6.3: the CSV's total columns are the running totals of the points columns."""
    sheet, _ = play(sheet_of(players), seed=players, rounds=7)
    records = list(csv.DictReader(io.StringIO(sheet.to_csv())))
    assert len(records) == 7
    for seat, name in enumerate(sheet.players):
        running = 0
        for record, r in zip(records, sheet.rounds, strict=True):
            assert int(record[f"{name} points"]) == r.points[seat]
            assert int(record[f"{name} tricks"]) == r.tricks[seat]
            running += r.points[seat]
            assert int(record[f"{name} total"]) == running
        assert running == sheet.totals[seat]


def test_csv_of_an_empty_sheet_is_only_the_header() -> None:
    """No rounds, only the header; pending bids are not a row."""
    assert len(list(csv.reader(io.StringIO(seed_sheet().to_csv())))) == 1
    pending = seed_sheet().record_bids([1, 0, 0])
    assert len(list(csv.reader(io.StringIO(pending.to_csv())))) == 1


def test_csv_quotes_names_with_commas() -> None:
    """Names with commas and quotes survive the CSV."""
    sheet = ScoreSheet(players=['Anna, "A"', "Ben", "Cem"]).record(bids=[1, 0, 0], tricks=[1, 0, 0])
    header = next(csv.reader(io.StringIO(sheet.to_csv())))
    assert 'Anna, "A" total' in header


def test_r3_5_recorded_trump_must_match_a_fixed_trump() -> None:
    """R3.5: a round with a fixed trump accepts only that trump on the record."""
    einfarbig = ScoreSheet(players=["A", "B", "C"], rules=Rules(schedule=Schedule.einfarbig(3)))
    with pytest.raises(EntryError, match="fixed"):
        einfarbig.record(bids=[1, 1, 2], tricks=[1, 1, 2], trump=Suit.RED)
    maximus = ScoreSheet(players=["A", "B", "C", "D"], rules=Rules(schedule=Schedule.maximus(4)))
    recorded = maximus.record(bids=[4, 4, 4, 3], tricks=[4, 4, 4, 3], trump=Suit.RED)
    assert recorded.rounds[0].trump is Suit.RED
    with pytest.raises(EntryError, match="fixed"):
        maximus.record(bids=[4, 4, 4, 3], tricks=[4, 4, 4, 3], trump=Suit.BLUE)


def test_r3_4_no_trump_recorded_when_the_whole_deck_is_dealt() -> None:
    """R3.4: a round that deals the whole standard deck turns up no card, so it has no trump."""
    whole = ScoreSheet(players=["A", "B", "C"], rules=Rules(schedule=Schedule(cards_per_round=(20,))))
    with pytest.raises(EntryError, match="no trump"):
        whole.record(bids=[5, 5, 5], tricks=[10, 5, 5], trump=Suit.GREEN)
    assert whole.record(bids=[5, 5, 5], tricks=[10, 5, 5]).rounds[0].trump is None
    with_bomb = ScoreSheet(
        players=["A", "B", "C"],
        rules=Rules(schedule=Schedule(cards_per_round=(20,)), special_cards={Special.BOMB}),
    )
    assert with_bomb.record(bids=[5, 5, 5], tricks=[10, 5, 5], trump=Suit.GREEN).rounds[0].trump is Suit.GREEN


def test_json_numbers_must_match_exactly() -> None:
    """A saved table whose points are written as floats is not the table its entries give."""
    sheet = ScoreSheet(players=["A", "B", "C"]).record(bids=[1, 0, 0], tricks=[1, 0, 0])
    data = json.loads(sheet.to_json())
    data["rounds"][0]["points"] = [30.0, 20, 20]
    with pytest.raises(FormatError, match="tampered"):
        ScoreSheet.from_json(json.dumps(data))


def test_r4_5_no_blind_bids_in_the_clairvoyance_round() -> None:
    """R4.5: in the clairvoyance round nobody sees their own card, so nobody bids blind; round 2 may."""
    rules = Rules(variants=Variant.BLIND_BIDS | Variant.CLAIRVOYANCE)
    sheet = ScoreSheet(players=["A", "B", "C"], rules=rules)
    with pytest.raises(BlindBidError, match="clairvoyance"):
        sheet.record(bids=[1, 0, 0], tricks=[1, 0, 0], blind=["A"])
    sheet = sheet.record(bids=[1, 0, 0], tricks=[1, 0, 0])
    assert sheet.record(bids=[1, 0, 0], tricks=[1, 1, 0], blind=["A"]).rounds[-1].blind == (True, False, False)
