"""Tournaments: many seeded games between bots, played in parallel, summarised per bot.

A tournament plays `games` complete games between the same bots and reports, per bot, the
mean final score with a 95% confidence interval, the win rate and the exact-hit rate. It is
reproducible: the same bots, rules, number of games and seed give the same result whatever
runs the games: in this process (`executor=None`), a thread pool, a process pool (the
default) or a Dask cluster's executor.

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

import inspect
import math
import os
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, Literal, NamedTuple, TypeAlias

from attrs import frozen

from wizardrules._convert import game_count, shown
from wizardrules._progress import Bar, checked, progress_bar
from wizardrules.bots import Bot, is_bot, play_game
from wizardrules.engine import new_game
from wizardrules.errors import RulesError
from wizardrules.rules import Rules
from wizardrules.tournament._results import Z95 as Z95
from wizardrules.tournament._results import BotStats, Comparison, TournamentResult, _stats

# The standard library's process pools, fractions and pickling are imported where a
# tournament needs them: `import wizardrules` stays quick.
if TYPE_CHECKING:
    from concurrent.futures import Executor, Future

__all__ = [
    "BotFactory",
    "BotSpec",
    "BotStats",
    "Comparison",
    "TournamentResult",
    "bot_seed",
    "deal_seed",
    "seating",
    "tournament",
]


_TARGET_CHUNKS: Final = 100
"""Games are sent to the executor in about this many chunks (fewer for small tournaments)."""
_MAX_CHUNK: Final = 1000


def _takes_seed(bot: Callable[..., Any]) -> bool:
    """Whether `bot` (a class or function) accepts a keyword argument `seed`."""
    try:
        parameters = inspect.signature(bot).parameters
    except (TypeError, ValueError):  # builtins without a signature
        return False
    parameter = parameters.get("seed")
    return parameter is not None and parameter.kind in (parameter.POSITIONAL_OR_KEYWORD, parameter.KEYWORD_ONLY)


def _name_of(obj: object) -> str:
    name = getattr(obj, "__name__", None)
    return name if isinstance(name, str) and name else type(obj).__name__


@frozen(init=False)
class BotFactory:
    """Makes a fresh bot for each game: a class (or function) with fixed keyword arguments.

    The game's seed is passed as `seed=` when the class takes a `seed` argument and the
    keyword arguments do not fix one. A factory pickles whenever its class and arguments do,
    so it works with process pools and Dask, unlike a lambda.

    Attributes:
        bot: the class or function that makes the bot.
        kwargs: the fixed keyword arguments, as sorted `(name, value)` pairs.
        name: the bot's name in results; the class name unless set with `named`.
        seeded: whether the game's seed is passed as `seed=`.

    Raises:
        RulesError: `bot` is not callable.

    Examples:
        >>> from wizardrules import RandomBot
        >>> factory = BotFactory(RandomBot)
        >>> factory(7), factory.name, factory.seeded
        (RandomBot(seed=7), 'RandomBot', True)
        >>> BotFactory(RandomBot, seed=1).named("Fixed")(7), BotFactory(RandomBot, seed=1).named("Fixed").name
        (RandomBot(seed=1), 'Fixed')
    """

    bot: Callable[..., Bot]
    kwargs: tuple[tuple[str, Any], ...]
    name: str
    seeded: bool

    def __init__(self, bot: Callable[..., Bot], /, **kwargs: Any) -> None:
        if not callable(bot):
            raise RulesError(f"BotFactory: {shown(bot)} is not a bot class or function")
        seeded = "seed" not in kwargs and _takes_seed(bot)
        self.__attrs_init__(bot, tuple(sorted(kwargs.items())), _name_of(bot), seeded)

    def named(self, name: str) -> BotFactory:
        """The same factory under another name (names must be unique within a tournament)."""
        if not isinstance(name, str) or not name.strip():
            raise RulesError(f"BotFactory name {shown(name)} must be non-empty text")
        factory: BotFactory = object.__new__(BotFactory)
        factory.__attrs_init__(self.bot, self.kwargs, name, self.seeded)
        return factory

    def __call__(self, seed: int) -> Bot:
        """A new bot for a game whose bot seed is `seed`."""
        kwargs = dict(self.kwargs)
        if self.seeded:
            kwargs["seed"] = seed
        return self.bot(**kwargs)


BotSpec: TypeAlias = type[Bot] | Callable[[int], Bot]
"""How a tournament makes a bot for each game: a bot class, a `BotFactory`, or `(game_seed) -> Bot`."""


def seating(game: int, bots: int) -> tuple[int, ...]:
    """The bot at each seat in game `game` (from 0): bot `i` sits at seat `(i + game) % bots`.

    Examples:
        >>> seating(0, 3), seating(1, 3), seating(2, 3)
        ((0, 1, 2), (2, 0, 1), (1, 2, 0))
    """
    return tuple((seat - game) % bots for seat in range(bots))


def _derive(seed: int, *parts: object) -> int:
    """A 63-bit seed derived from `seed` and `parts`, the same on every machine and process."""
    text = ":".join(_written(part) for part in ("wizardrules.tournament", seed, *parts))
    import hashlib  # noqa: PLC0415 - only when a tournament runs

    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def _written(part: object) -> str:
    """`str(part)`, or a number too long for Python to write in decimal (over 4,300 digits) in hex."""
    try:
        return str(part)
    except ValueError:
        return hex(part)  # type: ignore[arg-type] # only an int is too long to write


def deal_seed(seed: int, game: int) -> int:
    """The seed of the deal of game `game` of a tournament seeded with `seed`."""
    return _derive(seed, "deal", game)


def bot_seed(seed: int, game: int, bot: int) -> int:
    """The seed given to bot number `bot` for game `game` of a tournament seeded with `seed`."""
    return _derive(seed, "bot", game, bot)


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
    """Play `games` (a chunk); the function each executor runs."""
    outcomes = []
    for game in games:
        try:
            outcomes.append(_play_one(job, game))
        except Exception as error:
            where = f"in tournament game {game} (seed {job.seed})"
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


def _factory(spec: object, position: int) -> Callable[[int], Bot]:
    if isinstance(spec, BotFactory):
        return spec
    if isinstance(spec, type):
        if not callable(getattr(spec, "act", None)):
            raise RulesError(f"bot {position + 1}: {spec.__name__} is not a bot class: it needs act(view, legal)")
        return BotFactory(spec)
    if isinstance(spec, Bot):
        raise RulesError(
            f"bot {position + 1}: {shown(spec)} is a bot, but a tournament makes a fresh bot for each game: "
            "give its class, a BotFactory or a function (seed) -> bot"
        )
    if callable(spec):
        return spec  # a callable (seed) -> Bot, checked by the caller
    raise RulesError(f"bot {position + 1}: {shown(spec)} is not a bot class, BotFactory or function (seed) -> bot")


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


def _check_picklable(job: _Job) -> None:
    import pickle  # noqa: PLC0415 - only for a process pool

    for name, factory in zip(job.names, job.factories, strict=True):
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


def _run(job: _Job, chunks: list[range], executor: Executor | None, bar: Bar) -> list[_Outcome]:
    from concurrent.futures import as_completed  # noqa: PLC0415 - only when a tournament runs

    done: dict[int, tuple[_Outcome, ...]] = {}
    if executor is None:
        for chunk in chunks:
            done[chunk.start] = _play_games(job, chunk)
            bar.update(len(chunk))
    else:
        futures: dict[Future[tuple[_Outcome, ...]], range] = {
            executor.submit(_play_games, job, chunk): chunk for chunk in chunks
        }
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
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise RulesError(f"bots {shown(bots)} must be a list of bot classes, BotFactory values or functions")
    games = game_count(games, "games", RulesError, low=1)  # before anything grows with it
    if type(seed) is not int:
        raise RulesError(f"seed {shown(seed)} must be an integer")
    if type(duplicate) is not bool:
        raise RulesError(f"duplicate {shown(duplicate)} must be True or False")
    if type(start) is not int or start < 0:
        raise RulesError(f"start {shown(start)} must be a whole number of 0 or more")
    from concurrent.futures import Executor, ProcessPoolExecutor  # noqa: PLC0415 - only when a tournament runs

    progress = checked(progress, "tournament", RulesError)
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
            f"games {games} and start {start} must be multiples of {len(bots)}"
        )
    factories = tuple(_factory(spec, i) for i, spec in enumerate(bots))
    for i, factory in enumerate(factories):
        try:
            made = factory(bot_seed(seed, -1, i))
        except Exception as error:
            raise RulesError(
                f"bot {i + 1}: {shown(factory)} could not make a bot: {type(error).__name__}: {error}"
            ) from error
        if not is_bot(made):
            raise RulesError(
                f"bot {i + 1}: {shown(factory)} made {shown(made)}, which is not a bot: it needs act(view, legal)"
            )
    names = _unique_names([spec.name if isinstance(spec, BotFactory) else _name_of(spec) for spec in factories])
    new_game(names, rules=rules, seed=0)  # the engine can play these rules with these names
    job = _Job(
        factories=factories,
        names=names,
        rules=rules,
        seed=seed,
        duplicate=duplicate,
        portable_errors=executor is not None,
    )
    chunks = [range(start + r.start, start + r.stop) for r in _chunks(games, chunk_size)]
    if executor == "process" or isinstance(executor, ProcessPoolExecutor):
        _check_picklable(job)
    bar = progress_bar(games, desc="tournament", unit="game", progress=progress)
    try:
        if executor == "process":
            workers = max(1, min(os.cpu_count() or 1, len(chunks)))
            pool = ProcessPoolExecutor(max_workers=workers, initializer=_quiet_interrupts)
            try:
                outcomes = _run(job, chunks, pool, bar)
            finally:
                pool.shutdown(wait=True, cancel_futures=True)
        else:
            outcomes = _run(job, chunks, executor, bar)
    finally:
        bar.close()
    return _result(job, games, start, outcomes)


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
    return TournamentResult(games=games, seed=job.seed, bots=tuple(stats), duplicate=job.duplicate, start=start)
