"""Built-in players and a game driver: a bot sees only its view and the legal actions.

Examples:
    >>> from wizardrules import RandomBot, RuleBot, play_game
    >>> final = play_game([RuleBot(), RandomBot(seed=1), RandomBot(seed=2)], seed=7)
    >>> final.is_over, len(final.scoresheet.rounds)
    (True, 20)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, Protocol, TypeVar, runtime_checkable

from attrs import define, field

from wizardrules._convert import as_tuple, shown
from wizardrules._progress import checked, progress_bar
from wizardrules.actions import Action, Bid, ChangeBid, ChooseTrump, Look, PassCard, Play
from wizardrules.cards import Card, CardKind, Suit
from wizardrules.engine import GameState, Phase, PlayerView, new_game
from wizardrules.errors import PlayerError, RulesError
from wizardrules.rules import Rules
from wizardrules.tricks import MAX_PLAYERS, trick_winner

__all__ = ["Bot", "RandomBot", "RuleBot", "play_game"]


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


_SPECIAL_STRENGTH = {CardKind.DRAGON: 1.0, CardKind.SHAPESHIFTER: 0.8, CardKind.CLOUD: 0.15, CardKind.JUGGLER: 0.1}
_SPECIAL_POWER = {CardKind.DRAGON: 200, CardKind.FAIRY: -3, CardKind.BOMB: -2}


def _strength(card: Card, trump: Suit | None) -> float:
    """How likely `card` takes a trick, roughly (for bidding)."""
    if card.kind is CardKind.WIZARD:
        return 1.0
    if card.kind is not CardKind.SUIT:
        return _SPECIAL_STRENGTH.get(card.kind, 0.0)
    if card.suit is trump:
        return 0.35 + 0.05 * card.rank
    return {13: 0.7, 12: 0.4, 11: 0.2}.get(card.rank, 0.0)


def _power(card: Card, trump: Suit | None) -> int:
    """A total order of how strong a card is when played (for choosing among plays)."""
    if card.kind is CardKind.WIZARD or card.role is CardKind.WIZARD:
        return 100
    if card.kind is CardKind.JESTER or card.role is CardKind.JESTER:
        return -1
    if card.kind in _SPECIAL_POWER:
        return _SPECIAL_POWER[card.kind]
    if card.kind is CardKind.SHAPESHIFTER:  # held, undeclared: it may still become a Wizard
        return 90
    rank = {CardKind.CLOUD: 9, CardKind.JUGGLER: 7}.get(card.kind, card.rank)  # 9 3/4 and 7 1/2 (R8.2, R8.3)
    if card.suit is None:  # a Cloud or Juggler held, undeclared: it may still be declared trump
        return rank + 25
    return rank + (50 if card.suit is trump else 0)


@define
class RuleBot:
    """A sensible heuristic player.

    It bids the tricks its hand is worth (Wizards, high trumps, high cards), never bids
    blind, names the suit it holds most of as trump, and plays to hit its bid exactly: while
    it needs tricks it takes a trick as cheaply as it can, once it has enough it ducks,
    keeping Wizards for when they are needed and dropping Jesters to stay out. With special
    cards (R8) it counts the Dragon as a Wizard, declares a Shapeshifter as whatever serves
    its need, moves a Cloud's bid towards the tricks it holds and passes its weakest card
    after a Juggler while it needs tricks, its strongest once it has enough.
    """

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The heuristic's choice among `legal`.

        Raises:
            RulesError: `view` is not a view, `legal` not a non-empty sequence, or `legal`
                holds no action of the view's phase.
        """
        check_turn(view, legal, "RuleBot")
        if view.phase is Phase.TRUMP:
            return self._trump(view, legal)
        if view.phase is Phase.BIDDING:
            if any(isinstance(a, Look) for a in legal):
                return next(a for a in legal if isinstance(a, Look))
            return self._bid(view, legal)
        if view.phase is Phase.CLOUD:
            return self._change(view, legal)
        if view.phase is Phase.PASSING:
            return self._pass(view, legal)
        return self._play(view, legal)

    def _trump(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        hand = view.hand or ()
        choices = [a for a in _of(legal, ChooseTrump) if a.suit is not None] or _of(legal, ChooseTrump)
        return max(choices, key=lambda a: sum(c.rank + 5 for c in hand if c.suit is a.suit))

    def _need(self, view: PlayerView) -> int:
        return (view.bids[view.seat] or 0) - view.tricks_won[view.seat]

    def _change(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        changes = _of(legal, ChangeBid)
        hand = view.hand or ()
        still = sum(_strength(card, view.trump) for card in hand)  # tricks the hand may still take
        return min(changes, key=lambda a: abs(self._need(view) + a.change.delta - still))

    def _pass(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        passes = sorted(_of(legal, PassCard), key=lambda a: _power(a.card, view.trump))
        return passes[0] if self._need(view) > 0 else passes[-1]

    def _bid(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        hand = view.hand or ()
        if not hand and view.seen_hands:  # clairvoyance: one unseen card; guess from the others'
            others = [c for h in view.seen_hands if h for c in h]
            worth = 0.0 if any(c.kind is CardKind.WIZARD for c in others) else 0.3
        else:
            worth = sum(_strength(card, view.trump) for card in hand)
        bids = _of(legal, Bid)
        return min(bids, key=lambda a: (abs(a.tricks - worth), a.tricks))

    def _play(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        plays = _of(legal, Play)
        need = self._need(view)
        trick = view.current_trick.cards
        trump = view.trump

        def wins(play: Play) -> bool:
            return trick_winner((*trick, play.card), trump) == len(trick)

        by_power = sorted(plays, key=lambda p: _power(p.card, trump))
        winning = [p for p in by_power if wins(p)]
        losing = [p for p in by_power if not wins(p)]
        if need > 0:
            if not trick:  # leading: lead the strongest card when tricks are needed
                return by_power[-1]
            return winning[0] if winning else by_power[0]
        if losing:
            return losing[-1]  # shed the strongest card that still loses
        return by_power[0]


A = TypeVar("A", Bid, Play, ChooseTrump, ChangeBid, PassCard)


def _of(legal: Sequence[Action], kind: type[A]) -> list[A]:
    """The actions of `kind` among `legal`, or a `RulesError` when there are none."""
    found = [action for action in legal if isinstance(action, kind)]
    if not found:
        raise RulesError(f"RuleBot.act: legal {shown(legal)} holds no {kind.__name__} action for this phase")
    return found


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
