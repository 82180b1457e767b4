"""`MonteCarloBot`'s rollouts in the compiled core: a world's state in, every action's score out.

[`scores`][wizardrules._compiled.montecarlo.scores] takes the one-round state that
`world_state` builds for a sampled world, tries each legal action in it and plays the round
out with `RuleBot` in every seat, compiled: the same scores, bit for bit, as the Python
rollouts, in a fraction of the time.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from wizardrules._compiled import available, jit, numpy
from wizardrules._compiled.actions import action_code, card_code
from wizardrules._compiled.config import Config, compiled_rules_problem, config_for, new_batch
from wizardrules._compiled.rulebot import rollout_scores
from wizardrules._compiled.rules import win_key
from wizardrules._compiled.steps import (
    BIDDING_PHASE,
    PLAYING_PHASE,
    S_BEST,
    S_BEST_KEY,
    S_BID_SUM,
    S_BLIND,
    S_DEALER,
    S_FIRST_DEALER,
    S_LAST_ROUND,
    S_LEADER,
    S_LED,
    S_LOOKED,
    S_MADE,
    S_MOVE,
    S_PHASE,
    S_ROUND,
    S_TRICK_LEN,
    S_TRUMP,
    TRUMP_PHASE,
)
from wizardrules._core import BITS_OF
from wizardrules.actions import Action
from wizardrules.cards import Card, Suit
from wizardrules.engine import GameState, Phase, PlayerView
from wizardrules.rules import Rules

_SUITS: Final = tuple(Suit)
_PHASES: Final = {Phase.TRUMP: TRUMP_PHASE, Phase.BIDDING: BIDDING_PHASE, Phase.PLAYING: PLAYING_PHASE}
_CONFIGS: dict[tuple[int, int], tuple[Rules, Config]] = {}


def possible(rules: Rules) -> bool:
    """Whether rollouts under `rules` can be compiled here: the extra is installed and the rules are its."""
    return available() and compiled_rules_problem(rules) is None


def _config(rules: Rules, players: tuple[str, ...]) -> Config:
    key = (id(rules), len(players))
    found = _CONFIGS.get(key)
    if found is None or found[0] is not rules:
        if len(_CONFIGS) >= 64:
            _CONFIGS.clear()
        found = _CONFIGS[key] = (rules, config_for(len(players), rules))
    return found[1]


def _mask(cards: Sequence[Card]) -> int:
    """A hand as a bit mask, the copies of Wizards and Jesters from their first bit."""
    mask = 0
    for card in cards:
        free = BITS_OF[card] & ~mask
        mask |= free & -free
    return mask


def scores(view: PlayerView, state: GameState, actions: Sequence[Action]) -> list[float]:
    """Each action's rollout score in `state` for `view.seat`: its round points minus the mean of the others'.

    `state` is the one-round game of a sampled world (`world_state(view, world)`); the bid
    policy is asked with the real round number and totals, as there.
    """
    np = numpy()
    config = _config(view.rules, view.players)
    n = config.players
    rnd = view.round_number - 1
    batch, deals = new_batch(len(actions), config.rounds, 0)
    row, hands, bids, won, totals = batch[0], batch[1], batch[2], batch[3], batch[4]
    row[:, S_PHASE] = _PHASES[state.phase]
    row[:, S_MOVE] = -1 if state.to_move is None else state.to_move
    row[:, S_ROUND] = row[:, S_LAST_ROUND] = rnd
    row[:, S_DEALER] = view.dealer
    row[:, S_FIRST_DEALER] = (view.dealer - rnd) % n
    trump = -1 if state.trump is None else _SUITS.index(state.trump)
    row[:, S_TRUMP] = trump
    row[:, S_LOOKED] = sum(1 << seat for seat, looked in enumerate(state.looked) if looked)
    row[:, S_BLIND] = sum(1 << seat for seat, blind in enumerate(state.blind) if blind)
    made = [bid for bid in state.bids if bid is not None]
    row[:, S_MADE] = len(made)
    row[:, S_BID_SUM] = sum(made)
    trick = state.current_trick
    row[:, S_LEADER] = trick.leader
    led, best, best_key = -1, 0, -2
    for position, card in enumerate(trick.cards):
        code = card_code(card)
        batch[6][:, position] = code
        if led == -1 and code < 56:
            led = code // 13 if code < 52 else -2
        key = win_key(code, trump, led)
        if key > best_key:
            best, best_key = position, key
    row[:, S_LED], row[:, S_BEST], row[:, S_BEST_KEY], row[:, S_TRICK_LEN] = led, best, best_key, len(trick.cards)
    for seat in range(n):
        hands[:, seat] = np.uint64(_mask(state.hand(seat)))
        bid: int | None = state.bids[seat]
        bids[:, seat] = -1 if bid is None else bid
        won[:, seat] = state.tricks_won[seat]
        totals[:, seat] = view.totals[seat]
    codes = np.array([action_code(action) for action in actions], dtype=np.int64)  # all standard: possible()
    out = np.empty(len(actions), dtype=np.float64)
    jit(rollout_scores)(batch, deals, view.seat, codes, config.arrays(), config.clairvoyant, out)
    return [float(value) for value in out]
