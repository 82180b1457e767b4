"""Duplicate tournaments: every bot holds every hand of each deal; intervals over deals; parts that combine."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wizardrules import Action, PlayerView, RandomBot, RuleBot, Rules, RulesError, Schedule
from wizardrules.tournament import BotFactory, Comparison, TournamentResult, bot_seed, deal_seed, seating, tournament

SHORT: Final = Rules(schedule=Schedule.ladder(4, rounds=3))
SHORT3: Final = Rules(schedule=Schedule.ladder(3, rounds=2))


class HandRecorder:
    """Plays the first legal card and remembers the first hand it held in each game, by bot seed."""

    hands: dict[int, tuple[str, ...]] = {}  # noqa: RUF012 - shared by the instances of one test

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if view.hand is not None and view.round_number == 2 and self.seed not in HandRecorder.hands:
            HandRecorder.hands[self.seed] = tuple(str(card) for card in view.hand)
        return legal[0]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_duplicate_every_bot_holds_every_hand_of_a_deal(players: int) -> None:
    """Over one deal's rotations each bot is dealt each seat's hand once: the same hands, rotated."""
    HandRecorder.hands.clear()
    bots = [BotFactory(HandRecorder).named(name) for name in "ABCDEF"[:players]]
    rules = Rules(schedule=Schedule.ladder(players, rounds=2))
    tournament(bots, players, rules=rules, seed=4, duplicate=True, executor=None)
    held = [[HandRecorder.hands[bot_seed(4, game, bot)] for bot in range(players)] for game in range(players)]
    for bot in range(players):
        assert sorted(held[game][bot] for game in range(players)) == sorted(held[0])  # every hand of the deal once
    assert len({hand for game in held for hand in game}) == players  # one deal: one hand per seat in all


def test_duplicate_deals_repeat_once_per_rotation() -> None:
    """Game g of a duplicate tournament deals deal g // n; seat rotation is as without duplicate."""
    plain = tournament([RuleBot, RandomBot, RandomBot], 6, rules=SHORT3, seed=2, executor=None)
    dup = tournament([RuleBot, RandomBot, RandomBot], 6, rules=SHORT3, seed=2, duplicate=True, executor=None)
    assert dup.duplicate
    assert not plain.duplicate
    assert dup.deals == 2
    assert plain.deals == 6
    assert seating(4, 3) == seating(1, 3)
    # the first game of each is the same deal with the same seats
    assert dup["RuleBot"].scores[0] == plain["RuleBot"].scores[0]
    assert deal_seed(2, 0) != deal_seed(2, 1)


def test_duplicate_same_result_whatever_runs_it() -> None:
    expected = tournament([RuleBot, RandomBot, RandomBot], 9, rules=SHORT3, seed=5, duplicate=True, executor=None)
    assert (
        tournament([RuleBot, RandomBot, RandomBot], 9, rules=SHORT3, seed=5, duplicate=True, chunk_size=2) == expected
    )


def test_duplicate_interval_is_over_deals() -> None:
    """The interval's half-width is 1.96 times the sd of the per-deal means over the square root of the deals."""
    result = tournament([RuleBot, RandomBot, RandomBot], 12, rules=SHORT3, seed=3, duplicate=True, executor=None)
    stats = result["RuleBot"]
    deal_means = [statistics.fmean(stats.scores[k : k + 3]) for k in range(0, 12, 3)]
    half = 1.9599639845400536 * statistics.stdev(deal_means) / math.sqrt(4)
    assert stats.ci_low == pytest.approx(stats.mean_score - half)
    assert stats.ci_high == pytest.approx(stats.mean_score + half)
    assert stats.score_sd == pytest.approx(statistics.stdev(stats.scores))


def test_compare_pairs_the_games() -> None:
    result = tournament([RuleBot, RandomBot, RandomBot, RandomBot], 40, rules=SHORT, seed=1, executor=None)
    gap = result.compare("RuleBot", "RandomBot 1")
    differences = [a - b for a, b in zip(result["RuleBot"].scores, result["RandomBot 1"].scores, strict=True)]
    half = 1.9599639845400536 * statistics.stdev(differences) / math.sqrt(40)
    assert isinstance(gap, Comparison)
    assert (gap.games, gap.units) == (40, 40)
    assert gap.mean == pytest.approx(statistics.fmean(differences))
    assert gap.ci == pytest.approx((gap.mean - half, gap.mean + half))
    assert gap.ci_low > 0  # RuleBot beats a random player
    assert gap.to_dict()["ci95"] == [gap.ci_low, gap.ci_high]
    with pytest.raises(KeyError):
        result.compare("RuleBot", "Nobody")


def test_duplicate_compare_is_over_deals() -> None:
    result = tournament([RuleBot, RandomBot, RandomBot, RandomBot], 40, rules=SHORT, seed=1, duplicate=True)
    gap = result.compare("RuleBot", "RandomBot 2")
    assert (gap.games, gap.units) == (40, 10)


@settings(max_examples=5, deadline=None)
@given(split=st.integers(1, 4))
def test_parts_combine_into_the_whole(split: int) -> None:
    """A tournament played in parts and combined equals the tournament played in one go."""
    bots = [RuleBot, RandomBot, RandomBot]
    whole = tournament(bots, 15, rules=SHORT3, seed=9, duplicate=True, executor=None)
    cut = 3 * split
    first = tournament(bots, cut, rules=SHORT3, seed=9, duplicate=True, executor=None)
    rest = tournament(bots, 15 - cut, rules=SHORT3, seed=9, duplicate=True, executor=None, start=cut)
    both = first.combined(rest)
    assert isinstance(both, TournamentResult)
    assert (both.games, both.start, both.duplicate) == (15, 0, True)
    for a, b in zip(both.bots, whole.bots, strict=True):
        assert a.scores == b.scores
        assert a.ci == pytest.approx(b.ci)
        assert a.wins == pytest.approx(b.wins)
        assert (a.hits, a.rounds) == (b.hits, b.rounds)


def test_combined_refuses_parts_of_other_tournaments() -> None:
    bots = [RuleBot, RandomBot, RandomBot]
    first = tournament(bots, 3, rules=SHORT3, seed=9, duplicate=True, executor=None)
    with pytest.raises(RulesError, match="does not follow"):
        first.combined(first)
    other = tournament(bots, 3, rules=SHORT3, seed=8, duplicate=True, executor=None, start=3)
    with pytest.raises(RulesError, match="is not part of"):
        first.combined(other)
    with pytest.raises(RulesError, match="not a TournamentResult"):
        first.combined("part")  # type: ignore[arg-type]


@pytest.mark.parametrize(("games", "start"), [(4, 0), (3, 1), (3, 2)])
def test_duplicate_needs_whole_rotations(games: int, start: int) -> None:
    with pytest.raises(RulesError, match="multiples of 3"):
        tournament([RuleBot, RandomBot, RandomBot], games, rules=SHORT3, duplicate=True, start=start, executor=None)


@pytest.mark.parametrize(("option", "value"), [("duplicate", 1), ("duplicate", "yes"), ("start", -1), ("start", 1.0)])
def test_bad_options_are_refused(option: str, value: object) -> None:
    with pytest.raises(RulesError, match=option):
        tournament([RuleBot, RandomBot, RandomBot], 3, rules=SHORT3, executor=None, **{option: value})  # type: ignore[arg-type]


def test_duplicate_text_names_the_deals() -> None:
    result = tournament([RuleBot, RandomBot, RandomBot], 6, rules=SHORT3, duplicate=True, executor=None)
    assert result.to_text().splitlines()[0] == "6 games, seed 0, 2 deals duplicated"
    assert result.to_dict()["duplicate"] is True
