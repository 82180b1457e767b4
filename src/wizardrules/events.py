"""Events: what a transition did, for logs, UIs and animations.

Events are plain frozen values. [`GameState.step`][wizardrules.GameState.step] returns the
new state with the events of the transition. Events report the full truth (bids included);
give players views, not events, when bids are hidden.

Examples:
    >>> from wizardrules import new_game
    >>> state = new_game(["Ann", "Ben", "Cem"], seed=3)
    >>> state, events = state.step(state.legal_actions()[0])
    >>> events
    (BidMade(seat=2, bid=0, blind=False),)
"""

from __future__ import annotations

from typing import TypeAlias

from attrs import frozen

from wizardrules.bidding import CloudChange
from wizardrules.cards import Card, Suit
from wizardrules.sheet import Round
from wizardrules.tricks import Trick

__all__ = [
    "BidChanged",
    "BidMade",
    "CardPassed",
    "CardPlayed",
    "CardsPassed",
    "Event",
    "GameOver",
    "HandSeen",
    "RoundScored",
    "RoundStarted",
    "TrickVoided",
    "TrickWon",
    "TrumpChosen",
]


@frozen(kw_only=True)
class TrumpChosen:
    """The trump was named: by the dealer after a Wizard or special card was turned up (R3.2,
    R8.10), or by the Werewolf's holder, who may name no trump (`suit=None`, R8.6).

    Attributes:
        seat: the player who named it.
        suit: the trump suit, `None` for no trump.
    """

    seat: int
    suit: Suit | None


@frozen(kw_only=True)
class HandSeen:
    """A player looked at their hand, giving up a blind bid (R4.4).

    Attributes:
        seat: the player who looked.
    """

    seat: int


@frozen(kw_only=True)
class BidMade:
    """A player bid (R4.1).

    Attributes:
        seat: the bidder.
        bid: the tricks bid.
        blind: whether the bid was made without looking at the hand (R4.4).
    """

    seat: int
    bid: int
    blind: bool


@frozen(kw_only=True)
class CardPlayed:
    """A player played a card (R5.3); a Cloud, Juggler or Shapeshifter with its declaration (R8).

    Attributes:
        seat: the player.
        card: the card as played, declared if it needs a declaration.
    """

    seat: int
    card: Card


@frozen(kw_only=True)
class TrickWon:
    """A trick is complete and `seat` took it (R5.4, R8.9).

    Attributes:
        seat: the player who took the trick, and leads the next one.
        trick: the complete trick: its leader, its cards in play order and its trump.
    """

    seat: int
    trick: Trick


@frozen(kw_only=True)
class TrickVoided:
    """A Bomb voided the complete trick: nobody took it, and `leader` leads next (R8.1).

    Attributes:
        leader: the player who led the trick, and leads the next one.
        trick: the complete trick.
    """

    leader: int
    trick: Trick


@frozen(kw_only=True)
class BidChanged:
    """The winner of the Cloud's trick changed their bid by one (R8.2).

    Attributes:
        seat: the player whose bid changed.
        change: up or down by one.
        bid: the bid after the change.
    """

    seat: int
    change: CloudChange
    bid: int


@frozen(kw_only=True)
class CardPassed:
    """A player chose the card to pass left after the Juggler's trick (R8.3); hidden from the others.

    Attributes:
        seat: the player.
        card: the card chosen.
    """

    seat: int
    card: Card


@frozen(kw_only=True)
class CardsPassed:
    """Every player has chosen: the cards went left together (R8.3).

    Attributes:
        cards: by seat, the card each player passed to the left.
    """

    cards: tuple[Card, ...]


@frozen(kw_only=True)
class RoundScored:
    """A round is over and scored (R6).

    Attributes:
        round: the finished round as the score sheet records it: bids, tricks, points.
        totals: each player's total after the round, in seat order.
    """

    round: Round
    totals: tuple[int, ...]


@frozen(kw_only=True)
class RoundStarted:
    """A new round is dealt (R2.6, R3).

    Attributes:
        round_number: the round, counted from 1.
        dealer: the dealer's seat.
        turned_up: the card turned up for trump, `None` when none is (R3.4, R3.5).
        trump: the trump suit, `None` while the dealer has still to name it or for no trump.
        werewolf: the seat that swapped the Werewolf for the turned-up card, if one did (R8.6).
    """

    round_number: int
    dealer: int
    turned_up: Card | None
    trump: Suit | None
    werewolf: int | None = None


@frozen(kw_only=True)
class GameOver:
    """The last round is scored (R7).

    Attributes:
        totals: each player's final total, in seat order.
        standings: each player's place, 1 for first, shared on a tie the tie-break leaves (R7.2).
        winners: the names in first place.
    """

    totals: tuple[int, ...]
    standings: tuple[int, ...]
    winners: tuple[str, ...]


Event: TypeAlias = (
    "TrumpChosen | HandSeen | BidMade | CardPlayed | TrickWon | TrickVoided | BidChanged | CardPassed"
    " | CardsPassed | RoundScored | RoundStarted | GameOver"
)
"""Any event."""
