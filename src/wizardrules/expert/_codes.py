"""Card codes for `ExpertBot`: the view and the round as small whole numbers, and the cards' worth.

Codes 0..51 are the suit cards (suit * 13 + rank - 1), 52..55 the Jesters and 56..59 the
Wizards, each copy its own code; the compiled core's hand masks put the same cards on the
bits `BIT` gives.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import attrs

from wizardrules.cards import Card, CardKind, Suit
from wizardrules.engine import PlayerView

SUITS: Final = tuple(Suit)
JESTER: Final = 52
WIZARD: Final = 56
CARD_OF: Final = (
    *(Card.suited(suit, rank) for suit in SUITS for rank in range(1, 14)),
    *([Card.JESTER] * 4),
    *([Card.WIZARD] * 4),
)
DECK: Final = tuple(range(60))


def codes_of(cards: Sequence[Card], taken: set[int]) -> list[int]:
    """The codes of `cards`, a Wizard or Jester taking the first copy not in `taken` (which grows)."""
    out = []
    for card in cards:
        if card.kind is CardKind.SUIT:
            assert card.suit is not None  # noqa: S101 - a suit card has a suit
            code = SUITS.index(card.suit) * 13 + card.rank - 1
        else:
            base = WIZARD if card.kind is CardKind.WIZARD else JESTER
            code = next(c for c in range(base, base + 4) if c not in taken)
        taken.add(code)
        out.append(code)
    return out


def _tables(trump: int) -> tuple[tuple[float, ...], tuple[int, ...]]:
    """Per code under `trump` (-1 none): RuleBot's trick worth of a card for bidding, and its play power."""
    worth = []
    power = []
    for code in DECK:
        if code >= WIZARD:
            worth.append(1.0)
            power.append(100)
        elif code >= JESTER:
            worth.append(0.0)
            power.append(-1)
        else:
            rank = code % 13 + 1
            if code // 13 == trump:
                worth.append(0.35 + 0.05 * rank)
                power.append(rank + 50)
            else:
                worth.append({13: 0.7, 12: 0.4, 11: 0.2}.get(rank, 0.0))
                power.append(rank)
    return tuple(worth), tuple(power)


TABLES: Final = tuple(_tables(trump) for trump in range(-1, 4))
"""`_tables(trump)` at index `trump + 1`."""

UNITS: Final = tuple(tuple(round(20 * worth) for worth in table[0]) for table in TABLES)
"""Each card's worth in twentieths of a trick (whole numbers: a hand's worth adds up exactly), by `trump + 1`."""

BIT: Final = tuple(c if c < JESTER else c + 4 if c < WIZARD else c - 4 for c in DECK)
"""Each card code's bit in the compiled core's hand masks: suit cards alike, Wizards on 52..55, Jesters on 56..59."""


def led_after(led: int, code: int) -> int:
    """The led suit once `code` is played on a trick led so far `led` (-1 none yet, -2 a Wizard led)."""
    if led != -1:
        return led
    if code >= WIZARD:
        return -2
    return code // 13 if code < JESTER else -1


def key_of(code: int, trump: int, led: int) -> int:
    """How strongly `code` holds a trick whose led suit is `led` (-1 none yet, -2 a Wizard led).

    A card takes the trick from the best so far only with a greater key: ties keep the earlier card.
    """
    if code >= WIZARD:
        return 200
    if code >= JESTER:
        return 0
    suit = code // 13
    if suit == trump:
        return 100 + code % 13
    return 1 + code % 13 if suit == led else 0


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
            if led >= 0 and code < JESTER and code // 13 != led:
                voids[seat].add(led)
            led = led_after(led, code)
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


def code_in(hand: Sequence[int], card: Card) -> int:
    if card.kind is CardKind.WIZARD:
        return next(c for c in hand if c >= WIZARD)
    if card.kind is CardKind.JESTER:
        return next(c for c in hand if JESTER <= c < WIZARD)
    assert card.suit is not None  # noqa: S101 - a suit card has a suit
    return SUITS.index(card.suit) * 13 + card.rank - 1


def mask_of(hand: Sequence[int]) -> int:
    """A hand as the compiled core's bit mask: suit cards on the same bits, Wizards on 52..55, Jesters on 56..59."""
    mask = 0
    for c in hand:
        mask |= 1 << BIT[c]
    return mask


def unmask(mask: int) -> list[int]:
    """The card codes of a hand's bit mask (`mask_of` undone)."""
    return [c for c in DECK if int(mask) >> BIT[c] & 1]
