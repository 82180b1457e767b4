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
    playable,
    points,
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


@kernel(inline=True)
def legal_codes(games: Array, b: int, rules: Array, out: Array) -> int:
    """Write the legal action codes of game `b` into `out` in the engine's order; their number (0 once over)."""
    phase = games[b, G_PHASE]
    seat = games[b, G_MOVE]
    count = 0
    if phase == PLAYING_PHASE:
        hand = playable(games[b, G_HANDS + seat], games[b, G_LED])
        suits = hand & ~(WIZARDS | JESTERS)
        if hand & JESTERS:
            out[count] = PLAY + 56
            count += 1
        while suits:
            out[count] = PLAY + lowest(suits)
            count += 1
            suits &= suits - 1
        if hand & WIZARDS:
            out[count] = PLAY + 52
            count += 1
    elif phase == BIDDING_PHASE:
        allowed = bids_allowed(games, b, rules)
        code = BID
        if not games[b, G_LOOKED] >> seat & 1:  # look, or bid blind (R4.4)
            out[count] = LOOK
            count += 1
            code = BLIND_BID
        for bid in range(round_cards(rules, games[b, G_ROUND]) + 1):
            if allowed >> bid & 1:
                out[count] = code + bid
                count += 1
    elif phase == TRUMP_PHASE:
        for suit in range(4):
            out[count] = TRUMP + suit
            count += 1
    return count


@kernel(inline=True)
def is_legal(games: Array, b: int, rules: Array, code: int) -> bool:
    """Whether `code` is one of game `b`'s legal actions (as `legal_codes` lists them), checked directly."""
    phase = games[b, G_PHASE]
    seat = games[b, G_MOVE]
    if phase == PLAYING_PHASE:
        card = code - PLAY
        hand = games[b, G_HANDS + seat]
        if card < 0 or card > 59:
            return False
        if card >= 52:  # a Wizard or Jester may always be played (R5.3), named by its first copy
            return (card == 52 and (hand & WIZARDS) != 0) or (card == 56 and (hand & JESTERS) != 0)
        return (playable(hand, games[b, G_LED]) >> card & 1) != 0
    if phase == BIDDING_PHASE:
        looked = games[b, G_LOOKED] >> seat & 1
        if code == LOOK:
            return not looked
        if BLIND_BID <= code < LOOK:
            bid = code - BLIND_BID
            if looked:
                return False
        elif 0 <= code < BLIND_BID:
            bid = code
            if not looked:
                return False
        else:
            return False
        return bid <= round_cards(rules, games[b, G_ROUND]) and (bids_allowed(games, b, rules) >> bid & 1) != 0
    if phase == TRUMP_PHASE:
        return TRUMP <= code < TRUMP + 4
    return False


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
def deal_game(games: Array, deals: Array, b: int, stream: np.uint64, game: int, rules: Array) -> np.uint64:
    """Start game `b` as game `game` of a run: its first dealer and every round's deal from `stream` (R2.5, R2.6).

    The stream's state after the deal is returned (for a game that draws its choices from it too).
    """
    n = rules[C_PLAYERS]
    first_dealer, stream = below(stream, n)
    deck = np.empty(60, dtype=np.int64)
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
