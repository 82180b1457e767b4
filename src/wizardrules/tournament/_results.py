"""What a tournament reports: each bot's statistics, a paired comparison, the result and its forms."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from attrs import field, frozen

from wizardrules._convert import shown
from wizardrules.cards import Language
from wizardrules.errors import RulesError

# The standard library's process pools, fractions and pickling are imported where a
# tournament needs them: `import wizardrules` stays quick.
if TYPE_CHECKING:
    from fractions import Fraction


Z95: Final = 1.9599639845400536
"""The two-sided 95% quantile of the standard normal distribution, `statistics.NormalDist().inv_cdf(0.975)`."""


_HEADERS: Final = {
    Language.EN: ("bot", "games", "mean score", "95% CI", "win rate", "exact hits"),
    Language.DE: ("Bot", "Spiele", "Mittel", "95-%-KI", "Siege", "Treffer"),
}
"""The headings of `TournamentResult.to_text` by language."""


# -- results ----------------------------------------------------------------------------


@frozen(kw_only=True)
class BotStats:
    """One bot's results over a tournament.

    The confidence interval is the normal approximation `mean ± 1.96 · sd / √games`, with
    `sd` the sample standard deviation of the bot's final scores; with one game it is
    unbounded (±inf). In a duplicate tournament the unit is the deal instead of the game:
    `mean ± 1.96 · sd_deal / √deals`, with `sd_deal` the standard deviation of the bot's
    mean score over each deal's rotations (so the luck of the deal, shared by the bots,
    leaves most of it); with one deal it is unbounded. A shared first place counts as `1/k` of a win for each of the `k`
    winners (ties are first broken by the rules' tie-break), so the win rates add up to 1.

    Attributes:
        name: the bot's name.
        games: games played.
        mean_score: the mean final score.
        score_sd: the sample standard deviation of the final scores (0 with one game).
        ci_low: the lower end of the 95% confidence interval of the mean score.
        ci_high: the upper end of the 95% confidence interval of the mean score.
        wins: first places, shared ones counted as fractions.
        win_rate: `wins / games`.
        hits: rounds in which the bot's bid was exact.
        rounds: rounds played.
        hit_rate: `hits / rounds`.
        scores: the bot's final score in each game, in game order.
    """

    name: str
    games: int
    mean_score: float
    score_sd: float
    ci_low: float
    ci_high: float
    wins: float
    win_rate: float
    hits: int
    rounds: int
    hit_rate: float
    scores: tuple[int, ...] = field(repr=False)

    @property
    def ci(self) -> tuple[float, float]:
        """The 95% confidence interval of the mean score, `(ci_low, ci_high)`."""
        return (self.ci_low, self.ci_high)

    def to_dict(self) -> dict[str, Any]:
        """The statistics as plain data (without the per-game scores)."""
        return {
            "name": self.name,
            "games": self.games,
            "mean_score": self.mean_score,
            "score_sd": self.score_sd,
            "ci95": [self.ci_low, self.ci_high],
            "wins": self.wins,
            "win_rate": self.win_rate,
            "hits": self.hits,
            "rounds": self.rounds,
            "hit_rate": self.hit_rate,
        }


def _half_width(units: Sequence[int], block: int) -> tuple[float, float]:
    """The standard deviation of `units` and the 95% half-width of the mean of `units / block`.

    `units` are the sums of `block` consecutive games (a game, or a deal's rotations); the
    variance is computed exactly from integers, so it does not depend on game order.
    """
    from fractions import Fraction  # noqa: PLC0415 - only when a tournament ends

    m = len(units)
    if m < 2:
        return 0.0, math.inf
    total = sum(units)
    variance = Fraction(m * sum(u * u for u in units) - total * total, m * (m - 1))
    sd = math.sqrt(variance)
    return sd, Z95 * sd / block / math.sqrt(m)


def check_follows(start: int, games: int, part_start: int) -> None:
    """Refuse a part of a run in parts that does not start where games `start..start + games - 1` end."""
    if part_start != start + games:
        raise RulesError(
            f"combined: the part starting at game {part_start} does not follow games {start}..{start + games - 1}"
        )


def _blocks(values: Sequence[int], block: int) -> list[int]:
    """The sums of `block` consecutive values."""
    return [sum(values[k : k + block]) for k in range(0, len(values), block)]


def _stats(name: str, scores: Sequence[int], wins: Fraction | float, hits: int, rounds: int, *, block: int) -> BotStats:
    """Statistics computed from exact integers and fractions, so they do not depend on game order."""
    n = len(scores)
    mean = sum(scores) / n
    sd, _ = _half_width(scores, 1)
    _, half = _half_width(_blocks(scores, block), block)
    return BotStats(
        name=name,
        games=n,
        mean_score=mean,
        score_sd=sd,
        ci_low=mean - half,
        ci_high=mean + half,
        wins=float(wins),
        win_rate=float(wins / n),
        hits=hits,
        rounds=rounds,
        hit_rate=hits / rounds if rounds else 0.0,
        scores=tuple(scores),
    )


@frozen(kw_only=True)
class Comparison:
    """How much more one bot scored than another in the same games, with a 95% interval.

    The difference is paired: game by game (by deal in a duplicate tournament), the first
    bot's final score minus the second's, so the luck both bots share cancels out. The
    interval is the normal approximation over those paired differences.

    Attributes:
        better: the first bot's name.
        worse: the second bot's name.
        games: the games compared.
        units: the independent units of the interval: games, or deals in a duplicate tournament.
        mean: the mean difference of final scores a game.
        ci_low: the lower end of its 95% confidence interval.
        ci_high: the upper end of its 95% confidence interval.
    """

    better: str
    worse: str
    games: int
    units: int
    mean: float
    ci_low: float
    ci_high: float

    @property
    def ci(self) -> tuple[float, float]:
        """The 95% confidence interval of the mean difference, `(ci_low, ci_high)`."""
        return (self.ci_low, self.ci_high)

    def to_dict(self) -> dict[str, Any]:
        """The comparison as plain data."""
        return {
            "better": self.better,
            "worse": self.worse,
            "games": self.games,
            "units": self.units,
            "mean": self.mean,
            "ci95": [self.ci_low, self.ci_high],
        }


@frozen(kw_only=True)
class TournamentResult:
    """The per-bot statistics of a tournament, in the order the bots were given.

    Attributes:
        games: the number of games played.
        seed: the tournament's seed.
        bots: each bot's statistics.
        duplicate: whether each deal was played once per rotation of the seats.
        start: the number of the first game (0 unless the tournament was played in parts).

    Examples:
        >>> from wizardrules import RandomBot, RuleBot, Rules, Schedule, tournament
        >>> short = Rules(schedule=Schedule.ladder(3, rounds=2))
        >>> result = tournament([RuleBot, RuleBot, RandomBot], 6, rules=short, executor=None)
        >>> print(result.to_text())
        6 games, seed 0
        bot        games  mean score  95% CI  win rate  exact hits
        RuleBot 1      6 ...
        RuleBot 2      6 ...
        RandomBot      6 ...
        >>> sorted(result.to_dict())
        ['bots', 'duplicate', 'games', 'seed', 'start']
    """

    games: int
    seed: int
    bots: tuple[BotStats, ...]
    duplicate: bool = False
    start: int = 0

    @property
    def deals(self) -> int:
        """The number of different deals played: the games, or the games over the players in a duplicate tournament."""
        return self.games // len(self.bots) if self.duplicate else self.games

    def __getitem__(self, name: str) -> BotStats:
        """The statistics of the bot called `name`.

        Raises:
            KeyError: no bot has that name.
        """
        for stats in self.bots:
            if stats.name == name:
                return stats
        raise KeyError(f"no bot called {shown(name)}; the bots are {shown([s.name for s in self.bots])}")

    def compare(self, better: str, worse: str) -> Comparison:
        """How much more the bot `better` scored than the bot `worse`, paired game by game (deal by deal).

        Raises:
            KeyError: no bot has one of the names.

        Examples:
            >>> from wizardrules import RandomBot, RuleBot, Rules, Schedule, tournament
            >>> short = Rules(schedule=Schedule.ladder(3, rounds=3))
            >>> result = tournament([RuleBot, RandomBot, RandomBot], 30, rules=short, duplicate=True, executor=None)
            >>> gap = result.compare("RuleBot", "RandomBot 1")
            >>> gap.units, gap.ci_low > 0
            (10, True)
        """
        a, b = self[better].scores, self[worse].scores
        differences = [x - y for x, y in zip(a, b, strict=True)]
        block = len(self.bots) if self.duplicate else 1
        mean = sum(differences) / len(differences)
        _, half = _half_width(_blocks(differences, block), block)
        return Comparison(
            better=better,
            worse=worse,
            games=len(differences),
            units=len(differences) // block,
            mean=mean,
            ci_low=mean - half,
            ci_high=mean + half,
        )

    def combined(self, *parts: TournamentResult) -> TournamentResult:
        """This result and the results of the parts that follow it, as the result of one tournament.

        A tournament played in parts (`tournament(..., start=0)`, then `start=` the games
        played so far, ...) gives, combined, the same statistics as played in one go (the
        win counts up to rounding).

        Raises:
            RulesError: a part is not the next part of the same tournament (other bots, seed or
                kind, or games that do not follow on).

        Examples:
            >>> from wizardrules import RandomBot, RuleBot, Rules, Schedule, tournament
            >>> short = Rules(schedule=Schedule.ladder(3, rounds=2))
            >>> bots = [RuleBot, RandomBot, RandomBot]
            >>> first = tournament(bots, 6, rules=short, duplicate=True, executor=None)
            >>> rest = tournament(bots, 6, rules=short, duplicate=True, executor=None, start=6)
            >>> whole = tournament(bots, 12, rules=short, duplicate=True, executor=None)
            >>> first.combined(rest).bots[0].ci == whole.bots[0].ci
            True
        """
        result = self
        for part in parts:
            if not isinstance(part, TournamentResult):
                raise RulesError(f"combined: {shown(part)} is not a TournamentResult")
            names = [s.name for s in result.bots]
            if [s.name for s in part.bots] != names or part.seed != result.seed or part.duplicate != result.duplicate:
                raise RulesError(
                    f"combined: the part with bots {shown([s.name for s in part.bots])}, seed {shown(part.seed)} "
                    f"and duplicate={part.duplicate} is not part of the tournament with bots {shown(names)}, "
                    f"seed {shown(result.seed)} and duplicate={result.duplicate}"
                )
            check_follows(result.start, result.games, part.start)
            block = len(names) if result.duplicate else 1
            result = TournamentResult(
                games=result.games + part.games,
                seed=result.seed,
                duplicate=result.duplicate,
                start=result.start,
                bots=tuple(
                    _stats(
                        a.name,
                        (*a.scores, *b.scores),
                        a.wins + b.wins,
                        a.hits + b.hits,
                        a.rounds + b.rounds,
                        block=block,
                    )
                    for a, b in zip(result.bots, part.bots, strict=True)
                ),
            )
        return result

    def to_dict(self) -> dict[str, Any]:
        """The result as plain data (JSON-ready; an unbounded interval is `inf`)."""
        return {
            "games": self.games,
            "seed": self.seed,
            "duplicate": self.duplicate,
            "start": self.start,
            "bots": [stats.to_dict() for stats in self.bots],
        }

    def to_text(self, *, language: Language = Language.EN) -> str:
        """A table, one line per bot: games, mean score with its 95% interval, win and exact-hit rates.

        Args:
            language: the language of the headings; German writes decimal commas (R1.3).
        """
        if not isinstance(language, Language):
            raise RulesError(f"language {shown(language)}: expected Language.EN or Language.DE")
        german = language is Language.DE

        def number(value: float, spec: str) -> str:
            text = format(value, spec)
            return text.replace(".", ",").replace("%", " %") if german else text

        header = _HEADERS[language]
        sep = ";" if german else ","  # between the interval's ends: German numbers have decimal commas
        rows = [
            (
                s.name,
                str(s.games),
                number(s.mean_score, ".1f"),
                f"[{number(s.ci_low, '.1f')}{sep} {number(s.ci_high, '.1f')}]",
                number(s.win_rate, ".1%"),
                number(s.hit_rate, ".1%"),
            )
            for s in self.bots
        ]
        widths = [max(len(row[c]) for row in (header, *rows)) for c in range(len(header))]

        def line(row: Sequence[str]) -> str:
            cells = [
                row[0].ljust(widths[0]),
                *(cell.rjust(width) for cell, width in zip(row[1:], widths[1:], strict=True)),
            ]
            return "  ".join(cells).rstrip()

        seed = shown(self.seed)
        title = f"{self.games} Spiele, Seed {seed}" if german else f"{self.games} games, seed {seed}"
        if self.duplicate:
            title += f", {self.deals} Verteilungen doppelt" if german else f", {self.deals} deals duplicated"
        return "\n".join([title, line(header), *(line(row) for row in rows)])
