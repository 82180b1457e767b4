"""The rules as compiled kernels read them: random streams, bit counting, and the rule tables.

The bids, the trick keys, the led suit, the cards that may be played and the points are
looked up in the tables of `wizardrules._tables`, computed once from the rules' own
statements (module-level tuples here, arrays in the kernels; a game's own tables in its
rules' vector).

Hands are `uint64` masks in the engine's bit layout (`wizardrules._tables.codes`): 0..51 the suit
cards (suit index * 13 + rank - 1), 52..55 the Wizards, 56..59 the Jesters. A game's chance
comes from its own `splitmix64` stream, seeded from a run's seed and the game's number, so
that a game does not depend on which thread plays it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wizardrules import _tables
from wizardrules._tables import CODES
from wizardrules._tables.codes import DECK_SIZE
from wizardrules.fast._kernels import kernel

if TYPE_CHECKING:
    from typing import Any, TypeAlias

    import numpy as np
    import numpy.typing as npt

    Array: TypeAlias = npt.NDArray[Any]
    """An array of any dtype (kernels read int64, uint64, small ints and bools alike)."""

# A game's rules are one int64 vector: these fields, then per round its cards, then per
# round its fixed trump (a suit, -1 for none, or NOT_FIXED), then per round whether blind
# bids are possible (1 or 0): `round_cards`, `fixed_trump` and `blind_round` read them.
# Then the rules' tables (`wizardrules._tables`): the score rule's points from `C_POINTS` on
# (`points` reads them) and the bid policy's answers from `C_BIDS` on (`allowed_bids`).
C_PLAYERS, C_ROUNDS, C_MOST, C_POINTS, C_BIDS, C_BID_STRIDE = 0, 1, 2, 3, 4, 5
C_SIZE = 6

NOT_FIXED = -2
"""A round whose trump the turned-up card decides (R3.5)."""
GOLDEN = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB
DEBRUIJN = 0x03F79D71B4CB0A89
DEBRUIJN_INDEX = tuple(sorted(range(64), key=lambda i: ((1 << i) * DEBRUIJN & (2**64 - 1)) >> 58))
"""The bit index of each de Bruijn position: `lowest` reads it."""
ANY_SUIT = (1 << 52) - 1
LED_AFTER = _tables.led_after()
"""`_tables.led_after()`: the led suit after each card (R5.2)."""
FOLLOW = tuple(mask & ((1 << DECK_SIZE) - 1) for mask in _tables.follow())
"""`_tables.follow()` for the standard deck's cards (R5.3): the kernels play no special cards."""
WIN_KEY = _tables.win_key_table()
"""`_tables.win_key_table()`: the trick keys (R5.4)."""
WIZARDS = 0xF << 52
JESTERS = 0xF << 56
SUIT_CARDS = 0x1FFF


@kernel()
def mix(z: np.uint64) -> np.uint64:
    """splitmix64's output function."""
    z = (z ^ (z >> np.uint64(30))) * np.uint64(MIX1)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(MIX2)
    return z ^ (z >> np.uint64(31))


@kernel()
def game_stream(seed: np.uint64, game: np.uint64) -> np.uint64:
    """The first state of game `game`'s random stream in a run seeded `seed`."""
    return mix(mix(seed + np.uint64(GOLDEN)) + game * np.uint64(GOLDEN))


@kernel()
def below(state: np.uint64, k: int) -> tuple[int, np.uint64]:
    """A uniform whole number 0..k-1 (for k below 2**32) and the stream's next state."""
    state = state + np.uint64(GOLDEN)
    z = mix(state) >> np.uint64(32)
    return int((z * np.uint64(k)) >> np.uint64(32)), state


@kernel(inline=True)
def round_cards(rules: Array, rnd: int) -> int:
    """The cards each player is dealt in round `rnd` (from 0)."""
    return rules[C_SIZE + rnd]


@kernel(inline=True)
def fixed_trump(rules: Array, rnd: int) -> int:
    """Round `rnd`'s fixed trump: a suit's index, -1 for none, or `NOT_FIXED` (R3.5)."""
    return rules[C_SIZE + rules[C_ROUNDS] + rnd]


@kernel(inline=True)
def blind_round(rules: Array, rnd: int) -> bool:
    """Whether blind bids are possible in round `rnd` (R4.4, R4.5)."""
    return rules[C_SIZE + 2 * rules[C_ROUNDS] + rnd] != 0


@kernel()
def popcount(mask: int) -> int:
    """The number of set bits of a mask (an int64 or uint64)."""
    x = np.uint64(mask)
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return int((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@kernel()
def lowest(mask: int) -> int:
    """The index of the lowest set bit of a mask (an int64 or uint64) that is not 0."""
    x = np.uint64(mask)
    return DEBRUIJN_INDEX[((x & -x) * np.uint64(DEBRUIJN)) >> np.uint64(58)]


@kernel()
def nth_bit(mask: int, r: int) -> int:
    """The index of the `r`-th lowest set bit of a mask, counted from 0."""
    x = np.uint64(mask)
    for _ in range(r):
        x &= x - np.uint64(1)
    return lowest(x)


@kernel(inline=True)
def wrap(seat: int, n: int) -> int:
    """`seat % n` for a seat in -n..2n-1, without a division (a hot path's way to go round the table)."""
    if seat >= n:
        return seat - n
    if seat < 0:
        return seat + n
    return seat


@kernel()
def allowed_bids(cfg: Array, rnd: int, made: int, bid_sum: int, dealer: int, totals: Array) -> int:
    """The bids the next bidder may make as a mask of bids 0..cards (R4.1, R4.2): the bid policy's answer.

    `cfg` is the rules' vector, whose table (`_tables.bid_table`) holds the policy's answer
    in every situation: by round, whether the bidder is the last, the dealer's seat and
    whether the dealer trails on totals (`totals`, the seats' totals).
    """
    players = cfg[C_PLAYERS]
    stride = cfg[C_BID_STRIDE]
    trails = 0
    for seat in range(players):
        if totals[seat] > totals[dealer]:
            trails = 1
    last = 1 if made == players - 1 else 0
    row = cfg[C_BIDS] + (rnd * 4 * players + (last * players + dealer) * 2 + trails) * stride
    return cfg[row + bid_sum]


@kernel(inline=True)
def points(cfg: Array, bid: int, tricks: int, blind: bool) -> int:
    """A round's points under the score rule (R6.1, R6.2), from its table (`_tables.points_table`)."""
    return cfg[cfg[C_POINTS] + (bid * (cfg[C_MOST] + 1) + tricks) * 2 + blind]


@kernel(inline=True)
def win_key(card: int, trump: int, led: int) -> int:
    """A standard card's strength in a trick (R5.4): the first card of the highest key wins.

    `led` is the led suit, -1 while none is set and -2 once a Wizard came first. The keys are
    `tricks.win_key`'s, as the flat table `_tables.win_key_table()`.
    """
    return WIN_KEY[((trump + 1) * 6 + led + 2) * 60 + card]


@kernel(inline=True)
def led_after(led: int, card: int) -> int:
    """The led suit once `card` is played to a trick led `led` (R5.2), from `_tables.led_after()`."""
    return LED_AFTER[(led + 2) * CODES + card]


@kernel(inline=True)
def playable(hand: int, led: int) -> int:
    """The cards of `hand` that may be played to a trick led `led` (R5.3), by `_tables.follow()`.

    A hand holding a card of the led suit plays one of the cards `FOLLOW` names for it; any
    other hand plays any card.
    """
    follow = hand & FOLLOW[led + 2]
    if follow & ANY_SUIT:
        return follow
    return hand
