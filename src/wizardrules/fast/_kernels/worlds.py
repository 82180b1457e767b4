"""`ExpertBot`'s worlds in the compiled core: drawn by weight in numpy, played out in one batch.

[`draw_worlds`][wizardrules.fast._kernels.worlds.draw_worlds] deals thousands of candidate
worlds at once with numpy, weighs each by the bot's own log-likelihood tables and draws the
worlds to search by weight, as the bot's pure-Python draw does one world at a time.

[`batch_scores`][wizardrules.fast._kernels.worlds.batch_scores] takes the one-round state that
`world_state` builds for one sampled world, replaces the hands by those of each world (as
bit masks), tries each choice in each world and plays the round out with `RuleBot` in every
seat, all in one call of the compiled kernel: the Python work of a world is then only its
hands, not a replay of the round.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Any, Final

from wizardrules._convert import shown
from wizardrules._tables import trick_so_far
from wizardrules.actions import Action
from wizardrules.cards import Suit
from wizardrules.engine import GameState, Phase, PlayerView
from wizardrules.errors import RulesError
from wizardrules.fast._kernels import available, jit, numpy
from wizardrules.fast._kernels.actions import action_code, card_code
from wizardrules.fast._kernels.config import Config, compiled_rules_problem, config_for, new_batch
from wizardrules.fast._kernels.rulebot import PLANNED_CARDS, OwnPlay, rollout_scores
from wizardrules.fast._kernels.steps import (
    BIDDING_PHASE,
    G_BEST,
    G_BEST_KEY,
    G_BID_SUM,
    G_BIDS,
    G_BLIND,
    G_DEALER,
    G_FIRST_DEALER,
    G_HANDS,
    G_LAST_ROUND,
    G_LEADER,
    G_LED,
    G_LOOKED,
    G_MADE,
    G_MOVE,
    G_PHASE,
    G_ROUND,
    G_TOTALS,
    G_TRICK,
    G_TRICK_LEN,
    G_TRUMP,
    G_WON,
    PLAYING_PHASE,
    TRUMP_PHASE,
)
from wizardrules.rules import Rules

__all__ = ["OwnPlay", "batch_scores", "draw_worlds", "possible", "redraw"]

_SUITS: Final = tuple(Suit)
_PHASES: Final = {Phase.TRUMP: TRUMP_PHASE, Phase.BIDDING: BIDDING_PHASE, Phase.PLAYING: PLAYING_PHASE}
_CONFIGS: dict[tuple[int, int], tuple[Rules, Config]] = {}


def _config(rules: Rules, players: int) -> Config:
    """The compiled rules, kept for the rules value last asked for (a game asks with the same one)."""
    key = (id(rules), players)
    found = _CONFIGS.get(key)
    if found is None or found[0] is not rules:
        if len(_CONFIGS) >= 64:
            _CONFIGS.clear()
        found = _CONFIGS[key] = (rules, config_for(players, rules))
    return found[1]


def possible(rules: Rules) -> bool:
    """Whether rollouts under `rules` can be compiled here: the extra is installed and the rules are its."""
    return available() and compiled_rules_problem(rules) is None


def _rows(view: PlayerView, state: GameState, count: int) -> tuple[Any, Any, Any]:
    """`count` rows of one-round games at the moment of `state` (hands left empty), with their deals and log."""
    config = _config(view.rules, len(view.players))
    n = config.players
    rnd = view.round_number - 1
    games, deals, log = new_batch(count, config.rounds, 0)
    games[:, G_PHASE] = _PHASES[state.phase]
    games[:, G_MOVE] = -1 if state.to_move is None else state.to_move
    games[:, G_ROUND] = games[:, G_LAST_ROUND] = rnd
    games[:, G_DEALER] = view.dealer
    games[:, G_FIRST_DEALER] = (view.dealer - rnd) % n
    trump = -1 if state.trump is None else _SUITS.index(state.trump)
    games[:, G_TRUMP] = trump
    games[:, G_LOOKED] = sum(1 << seat for seat, looked in enumerate(state.looked) if looked)
    games[:, G_BLIND] = sum(1 << seat for seat, blind in enumerate(state.blind) if blind)
    made = [bid for bid in state.bids if bid is not None]
    games[:, G_MADE] = len(made)
    games[:, G_BID_SUM] = sum(made)
    trick = state.current_trick
    games[:, G_LEADER] = trick.leader
    codes = [card_code(card) for card in trick.cards]
    for position, code in enumerate(codes):
        games[:, G_TRICK + position] = code
    games[:, G_LED], games[:, G_BEST], games[:, G_BEST_KEY] = trick_so_far(codes, trump)
    games[:, G_TRICK_LEN] = len(trick.cards)
    for seat in range(n):
        bid: int | None = state.bids[seat]
        games[:, G_BIDS + seat] = -1 if bid is None else bid
        games[:, G_WON + seat] = state.tricks_won[seat]
        games[:, G_TOTALS + seat] = view.totals[seat]
    return games, deals, log


def batch_scores(
    view: PlayerView,
    state: GameState,
    hands: Sequence[Sequence[int]],
    actions: Sequence[Action],
    *,
    own: OwnPlay = OwnPlay.RULEBOT,
    rivalry: float = 1.0,
) -> list[list[float]]:
    """Per world, each action's rollout score for `view.seat`: its round points minus `rivalry` times the others' mean.

    `state` is the one-round game of any one world (`world_state(view, world)`); `hands[w]`
    (a sequence or a numpy array) holds world `w`'s hands as bit masks of the kernels' card
    codes (`card_code`; the copies of Wizards and Jesters on distinct bits), which replace
    the state's hands. The other seats play as `RuleBot`; `own` says how `view.seat` plays its
    later cards (`OwnPlay`): as `RuleBot`, with each trick seen through in the world
    (`rulebot.seeing_code`), on its best line in the world (`rulebot.planned_value`), or
    scored by the mean of the last two.
    `rivalry` 1 is `MonteCarloBot`'s relative score, 0 the seat's own points.
    """
    allowed = state.legal_actions()
    for action in actions:  # the kernel trusts its action codes: one the world does not allow is refused here
        if action not in allowed:
            state.apply(action)  # the engine's IllegalActionError, as the rollouts in Python raise it
            raise RulesError(f"{shown(action)} is not among the legal actions of the view's round")
    np = numpy()
    config = _config(view.rules, len(view.players))
    width = len(actions)
    games, deals, log = _rows(view, state, len(hands) * width)
    games[:, G_HANDS : G_HANDS + config.players] = np.repeat(np.asarray(hands, dtype=np.int64), width, axis=0)
    codes = np.tile(np.array([action_code(action) for action in actions], dtype=np.int64), len(hands))
    out = np.empty(len(codes), dtype=np.float64)
    scratch, more = np.empty(64, dtype=np.int64), np.empty(64, dtype=np.int64)
    probe = np.empty((1, games.shape[1]), dtype=np.int64)
    lines = np.empty((PLANNED_CARDS + 2, games.shape[1]), dtype=np.int64)
    tried = np.empty((PLANNED_CARDS + 2, 66), dtype=np.int64)
    best = np.empty(PLANNED_CARDS + 2, dtype=np.float64)
    jit(rollout_scores)(
        games,
        deals,
        log,
        view.seat,
        codes,
        config.rules,
        config.clairvoyant,
        int(own),
        float(rivalry),
        out,
        scratch,
        probe,
        more,
        lines,
        tried,
        best,
    )
    return [[float(value) for value in out[w * width : (w + 1) * width]] for w in range(len(hands))]


def redraw(masks: Any, weights: Any, worlds: int, seed: int) -> tuple[Any, Any]:
    """`worlds` draws from the rows of `masks` by `weights` (systematic resampling): the distinct rows and counts."""
    np = numpy()
    rng = np.random.default_rng(seed)
    step = weights.sum() / worlds
    points = (rng.random() + np.arange(worlds)) * step
    drawn = np.minimum(np.searchsorted(np.cumsum(weights), points, side="right"), len(weights) - 1)
    chosen, counts = np.unique(drawn, return_counts=True)
    return masks[chosen], counts


def draw_worlds(
    pool: Sequence[int],
    sizes: Sequence[int],
    seat: int,
    mine: int,
    banned: Sequence[Sequence[bool]],
    units: Sequence[int],
    played_units: Sequence[int],
    bids: Sequence[int],
    won: Sequence[int],
    played: Sequence[bool],
    bid_logs: Sequence[Sequence[float]],
    play_logs: Sequence[Sequence[float]],
    readings: Sequence[Sequence[tuple[int, bool]]],
    astray: float,
    floor: float,
    worlds: int,
    candidates: int,
    seed: int,
) -> tuple[Any, Any] | None:
    """`worlds` draws by weight from `candidates` deals of `pool`: the distinct worlds' masks and counts.

    Every seat but `seat` (which holds the mask `mine`) is dealt `sizes[seat]` cards of `pool`
    (card codes) that are not in `banned[seat]` (its voids), one seat after another. A seat
    whose plays rule cards out (`readings[seat]`: per play, the mask of the cards it rules out
    and whether it is a known miss) is dealt, in half of the deals, none of those cards
    either: a proposal that finds the worlds its plays fit however few they are. Each deal is
    weighed by how likely the proposal dealt it (importance sampling, so the draw stays the
    posterior of a fair shuffle) and by the evidence: for each seat that has bid,
    `bid_logs[bid][worth at the deal]` and, once it has played, `play_logs[tricks still
    needed][worth still held]`, worths in the units of `units` (per card code), a seat's
    played cards counting `played_units`; and its plays weigh `astray` to the power of its
    misses plus `floor`. A systematic resampling by weight then draws `worlds` of the deals.

    Returns:
        The drawn worlds' hands as bit masks of the card codes, one row per distinct
        world, and how many times each was drawn; `None` when the voids leave no deal.
    """
    np = numpy()
    rng = np.random.default_rng(seed)
    n = len(sizes)
    codes = np.asarray(pool, dtype=np.int64)
    unit = np.asarray(units, dtype=np.int64)
    bit = np.int64(1) << np.arange(len(units), dtype=np.int64)
    allowed_by_voids = ~np.asarray(banned, dtype=np.bool_)[:, codes]
    bid_table = np.asarray(bid_logs, dtype=np.float64)
    play_table = np.asarray(play_logs, dtype=np.float64)
    log_choose = _log_choose(len(pool))
    free = np.ones((candidates, len(pool)), dtype=np.bool_)
    fine = np.ones(candidates, dtype=np.bool_)
    logs = np.zeros(candidates, dtype=np.float64)
    masks = np.empty((candidates, n), dtype=np.int64)
    rows = np.arange(candidates)[:, None]
    for s in range(n):
        if s == seat:
            masks[:, s] = mine
            continue
        size = sizes[s]
        ruled = 0
        for out, _ in readings[s]:
            ruled |= out
        plain = free & allowed_by_voids[s]
        fitting = plain & ((bit[codes] & np.int64(ruled)) == 0)
        mixed = ruled != 0
        use = rng.random(candidates) < 0.5 if mixed else np.zeros(candidates, dtype=np.bool_)
        allowed = np.where(use[:, None], fitting, plain)
        keys = np.where(allowed, rng.random((candidates, len(pool))), 2.0)  # fresh keys: each seat's draw uniform
        chosen = np.argpartition(keys, size - 1, axis=1)[:, :size] if size else np.zeros((candidates, 0), np.int64)
        fine &= allowed.sum(axis=1) >= size
        free[rows, chosen] = False
        hand = codes[chosen]
        masks[:, s] = bit[hand].sum(axis=1)  # distinct bits: the sum is the union
        proposal = -log_choose[plain.sum(axis=1), size]
        if mixed:
            fits = (masks[:, s] & np.int64(ruled)) == 0
            proposal = np.logaddexp(proposal, np.where(fits, -log_choose[fitting.sum(axis=1), size], -np.inf))
            proposal += np.log(0.5)
        logs -= proposal
        if bids[s] >= 0:
            now = unit[hand].sum(axis=1)
            logs += bid_table[bids[s]][now + played_units[s]]
            if played[s]:
                logs += play_table[max(bids[s] - won[s], 0)][now]
        if readings[s]:
            misses = np.zeros(candidates, dtype=np.int64)
            for out, missed in readings[s]:
                misses += missed | ((masks[:, s] & np.int64(out)) != 0)
            logs += np.log(astray**misses + floor)
    if not fine.any():
        return None
    logs = np.where(fine, logs, -np.inf)
    return redraw(masks, np.exp(logs - logs.max()), worlds, int(rng.integers(2**63)))


@functools.lru_cache(maxsize=64)
def _log_choose(most: int) -> Any:
    """`log C(a, k)` for `a, k` up to `most` (`inf` where `k > a`: no such hand, never a proposal); built once.

    Read-only: the one table per size is shared by every decision.
    """
    np = numpy()
    out = np.full((most + 1, most + 1), np.inf)
    for a in range(most + 1):
        for k in range(a + 1):
            out[a, k] = math.lgamma(a + 1) - math.lgamma(k + 1) - math.lgamma(a - k + 1)
    out.setflags(write=False)
    return out
