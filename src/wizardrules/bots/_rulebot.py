"""`RuleBot`: the heuristic player, and the one statement of its choices that every tier reads.

`RuleBot` values a card with two numbers: its `strength` (roughly how likely it takes a
trick, for bidding) and its `power` (a total order of how strong it is when played). Its
bid is the allowed bid nearest the hand's summed strength ([`rule_bid`]
[wizardrules.bots._rulebot.rule_bid]); its play is [`rule_play`]
[wizardrules.bots._rulebot.rule_play]: while it needs tricks, lead the strongest card or take
the trick as cheaply as it can, else shed the strongest card that loses.

`RuleBot` asks these on cards; `ExpertBot`'s pure-Python rollouts and its reading of plays
ask them on card codes (the bit indices of `wizardrules._tables.codes`), with the tables
[`strength_table`][wizardrules.bots._rulebot.strength_table] and
[`power_table`][wizardrules.bots._rulebot.power_table]; the compiled kernels read the same
tables. Only the compiled `rulebot_code` states the choice again, in numba.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Final, TypeVar

from attrs import define

from wizardrules._convert import shown, whole
from wizardrules._tables.codes import CARD_OF, DECK_SIZE
from wizardrules.actions import PLAY_UNSEEN, Action, Bid, ChangeBid, ChooseTrump, Look, PassCard, Play
from wizardrules.bots._base import check_turn
from wizardrules.cards import MAX_DECK_SIZE, Card, CardKind, Suit
from wizardrules.engine import Phase, PlayerView
from wizardrules.errors import RulesError
from wizardrules.tricks import trick_winner

__all__ = ["RuleBot", "power", "power_table", "rule_bid", "rule_play", "strength", "strength_table"]

T = TypeVar("T")

_SPECIAL_STRENGTH: Final = {
    CardKind.DRAGON: 1.0,
    CardKind.SHAPESHIFTER: 0.8,
    CardKind.CLOUD: 0.15,
    CardKind.JUGGLER: 0.1,
}
_SPECIAL_POWER: Final = {CardKind.DRAGON: 200, CardKind.FAIRY: -3, CardKind.BOMB: -2}
_TRUMPS: Final = (None, *Suit)
"""No trump, then the suits: a table's row `trump + 1` is the trump of index `trump` (-1 for none)."""


def strength(card: Card, trump: Suit | None) -> float:
    """How likely `card` takes a trick under `trump`, roughly: `RuleBot`'s worth of a card for bidding."""
    if card.kind is CardKind.WIZARD:
        return 1.0
    if card.kind is not CardKind.SUIT:
        return _SPECIAL_STRENGTH.get(card.kind, 0.0)
    if card.suit is trump:
        return 0.35 + 0.05 * card.rank
    return {13: 0.7, 12: 0.4, 11: 0.2}.get(card.rank, 0.0)


def power(card: Card, trump: Suit | None) -> int:
    """A total order of how strong `card` is when played under `trump` (`RuleBot` sorts its plays by it)."""
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


@functools.cache
def strength_table() -> tuple[float, ...]:
    """`[(trump + 1) * 60 + code]`: `strength` of each standard card's code under each trump (-1 for none)."""
    return tuple(strength(CARD_OF[code], trump) for trump in _TRUMPS for code in range(DECK_SIZE))


@functools.cache
def power_table() -> tuple[int, ...]:
    """`[(trump + 1) * 60 + code]`: `power` of each standard card's code under each trump (-1 for none)."""
    return tuple(power(CARD_OF[code], trump) for trump in _TRUMPS for code in range(DECK_SIZE))


def rule_bid(allowed: Iterable[int], worth: float) -> int:
    """`RuleBot`'s bid: the allowed bid nearest the hand's `worth`, the smaller one on a tie."""
    return min(allowed, key=lambda bid: (abs(bid - worth), bid))


def rule_play(by_power: Sequence[T], *, need: int, leading: bool, wins: Callable[[T], bool]) -> T:
    """`RuleBot`'s play among the legal plays `by_power` (weakest first, as `sorted` by `power` leaves them).

    While it needs tricks, it leads the strongest card, or takes the trick as cheaply as it
    can (the first play that `wins`), else plays the weakest. Once it does not, it sheds the
    strongest play that loses, else the weakest (a lead wins but for a lone Bomb).
    """
    if need > 0:
        if leading:
            return by_power[-1]
        for option in by_power:
            if wins(option):
                return option
        return by_power[0]
    losing = [option for option in by_power if not wins(option)]
    return losing[-1] if losing else by_power[0]


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

    Examples:
        >>> from wizardrules import Card, RuleBot, Suit
        >>> RuleBot.strength(Card.parse("R13"), Suit.BLUE), RuleBot.power(Card.parse("R13"), Suit.RED)
        (0.7, 63)
    """

    @staticmethod
    def strength(card: Card, trump: Suit | None) -> float:
        """How likely `card` takes a trick under `trump`, roughly: what `RuleBot` counts it for when it bids."""
        return strength(card, trump)

    @staticmethod
    def power(card: Card, trump: Suit | None) -> int:
        """How strong `card` is when played under `trump`: `RuleBot` plays the cheapest that does what it needs."""
        return power(card, trump)

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The heuristic's choice among `legal`.

        Raises:
            RulesError: `view` is not a view, `legal` not a non-empty sequence, or `legal`
                holds no action of the view's phase.
        """
        check_turn(view, legal, "RuleBot")
        _check_seat_counts(view)
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
        still = sum(strength(card, view.trump) for card in hand)  # tricks the hand may still take
        return min(changes, key=lambda a: abs(self._need(view) + a.change.delta - still))

    def _pass(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        passes = sorted(_of(legal, PassCard), key=lambda a: power(a.card, view.trump))
        return passes[0] if self._need(view) > 0 else passes[-1]

    def _bid(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        hand = view.hand or ()
        if not hand and view.seen_hands:  # clairvoyance: one unseen card; guess from the others'
            others = [c for h in view.seen_hands if h for c in h]
            worth = 0.0 if any(c.kind is CardKind.WIZARD for c in others) else 0.3
        else:
            worth = sum(strength(card, view.trump) for card in hand)
        bids = _of(legal, Bid)
        chosen = rule_bid((a.tricks for a in bids), worth)
        return next(a for a in bids if a.tricks == chosen)

    def _play(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if PLAY_UNSEEN in legal:  # a clairvoyant player's view offers only this play (R4.5)
            return PLAY_UNSEEN
        trick = view.current_trick.cards
        trump = view.trump

        def wins(play: Play) -> bool:
            return trick_winner((*trick, play.card), trump) == len(trick)

        by_power = sorted(_of(legal, Play), key=lambda p: power(p.card, trump))
        return rule_play(by_power, need=self._need(view), leading=not trick, wins=wins)


def _check_seat_counts(view: PlayerView) -> None:
    """What `RuleBot` reads of a view by seat, checked cheaply: a view is input, and the bot is the rollouts' player.

    The full check (`engine._reach.view_problem`) costs more than the bot's choice; the
    searching bots run it once per decision.
    """
    seat, bids, won = view.seat, view.bids, view.tricks_won
    if not (
        type(seat) is int
        and isinstance(bids, tuple)
        and isinstance(won, tuple)
        and 0 <= seat < len(bids) == len(won) == len(view.players)
        and (bids[seat] is None or whole(bids[seat], 0, MAX_DECK_SIZE))
        and whole(won[seat], 0, MAX_DECK_SIZE)
    ):
        raise RulesError(
            f"RuleBot.act: the view of seat {shown(seat)} does not hold one bid and one trick count per seat, "
            f"each 0..{MAX_DECK_SIZE}"
        )


A = TypeVar("A", Bid, Play, ChooseTrump, ChangeBid, PassCard)


def _of(legal: Sequence[Action], kind: type[A]) -> list[A]:
    """The actions of `kind` among `legal`, or a `RulesError` when there are none."""
    found = [action for action in legal if isinstance(action, kind)]
    if not found:
        raise RulesError(f"RuleBot.act: legal {shown(legal)} holds no {kind.__name__} action for this phase")
    return found
