"""Whole games of random legal play at machine speed: `playouts` and its `Playouts` result."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Final, SupportsIndex, TypeVar

import numba
import numpy as np
import numpy.typing as npt
from attrs import field, frozen

from wizardrules._convert import integer, shown
from wizardrules._tables.codes import CARD_OF, cards_of
from wizardrules.actions import Action
from wizardrules.cards import Suit
from wizardrules.engine import Deal
from wizardrules.errors import RulesError
from wizardrules.fast._kernels import jit
from wizardrules.fast._kernels import playouts as kernels
from wizardrules.fast._kernels.actions import code_action
from wizardrules.fast._kernels.config import Config, config_for, new_batch
from wizardrules.fast._kernels.steps import D_TURNED
from wizardrules.record import GameRecord
from wizardrules.rules import Rules

__all__ = ["Playouts", "playouts"]

T = TypeVar("T")

_SUITS: Final = tuple(Suit)
_MAX_GAMES: Final = 2**40
_MAX_SEED: Final = 2**64
MAX_BYTES: Final = 4 * 2**30
"""The most memory the result arrays of one call may take: 4 GiB (about 7 million games)."""


def game_index(i: object, games: int, what: str) -> int:
    """`i` as the index of one of `games` games (a Python or numpy integer, not a bool).

    Raises:
        RulesError: it is not one.
    """
    index = integer(i)
    if index is None or not 0 <= index < games:
        raise RulesError(f"game {shown(i)}: {what} has games 0..{games - 1}")
    return index


def allocated(size: int, what: str, make: Callable[[], T]) -> T:
    """The arrays `make` allocates, `size` bytes in all, refused when they are more than `MAX_BYTES`.

    Raises:
        RulesError: too large, or more than this machine can allocate.
    """
    if size > MAX_BYTES:
        raise RulesError(
            f"{what} would take {size / 2**30:,.1f} GiB of arrays, more than {MAX_BYTES // 2**30} GiB: "
            "split the work (several runs with different seeds)"
        )
    try:
        return make()
    except MemoryError:
        raise RulesError(f"{what} would take {size / 2**30:,.1f} GiB of arrays, more than this machine has") from None


@contextmanager
def _threads(threads: int | None) -> Iterator[None]:
    """Run with `threads` of numba's threads (all of them when `None`)."""
    if threads is None:
        yield
        return
    _checked_threads(threads)
    before = numba.get_num_threads()
    numba.set_num_threads(threads)
    try:
        yield
    finally:
        numba.set_num_threads(before)


def _checked_threads(threads: object) -> None:
    """Refuse a number of threads that is not None or 1..numba's threads."""
    if threads is None:
        return
    most: int = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined, unused-ignore]  # set when numba loads (numba untyped without it)
    if type(threads) is not int or not 1 <= threads <= most:
        raise RulesError(f"threads {shown(threads)}: give 1..{most} or None for all")


def _checked_seed(seed: object) -> np.uint64:
    if type(seed) is not int or not 0 <= seed < _MAX_SEED:
        raise RulesError(f"seed {shown(seed)}: give a whole number 0..2**64-1")
    stream: np.uint64 = np.uint64(seed)
    return stream


@frozen(kw_only=True, eq=False)
class Playouts:
    """The outcome of `n` compiled games: numpy arrays, one row per game.

    Attributes:
        players: the players' names.
        rules: the rules.
        seed: the run's seed; game `i` is a function of the seed, `i` and the rules alone.
        totals: `(n, players)` final totals.
        bids: `(n, rounds, players)` bids.
        tricks: `(n, rounds, players)` tricks taken.
        points: `(n, rounds, players)` round points.
        blind: `(n, rounds, players)` whether each bid was blind.
        trump: `(n, rounds)` the trump suit's index 0..3 (red, yellow, green, blue), -1 for none.
        first_dealer: `(n,)` the seat that dealt round 1.
    """

    players: tuple[str, ...]
    rules: Rules
    seed: int
    totals: npt.NDArray[np.int64]
    bids: npt.NDArray[np.int16]
    tricks: npt.NDArray[np.int16]
    points: npt.NDArray[np.int32]
    blind: npt.NDArray[np.bool_]
    trump: npt.NDArray[np.int8]
    first_dealer: npt.NDArray[np.int8]
    _config: Config = field(alias="config", repr=False)

    def __len__(self) -> int:
        return int(self.totals.shape[0])

    def record(self, i: SupportsIndex) -> GameRecord:
        """Game `i` (a Python or numpy integer) as a `GameRecord`: its deals and actions, which replay
        through the engine to its totals.

        Raises:
            RulesError: no game `i` in this run.
        """
        deals, actions, first_dealer = replay_game(self._config, self.seed, game_index(i, len(self), "this run"))
        return GameRecord(
            players=self.players, rules=self.rules, first_dealer=first_dealer, deals=deals, actions=actions
        )


def replay_game(config: Config, seed: int, i: int) -> tuple[tuple[Deal, ...], tuple[Action, ...], int]:
    """Play game `i` of a run again with its log on: its deals, its actions and its first dealer."""
    n, rounds = config.players, config.rounds
    _, dealt, log = new_batch(1, rounds, config.longest)
    first_dealer, logged = jit(kernels.replay_game)(config.rules, np.uint64(seed), i, dealt, log)
    deals = tuple(
        Deal(
            hands=[cards_of(int(hand)) for hand in dealt[0, r, :n]],
            turned_up=None if dealt[0, r, D_TURNED] < 0 else CARD_OF[int(dealt[0, r, D_TURNED])],
        )
        for r in range(rounds)
    )
    return deals, tuple(code_action(int(code)) for code in log[0, :logged]), int(first_dealer)


def _results(n: int, rounds: int, seats: int) -> tuple[npt.NDArray[Any], ...]:
    """The zeroed result arrays of `n` games: totals, bids, tricks, points, blind, trump, first dealer."""
    shape = (n, rounds, seats)
    return (
        np.zeros((n, seats), dtype=np.int64),
        np.zeros(shape, dtype=np.int16),
        np.zeros(shape, dtype=np.int16),
        np.zeros(shape, dtype=np.int32),
        np.zeros(shape, dtype=np.bool_),
        np.zeros((n, rounds), dtype=np.int8),
        np.zeros(n, dtype=np.int8),
    )


def playouts(
    n: int,
    *,
    players: int | Sequence[str] = 4,
    rules: Rules | None = None,
    seed: int = 0,
    threads: int | None = None,
) -> Playouts:
    """Play `n` whole games of uniformly random legal play, compiled and in parallel over cores.

    Each decision is uniform over the legal actions (as over the engine's `legal_actions()`).
    Game `i` draws its deals and choices from its own random stream, seeded by `seed` and
    `i`: the same seed gives the same games, whatever the number of threads.

    Args:
        n: the number of games.
        players: the number of players (3-6) or their names.
        rules: the rules (the rulebook's by default); the standard deck, a built-in bid
            policy and `StandardScore` (with any numbers), any schedule and variant.
        seed: the run's seed, 0..2**64-1.
        threads: numba threads to use; all cores when `None`.

    Raises:
        RulesError: `n`, `seed` or `threads` out of range, result arrays of more than 4 GiB
            (about 7 million games) or more than this machine can allocate, or rules the compiled
            core leaves to the engine (special cards, a custom bid policy or score rule).

    Examples:
        >>> from wizardrules.fast import playouts
        >>> run = playouts(100, players=4, seed=1)
        >>> run.totals.shape, run.bids.shape
        ((100, 4), (100, 15, 4))
        >>> run.record(7).replay().totals == tuple(run.totals[7])
        True
    """
    if type(n) is not int or not 0 <= n <= _MAX_GAMES:
        raise RulesError(f"playouts: {shown(n)} games; give a whole number 0..2**40")
    stream = _checked_seed(seed)  # the cheap checks first: a bad number is refused before any work
    _checked_threads(threads)
    config = config_for(players, rules)
    rounds, seats = config.rounds, config.players
    per_game = 8 * seats + (2 + 2 + 4 + 1) * rounds * seats + rounds + 1  # the arrays' bytes for one game
    totals, bids, tricks, points, blind, trump, first_dealer = allocated(
        n * per_game, f"playouts: {n:,} games", lambda: _results(n, rounds, seats)
    )
    with _threads(threads):
        jit(kernels.play_games)(config.rules, stream, (totals, bids, tricks, points, blind, trump), first_dealer)
    for array in (totals, bids, tricks, points, blind, trump, first_dealer):
        array.setflags(write=False)
    return Playouts(
        players=config.setup.players,
        rules=config.setup.rules,
        seed=seed,
        totals=totals,
        bids=bids,
        tricks=tricks,
        points=points,
        blind=blind,
        trump=trump,
        first_dealer=first_dealer,
        config=config,
    )
