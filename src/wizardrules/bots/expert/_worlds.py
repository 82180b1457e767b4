"""`ExpertBot`'s worlds in Python: uniform deals that respect the voids, and their weights.

The weights' tables (`bid_log_table`, `play_log_table`) are the one home of the bot's
inference: its compiled draw in numpy reads the same tables.
"""

from __future__ import annotations

import functools
import math
import random
from typing import Final

from wizardrules.bots._sampling import sample_world
from wizardrules.bots.expert._codes import DECK, Known, Round, codes_of, in_void, units
from wizardrules.engine import PlayerView

ASTRAY: Final = 0.1
"""The weight of a world in which a seat's play is not the one `RuleBot` would have made from its hand there."""

ASTRAY_FLOOR: Final = 0.02
"""Added to each seat's weight by its plays: however many of a seat's plays `RuleBot` would not have made, the
world keeps some weight, so that a seat that plays its own way (most of its plays missed in every world) leaves
the worlds' weights about even instead of picking a few of them."""

_FLOOR: Final = 0.02
"""The least chance a bid is given from any hand: a seat may bid against its hand's worth (a bluff, a blunder)."""


def deal(known: Known, seat: int, rng: random.Random, tries: int) -> list[list[int]] | None:
    """A uniform deal of the pool to the other seats that respects the voids, or `None` after `tries` misses."""
    pool = known.pool
    n = len(known.sizes)
    dealt = sum(size for s, size in enumerate(known.sizes) if s != seat)
    for _ in range(tries):
        cards = rng.sample(pool, dealt)  # only the cards dealt are drawn: a hand's worth of random numbers
        hands: list[list[int]] = []
        start = 0
        for s in range(n):
            if s == seat:
                hands.append(list(known.mine))
                continue
            hand = sorted(cards[start : start + known.sizes[s]])  # in card order, as the engine lists a hand
            start += known.sizes[s]
            if known.voids[s] and any(in_void(c, known.voids[s]) for c in hand):
                break
            hands.append(hand)
        else:
            return hands
    return None


def exact_deal(view: PlayerView, known: Known, rng: random.Random) -> list[list[int]]:
    """A deal from the exact sampler of `sample_world`, for when the voids make rejection miss."""
    world = sample_world(view, rng, tries=0)
    taken = set(known.mine)
    for cards in known.played:
        taken.update(cards)
    taken.update(c for c in DECK if c not in known.pool and c not in taken)
    return [list(known.mine) if s == view.seat else sorted(codes_of(hand, taken)) for s, hand in enumerate(world)]


@functools.lru_cache(maxsize=128)
def bid_log_table(cards: int, spread: float) -> tuple[tuple[float, ...], ...]:
    """The log-chance of each bid (row) from a hand of each worth in twentieths (column).

    A seat's bid is taken to be its hand's worth plus normal noise of standard deviation
    `spread`, rounded to a whole bid from 0 to `cards`; every bid keeps at least the chance
    `_FLOOR`.
    """
    scale = spread * math.sqrt(2)

    def below(edge: float, worth: float) -> float:
        return 0.5 * (1 + math.erf((edge - worth) / scale))

    return tuple(
        tuple(
            math.log(
                _FLOOR
                + (1.0 if bid >= cards else below(bid + 0.5, twentieths / 20))
                - (0.0 if bid <= 0 else below(bid - 0.5, twentieths / 20))
            )
            for twentieths in range(20 * cards + 1)
        )
        for bid in range(cards + 1)
    )


@functools.lru_cache(maxsize=128)
def play_log_table(cards: int, spread: float) -> tuple[tuple[float, ...], ...]:
    """The log-weight of a hand of each worth (column) still held by a seat that needs each number of tricks (row).

    After a seat has played, the cards it still holds are taken to be worth about the
    tricks it still needs, with a standard deviation of twice `spread`.
    """
    return tuple(
        tuple(-((need - twentieths / 20) ** 2) / (8 * spread * spread) for twentieths in range(20 * cards + 1))
        for need in range(cards + 1)
    )


def log_weight(game: Round, known: Known, hands: list[list[int]], spread: float) -> float:
    """How well the world's hands explain every other seat's bid and its play so far (log-likelihood)."""
    unit = units(game.trump)
    bid_logs = bid_log_table(game.cards, spread)
    play_logs = play_log_table(game.cards, spread)
    total = 0.0
    for s, hand in enumerate(hands):
        bid = known.bids[s]
        if s == game.seat or bid < 0:
            continue
        now = sum(unit[c] for c in hand)
        total += bid_logs[bid][now + sum(unit[c] for c in known.played[s])]
        if known.played[s]:
            total += play_logs[max(bid - known.won[s], 0)][now]
    return total
