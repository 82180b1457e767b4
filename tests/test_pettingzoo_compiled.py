"""The PettingZoo environment on the compiled core: the very games of the engine, and PettingZoo's checks.

Needs the `pettingzoo` and `fast` extras; skipped without them.
"""

from __future__ import annotations

import warnings
from typing import Final

import pytest

pytest.importorskip("pettingzoo", reason='needs the extra pettingzoo: pip install -e ".[pettingzoo]"')
pytest.importorskip("numba", reason='needs the extra fast: pip install -e ".[fast]"')

import numpy as np
from pettingzoo.test import api_test, seed_test

from wizardrules import BidReveal, Preset, Rules, RulesError, Variant
from wizardrules.pettingzoo import Backend, env, raw_env
from wizardrules.rl import Encoding

RULES: Final = (
    Preset.RULEBOOK.rules(),
    Preset.OFFICIAL.rules(),
    Rules(variants=Variant.BLIND_BIDS | Variant.CLAIRVOYANCE),
    Rules(bid_reveal=BidReveal.SECRET),
    Preset.TOURNAMENT.rules(),
)
BENIGN = ("Observation is not a NumPy array", "Observation space for each agent probably should be")


@pytest.mark.parametrize("rules", RULES, ids=range(len(RULES)))
@pytest.mark.parametrize("players", [3, 4, 6])
def test_both_backends_play_the_same_games(rules: Rules, players: int) -> None:
    """Observations, masks, rewards and turns agree step by step on the engine and the compiled core."""
    engine = env(players, rules, backend=Backend.ENGINE)
    compiled = env(players, rules, backend=Backend.COMPILED)
    assert compiled.backend is Backend.COMPILED
    rng = np.random.default_rng(players)
    for seed in range(2):
        engine.reset(seed=seed)
        compiled.reset(seed=seed)
        for agent in engine.agent_iter():
            assert compiled.agent_selection == agent
            want, got = engine.last(), compiled.last()
            assert np.array_equal(want[0]["observation"], got[0]["observation"])
            assert np.array_equal(want[0]["action_mask"], got[0]["action_mask"])
            assert want[1:] == got[1:]
            action = None if want[2] else int(rng.choice(np.flatnonzero(want[0]["action_mask"])))
            engine.step(action)
            compiled.step(action)
        assert compiled.game.totals == engine.game.totals


def test_pettingzoos_own_checks_pass_on_the_compiled_core() -> None:
    """PettingZoo's `api_test` and `seed_test` on the compiled backend."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(4, backend=Backend.COMPILED), num_cycles=300)
        seed_test(lambda: env(4, backend=Backend.COMPILED), num_cycles=300)
    assert {str(w.message) for w in caught if not str(w.message).startswith(BENIGN)} == set()


def test_the_backend_follows_what_the_compiled_core_can_play() -> None:
    """AUTO takes the compiled core where it can; COMPILED refuses what it cannot play (R8, the information state)."""
    assert env(4).backend is Backend.COMPILED
    assert env(4, Preset.ANNIVERSARY_2021.rules()).backend is Backend.ENGINE
    assert env(4, encoding=Encoding.INFORMATION_STATE).backend is Backend.ENGINE
    with pytest.raises(RulesError, match="special cards"):
        env(4, Preset.ANNIVERSARY_2021.rules(), backend=Backend.COMPILED)
    with pytest.raises(RulesError, match="information state"):
        raw_env(4, encoding=Encoding.INFORMATION_STATE, backend=Backend.COMPILED)
    with pytest.raises(RulesError, match="Backend"):
        env(4, backend="compiled")  # type: ignore[arg-type]
