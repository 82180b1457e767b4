"""Each player's statistics on a score sheet: how often a bid was hit, by how much it was missed.

The figures cover the finished rounds recorded so far. They read each round as it was
scored: the final bids (after a Cloud's change, R8.2) against the tricks taken, which leave
out a trick that a Bomb voided (R8.1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from attrs import frozen

from wizardrules.sheet._rows import Round

__all__ = ["PlayerStatistics", "statistics_of", "statistics_to_data"]


@frozen(kw_only=True)
class PlayerStatistics:
    """One player's statistics over the finished rounds of a score sheet.

    Attributes:
        player: the player's name.
        rounds: the finished rounds the figures cover.
        total: the player's total points (R6.3).
        place: the player's place 1..n, as [`standings`][wizardrules.ScoreSheet.standings] gives it (R7).
        exact: rounds in which the final bid was hit exactly.
        hit_rate: `exact / rounds`, 0.0 before the first round.
        over: rounds with more tricks than the final bid.
        under: rounds with fewer tricks than the final bid.
        mean_miss: the mean of |final bid - tricks| over the rounds, 0.0 before the first round.
        blind: rounds bid blind (R4.4).
        best: the most points of one round, `None` before the first round.
        worst: the fewest points of one round, `None` before the first round.
        streak: the longest run of rounds in a row with the bid hit exactly.

    Examples:
        >>> from wizardrules import ScoreSheet
        >>> sheet = ScoreSheet(["Ann", "Ben", "Cem"]).record(bids=[1, 0, 0], tricks=[1, 0, 0])
        >>> sheet = sheet.record(bids=[1, 1, 1], tricks=[2, 0, 0])
        >>> ann = sheet.statistics()[0]
        >>> ann.exact, ann.hit_rate, ann.over, ann.mean_miss, ann.best, ann.worst, ann.streak
        (1, 0.5, 1, 0.5, 30, -10, 1)
    """

    player: str
    rounds: int
    total: int
    place: int
    exact: int
    hit_rate: float
    over: int
    under: int
    mean_miss: float
    blind: int
    best: int | None
    worst: int | None
    streak: int

    def to_dict(self) -> dict[str, Any]:
        """The statistics as plain data (JSON-ready), the keys named as the attributes."""
        return statistics_to_data(self)


def statistics_of(
    players: Sequence[str], rounds: Sequence[Round], totals: Sequence[int], places: Sequence[int]
) -> tuple[PlayerStatistics, ...]:
    """Each player's statistics, in seat order, from the finished `rounds` and the sheet's totals and places."""
    return tuple(_player(name, seat, rounds, totals[seat], places[seat]) for seat, name in enumerate(players))


def _player(name: str, seat: int, rounds: Sequence[Round], total: int, place: int) -> PlayerStatistics:
    exact = over = under = blind = miss = streak = run = 0
    points = []
    for done in rounds:
        bid, taken = done.final_bids[seat], done.tricks[seat]
        miss += abs(bid - taken)
        over += taken > bid
        under += taken < bid
        blind += done.blind[seat]
        points.append(done.points[seat])
        run = run + 1 if bid == taken else 0
        exact += bid == taken
        streak = max(streak, run)
    count = len(rounds)
    return PlayerStatistics(
        player=name,
        rounds=count,
        total=total,
        place=place,
        exact=exact,
        hit_rate=exact / count if count else 0.0,
        over=over,
        under=under,
        mean_miss=miss / count if count else 0.0,
        blind=blind,
        best=max(points) if points else None,
        worst=min(points) if points else None,
        streak=streak,
    )


def statistics_to_data(stats: PlayerStatistics) -> dict[str, Any]:
    """`stats` as JSON-ready data, the keys named as its attributes."""
    return {
        "player": stats.player,
        "rounds": stats.rounds,
        "total": stats.total,
        "place": stats.place,
        "exact": stats.exact,
        "hit_rate": stats.hit_rate,
        "over": stats.over,
        "under": stats.under,
        "mean_miss": stats.mean_miss,
        "blind": stats.blind,
        "best": stats.best,
        "worst": stats.worst,
        "streak": stats.streak,
    }
