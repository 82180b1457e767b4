"""Whole games of uniformly random legal play, compiled: the core of `wizardrules.fast.playouts`.

A game is played with the one compiled transition of `steps`, as `VectorGame` plays it:
`deal_game` deals it, and each decision is drawn by `random_code`, uniformly over the legal
actions (those `legal_codes` lists, the engine's `legal_actions()`), before `apply_code`
applies it. A run plays its games in parallel (`prange`); game `i` draws its deals and
choices from its own stream (`game_stream(seed, i)`), so a run gives the same games whatever
the threads. Replayed with its log on, a game writes every action as a code (`steps.BID`,
..., `steps.PLAY` plus a value), from which `wizardrules.fast` makes a `GameRecord`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wizardrules.fast._kernels import kernel
from wizardrules.fast._kernels.rules import C_PLAYERS, C_ROUNDS, game_stream
from wizardrules.fast._kernels.steps import (
    G_BIDS,
    G_BLIND,
    G_FIRST_DEALER,
    G_LOGGED,
    G_PHASE,
    G_POINTS,
    G_ROUND,
    G_SIZE,
    G_TOTALS,
    G_TRUMP,
    G_WON,
    OVER_PHASE,
    SEATS,
    apply_code,
    deal_game,
    next_round,
    random_code,
)

CHUNKS = 1024
"""A run's games are shared out in this many chunks at most, for the threads to take."""

if TYPE_CHECKING:
    import numpy as np
    from numba import prange

    from wizardrules.fast._kernels.rules import Array

    GameArrays = tuple[Array, Array, Array, Array, Array, Array]
    """A game's totals, and per round its bids, tricks, points, blind marks and trump."""


@kernel()
def play_game(
    games: Array,
    deals: Array,
    log: Array,
    b: int,
    stream: np.uint64,
    game: int,
    rules: Array,
    out: GameArrays,
    scratch: Array,
) -> None:
    """Deal game `b` as game `game` of a run from `stream` and play it out with uniformly random legal actions.

    `out` receives the game's totals and, per round, its bids, tricks, points, blind marks and
    trump; `log` (a row per game, of any width) the actions as far as it has room. `scratch`
    is room for the deal (64 whole numbers).
    """
    totals, bids_out, tricks_out, points_out, blind_out, trump_out = out
    n = rules[C_PLAYERS]
    stream = deal_game(games, deals, b, stream, game, rules, scratch)
    while games[b, G_PHASE] != OVER_PHASE:
        code, stream = random_code(games, b, rules, stream)
        if apply_code(games, deals, log, b, code, rules):  # a round ended: record it
            rnd = games[b, G_ROUND]
            for seat in range(n):
                bids_out[rnd, seat] = games[b, G_BIDS + seat]
                tricks_out[rnd, seat] = games[b, G_WON + seat]
                points_out[rnd, seat] = games[b, G_POINTS + seat]
                blind_out[rnd, seat] = games[b, G_BLIND] >> seat & 1
            trump_out[rnd] = games[b, G_TRUMP]
            next_round(games, deals, b, rules)
    for seat in range(n):
        totals[seat] = games[b, G_TOTALS + seat]


@kernel(parallel=True, allocates=True)
def play_games(rules: Array, seed: np.uint64, out: GameArrays, first_dealer: Array) -> None:
    """Play every game of a run in parallel (row `i` of each array of `out` is game `i`'s).

    Game `i` draws from its own stream, whatever thread plays it.
    """
    totals, bids, tricks, points_out, blind, trump = out
    rounds = rules[C_ROUNDS]
    count = totals.shape[0]
    chunks = min(count, CHUNKS)
    for c in prange(chunks):  # each chunk plays games c, c + chunks, ... in the room it allocates once
        games = np.zeros((1, G_SIZE), dtype=np.int64)
        deals = np.zeros((1, rounds, SEATS + 1), dtype=np.int64)
        no_log = np.zeros((1, 0), dtype=np.int16)
        scratch = np.empty(64, dtype=np.int64)
        for i in range(c, count, chunks):
            game_out = (totals[i], bids[i], tricks[i], points_out[i], blind[i], trump[i])
            play_game(games, deals, no_log, 0, game_stream(seed, np.uint64(i)), i, rules, game_out, scratch)
            first_dealer[i] = games[0, G_FIRST_DEALER]


@kernel(allocates=True)
def replay_game(rules: Array, seed: np.uint64, game: int, deals: Array, log: Array) -> tuple[int, int]:
    """Play game `game` of a run seeded `seed` again into row 0 of `deals` and `log`; its first dealer and log length.

    Row 0 of `deals` then holds every round's hands, the turned-up card after them (`D_TURNED`).
    """
    n, rounds = rules[C_PLAYERS], rules[C_ROUNDS]
    games = np.zeros((1, G_SIZE), dtype=np.int64)
    out = (
        np.zeros(n, dtype=np.int64),
        np.zeros((rounds, n), dtype=np.int16),
        np.zeros((rounds, n), dtype=np.int16),
        np.zeros((rounds, n), dtype=np.int32),
        np.zeros((rounds, n), dtype=np.bool_),
        np.zeros(rounds, dtype=np.int8),
    )
    play_game(games, deals, log, 0, game_stream(seed, np.uint64(game)), game, rules, out, np.empty(64, dtype=np.int64))
    return games[0, G_FIRST_DEALER], games[0, G_LOGGED]
