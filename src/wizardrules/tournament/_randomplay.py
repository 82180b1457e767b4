"""Whole games of uniformly random legal play, for statistics and for checking a rule set.

[`random_games`][wizardrules.random_games] plays on the compiled core when the `fast` extra
is installed and the rules are the compiled core's (the standard deck, a built-in bid
policy, `StandardScore`), and through the engine's step API otherwise: any rules, special
cards included, at the engine's speed. Either way every game comes as a
[`SimGame`][wizardrules.SimGame] whose [`record`][wizardrules.SimGame.record] replays
through the engine to the same rounds and totals.

Examples:
    >>> from wizardrules import random_games
    >>> games = random_games(3, players=4, seed=1)
    >>> len(games), len(games[0].rounds), sum(games[0].rounds[0].tricks)
    (3, 15, 1)
    >>> games[2].record().replay().totals == games[2].totals
    True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any, Final

from attrs import field, frozen

from wizardrules import _lazy
from wizardrules._convert import as_tuple, game_count, shown
from wizardrules.cards import Suit
from wizardrules.engine import GameState, new_game
from wizardrules.errors import PlayerError, RulesError
from wizardrules.record import GameRecord
from wizardrules.rules import Rules
from wizardrules.sheet import ScoreSheet
from wizardrules.tricks import MAX_PLAYERS

__all__ = ["SimGame", "SimRound", "random_games"]

MAX_SEED: Final = 2**64
"""Seeds are whole numbers below this, on both paths."""
_SUITS: Final = tuple(Suit)


@frozen(kw_only=True)
class SimRound:
    """One round of a random game, by seat.

    Attributes:
        bids: the bids that were scored (after a Cloud's change, R8.2).
        blind: whether each bid was blind (R4.4).
        tricks: the tricks taken.
        points: the round's points.
        trump: the trump suit, or `None` for none (R3).
    """

    bids: tuple[int, ...]
    blind: tuple[bool, ...]
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    trump: Suit | None


@frozen(kw_only=True, eq=False)
class SimGame:
    """The outcome of one random game, as `random_games` makes it.

    Its rounds are worked out when first asked for: on the engine's path that means playing
    the game again and its score sheet, about three times what the game cost. Two games are
    equal when their players, rules, first dealer, totals and rounds are. A `SimGame` made by
    hand has no rounds or record to give (a `RulesError`), and equals only games made by hand.

    Attributes:
        players: the players' names.
        rules: the rules.
        first_dealer: the seat that dealt round 1.
        totals: each seat's total points.
    """

    players: tuple[str, ...]
    rules: Rules
    first_dealer: int
    totals: tuple[int, ...]
    _source: _Compiled | _Played | None = field(default=None, init=False, repr=False)

    @functools.cached_property
    def rounds(self) -> tuple[SimRound, ...]:
        """Every round's bids, blind marks, tricks, points and trump."""
        return self._origin().rounds()

    @property
    def hits(self) -> tuple[int, ...]:
        """Each seat's number of exactly hit bids."""
        return tuple(sum(r.bids[seat] == r.tricks[seat] for r in self.rounds) for seat in range(len(self.players)))

    def record(self) -> GameRecord:
        """The game's deals and actions: `record().replay()` is the engine's state at its end."""
        return self._origin().record()

    def scoresheet(self) -> ScoreSheet:
        """The game's score sheet, replayed through the engine."""
        return self.record().replay().scoresheet

    def _origin(self) -> _Compiled | _Played:
        if self._source is None:
            raise RulesError("this SimGame was not made by random_games: it has no rounds or record to give")
        return self._source

    def _key(self) -> tuple[object, ...]:
        return (self.players, self.rules, self.first_dealer, self.totals)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SimGame):
            return NotImplemented
        if self._source is None or other._source is None:  # made by hand: no rounds to compare
            return self._source is other._source and self._key() == other._key()
        return self._key() == other._key() and self.rounds == other.rounds

    def __hash__(self) -> int:
        return hash(self._key())


@frozen
class _Compiled:
    """Game `i` of a `wizardrules.fast.Playouts` run, read from its arrays."""

    run: Any
    i: int

    def rounds(self) -> tuple[SimRound, ...]:
        run, i = self.run, self.i
        trumps: list[int] = run.trump[i].tolist()
        return tuple(
            SimRound(bids=tuple(bids), blind=tuple(blind), tricks=tuple(tricks), points=tuple(points), trump=trump)
            for bids, blind, tricks, points, trump in zip(
                run.bids[i].tolist(),
                run.blind[i].tolist(),
                run.tricks[i].tolist(),
                run.points[i].tolist(),
                [None if t < 0 else _SUITS[t] for t in trumps],
                strict=True,
            )
        )

    def record(self) -> GameRecord:
        record: GameRecord = self.run.record(self.i)
        return record


@frozen
class _Played:
    """Game `game` of an engine run, kept as what plays it again (a final state takes some 30 KB)."""

    players: int | tuple[str, ...]
    rules: Rules | None
    seed: int
    game: int

    def rounds(self) -> tuple[SimRound, ...]:
        return tuple(
            SimRound(bids=r.final_bids, blind=r.blind, tricks=r.tricks, points=r.points, trump=r.trump)
            for r in _engine_play(self.players, self.rules, self.seed, self.game).scoresheet.rounds
        )

    def record(self) -> GameRecord:
        return GameRecord.from_state(_engine_play(self.players, self.rules, self.seed, self.game))


def _made(
    source: _Compiled | _Played, *, players: tuple[str, ...], rules: Rules, first_dealer: int, totals: tuple[int, ...]
) -> SimGame:
    """A game of `random_games`, which works its rounds and record out from `source` when asked."""
    game = SimGame(players=players, rules=rules, first_dealer=first_dealer, totals=totals)
    object.__setattr__(game, "_source", source)  # a frozen value, finished before anyone sees it
    return game


def random_games(
    n: int,
    *,
    players: int | Sequence[str] = 4,
    rules: Rules | None = None,
    seed: int = 0,
    compiled: bool = True,
) -> tuple[SimGame, ...]:
    """Play `n` whole games in which every decision is uniform over the legal actions.

    With the `fast` extra installed and rules the compiled core plays, the games are
    `wizardrules.fast.playouts(n, players=players, rules=rules, seed=seed)`, some 20 to 50 times as
    fast as the engine. Otherwise, or with `compiled=False`, game `g` is played through the
    engine's step API: dealt by `new_game` from a seed made of `seed` and `g`, and each
    action is `legal[int(uniform() * len(legal))]` of `legal_actions()`, with `uniform` a
    `random.Random` seeded likewise. Both paths give the same games for the same seed every
    time, but not the same games as each other: pass `compiled=False` to get the same games
    whether or not the extra is installed.

    Args:
        n: the number of games, 0..10,000,000 (`MAX_GAMES`: every game is kept; for more, use
            `wizardrules.fast.playouts`, which keeps totals only).
        players: the number of players (3-6) or their names.
        rules: the rules (the rulebook's by default); any rules, special cards included.
        seed: the run's seed, 0..2**64-1.
        compiled: play on the compiled core when it can; `False` plays through the engine.

    Raises:
        RulesError: `n` or `seed` out of range, or players and rules that cannot play (as for
            `new_game`); with the compiled core, result arrays larger than it allows.

    Examples:
        >>> from wizardrules import Preset, random_games
        >>> games = random_games(2, players=3, rules=Preset.ANNIVERSARY_2021.rules(), seed=5)
        >>> [len(game.rounds) for game in games]
        [20, 20]
        >>> random_games(1, seed=3, compiled=False) == random_games(1, seed=3, compiled=False)
        True
    """
    n = game_count(n, "random_games: games", RulesError)  # before anything grows with it
    if type(seed) is not int or not 0 <= seed < MAX_SEED:
        raise RulesError(f"random_games: seed {shown(seed)}; give a whole number 0..2**64-1")
    seats = (
        players
        if isinstance(players, int)
        else as_tuple(players, "random_games: players", PlayerError, limit=MAX_PLAYERS)
    )
    new_game(seats, rules=rules, seed=0)  # players and rules the engine plays, or its own error, even for n = 0
    if compiled:
        fast = _lazy.boost(_lazy.Boost.FAST)  # the compiled core, a layer above, lends it (extra `fast`)
        if fast is not None and _compiles(fast, seats, rules):
            return _compiled_games(fast.playouts(n, players=seats, rules=rules, seed=seed))
    return tuple(_engine_game(seats, rules, seed, g) for g in range(n))


def _compiles(fast: Any, players: int | Sequence[str], rules: Rules | None) -> bool:
    """Whether the compiled core plays these players and rules (an empty run says so, or refuses)."""
    try:
        fast.playouts(0, players=players, rules=rules)
    except RulesError:  # rules the compiled core leaves to the engine, or players no path plays
        return False
    return True


def _compiled_games(run: Any) -> tuple[SimGame, ...]:
    """The games of a `wizardrules.fast.Playouts` run."""
    players: tuple[str, ...] = run.players
    rules: Rules = run.rules
    return tuple(
        _made(
            _Compiled(run, i),
            players=players,
            rules=rules,
            first_dealer=first_dealer,
            totals=tuple(totals),
        )
        for i, (first_dealer, totals) in enumerate(zip(run.first_dealer.tolist(), run.totals.tolist(), strict=True))
    )


def _engine_play(players: int | tuple[str, ...], rules: Rules | None, seed: int, game: int) -> GameState:
    """Game `game` of an engine run: random legal actions through the step API, to its end."""
    deal_seed = seed * 1_000_000_007 + game
    state = new_game(players, rules=rules, seed=deal_seed)
    uniform = random.Random(deal_seed * 2 + 1).random
    while legal := state.legal_actions():  # () once the game is over
        state = state.apply(legal[int(uniform() * len(legal))])
    return state


def _engine_game(players: int | tuple[str, ...], rules: Rules | None, seed: int, game: int) -> SimGame:
    """Game `game` of an engine run, its rounds and record left to play it again when asked for."""
    state = _engine_play(players, rules, seed, game)
    return _made(
        _Played(players, rules, seed, game),
        players=state.players,
        rules=state.rules,
        first_dealer=state.first_dealer,
        totals=state.totals,
    )
