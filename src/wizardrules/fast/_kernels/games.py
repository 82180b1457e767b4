"""Whole games of uniformly random legal play, compiled: the core of `wizardrules.fast.playouts`.

A run plays its games in parallel (`prange`); game `i` draws its deals and choices from its
own stream (`game_stream(seed, i)`), so a run gives the same games whatever the threads.
With its log on, a game writes every round's hands and turned-up card and every action as
a small code (`BID`, `BLIND_BID`, `LOOK`, `TRUMP`, `PLAY` plus a value), from which
`wizardrules.fast` makes a `GameRecord`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wizardrules.fast._kernels import kernel
from wizardrules.fast._kernels.rules import (
    ANY_SUIT,
    C_PLAYERS,
    C_ROUNDS,
    JESTERS,
    NOT_FIXED,
    SUIT_CARDS,
    WIZARDS,
    allowed_bids,
    below,
    blind_round,
    fixed_trump,
    game_stream,
    lowest,
    nth_bit,
    points,
    popcount,
    round_cards,
    win_key,
)

if TYPE_CHECKING:
    import numpy as np
    from numba import prange

    from wizardrules.fast._kernels.rules import Array

    GameArrays = tuple[Array, Array, Array, Array, Array, Array]
    """A game's totals, and per round its bids, tricks, points, blind marks and trump."""
    Deals = tuple[Array, Array, Array]
    """Every round's hands and turned-up card, and the log of actions."""

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


@kernel()
def play_game(rules: Array, state: np.uint64, out: GameArrays, log: bool, record: Deals) -> tuple[int, int]:
    """Play one game of uniformly random legal play; its first dealer and the number of actions logged.

    Each decision is uniform over the distinct legal actions, as over the engine's
    `legal_actions()`. With `log`, every round's hands and turned-up card and every action
    are written out for a record.

    `out` holds the game's totals and, per round, its bids, tricks, points, blind marks and
    trump; `record` the hands and turned-up card of each round and the log of actions.
    """
    cfg = rules
    totals, bids_out, tricks_out, points_out, blind_out, trump_out = out
    hands_out, turned_out, actions_out = record
    n = cfg[C_PLAYERS]
    first_dealer, state = below(state, n)
    deck = np.empty(60, dtype=np.int64)
    hands = np.zeros(6, dtype=np.uint64)
    bids = np.zeros(6, dtype=np.int64)
    won = np.zeros(6, dtype=np.int64)
    logged = 0
    totals[:] = 0
    for rnd in range(cfg[C_ROUNDS]):
        cards = round_cards(rules, rnd)
        dealer = (first_dealer + rnd) % n
        dealt = n * cards
        turn_up = fixed_trump(rules, rnd) == NOT_FIXED and dealt < 60
        # Deal (R2.6): a partial Fisher-Yates shuffle of the 60 cards.
        for i in range(60):
            deck[i] = i
        for i in range(dealt + 1 if turn_up else dealt):
            r, state = below(state, 60 - i)
            j = i + r
            deck[i], deck[j] = deck[j], deck[i]
        for seat in range(n):
            hand = np.uint64(0)
            for k in range(seat * cards, (seat + 1) * cards):
                hand |= np.uint64(1) << np.uint64(deck[k])
            hands[seat] = hand
        turned = deck[dealt] if turn_up else -1
        if log:
            hands_out[rnd, :n] = hands[:n]
            turned_out[rnd] = turned
        # Trump (R3): fixed by the schedule, or by the turned-up card; after a Wizard the dealer names it.
        looked = 0 if blind_round(rules, rnd) else (1 << n) - 1
        if fixed_trump(rules, rnd) != NOT_FIXED:
            trump = fixed_trump(rules, rnd)
        elif turned < 0 or turned >= 56:
            trump = -1
        elif turned >= 52:
            trump, state = below(state, 4)
            looked |= 1 << dealer
            if log:
                actions_out[logged] = TRUMP + trump
                logged += 1
        else:
            trump = turned // 13
        trump_out[rnd] = trump
        # Bids (R4), from the dealer's left.
        blind = 0
        bid_sum = 0
        for made in range(n):
            seat = (dealer + 1 + made) % n
            allowed = allowed_bids(cfg, rnd, cards, made, bid_sum, dealer, totals)
            count = popcount(allowed)
            if not looked >> seat & 1:  # look, or bid blind (R4.4)
                r, state = below(state, count + 1)
                if r == 0:
                    looked |= 1 << seat
                    if log:
                        actions_out[logged] = LOOK
                        logged += 1
                    r, state = below(state, count)
                    bid = nth_bit(allowed, r)
                    code = BID
                else:
                    bid = nth_bit(allowed, r - 1)
                    blind |= 1 << seat
                    code = BLIND_BID
            else:
                r, state = below(state, count)
                bid = nth_bit(allowed, r)
                code = BID
            looked |= 1 << seat
            bids[seat] = bid
            bid_sum += bid
            if log:
                actions_out[logged] = code + bid
                logged += 1
        # Tricks (R5): the player left of the dealer leads; the winner leads the next.
        won[:] = 0
        leader = (dealer + 1) % n
        for _ in range(cards):
            led = -1
            best = 0
            best_key = -2
            for k in range(n):
                seat = (leader + k) % n
                hand = hands[seat]
                suits = hand & np.uint64(ANY_SUIT)
                led_cards = np.uint64(SUIT_CARDS) << np.uint64(13 * led) if led >= 0 else np.uint64(0)
                if hand & led_cards:
                    suits = hand & led_cards  # must follow suit (R5.3)
                pc = popcount(suits)
                has_w = (hand & np.uint64(WIZARDS)) != 0
                has_j = (hand & np.uint64(JESTERS)) != 0
                r, state = below(state, pc + has_w + has_j)
                if r < pc:
                    card = nth_bit(suits, r)
                    code = card
                elif r == pc and has_w:
                    card = lowest(hand & np.uint64(WIZARDS))
                    code = 52
                else:
                    card = lowest(hand & np.uint64(JESTERS))
                    code = 56
                hands[seat] = hand & ~(np.uint64(1) << np.uint64(card))
                if log:
                    actions_out[logged] = PLAY + code
                    logged += 1
                if led == -1 and card < 56:  # the first suit card sets the led suit; a Wizard first frees it (R5.2)
                    led = card // 13 if card < 52 else -2
                key = win_key(card, trump, led)
                if key > best_key:
                    best, best_key = k, key
            leader = (leader + best) % n
            won[leader] += 1
        # Scoring (R6).
        for seat in range(n):
            is_blind = (blind >> seat & 1) == 1
            value = points(cfg, bids[seat], won[seat], is_blind)
            bids_out[rnd, seat] = bids[seat]
            tricks_out[rnd, seat] = won[seat]
            points_out[rnd, seat] = value
            blind_out[rnd, seat] = is_blind
            totals[seat] += value
    return first_dealer, logged


@kernel(parallel=True)
def play_games(rules: Array, seed: np.uint64, out: GameArrays, first_dealer: Array) -> None:
    """Play every game of a run in parallel (row `i` of each array of `out` is game `i`'s).

    Game `i` draws from its own stream, whatever thread plays it.
    """
    totals, bids, tricks, points_out, blind, trump = out
    no_record = (np.zeros((1, 1), dtype=np.uint64), np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int16))
    for i in prange(totals.shape[0]):
        game_out = (totals[i], bids[i], tricks[i], points_out[i], blind[i], trump[i])
        first_dealer[i], _ = play_game(rules, game_stream(seed, np.uint64(i)), game_out, False, no_record)


@kernel()
def replay_game(rules: Array, seed: np.uint64, game: np.uint64, record: Deals) -> tuple[int, int]:
    """Play game `game` of a run seeded `seed` again, logging its deals and actions; its first dealer and log length."""
    n, rounds = rules[C_PLAYERS], rules[C_ROUNDS]
    out = (
        np.zeros(n, dtype=np.int64),
        np.zeros((rounds, n), dtype=np.int16),
        np.zeros((rounds, n), dtype=np.int16),
        np.zeros((rounds, n), dtype=np.int32),
        np.zeros((rounds, n), dtype=np.bool_),
        np.zeros(rounds, dtype=np.int8),
    )
    return play_game(rules, game_stream(seed, game), out, True, record)
