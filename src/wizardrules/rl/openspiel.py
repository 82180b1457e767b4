"""Wizard as an OpenSpiel game: importing this module registers `python_wizard` (extra `openspiel`).

`pyspiel.load_game("python_wizard(players=4,preset=official)")` loads it. The parameters:

- `players`: 3 to 6 (default 4);
- `preset`: the name of a [`Preset`][wizardrules.Preset] (default `"rulebook"`), special
  cards included;
- `schedule`: a built-in schedule instead of the preset's: `ladder`, `tournament`,
  `einfarbig` or `maximus` (R2.2, R2.4); the preset's by default;
- `rounds`: stop after this many rounds of the schedule (R2.3); 0, the default, plays them
  all;
- `variants`: house rules to switch on besides the preset's, joined by `+`:
  `blind-bids` (R4.4), `clairvoyance` (R4.5), `blind-bids+clairvoyance`; none by default;
- `reward`: `"points"` (default) or `"scaled"`, as [`Reward`][wizardrules.rl.Reward].

The game is sequential, of imperfect information, general-sum, with explicit chance.
Chance draws the first dealer (R2.5: each seat equally likely) and then deals each round
when it begins (R2.6): one chance node per card, each outcome a card still in the deck with
its probability (the four Wizards are one outcome of probability 4/k, as are the Jesters,
R1.1), dealt one at a time clockwise from the dealer's left, then the turned-up card (R3.1)
when the round turns one up. Player actions are the indices of
[`ActionCodec`][wizardrules.rl.ActionCodec]; observations and information states, as
tensors and strings, are those of [`Observer`][wizardrules.rl.Observer] of the player's
[`PlayerView`][wizardrules.PlayerView], so they hold nothing the player may not know. Every
step is played by the wizardrules engine, which checks every rule: a state keeps the engine
state of the game so far, and when a round's deal is complete the game is replayed through
the engine with it.

Rewards come when a round is scored (`reward_model` REWARDS): `rewards()` is what each
player gained since the last player action, `returns()` the totals so far, so the rewards
read at each decision and at the end add up to the final totals (scaled with
`reward=scaled`); `min_utility` and `max_utility`
are minus and plus the largest total a game can reach
([`points_bounds`][wizardrules.rl.points_bounds]).

`resample_from_infostate` draws the hidden cards with
[`sample_world`][wizardrules.bots.sample_world] (exactly uniform over the deals consistent with
the player's view, known voids included) and replays the round in them with
[`world_state`][wizardrules.bots.world_state]; bids the player cannot see (hidden or secret bids,
R4.3) are made there by `RuleBot`. Like those two it refuses special cards (R8) with a
[`RulesError`][wizardrules.RulesError]: the Juggler's passes and the Werewolf's swap move
cards in ways the sampler does not follow. Everything else works with every preset.
OpenSpiel's Python `ISMCTSBot` plays the game; its C++ bots cannot play games written in
Python (the "Reinforcement learning" page of the docs says more).

Examples:
    >>> import random
    >>> import pyspiel
    >>> import wizardrules.openspiel
    >>> game = pyspiel.load_game("python_wizard(players=3,rounds=2)")
    >>> state = game.new_initial_state()
    >>> rng = random.Random(1)
    >>> while not state.is_terminal():
    ...     if state.is_chance_node():
    ...         outcomes, probabilities = zip(*state.chance_outcomes())
    ...         state.apply_action(rng.choices(outcomes, probabilities)[0])
    ...     else:
    ...         state.apply_action(rng.choice(state.legal_actions()))
    >>> state.returns(), state.game_state.totals
    ([-20.0, 50.0, -20.0], (-20, 50, -20))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs
import numpy as np
import pyspiel

from wizardrules._convert import shown
from wizardrules.bots import sample_world, world_state
from wizardrules.engine import GameState, PlayerView
from wizardrules.errors import DealError, RulesError
from wizardrules.rl._layout import Encoding, FloatArray, Reward, Section
from wizardrules.rl._observer import table_text
from wizardrules.rl._spiel import (
    GameFacts,
    Node,
    checked_seat,
    dealing_text,
    redeal,
    schedule_of,
    table_for,
    variants_of,
)
from wizardrules.rules import Preset

__all__ = ["GAME_NAME", "WizardGame", "WizardState"]

GAME_NAME: Final = "python_wizard"
"""The short name the game is registered under."""

_DEFAULTS: Final[dict[str, int | str]] = {
    "players": 4,
    "preset": Preset.RULEBOOK.value,
    "schedule": "",
    "rounds": 0,
    "variants": "",
    "reward": Reward.POINTS.value,
}

_GAME_TYPE: Final = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Wizard (wizardrules)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.REWARDS,
    max_num_players=6,
    min_num_players=3,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=dict(_DEFAULTS),
)


def _info(table: GameFacts) -> Any:
    """The `pyspiel.GameInfo` of a game."""
    return pyspiel.GameInfo(
        num_distinct_actions=table.codec.size,
        max_chance_outcomes=len(table.cards) + table.players,
        num_players=table.players,
        min_utility=-table.bound,
        max_utility=table.bound,
        utility_sum=None,
        max_game_length=table.max_game_length,
    )


# -- observations ----------------------------------------------------------------------------------


def _node_of(state: object) -> Node:
    node = getattr(state, "_node", None)
    if not isinstance(node, Node):
        raise RulesError(f"{shown(state)} is not a state of {GAME_NAME}")
    return node


class _SpielObserver:
    """An observer as OpenSpiel's Python games make them: `tensor`, its named parts in `dict`,
    `set_from(state, player)` and `string_from(state, player)`."""

    def __init__(self, table: GameFacts, encoding: Encoding) -> None:
        observer = table.observer
        sections: tuple[Section, ...] = observer.describe(encoding).sections
        self.tensor: FloatArray = np.zeros(sections[-1].stop, dtype=np.float32)
        """The encoded vector of the last `set_from`."""
        self.dict: dict[str, FloatArray] = {s.name: self.tensor[s.slice].reshape(s.shape) for s in sections}
        """The vector's sections by name, shaped as `Observer.describe` says (views of `tensor`)."""
        self._players = table.players
        # the views encoded are made here, of the game's own states: no reachability check
        if encoding is Encoding.OBSERVATION:
            self._encode = observer._encode_observation
            self._text = observer._observation_text
        else:
            self._encode = observer._encode_information_state
            self._text = observer._information_text

    def set_from(self, state: WizardState, player: int) -> None:
        """Encode what `player` knows in `state` into `tensor`; all zeros while chance acts."""
        node = _node_of(state)
        seat = checked_seat(player, self._players)
        if node.dealing:
            self.tensor.fill(0.0)
        else:
            self._encode(node.view(seat), out=self.tensor)

    def string_from(self, state: WizardState, player: int) -> str:
        """What `player` knows in `state`, as text; while chance acts, what is being dealt."""
        node = _node_of(state)
        seat = checked_seat(player, self._players)
        return dealing_text(node) if node.dealing else self._text(node.view(seat))


# -- the game and its states -------------------------------------------------------------------------


def _parameters(params: dict[str, Any] | None) -> dict[str, Any]:
    """The game's parameters, the defaults filled in, each checked.

    Raises:
        RulesError: no dict of parameters, an unknown parameter or a value of the wrong kind.
    """
    if params is not None and not isinstance(params, dict):
        raise RulesError(f"{GAME_NAME}: parameters {shown(params)}: expected a dict of them")
    values: dict[str, Any] = dict(_DEFAULTS)
    for name in params or {}:
        if name not in _DEFAULTS:
            raise RulesError(f"{GAME_NAME}: no parameter {shown(name)}; they are {', '.join(_DEFAULTS)}")
    values.update(params or {})
    for name in ("players", "rounds"):
        if type(values[name]) is not int:
            raise RulesError(f"{GAME_NAME}: {name}={shown(values[name])} must be a whole number")
    for name in ("preset", "schedule", "variants", "reward"):
        if type(values[name]) is not str:
            raise RulesError(f"{GAME_NAME}: {name}={shown(values[name])} must be a name")
    if values["reward"] not in {r.value for r in Reward}:
        raise RulesError(f"{GAME_NAME}: reward={shown(values['reward'])}; expected 'points' or 'scaled'")
    try:
        Preset.parse(values["preset"])
    except RulesError:
        names = ", ".join(preset.value for preset in Preset)
        raise RulesError(f"{GAME_NAME}: preset={shown(values['preset'])} is not a preset; they are {names}") from None
    schedule_of(values["schedule"])
    variants_of(values["variants"])
    return values


class WizardGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """The game `python_wizard`, as `pyspiel.load_game` makes it.

    Args:
        params: the parameters `players`, `preset`, `schedule`, `rounds`, `variants` and
            `reward` (see the module); the defaults for those left out.

    Raises:
        RulesError: an unknown parameter, preset, schedule or variant, rules the players
            cannot play (a wrong number of players, Einfarbig with five, clairvoyance with
            more than one card in round 1), or more rounds than the schedule has.

    Attributes:
        rules: the game's rules.
        codec: the action space: `codec.action(index)` is the action of an index.
        observer: the encodings of the observations and information states.
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = _parameters(params)
        table = table_for(tuple(values[name] for name in _DEFAULTS))
        super().__init__(_GAME_TYPE, _info(table), values)
        self.table: Final = table
        self.rules: Final = table.rules
        self.codec: Final = table.codec
        self.observer: Final = table.observer

    def new_initial_state(self) -> WizardState:
        """A new game, before the first dealer is drawn."""
        return WizardState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> _SpielObserver | None:
        """An observer for OpenSpiel's `make_observation`: the observation by default, the
        information state with `perfect_recall`; `None` for the kinds not provided (public or
        private information alone).

        Raises:
            RulesError: observation parameters were given (there are none), or `iig_obs_type` is
                neither `None` nor a `pyspiel.IIGObservationType`.
        """
        if params is not None and (not isinstance(params, dict) or params):
            raise RulesError(f"{GAME_NAME} observations take no parameters, got {shown(params)}")
        if iig_obs_type is None:
            return _SpielObserver(self.table, Encoding.OBSERVATION)
        if not isinstance(iig_obs_type, pyspiel.IIGObservationType):
            raise RulesError(f"{GAME_NAME}: {shown(iig_obs_type)} is not a pyspiel.IIGObservationType")
        if not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            return None
        encoding = Encoding.INFORMATION_STATE if iig_obs_type.perfect_recall else Encoding.OBSERVATION
        return _SpielObserver(self.table, encoding)

    def max_chance_nodes_in_history(self) -> int:
        """The chance nodes of a whole game: the first dealer's draw and every card dealt or turned up."""
        return self.table.max_chance_nodes


class WizardState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no type information
    """A state of `python_wizard`. Make one with `game.new_initial_state()`."""

    def __init__(self, game: WizardGame) -> None:
        super().__init__(game)
        self._node = Node(table=game.table)

    # -- beyond OpenSpiel's API ------------------------------------------------------------

    @property
    def game_state(self) -> GameState | None:
        """The wizardrules game so far (full information: for analysis, not for agents);
        `None` while chance acts."""
        node = self._node
        return None if node.dealing else node.engine

    def view(self, player: int) -> PlayerView:
        """What `player` may know now, for wizardrules bots.

        Raises:
            PlayerError: no such player.
            RulesError: chance acts: the first dealer is drawn or cards are dealt.
        """
        node = self._node
        seat = checked_seat(player, node.table.players)
        if node.dealing:
            raise RulesError(f"no view while chance acts: {dealing_text(node)}")
        return node.view(seat)

    # -- OpenSpiel's API ---------------------------------------------------------------------

    def current_player(self) -> int:
        """The player to act, `pyspiel.PlayerId.CHANCE` while dealing, `TERMINAL` at the end."""
        node = self._node
        if node.dealing:
            return int(pyspiel.PlayerId.CHANCE)
        assert node.engine is not None  # noqa: S101 - dealt
        to_move = node.engine.to_move
        return int(pyspiel.PlayerId.TERMINAL) if to_move is None else to_move

    def _legal_actions(self, player: int) -> list[int]:
        """The legal actions of the player to act, ascending."""
        engine = self._node.engine
        if engine is None or player != engine.to_move:
            return []
        return self._node.table.codec.indices(engine.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The first dealer's seats, or the cards left in the deck, with their probabilities.

        Raises:
            RulesError: chance does not act now.
        """
        node = self._node
        if not node.dealing:
            raise RulesError("chance_outcomes: this is not a chance node")
        return node.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        node = self._node
        if not node.dealing:
            self._node = node.after_action(action)
            return
        if node.dealer is not None and not node.pending:  # a round's deal begins: keep its start
            node = attrs.evolve(node, round_start=self.clone())
        self._node = node.after_chance(action)

    def _action_to_string(self, player: int, action: int) -> str:
        table = self._node.table
        if player != pyspiel.PlayerId.CHANCE:
            return str(table.codec.action(action)) if checked_seat(player, table.players) >= 0 else ""
        if 0 <= action < len(table.cards):
            return f"deal {table.cards[action]}"
        seat = action - len(table.cards)
        if 0 <= seat < table.players:
            return f"first dealer {seat}"
        raise DealError(f"chance outcome {action} is neither a card nor a seat")

    def is_terminal(self) -> bool:
        """Whether the last round is scored (R7)."""
        engine = self._node.engine
        return engine is not None and engine.is_over

    def returns(self) -> list[float]:
        """Each player's total points so far (times the reward's scale)."""
        node = self._node
        if node.engine is None:
            return [0.0] * node.table.players
        scale = node.table.scale
        return [total * scale for total in node.engine.totals]

    def rewards(self) -> list[float]:
        """What each player gained since the last player action: a round's points when it is scored."""
        node = self._node
        if node.engine is None:
            return [0.0] * node.table.players
        scale = node.table.scale
        return [(total - before) * scale for total, before in zip(node.engine.totals, node.before, strict=True)]

    def __str__(self) -> str:
        node = self._node
        if not node.dealing:
            assert node.engine is not None  # noqa: S101 - dealt
            return table_text(node.engine)
        lines = [dealing_text(node)]
        if node.dealer is not None:
            table = node.table
            n = table.players
            number = len(node.dealt)
            dealer = (node.dealer + number) % n
            deal = [(dealer + 1 + j) % n for j in range(len(node.pending))]
            for seat in range(n):
                cards = [str(table.cards[c]) for s, c in zip(deal, node.pending, strict=True) if s == seat]
                lines.append(f"seat {seat}{' (dealer)' if seat == dealer else ''}: {' '.join(cards) or '-'}")
        return "\n".join(lines)

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> WizardState:
        """A state `player_id` cannot tell from this one, the hidden cards drawn anew.

        The cards the player cannot see are dealt with [`sample_world`][wizardrules.bots.sample_world],
        uniformly over the deals consistent with the player's view (known voids included), and
        the round is replayed in them with [`world_state`][wizardrules.bots.world_state]; bids the
        player cannot see are made there by `RuleBot`. While a round is dealt, its cards dealt
        so far are drawn again. Earlier rounds are public and stay as they were. The sampler's
        first number seeds the draw.

        Args:
            player_id: whose information to keep.
            probability_sampler: a function giving a number in [0, 1), such as
                `pyspiel.UniformProbabilitySampler(0.0, 1.0)`.

        Raises:
            PlayerError: no such player.
            RulesError: the game has special cards (R8), which the sampler does not deal, or
                `probability_sampler` is no function giving a number in [0, 1].
        """
        node = self._node
        table = node.table
        checked_seat(player_id, table.players)
        if not callable(probability_sampler):
            raise RulesError(f"probability_sampler {shown(probability_sampler)} is not a function")
        if node.dealer is None or self.is_terminal():
            return self.clone()  # type: ignore[no-any-return]  # nothing is hidden
        rng = random.Random(_drawn(probability_sampler))
        assert node.engine is not None  # noqa: S101 - the dealer is drawn
        if node.dealing:
            kept = len(node.dealt)
            outcomes = redeal(table.copies, len(node.pending), rng)
            replayed: Sequence[int] = ()
        else:
            view = node.view(player_id)
            in_world = world_state(view, sample_world(view, rng))
            kept = len(node.dealt) - 1
            deal = in_world.deals[0]
            n = table.players
            dealer = (node.dealer + kept) % n
            size = n * table.schedule.cards_per_round[kept]
            outcomes = [table.card_ids[deal.hands[(dealer + 1 + j) % n][j // n]] for j in range(size)]
            if deal.turned_up is not None:
                outcomes.append(table.card_ids[deal.turned_up])
            replayed = [table.codec.index(action) for action in in_world.actions]
        state = self._round_start(kept)
        for outcome in (*outcomes, *replayed):
            state.apply_action(outcome)
        return state

    def _round_start(self, kept: int) -> WizardState:
        """A new state before the first card of round `kept` (from 0) is dealt: the game's public past."""
        node = self._node
        if node.dealing and not node.pending:
            return self.clone()  # type: ignore[no-any-return]  # the game makes WizardStates
        if node.round_start is not None:
            return node.round_start.clone()  # type: ignore[no-any-return]  # as above
        # a state loaded from a pickle keeps no start: replay the earlier rounds
        table = node.table
        assert node.dealer is not None  # noqa: S101 - only asked once the dealer is drawn
        state: WizardState = self.get_game().new_initial_state()
        state.apply_action(len(table.cards) + node.dealer)
        actions = [table.codec.index(action) for action in node.actions()]
        ends = (*node.starts[1:], len(actions))
        for number in range(kept):
            for outcome in (*node.dealt[number], *actions[node.starts[number] : ends[number]]):
                state.apply_action(outcome)
        return state


def _drawn(sampler: Callable[[], float]) -> int:
    """A seed from the first number `sampler` gives, which must be a real number in [0, 1].

    Raises:
        RulesError: the sampler failed, or gave something else.
    """
    try:
        number = sampler()
    except Exception as error:  # the sampler's own failure, named in the library's error
        raise RulesError(
            f"probability_sampler {shown(sampler)} failed: {type(error).__name__}: {shown(str(error))}"
        ) from error
    if not isinstance(number, float | int | np.floating | np.integer) or isinstance(number, bool):
        raise RulesError(f"probability_sampler gave {shown(number)}: expected a number in [0, 1]")
    if not 0 <= number <= 1:
        raise RulesError(f"probability_sampler gave {shown(number)}: expected a number in [0, 1]")
    return int(number * 2**53)


pyspiel.register_game(_GAME_TYPE, WizardGame)
