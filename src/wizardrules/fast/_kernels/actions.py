"""The engine's actions as the compiled core's codes, and back (standard deck only)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from wizardrules._tables.codes import BITS_OF, CARD_OF
from wizardrules.actions import BIDS, BLIND_BIDS, PLAYS, TRUMPS, Action, Bid, ChooseTrump, Look, Play
from wizardrules.actions import LOOK as LOOK_ACTION
from wizardrules.cards import Card, Suit
from wizardrules.fast._kernels.steps import BID, BLIND_BID, LOOK, PLAY, TRUMP

_SUITS: Final = tuple(Suit)
LARGEST_CODE: Final = PLAY + 59
"""No code is larger: tables indexed by code have `LARGEST_CODE + 1` entries."""


def card_code(card: Card) -> int:
    """A standard card's bit index as the kernels name it: 52 for any Wizard, 56 for any Jester."""
    bits = BITS_OF[card]
    return (bits & -bits).bit_length() - 1


def hand_masks(hands: Iterable[Iterable[Card]]) -> list[int]:
    """Each hand of a deal as a bit mask, the copies of Wizards and Jesters numbered across the
    hands as the engine numbers them (seat by seat), so that no two seats hold the same bit."""
    masks = []
    used = 0
    for cards in hands:
        mask = 0
        for card in cards:
            free = BITS_OF[card] & ~(used | mask)
            mask |= free & -free
        used |= mask
        masks.append(mask)
    return masks


def action_code(action: Action) -> int | None:
    """The code of a standard-deck action; `None` for an action the compiled core does not play (R8)."""
    if isinstance(action, Play):
        return PLAY + card_code(action.card) if action.card in BITS_OF and BITS_OF[action.card] >> 60 == 0 else None
    if isinstance(action, Bid):
        return (BLIND_BID if action.blind else BID) + action.tricks
    if isinstance(action, ChooseTrump):
        return None if action.suit is None else TRUMP + _SUITS.index(action.suit)
    if isinstance(action, Look):
        return LOOK
    return None


def code_action(code: int) -> Action:
    """The engine's (shared) action of a code."""
    if code >= PLAY:
        return PLAYS[CARD_OF[code - PLAY]]
    if code >= TRUMP:
        return TRUMPS[_SUITS[code - TRUMP]]
    if code == LOOK:
        return LOOK_ACTION
    if code >= BLIND_BID:
        return BLIND_BIDS[code - BLIND_BID]
    return BIDS[code - BID]
