"""Tournaments: many seeded games between bots, played in parallel, summarised per bot.

A tournament plays `games` complete games between the same bots and reports, per bot, the
mean final score with a 95% confidence interval, the win rate and the exact-hit rate. It is
reproducible: the same bots, rules, number of games and seed give the same result whatever
runs the games: in this process (`executor=None`), a thread pool, a process pool (the
default) or a Dask cluster's executor. Many games of random play, for statistics and for
checking a rule set, are [`random_games`][wizardrules.random_games] (`_randomplay`).

How each game is set up, for game number `g` (from 0) of `n` bots:

- seats rotate: bot `i` sits at seat `(i + g) % n` (see `seating`), so over a multiple of
  `n` games every bot sits in every seat equally often;
- the deal (and the first dealer) comes from a seed derived from `(seed, g)`; in a
  *duplicate* tournament (`duplicate=True`) from `(seed, g // n)` instead, so that each
  deal is played `n` times in a row with the seats rotated: every bot holds every hand of
  it, and the luck of the cards cancels out of the comparison between bots;
- every bot is made fresh for the game from its spec, with its own seed derived from `(seed, g, i)`.

A long tournament can be played in parts: `start=` numbers the first game of a part, and
[`TournamentResult.combined`][wizardrules.TournamentResult.combined] joins the
parts' results into the result of the whole.

A bot spec is one of:

- a bot class: called as `cls(seed=game_seed)` when it takes a `seed` argument, else `cls()`;
- a `BotFactory`: a class or function with fixed keyword
  arguments, e.g. `BotFactory(MyBot, depth=3)`; picklable, so it runs in process pools;
- any other callable `(game_seed: int) -> Bot`. A process pool must pickle it: a
  module-level function pickles, a lambda or a nested function does not (use one with
  `executor=None` or a thread pool, or use a `BotFactory`).

Examples:
    >>> from wizardrules import RandomBot, RuleBot, Rules, Schedule
    >>> from wizardrules.tournament import tournament
    >>> short = Rules(schedule=Schedule.ladder(3, rounds=3))
    >>> result = tournament([RuleBot, RandomBot, RandomBot], 30, rules=short, executor=None)
    >>> [bot.name for bot in result.bots], result["RuleBot"].games
    (['RuleBot', 'RandomBot 1', 'RandomBot 2'], 30)
    >>> result == tournament([RuleBot, RandomBot, RandomBot], 30, rules=short, executor=None)
    True
"""

from __future__ import annotations

import math
import os
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final, Literal, NamedTuple, TypeVar

from attrs import frozen

from wizardrules._convert import game_count, shown
from wizardrules._progress import Bar, checked, progress_bar
from wizardrules.bots import Bot, BotFactory, BotSpec, is_bot, play_game
from wizardrules.bots._factory import name_of
from wizardrules.engine import new_game
from wizardrules.errors import RulesError
from wizardrules.rules import Rules
from wizardrules.tournament._decisions import (
    DecisionComparison,
    DecisionJob,
    GameGains,
    PhaseGain,
    compare_one,
    comparison,
)
from wizardrules.tournament._randomplay import SimGame, SimRound, random_games
from wizardrules.tournament._results import Z95 as Z95
from wizardrules.tournament._results import BotStats, Comparison, TournamentResult, _stats
from wizardrules.tournament._seeds import bot_seed, deal_seed, seating

# The standard library's process pools, fractions and pickling are imported where a
# tournament needs them: `import wizardrules` stays quick.
if TYPE_CHECKING:
    from concurrent.futures import Executor, Future

__all__ = [
    "BotFactory",
    "BotSpec",
    "BotStats",
    "Comparison",
    "DecisionComparison",
    "PhaseGain",
    "SimGame",
    "SimRound",
    "TournamentResult",
    "bot_seed",
    "compare_decisions",
    "deal_seed",
    "random_games",
    "seating",
    "tournament",
]


_TARGET_CHUNKS: Final = 100
"""Games are sent to the executor in about this many chunks (fewer for small tournaments)."""
_MAX_CHUNK: Final = 1000


# -- playing (runs in the workers) ------------------------------------------------------


class _Outcome(NamedTuple):
    """One game's result, per bot in the tournament's bot order (not seat order)."""

    scores: tuple[int, ...]
    hits: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: int


@frozen
class _Job:
    """What a worker needs to play any game of the tournament."""

    factories: tuple[Callable[[int], Bot], ...]
    names: tuple[str, ...]
    rules: Rules
    seed: int
    duplicate: bool = False
    """Each deal is played once per rotation of the seats (game `g` deals deal `g // n`)."""
    portable_errors: bool = False
    """Replace an error that cannot be pickled by a RulesError (the games run in an executor)."""

    def where(self, game: int) -> str:
        """Where an error happened: in which game of the tournament."""
        return f"in tournament game {game} (seed {self.seed})"

    def named_factories(self) -> tuple[tuple[str, Callable[[int], Bot]], ...]:
        """Each bot's name and factory."""
        return tuple(zip(self.names, self.factories, strict=True))


_J = TypeVar("_J", _Job, DecisionJob)
_O = TypeVar("_O", _Outcome, GameGains)


def _play_one(job: _Job, game: int) -> _Outcome:
    n = len(job.factories)
    by_seat = seating(game, n)
    bots = [job.factories[i](bot_seed(job.seed, game, i)) for i in by_seat]
    names = [job.names[i] for i in by_seat]
    deal = game // n if job.duplicate else game
    sheet = play_game(bots, rules=job.rules, seed=deal_seed(job.seed, deal), names=names).scoresheet
    seat_of = [(i + game) % n for i in range(n)]
    places = sheet.standings()
    return _Outcome(
        scores=tuple(sheet.totals[seat_of[i]] for i in range(n)),
        hits=tuple(sheet.hits[seat_of[i]] for i in range(n)),
        winners=tuple(i for i in range(n) if places[seat_of[i]] == 1),
        rounds=len(sheet.rounds),
    )


def _play_games(job: _Job, games: range) -> tuple[_Outcome, ...]:
    """Play `games` (a chunk) of a tournament; the function each executor runs."""
    return _each(_play_one, job, games)


def _compare_games(job: DecisionJob, games: range) -> tuple[GameGains, ...]:
    """Play `games` (a chunk) of a comparison of decisions; the function each executor runs."""
    return _each(compare_one, job, games)


def _each(play: Callable[[_J, int], _O], job: _J, games: range) -> tuple[_O, ...]:
    """`play(job, game)` for each game, an error noted with the game and seed it happened in."""
    outcomes = []
    for game in games:
        try:
            outcomes.append(play(job, game))
        except Exception as error:
            where = job.where(game)
            add_note = getattr(error, "add_note", None)  # Python 3.11+
            if add_note is not None:
                add_note(where)
            if job.portable_errors and not _survives_pickling(error):
                raise RulesError(f"{type(error).__name__}: {error} ({where})") from error
            raise
    return tuple(outcomes)


def _survives_pickling(error: Exception) -> bool:
    """Whether `error` can be rebuilt from its pickle.

    A process pool pickles a worker's exception to send it back; one that cannot be rebuilt
    would break the pool instead of reaching the caller, so it is replaced by a RulesError.
    """
    import pickle  # noqa: PLC0415 - only when a game fails

    try:
        pickle.loads(pickle.dumps(error))  # noqa: S301 - our own bytes
    except Exception:
        return False
    return True


# -- the tournament ---------------------------------------------------------------------


def _factory(spec: object, label: str) -> Callable[[int], Bot]:
    if isinstance(spec, BotFactory):
        return spec
    if isinstance(spec, type):
        if not callable(getattr(spec, "act", None)):
            raise RulesError(f"{label}: {spec.__name__} is not a bot class: it needs act(view, legal)")
        return BotFactory(spec)
    if isinstance(spec, Bot):
        raise RulesError(
            f"{label}: {shown(spec)} is a bot, but a tournament makes a fresh bot for each game: "
            "give its class, a BotFactory or a function (seed) -> bot"
        )
    if callable(spec):
        return spec  # a callable (seed) -> Bot, checked by the caller
    raise RulesError(f"{label}: {shown(spec)} is not a bot class, BotFactory or function (seed) -> bot")


def _unique_names(names: Sequence[str]) -> tuple[str, ...]:
    """Names numbered "Name 1", "Name 2", ... where several bots share one."""
    counts = Counter(names)
    seen: Counter[str] = Counter()
    unique = []
    for name in names:
        if counts[name] > 1:
            seen[name] += 1
            name = f"{name} {seen[name]}"  # noqa: PLW2901 - the numbered name replaces it
        unique.append(name)
    if len(set(unique)) != len(unique):
        raise RulesError(f"bot names {shown(unique)} are not unique; name them with BotFactory(...).named(...)")
    return tuple(unique)


def _chunks(games: int, chunk_size: int | None) -> list[range]:
    size = chunk_size or max(1, min(_MAX_CHUNK, math.ceil(games / _TARGET_CHUNKS)))
    return [range(start, min(start + size, games)) for start in range(0, games, size)]


def _quiet_interrupts() -> None:
    """In a pool's worker: Ctrl-C (which reaches every process of the terminal's group) ends the
    worker quietly, and the calling process reports the interrupt; else every worker would print
    its own traceback."""
    import signal  # noqa: PLC0415 - only in a pool's worker

    signal.signal(signal.SIGINT, _exit_quietly)


def _exit_quietly(signum: int, frame: object) -> None:
    os._exit(128 + signum)  # at once: a worker holds nothing to save, and SystemExit would end only its game


def _check_picklable(job: _Job | DecisionJob) -> None:
    import pickle  # noqa: PLC0415 - only for a process pool

    for name, factory in job.named_factories():
        try:
            pickle.dumps(factory)
        except Exception as error:
            raise RulesError(
                f"bot {shown(name)}: {shown(factory)} cannot be sent to a process pool ({error}); "
                "use a bot class, a BotFactory or a module-level function, or executor=None or a thread pool"
            ) from None
    try:
        pickle.dumps(job.rules)
    except Exception as error:
        raise RulesError(f"rules {shown(job.rules)} cannot be sent to a process pool ({error})") from None


def _run(
    worker: Callable[[_J, range], tuple[_O, ...]], job: _J, chunks: list[range], executor: Executor | None, bar: Bar
) -> list[_O]:
    from concurrent.futures import as_completed  # noqa: PLC0415 - only when a tournament runs

    done: dict[int, tuple[_O, ...]] = {}
    if executor is None:
        for chunk in chunks:
            done[chunk.start] = worker(job, chunk)
            bar.update(len(chunk))
    else:
        futures: dict[Future[tuple[_O, ...]], range] = {executor.submit(worker, job, chunk): chunk for chunk in chunks}
        try:
            for future in as_completed(futures):
                chunk = futures[future]
                done[chunk.start] = future.result()
                bar.update(len(chunk))
        finally:
            for future in futures:
                future.cancel()
    return [outcome for start in sorted(done) for outcome in done[start]]


def tournament(
    bots: Sequence[BotSpec],
    games: int,
    *,
    rules: Rules | None = None,
    seed: int = 0,
    executor: Executor | Literal["process"] | None = "process",
    progress: bool | float = False,
    chunk_size: int | None = None,
    duplicate: bool = False,
    start: int = 0,
) -> TournamentResult:
    """Play `games` seeded games between `bots` and return each bot's statistics.

    Game `g` seats bot `i` at seat `(i + g) % n`, deals from a seed derived from `(seed, g)`
    and makes each bot afresh from its spec with a seed derived from `(seed, g, i)`; see the
    module's description. The result depends only on the bots, `games`, `rules` and `seed`:
    not on the executor, the number of workers or `chunk_size`.

    Each spec is called once up front (with an unused seed) to check that it makes a bot.

    Args:
        bots: one spec per player (3 to 6): a bot class, a `BotFactory`, or a callable
            `(game_seed) -> Bot`. Names are the class (or factory) names, numbered where
            several bots share one ("RandomBot 1", "RandomBot 2").
        games: the number of games, 1 to 10,000,000 (`MAX_GAMES`).
        rules: the rules of every game; the rulebook's by default.
        seed: the tournament's seed.
        executor: where the games run. `"process"` (the default): a process pool of
            `os.cpu_count()` workers, made and shut down by this call. `None`: in this
            process, one game after another. Or any `concurrent.futures.Executor`, such as a
            `ThreadPoolExecutor`, a `ProcessPoolExecutor` or a Dask client's
            `client.get_executor()`; it is left running.
        progress: show the games played on stderr, as tqdm's bar when tqdm is installed
            (the `progress` extra), else as a plain counter: `True` from the start, or a
            number of seconds after which a tournament still running shows it.
        chunk_size: games per task sent to the executor; by default about 1% of the games.
        duplicate: play each deal once per rotation of the seats (game `g` deals deal
            `g // n` for `n` bots), so that every bot holds every hand; `games` and `start`
            must then be multiples of `n`. The intervals are computed over deals.
        start: the number of the first game, to play a long tournament in parts that
            [`combined`][wizardrules.TournamentResult.combined] joins: the parts
            play exactly the games one tournament would.

    Raises:
        RulesError: no games or more than 10,000,000, a wrong number of bots for the rules, a
            duplicate tournament whose games or start are not a multiple of the bots, a spec that does not
            make a bot, or one a process pool cannot pickle. With an executor, an error in a
            game that cannot be pickled (and so could not be sent back from a process) arrives
            as a RulesError that names it.
        IllegalActionError: a bot chose an action that is not legal (as a RulesError from an
            executor while IllegalActionError cannot be pickled).

    Examples:
        >>> from wizardrules import RandomBot, RuleBot, Rules, Schedule
        >>> short = Rules(schedule=Schedule.ladder(4, rounds=3))
        >>> result = tournament([RuleBot, RandomBot, RandomBot, RandomBot], 40, rules=short, executor=None)
        >>> result["RuleBot"].mean_score > result["RandomBot 1"].mean_score
        True
    """
    games, progress, rules = _checked_run(
        bots,
        games,
        seed=seed,
        duplicate=duplicate,
        start=start,
        progress=progress,
        chunk_size=chunk_size,
        executor=executor,
        rules=rules,
        what="tournament",
    )
    factories, names = _made(bots, seed, rules)
    job = _Job(
        factories=factories,
        names=names,
        rules=rules,
        seed=seed,
        duplicate=duplicate,
        portable_errors=executor is not None,
    )
    outcomes = _execute(
        _play_games,
        job,
        range(start, start + games),
        chunk_size=chunk_size,
        executor=executor,
        progress=progress,
        what="tournament",
    )
    return _result(job, games, start, outcomes)


def compare_decisions(
    candidate: BotSpec,
    reference: BotSpec,
    others: Sequence[BotSpec],
    games: int,
    *,
    rules: Rules | None = None,
    seed: int = 0,
    executor: Executor | Literal["process"] | None = "process",
    progress: bool | float = False,
    chunk_size: int | None = None,
    start: int = 0,
) -> DecisionComparison:
    """What `candidate` gains over `reference` decision by decision: duplicate decisions.

    The reference plays `games` games against `others`, seated, dealt and made afresh as
    `tournament([reference, *others], ...)` does. The candidate, made with the reference's
    seed, is shown every view the reference is shown, so that it keeps in step. Where it
    would choose another action at a decision with more than one legal action, the round is
    played on twice from that moment, once with each action and the same bots in the same
    states (deep copies), and the gain is the seat's round points with the candidate's
    action minus those with the reference's. The game itself goes on with the reference's
    action.

    The rest of the round is as lucky on both sides, so the gain is the worth of the
    decision alone: a change to a bot is measured in a few hundred games where a
    tournament, even a duplicate one, needs thousands. What it measures is a different
    choice at the same moment, the candidate's later choices being the reference's: a
    change whose worth lies in playing a whole round its own way (a bid and the plays that
    make it) is measured better by a tournament. The bots must survive `copy.deepcopy`.

    Args:
        candidate: the bot whose choices are tried, a spec as for `tournament`.
        reference: the bot that plays every game.
        others: the other seats' bots (2 to 5 of them).
        games: the number of games, 1 to 10,000,000.
        rules: the rules of every game; the rulebook's by default.
        seed: the comparison's seed.
        executor: where the games run, as for `tournament`.
        progress: show the games played on stderr, as for `tournament`.
        chunk_size: games per task sent to the executor; by default about 1% of the games.
        start: the number of the first game, to play a long comparison in parts that
            [`combined`][wizardrules.tournament.DecisionComparison.combined] joins.

    Raises:
        RulesError: as `tournament` raises for its arguments, or a bot that cannot be copied.
        IllegalActionError: a bot chose an action that is not legal; where the candidate did
            (at any decision, even one without a choice), the message names it.

    Examples:
        >>> from wizardrules import Phase, RandomBot, RuleBot, Rules, Schedule
        >>> short = Rules(schedule=Schedule.ladder(4, rounds=3))
        >>> gain = compare_decisions(RuleBot, RandomBot, [RuleBot] * 3, 40, rules=short, executor=None)
        >>> gain[Phase.BIDDING].differed > 0, gain.ci_low > 0
        (True, True)
        >>> compare_decisions(RuleBot, RuleBot, [RandomBot] * 3, 10, rules=short, executor=None).mean
        0.0
    """
    if isinstance(others, (str, bytes)) or not isinstance(others, Sequence):
        raise RulesError(f"others {shown(others)} must be a list of bot classes, BotFactory values or functions")
    table = [reference, *others]
    games, progress, rules = _checked_run(
        table,
        games,
        seed=seed,
        duplicate=False,
        start=start,
        progress=progress,
        chunk_size=chunk_size,
        executor=executor,
        rules=rules,
        what="compare_decisions",
    )
    factories, names = _made(table, seed, rules)
    trial = _checked_factory(candidate, "candidate", bot_seed(seed, -1, -1))
    job = DecisionJob(
        candidate=trial,
        candidate_name=_spec_name(trial),
        factories=factories,
        names=names,
        rules=rules,
        seed=seed,
        portable_errors=executor is not None,
    )
    outcomes = _execute(
        _compare_games,
        job,
        range(start, start + games),
        chunk_size=chunk_size,
        executor=executor,
        progress=progress,
        what="decisions",
    )
    return comparison(job.candidate_name, names, seed=seed, start=start, games=outcomes)


def _checked_run(
    bots: Sequence[BotSpec],
    games: int,
    *,
    seed: int,
    duplicate: bool,
    start: int,
    progress: bool | float,
    chunk_size: int | None,
    executor: object,
    rules: Rules | None,
    what: str,
) -> tuple[int, bool | float, Rules]:
    """The checked arguments of a run of games (before any bot is made): the games, the progress and the rules."""
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise RulesError(f"bots {shown(bots)} must be a list of bot classes, BotFactory values or functions")
    games = game_count(games, "games", RulesError, low=1, what_de="Spiele")  # before anything grows with it
    if type(seed) is not int:
        raise RulesError(f"seed {shown(seed)} must be an integer")
    if type(duplicate) is not bool:
        raise RulesError(f"duplicate {shown(duplicate)} must be True or False")
    if type(start) is not int or start < 0:
        raise RulesError(f"start {shown(start)} must be a whole number of 0 or more")
    from concurrent.futures import Executor  # noqa: PLC0415 - only when games run

    progress = checked(progress, what, RulesError)
    if chunk_size is not None and (type(chunk_size) is not int or chunk_size < 1):
        raise RulesError(f"chunk_size {shown(chunk_size)} must be a whole number of 1 or more, or None")
    if executor is not None and executor != "process" and not isinstance(executor, Executor):
        raise RulesError(f"executor {shown(executor)} must be 'process', None or a concurrent.futures.Executor")
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise RulesError(f"rules {shown(rules)} must be a Rules value")
    rules.check(len(bots))  # 3 to 6 players, and rules they can play
    if duplicate and (games % len(bots) or start % len(bots)):
        raise RulesError(
            f"a duplicate tournament of {len(bots)} bots plays each deal {len(bots)} times: "
            f"games {games} and start {start} must be multiples of {len(bots)}",
            german=f"ein doppeltes Turnier von {len(bots)} Bots spielt jede Verteilung {len(bots)}-mal: "
            f"Spiele {games} und Start {start} müssen Vielfache von {len(bots)} sein",
        )
    return games, progress, rules


def _made(bots: Sequence[BotSpec], seed: int, rules: Rules) -> tuple[tuple[Callable[[int], Bot], ...], tuple[str, ...]]:
    """Each bot's factory, each checked by making a bot, and the bots' names (numbered where alike)."""
    factories = tuple(_checked_factory(spec, f"bot {i + 1}", bot_seed(seed, -1, i)) for i, spec in enumerate(bots))
    names = _unique_names([_spec_name(factory) for factory in factories])
    new_game(names, rules=rules, seed=0)  # the engine can play these rules with these names
    return factories, names


def _spec_name(factory: Callable[[int], Bot]) -> str:
    return factory.name if isinstance(factory, BotFactory) else name_of(factory)


def _checked_factory(spec: object, label: str, trial_seed: int) -> Callable[[int], Bot]:
    """The factory of `spec`, called once (with an unused seed) to check that it makes a bot."""
    factory = _factory(spec, label)
    try:
        made = factory(trial_seed)
    except Exception as error:
        raise RulesError(f"{label}: {shown(factory)} could not make a bot: {type(error).__name__}: {error}") from error
    if not is_bot(made):
        raise RulesError(f"{label}: {shown(factory)} made {shown(made)}, which is not a bot: it needs act(view, legal)")
    return factory


def _execute(
    worker: Callable[[_J, range], tuple[_O, ...]],
    job: _J,
    games: range,
    *,
    chunk_size: int | None,
    executor: Executor | Literal["process"] | None,
    progress: bool | float,
    what: str,
) -> list[_O]:
    """The outcomes of `games`, in game order, played in chunks by `worker` where `executor` says."""
    from concurrent.futures import ProcessPoolExecutor  # noqa: PLC0415 - only when games run

    chunks = [range(games.start + r.start, games.start + r.stop) for r in _chunks(len(games), chunk_size)]
    if executor == "process" or isinstance(executor, ProcessPoolExecutor):
        _check_picklable(job)
    bar = progress_bar(len(games), desc=what, unit="game", progress=progress)
    try:
        if executor == "process":
            workers = max(1, min(os.cpu_count() or 1, len(chunks)))
            pool = ProcessPoolExecutor(max_workers=workers, initializer=_quiet_interrupts)
            try:
                return _run(worker, job, chunks, pool, bar)
            finally:
                pool.shutdown(wait=True, cancel_futures=True)
        return _run(worker, job, chunks, executor, bar)
    finally:
        bar.close()


def _result(job: _Job, games: int, start: int, outcomes: Sequence[_Outcome]) -> TournamentResult:
    from fractions import Fraction  # noqa: PLC0415 - only when a tournament ends

    stats = []
    for i, name in enumerate(job.names):
        wins = sum((Fraction(1, len(o.winners)) for o in outcomes if i in o.winners), Fraction(0))
        stats.append(
            _stats(
                name,
                [o.scores[i] for o in outcomes],
                wins,
                sum(o.hits[i] for o in outcomes),
                sum(o.rounds for o in outcomes),
                block=len(job.names) if job.duplicate else 1,
            )
        )
    return TournamentResult(
        games=games,
        seed=job.seed,
        bots=tuple(stats),
        rules=job.rules,
        specs=tuple(_spec_text(factory) for factory in job.factories),
        duplicate=job.duplicate,
        start=start,
    )


_SPEC_LENGTH: Final = 500
"""The most characters of an argument's text in a spec's text."""


def _spec_text(factory: Callable[[int], Bot]) -> str:
    """A bot spec as text, for a result to record which bots played: `RuleBot`,
    `BotFactory(MonteCarloBot, worlds=16)`, a function's module and name.

    The library's own bots are named by their class alone, other classes and functions by
    module and qualified name, a factory's arguments by their `repr`; a class given as it is
    and a factory of it without arguments are one spec.

    Examples:
        >>> from wizardrules import MonteCarloBot
        >>> _spec_text(BotFactory(MonteCarloBot, worlds=16)), _spec_text(BotFactory(MonteCarloBot).named("MC"))
        ('BotFactory(MonteCarloBot, worlds=16)', "BotFactory(MonteCarloBot).named('MC')")
    """
    if isinstance(factory, BotFactory):
        named = factory.name != name_of(factory.bot)
        if not factory.kwargs and not named:  # a class given as it is
            return _callable_text(factory.bot)
        arguments = "".join(f", {key}={_value_text(value)}" for key, value in factory.kwargs)
        text = f"BotFactory({_callable_text(factory.bot)}{arguments})"
        return f"{text}.named({factory.name!r})" if named else text
    return _callable_text(factory)


def _callable_text(obj: object) -> str:
    module, name = getattr(obj, "__module__", None), getattr(obj, "__qualname__", None)
    if not isinstance(module, str) or not isinstance(name, str):
        return _value_text(obj)
    return name if module.split(".")[0] == "wizardrules" else f"{module}.{name}"


def _value_text(value: object) -> str:
    try:
        text = repr(value)
    except Exception:  # a repr of the user's that fails: the class names the value
        text = f"<{type(value).__qualname__}>"
    return text if len(text) <= _SPEC_LENGTH else f"{text[:_SPEC_LENGTH]}…"
