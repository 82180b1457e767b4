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
from typing import Final, Protocol, cast

from wizardrules._convert import shown
from wizardrules.engine._layout import (
    BIDDING_PHASE,
    CLOUD_PHASE,
    OVER_PHASE,
    PHASE,
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


class _Hides(Protocol):
    """An event of one seat that another seat may not know: a bid, a Cloud's change, a card chosen to pass."""

    @property
    def seat(self) -> int: ...

    def _hidden(self) -> Event: ...


class _Splits(Protocol):
    """An event each seat gets its own part of."""

    def _part(self, seat: int) -> Event: ...


class _EndsRound(Protocol):
    """An event that ends a round."""

    @property
    def round(self) -> Round: ...


_PRIVATE: Final = frozenset(cls for cls in EVENT_CLASSES if cls._seen in (Seen.CHOICE, Seen.SPLIT))
"""The events that are never public as they are, whoever may know the bids."""


def _known(reveal: BidReveal, phase: int, seat: int, other: int) -> bool:
    """Whether `seat` may know `other`'s bid at `phase`: the views' rule."""
    return _bid_visible(reveal, phase, seat, other)


def _revealed_now(reveal: BidReveal, before: int, after: int, seat: int) -> bool:
    """Whether the other seats' bids, hidden from `seat` at phase `before`, may be known at `after`."""
    other = seat + 1  # any other seat: the rule is the same for each
    return not _known(reveal, before, seat, other) and _known(reveal, after, seat, other)


def seen_by(s: Core, seat: int, events: Sequence[Event]) -> tuple[Event, ...]:
    """`events`, the events of the transition that led to the state whose core is `s`, as `seat` may know them."""
    if not isinstance(events, (tuple, list)) or not STEP_EVENTS.issuperset(map(type, events)):
        raise RulesError(f"events_for: {shown(events)} must be the events of a step, as step returned them")
    game: Game = s[ROUND][R_GAME]
    reveal = game.rules.bid_reveal
    if _known(reveal, BIDDING_PHASE, seat, seat + 1) and not any(type(event) in _PRIVATE for event in events):
        return tuple(events)  # the common case: every bid is known as it is made, and nothing is private
    seen: list[Event] = []
    for event in events:
        kind = type(event)._seen
        if kind is Seen.BID:
            bid = cast("_Hides", event)
            seen.append(event if _known(reveal, BIDDING_PHASE, seat, bid.seat) else bid._hidden())
            if _revealed_now(reveal, BIDDING_PHASE, s[PHASE], seat):  # the last bid makes them known
                seen.append(_revealed(s, game.n))
        elif kind is Seen.BID_CHANGE:
            change = cast("_Hides", event)
            seen.append(event if _known(reveal, CLOUD_PHASE, seat, change.seat) else change._hidden())
        elif kind is Seen.CHOICE:
            choice = cast("_Hides", event)
            seen.append(event if choice.seat == seat else choice._hidden())
        elif kind is Seen.SPLIT:
            seen.append(cast("_Splits", event)._part(seat))
        elif kind is Seen.ROUND_END:
            if _revealed_now(reveal, PLAYING_PHASE, OVER_PHASE, seat):  # the round's end makes them known
                finished = cast("_EndsRound", event).round
                seen.append(BidsRevealed(bids=finished.final_bids, blind=finished.blind))
            seen.append(event)
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
