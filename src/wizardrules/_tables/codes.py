"""The card code: one number per card, for the engine, the expert path and the compiled kernels alike.

Bits 0..51 are the suit cards (suit index * 13 + rank - 1), bits 52..55 the four Wizards,
bits 56..59 the four Jesters and bits 60..66 the special cards (R8) in the order of
`Special`: Dragon, Fairy, Bomb, Werewolf, Juggler, Cloud, Shapeshifter. A hand is an int
with one bit per card held; the engine packs every seat's hand into one int,
[`SEAT_BITS`][wizardrules._tables.codes.SEAT_BITS] bits a seat.

A card in a trick is a *code*: its bit index, except that a declared Juggler, Cloud or
Shapeshifter has a code of its own from 80 up (`JUGGLER:R` .. `CLOUD:B`, then
`SHAPESHIFTER:W` and `SHAPESHIFTER:J`).
"""

from __future__ import annotations

from typing import Final

from wizardrules.cards import Card, CardKind, Special, Suit

SUIT_CARDS: Final = 52
"""How many suit cards there are: their codes are 0..51, and every code from here up is a card of no suit."""
WIZARD: Final = 52
"""The code of the first Wizard; the four copies are `WIZARDS`."""
JESTER: Final = 56
"""The code of the first Jester; the four copies are `JESTERS`."""
WIZARDS: Final = range(WIZARD, WIZARD + 4)
JESTERS: Final = range(JESTER, JESTER + 4)
DECK_SIZE: Final = 60
"""The standard deck's size; the special cards come on top."""
SEAT_BITS: Final = 67
"""The bits of one seat's hand: the standard deck's 60 and the 7 special cards."""
WIZARD_BITS: Final = 0xF << WIZARD
JESTER_BITS: Final = 0xF << JESTER
SUIT_BITS: Final = tuple(0x1FFF << (13 * s) for s in range(4))
ANY_SUIT_BITS: Final = (1 << SUIT_CARDS) - 1
SPECIALS: Final = tuple(Special)
SPECIAL_BIT: Final = {special: DECK_SIZE + i for i, special in enumerate(SPECIALS)}
"""The hand bit index of each special card."""
DRAGON, FAIRY, BOMB, WEREWOLF, JUGGLER, CLOUD, SHAPESHIFTER = range(DECK_SIZE, SEAT_BITS)
SPECIAL_BITS: Final = 0x7F << DECK_SIZE
HAND_BITS: Final = (1 << SEAT_BITS) - 1
"""One seat's hand; in the engine's packed hands seat `s` starts at bit `SEAT_BITS * s`."""
DECLARED_BASE: Final = 80
"""The first trick code of a declared card."""

_DECLARED: Final = (
    *(Card.JUGGLER.declared(suit) for suit in Suit),
    *(Card.CLOUD.declared(suit) for suit in Suit),
    Card.SHAPESHIFTER.declared(CardKind.WIZARD),
    Card.SHAPESHIFTER.declared(CardKind.JESTER),
)
_UNUSED: Final = Card.WEREWOLF  # fills the codes from SEAT_BITS (67) to 79, which nothing uses

CARD_OF: Final[tuple[Card, ...]] = (
    tuple(Card.suited(suit, rank) for suit in Suit for rank in range(1, 14))
    + (Card.WIZARD,) * 4
    + (Card.JESTER,) * 4
    + tuple(special.card for special in SPECIALS)
    + (_UNUSED,) * (DECLARED_BASE - SEAT_BITS)
    + _DECLARED
)
"""The card behind each bit index and trick code."""

CODE_OF: Final[dict[Card, int]] = {card: DECLARED_BASE + i for i, card in enumerate(_DECLARED)}
"""The trick code of each declared card."""

BIT_OF_CODE: Final[dict[int, int]] = {
    code: {CardKind.JUGGLER: JUGGLER, CardKind.CLOUD: CLOUD}.get(card.kind, SHAPESHIFTER)
    for card, code in CODE_OF.items()
}
"""The hand bit index of the card behind each declared code."""

BITS_OF: Final[dict[Card, int]] = {
    **{card: 1 << i for i, card in enumerate(CARD_OF[:SUIT_CARDS])},
    Card.WIZARD: WIZARD_BITS,
    Card.JESTER: JESTER_BITS,
    **{special.card: 1 << SPECIAL_BIT[special] for special in SPECIALS},
}
"""The bits a card as dealt may occupy in a hand: one for a suit or special card, four for a Wizard or Jester."""

HELD_BITS: Final[dict[Card, int]] = {**BITS_OF, **{card: 1 << BIT_OF_CODE[code] for card, code in CODE_OF.items()}}
"""The hand bits a played card comes from: a declared card comes from its undeclared card."""


def _byte_cards() -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """Per byte `k` of the suit cards' bits, the cards of each of its 256 values, in bit order.

    Built by doubling, as the engine's tables of plays are: the values with bit `i` set are
    those below `2**i` with bit `i`'s card added at the end (a bit past the suit cards adds none).
    """
    tables = []
    for k in range(7):
        table: list[tuple[Card, ...]] = [()]
        for bit in range(8 * k, 8 * k + 8):
            last = (CARD_OF[bit],) if bit < SUIT_CARDS else ()
            table += [cards + last for cards in table]
        tables.append(tuple(table))
    return tuple(tables)


_BYTE_CARDS: Final = _byte_cards()
_JESTERS: Final = tuple((Card.JESTER,) * count for count in range(5))
_WIZARDS: Final = tuple((Card.WIZARD,) * count for count in range(5))


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards in `mask`, in display order (Jesters, suit cards, Wizards, special cards)."""
    b0, b1, b2, b3, b4, b5, b6 = _BYTE_CARDS  # the suit cards, a byte of bits at a time
    cards = (
        _JESTERS[(mask >> 56 & 0xF).bit_count()]
        + b0[mask & 0xFF]
        + b1[mask >> 8 & 0xFF]
        + b2[mask >> 16 & 0xFF]
        + b3[mask >> 24 & 0xFF]
        + b4[mask >> 32 & 0xFF]
        + b5[mask >> 40 & 0xFF]
        + b6[mask >> 48 & 0xF]
        + _WIZARDS[(mask >> 52 & 0xF).bit_count()]
    )
    if mask >> 60:
        cards += tuple(CARD_OF[60 + i] for i in range(7) if mask >> (60 + i) & 1)
    return cards
