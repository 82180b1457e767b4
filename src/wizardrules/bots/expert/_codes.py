"""`ExpertBot`'s view of a round in card codes: what is known, what is to be dealt, and the round's facts.

The codes are the package's one card code (`wizardrules._tables.codes`): 0..51 the suit
cards, 52..55 the Wizards, 56..59 the Jesters, each copy of a Wizard or Jester a code of its
own. The rules come as the package's tables (`wizardrules._tables`), `RuleBot`'s worth of a
card as its own tables (`bots._rulebot`), the points as the score rule's table: nothing here
states a rule again.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Final

import attrs

from wizardrules._tables import CODES, follow, led_after, win_keys
from wizardrules._tables.codes import BITS_OF, CARD_OF, DECK_SIZE, JESTERS, SUIT_BITS, SUIT_CARDS, WIZARDS
from wizardrules.bots._rulebot import power_table, strength_table
from wizardrules.cards import Card, CardKind, Suit
from wizardrules.engine import PlayerView

SUITS: Final = tuple(Suit)
DECK: Final = tuple(range(DECK_SIZE))
"""Every standard card's code."""


@functools.cache
def units(trump: int) -> tuple[int, ...]:
    """Each card code's worth (`RuleBot`'s strength) in twentieths of a trick under `trump` (-1 none).

    Whole numbers, so that a hand's worth adds up exactly.
    """
    row = strength_table()[(trump + 1) * DECK_SIZE : (trump + 2) * DECK_SIZE]
    return tuple(round(20 * worth) for worth in row)


@functools.cache
def worths(trump: int) -> tuple[float, ...]:
    """Each card code's worth (`RuleBot`'s strength) in tricks under `trump` (-1 none)."""
    return strength_table()[(trump + 1) * DECK_SIZE : (trump + 2) * DECK_SIZE]


@functools.cache
def powers(trump: int) -> tuple[int, ...]:
    """Each card code's power (`RuleBot`'s order of its plays) under `trump` (-1 none)."""
    return power_table()[(trump + 1) * DECK_SIZE : (trump + 2) * DECK_SIZE]


LED_AFTER: Final = led_after()
"""`[(led + 2) * CODES + code]`: the led suit once `code` is played (R5.2), the package's table."""
FOLLOW: Final = follow()
"""`[led + 2]`: what a hand holding the led suit may play (R5.3), the package's table."""
WIN_KEYS: Final = win_keys()
"""`[trump + 1][led + 2][code]`: the trick keys (R5.4), the package's table."""
STRIDE: Final = CODES
"""The stride of `LED_AFTER`."""


def held_suit(hand: Sequence[int], led: int) -> bool:
    """Whether `hand` holds a card of the led suit `led` (a suit's index)."""
    suit = SUIT_BITS[led]
    return any(suit >> code & 1 for code in hand)


def codes_of(cards: Sequence[Card], taken: set[int]) -> list[int]:
    """The codes of `cards`, a Wizard or Jester taking the first copy not in `taken` (which grows)."""
    out = []
    for card in cards:
        if card.kind is CardKind.WIZARD:
            code = next(c for c in WIZARDS if c not in taken)
        elif card.kind is CardKind.JESTER:
            code = next(c for c in JESTERS if c not in taken)
        else:
            code = BITS_OF[card].bit_length() - 1
        taken.add(code)
        out.append(code)
    return out


def code_in(hand: Sequence[int], card: Card) -> int:
    """The code of `card` in `hand`: a Wizard or Jester the first copy the hand holds."""
    bits = BITS_OF[card]
    return next(c for c in hand if bits >> c & 1)


def mask_of(hand: Sequence[int]) -> int:
    """A hand's card codes as a bit mask, as the compiled core reads hands."""
    mask = 0
    for code in hand:
        mask |= 1 << code
    return mask


def unmask(mask: int) -> list[int]:
    """The card codes of a hand's bit mask (`mask_of` undone), in code order."""
    mask = int(mask)
    return [code for code in range(DECK_SIZE) if mask >> code & 1]


def cards_of_codes(hand: Sequence[int]) -> tuple[Card, ...]:
    """The cards of a hand's codes, sorted as a hand is shown."""
    return tuple(sorted(CARD_OF[code] for code in hand))


@attrs.frozen(kw_only=True)
class Round:
    """What the rollouts of a decision share: the round's fixed facts."""

    players: int
    seat: int
    trump: int
    cards: int
    dealer: int
    bid_policy: Any
    round_number: int
    totals: tuple[int, ...]
    horizon: int
    rivalry: float
    points: tuple[int, ...]
    """The score rule's points of a bid looking (`_tables.points_table`): `[(bid * (cards + 1) + tricks) * 2]`."""

    def score(self, bid: int, tricks: int) -> int:
        """The round's points of `bid` with `tricks` taken (R6)."""
        return self.points[(bid * (self.cards + 1) + tricks) * 2]


@attrs.frozen(kw_only=True)
class Known:
    """The view turned into codes: what is fixed and what is to be dealt."""

    mine: tuple[int, ...]
    played: tuple[tuple[int, ...], ...]
    pool: tuple[int, ...]
    voids: tuple[frozenset[int], ...]
    sizes: tuple[int, ...]
    bids: tuple[int, ...]
    won: tuple[int, ...]
    trick: tuple[int, ...]
    leader: int


def known_from(view: PlayerView) -> Known:
    """What `view` knows, in codes: the bot's hand, every seat's plays and voids, and the pool to deal."""
    n = len(view.players)
    taken: set[int] = set()
    mine = codes_of(view.hand or (), taken)
    played: list[list[int]] = [[] for _ in range(n)]
    voids: list[set[int]] = [set() for _ in range(n)]
    for trick in (*view.completed_tricks, view.current_trick):
        led = -1
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            (code,) = codes_of((card,), taken)
            played[seat].append(code)
            if led >= 0 and not FOLLOW[led + 2] >> code & 1:  # did not follow: holds none of the suit (R5.3)
                voids[seat].add(led)
            led = LED_AFTER[(led + 2) * STRIDE + code]
    if view.turned_up is not None:
        codes_of((view.turned_up,), taken)
    trick_codes = [played[seat][-1] for seat in view.current_trick.seats]
    return Known(
        mine=tuple(sorted(mine)),
        played=tuple(tuple(p) for p in played),
        pool=tuple(c for c in DECK if c not in taken),
        voids=tuple(frozenset(v) for v in voids),
        sizes=view.hand_sizes,
        bids=tuple(-1 if b is None else b for b in view.bids),
        won=view.tricks_won,
        trick=tuple(trick_codes),
        leader=view.current_trick.leader,
    )


def in_void(code: int, voids: frozenset[int]) -> bool:
    """Whether `code` is a suit card of a suit in `voids`."""
    return code < SUIT_CARDS and code // 13 in voids
