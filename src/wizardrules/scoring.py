"""Scoring a round and ranking the players (RULES R6, R7).

Examples:
    >>> from wizardrules import round_points, standings
    >>> round_points(2, 2), round_points(1, 3), round_points(0, 0), round_points(3, 1, blind=True)
    (40, -20, 20, -40)
    >>> standings([120, 80, 120, 40])
    (1, 3, 1, 4)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final, Protocol, runtime_checkable

from attrs import frozen

from wizardrules._convert import as_tuple, shown, whole
from wizardrules.cards import MAX_DECK_SIZE
from wizardrules.errors import ScoringError

__all__ = [
    "STANDARD_SCORE",
    "PointsBreakdown",
    "ScoreRule",
    "StandardScore",
    "TieBreak",
    "round_points",
    "standings",
    "winners",
]


@runtime_checkable
class ScoreRule(Protocol):
    """How a round is scored (R6.4): any object with this method can score a game.

    Examples:
        >>> from attrs import frozen
        >>> @frozen
        ... class HitsOnly:
        ...     def points(self, bid: int, tricks: int, *, blind: bool = False) -> int:
        ...         return 10 if bid == tricks else 0
        >>> isinstance(HitsOnly(), ScoreRule)
        True
    """

    def points(self, bid: int, tricks: int, *, blind: bool = False) -> int:
        """The points for a round in which the player bid `bid` and took `tricks`."""
        ...


@frozen(kw_only=True)
class PointsBreakdown:
    """How a round's points come about, for calculators and explanations.

    Attributes:
        bid: the bid.
        tricks: the tricks taken.
        hit: whether the bid was exact.
        base: the hit bonus (0 on a miss).
        count: the tricks taken on a hit, the difference on a miss.
        unit: points per counted trick: positive on a hit, negative on a miss.
        multiplier: the blind factor (R6.2), 1 for an open bid.
        total: the round's points.
    """

    bid: int
    tricks: int
    hit: bool
    base: int
    count: int
    unit: int
    multiplier: int
    total: int

    def describe(self) -> str:
        """The calculation in words.

        Examples:
            >>> STANDARD_SCORE.breakdown(2, 2).describe()
            'hit: 20 + 2 × 10 = +40'
            >>> STANDARD_SCORE.breakdown(2, 4, blind=True).describe()
            'missed by 2: 2 × -10, × 2 blind = -40'
        """
        if self.hit:
            text = f"hit: {self.base} + {self.count} × {self.unit}"
        else:
            text = f"missed by {self.count}: {self.count} × {self.unit}"
        if self.multiplier != 1:
            text += f", × {self.multiplier} blind"
        return f"{text} = {self.total:+d}"


SCORE_LIMIT: Final = 1_000_000
"""The largest number a `StandardScore` takes, either way: more would not fit a score pad,
and bounded numbers keep every saved game loadable."""


def _check_counts(bid: int, tricks: int, blind: bool) -> None:
    if type(blind) is not bool:
        raise ScoringError(f"blind {shown(blind)} must be True or False")
    for name, name_de, value in (("bid", "die Ansage", bid), ("tricks", "die Stiche", tricks)):
        if not whole(value, 0, MAX_DECK_SIZE):
            raise ScoringError(
                f"{name} {shown(value)} must be a whole number 0..{MAX_DECK_SIZE}, the most a deck holds",
                german=f"{name_de} {shown(value)} muss eine ganze Zahl 0..{MAX_DECK_SIZE} sein; "
                "mehr Karten hat kein Spiel",
            )


@frozen(kw_only=True)
class StandardScore:
    """The rulebook's scoring (R6.1, R6.2), with its numbers as options (R6.4).

    Each number is a whole number within ±1,000,000.

    Attributes:
        hit_bonus: points for an exact bid (20).
        per_trick: points per trick taken on an exact bid (10).
        miss_penalty: points lost per trick of difference on a miss (10).
        blind_multiplier: factor for a blind bid, hit or miss (2).

    Raises:
        ScoringError: a number that is not a whole number within ±1,000,000.

    Examples:
        >>> StandardScore().points(3, 3), StandardScore(hit_bonus=10).points(3, 3)
        (50, 40)
    """

    hit_bonus: int = 20
    per_trick: int = 10
    miss_penalty: int = 10
    blind_multiplier: int = 2

    def __attrs_post_init__(self) -> None:
        for name in ("hit_bonus", "per_trick", "miss_penalty", "blind_multiplier"):
            value = getattr(self, name)
            if not whole(value, -SCORE_LIMIT, SCORE_LIMIT):
                raise ScoringError(
                    f"StandardScore {name} {shown(value)} must be a whole number within ±{SCORE_LIMIT:,}"
                )

    def points(self, bid: int, tricks: int, *, blind: bool = False) -> int:
        """Points for one round (R6.1, R6.2).

        Raises:
            ScoringError: a bid or trick count that is not a whole number 0..67.
        """
        _check_counts(bid, tricks, blind)
        value = self.hit_bonus + self.per_trick * tricks if bid == tricks else -self.miss_penalty * abs(bid - tricks)
        return value * self.blind_multiplier if blind else value

    def breakdown(self, bid: int, tricks: int, *, blind: bool = False) -> PointsBreakdown:
        """The points of [`points`][wizardrules.StandardScore.points] with how they come about."""
        total = self.points(bid, tricks, blind=blind)
        hit = bid == tricks
        return PointsBreakdown(
            bid=bid,
            tricks=tricks,
            hit=hit,
            base=self.hit_bonus if hit else 0,
            count=tricks if hit else abs(bid - tricks),
            unit=self.per_trick if hit else -self.miss_penalty,
            multiplier=self.blind_multiplier if blind else 1,
            total=total,
        )


STANDARD_SCORE: Final = StandardScore()
"""The rulebook's scoring rule."""


MAX_RANKED: Final = 100_000
"""The most players `standings` and `winners` rank at once (a table has 3 to 6; a ranking of
many bots may have more): longer sequences are refused before they are copied."""
POINTS_LIMIT: Final = 10**15
"""The most points, either way, a score rule may give for a round."""


def points_of(rule: ScoreRule, bid: int, tricks: int, blind: bool) -> int:
    """`rule.points(bid, tricks, blind=blind)`, checked: any rule's answer is a whole number within ±10**15.

    Raises:
        ScoringError: the rule answered something else (a custom rule's fault).
    """
    value = rule.points(bid, tricks, blind=blind)
    if not whole(value, -POINTS_LIMIT, POINTS_LIMIT):
        raise ScoringError(
            f"score rule {shown(rule)} gave {shown(value)} points for bid {bid}, tricks {tricks}: "
            "points are whole numbers within ±10**15"
        )
    return value


def round_points(bid: int, tricks: int, *, blind: bool = False) -> int:
    """Points of a round under the standard rule (R6.1, R6.2).

    Hit: 20 plus 10 per trick taken; missed: -10 per trick of difference; blind: doubled.

    Raises:
        ScoringError: a bid or trick count that is not a whole number 0..67 (no deck holds more cards).

    Examples:
        >>> round_points(2, 4), round_points(0, 0, blind=True)
        (-20, 40)
    """
    return STANDARD_SCORE.points(bid, tricks, blind=blind)


class TieBreak(enum.Enum):
    """How equal totals are separated (R7.2)."""

    NONE = "none"
    """The rulebook: players on equal totals share the place."""
    EXACT_HITS = "exact-hits"
    """More exactly hit bids ranks higher; still equal, the place is shared."""


def standings(
    totals: Sequence[int],
    *,
    tiebreak: TieBreak = TieBreak.NONE,
    hits: Sequence[int] | None = None,
) -> tuple[int, ...]:
    """The place 1..n of each player, with shared places on ties (R7.1, R7.2).

    Args:
        totals: each player's total points, by seat.
        tiebreak: how equal totals are separated.
        hits: each player's count of exactly hit bids; required for `TieBreak.EXACT_HITS`.

    Raises:
        ScoringError: the inputs do not fit together, or rank more than `MAX_RANKED` (100,000) players.

    Examples:
        >>> standings([90, 90, 30], tiebreak=TieBreak.EXACT_HITS, hits=[4, 6, 9])
        (2, 1, 3)
    """
    keys = _rank_keys(totals, tiebreak, hits)
    # a player's place is 1 + the number of players ranked higher: the position of the key's
    # first occurrence in the keys sorted best first (O(n log n) for any number of players)
    first: dict[tuple[int, int], int] = {}
    for position, key in enumerate(sorted(keys, reverse=True)):
        first.setdefault(key, position)
    return tuple(1 + first[key] for key in keys)


def winners(
    totals: Sequence[int],
    *,
    tiebreak: TieBreak = TieBreak.NONE,
    hits: Sequence[int] | None = None,
) -> tuple[int, ...]:
    """The seats in first place (R7.1); several when they tie (R7.2).

    Examples:
        >>> winners([50, 70, 70])
        (1, 2)
    """
    places = standings(totals, tiebreak=tiebreak, hits=hits)
    return tuple(seat for seat, place in enumerate(places) if place == 1)


def _rank_keys(totals: Sequence[int], tiebreak: TieBreak, hits: Sequence[int] | None) -> list[tuple[int, int]]:
    if not isinstance(tiebreak, TieBreak):
        raise ScoringError(f"tiebreak {shown(tiebreak)} is not a TieBreak")
    values = as_tuple(totals, "totals", ScoringError, limit=MAX_RANKED)  # refused before it is copied
    if any(type(v) is not int for v in values):
        raise ScoringError(f"totals {shown(values)} must be whole numbers")
    if tiebreak is TieBreak.NONE:
        return [(v, 0) for v in values]
    if hits is None:
        raise ScoringError("tie-break EXACT_HITS needs the players' exact-hit counts (hits=...)")
    counts = as_tuple(hits, "hits", ScoringError, limit=MAX_RANKED)
    if len(counts) != len(values) or any(type(h) is not int or h < 0 for h in counts):
        raise ScoringError(f"hits {shown(counts)} must be one count 0 or more per player ({len(values)})")
    return list(zip(values, counts, strict=True))
