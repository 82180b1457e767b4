"""Bit layout of the standard deck for the engine's hot paths.

Bits 0..51 are the suit cards (suit index * 13 + rank - 1), bits 52..55 the four Wizards
and bits 56..59 the four Jesters. A hand is an int with one bit per card held.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from wizardrules.actions import PLAYS, Play
from wizardrules.cards import Card, Suit

WIZARD_BITS: Final = 0xF << 52
JESTER_BITS: Final = 0xF << 56
SUIT_BITS: Final = tuple(0x1FFF << (13 * s) for s in range(4))
ANY_SUIT_BITS: Final = (1 << 52) - 1
DECK_SIZE: Final = 60

CARD_OF: Final[tuple[Card, ...]] = (
    tuple(Card.suited(suit, rank) for suit in Suit for rank in range(1, 14)) + (Card.WIZARD,) * 4 + (Card.JESTER,) * 4
)
"""The card behind each bit index."""

BITS_OF: Final[dict[Card, int]] = {
    **{card: 1 << i for i, card in enumerate(CARD_OF[:52])},
    Card.WIZARD: WIZARD_BITS,
    Card.JESTER: JESTER_BITS,
}
"""The bits a card may occupy in a hand: one for a suit card, four for a Wizard or Jester."""

PLAY_OF_INDEX: Final[tuple[Play, ...]] = tuple(PLAYS[card] for card in CARD_OF)


def _suit_tables() -> tuple[list[tuple[Play, ...]], ...]:
    """For each suit, the Play actions of every 13-bit set of its cards, in rank order."""
    tables = []
    for suit in range(4):
        plays = PLAY_OF_INDEX[suit * 13 : suit * 13 + 13]
        table: list[tuple[Play, ...]] = [()] * 8192
        for chunk in range(1, 8192):
            low = chunk & -chunk
            table[chunk] = (plays[low.bit_length() - 1], *table[chunk ^ low])
        tables.append(table)
    return tuple(tables)


_RED, _YELLOW, _GREEN, _BLUE = _suit_tables()
_PLAY_W: Final = (PLAYS[Card.WIZARD],)
_PLAY_J: Final = (PLAYS[Card.JESTER],)


def plays_of(mask: int) -> tuple[Play, ...]:
    """The distinct Play actions for the cards in `mask`, in display order (Jester, suits, Wizard)."""
    result = (
        _RED[mask & 0x1FFF] + _YELLOW[mask >> 13 & 0x1FFF] + _GREEN[mask >> 26 & 0x1FFF] + _BLUE[mask >> 39 & 0x1FFF]
    )
    if mask >> 52:
        if mask & JESTER_BITS:
            result = _PLAY_J + result
        if mask & WIZARD_BITS:
            result += _PLAY_W
    return result


PLAY_BITS_BY_ID: Final[dict[int, int]] = {id(PLAYS[card]): bits for card, bits in BITS_OF.items()}
"""The hand bits of each shared Play action, looked up by identity (the shared actions live forever)."""


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards in `mask`, in display order (Jesters, suit cards, Wizards)."""
    cards = [Card.JESTER] * (mask >> 56 & 0xF).bit_count()
    rest = mask & ANY_SUIT_BITS
    while rest:
        low = rest & -rest
        cards.append(CARD_OF[low.bit_length() - 1])
        rest ^= low
    cards += [Card.WIZARD] * (mask >> 52 & 0xF).bit_count()
    return tuple(cards)


def mask_of(cards: Iterable[Card]) -> int:
    """The hand mask of `cards`, filling Wizards and Jesters from their lowest free bit."""
    mask = 0
    for card in cards:
        free = BITS_OF[card] & ~mask
        mask |= free & -free
    return mask


def winner_index(trick: tuple[int, ...], trump: int) -> int:
    """Index in play order of the winning card of a trick of bit indices (R5.4)."""
    best = 0
    best_key = -1
    led = -1
    for pos, card in enumerate(trick):
        if card >= 56:  # a Jester
            continue
        if card >= 52:  # the first Wizard wins
            return pos
        suit = card // 13
        if led < 0:
            led = suit
        if suit == trump:
            key = 100 + card % 13
        elif suit == led:
            key = card % 13
        else:
            continue
        if key > best_key:
            best, best_key = pos, key
    return best  # only Jesters: the first one
