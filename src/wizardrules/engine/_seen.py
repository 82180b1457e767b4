"""The events of a transition as one seat may know them (R4.3, R8.2, R8.3).

`GameState.step` reports the full truth. Each event class says who may know it (its `Seen`,
in `wizardrules.events`) and what a seat gets that may not; this module applies that with the
views' own rule of who may know a bid (`view._bid_visible`), so that two states that differ
only in what a seat may not know give that seat equal events. A seat gets each public event
as it is; another seat's hidden choice redacted (a simultaneous or secret bid, the Cloud's
change of a secret bid, the card chosen to pass after the Juggler); the hidden bids once the
rule makes them known; and of the Juggler's passing only what it gave and got.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from wizardrules._convert import shown
from wizardrules.engine._layout import (
    BIDDING_PHASE,
    CLOUD_PHASE,
    OVER_PHASE,
    PHASE,
    PHASES,
    PLAYING_PHASE,
    R_BIDS,
    R_BLIND,
    R_GAME,
    ROUND,
    Core,
    Game,
)
from wizardrules.engine.view import _bid_visible
from wizardrules.errors import RulesError
from wizardrules.events import EVENT_CLASSES, STEP_EVENTS, BidsRevealed, Event, Seen
from wizardrules.rules import BidReveal
from wizardrules.sheet import Round

__all__ = ["seen_by"]


_PRIVATE: Final = frozenset(cls for cls in EVENT_CLASSES if cls._seen in (Seen.CHOICE, Seen.SPLIT))
"""The events that are never public as they are, whoever may know the bids."""
_AS_IS: Final = frozenset(cls for cls in EVENT_CLASSES if cls._seen is Seen.PUBLIC)
"""The events every seat gets as they are."""
_KNOWN: Final = {
    reveal: tuple(
        (_bid_visible(reveal, phase, 0, 1), _bid_visible(reveal, phase, 0, 0)) for phase in range(len(PHASES))
    )
    for reveal in BidReveal
}
"""The views' rule of who may know a bid (R4.3), asked once for each case: under a reveal mode, at a phase,
another seat's bid ([0]) or the seat's own ([1]). The rule looks only at whether the two seats are one."""
_KNOWN_AT_ONCE: Final = tuple(reveal for reveal in BidReveal if _KNOWN[reveal][BIDDING_PHASE][0])
"""The reveal modes under which every bid is known as it is made (a tuple: `in` finds a member by identity)."""


def seen_by(s: Core, seat: int, events: Sequence[Event]) -> tuple[Event, ...]:
    """`events`, the events of the transition that led to the state whose core is `s`, as `seat` may know them."""
    if not isinstance(events, (tuple, list)) or not STEP_EVENTS.issuperset(map(type, events)):
        raise RulesError(f"events_for: {shown(events)} must be the events of a step, as step returned them")
    game: Game = s[ROUND][R_GAME]
    reveal = game.rules.bid_reveal
    if reveal in _KNOWN_AT_ONCE and not any(type(event) in _PRIVATE for event in events):
        return tuple(events)  # the common case: every bid is known as it is made, and nothing is private
    known = _KNOWN[reveal]
    seen: list[Event] = []
    for event in events:
        if type(event) in _AS_IS:
            seen.append(event)
            continue
        kind = type(event)._seen
        told: Any = event  # an event of its kind: a bid, a change, a choice has a seat and a hidden form
        if kind is Seen.BID:
            seen.append(event if known[BIDDING_PHASE][told.seat == seat] else told._hidden())
            if not known[BIDDING_PHASE][0] and known[s[PHASE]][0]:
                seen.append(_revealed(s, game.n))  # the last bid makes the bids known (simultaneous bids)
        elif kind is Seen.BID_CHANGE:
            seen.append(event if known[CLOUD_PHASE][told.seat == seat] else told._hidden())
        elif kind is Seen.CHOICE:
            seen.append(event if told.seat == seat else told._hidden())
        elif kind is Seen.SPLIT:
            seen.append(told._part(seat))
        else:  # Seen.ROUND_END: the round's end makes the bids known (secret bids)
            if not known[PLAYING_PHASE][0] and known[OVER_PHASE][0]:
                finished: Round = told.round
                seen.append(BidsRevealed(bids=finished.final_bids, blind=finished.blind))
            seen.append(event)
    return tuple(seen)


def _revealed(s: Core, n: int) -> BidsRevealed:
    """The reveal of this round's bids as they stand in `s`."""
    blind = s[ROUND][R_BLIND]
    return BidsRevealed(
        bids=tuple(s[ROUND][R_BIDS][:n]),
        blind=tuple(bool(blind >> seat & 1) for seat in range(n)),
    )
