"""Many games in lockstep, compiled: legal-action masks, observations and steps for `VectorGame`.

The masks are in the action index space of `wizardrules.rl.ActionCodec` and the observations
in the layout of `wizardrules.rl.Observer.observation`: the Python side hands the kernels
the codec's index of each action code and the observer's section offsets (`Encoding`
below), and the tests compare both with the Python encodings, state by state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wizardrules._compiled import kernel
from wizardrules._compiled.rules import C_PLAYERS, game_stream, lowest, popcount
from wizardrules._compiled.steps import (
    OVER_PHASE,
    PLAYING_PHASE,
    S_BLIND,
    S_DEALER,
    S_LEADER,
    S_LED,
    S_LOOKED,
    S_MOVE,
    S_PHASE,
    S_ROUND,
    S_TRICK_LEN,
    S_TRUMP,
    S_TURNED,
    TRUMP_PHASE,
    apply_code,
    deal_game,
    legal_codes,
)

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from wizardrules._compiled.rules import RulesArrays
    from wizardrules._compiled.steps import Batch, Deals

# Fields of the observation's layout vector (int64): the offsets of the observer's sections
# (-1 for one the rules leave out) and the numbers the encoding needs.
E_PHASE, E_ROUND, E_CARDS, E_SIZES, E_WON, E_TOTALS, E_DEALER, E_MOVE, E_TRUMP, E_TURNED = range(10)
E_HAND, E_SEEN, E_SEEN_HANDS, E_BIDS, E_BLIND, E_LEADER, E_LED, E_TRICK, E_PLAYED = range(10, 19)
E_MOST, E_ROUNDS, E_REVEAL, E_CLAIRVOYANCE, E_PLAYABLE, E_DECK, E_SIZE = range(19, 26)
E_FIELDS = 26
"""The layout vector's length."""
OPEN, SIMULTANEOUS, SECRET = 0, 1, 2
"""`E_REVEAL`'s values (R4.3)."""


@kernel()
def bid_known(reveal: int, phase: int, seat: int, other: int) -> bool:
    """Whether `seat` may know `other`'s bid once made (R4.3), as the engine's views say."""
    if other == seat or reveal == OPEN:
        return True
    if reveal == SIMULTANEOUS:
        return phase >= PLAYING_PHASE
    return phase == OVER_PHASE


@kernel()
def add_plane(out: npt.NDArray[np.float32], start: int, cards: np.uint64) -> None:
    """One bit per card at `start`: a suit card at its bit index, the Wizards from 52 and the Jesters from 56 on."""
    suits = cards & np.uint64((1 << 52) - 1)
    while suits:
        out[start + lowest(suits)] = 1.0
        suits &= suits - np.uint64(1)
    for k in range(popcount(cards >> np.uint64(52) & np.uint64(0xF))):
        out[start + 52 + k] = 1.0
    for k in range(popcount(cards >> np.uint64(56) & np.uint64(0xF))):
        out[start + 56 + k] = 1.0


@kernel()
def observe(
    batch: Batch,
    deals: Deals,
    b: int,
    seat: int,
    rules: RulesArrays,
    layout: npt.NDArray[np.int64],
    scales: npt.NDArray[np.float32],
    out: npt.NDArray[np.float32],
) -> None:
    """Write what `seat` knows of game `b` into the zeroed `out`, as `Observer.observation` of its view does."""
    state, hands, bids, won, totals, _points, trick, played = batch
    cfg, cards_per_round, _fixed, _blind_rounds = rules
    n = cfg[C_PLAYERS]
    phase = state[b, S_PHASE]
    rnd = state[b, S_ROUND]
    out[layout[E_PHASE] + phase] = 1.0
    out[layout[E_ROUND]] = np.float32(rnd + 1) * scales[0]
    out[layout[E_CARDS]] = np.float32(cards_per_round[rnd]) * scales[1]
    for other in range(n):
        rel = (other - seat) % n
        out[layout[E_SIZES] + rel] = np.float32(popcount(hands[b, other])) * scales[1]
        out[layout[E_WON] + rel] = np.float32(won[b, other]) * scales[1]
        out[layout[E_TOTALS] + rel] = np.float32(totals[b, other]) * scales[2]
    out[layout[E_DEALER] + (state[b, S_DEALER] - seat) % n] = 1.0
    if phase != OVER_PHASE:
        out[layout[E_MOVE] + (state[b, S_MOVE] - seat) % n] = 1.0
    trump = state[b, S_TRUMP]
    if trump >= 0:
        out[layout[E_TRUMP] + trump] = 1.0
    elif phase != TRUMP_PHASE:
        out[layout[E_TRUMP] + 4] = 1.0
    turned = state[b, S_TURNED]
    if turned >= 0:  # the card's place among the deck's distinct cards: suit cards, Wizard, Jester
        out[layout[E_TURNED] + (turned if turned < 52 else (52 if turned < 56 else 53))] = 1.0
    clairvoyant = layout[E_CLAIRVOYANCE] != 0 and rnd == 0 and phase != OVER_PHASE
    if state[b, S_LOOKED] >> seat & 1 and not clairvoyant:
        out[layout[E_SEEN]] = 1.0
        add_plane(out, layout[E_HAND], hands[b, seat])
    if clairvoyant:  # the others' hands are seen (R4.5)
        for other in range(n):
            if other != seat:
                add_plane(out, layout[E_SEEN_HANDS] + ((other - seat) % n - 1) * layout[E_DECK], hands[b, other])
    reveal = layout[E_REVEAL]
    width = layout[E_MOST] + 1
    for other in range(n):
        bid = bids[b, other]
        if bid >= 0 and bid_known(reveal, phase, seat, other):
            rel = (other - seat) % n
            out[layout[E_BIDS] + rel * width + bid] = 1.0
            if layout[E_BLIND] >= 0 and state[b, S_BLIND] >> other & 1:
                out[layout[E_BLIND] + rel] = 1.0
    lead = (state[b, S_LEADER] - seat) % n
    out[layout[E_LEADER] + lead] = 1.0
    length = state[b, S_TRICK_LEN]
    if length:
        led = state[b, S_LED]
        if led >= 0:
            out[layout[E_LED] + led] = 1.0
        for position in range(length):
            card = trick[b, position]
            code = card if card < 52 else (52 if card < 56 else 53)  # the card's place among the plays
            out[layout[E_TRICK] + (lead + position) % n * layout[E_PLAYABLE] + code] = 1.0
    add_plane(out, layout[E_PLAYED], played[b])


@kernel()
def observe_all(
    batch: Batch,
    deals: Deals,
    seats: npt.NDArray[np.int64],
    rules: RulesArrays,
    layout: npt.NDArray[np.int64],
    scales: npt.NDArray[np.float32],
    out: npt.NDArray[np.float32],
) -> None:
    """Each game's observation by `seats[b]`, into the rows of `out` (zeroed here)."""
    out[:] = 0.0
    for b in range(out.shape[0]):
        observe(batch, deals, b, seats[b], rules, layout, scales, out[b])


@kernel()
def legal_masks(
    batch: Batch, rules: RulesArrays, index_of_code: npt.NDArray[np.int64], out: npt.NDArray[np.bool_]
) -> None:
    """Each game's legal actions as a row of `out`, in the codec's index space (zeroed here)."""
    out[:] = False
    codes = np.empty(64, dtype=np.int64)
    for b in range(out.shape[0]):
        count = legal_codes(batch, b, rules, codes)
        for i in range(count):
            out[b, index_of_code[codes[i]]] = True


@kernel()
def deal_all(batch: Batch, deals: Deals, seed: np.uint64, rules: RulesArrays) -> None:
    """Deal game `b` of a run seeded `seed` into each row `b`."""
    for b in range(batch[0].shape[0]):
        deal_game(batch, deals, b, game_stream(seed, np.uint64(b)), b, rules)


@kernel()
def step_all(
    batch: Batch,
    deals: Deals,
    rules: RulesArrays,
    codes: npt.NDArray[np.int64],
    seed: np.uint64,
    next_game: int,
    rewards: npt.NDArray[np.float32],
    done: npt.NDArray[np.bool_],
) -> tuple[int, int]:
    """Step every game by its action code, or deal a new game where the last one is over (the code is then ignored).

    Every code is checked first: if one is illegal, its row is returned and nothing changes.
    Else -1, with each game's round points in `rewards` (0 but where a round ended) and `done`
    marking the games this step ended. New games are numbered from `next_game`; the number
    after the last is returned too.
    """
    state = batch[0]
    points = batch[5]
    n = rules[0][C_PLAYERS]
    legal = np.empty(64, dtype=np.int64)
    for b in range(codes.shape[0]):
        if state[b, S_PHASE] == OVER_PHASE:
            continue
        count = legal_codes(batch, b, rules, legal)
        found = False
        for i in range(count):
            if legal[i] == codes[b]:
                found = True
        if not found:
            return b, next_game
    rewards[:] = 0.0
    done[:] = False
    for b in range(codes.shape[0]):
        if state[b, S_PHASE] == OVER_PHASE:  # a game ended at the last step: the next one starts
            deal_game(batch, deals, b, game_stream(seed, np.uint64(next_game)), next_game, rules)
            next_game += 1
            continue
        if apply_code(batch, deals, b, codes[b], rules):
            for seat in range(n):
                rewards[b, seat] = points[b, seat]
            done[b] = state[b, S_PHASE] == OVER_PHASE
    return -1, next_game
