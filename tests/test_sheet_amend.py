"""Amending a finished round of a score sheet, as an app does when a slip is noticed rounds later.

`ScoreSheet.amend(n, ...)` records round n anew with what changes and checks every later
entry again in order (a bid rule may depend on the totals, R4.2); a change that a later
round no longer allows is refused with an `AmendError` and nothing changes.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wizardrules import (
    AmendError,
    BidNotAllowedError,
    CloudChange,
    EntryError,
    PlayerError,
    Preset,
    Rules,
    ScorekeeperHook,
    ScoreSheet,
    Special,
    Suit,
    TricksError,
    play_game,
)
from wizardrules.bots import RandomBot

NAMES = ["Ann", "Ben", "Cem"]


def five_rounds() -> ScoreSheet:
    sheet = ScoreSheet(NAMES)
    for bids, tricks in [
        ([1, 0, 0], [1, 0, 0]),
        ([1, 1, 1], [0, 1, 1]),
        ([0, 2, 0], [1, 2, 0]),
        ([2, 1, 0], [2, 1, 1]),
        ([1, 1, 2], [1, 2, 2]),
    ]:
        sheet = sheet.record(bids=bids, tricks=tricks)
    return sheet


def rebuilt(sheet: ScoreSheet, number: int, **changes: object) -> ScoreSheet:
    """The sheet recorded from scratch, round `number` with `changes`: what `amend` must equal."""
    fresh = ScoreSheet(sheet.players, rules=sheet.rules, first_dealer=sheet.first_dealer)
    for r in sheet.rounds:
        entry: dict[str, object] = {
            "bids": r.bids,
            "tricks": r.tricks,
            "blind": [seat for seat, blind in enumerate(r.blind) if blind],
            "cloud": r.cloud,
            "bombs": r.bombs,
            "trump": r.trump,
        }
        if r.number == number:
            entry.update(changes)
        fresh = fresh.record(**entry)  # type: ignore[arg-type]
    return fresh


def test_amend_replaces_one_round_and_rescores_the_rest() -> None:
    """Round 2's tricks were entered wrong: the round is scored anew, every later total moves with it (R6.3)."""
    sheet = five_rounds()
    amended = sheet.amend(2, tricks=[1, 1, 0])
    assert amended.rounds[1].tricks == (1, 1, 0)
    assert amended.rounds[1].points == (30, 30, -10)
    assert [r.tricks for r in amended.rounds[2:]] == [r.tricks for r in sheet.rounds[2:]]
    assert amended.rounds == rebuilt(sheet, 2, tricks=[1, 1, 0]).rounds
    assert amended.totals == (sheet.totals[0] + 40, sheet.totals[1], sheet.totals[2] - 40)
    assert sheet.rounds[1].tricks == (0, 1, 1)  # the sheet amended is unchanged


def test_amend_keeps_what_is_not_given() -> None:
    """Only the fields given change: a trump added to the record changes no points."""
    sheet = five_rounds()
    amended = sheet.amend(4, trump=Suit.RED)
    assert amended.rounds[3].trump is Suit.RED
    assert [r.points for r in amended.rounds] == [r.points for r in sheet.rounds]
    assert amended.amend(4, trump=None).rounds == sheet.rounds


def test_amend_by_name_and_with_bids() -> None:
    """Bids and tricks by name, as `record` takes them (R4.1, R6.1)."""
    amended = five_rounds().amend(1, bids={"Ann": 0, "Ben": 1, "Cem": 0}, tricks={"Ann": 0, "Ben": 1, "Cem": 0})
    assert amended.rounds[0].bids == (0, 1, 0)
    assert amended.rounds[0].points == (20, 30, 20)


def test_amend_by_name_keeps_the_players_left_out() -> None:
    """R4.1, R6.1: a mapping names only the players whose bids or tricks change; the others keep theirs."""
    sheet = five_rounds()
    amended = sheet.amend(4, bids={"Ben": 2})
    assert amended.rounds[3].bids == (2, 2, 0)
    assert amended == rebuilt(sheet, 4, bids=[2, 2, 0])
    moved = sheet.amend(5, tricks={"Ann": 2, "Cem": 1})
    assert moved.rounds[4].tricks == (2, 2, 1)
    assert moved.rounds[4].points == (-10, -10, -10)


def test_amend_by_name_still_refuses_unknown_names_and_a_wrong_sum() -> None:
    """A name not at the table, or tricks that no longer add up to the cards (R6.1), change nothing."""
    sheet = five_rounds()
    with pytest.raises(PlayerError, match="Dana"):
        sheet.amend(4, bids={"Dana": 1})
    with pytest.raises(TricksError):
        sheet.amend(4, tricks={"Ben": 0})
    assert sheet == five_rounds()


def test_amend_refuses_a_change_a_later_round_does_not_allow() -> None:
    """R4.2 (seed 001, the scorekeeper's hook): with round 1 amended, the scorekeeper trails in round 3, and
    the round-3 bids that added up to the cards are no longer allowed; nothing changes."""
    rules = Rules(bid_policy=ScorekeeperHook(scorekeeper=2))
    sheet = ScoreSheet(NAMES, rules=rules)
    sheet = sheet.record(bids=[0, 0, 1], tricks=[0, 0, 1])
    sheet = sheet.record(bids=[1, 0, 1], tricks=[1, 0, 1])
    sheet = sheet.record(bids=[1, 1, 1], tricks=[1, 1, 1])  # Cem deals round 3 while leading: free
    with pytest.raises(AmendError, match=r"amend round 1: round 3 no longer checks: .*Cem may not bid 1") as info:
        sheet.amend(1, tricks=[1, 0, 0])
    assert isinstance(info.value.__cause__, BidNotAllowedError)
    assert sheet.totals == (80, 70, 90)
    assert sheet.amend(1, bids=[0, 1, 1]).totals == (80, 40, 90)  # Cem still leads after round 2


def test_amend_checks_the_round_itself_as_record_does() -> None:
    """R6.1: tricks that do not add up are refused with the error `record` raises."""
    sheet = five_rounds()
    with pytest.raises(TricksError, match="add up"):
        sheet.amend(3, tricks=[3, 0, 1])


@pytest.mark.parametrize("number", [0, 6, -1, True, 2.0, "2"])
def test_amend_only_finished_rounds(number: object) -> None:
    """Only a finished round can be amended; the open round is corrected with `undo`."""
    with pytest.raises(EntryError, match="not a finished round"):
        five_rounds().amend(number)  # type: ignore[arg-type]
    with pytest.raises(EntryError, match="none yet"):
        ScoreSheet(NAMES).record_bids([1, 0, 0]).amend(1)


def test_amend_rechecks_the_open_round_and_keeps_the_entries() -> None:
    """The open round's bids are checked again and kept; `undo` still steps back through the later entries."""
    sheet = five_rounds().record_bids([2, 2, 1])
    amended = sheet.amend(3, bids=[0, 1, 0], tricks=[1, 1, 1])
    assert amended.pending == sheet.pending
    assert amended.entries == sheet.entries
    assert amended.undo().pending is None
    assert amended.undo().rounds == amended.rounds
    assert ScoreSheet.from_json(amended.to_json()) == amended


def test_amend_a_cloud_and_a_bomb_round() -> None:
    """R8.1, R8.2: a Cloud change moved to another player, then taken back; a Bomb trick added."""
    rules = Rules(special_cards=frozenset({Special.CLOUD, Special.BOMB}))
    sheet = ScoreSheet(NAMES, rules=rules).record(bids=[1, 0, 0], tricks=[1, 0, 0])
    sheet = sheet.record(bids=[1, 0, 0], cloud=("Ann", CloudChange.UP), tricks=[2, 0, 0])
    moved = sheet.amend(2, cloud=("Ben", CloudChange.UP), tricks=[1, 1, 0])
    assert moved.rounds[1].final_bids == (1, 1, 0)
    assert moved.amend(2, cloud=None, tricks=[1, 0, 1]).rounds[1].cloud is None
    bombed = sheet.amend(2, bombs=1, tricks=[1, 0, 0])
    assert bombed.rounds[1].bombs == 1


@given(
    seed=st.integers(0, 10_000),
    number=st.integers(1, 8),
    preset=st.sampled_from([Preset.RULEBOOK, Preset.OFFICIAL, Preset.ANNIVERSARY_2021]),
)
def test_property_amend_equals_recording_from_scratch(seed: int, number: int, preset: Preset) -> None:
    """Amending a round with its own values changes nothing; amending its trump gives the sheet recorded from
    scratch with that trump; either way every other round stays as it was."""
    bots = [RandomBot(seed=seed), RandomBot(seed=seed + 1), RandomBot(seed=seed + 2)]
    sheet = play_game(bots, rules=preset.rules(), seed=seed).scoresheet
    assert sheet.amend(number).rounds == sheet.rounds
    assert sheet.amend(number).totals == sheet.totals
    r = sheet.rounds[number - 1]
    if r.trump is not None and sheet.schedule.fixed_trump(number) is None:
        other = next(suit for suit in Suit if suit is not r.trump)
        assert sheet.amend(number, trump=other).rounds == rebuilt(sheet, number, trump=other).rounds
