"""`MonteCarloBot`'s rollouts in the compiled core: a world's state in, every action's score out.

[`scores`][wizardrules.fast._kernels.montecarlo.scores] takes the one-round state that
`world_state` builds for a sampled world, tries each legal action in it and plays the round
out with `RuleBot` in every seat, compiled: the same scores, bit for bit, as the Python
rollouts, in a fraction of the time. It is one world of
[`batch_scores`][wizardrules.fast._kernels.worlds.batch_scores], the state's own hands.
"""

from __future__ import annotations

from collections.abc import Sequence

from wizardrules.actions import Action
from wizardrules.engine import GameState, PlayerView
from wizardrules.fast._kernels.actions import hand_masks
from wizardrules.fast._kernels.worlds import batch_scores, possible

__all__ = ["possible", "scores"]


def scores(view: PlayerView, state: GameState, actions: Sequence[Action]) -> list[float]:
    """Each action's rollout score in `state` for `view.seat`: its round points minus the mean of the others'.

    `state` is the one-round game of a sampled world (`world_state(view, world)`); the bid
    policy is asked with the real round number and totals, as there.
    """
    return batch_scores(view, state, [hand_masks(state.hands)], actions)[0]
