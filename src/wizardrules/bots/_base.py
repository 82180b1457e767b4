"""What every bot shares: the `Bot` protocol, the checks of a turn, a bot's own random source,
`RandomBot`, and the game driver `play_game`."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, Protocol, runtime_checkable

from attrs import define, field

from wizardrules._convert import as_tuple, shown
from wizardrules._progress import checked, progress_bar
from wizardrules.actions import Action
from wizardrules.engine import GameState, PlayerView, new_game
from wizardrules.errors import PlayerError, RulesError
from wizardrules.rules import Rules
from wizardrules.tricks import MAX_PLAYERS

__all__ = ["MOST_LEGAL", "Bot", "RandomBot", "check_turn", "is_bot", "play_game", "random_state", "seeded_random"]


@runtime_checkable
class Bot(Protocol):
    """A player: given what it may know and what it may do, it picks an action.

    Examples:
        >>> class FirstChoice:
        ...     def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        ...         return legal[0]
        >>> isinstance(FirstChoice(), Bot)
        True
    """

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The action to take; it must be one of `legal`."""
        ...


def random_state(rng: random.Random) -> object:
    """What a bot's random source compares by: its state, so that bots that will draw alike are
    equal (`RandomBot(seed=3) == RandomBot(seed=3)`, and a bot equals its pickle)."""
    return rng.getstate()


@define
class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded random source.

    Attributes:
        seed: the seed of the bot's random source, an integer.

    Two bots are equal when they will draw alike: the same seed and as many draws made (a
    pickled bot equals the bot).

    Raises:
        RulesError: the seed is not an integer.
    """

    seed: int = 0
    _rng: random.Random = field(init=False, repr=False, eq=random_state)

    def __attrs_post_init__(self) -> None:
        self._rng = seeded_random(self.seed, "RandomBot")

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """A uniformly random legal action.

        Raises:
            RulesError: `view` is not a view, or `legal` not a non-empty sequence.
        """
        check_turn(view, legal, "RandomBot")
        return self._rng.choice(legal)


def check_turn(view: object, legal: object, who: str) -> None:
    """Refuse a call of a bot's `act` with something that is not a view and its legal actions.

    Raises:
        RulesError: `view` is not a `PlayerView`, or `legal` not a non-empty sequence.
    """
    if view.__class__ is not PlayerView and not isinstance(view, PlayerView):
        raise RulesError(f"{who}.act: {shown(view)} is not a PlayerView (a state's view(seat))")
    if legal.__class__ is tuple and legal:  # the common case: the state's legal actions
        return
    if isinstance(legal, (str, bytes)) or not isinstance(legal, Sequence) or not _size(legal):
        raise RulesError(f"{who}.act: legal {shown(legal)} must be the non-empty sequence of the legal actions")
    if _size(legal) > MOST_LEGAL:
        raise RulesError(f"{who}.act: legal {shown(legal)}: more than the {MOST_LEGAL} actions a state can allow")


MOST_LEGAL: Final = 1000
"""More actions than any state allows (bids 0..67 looking or blind, a deck's cards with their declarations)."""


def _size(legal: Sequence[object]) -> int:
    """`len(legal)`, or one past `MOST_LEGAL` when it is too long to say (a range past the largest index)."""
    try:
        return len(legal)
    except (OverflowError, TypeError, ValueError):
        return MOST_LEGAL + 1


def is_bot(value: object) -> bool:
    """Whether `value` is a bot object (an instance with `act`, not a bot class)."""
    return not isinstance(value, type) and isinstance(value, Bot)


def seeded_random(seed: int, what: str) -> random.Random:
    """A bot's own random source, from an integer seed (R2.6: randomness is always explicit).

    Raises:
        RulesError: the seed is not an integer.
    """
    if type(seed) is not int:
        raise RulesError(f"{what} seed {shown(seed)} must be an integer")
    return random.Random(seed)


def play_game(
    bots: Sequence[Bot],
    *,
    rules: Rules | None = None,
    seed: int = 0,
    names: Sequence[str] | None = None,
    progress: bool | float = False,
) -> GameState:
    """Play a whole game between `bots` (one per seat) and return the final state.

    Each bot gets only its view and the legal actions. The deal comes from `seed`.

    Args:
        bots: one bot per seat.
        rules: the game's rules; the rulebook's by default.
        seed: the seed of the deal.
        names: the players' names; by default each is named after its bot's class and seat,
            "RuleBot 1", "RandomBot 2", ... (the command line names them so too).
        progress: show the rounds played on stderr, as tqdm's bar when tqdm is installed
            (the `progress` extra), else as a plain counter: `True` from the start, or a
            number of seconds after which a game still running shows it (bots that search,
            such as `MonteCarloBot`, take a while).

    Raises:
        RulesError: a wrong number of bots, something that is not a bot, or rules that cannot be played.
        PlayerError: names that are not a list of distinct, non-empty names.
        IllegalActionError: a bot chose an action that is not legal.
    """
    seated = as_tuple(bots, "bots", RulesError, limit=MAX_PLAYERS)
    if names is None:
        players: tuple[str, ...] = tuple(f"{type(bot).__name__} {i + 1}" for i, bot in enumerate(seated))
    else:
        players = as_tuple(names, "names", PlayerError, limit=MAX_PLAYERS)
    if len(players) != len(seated):
        raise RulesError(f"{len(seated)} bots for {len(players)} names")
    for bot in seated:
        if not is_bot(bot):
            raise RulesError(f"{shown(bot)} is not a bot: it needs act(view, legal) -> Action")
    progress = checked(progress, "play_game", RulesError)
    state = new_game(players, rules=rules, seed=seed)
    bar = None
    if progress is not False:
        bar = progress_bar(state.schedule.rounds, desc="game", unit="round", progress=progress)
    reached = 1  # the round the bar has reached
    try:
        while not state.is_over:
            seat = state.to_move
            assert seat is not None  # noqa: S101 - a game that is not over has a player to move
            legal = state.legal_actions()
            state = state.apply(seated[seat].act(state.view(seat), legal), seat=seat)
            if bar is not None and state.round_number != reached:
                bar.update(state.round_number - reached)
                reached = state.round_number
    finally:
        if bar is not None:
            if state.is_over:
                bar.update(1)  # the last round
            bar.close()
    return state
