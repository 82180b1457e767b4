"""MonteCarloBot's compiled rollouts against its Python rollouts: the same scores, world by world.

Needs the `fast` extra; skipped without it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Final

import pytest

pytest.importorskip("numba", reason='needs the extra fast: pip install -e ".[fast]"')

from wizardrules import (
    Action,
    BidReveal,
    EqualBids,
    GameState,
    MonteCarloBot,
    NotEqualBids,
    PlayerView,
    Preset,
    RuleBot,
    Rules,
    ScorekeeperHook,
    Variant,
    new_game,
)
from wizardrules.bots import sample_world, world_state
from wizardrules.bots._montecarlo import _play_out, _relative
from wizardrules.fast._kernels import montecarlo

RULES: Final = (
    Preset.RULEBOOK.rules(),
    Preset.OFFICIAL.rules(),
    Rules(variants=Variant.BLIND_BIDS),
    Rules(variants=Variant.BLIND_BIDS | Variant.CLAIRVOYANCE, bid_policy=NotEqualBids(first_round_free=True)),
    Rules(bid_policy=EqualBids()),
    Rules(bid_policy=ScorekeeperHook(scorekeeper=0)),
    Rules(bid_reveal=BidReveal.SECRET),
    Rules(bid_reveal=BidReveal.SIMULTANEOUS, variants=Variant.BLIND_BIDS),
)


def decisions(rules: Rules, players: int, seed: int, most: int) -> Iterator[tuple[PlayerView, tuple[Action, ...]]]:
    """Views with a choice to make, from a random game's first rounds."""
    rng = random.Random(seed)
    state = new_game(players, rules=rules, seed=seed)
    found = 0
    while not state.is_over and found < most:
        legal = state.legal_actions()
        if len(legal) > 1 and rng.random() < 0.5:
            seat = state.to_move
            assert seat is not None
            yield state.view(seat), legal
            found += 1
        state = state.apply(rng.choice(legal))


def python_scores(view: PlayerView, state: GameState, legal: tuple[Action, ...]) -> list[float]:
    players = [RuleBot()] * len(view.players)
    return [_relative(_play_out(state.apply(action), players), view.seat) for action in legal]


@pytest.mark.parametrize("rules", RULES, ids=range(len(RULES)))
@pytest.mark.parametrize("players", [3, 4, 6])
def test_compiled_rollouts_score_as_the_python_ones(rules: Rules, players: int) -> None:
    """Every action's rollout score in sampled worlds is the Python rollout's, exactly (RuleBot in all seats)."""
    compared = 0
    rng = random.Random(players)
    for view, legal in decisions(rules, players, seed=players * 7, most=12):
        for _ in range(2):
            state = world_state(view, sample_world(view, rng))
            assert montecarlo.scores(view, state, legal) == python_scores(view, state, legal)
            compared += 1
    assert compared >= 20


@pytest.mark.parametrize("rules", RULES[:3], ids=range(3))
def test_monte_carlo_bot_makes_the_same_choices_compiled(rules: Rules) -> None:
    """MonteCarloBot with a fixed number of samples chooses the same, compiled or not."""
    for view, legal in decisions(rules, 4, seed=3, most=15):
        fast = MonteCarloBot(worlds=3, seed=9).act(view, legal)
        slow = MonteCarloBot(worlds=3, seed=9, compiled=False).act(view, legal)
        assert fast == slow


def test_special_cards_and_custom_rollout_bots_stay_in_python() -> None:
    """R8: rules with special cards, and a rollout bot of one's own, are not compiled."""
    assert not montecarlo.possible(Preset.ANNIVERSARY_2021.rules())
    assert montecarlo.possible(Rules())
    view, legal = next(decisions(Preset.ANNIVERSARY_2016.rules(), 4, seed=1, most=1))
    assert MonteCarloBot(worlds=2, seed=1).act(view, legal) in legal
