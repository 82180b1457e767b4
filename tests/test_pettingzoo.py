"""The PettingZoo environment: PettingZoo's own API and seed tests, rewards that add up to the totals."""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from importlib.util import find_spec
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason='needs the extra pettingzoo: pip install -e ".[pettingzoo]"')

import numpy as np
from pettingzoo.test import api_test, seed_test
from pettingzoo.utils import wrappers

from wizardrules import (
    ActionError,
    IllegalActionError,
    PlayerError,
    Preset,
    Rules,
    RulesError,
    Schedule,
    ScheduleKind,
    Variant,
    WrongPhaseError,
)
from wizardrules.pettingzoo import Backend, WizardEnv, env, raw_env
from wizardrules.rl import Encoding, Reward, points_bounds, table_text

# PettingZoo's API test warns about dict observations for any environment not on its own list
# of classic games; the dict with "observation" and "action_mask" is the classic games' form.
BENIGN = ("Observation is not a NumPy array", "Observation space for each agent probably should be")


def checked(test: Callable[[], None]) -> None:
    """Run one of PettingZoo's tests, failing on any warning but the benign ones."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        test()
    unexpected = {str(w.message) for w in caught if not str(w.message).startswith(BENIGN)}
    assert unexpected == set()


def play(game: Any, seed: int, rng: np.random.Generator) -> dict[str, float]:
    """A whole game of masked random actions through the AEC API; each agent's summed rewards."""
    game.reset(seed=seed)
    returns = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        observation, reward, termination, truncation, _ = game.last()
        returns[agent] += reward
        if termination or truncation:
            game.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.dtype == np.int8
        game.step(int(rng.choice(np.flatnonzero(mask))))
    return returns


@pytest.mark.parametrize(
    ("preset", "players"),
    [(Preset.RULEBOOK, 4), (Preset.OFFICIAL, 3), (Preset.SECRET_BIDS, 5), (Preset.ANNIVERSARY_2021, 4)],
)
def test_pettingzoo_api_test_passes(preset: Preset, players: int) -> None:
    checked(lambda: api_test(env(players=players, rules=preset.rules()), num_cycles=1000))
    checked(lambda: api_test(raw_env(players=players, rules=preset.rules()), num_cycles=1000))


@pytest.mark.parametrize("preset", [Preset.RULEBOOK, Preset.ANNIVERSARY_2016])
def test_pettingzoo_seed_test_passes(preset: Preset) -> None:
    checked(lambda: seed_test(lambda: env(players=4, rules=preset.rules()), num_cycles=500))


def test_pettingzoo_api_test_passes_in_pettingzoos_wrappers() -> None:
    """Users may still wrap the environment as PettingZoo's classic games come."""
    wrapped = wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(env(players=4)))
    checked(lambda: api_test(wrapped, num_cycles=1000))


def test_pettingzoo_api_test_passes_with_information_states() -> None:
    rules = Rules(variants=Variant.BLIND_BIDS | Variant.CLAIRVOYANCE)
    checked(lambda: api_test(env(players=3, rules=rules, encoding=Encoding.INFORMATION_STATE), num_cycles=1000))


@pytest.mark.parametrize("preset", list(Preset))
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_rewards_add_up_to_the_final_totals(preset: Preset, players: int) -> None:
    """Every preset and table: each agent's rewards over a game sum to its total (R6.3)."""
    rules = preset.rules()
    try:
        rules.check(players)
    except RulesError:
        pytest.skip(f"{preset.value} is not played by {players}")
    game = env(players=players, rules=rules)
    returns = play(game, seed=players, rng=np.random.default_rng(players))
    assert list(returns.values()) == [float(total) for total in game.unwrapped.game.totals]
    assert game.unwrapped.game.is_over


def test_scaled_rewards_add_up_to_the_scaled_totals() -> None:
    rules = Preset.OFFICIAL.rules()
    game = raw_env(players=4, rules=rules, reward=Reward.SCALED)
    returns = play(game, seed=3, rng=np.random.default_rng(3))
    bound = points_bounds(rules, 4)[0]
    assert list(returns.values()) == pytest.approx([total / bound for total in game.game.totals])


def test_the_same_seed_deals_the_same_game() -> None:
    first, second = raw_env(players=4), raw_env(players=4)
    first.reset(seed=7)
    second.reset(seed=7)
    assert first.game.deals == second.game.deals
    second.reset(seed=8)
    assert first.game.deals != second.game.deals
    first.reset()  # unseeded: the next game of the seeded source
    assert first.game.deals != second.game.deals


def test_observations_mask_only_the_agent_to_act() -> None:
    game = raw_env(players=4, rules=Preset.ANNIVERSARY_2021.rules())
    game.reset(seed=1)
    state = game.game
    for agent in game.possible_agents:
        observed = game.observe(agent)
        seat = game.possible_agents.index(agent)
        assert observed["observation"].dtype == np.float32
        assert np.array_equal(observed["observation"], game.observer.observation(state.view(seat)))
        if agent == game.agent_selection:
            assert np.array_equal(observed["action_mask"], game.codec.mask(state).astype(np.int8))
        else:
            assert not observed["action_mask"].any()
        assert game.observation_space(agent).contains(observed)
        assert game.view(agent) == state.view(seat)


def test_raw_env_refuses_illegal_actions_and_changes_nothing() -> None:
    game = raw_env(players=4)
    game.reset(seed=2)
    before = game.game
    illegal = game.codec.index(next(a for a in game.codec.actions if a not in before.legal_actions()))
    with pytest.raises(IllegalActionError):
        game.step(illegal)
    assert game.game is before
    for index in (-1, game.codec.size):
        with pytest.raises(ActionError):
            game.step(index)
    with pytest.raises(ActionError):
        game.step(None)


def test_env_ends_the_game_on_an_illegal_action() -> None:
    """As PettingZoo's classic games: the offender is paid the penalty, every agent is done."""
    game = env(players=4)
    game.reset(seed=2)
    offender = game.agent_selection
    legal = game.unwrapped.game.legal_actions()
    illegal = game.unwrapped.codec.index(next(a for a in game.unwrapped.codec.actions if a not in legal))
    game.step(illegal)
    assert all(game.terminations.values())
    assert game.rewards[offender] == -points_bounds(Rules(), 4)[1]
    assert game.infos[offender] == {"illegal_action": True}
    seen = []
    for agent in game.agent_iter():
        _, reward, termination, _, _ = game.last()
        assert termination
        seen.append((agent, reward))
        game.step(None)
    assert sorted(seen) == sorted((a, -1500.0 if a == offender else 0.0) for a in game.possible_agents)
    custom = env(players=3, illegal_reward=-1.0)
    custom.reset(seed=1)
    custom.step(custom.unwrapped.codec.size - 1)  # a play of the last card: never legal while bidding
    assert -1.0 in custom.rewards.values()


def test_render_modes() -> None:
    game = raw_env(players=3, render_mode="ansi")
    game.reset(seed=4)
    assert game.render() == table_text(game.game, game.possible_agents)
    quiet = raw_env(players=3)
    quiet.reset(seed=4)
    assert quiet.render() is None
    with pytest.raises(RulesError, match="render_mode"):
        raw_env(players=3, render_mode="rgb_array")


def test_human_render_prints_every_step(capsys: pytest.CaptureFixture[str]) -> None:
    game = raw_env(players=3, render_mode="human")
    game.reset(seed=4)
    game.step(int(np.flatnonzero(game.observe(game.agent_selection)["action_mask"])[0]))
    assert "player_0" in capsys.readouterr().out


def test_bad_configuration_is_refused() -> None:
    with pytest.raises(RulesError):
        raw_env(players=7)
    with pytest.raises(RulesError, match="einfarbig"):
        env(players=5, rules=Rules(schedule=ScheduleKind.EINFARBIG))
    with pytest.raises(RulesError, match="expected an observation or information-state Encoding"):
        WizardEnv(4, encoding="observation")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="expected an observation or information-state Encoding"):
        WizardEnv(4, encoding=Encoding.ACTION_MASK)
    played = raw_env(players=3)
    played.reset(seed=1)
    for method in (played.observe, played.view, played.observation_space, played.action_space):
        with pytest.raises(PlayerError, match="no agent 'player_3'"):
            method("player_3")
    with pytest.raises(RulesError, match="must be an integer"):
        played.reset(seed="one")  # type: ignore[arg-type]
    played.reset(seed=np.int64(1))
    fresh = env(players=4)
    with pytest.raises(RulesError, match="reset"):
        fresh.game  # noqa: B018 - the property raises
    with pytest.raises(RulesError, match="reset"):
        fresh.last()
    with pytest.raises(RulesError, match="reset"):
        fresh.step(0)


# -- hostile input (found by tests/test_fuzz_extras.py) -------------------------------------------


class Ansi(str):
    """A str subclass equal to "ansi" that writes itself as other text."""

    __slots__ = ()

    def __str__(self) -> str:
        return "Wizard"


def test_hostile_options_and_seeds_get_library_errors() -> None:
    """Options and seeds of the wrong type met `float()`, numpy's truth tests, unbounded reprs or were
    taken as they came; each is refused with a RulesError, before the environment is built."""
    huge = 10**5000
    for options in (
        {"illegal_reward": math.nan},
        {"illegal_reward": True},
        {"illegal_reward": "-5"},
        {"illegal_reward": huge},
        {"render_mode": np.array(["ansi"])},  # was taken, as numpy's == said so
        {"backend": huge},
        {"reward": "points"},
        {"players": huge},
    ):
        with pytest.raises(RulesError) as info:
            env(**options)
        assert len(str(info.value)) < 300
    assert type(env(3, render_mode=Ansi("ansi")).render_mode) is str
    assert env(3, illegal_reward=np.float32(-5)).illegal_reward == -5.0
    game = raw_env(players=3)
    for seed in (True, 1.5, "1", np.float64(1), np.timedelta64(1, "D")):
        with pytest.raises(RulesError, match="must be an integer"):
            game.reset(seed=seed)  # type: ignore[arg-type]
    game.reset(seed=np.uint8(1))
    first = game.game
    game.reset(seed=1)
    assert game.game == first


@pytest.mark.parametrize(
    "backend",
    [
        Backend.ENGINE,
        pytest.param(
            Backend.COMPILED,
            marks=pytest.mark.skipif(
                find_spec("numba") is None, reason='needs the extra fast: pip install -e ".[fast]"'
            ),
        ),
    ],
)
def test_steps_once_the_game_is_over_get_library_errors(backend: Backend) -> None:
    """A done agent stepped with an action met PettingZoo's ValueError, and any call once every agent
    was done its KeyError: each is now a library error, and the environment is as it was."""
    game = raw_env(players=3, rules=Rules(schedule=Schedule.ladder(3, rounds=1)), backend=backend)
    game.reset(seed=2)
    while not all(game.terminations.values()):
        game.step(int(np.flatnonzero(game.observe(game.agent_selection)["action_mask"])[0]))
    for action in (0, np.int64(0), 10**5000):
        with pytest.raises(ActionError, match="only action is None"):
            game.step(action)
    assert game.agents == game.possible_agents
    for _ in game.possible_agents:
        game.step(None)
    assert not game.agents
    with pytest.raises(WrongPhaseError, match="reset first"):
        game.step(None)
    with pytest.raises(WrongPhaseError, match="reset first"):
        game.last()
    game.reset(seed=2)
    assert game.agents == game.possible_agents
