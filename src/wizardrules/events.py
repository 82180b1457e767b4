"""Events: what a transition did, for logs, UIs and animations.

[`GameState.step`][wizardrules.GameState.step] returns the new state with the events of
the transition. Events report the full truth (bids included); give players views, not events,
when bids are hidden.

Example:
    >>> from wizardrules import new_game
    >>> state = new_game(["Ann", "Ben", "Cem"], seed=3)
    >>> state, events = state.step(state.legal_actions()[0])
    >>> events
    (BidMade(seat=2, bid=0, blind=False),)
"""

from __future__ import annotations

from typing import TypeAlias

from attrs import frozen

from wizardrules.actions import Action, Bid, ChooseTrump, Look, Play
from wizardrules.cards import Card, Suit
from wizardrules.engine import GameState, Phase
from wizardrules.sheet import Round
from wizardrules.tricks import Trick

__all__ = [
    "BidMade",
    "CardPlayed",
    "Event",
    "GameOver",
    "HandSeen",
    "RoundScored",
    "RoundStarted",
    "TrickWon",
    "TrumpChosen",
]


@frozen(kw_only=True)
class TrumpChosen:
    """The dealer named the trump after a Wizard was turned up (R3.2)."""

    seat: int
    suit: Suit


@frozen(kw_only=True)
class HandSeen:
    """A player looked at their hand, giving up a blind bid (R4.4)."""

    seat: int


@frozen(kw_only=True)
class BidMade:
    """A player bid (R4.1)."""

    seat: int
    bid: int
    blind: bool


@frozen(kw_only=True)
class CardPlayed:
    """A player played a card (R5.3)."""

    seat: int
    card: Card


@frozen(kw_only=True)
class TrickWon:
    """A trick is complete and `seat` took it (R5.4)."""

    seat: int
    trick: Trick


@frozen(kw_only=True)
class RoundScored:
    """A round is over and scored (R6)."""

    round: Round
    totals: tuple[int, ...]


@frozen(kw_only=True)
class RoundStarted:
    """A new round is dealt (R2.6, R3)."""

    round_number: int
    dealer: int
    turned_up: Card | None
    trump: Suit | None


@frozen(kw_only=True)
class GameOver:
    """The last round is scored (R7)."""

    totals: tuple[int, ...]
    standings: tuple[int, ...]
    winners: tuple[str, ...]


Event: TypeAlias = "TrumpChosen | HandSeen | BidMade | CardPlayed | TrickWon | RoundScored | RoundStarted | GameOver"
"""Any event."""


def events_between(before: GameState, after: GameState, action: Action) -> tuple[Event, ...]:
    """The events of the transition from `before` to `after` by `action`."""
    seat = before.to_move
    assert seat is not None  # noqa: S101 - a legal action was applied
    if isinstance(action, ChooseTrump):
        return (TrumpChosen(seat=seat, suit=action.suit),)
    if isinstance(action, Look):
        return (HandSeen(seat=seat),)
    if isinstance(action, Bid):
        return (BidMade(seat=seat, bid=action.tricks, blind=action.blind),)
    assert isinstance(action, Play)  # noqa: S101 - the four actions are exhaustive
    events: list[Event] = [CardPlayed(seat=seat, card=action.card)]
    trick = before.current_trick.add(action.card)
    if not trick.is_complete:
        return tuple(events)
    winner = trick.winner
    assert winner is not None  # noqa: S101 - the standard deck has no Bomb
    events.append(TrickWon(seat=winner, trick=trick))
    if after.round_number == before.round_number and not after.is_over:
        return tuple(events)
    sheet = after.scoresheet
    events.append(RoundScored(round=sheet.rounds[-1], totals=after.totals))
    if after.is_over:
        events.append(GameOver(totals=after.totals, standings=after.standings(), winners=after.winners()))
    else:
        events.append(
            RoundStarted(
                round_number=after.round_number,
                dealer=after.dealer,
                turned_up=after.turned_up,
                trump=None if after.phase is Phase.TRUMP else after.trump,
            )
        )
    return tuple(events)
