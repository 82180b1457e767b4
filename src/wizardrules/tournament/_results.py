"""What a tournament reports: each bot's statistics, a paired comparison, the result and its forms.

A result is checked when it is made, and when it is read from its saved form: every figure
is what the bots' scores, wins, hits and rounds give, the counts agree with the games and
the rules' schedule, and a result in parts is combined only with parts of the same
tournament (its rules, bots, seed and kind).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from attrs import field, frozen

from wizardrules import _codec
from wizardrules._convert import shown, type_name
from wizardrules._names import check_name
from wizardrules.cards import Language
from wizardrules.errors import FormatError, RulesError, WizardRulesError
from wizardrules.rules import Rules
from wizardrules.scoring import POINTS_LIMIT

# The standard library's process pools, fractions and pickling are imported where a
# tournament needs them: `import wizardrules` stays quick.
if TYPE_CHECKING:
    from fractions import Fraction


Z95: Final = 1.9599639845400536
"""The two-sided 95% quantile of the standard normal distribution, `statistics.NormalDist().inv_cdf(0.975)`."""

FORMAT: Final = "wizardrules/tournament-result"
"""The `format` field of a saved tournament result."""
VERSION: Final = 1
"""The version of the saved form that this library writes and reads."""


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

    def __attrs_post_init__(self) -> None:
        problem = _stats_problem(self)
        if problem:
            raise RulesError(f"BotStats of {shown(self.name)}: {problem}")

    @property
    def ci(self) -> tuple[float, float]:
        """The 95% confidence interval of the mean score, `(ci_low, ci_high)`."""
        return (self.ci_low, self.ci_high)

    def to_dict(self) -> dict[str, Any]:
        """The statistics as plain data (without the per-game scores, which the tournament's form holds)."""
        return {
            "name": self.name,
            "games": self.games,
            "mean_score": self.mean_score,
            "score_sd": self.score_sd,
            "ci95": [json_end(self.ci_low), json_end(self.ci_high)],
            "wins": self.wins,
            "win_rate": self.win_rate,
            "hits": self.hits,
            "rounds": self.rounds,
            "hit_rate": self.hit_rate,
        }


def json_end(value: float) -> float | None:
    """An interval's end as JSON holds it: `null` for an unbounded one (JSON has no infinity)."""
    return None if math.isinf(value) else value


_FIGURES: Final = ("mean_score", "score_sd", "ci_low", "ci_high", "wins", "win_rate", "hit_rate")
"""The statistics' figures, each a float."""


def _stats_problem(stats: BotStats) -> str:
    """What is wrong with the statistics' values by themselves, or the empty string."""
    try:
        check_name(stats.name, "name")
    except WizardRulesError as error:
        return str(error)
    if type(stats.name) is not str:
        return f"name {shown(stats.name)} must be plain text"
    scores = stats.scores
    if type(scores) is not tuple or not all(type(score) is int for score in scores):
        return f"scores {shown(scores)} must be a tuple of whole numbers, one a game"
    if type(stats.games) is not int or stats.games < 1 or stats.games != len(scores):
        return f"games {shown(stats.games)} must be the number of its scores, {len(scores)}, and at least 1"
    for name in _FIGURES:
        value = getattr(stats, name)
        if type(value) is not float or math.isnan(value):
            return f"{name} {shown(value)} must be a float"
    if not all(type(getattr(stats, name)) is int for name in ("hits", "rounds")) or not 0 <= stats.hits <= stats.rounds:
        return f"hits {shown(stats.hits)} and rounds {shown(stats.rounds)} must be whole numbers, 0 <= hits <= rounds"
    if not 0 <= stats.wins <= stats.games:
        return f"wins {shown(stats.wins)} must be 0 to its {stats.games} games"
    try:
        mean = sum(scores) / stats.games
    except OverflowError:
        return "scores beyond what a float holds"
    for name, value in (
        ("mean_score", mean),
        ("win_rate", stats.wins / stats.games),
        ("hit_rate", stats.hits / stats.rounds if stats.rounds else 0.0),
    ):
        if getattr(stats, name) != value:
            return f"{name} {shown(getattr(stats, name))} is not what its scores, wins, hits and rounds give ({value})"
    return ""


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
            f"combined: the part starting at game {shown(part_start)} does not follow games "
            f"{shown(start)}..{shown(start + games - 1)}"
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
        win_rate=float(wins) / n,  # from the float kept, so that the figures are what a saved result gives
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
            "ci95": [json_end(self.ci_low), json_end(self.ci_high)],
        }


@frozen(kw_only=True)
class TournamentResult:
    """The per-bot statistics of a tournament, in the order the bots were given.

    A result is checked when it is made: every bot's figures must be what its scores, wins,
    hits and rounds give, its games the tournament's, its rounds the schedule's for each game,
    and the wins must add up to the games. A result travels as plain data
    ([`to_dict`][wizardrules.TournamentResult.to_dict]) or JSON with a checksum
    ([`to_json`][wizardrules.TournamentResult.to_json]); the readers refuse a result that was
    edited or does not add up with a `FormatError`.

    Attributes:
        games: the number of games played.
        seed: the tournament's seed.
        bots: each bot's statistics.
        rules: the rules every game was played under.
        specs: each bot's spec as text, in the order of `bots`: the class (`RuleBot`), the
            factory with its arguments (`BotFactory(MonteCarloBot, worlds=16)`) or the function.
        duplicate: whether each deal was played once per rotation of the seats.
        start: the number of the first game (0 unless the tournament was played in parts).

    Raises:
        RulesError: values that do not make a result (the message names the first).

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
        ['bots', 'duplicate', 'format', 'games', 'rules', 'seed', 'start', 'version']
        >>> result.specs
        ('RuleBot', 'RuleBot', 'RandomBot')
        >>> TournamentResult.from_json(result.to_json()) == result
        True
    """

    games: int
    seed: int
    bots: tuple[BotStats, ...]
    rules: Rules
    specs: tuple[str, ...]
    duplicate: bool = False
    start: int = 0

    def __attrs_post_init__(self) -> None:
        problem = _result_problem(self)
        if problem:
            raise RulesError(f"TournamentResult: {problem}")

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
            RulesError: a part is not the next part of the same tournament (other rules, bots,
                specs, seed or kind, or games that do not follow on).

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
            if part.rules != result.rules:
                raise RulesError(
                    f"combined: the part starting at game {part.start} was played under other rules "
                    f"({shown(part.rules)}) than the tournament ({shown(result.rules)})"
                )
            if part.specs != result.specs:
                raise RulesError(
                    f"combined: the part starting at game {part.start} was played by bots {shown(part.specs)}, "
                    f"the tournament by {shown(result.specs)}"
                )
            check_follows(result.start, result.games, part.start)
            block = len(names) if result.duplicate else 1
            result = TournamentResult(
                games=result.games + part.games,
                seed=result.seed,
                rules=result.rules,
                specs=result.specs,
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
        """The result as plain data, JSON-ready (an unbounded interval's ends are `None`): the figures, the
        rules, and each bot's spec and per-game scores, so that
        [`from_dict`][wizardrules.TournamentResult.from_dict] reads it back equal.

        Raises:
            FormatError: the rules use a custom bid policy or score rule, which has no saved form,
                or the seed or start is a number too long to write (over 4,300 digits).
        """
        for name in ("seed", "start"):
            try:
                str(getattr(self, name))
            except ValueError:  # over 4,300 digits: a number Python does not write in decimal
                raise FormatError(f"{name} {shown(getattr(self, name))} has no saved form: too long to write") from None
        return {
            "format": FORMAT,
            "version": VERSION,
            "games": self.games,
            "seed": self.seed,
            "duplicate": self.duplicate,
            "start": self.start,
            "rules": _codec.rules_to_data(self.rules),
            "bots": [
                {**stats.to_dict(), "spec": spec, "scores": list(stats.scores)}
                for stats, spec in zip(self.bots, self.specs, strict=True)
            ],
        }

    @classmethod
    def from_dict(cls, data: Any) -> TournamentResult:
        """A result from its plain data, checked: every figure must be what the scores give.

        Raises:
            FormatError: not a tournament result of this version, a field missing, unknown or of
                the wrong kind, figures that are not what the bot's scores, wins, hits and
                rounds give, or counts that do not agree (the message names the field).
        """
        return _result_of(data)

    def to_json(self, *, indent: int | None = None) -> str:
        """The result as versioned JSON with a checksum; [`from_json`][wizardrules.TournamentResult.from_json]
        reads it back.

        Raises:
            FormatError: as for [`to_dict`][wizardrules.TournamentResult.to_dict].
        """
        data = self.to_dict()
        data["checksum"] = _codec.checksum(data)
        return json.dumps(data, indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> TournamentResult:
        """A result from its JSON text. The checksum catches an edited file (not a forged one),
        and the result is checked as [`from_dict`][wizardrules.TournamentResult.from_dict] checks it.

        Raises:
            FormatError: longer than 16 MiB, not JSON, not a tournament result of this version,
                an edited file, or as for `from_dict`.
        """
        data = _codec.load_versioned(text, format_name=FORMAT, version=VERSION, what="tournament result")
        _codec.check_checksum(data, "tournament result")
        return _result_of({key: value for key, value in data.items() if key != "checksum"})

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


def _result_problem(result: TournamentResult) -> str:
    """What is wrong with a result's values, or the empty string: counts, rules, names, figures."""
    for name in ("games", "seed", "start"):
        if type(getattr(result, name)) is not int:
            return f"{name} {shown(getattr(result, name))} must be a whole number"
    if result.games < 1 or result.start < 0:
        return f"games {shown(result.games)} and start {shown(result.start)}: 1 game or more, from game 0 or later"
    if type(result.duplicate) is not bool:
        return f"duplicate {shown(result.duplicate)} must be True or False"
    bots = result.bots
    if type(bots) is not tuple or not all(isinstance(stats, BotStats) for stats in bots):
        return f"bots {shown(bots)} must be a tuple of BotStats"
    if not isinstance(result.rules, Rules):
        return f"rules {shown(result.rules)} must be Rules"
    n = len(bots)
    try:
        result.rules.check(n)
        per_game = result.rules.schedule_for(n).rounds
    except WizardRulesError as error:
        return f"{n} bots cannot play these rules: {error}"
    names = [stats.name for stats in bots]
    if len(set(names)) != n:
        return f"bot names {shown(names)} must be different"
    specs = result.specs
    if type(specs) is not tuple or len(specs) != n or not all(type(spec) is str and spec for spec in specs):
        return f"specs {shown(specs)} must be one non-empty text per bot, {n}"
    for stats in bots:  # first: the games are then the length of real scores
        if stats.games != result.games:
            return f"bot {shown(stats.name)} played {stats.games} games, the tournament {shown(result.games)}"
    if result.duplicate and (result.games % n or result.start % n):
        return (
            f"a duplicate tournament of {n} bots has games and start that are multiples of {n}, "
            f"not {result.games} and {shown(result.start)}"
        )
    block = n if result.duplicate else 1
    most = per_game * POINTS_LIMIT
    for stats in bots:
        if stats.rounds != result.games * per_game:
            return (
                f"bot {shown(stats.name)} played {shown(stats.rounds)} rounds; {result.games} games of "
                f"{per_game} rounds each are {result.games * per_game}"
            )
        if any(abs(score) > most for score in stats.scores):
            return f"bot {shown(stats.name)} has a score beyond ±{most}, more than {per_game} rounds can give"
        made = _stats(stats.name, stats.scores, stats.wins, stats.hits, stats.rounds, block=block)
        if made != stats:
            wrong = next((name for name in _FIGURES if getattr(made, name) != getattr(stats, name)), "a figure")
            return (
                f"bot {shown(stats.name)}: {wrong} {shown(getattr(stats, wrong, None))} is not what its scores, "
                f"wins, hits and rounds give ({shown(getattr(made, wrong, None))})"
            )
    wins = math.fsum(stats.wins for stats in bots)
    if abs(wins - result.games) > 1e-9 * result.games:
        return f"the wins add up to {wins}, not to the {result.games} games (a shared win is split)"
    return ""


_RESULT_FIELDS: Final = ("format", "version", "games", "seed", "duplicate", "start", "rules", "bots")
_BOT_FIELDS: Final = (
    "name", "spec", "games", "mean_score", "score_sd", "ci95", "wins", "win_rate",
    "hits", "rounds", "hit_rate", "scores",
)  # fmt: skip


def _fields(data: Any, known: Sequence[str], what: str) -> Mapping[str, Any]:
    """`data` as an object with exactly the fields `known`."""
    if not isinstance(data, Mapping):
        raise FormatError(f"{what}: expected an object, got {type_name(data)}")
    for key in data:
        if key not in known:
            raise FormatError(f"{what}: unknown field {shown(key)}")
    for key in known:
        if key not in data:
            raise FormatError(f"{what}: the field {key!r} is missing")
    return data


def _number(value: Any, what: str) -> float:
    try:
        number = float(value) if type(value) in (int, float) else math.nan
    except OverflowError:  # a whole number beyond any float
        number = math.nan
    if math.isnan(number):
        raise FormatError(f"{what} {shown(value)} must be a number")
    return number


def _whole(value: Any, what: str) -> int:
    if type(value) is not int:
        raise FormatError(f"{what} {shown(value)} must be a whole number")
    return value


def _bot_of(data: Any, number: int, block: int, most: int) -> tuple[BotStats, str]:
    """One bot's statistics and spec from its plain data: scores within ±`most`, figures as the scores give."""
    what = f"tournament result: bots[{number}]"
    found = _fields(data, _BOT_FIELDS, what)
    name, spec, scores = found["name"], found["spec"], found["scores"]
    if type(name) is not str or type(spec) is not str:
        raise FormatError(f"{what}: name {shown(name)} and spec {shown(spec)} must be text")
    if type(scores) is not list or not scores or not all(type(score) is int for score in scores):
        raise FormatError(f"{what}.scores {shown(scores)} must be a list of whole numbers, one a game")
    if any(abs(score) > most for score in scores):
        raise FormatError(f"{what}.scores holds a score beyond ±{most}, more than the rules' rounds can give")
    try:  # the counts are checked by BotStats; numbers beyond a float's are refused here
        stats = _stats(
            name,
            scores,
            _number(found["wins"], f"{what}.wins"),
            _whole(found["hits"], f"{what}.hits"),
            _whole(found["rounds"], f"{what}.rounds"),
            block=block,
        )
    except FormatError:
        raise
    except WizardRulesError as error:
        raise FormatError(f"{what}: {error}") from None
    except ArithmeticError:
        raise FormatError(
            f"{what}: hits {shown(found['hits'])} or rounds {shown(found['rounds'])} beyond a float"
        ) from None
    ci = found["ci95"]
    if type(ci) is not list or len(ci) != 2:
        raise FormatError(f"{what}.ci95 {shown(ci)} must be a list of its two ends")
    for key, value, made in (
        ("games", _whole(found["games"], f"{what}.games"), stats.games),
        ("mean_score", _number(found["mean_score"], f"{what}.mean_score"), stats.mean_score),
        ("score_sd", _number(found["score_sd"], f"{what}.score_sd"), stats.score_sd),
        ("ci95[0]", -math.inf if ci[0] is None else _number(ci[0], f"{what}.ci95[0]"), stats.ci_low),
        ("ci95[1]", math.inf if ci[1] is None else _number(ci[1], f"{what}.ci95[1]"), stats.ci_high),
        ("win_rate", _number(found["win_rate"], f"{what}.win_rate"), stats.win_rate),
        ("hit_rate", _number(found["hit_rate"], f"{what}.hit_rate"), stats.hit_rate),
    ):
        if value != made:
            raise FormatError(f"{what}.{key} {shown(value)} is not what its scores give ({shown(made)})")
    return stats, spec


def _result_of(data: Any) -> TournamentResult:
    """A result from its plain data (`TournamentResult.from_dict`)."""
    what = "tournament result"
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise FormatError(f"not a {what}: expected an object whose 'format' field is {FORMAT!r}")
    if type(data.get("version")) is not int or data["version"] != VERSION:
        raise FormatError(f"{what} version {shown(data.get('version'))} is not supported (this reads {VERSION})")
    found = _fields(data, _RESULT_FIELDS, what)
    duplicate = found["duplicate"]
    if type(duplicate) is not bool:
        raise FormatError(f"{what}: duplicate {shown(duplicate)} must be true or false")
    bots = found["bots"]
    if type(bots) is not list or not bots:
        raise FormatError(f"{what}: bots {shown(bots)} must be a list of the bots' statistics")
    rules = _codec.rules_from_data(found["rules"])
    try:
        most = rules.schedule_for(len(bots)).rounds * POINTS_LIMIT
    except WizardRulesError as error:
        raise FormatError(f"{what}: {len(bots)} bots cannot play these rules: {error}") from None
    made = [_bot_of(item, number, len(bots) if duplicate else 1, most) for number, item in enumerate(bots)]
    try:
        return TournamentResult(
            games=_whole(found["games"], f"{what}: games"),
            seed=_whole(found["seed"], f"{what}: seed"),
            duplicate=duplicate,
            start=_whole(found["start"], f"{what}: start"),
            rules=rules,
            specs=tuple(spec for _, spec in made),
            bots=tuple(stats for stats, _ in made),
        )
    except WizardRulesError as error:
        raise FormatError(f"{what}: {error}") from None
