"""The events of a transition as one seat may know them (R4.3, R8.2, R8.3).

`GameState.step` reports the full truth. A seat gets each public event as it is; another
seat's hidden choice redacted (a simultaneous or secret bid, the Cloud's change of a secret
bid, the card chosen to pass after the Juggler); the hidden bids once they are revealed;
and of the Juggler's passing only what it gave and got. The rules of what a seat may know
are the views' own (`view.py`): two states that differ only in what a seat may not know
give that seat equal events.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from wizardrules._convert import shown
from wizardrules.engine._layout import BIDDING_PHASE, PHASE, R_BIDS, R_BLIND, R_GAME, ROUND, Core, Game
from wizardrules.errors import RulesError
from wizardrules.events import (
    BidChanged,
    BidChangeHidden,
    BidHidden,
    BidMade,
    BidsRevealed,
    CardPassed,
    CardPlayed,
    CardsPassed,
    Event,
    GameOver,
    HandSeen,
    PassHidden,
    PassReceived,
    RoundScored,
    RoundStarted,
    TrickVoided,
    TrickWon,
    TrumpChosen,
)
from wizardrules.rules import BidReveal

__all__ = ["seen_by"]

_PASSING: Final = frozenset({CardPassed, CardsPassed})
"""The events that are never public as they are: the Juggler's passing (R8.3)."""
_FULL: Final = frozenset(
    {TrumpChosen, HandSeen, BidMade, CardPlayed, TrickWon, TrickVoided, BidChanged, CardPassed, CardsPassed}
    | {RoundScored, RoundStarted, GameOver}
)
"""The events `step` reports."""


def seen_by(s: Core, seat: int, events: Sequence[Event]) -> tuple[Event, ...]:
    """`events`, the events of the transition that led to the state whose core is `s`, as `seat` may know them."""
    if not isinstance(events, (tuple, list)) or not _FULL.issuperset(map(type, events)):
        raise RulesError(f"events_for: {shown(events)} must be the events of a step, as step returned them")
    game: Game = s[ROUND][R_GAME]
    reveal = game.rules.bid_reveal
    if reveal is BidReveal.OPEN and not any(type(event) in _PASSING for event in events):
        return tuple(events)  # the common case: every event is public
    seen: list[Event] = []
    for event in events:
        if isinstance(event, BidMade) and reveal is not BidReveal.OPEN:
            seen.append(event if event.seat == seat else BidHidden(seat=event.seat))
            if reveal is BidReveal.SIMULTANEOUS and s[PHASE] != BIDDING_PHASE:
                seen.append(_revealed(s, game.n))  # the last bid: all are revealed before the first card
        elif isinstance(event, BidChanged) and reveal is BidReveal.SECRET and event.seat != seat:
            seen.append(BidChangeHidden(seat=event.seat))
        elif isinstance(event, CardPassed) and event.seat != seat:
            seen.append(PassHidden(seat=event.seat))
        elif isinstance(event, CardsPassed):
            n = len(event.cards)
            seen.append(PassReceived(seat=seat, given=event.cards[seat], received=event.cards[(seat - 1) % n]))
        elif isinstance(event, RoundScored) and reveal is BidReveal.SECRET:
            finished = event.round  # the round's last trick reveals the secret bids
            seen += (BidsRevealed(bids=finished.final_bids, blind=finished.blind), event)
        else:
            seen.append(event)
    return tuple(seen)


def _revealed(s: Core, n: int) -> BidsRevealed:
    """The reveal of this round's bids as they stand in `s`."""
    blind = s[ROUND][R_BLIND]
    return BidsRevealed(
        bids=tuple(s[ROUND][R_BIDS][:n]),
        blind=tuple(bool(blind >> seat & 1) for seat in range(n)),
    )
