"""Games one action at a time, compiled: many games side by side, their legal actions, a step.

A batch of games is one int64 array, `games`, a row per game, laid out in the columns below
as the engine's core is (phase numbers included): the game's numbers, then a block per seat
for hands, bids, tricks, totals, points and the current trick. One array, because every
array a compiled step touches costs it bookkeeping. A batch's deals are a second array,
`deals` (a row of hands per round, the turned-up card after them), and its actions are
logged in a third, `log`. Actions are the codes of the game log (`games.BID` + bid, ...,
`games.PLAY` + card). A hand is a mask of the engine's card bits (59 at most: an int64).

This is the one compiled transition: `VectorGame` steps many games in lockstep with these
kernels, `playouts` plays its random games with them, and `MonteCarloBot` plays its
rollouts with them and `rulebot`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wizardrules._tables import DEALER_CHOOSES, TRUMP_OF_TURNED
from wizardrules.fast._kernels import kernel
from wizardrules.fast._kernels.rules import (
    C_PLAYERS,
    C_ROUNDS,
    JESTERS,
    NOT_FIXED,
    WIZARDS,
    allowed_bids,
    below,
    blind_round,
    fixed_trump,
    led_after,
    lowest,
    nth_bit,
    playable,
    points,
    popcount,
    round_cards,
    win_key,
    wrap,
)

if TYPE_CHECKING:
    import numpy as np

    from wizardrules.fast._kernels.rules import Array

# Action codes of a game's log: a base plus a value.
BID = 0
"""+ the bid."""
BLIND_BID = 100
"""+ the bid."""
LOOK = 200
TRUMP = 210
"""+ the suit's index."""
PLAY = 300
"""+ the card's bit index: 52 for a Wizard, 56 for a Jester."""

# Phases: the engine's numbers.
TRUMP_PHASE, BIDDING_PHASE, PLAYING_PHASE, OVER_PHASE = 0, 1, 2, 3

# Columns of a game's row: what a card played reads and writes first, in the first 64 bytes.
G_PHASE = 0
G_MOVE = 1
G_LED = 2  # the led suit, -1 while none is set, -2 once a Wizard came first
G_TRICK_LEN = 3
G_BEST = 4  # the position in the trick of the card winning so far
G_BEST_KEY = 5
G_TRUMP = 6  # the trump suit's index, -1 for none
G_LOGGED = 7  # actions in the log
G_PLAYED = 8  # the cards played this round, a mask
SEATS = 6
"""Each per-seat block has room for the most players."""
G_HANDS = 9  # + seat: the hand, a mask
G_TRICK = G_HANDS + SEATS  # + position: the current trick's cards in play order
G_LEADER = G_TRICK + SEATS
G_WON = G_LEADER + 1  # + seat: tricks taken this round
G_ROUND = G_WON + SEATS  # the round's index, from 0
G_FIRST_DEALER = G_ROUND + 1
G_DEALER = G_ROUND + 2
G_TURNED = G_ROUND + 3  # the turned-up card's bit index, -1 for none
G_LOOKED = G_ROUND + 4  # a bit per seat that has seen its hand
G_BLIND = G_ROUND + 5  # a bit per seat that bid blind
G_MADE = G_ROUND + 6  # bids made this round
G_BID_SUM = G_ROUND + 7
G_LAST_ROUND = G_ROUND + 8  # the round after which the game ends (a rollout plays one round)
G_GAME = G_ROUND + 9  # the game's number in its run
G_BIDS = G_ROUND + 10  # + seat: the bid, -1 while yet to bid
G_TOTALS = G_BIDS + SEATS  # + seat: the total before this round
G_POINTS = G_TOTALS + SEATS  # + seat: the points of the last round scored
G_SIZE = G_POINTS + SEATS
D_TURNED = SEATS
"""A round's row of `deals` holds each seat's hand, then the turned-up card (-1 for none)."""


@kernel(inline=True)
def start_round(games: Array, deals: Array, b: int, rules: Array) -> None:
    """Deal game `b`'s round `games[b, G_ROUND]` from its deals: the trump, the first bidder to bid (R3, R4.1)."""
    n = rules[C_PLAYERS]
    rnd = games[b, G_ROUND]
    dealer = (games[b, G_FIRST_DEALER] + rnd) % n
    turned = deals[b, rnd, D_TURNED]
    for seat in range(n):
        games[b, G_HANDS + seat] = deals[b, rnd, seat]
        games[b, G_BIDS + seat] = -1
        games[b, G_WON + seat] = 0
    games[b, G_PLAYED] = 0
    games[b, G_DEALER] = dealer
    games[b, G_TURNED] = turned
    games[b, G_LOOKED] = 0 if blind_round(rules, rnd) else (1 << n) - 1
    games[b, G_BLIND] = 0
    games[b, G_MADE] = 0
    games[b, G_BID_SUM] = 0
    games[b, G_LEADER] = wrap(dealer + 1, n)
    games[b, G_LED] = -1
    games[b, G_BEST] = 0
    games[b, G_BEST_KEY] = -2
    games[b, G_TRICK_LEN] = 0
    games[b, G_PHASE] = BIDDING_PHASE
    games[b, G_MOVE] = wrap(dealer + 1, n)
    trump = fixed_trump(rules, rnd)
    if trump == NOT_FIXED:  # the turned-up card decides (R3.1-R3.4)
        trump = TRUMP_OF_TURNED[turned + 1]
    if trump == DEALER_CHOOSES:  # the dealer names the trump after looking (R3.2)
        games[b, G_TRUMP] = -1
        games[b, G_PHASE] = TRUMP_PHASE
        games[b, G_MOVE] = dealer
        games[b, G_LOOKED] |= 1 << dealer
    else:
        games[b, G_TRUMP] = trump


@kernel(inline=True)
def bids_allowed(games: Array, b: int, rules: Array) -> int:
    """The bids game `b`'s next bidder may make, as a mask of bids (R4.2)."""
    rnd = games[b, G_ROUND]
    totals = games[b, G_TOTALS : G_TOTALS + SEATS]
    return allowed_bids(rules, rnd, games[b, G_MADE], games[b, G_BID_SUM], games[b, G_DEALER], totals)


NO_CODE = -1
"""No action: `choices` names no first or last code."""


@kernel(inline=True)
def choices(games: Array, b: int, rules: Array) -> tuple[int, int, int, int]:
    """Game `b`'s legal actions as `(first, base, mask, last)`: in the engine's order, the code `first`,
    then `base` plus each set bit of `mask`, then the code `last` (`NO_CODE` where there is none).

    The one statement of the legal actions (R3.2, R4.1, R4.4, R5.3) that `legal_codes` lists and
    `nth_code` picks from: a card player may play the Jester, the suit cards it may play, then the
    Wizard (each copy of a Wizard or Jester is one action); a bidder who has not looked may look,
    or bid blind; the dealer names one of the four suits.
    """
    phase = games[b, G_PHASE]
    seat = games[b, G_MOVE]
    if phase == PLAYING_PHASE:
        hand = playable(games[b, G_HANDS + seat], games[b, G_LED])
        first = PLAY + 56 if hand & JESTERS else NO_CODE
        last = PLAY + 52 if hand & WIZARDS else NO_CODE
        return first, PLAY, hand & ~(WIZARDS | JESTERS), last
    if phase == BIDDING_PHASE:
        allowed = bids_allowed(games, b, rules)
        if not games[b, G_LOOKED] >> seat & 1:  # look, or bid blind (R4.4)
            return LOOK, BLIND_BID, allowed, NO_CODE
        return NO_CODE, BID, allowed, NO_CODE
    if phase == TRUMP_PHASE:
        return NO_CODE, TRUMP, 0xF, NO_CODE
    return NO_CODE, 0, 0, NO_CODE


@kernel(inline=True)
def legal_codes(games: Array, b: int, rules: Array, out: Array) -> int:
    """Write the legal action codes of game `b` into `out` in the engine's order; their number (0 once over)."""
    first, base, mask, last = choices(games, b, rules)
    count = 0
    if first != NO_CODE:
        out[0] = first
        count = 1
    while mask:
        out[count] = base + lowest(mask)
        count += 1
        mask &= mask - 1
    if last != NO_CODE:
        out[count] = last
        count += 1
    return count


@kernel(inline=True)
def random_code(games: Array, b: int, rules: Array, stream: np.uint64) -> tuple[int, np.uint64]:
    """A legal action code of game `b` drawn uniformly from `stream` (as if from `legal_codes`' list), and the
    stream's next state."""
    first, base, mask, last = choices(games, b, rules)
    ahead = first != NO_CODE
    middle = popcount(mask)
    r, stream = below(stream, ahead + middle + (last != NO_CODE))
    if r < ahead:
        return first, stream
    r -= ahead
    if r < middle:
        return base + nth_bit(mask, r), stream
    return last, stream


@kernel(inline=True)
def apply_code(games: Array, deals: Array, log: Array, b: int, code: int, rules: Array) -> bool:
    """Apply the legal action `code` to game `b`; whether it ended a round.

    A round that ends is scored (its points are then in `G_POINTS`) and left as it ended, with
    its bids, blind marks, tricks and trump, for the caller to read: `next_round` then deals
    the next round or ends the game, before the game's next action.
    """
    n = rules[C_PLAYERS]
    seat = games[b, G_MOVE]
    logged = games[b, G_LOGGED]
    if logged < log.shape[1]:
        log[b, logged] = code
        games[b, G_LOGGED] = logged + 1
    if code >= PLAY:  # a card (R5)
        card = code - PLAY
        hand = games[b, G_HANDS + seat]
        if card == 52:
            card = lowest(hand & WIZARDS)
        elif card == 56:
            card = lowest(hand & JESTERS)
        games[b, G_HANDS + seat] = hand & ~(1 << card)
        games[b, G_PLAYED] |= 1 << card
        position = games[b, G_TRICK_LEN]
        games[b, G_TRICK + position] = card
        led = led_after(games[b, G_LED], card)  # R5.2
        games[b, G_LED] = led
        key = win_key(card, games[b, G_TRUMP], led)
        if key > games[b, G_BEST_KEY]:
            games[b, G_BEST] = position
            games[b, G_BEST_KEY] = key
        if position + 1 < n:
            games[b, G_TRICK_LEN] = position + 1
            games[b, G_MOVE] = wrap(seat + 1, n)
            return False
        winner = wrap(games[b, G_LEADER] + games[b, G_BEST], n)  # the trick is complete (R5.4)
        games[b, G_WON + winner] += 1
        games[b, G_TRICK_LEN] = 0
        games[b, G_LED] = -1
        games[b, G_BEST] = 0
        games[b, G_BEST_KEY] = -2
        games[b, G_LEADER] = winner
        games[b, G_MOVE] = winner
        if games[b, G_HANDS + winner]:  # cards remain: the winner leads (R5.1)
            return False
        score_round(games, b, rules)
        return True
    if code >= TRUMP:  # the dealer names the trump (R3.2)
        games[b, G_TRUMP] = code - TRUMP
        games[b, G_PHASE] = BIDDING_PHASE
        games[b, G_MOVE] = wrap(games[b, G_DEALER] + 1, n)
        return False
    if code == LOOK:  # R4.4
        games[b, G_LOOKED] |= 1 << seat
        return False
    bid = code - BLIND_BID if code >= BLIND_BID else code - BID  # R4.1, R4.4
    if code >= BLIND_BID:
        games[b, G_BLIND] |= 1 << seat
    games[b, G_LOOKED] |= 1 << seat
    games[b, G_BIDS + seat] = bid
    games[b, G_BID_SUM] += bid
    games[b, G_MADE] += 1
    if games[b, G_MADE] == n:  # everyone has bid: the player left of the dealer leads (R5.1)
        games[b, G_PHASE] = PLAYING_PHASE
        games[b, G_MOVE] = games[b, G_LEADER]
    else:
        games[b, G_MOVE] = wrap(seat + 1, n)
    return False


@kernel(inline=True)
def score_round(games: Array, b: int, rules: Array) -> None:
    """Score game `b`'s round onto its totals (R6)."""
    for seat in range(rules[C_PLAYERS]):
        blind = games[b, G_BLIND] >> seat & 1
        value = points(rules, games[b, G_BIDS + seat], games[b, G_WON + seat], blind)
        games[b, G_POINTS + seat] = value
        games[b, G_TOTALS + seat] += value


@kernel()
def next_round(games: Array, deals: Array, b: int, rules: Array) -> None:
    """After game `b`'s round was scored: deal the next round, or end the game after the last (R7)."""
    rnd = games[b, G_ROUND]
    if rnd >= games[b, G_LAST_ROUND]:
        games[b, G_PHASE] = OVER_PHASE
        games[b, G_MOVE] = -1
        games[b, G_LEADER] = wrap(games[b, G_DEALER] + 1, rules[C_PLAYERS])  # as the engine's state at the end
        return
    games[b, G_ROUND] = rnd + 1
    start_round(games, deals, b, rules)


@kernel()
def deal_game(games: Array, deals: Array, b: int, stream: np.uint64, game: int, rules: Array, deck: Array) -> np.uint64:
    """Start game `b` as game `game` of a run: its first dealer and every round's deal from `stream` (R2.5, R2.6).

    `deck` is room for the shuffle (60 whole numbers or more). The stream's state after the
    deal is returned (for a game that draws its choices from it too).
    """
    n = rules[C_PLAYERS]
    first_dealer, stream = below(stream, n)
    for rnd in range(rules[C_ROUNDS]):
        cards = round_cards(rules, rnd)
        dealt = n * cards
        turn_up = fixed_trump(rules, rnd) == NOT_FIXED and dealt < 60
        for i in range(60):
            deck[i] = i
        for i in range(dealt + 1 if turn_up else dealt):
            r, stream = below(stream, 60 - i)
            j = i + r
            deck[i], deck[j] = deck[j], deck[i]
        for seat in range(n):
            hand = 0
            for k in range(seat * cards, (seat + 1) * cards):
                hand |= 1 << deck[k]
            deals[b, rnd, seat] = hand
        deals[b, rnd, D_TURNED] = deck[dealt] if turn_up else -1
    begin_game(games, deals, b, first_dealer, game, rules)
    return stream


@kernel()
def begin_game(games: Array, deals: Array, b: int, first_dealer: int, game: int, rules: Array) -> None:
    """Start game `b`, whose deals are in `deals`, as game `game` of a run: round 1 is dealt (R2.5)."""
    for seat in range(SEATS):
        games[b, G_TOTALS + seat] = 0
        games[b, G_POINTS + seat] = 0
    games[b, G_GAME] = game
    games[b, G_FIRST_DEALER] = first_dealer
    games[b, G_ROUND] = 0
    games[b, G_LAST_ROUND] = rules[C_ROUNDS] - 1
    games[b, G_LOGGED] = 0
    start_round(games, deals, b, rules)
