"""Many games in lockstep, compiled: legal-action masks, observations and steps for `VectorGame`.

The masks are in the action index space of `wizardrules.rl.ActionCodec` and the observations
in the layout of `wizardrules.rl.Observer.observation`: the Python side hands the kernels
the codec's index of each action code and the observer's section offsets (`Encoding`
below), and the tests compare both with the Python encodings, state by state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wizardrules.fast._kernels import kernel
from wizardrules.fast._kernels.rules import C_PLAYERS, game_stream, lowest, popcount, round_cards, wrap
from wizardrules.fast._kernels.steps import (
    G_BIDS,
    G_BLIND,
    G_DEALER,
    G_HANDS,
    G_LEADER,
    G_LED,
    G_LOOKED,
    G_MOVE,
    G_PHASE,
    G_PLAYED,
    G_POINTS,
    G_ROUND,
    G_TOTALS,
    G_TRICK,
    G_TRICK_LEN,
    G_TRUMP,
    G_TURNED,
    G_WON,
    OVER_PHASE,
    TRUMP_PHASE,
    apply_code,
    deal_game,
    legal_codes,
    next_round,
)

if TYPE_CHECKING:
    import numpy as np

    from wizardrules.fast._kernels.rules import Array

# Fields of the observation's layout vector (int64): the offsets of the observer's sections
# (-1 for one the rules leave out) and the numbers the encoding needs.
E_PHASE, E_ROUND, E_CARDS, E_SIZES, E_WON, E_TOTALS, E_DEALER, E_MOVE, E_TRUMP, E_TURNED = range(10)
E_HAND, E_SEEN, E_SEEN_HANDS, E_BIDS, E_BLIND, E_LEADER, E_LED, E_TRICK, E_PLAYED = range(10, 19)
E_MOST, E_ROUNDS, E_CLAIRVOYANCE, E_PLAYABLE, E_DECK, E_SIZE = range(19, 25)
E_KNOWN = 25
"""From here on, per phase (the engine's numbers, 0..3) and whether the bid is the seat's own:
whether a bid made is known to a seat (R4.3), as the engine's views answer it."""
E_FIELDS = E_KNOWN + 2 * 4
"""The layout vector's length."""


@kernel(inline=True)
def bid_known(layout: Array, phase: int, seat: int, other: int) -> bool:
    """Whether `seat` may know `other`'s bid once made (R4.3): the engine views' answer, in the layout's
    table (`E_KNOWN`)."""
    return layout[E_KNOWN + 2 * phase + (other == seat)] != 0


@kernel()
def add_plane(out: Array, start: int, cards: int) -> None:
    """One bit per card at `start`: a suit card at its bit index, the Wizards from 52 and the Jesters from 56 on."""
    suits = cards & ((1 << 52) - 1)
    while suits:
        out[start + lowest(suits)] = 1.0
        suits &= suits - 1
    for k in range(popcount(cards >> 52 & 0xF)):
        out[start + 52 + k] = 1.0
    for k in range(popcount(cards >> 56 & 0xF)):
        out[start + 56 + k] = 1.0


@kernel()
def observe(games: Array, b: int, seat: int, rules: Array, layout: Array, scales: Array, out: Array) -> None:
    """Write what `seat` knows of game `b` into the zeroed `out`, as `Observer.observation` of its view does."""
    n = rules[C_PLAYERS]
    phase = games[b, G_PHASE]
    rnd = games[b, G_ROUND]
    out[layout[E_PHASE] + phase] = 1.0
    out[layout[E_ROUND]] = np.float32(rnd + 1) * scales[0]
    out[layout[E_CARDS]] = np.float32(round_cards(rules, rnd)) * scales[1]
    for other in range(n):
        rel = wrap(other - seat, n)
        out[layout[E_SIZES] + rel] = np.float32(popcount(games[b, G_HANDS + other])) * scales[1]
        out[layout[E_WON] + rel] = np.float32(games[b, G_WON + other]) * scales[1]
        out[layout[E_TOTALS] + rel] = np.float32(games[b, G_TOTALS + other]) * scales[2]
    out[layout[E_DEALER] + wrap(games[b, G_DEALER] - seat, n)] = 1.0
    if phase != OVER_PHASE:
        out[layout[E_MOVE] + wrap(games[b, G_MOVE] - seat, n)] = 1.0
    trump = games[b, G_TRUMP]
    if trump >= 0:
        out[layout[E_TRUMP] + trump] = 1.0
    elif phase != TRUMP_PHASE:
        out[layout[E_TRUMP] + 4] = 1.0
    turned = games[b, G_TURNED]
    if turned >= 0:  # the card's place among the deck's distinct cards: suit cards, Wizard, Jester
        out[layout[E_TURNED] + (turned if turned < 52 else (52 if turned < 56 else 53))] = 1.0
    clairvoyant = layout[E_CLAIRVOYANCE] != 0 and rnd == 0 and phase != OVER_PHASE
    if games[b, G_LOOKED] >> seat & 1 and not clairvoyant:
        out[layout[E_SEEN]] = 1.0
        add_plane(out, layout[E_HAND], games[b, G_HANDS + seat])
    if clairvoyant:  # the others' hands are seen (R4.5)
        for other in range(n):
            if other != seat:
                start = layout[E_SEEN_HANDS] + (wrap(other - seat, n) - 1) * layout[E_DECK]
                add_plane(out, start, games[b, G_HANDS + other])
    width = layout[E_MOST] + 1
    for other in range(n):
        bid = games[b, G_BIDS + other]
        if bid >= 0 and bid_known(layout, phase, seat, other):
            rel = wrap(other - seat, n)
            out[layout[E_BIDS] + rel * width + bid] = 1.0
            if layout[E_BLIND] >= 0 and games[b, G_BLIND] >> other & 1:
                out[layout[E_BLIND] + rel] = 1.0
    lead = wrap(games[b, G_LEADER] - seat, n)
    out[layout[E_LEADER] + lead] = 1.0
    length = games[b, G_TRICK_LEN]
    if length:
        led = games[b, G_LED]
        if led >= 0:
            out[layout[E_LED] + led] = 1.0
        for position in range(length):
            card = games[b, G_TRICK + position]
            code = card if card < 52 else (52 if card < 56 else 53)  # the card's place among the plays
            out[layout[E_TRICK] + wrap(lead + position, n) * layout[E_PLAYABLE] + code] = 1.0
    add_plane(out, layout[E_PLAYED], games[b, G_PLAYED])


@kernel()
def observe_all(games: Array, seats: Array, rules: Array, layout: Array, scales: Array, out: Array) -> int:
    """Each game's observation by `seats[b]`, into the rows of `out` (zeroed here).

    A seat that is not at the table stops it: its row is returned (else -1).
    """
    n = rules[C_PLAYERS]
    for b in range(out.shape[0]):
        if not 0 <= seats[b] < n:
            return b
        out[b, :] = 0.0
        observe(games, b, seats[b], rules, layout, scales, out[b])
    return -1


@kernel(inline=True)
def mask_row(games: Array, b: int, rules: Array, index_of_code: Array, out: Array, codes: Array) -> None:
    """Game `b`'s legal actions as row `b` of `out`, in the codec's index space (`codes` is room to list them)."""
    out[b, :] = False
    count = legal_codes(games, b, rules, codes)
    for i in range(count):
        out[b, index_of_code[codes[i]]] = True


@kernel()
def legal_masks(games: Array, rules: Array, index_of_code: Array, out: Array, scratch: Array) -> None:
    """Each game's legal actions as a row of `out`, in the codec's index space (`scratch`: 64 whole numbers)."""
    for b in range(out.shape[0]):
        mask_row(games, b, rules, index_of_code, out, scratch)


@kernel()
def deal_all(games: Array, deals: Array, seed: np.uint64, rules: Array, scratch: Array) -> None:
    """Deal game `b` of a run seeded `seed` into each row `b` (`scratch`: 64 whole numbers)."""
    for b in range(games.shape[0]):
        deal_game(games, deals, b, game_stream(seed, np.uint64(b)), b, rules, scratch)


@kernel()
def step_all(
    games: Array,
    deals: Array,
    log: Array,
    rules: Array,
    actions: Array,
    code_of_index: Array,
    index_of_code: Array,
    mask: Array,
    seed: np.uint64,
    next_game: int,
    rewards: Array,
    scored: Array,
    done: Array,
    scratch: Array,
) -> tuple[int, int]:
    """Step every game by its action (a codec index), or deal a new game where the last one is over (the action
    is then ignored).

    `mask` holds every game's legal actions (as `legal_masks` gives them): each action is
    checked against it first, and if one is illegal its row is returned and nothing changes.
    Else each game's row of `mask` is brought up to date with the game.
    Else -1, with each game's round points in `rewards` (0 but where a round ended), `scored`
    marking the games whose round ended and `done` the games this step ended. New games are
    numbered from `next_game` in the order of their rows; the number after the last is returned too.
    `scratch` is room for the kernels' lists (64 whole numbers).
    """
    n = rules[C_PLAYERS]
    size = code_of_index.shape[0]
    for b in range(actions.shape[0]):
        action = actions[b]
        if not (0 <= action < size and mask[b, action]) and games[b, G_PHASE] != OVER_PHASE:
            return b, next_game  # (the mask is read first: a game's row is read only when it has to be)
    for b in range(actions.shape[0]):
        done[b] = False
        scored[b] = False
        for seat in range(n):
            rewards[b, seat] = 0.0
        if games[b, G_PHASE] == OVER_PHASE:  # a game ended at the last step: the next one starts
            deal_game(games, deals, b, game_stream(seed, np.uint64(next_game)), next_game, rules, scratch)
            next_game += 1
        elif apply_code(games, deals, log, b, code_of_index[actions[b]], rules):
            for seat in range(n):
                rewards[b, seat] = games[b, G_POINTS + seat]
            scored[b] = True
            next_round(games, deals, b, rules)
            done[b] = games[b, G_PHASE] == OVER_PHASE
        mask_row(games, b, rules, index_of_code, mask, scratch)
    return -1, next_game
