"""Games one action at a time, compiled: the state of many games side by side, their legal actions, a step.

A batch of games is a tuple of arrays, one row per game (`Batch`): `state` holds each game's
numbers in the columns below, laid out as the engine's core is (phase numbers included), and
the per-seat arrays hold hands, bids, tricks and points. Actions are the codes of the game
log (`games.BID` + bid, ..., `games.PLAY` + card). `VectorGame` steps many games in lockstep
with these kernels, and `MonteCarloBot` plays its rollouts with them and `rulebot`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wizardrules._compiled import kernel
from wizardrules._compiled.games import BID, BLIND_BID, LOOK, PLAY, TRUMP
from wizardrules._compiled.rules import (
    ANY_SUIT,
    C_PLAYERS,
    C_ROUNDS,
    JESTERS,
    NOT_FIXED,
    SUIT_CARDS,
    WIZARDS,
    allowed_bids,
    below,
    lowest,
    points,
    win_key,
)

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from wizardrules._compiled.rules import RulesArrays

    Batch = tuple[
        npt.NDArray[np.int64],  # state: (games, S_SIZE)
        npt.NDArray[np.uint64],  # hands: (games, 6)
        npt.NDArray[np.int64],  # bids: (games, 6), -1 for a seat yet to bid
        npt.NDArray[np.int64],  # won: (games, 6) tricks taken this round
        npt.NDArray[np.int64],  # totals: (games, 6) before this round
        npt.NDArray[np.int64],  # points: (games, 6) of the last round scored
        npt.NDArray[np.int64],  # trick: (games, 6) the current trick's cards in play order
        npt.NDArray[np.uint64],  # played: (games,) the cards played this round
    ]
    Deals = tuple[
        npt.NDArray[np.uint64],  # hands: (games, rounds, 6) every round's hands as dealt
        npt.NDArray[np.int64],  # turned: (games, rounds) the turned-up card, -1 for none
        npt.NDArray[np.int16],  # log: (games, longest game) the actions taken
    ]

# Phases: the engine's numbers.
TRUMP_PHASE, BIDDING_PHASE, PLAYING_PHASE, OVER_PHASE = 0, 1, 2, 3

# Columns of the state array.
S_PHASE = 0
S_MOVE = 1
S_ROUND = 2  # the round's index, from 0
S_FIRST_DEALER = 3
S_DEALER = 4
S_TRUMP = 5  # the trump suit's index, -1 for none
S_TURNED = 6  # the turned-up card's bit index, -1 for none
S_LOOKED = 7  # a bit per seat that has seen its hand
S_BLIND = 8  # a bit per seat that bid blind
S_MADE = 9  # bids made this round
S_BID_SUM = 10
S_LEADER = 11
S_LED = 12  # the led suit, -1 while none is set, -2 once a Wizard came first
S_BEST = 13  # the position in the trick of the card winning so far
S_BEST_KEY = 14
S_TRICK_LEN = 15
S_LAST_ROUND = 16  # the round after which the game ends (a rollout plays one round)
S_LOGGED = 17  # actions in the log
S_GAME = 18  # the game's number in its run
S_SIZE = 19

SEATS = 6
"""Per-seat arrays have room for the most players."""


@kernel()
def start_round(batch: Batch, deals: Deals, b: int, rules: RulesArrays) -> None:
    """Deal game `b`'s round `state[b, S_ROUND]` from its deals: the trump, the first bidder to bid (R3, R4.1)."""
    cfg, _cards_per_round, fixed, blind_rounds = rules
    state, hands, bids, won, _totals, _points, _trick, played = batch
    n = cfg[C_PLAYERS]
    rnd = state[b, S_ROUND]
    dealer = (state[b, S_FIRST_DEALER] + rnd) % n
    turned = deals[1][b, rnd]
    for seat in range(n):
        hands[b, seat] = deals[0][b, rnd, seat]
        bids[b, seat] = -1
        won[b, seat] = 0
    played[b] = 0
    state[b, S_DEALER] = dealer
    state[b, S_TURNED] = turned
    state[b, S_LOOKED] = 0 if blind_rounds[rnd] else (1 << n) - 1
    state[b, S_BLIND] = 0
    state[b, S_MADE] = 0
    state[b, S_BID_SUM] = 0
    state[b, S_LEADER] = (dealer + 1) % n
    state[b, S_LED] = -1
    state[b, S_BEST] = 0
    state[b, S_BEST_KEY] = -2
    state[b, S_TRICK_LEN] = 0
    state[b, S_PHASE] = BIDDING_PHASE
    state[b, S_MOVE] = (dealer + 1) % n
    if fixed[rnd] != NOT_FIXED:
        state[b, S_TRUMP] = fixed[rnd]
    elif turned < 0 or turned >= 56:  # no card, or a Jester: no trump (R3.3, R3.4)
        state[b, S_TRUMP] = -1
    elif turned >= 52:  # a Wizard: the dealer names the trump after looking (R3.2)
        state[b, S_TRUMP] = -1
        state[b, S_PHASE] = TRUMP_PHASE
        state[b, S_MOVE] = dealer
        state[b, S_LOOKED] |= 1 << dealer
    else:
        state[b, S_TRUMP] = turned // 13


@kernel()
def legal_codes(batch: Batch, b: int, rules: RulesArrays, out: npt.NDArray[np.int64]) -> int:
    """Write the legal action codes of game `b` into `out` in the engine's order; their number (0 once over)."""
    cfg, cards_per_round, _fixed, _blind_rounds = rules
    state, hands, _bids, _won, totals, _points, _trick, _played = batch
    phase = state[b, S_PHASE]
    seat = state[b, S_MOVE]
    count = 0
    if phase == PLAYING_PHASE:
        hand = hands[b, seat]
        led = state[b, S_LED]
        suits = hand & np.uint64(ANY_SUIT)
        if led >= 0 and hand & (np.uint64(SUIT_CARDS) << np.uint64(13 * led)):
            suits = hand & (np.uint64(SUIT_CARDS) << np.uint64(13 * led))  # must follow suit (R5.3)
        if hand & np.uint64(JESTERS):
            out[count] = PLAY + 56
            count += 1
        while suits:
            card = lowest(suits)
            out[count] = PLAY + card
            count += 1
            suits &= suits - np.uint64(1)
        if hand & np.uint64(WIZARDS):
            out[count] = PLAY + 52
            count += 1
    elif phase == BIDDING_PHASE:
        rnd = state[b, S_ROUND]
        cards = cards_per_round[rnd]
        allowed = allowed_bids(cfg, rnd, cards, state[b, S_MADE], state[b, S_BID_SUM], state[b, S_DEALER], totals[b])
        code = BID
        if not state[b, S_LOOKED] >> seat & 1:  # look, or bid blind (R4.4)
            out[count] = LOOK
            count += 1
            code = BLIND_BID
        for bid in range(cards + 1):
            if allowed >> np.uint64(bid) & np.uint64(1):
                out[count] = code + bid
                count += 1
    elif phase == TRUMP_PHASE:
        for suit in range(4):
            out[count] = TRUMP + suit
            count += 1
    return count


@kernel()
def apply_code(batch: Batch, deals: Deals, b: int, code: int, rules: RulesArrays) -> bool:
    """Apply the legal action `code` to game `b`; whether it ended a round (its points are then in `points`)."""
    state, hands, bids, won, _totals, _points, trick, played = batch
    n = rules[0][C_PLAYERS]
    seat = state[b, S_MOVE]
    logged = state[b, S_LOGGED]
    if logged < deals[2].shape[1]:
        deals[2][b, logged] = code
        state[b, S_LOGGED] = logged + 1
    if code >= PLAY:  # a card (R5)
        card = code - PLAY
        hand = hands[b, seat]
        if card == 52:
            card = lowest(hand & np.uint64(WIZARDS))
        elif card == 56:
            card = lowest(hand & np.uint64(JESTERS))
        hands[b, seat] = hand & ~(np.uint64(1) << np.uint64(card))
        played[b] |= np.uint64(1) << np.uint64(card)
        position = state[b, S_TRICK_LEN]
        trick[b, position] = card
        led = state[b, S_LED]
        if led == -1 and card < 56:  # the first suit card sets the led suit; a Wizard first frees it (R5.2)
            led = card // 13 if card < 52 else -2
            state[b, S_LED] = led
        key = win_key(card, state[b, S_TRUMP], led)
        if key > state[b, S_BEST_KEY]:
            state[b, S_BEST] = position
            state[b, S_BEST_KEY] = key
        if position + 1 < n:
            state[b, S_TRICK_LEN] = position + 1
            state[b, S_MOVE] = (seat + 1) % n
            return False
        winner = (state[b, S_LEADER] + state[b, S_BEST]) % n  # the trick is complete (R5.4)
        won[b, winner] += 1
        state[b, S_TRICK_LEN] = 0
        state[b, S_LED] = -1
        state[b, S_BEST] = 0
        state[b, S_BEST_KEY] = -2
        state[b, S_LEADER] = winner
        state[b, S_MOVE] = winner
        if hands[b, winner]:  # cards remain: the winner leads (R5.1)
            return False
        finish_round(batch, deals, b, rules)
        return True
    if code >= TRUMP:  # the dealer names the trump (R3.2)
        state[b, S_TRUMP] = code - TRUMP
        state[b, S_PHASE] = BIDDING_PHASE
        state[b, S_MOVE] = (state[b, S_DEALER] + 1) % n
        return False
    if code == LOOK:  # R4.4
        state[b, S_LOOKED] |= 1 << seat
        return False
    bid = code - BLIND_BID if code >= BLIND_BID else code - BID  # R4.1, R4.4
    if code >= BLIND_BID:
        state[b, S_BLIND] |= 1 << seat
    state[b, S_LOOKED] |= 1 << seat
    bids[b, seat] = bid
    state[b, S_BID_SUM] += bid
    state[b, S_MADE] += 1
    if state[b, S_MADE] == n:  # everyone has bid: the player left of the dealer leads (R5.1)
        state[b, S_PHASE] = PLAYING_PHASE
        state[b, S_MOVE] = state[b, S_LEADER]
    else:
        state[b, S_MOVE] = (seat + 1) % n
    return False


@kernel()
def finish_round(batch: Batch, deals: Deals, b: int, rules: RulesArrays) -> None:
    """Score game `b`'s round onto its totals (R6), then deal the next round or end the game (R7)."""
    cfg = rules[0]
    state, _hands, bids, won, totals, points_out, _trick, _played = batch
    n = cfg[C_PLAYERS]
    for seat in range(n):
        value = points(cfg, bids[b, seat], won[b, seat], (state[b, S_BLIND] >> seat & 1) == 1)
        points_out[b, seat] = value
        totals[b, seat] += value
    rnd = state[b, S_ROUND]
    if rnd >= state[b, S_LAST_ROUND]:
        state[b, S_PHASE] = OVER_PHASE
        state[b, S_MOVE] = -1
        state[b, S_LEADER] = (state[b, S_DEALER] + 1) % n  # as the engine's state at the end
        return
    state[b, S_ROUND] = rnd + 1
    start_round(batch, deals, b, rules)


@kernel()
def deal_game(batch: Batch, deals: Deals, b: int, stream: np.uint64, game: int, rules: RulesArrays) -> None:
    """Start game `b` as game `game` of a run: its first dealer and every round's deal from `stream` (R2.5, R2.6)."""
    cfg, cards_per_round, fixed, _blind_rounds = rules
    n = cfg[C_PLAYERS]
    first_dealer, stream = below(stream, n)
    deck = np.empty(60, dtype=np.int64)
    for rnd in range(cfg[C_ROUNDS]):
        cards = cards_per_round[rnd]
        dealt = n * cards
        turn_up = fixed[rnd] == NOT_FIXED and dealt < 60
        for i in range(60):
            deck[i] = i
        for i in range(dealt + 1 if turn_up else dealt):
            r, stream = below(stream, 60 - i)
            j = i + r
            deck[i], deck[j] = deck[j], deck[i]
        for seat in range(n):
            hand = np.uint64(0)
            for k in range(seat * cards, (seat + 1) * cards):
                hand |= np.uint64(1) << np.uint64(deck[k])
            deals[0][b, rnd, seat] = hand
        deals[1][b, rnd] = deck[dealt] if turn_up else -1
    begin_game(batch, deals, b, first_dealer, game, rules)


@kernel()
def begin_game(batch: Batch, deals: Deals, b: int, first_dealer: int, game: int, rules: RulesArrays) -> None:
    """Start game `b`, whose deals are in `deals`, as game `game` of a run: round 1 is dealt (R2.5)."""
    state, _hands, _bids, _won, totals, points_out, _trick, _played = batch
    for seat in range(SEATS):
        totals[b, seat] = 0
        points_out[b, seat] = 0
    state[b, S_GAME] = game
    state[b, S_FIRST_DEALER] = first_dealer
    state[b, S_ROUND] = 0
    state[b, S_LAST_ROUND] = rules[0][C_ROUNDS] - 1
    state[b, S_LOGGED] = 0
    start_round(batch, deals, b, rules)
