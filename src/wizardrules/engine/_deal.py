"""Dealing (R2.5, R2.6): the first dealer's draw, random deals and explicit deals, packed for the engine.

A game deals every round up front, so a state never depends on hidden randomness. A round's
deal is packed as `(hands, turned)`: every seat's hand in one int (`SEAT_BITS` bits a seat, see
`_layout.Hands`) and the turned-up card's bit index, or `_layout.NO_CARD` when no card is turned up.
Wizards and Jesters are interchangeable (R1.1): their copies are numbered seat by seat, so
that a game and its replay from explicit deals hold the very same bits.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import floor
from typing import Final, TypeAlias

from attrs import field, frozen

from wizardrules._convert import as_tuple, shown
from wizardrules._tables.codes import ANY_SUIT_BITS, BITS_OF, DECK_SIZE, SEAT_BITS, SPECIAL_BITS
from wizardrules.cards import MAX_DECK_SIZE, Card
from wizardrules.engine._layout import NO_CARD, NOT_FIXED, SEAT_SHIFTS, Hands
from wizardrules.errors import DealError
from wizardrules.rules import Schedule
from wizardrules.tricks import MAX_PLAYERS


def _hands_tuple(hands: Sequence[Sequence[Card]]) -> tuple[tuple[Card, ...], ...]:
    seats = as_tuple(hands, "hands (one sequence of cards per player)", DealError, limit=MAX_PLAYERS)
    return tuple(as_tuple(hand, "hand", DealError, limit=MAX_DECK_SIZE) for hand in seats)


@frozen(kw_only=True)
class Deal:
    """The cards of one round: each seat's hand and the turned-up card (R2.6, R3.1).

    A deal is checked against the schedule and the deck when a game is made from it.

    Attributes:
        hands: per seat, the cards dealt.
        turned_up: the card turned up for trump; `None` when none is (a fixed-trump round,
            or no card left, R3.4, R3.5).

    Examples:
        >>> from wizardrules import parse_cards
        >>> Deal(hands=[parse_cards("R1"), parse_cards("W"), parse_cards("B7")], turned_up=Card.parse("G2"))
        Deal(hands=((Card.parse('R1'),), (Card.parse('W'),), (Card.parse('B7'),)), turned_up=Card.parse('G2'))
    """

    hands: tuple[tuple[Card, ...], ...] = field(converter=_hands_tuple)
    turned_up: Card | None = None


def draw_dealer(n: int, rng: random.Random) -> int:
    """R2.5: each player draws a card; the highest deals (Wizard, then rank, Jester lowest); ties draw again."""
    drawing = list(range(n))
    while True:
        picks = rng.sample(range(DECK_SIZE), len(drawing))
        values = [14 if 52 <= c < 56 else (0 if c >= 56 else c % 13 + 1) for c in picks]
        best = max(values)
        drawing = [seat for seat, value in zip(drawing, values, strict=True) if value == best]
        if len(drawing) == 1:
            return drawing[0]


Dealt: TypeAlias = list[tuple[Hands, int]]
"""Per round: every hand packed into one int (`SEAT_BITS` bits a seat) and the turned-up card's bit or `NO_CARD`."""


# What each card adds to a hand's sum: a suit or special card its own bit, each Wizard 1 << 52
# and each Jester 1 << 56, so that summing a dealt hand counts its Wizards (bits 52..54) and
# Jesters (bits 56..58) in one C-level call.
_DECK_VALUES: Final = [1 << i for i in range(52)] + [1 << 52] * 4 + [1 << 56] * 4
_ONE_WIZARD: Final = 1 << 52
_ONE_JESTER: Final = 1 << 56
_KEEP: Final = ANY_SUIT_BITS | SPECIAL_BITS
_ANY_SUIT: Final = ANY_SUIT_BITS
_HAND_SLICES: Final = tuple(
    tuple(tuple(slice(seat * cards, (seat + 1) * cards) for seat in range(n)) for cards in range(68))
    for n in range(MAX_PLAYERS + 1)
)
"""`_HAND_SLICES[n][cards]`: where each seat's hand lies in a dealt deck."""
_NEXT_COPIES: Final = tuple((52 + used // 5, 56 + used % 5) for used in range(25))
"""The bit of the next Wizard and the next Jester to number, once `used` copies are numbered (5 * Wizards + Jesters)."""


def _renumber_table() -> tuple[tuple[tuple[int, int], ...], ...]:
    """`[used][counts]`: the copy bits of a hand with `counts` (Wizards + 16 * Jesters), and the new `used`.

    `used` counts the copies numbered before the hand, 5 * Wizards + Jesters.
    """
    table = []
    for used in range(25):
        wizard, jester = _NEXT_COPIES[used]
        row = [(0, used)] * 256  # more copies than the deck has: never looked up
        for w in range(57 - wizard):  # copies up to bit 55 (the last Wizard) and bit 59 (the last Jester)
            for k in range(61 - jester):
                row[w | k << 4] = (((1 << w) - 1) << wizard | ((1 << k) - 1) << jester, used + 5 * w + k)
        table.append(tuple(row))
    return tuple(table)


_RENUMBER: Final = _renumber_table()
_SPANS: Final = tuple(tuple(float(size - i) for i in range(size)) for size in range(DECK_SIZE + 8))
"""`_SPANS[size]`: the cards left to draw from, as floats, at each step of a deal from `size` cards."""


def random_deals(schedule: Schedule, n: int, fixed: tuple[int, ...], rng: random.Random, specials: int = 0) -> Dealt:
    """Deal every round (R2.6): a partial Fisher-Yates shuffle of the deck per round.

    `specials` holds the hand bits of the special cards in the deck (R1.4).
    """
    deals = []
    uniform = rng.random
    full_deck = _DECK_VALUES + [1 << i for i in range(DECK_SIZE, SEAT_BITS) if specials >> i & 1]
    size = len(full_deck)
    spans = _SPANS[size]
    for rnd, cards in enumerate(schedule.cards_per_round):
        dealt = n * cards
        turn_up = fixed[rnd] == NOT_FIXED and dealt < size
        needed = dealt + 1 if turn_up else dealt
        deck = full_deck[:]
        # j = i + int(uniform() * (size - i)): uniform up to float rounding (2**-53). Written
        # with floor (a plain function, cheaper than calling int) and the spans as floats.
        for i, span in zip(range(needed), spans, strict=False):  # the first `needed` spans
            j = i + floor(uniform() * span)
            deck[i], deck[j] = deck[j], deck[i]
        packed = 0
        used = 0  # copies of the Wizard and the Jester numbered so far, as _RENUMBER counts them
        for shift, hand in zip(SEAT_SHIFTS, map(sum, map(deck.__getitem__, _HAND_SLICES[n][cards])), strict=False):
            if hand > _ANY_SUIT:
                # Wizards and Jesters are interchangeable: number their copies seat by seat, as
                # an explicit deal does, so that a game and its replay hold the very same bits.
                bits, used = _RENUMBER[used][hand >> 52 & 0xFF]
                packed |= (hand & _KEEP | bits) << shift
            else:
                packed |= hand << shift
        turned = NO_CARD
        if turn_up:
            value = deck[dealt]
            if value == _ONE_WIZARD:
                turned = _NEXT_COPIES[used][0]
            elif value == _ONE_JESTER:
                turned = _NEXT_COPIES[used][1]
            else:
                turned = value.bit_length() - 1
        deals.append((packed, turned))
    return deals


def _not_in_deck(card: object) -> str:
    """Why a card of an explicit deal is refused."""
    if isinstance(card, Card) and card.undeclared != card:
        return "is a card as played; a deal holds cards as dealt, without a declaration (R1.2)"
    return "is not a card left in the deck"


def given_deals(deal: Sequence[Deal], schedule: Schedule, n: int, fixed: tuple[int, ...], specials: int) -> Dealt:
    """Pack explicit deals, checked against the schedule, the deck and the trump rules (R3.1, R3.4, R3.5).

    Raises:
        DealError: a deal that does not fit: the message names the round and what is wrong.
    """
    rounds = as_tuple(deal, "deal", DealError, limit=schedule.rounds + 1)
    in_deck = (1 << 60) - 1 | specials
    deck_size = DECK_SIZE + specials.bit_count()
    if len(rounds) != schedule.rounds:
        raise DealError(f"deal: {len(rounds)} rounds given, the schedule has {schedule.rounds}")
    result = []
    for number, (item, cards) in enumerate(zip(rounds, schedule.cards_per_round, strict=True), start=1):
        if not isinstance(item, Deal):
            raise DealError(f"deal round {number}: {shown(item)} is not a Deal")
        if len(item.hands) != n:
            raise DealError(f"deal round {number}: {len(item.hands)} hands for {n} players")
        packed = 0
        used = 0
        for seat, hand in enumerate(item.hands):
            if len(hand) != cards:
                raise DealError(f"deal round {number}: seat {seat} has {len(hand)} cards, the round deals {cards}")
            mask = 0
            for card in hand:
                free = BITS_OF.get(card, 0) & in_deck & ~(used | mask) if isinstance(card, Card) else 0
                if not free:
                    raise DealError(f"deal round {number}: {shown(card)} {_not_in_deck(card)}")
                mask |= free & -free
            used |= mask
            packed |= mask << (seat * SEAT_BITS)
        turned = NO_CARD
        expect_card = fixed[number - 1] == NOT_FIXED and n * cards < deck_size
        if item.turned_up is not None:
            if not expect_card:
                raise DealError(f"deal round {number}: no card is turned up in this round (R3.4, R3.5)")
            card = item.turned_up
            free = BITS_OF.get(card, 0) & in_deck & ~used if isinstance(card, Card) else 0
            if not free:
                raise DealError(f"deal round {number}: turned-up {shown(card)} {_not_in_deck(card)}")
            turned = (free & -free).bit_length() - 1
        elif expect_card:
            raise DealError(f"deal round {number}: a card must be turned up for trump (R3.1)")
        result.append((packed, turned))
    return result
