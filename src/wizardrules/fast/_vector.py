"""Many games in lockstep for agents that act from outside: `VectorGame`."""

from __future__ import annotations

import itertools
from collections.abc import Sequence, Sized
from typing import Any, Final, SupportsIndex, TypeVar

import numpy as np
import numpy.typing as npt

from wizardrules._convert import shown
from wizardrules._tables.codes import CARD_OF, cards_of
from wizardrules.engine import Deal, GameState
from wizardrules.engine.view import _bid_visible as bid_visible
from wizardrules.errors import ActionError, IllegalActionError, RulesError, WizardRulesError
from wizardrules.fast._kernels import jit
from wizardrules.fast._kernels.actions import LARGEST_CODE, action_code, card_code, code_action, hand_masks
from wizardrules.fast._kernels.config import config_for, new_batch
from wizardrules.fast._kernels.steps import (
    D_TURNED,
    G_FIRST_DEALER,
    G_LOGGED,
    G_MOVE,
    G_PHASE,
    G_SIZE,
    G_TOTALS,
    OVER_PHASE,
    SEATS,
    begin_game,
)
from wizardrules.fast._kernels.vector import (
    E_BIDS,
    E_BLIND,
    E_CARDS,
    E_CLAIRVOYANCE,
    E_DEALER,
    E_DECK,
    E_FIELDS,
    E_HAND,
    E_KNOWN,
    E_LEADER,
    E_LED,
    E_MOST,
    E_MOVE,
    E_PHASE,
    E_PLAYABLE,
    E_PLAYED,
    E_ROUND,
    E_ROUNDS,
    E_SEEN,
    E_SEEN_HANDS,
    E_SIZE,
    E_SIZES,
    E_TOTALS,
    E_TRICK,
    E_TRUMP,
    E_TURNED,
    E_WON,
    deal_all,
    legal_masks,
    observe_all,
    step_all,
)
from wizardrules.fast._playouts import allocated, game_index
from wizardrules.record import GameRecord
from wizardrules.rl import ActionCodec, Observer
from wizardrules.rules import Rules, Variant

__all__ = ["VectorGame"]

_MAX_BATCH: Final = 1 << 20
_INT64: Final = np.dtype(np.int64)
_SECTIONS: Final = {
    E_PHASE: "phase",
    E_ROUND: "round",
    E_CARDS: "cards",
    E_SIZES: "hand_sizes",
    E_WON: "tricks_won",
    E_TOTALS: "totals",
    E_DEALER: "dealer",
    E_MOVE: "to_move",
    E_TRUMP: "trump",
    E_TURNED: "turned_up",
    E_HAND: "hand",
    E_SEEN: "hand_seen",
    E_SEEN_HANDS: "seen_hands",
    E_BIDS: "bids",
    E_BLIND: "blind",
    E_LEADER: "leader",
    E_LED: "led",
    E_TRICK: "trick",
    E_PLAYED: "played",
}


_Item = TypeVar("_Item", bound=np.generic)


def _read_only(array: npt.NDArray[_Item]) -> npt.NDArray[_Item]:
    """A view of `array` that its reader cannot write through."""
    view: npt.NDArray[_Item] = array.view()
    view.setflags(write=False)
    return view


class VectorGame:
    """`batch` games in lockstep, compiled, for agents that act from outside (RL training, batched search).

    Every game plays the rules exactly (each can be turned into a `GameRecord` that replays
    through the engine). Actions, masks and observations use the shared encodings of
    [`wizardrules.rl`][wizardrules.rl]: [`legal_mask`][wizardrules.fast.VectorGame.legal_mask]
    is in the index space of [`ActionCodec`][wizardrules.rl.ActionCodec] and
    [`observe`][wizardrules.fast.VectorGame.observe] in the layout of
    [`Observer.observation`][wizardrules.rl.Observer.observation].

    A game that ends at a step is over until the next step, which deals its row a new game
    and ignores that row's action (the next-step reset of Gymnasium's vector environments):
    between the two, `done`, `rewards` and `totals` show how it ended. Game `g` of a run is
    dealt from the run's seed and `g` alone; rows take new games in order.

    Args:
        batch: the number of games side by side, 1 to 2**20.
        players: the number of players, 3 to 6.
        rules: the rules (the rulebook's by default): the standard deck, a built-in bid
            policy and `StandardScore`, any schedule and variant.
        seed: the run's seed, 0..2**64-1.

    Raises:
        RulesError: a bad batch size or seed, or rules the compiled core leaves to the engine
            (special cards, a custom bid policy or score rule).

    Examples:
        >>> import numpy as np
        >>> from wizardrules.fast import VectorGame
        >>> games = VectorGame(8, players=4, seed=1)
        >>> mask = games.legal_mask()
        >>> games.step(mask.argmax(axis=1))  # the first legal action of each game
        >>> games.observe().shape == (8, games.observer.describe().size), bool(games.done.any())
        (True, False)
    """

    def __init__(self, batch: int, *, players: int = 4, rules: Rules | None = None, seed: int = 0) -> None:
        if type(batch) is not int or not 1 <= batch <= _MAX_BATCH:
            raise RulesError(f"VectorGame: batch {shown(batch)}; give a whole number 1..2**20")
        if type(seed) is not int or not 0 <= seed < 1 << 64:
            raise RulesError(f"VectorGame: seed {shown(seed)}; give a whole number 0..2**64-1")
        config = config_for(players, rules)
        self._config: Final = config
        n = config.players
        self.rules: Final = config.setup.rules
        """The rules of every game."""
        self.players: Final = config.setup.players
        """The players' names."""
        self.seed: Final = seed
        """The run's seed."""
        self.codec: Final = ActionCodec(self.rules, n)
        """The action index space of `legal_mask` and `step`."""
        self.observer: Final = Observer(self.rules, n)
        """The layout of `observe`."""
        self._index_of_code = np.zeros(LARGEST_CODE + 1, dtype=np.int64)
        self._code_of_index = np.full(self.codec.size, -1, dtype=np.int64)
        for index, action in enumerate(self.codec.actions):
            code = action_code(action)
            if code is not None:
                self._index_of_code[code] = index
                self._code_of_index[index] = code
        self._layout, self._scales = self._encoding()
        per_game = 8 * (G_SIZE + config.rounds * (SEATS + 1)) + 2 * config.longest + self.codec.size + 4 * n + 2
        self._games, self._deals, self._log, self._mask = allocated(
            batch * per_game,
            f"VectorGame: {batch:,} games",
            lambda: (
                *new_batch(batch, config.rounds, config.longest),
                np.empty((batch, self.codec.size), dtype=np.bool_),
            ),
        )
        self._kernels: Final = (jit(legal_masks), jit(observe_all), jit(step_all))
        self._next_game = batch
        self._rewards = np.zeros((batch, n), dtype=np.float32)
        self._scored = np.zeros(batch, dtype=np.bool_)
        self._done = np.zeros(batch, dtype=np.bool_)
        self._scratch = np.empty(64, dtype=np.int64)
        """Room for the kernels' lists."""
        jit(deal_all)(self._games, self._deals, np.uint64(seed), config.rules, self._scratch)
        """Every game's legal actions, kept up to date by each step."""
        self._kernels[0](self._games, config.rules, self._index_of_code, self._mask, self._scratch)

    def _encoding(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
        """The observer's layout as the observation kernel reads it, and its scales."""
        layout = self.observer.describe()
        fields = np.full(E_FIELDS, -1, dtype=np.int64)
        for field, name in _SECTIONS.items():
            if name in layout.names:
                fields[field] = layout[name].start
        fields[E_MOST] = self.observer.cards
        fields[E_ROUNDS] = self.observer.rounds
        for phase in range(4):  # the standard deck's phases, by the engine's numbers
            for own in (0, 1):
                fields[E_KNOWN + 2 * phase + own] = bid_visible(self.rules.bid_reveal, phase, 0, 1 - own)
        fields[E_CLAIRVOYANCE] = Variant.CLAIRVOYANCE in self.rules.variants
        fields[E_PLAYABLE] = layout["trick"].shape[-1]
        fields[E_DECK] = layout["hand"].size
        fields[E_SIZE] = layout.size
        scales = np.array(
            [1 / self.observer.rounds, 1 / self.observer.cards, 1 / self.observer.game_bound], dtype=np.float32
        )
        return fields, scales

    def __len__(self) -> int:
        return int(self._done.shape[0])

    def __repr__(self) -> str:
        return f"<VectorGame {len(self)} games, {len(self.players)} players>"

    # -- reading ------------------------------------------------------------------------------

    @property
    def to_move(self) -> npt.NDArray[np.int64]:
        """Each game's seat to act, -1 for a game that is over (until the next step)."""
        games = self._games
        return np.where(games[:, G_PHASE] == OVER_PHASE, -1, games[:, G_MOVE])

    def seat_to_move(self, i: SupportsIndex) -> int | None:
        """Game `i`'s seat to act (`i` a Python or numpy integer), `None` when it is over.

        Raises:
            RulesError: no game `i`.
        """
        row = self._games[game_index(i, len(self), "this batch")]
        return None if row[G_PHASE] == OVER_PHASE else int(row[G_MOVE])

    @property
    def rewards(self) -> npt.NDArray[np.float32]:
        """`(batch, players)`: the points each seat scored at the last step (0 but where it ended a round)."""
        return _read_only(self._rewards)

    @property
    def scored(self) -> npt.NDArray[np.bool_]:
        """`(batch,)`: whether the last step ended a round of each game (its points are then in `rewards`)."""
        return _read_only(self._scored)

    @property
    def done(self) -> npt.NDArray[np.bool_]:
        """`(batch,)`: whether the last step ended each game."""
        return _read_only(self._done)

    @property
    def totals(self) -> npt.NDArray[np.int64]:
        """`(batch, players)`: each game's totals so far (a game's final totals while it is over)."""
        totals: npt.NDArray[np.int64] = self._games[:, G_TOTALS : G_TOTALS + len(self.players)].copy()
        return totals

    def legal_mask(self, out: npt.NDArray[np.bool_] | None = None) -> npt.NDArray[np.bool_]:
        """`(batch, codec.size)`: each game's legal actions in the codec's index space (none in a game that is over).

        Args:
            out: a boolean array of that shape to fill and return instead of a new one.

        Raises:
            RulesError: `out` is no writable array of the shape and dtype of the mask.
        """
        if out is None:
            copied: npt.NDArray[np.bool_] = self._mask.copy()
            return copied
        if (
            not isinstance(out, np.ndarray)
            or out.shape != self._mask.shape
            or out.dtype != np.bool_
            or not out.flags.writeable
        ):
            raise RulesError(f"out: give a writable boolean array of shape {self._mask.shape}")
        np.copyto(out, self._mask)
        return out

    def observe(self, seats: Sequence[int] | npt.NDArray[Any] | None = None) -> npt.NDArray[np.float32]:
        """`(batch, observer size)`: what each game's seat to act knows, as `Observer.observation` of its view.

        Args:
            seats: the seat to observe in each game (integers of any dtype); by default the seat
                to act (seat 0 in a game that is over).

        Raises:
            RulesError: `seats` is not one seat per game.
        """
        chosen = np.maximum(self.to_move, 0) if seats is None else self._per_game(seats, "seats")
        out = np.empty((len(self), int(self._layout[E_SIZE])), dtype=np.float32)
        if self._kernels[1](self._games, chosen, self._config.rules, self._layout, self._scales, out) >= 0:
            raise self._wrong("seats")
        return out

    def _per_game(self, values: object, what: str) -> npt.NDArray[np.int64]:
        """`values` (the `what` of `step` or `observe`) as one integer per game, int64 in one writable
        block of memory, as the kernels take them.

        Integers of any other dtype, layout or writability are copied, so that the kernels are
        compiled for one kind of array only (each other kind would be compiled anew, for seconds).

        Raises:
            WizardRulesError: `values` is not one integer per game (as `_wrong` says).
        """
        if (
            type(values) is np.ndarray
            and values.dtype is _INT64
            and values.shape == self._done.shape
            and values.flags.carray  # C-contiguous, aligned and writable
        ):
            return values  # the common case: as the kernels take them
        if not isinstance(values, np.ndarray):
            # a length is checked before anything is converted (a range of 10**12 is not built),
            # and a bool is no index, also inside a list (numpy would read True as 1)
            if not isinstance(values, Sized) or _length(values) != len(self):
                raise self._wrong(what)
            try:
                bools = any(isinstance(value, (bool, np.bool_)) for value in itertools.islice(values, len(self)))  # type: ignore[call-overload]
            except (TypeError, ValueError):
                raise self._wrong(what) from None
            if bools:
                raise self._wrong(what)
        try:
            given = np.asarray(values)
        except (ValueError, TypeError):  # ragged nests, values numpy cannot hold
            raise self._wrong(what) from None
        if given.shape != self._done.shape or given.dtype.kind not in "iu":
            raise self._wrong(what)
        # unsigned values past the largest int64 turn negative, outside every range, as refused
        return given.astype(np.int64, order="C")

    def _wrong(self, what: str) -> WizardRulesError:
        """The error for `what` (the actions of `step`, the seats of `observe`) that are not one per game."""
        if what == "seats":
            return RulesError(f"seats: give one seat 0..{len(self.players) - 1} per game, {len(self)} in all")
        return ActionError(f"actions: give one action index 0..{self.codec.size - 1} per game, {len(self)} in all")

    # -- acting -------------------------------------------------------------------------------

    def step(self, actions: Sequence[int] | npt.NDArray[Any]) -> None:
        """Each game's seat to act takes `actions[g]` (a codec index); a game that was over starts anew instead.

        Raises:
            ActionError: not one index 0..codec.size-1 per game (integers of any dtype); nothing changes.
            IllegalActionError: an action is not legal in its game; nothing changes.
        """
        chosen = self._per_game(actions, "actions")
        row, self._next_game = self._kernels[2](
            self._games,
            self._deals,
            self._log,
            self._config.rules,
            chosen,
            self._code_of_index,
            self._index_of_code,
            self._mask,
            np.uint64(self.seed),
            self._next_game,
            self._rewards,
            self._scored,
            self._done,
            self._scratch,
        )
        if row >= 0:
            index = int(np.asarray(actions)[row])  # as given, before a copy as int64
            if not 0 <= index < self.codec.size:
                raise ActionError(f"actions: game {row}'s index {index} is outside 0..{self.codec.size - 1}")
            seat = int(self._games[row, G_MOVE])
            raise IllegalActionError(
                player=f"{self.players[seat]} (game {row})",
                action=str(self.codec.action(index)),
                reason="it is not among the legal actions",
            )

    def start(self, i: SupportsIndex, state: GameState) -> None:
        """Play `state`, a game's first state from the engine (`new_game`), in row `i` from now on.

        The game keeps its deals and first dealer, so the same seed gives the same game here and
        in the engine; `record(i)` replays it.

        Raises:
            RulesError: no row `i`, or `state` is not the first state of a game of these rules and players.
        """
        i = game_index(i, len(self), "this batch")
        if not isinstance(state, GameState) or state.rules != self.rules or state.players != self.players:
            raise RulesError(f"{shown(state)} is not a game of these rules and players")
        if state.actions:
            raise RulesError(f"{state!r} is not a game's first state: start a game from new_game")
        for rnd, deal in enumerate(state.deals):
            for seat, mask in enumerate(hand_masks(deal.hands)):
                self._deals[i, rnd, seat] = mask
            self._deals[i, rnd, D_TURNED] = -1 if deal.turned_up is None else card_code(deal.turned_up)
        jit(begin_game)(self._games, self._deals, i, state.first_dealer, -1, self._config.rules)
        self._kernels[0](
            self._games[i : i + 1], self._config.rules, self._index_of_code, self._mask[i : i + 1], self._scratch
        )

    def record(self, i: SupportsIndex) -> GameRecord:
        """Game `i` so far as a `GameRecord` (a game that is over: the whole game); it replays through the engine.

        Raises:
            RulesError: no game `i`.
        """
        i = game_index(i, len(self), "this batch")
        n = len(self.players)
        dealt = self._deals[i]
        deals = tuple(
            Deal(
                hands=[cards_of(int(hand)) for hand in dealt[r, :n]],
                turned_up=None if dealt[r, D_TURNED] < 0 else CARD_OF[int(dealt[r, D_TURNED])],
            )
            for r in range(self._config.rounds)
        )
        actions = tuple(code_action(int(code)) for code in self._log[i, : self._games[i, G_LOGGED]])
        return GameRecord(
            players=self.players,
            rules=self.rules,
            first_dealer=int(self._games[i, G_FIRST_DEALER]),
            deals=deals,
            actions=actions,
        )


def _length(values: Sized) -> int:
    """`len(values)`, or -1 when a sized object cannot say (a range past the largest index)."""
    try:
        return len(values)
    except (TypeError, ValueError, OverflowError):
        return -1
