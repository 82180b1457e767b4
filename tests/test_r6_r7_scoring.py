"""Tests for scoring and the end of the game (RULES R6, R7).

Seed examples (000 score pad, 002 rules app) are tests of their own; the properties of
R6.1/R6.2 (hit beats miss, symmetric misses, blind doubles) and of the standings of R7
(places 1..n, shared places, exact-hits tie-break) are checked with hypothesis.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import pytest
from attrs import frozen
from hypothesis import given
from hypothesis import strategies as st

from wizardrules import (
    STANDARD_SCORE,
    Rules,
    RulesError,
    ScoreRule,
    ScoringError,
    StandardScore,
    TieBreak,
    WizardRulesError,
    round_points,
    standings,
    winners,
)

counts = st.integers(0, 20)
"""Bids and trick counts of a real round (at most 20 cards)."""


@st.composite
def totals_and_hits(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    """Totals (with frequent ties) and exact-hit counts for 3..6 players."""
    players = draw(st.integers(3, 6))
    totals = draw(st.lists(st.sampled_from([-30, 0, 40, 80, 120]), min_size=players, max_size=players))
    hits = draw(st.lists(st.integers(0, 3), min_size=players, max_size=players))
    return totals, hits


def totals_lists() -> st.SearchStrategy[list[int]]:
    """Any totals for 3..6 players, ties likely."""
    return st.integers(3, 6).flatmap(
        lambda n: st.lists(st.integers(-20, 20).map(lambda v: v * 10), min_size=n, max_size=n)
    )


# -- R6.1 and R6.2: the seed examples --------------------------------------------------


@pytest.mark.parametrize(
    ("name", "bid", "tricks", "points"),
    [("Lena", 2, 2, 40), ("Tom", 1, 3, -20), ("Mia", 0, 0, 20)],
)
def test_r6_1_seed_002_score_table(name: str, bid: int, tricks: int, points: int) -> None:
    """R6.1 (seed 002 table): Lena 2/2 +40, Tom 1/3 -20, Mia 0/0 +20."""
    assert round_points(bid, tricks) == points, name


@pytest.mark.parametrize(
    ("bid", "tricks", "points"),
    [(3, 3, 50), (2, 4, -20), (0, 0, 20)],
)
def test_r6_1_seed_000_examples(bid: int, tricks: int, points: int) -> None:
    """R6.1 (seed 000): 3 bid 3 made = 50, 2 bid 4 made = -20, 0 bid 0 made = 20."""
    assert round_points(bid, tricks) == points


@pytest.mark.parametrize(
    ("bid", "tricks", "points"),
    [(2, 2, 80), (1, 3, -40), (0, 0, 40), (3, 3, 100), (2, 4, -40), (3, 1, -40)],
)
def test_r6_2_blind_doubles_hit_and_miss(bid: int, tricks: int, points: int) -> None:
    """R6.2 (seed 000 Blindansage): blind doubles the round's points, the hit as the miss."""
    assert round_points(bid, tricks, blind=True) == points


# -- R6.1 and R6.2: properties -----------------------------------------------------------


@given(counts, counts)
def test_r6_1_hit_is_20_plus_10_per_trick_miss_is_minus_10_per_difference(bid: int, tricks: int) -> None:
    """R6.1: hit 20 + 10 per trick taken; missed -10 per trick of difference."""
    expected = 20 + 10 * tricks if bid == tricks else -10 * abs(bid - tricks)
    assert round_points(bid, tricks) == expected
    assert STANDARD_SCORE.points(bid, tricks) == expected


@given(counts, counts)
def test_r6_1_a_hit_always_beats_any_miss_for_the_same_bid(bid: int, tricks: int) -> None:
    """R6.1: for the same bid, the exact hit scores more than any miss."""
    if tricks != bid:
        assert round_points(bid, bid) > round_points(bid, tricks)
        assert round_points(bid, bid, blind=True) > round_points(bid, tricks, blind=True)
        assert round_points(bid, tricks) < 0


@given(counts, st.integers(1, 20))
def test_r6_1_misses_are_symmetric_over_and_under(bid: int, difference: int) -> None:
    """R6.1: bid b, tricks b+d and b-d both score -10*d."""
    over = round_points(bid, bid + difference)
    assert over == -10 * difference
    if bid - difference >= 0:
        assert round_points(bid, bid - difference) == over


@given(counts, counts)
def test_r6_2_blind_is_exactly_double(bid: int, tricks: int) -> None:
    """R6.2: a blind bid scores exactly twice the open bid, hit or miss."""
    assert round_points(bid, tricks, blind=True) == 2 * round_points(bid, tricks)


def test_r6_3_totals_may_be_negative() -> None:
    """R6.3: totals run over the rounds and negative totals are normal."""
    rounds = [(1, 0), (2, 0), (0, 0)]
    assert sum(round_points(b, t) for b, t in rounds) == -10 - 20 + 20


# -- R6.4: pluggable scoring ---------------------------------------------------------------


score_rules = st.builds(
    StandardScore,
    hit_bonus=st.integers(0, 50),
    per_trick=st.integers(0, 30),
    miss_penalty=st.integers(0, 30),
    blind_multiplier=st.integers(1, 4),
)
"""StandardScore with any of its documented options."""


@given(score_rules, counts, counts, st.booleans())
def test_r6_4_standard_score_options_change_the_numbers_as_documented(
    rule: StandardScore, bid: int, tricks: int, blind: bool
) -> None:
    """R6.4: StandardScore(hit_bonus, per_trick, miss_penalty, blind_multiplier) scores as documented."""
    hit = rule.hit_bonus + rule.per_trick * tricks
    miss = -rule.miss_penalty * abs(bid - tricks)
    base = hit if bid == tricks else miss
    assert rule.points(bid, tricks, blind=blind) == (base * rule.blind_multiplier if blind else base)
    breakdown = rule.breakdown(bid, tricks, blind=blind)
    assert breakdown.total == rule.points(bid, tricks, blind=blind)
    assert breakdown.hit == (bid == tricks)
    assert isinstance(rule, ScoreRule)


def test_r6_4_standard_score_defaults_are_the_rulebook() -> None:
    """R6.4: StandardScore() and STANDARD_SCORE are the rulebook's rule (20, 10, 10, x2)."""
    assert StandardScore() == STANDARD_SCORE
    assert StandardScore(hit_bonus=10).points(3, 3) == 40
    assert StandardScore(per_trick=5).points(2, 2) == 30
    assert StandardScore(miss_penalty=5).points(2, 4) == -10
    assert StandardScore(blind_multiplier=3).points(1, 1, blind=True) == 90


def test_r6_4_breakdown_explains_the_seed_examples() -> None:
    """R6.1/R6.2: the breakdown of seed 002's calculator (+40) and a blind miss."""
    assert STANDARD_SCORE.breakdown(2, 2).describe() == "hit: 20 + 2 × 10 = +40"
    assert STANDARD_SCORE.breakdown(2, 4, blind=True).describe() == "missed by 2: 2 × -10, × 2 blind = -40"


@frozen
class HitsOnly:
    """A user-defined scoring rule: 10 for an exact bid, nothing otherwise."""

    def points(self, bid: int, tricks: int, *, blind: bool = False) -> int:
        return 10 if bid == tricks else 0


def test_r6_4_user_defined_score_rule_is_a_score_rule() -> None:
    """R6.4: any object with points(bid, tricks, *, blind) satisfies the ScoreRule protocol."""
    rule = HitsOnly()
    assert isinstance(rule, ScoreRule)
    rules = Rules(score_rule=rule)
    assert rules.score_rule is rule
    assert rules.score_rule.points(2, 2) == 10
    assert rules.score_rule.points(2, 3, blind=True) == 0


def test_r6_4_rules_reject_a_non_score_rule() -> None:
    """R6.4: something without a points method is not a scoring rule (RulesError)."""
    with pytest.raises(RulesError, match="score_rule"):
        Rules(score_rule=cast(ScoreRule, object()))


# -- ScoringError --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "tricks"),
    [(-1, 0), (0, -1), (-3, -3), (1.0, 1), (1, 1.5), ("1", 1), (None, 0), (True, 1), (1, False)],
)
@pytest.mark.parametrize("blind", [False, True])
def test_r6_1_scoring_error_for_negative_or_non_int_counts(bid: object, tricks: object, blind: bool) -> None:
    """R6.1: negative or non-integer bids or tricks raise ScoringError, also a ValueError."""
    for score in (round_points, STANDARD_SCORE.points, StandardScore(hit_bonus=30).points):
        with pytest.raises(ScoringError) as info:
            score(cast(int, bid), cast(int, tricks), blind=blind)
        assert isinstance(info.value, ValueError)
        assert isinstance(info.value, WizardRulesError)


# -- R7: standings and winners -------------------------------------------------------------


def test_r7_2_standings_share_places_on_ties() -> None:
    """R7.2: totals 120, 80, 120, 40 rank 1, 3, 1, 4."""
    assert standings([120, 80, 120, 40]) == (1, 3, 1, 4)
    assert standings([120, 80, 120, 40], tiebreak=TieBreak.NONE) == (1, 3, 1, 4)


def test_r7_1_highest_total_wins_even_when_negative() -> None:
    """R7.1/R6.3: the highest total wins, negative totals rank normally."""
    assert standings([-30, -10, -50]) == (2, 1, 3)
    assert winners([-30, -10, -50]) == (1,)


@given(totals_lists())
def test_r7_2_standings_places_are_1_to_n_with_shared_places(totals: list[int]) -> None:
    """R7.1/R7.2: each place is 1..n, place 1 exists, equal totals share, place = 1 + players ahead."""
    places = standings(totals)
    n = len(totals)
    assert len(places) == n
    assert all(1 <= p <= n for p in places)
    assert 1 in places
    for i in range(n):
        assert places[i] == 1 + sum(other > totals[i] for other in totals)
        for j in range(n):
            if totals[i] == totals[j]:
                assert places[i] == places[j]
            if totals[i] > totals[j]:
                assert places[i] < places[j]


@given(totals_and_hits())
def test_r7_2_exact_hits_breaks_ties_and_keeps_shared_places(data: tuple[list[int], list[int]]) -> None:
    """R7.2 exact hits: more hits ranks higher among equal totals; still equal -> shared place."""
    totals, hits = data
    places = standings(totals, tiebreak=TieBreak.EXACT_HITS, hits=hits)
    n = len(totals)
    assert all(1 <= p <= n for p in places)
    assert 1 in places
    for i in range(n):
        for j in range(n):
            if totals[i] > totals[j]:
                assert places[i] < places[j]  # a higher total never ranks below
            elif totals[i] == totals[j]:
                if hits[i] > hits[j]:
                    assert places[i] < places[j]
                elif hits[i] == hits[j]:
                    assert places[i] == places[j]
        ahead = sum((totals[k], hits[k]) > (totals[i], hits[i]) for k in range(n))
        assert places[i] == 1 + ahead


def test_r7_2_exact_hits_examples() -> None:
    """R7.2 exact hits: 90/90/30 with hits 4/6/9 -> 2, 1, 3; equal hits keep the shared place."""
    assert standings([90, 90, 30], tiebreak=TieBreak.EXACT_HITS, hits=[4, 6, 9]) == (2, 1, 3)
    assert standings([90, 90, 30], tiebreak=TieBreak.EXACT_HITS, hits=[5, 5, 9]) == (1, 1, 3)
    assert standings([120, 80, 120, 40], tiebreak=TieBreak.EXACT_HITS, hits=[3, 9, 2, 9]) == (1, 3, 2, 4)
    assert winners([90, 90, 30], tiebreak=TieBreak.EXACT_HITS, hits=[4, 6, 9]) == (1,)


def test_r7_2_exact_hits_needs_hits() -> None:
    """R7.2 exact hits: without hits (or with hits that do not fit) it is a ScoringError."""
    with pytest.raises(ScoringError, match="hits"):
        standings([90, 90, 30], tiebreak=TieBreak.EXACT_HITS)
    with pytest.raises(ScoringError, match="hits"):
        winners([90, 90, 30], tiebreak=TieBreak.EXACT_HITS)
    with pytest.raises(ScoringError, match="hits"):
        standings([90, 90, 30], tiebreak=TieBreak.EXACT_HITS, hits=[1, 2])
    with pytest.raises(ScoringError, match="hits"):
        standings([90, 90, 30], tiebreak=TieBreak.EXACT_HITS, hits=[1, 2, -1])


@pytest.mark.parametrize(
    "totals",
    [[1.5, 2, 3], ["10", 20, 30], [None, 0, 0]],
)
def test_r7_1_standings_reject_non_int_totals(totals: Sequence[object]) -> None:
    """R7.1: totals are whole numbers; anything else is a ScoringError."""
    with pytest.raises(ScoringError, match="totals"):
        standings(cast(Sequence[int], totals))


def test_r7_2_tiebreak_must_be_a_tiebreak() -> None:
    """R7.2: the tie-break is a TieBreak value."""
    with pytest.raises(ScoringError, match="tiebreak"):
        standings([1, 2, 3], tiebreak=cast(TieBreak, "exact-hits"))


@given(totals_and_hits(), st.sampled_from(TieBreak))
def test_r7_1_winners_are_the_place_1_seats(data: tuple[list[int], list[int]], tiebreak: TieBreak) -> None:
    """R7.1/R7.2: winners() are exactly the seats in place 1, in seat order, and hold the top total."""
    totals, hits = data
    places = standings(totals, tiebreak=tiebreak, hits=hits)
    won = winners(totals, tiebreak=tiebreak, hits=hits)
    assert won == tuple(seat for seat, place in enumerate(places) if place == 1)
    assert won
    assert all(totals[seat] == max(totals) for seat in won)
    if tiebreak is TieBreak.NONE:
        assert won == tuple(seat for seat, total in enumerate(totals) if total == max(totals))
