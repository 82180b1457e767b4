"""`ExpertBot`'s rollouts in the compiled core: every world and every choice of a decision in one batch.

[`batch_scores`][wizardrules.fast._kernels.worlds.batch_scores] takes the one-round state that
`world_state` builds for one sampled world, replaces the hands by those of each world (as
bit masks), tries each choice in each world and plays the round out with `RuleBot` in every
seat, all in one call of the compiled kernel: the Python work of a world is then only its
hands, not a replay of the round.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from wizardrules.actions import Action
from wizardrules.cards import Suit
from wizardrules.engine import GameState, Phase, PlayerView
from wizardrules.fast._kernels import available, jit, numpy
from wizardrules.fast._kernels.actions import action_code, card_code
from wizardrules.fast._kernels.config import Config, compiled_rules_problem, config_for, new_batch
from wizardrules.fast._kernels.rulebot import rollout_scores
from wizardrules.fast._kernels.rules import led_after, win_key
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

__all__ = ["batch_scores", "possible"]

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


def batch_scores(
    view: PlayerView, state: GameState, hands: Sequence[Sequence[int]], actions: Sequence[Action]
) -> list[list[float]]:
    """Per world, each action's rollout score for `view.seat`: its round points minus the mean of the others'.

    `state` is the one-round game of any one world (`world_state(view, world)`); `hands[w]`
    holds world `w`'s hands as bit masks of the kernels' card codes (`card_code`; the copies
    of Wizards and Jesters on distinct bits), which replace the state's hands.
    """
    np = numpy()
    config = _config(view.rules, len(view.players))
    n = config.players
    rnd = view.round_number - 1
    width = len(actions)
    games, deals, log = new_batch(len(hands) * width, config.rounds, 0)
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
    led, best, best_key = -1, 0, -2
    for position, card in enumerate(trick.cards):
        code = card_code(card)
        games[:, G_TRICK + position] = code
        led = led_after(led, code)
        key = win_key(code, trump, led)
        if key > best_key:
            best, best_key = position, key
    games[:, G_LED], games[:, G_BEST], games[:, G_BEST_KEY] = led, best, best_key
    games[:, G_TRICK_LEN] = len(trick.cards)
    masks = np.repeat(np.array([list(world) for world in hands], dtype=np.int64), width, axis=0)
    games[:, G_HANDS : G_HANDS + n] = masks
    for seat in range(n):
        bid: int | None = state.bids[seat]
        games[:, G_BIDS + seat] = -1 if bid is None else bid
        games[:, G_WON + seat] = state.tricks_won[seat]
        games[:, G_TOTALS + seat] = view.totals[seat]
    codes = np.tile(np.array([action_code(action) for action in actions], dtype=np.int64), len(hands))
    out = np.empty(len(codes), dtype=np.float64)
    scratch = np.empty(64, dtype=np.int64)
    jit(rollout_scores)(games, deals, log, view.seat, codes, config.rules, config.clairvoyant, out, scratch)
    return [[float(value) for value in out[w * width : (w + 1) * width]] for w in range(len(hands))]
