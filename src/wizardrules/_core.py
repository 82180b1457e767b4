"""Bit layout of the deck for the engine's hot paths.

Bits 0..51 are the suit cards (suit index * 13 + rank - 1), bits 52..55 the four Wizards,
bits 56..59 the four Jesters and bits 60..66 the special cards (R8) in the order of
`Special`: Dragon, Fairy, Bomb, Werewolf, Juggler, Cloud, Shapeshifter. A hand is an int
with one bit per card held; the engine packs each seat's hand into 67 bits.

A card in a trick is a *code*: its bit index, except that a declared Juggler, Cloud or
Shapeshifter has a code of its own from 80 up (`JUGGLER:R` .. `CLOUD:B`, then
`SHAPESHIFTER:W` and `SHAPESHIFTER:J`).
"""

from __future__ import annotations

from typing import Final

from wizardrules.actions import PLAYS, Play
from wizardrules.cards import Card, CardKind, Special, Suit

WIZARD_BITS: Final = 0xF << 52
JESTER_BITS: Final = 0xF << 56
SUIT_BITS: Final = tuple(0x1FFF << (13 * s) for s in range(4))
ANY_SUIT_BITS: Final = (1 << 52) - 1
DECK_SIZE: Final = 60
"""The standard deck's size; the special cards come on top."""
SPECIALS: Final = tuple(Special)
SPECIAL_BIT: Final = {special: 60 + i for i, special in enumerate(SPECIALS)}
"""The hand bit index of each special card."""
DRAGON, FAIRY, BOMB, WEREWOLF, JUGGLER, CLOUD, SHAPESHIFTER = range(60, 67)
SPECIAL_BITS: Final = 0x7F << 60
HAND_BITS: Final = (1 << 67) - 1
"""One seat's hand; in the engine's packed hands seat `s` starts at bit `67 * s`."""
DECLARED_BASE: Final = 80
"""The first trick code of a declared card."""

_DECLARED: Final = (
    *(Card.JUGGLER.declared(suit) for suit in Suit),
    *(Card.CLOUD.declared(suit) for suit in Suit),
    Card.SHAPESHIFTER.declared(CardKind.WIZARD),
    Card.SHAPESHIFTER.declared(CardKind.JESTER),
)
_UNUSED: Final = Card.WEREWOLF  # fills the codes 67..79, which nothing uses

CARD_OF: Final[tuple[Card, ...]] = (
    tuple(Card.suited(suit, rank) for suit in Suit for rank in range(1, 14))
    + (Card.WIZARD,) * 4
    + (Card.JESTER,) * 4
    + tuple(special.card for special in SPECIALS)
    + (_UNUSED,) * (DECLARED_BASE - 67)
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
    **{card: 1 << i for i, card in enumerate(CARD_OF[:52])},
    Card.WIZARD: WIZARD_BITS,
    Card.JESTER: JESTER_BITS,
    **{special.card: 1 << SPECIAL_BIT[special] for special in SPECIALS},
}
"""The bits a card as dealt may occupy in a hand: one for a suit or special card, four for a Wizard or Jester."""

HELD_BITS: Final[dict[Card, int]] = {**BITS_OF, **{card: 1 << BIT_OF_CODE[code] for card, code in CODE_OF.items()}}
"""The hand bits a played card comes from: a declared card comes from its undeclared card."""

PLAY_OF_INDEX: Final[tuple[Play, ...]] = tuple(PLAYS[card] for card in CARD_OF[:60])


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


SUIT_PLAYS: Final = _suit_tables()
"""Per suit, the Play actions of every 13-bit set of its cards (the suit's bits shifted down), in rank order."""
SUIT_SHIFT: Final = (0, 13, 26, 39)
"""Per suit, the bit index of its first card."""


def _special_table() -> list[tuple[Play, ...]]:
    """For each 7-bit set of special cards, their Play actions with every declaration (R8)."""
    table: list[tuple[Play, ...]] = []
    for chunk in range(128):
        plays: list[Play] = []
        for i, special in enumerate(SPECIALS):
            if chunk >> i & 1 and special is not Special.WEREWOLF:  # the Werewolf is never played (R8.6)
                plays += (PLAYS[card] for card in special.card.declarations())
        table.append(tuple(plays))
    return table


SPECIAL_PLAYS: Final = _special_table()
"""For each 7-bit set of special cards (the hand shifted down by 60), their Play actions."""


def _index_shared_plays() -> None:
    """Give each shared Play of a standard card its bit index: 52 for the Wizard, 56 for the Jester."""
    for index, card in [*enumerate(CARD_OF[:52]), (52, Card.WIZARD), (56, Card.JESTER)]:
        object.__setattr__(PLAYS[card], "_index", index)  # a private field outside the value


_index_shared_plays()


def _byte_cards() -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """Per byte `k` of the suit cards' bits, the cards of each of its 256 values, in bit order."""
    return tuple(
        tuple(tuple(CARD_OF[8 * k + i] for i in range(8) if value >> i & 1 and 8 * k + i < 52) for value in range(256))
        for k in range(7)
    )


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


def _win_keys(trump: int, led: int) -> tuple[int, ...]:
    keys = []
    for card in range(DECK_SIZE):
        if card >= 56:  # a Jester
            keys.append(-1)
        elif card >= 52:  # a Wizard: the first one wins
            keys.append(200)
        elif card // 13 == trump:
            keys.append(100 + card % 13)
        elif card // 13 == led:
            keys.append(card % 13)
        else:
            keys.append(-1)
    return tuple(keys)


WIN_KEYS: Final = tuple(tuple(_win_keys(trump, led) for led in range(-2, 4)) for trump in range(-1, 4))
"""`WIN_KEYS[trump + 1][led + 2][card]`: the strength of a standard card (bit index) in a trick (R5.4).

`led` is the engine's led suit: a suit index, -1 while only Jesters are played or -2 once a
Wizard came first. In play order, the first card of the highest key wins the trick; a
trick of Jesters only goes to the first one.
"""


def winner_index(trick: tuple[int, ...], trump: int) -> int:
    """Index in play order of the winning card of a trick of standard bit indices (R5.4), by `WIN_KEYS`."""
    led = -1
    for card in trick:
        if card < 52:  # the first suit card sets the led suit (R5.2)
            led = card // 13
            break
        if card < 56:  # a Wizard first: no suit is led
            led = -2
            break
    keys = WIN_KEYS[trump + 1][led + 2]
    best, best_key = 0, keys[trick[0]]
    for pos in range(1, len(trick)):
        key = keys[trick[pos]]
        if key > best_key:
            best, best_key = pos, key
    return best
