"""The Gymnasium environment: Gymnasium's env checker, registration, masks, whole episodes."""

from __future__ import annotations

import math
import time
import warnings
from collections.abc import Sequence

import pytest

pytest.importorskip("gymnasium", reason='needs the extra gymnasium: pip install -e ".[gymnasium]"')

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

from wizardrules import (
    Action,
    ActionError,
    Bot,
    PlayerView,
    Preset,
    RandomBot,
    RuleBot,
    Rules,
    RulesError,
    Schedule,
    WrongPhaseError,
)
from wizardrules.gymnasium import ENV_ID, WizardEnv
from wizardrules.rl import Encoding, Reward, points_bounds


def episode(env: WizardEnv, seed: int) -> float:
    """A whole episode of masked random actions; the learner's summed rewards."""
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    total, done = 0.0, False
    while not done:
        mask = env.action_masks()
        assert np.array_equal(mask, info["action_mask"])
        assert np.array_equal(mask, env.codec.mask(env.game))
        observation, reward, terminated, truncated, info = env.step(rng.choice(np.flatnonzero(mask)))
        assert observation in env.observation_space
        assert not truncated
        total += reward
        done = terminated
    assert not env.action_masks().any()
    return total


def test_the_environment_is_registered() -> None:
    assert ENV_ID == "wizardrules/Wizard-v0"
    assert ENV_ID in gymnasium.registry
    env = gymnasium.make(ENV_ID, players=3, rules=Preset.OFFICIAL.rules())
    assert isinstance(env.unwrapped, WizardEnv)
    assert env.unwrapped.players == 3
    assert env.unwrapped.rules == Preset.OFFICIAL.rules()


@pytest.mark.parametrize("preset", list(Preset))
def test_gymnasium_env_checker_passes(preset: Preset, capsys: pytest.CaptureFixture[str]) -> None:
    """Gymnasium's check_env, on the environment made through the registry (its render modes included)."""
    env = gymnasium.make(ENV_ID, players=4, rules=preset.rules())
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)
    capsys.readouterr()  # the human render mode printed the table


@pytest.mark.parametrize("seat", [0, 2])
@pytest.mark.parametrize("preset", [Preset.RULEBOOK, Preset.HIDDEN_BIDS, Preset.ANNIVERSARY_2021])
def test_an_episode_is_a_whole_game_whose_rewards_add_up_to_the_total(preset: Preset, seat: int) -> None:
    env = WizardEnv(4, preset.rules(), seat=seat)
    total = episode(env, seed=seat)
    assert env.game.is_over
    assert total == env.game.totals[seat]


def test_scaled_rewards_and_information_states() -> None:
    rules = Preset.OFFICIAL.rules()
    env = WizardEnv(3, rules, reward=Reward.SCALED, encoding=Encoding.INFORMATION_STATE)
    assert env.observation_space.shape == (env.observer.describe(Encoding.INFORMATION_STATE).size,)
    total = episode(env, seed=1)
    assert total == pytest.approx(env.game.totals[0] / points_bounds(rules, 3)[0])


def test_reset_with_a_seed_repeats_the_game_and_the_bots() -> None:
    env = WizardEnv(4)
    first, _ = env.reset(seed=5)
    deals = env.game.deals
    first_run = episode(env, seed=5)
    again, _ = env.reset(seed=5)
    assert np.array_equal(first, again)
    assert env.game.deals == deals
    assert episode(env, seed=5) == first_run
    env.reset(seed=6)
    assert env.game.deals != deals


def test_opponents_can_be_any_bots() -> None:
    class Cautious:
        """Always the first legal action."""

        def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
            return legal[0]

    made: list[int] = []

    def cautious(seed: int) -> Bot:
        made.append(seed)
        return Cautious()

    env = WizardEnv(4, opponents=[RuleBot, cautious, RandomBot])
    assert len(made) == 1  # each factory makes a bot when the environment is made, to check it
    episode(env, seed=3)
    assert len(made) == 2
    three = WizardEnv(3, opponents=RuleBot)
    assert three.reset(seed=1)[0] in three.observation_space
    with pytest.raises(RulesError, match="2 opponents for the 3 other seats"):
        WizardEnv(4, opponents=[RuleBot, RuleBot])
    with pytest.raises(RulesError, match="not a bot class"):
        WizardEnv(3, opponents=[RuleBot, 42])  # type: ignore[list-item]
    with pytest.raises(RulesError, match="not a bot"):
        WizardEnv(3, opponents=lambda seed: "bot").reset(seed=1)  # type: ignore[arg-type]


def test_an_illegal_action_ends_the_episode() -> None:
    env = WizardEnv(4)
    env.reset(seed=2)
    legal = env.game.legal_actions()
    illegal = env.codec.index(next(a for a in env.codec.actions if a not in legal))
    before = env.game
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1500.0, True, False, True)
    assert env.game is before
    assert not env.action_masks().any()
    with pytest.raises(WrongPhaseError, match="reset first"):
        env.step(0)
    env.reset(seed=2)
    with pytest.raises(ActionError):
        env.step(env.codec.size)
    with pytest.raises(ActionError, match="not an integer"):
        env.step(1.5)  # type: ignore[arg-type]
    assert WizardEnv(4, illegal_reward=-3).illegal_reward == -3.0


def test_render_modes(capsys: pytest.CaptureFixture[str]) -> None:
    env = WizardEnv(3, render_mode="ansi", seat=1)
    env.reset(seed=1)
    text = env.render()
    assert text is not None
    assert "seat 1 (learner)" in text
    assert WizardEnv(3).render() is None
    human = WizardEnv(3, render_mode="human")
    human.reset(seed=1)
    human.step(int(np.flatnonzero(human.action_masks())[0]))
    assert "seat 0 (learner)" in capsys.readouterr().out


def test_bad_configuration_is_refused() -> None:
    with pytest.raises(RulesError, match="seat 4"):
        WizardEnv(4, seat=4)
    with pytest.raises(RulesError, match="render_mode"):
        WizardEnv(4, render_mode="rgb_array")
    with pytest.raises(RulesError, match="expected a Reward"):
        WizardEnv(4, reward="points")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="reset"):
        WizardEnv(4).action_masks()
    with pytest.raises(RulesError):
        WizardEnv(2, Rules())


# -- hostile input (found by tests/test_fuzz_extras.py) -------------------------------------------


def test_hostile_options_get_library_errors_at_construction() -> None:
    """Seats, opponents and rewards of the wrong kind met unbounded reprs, `float()` or were found out
    only at reset (a bot class that is none, a factory that fails); each is refused when the
    environment is made."""
    huge = 10**5000

    def broken(seed: int) -> Bot:
        raise ZeroDivisionError("no bot today")

    for options, words in (
        ({"seat": huge}, "16610-bit number"),
        ({"opponents": [int, RuleBot, RuleBot]}, "<class 'int'> is not a bot class"),
        ({"opponents": [broken, RuleBot, RuleBot]}, "could not make a bot: ZeroDivisionError: 'no bot today'"),
        ({"opponents": range(10**12)}, "more than 3 entries"),
        ({"opponents": "RuleBot"}, "not a bot class or a function"),
        ({"illegal_reward": math.inf}, "finite number"),
        ({"illegal_reward": True}, "finite number"),
        ({"illegal_reward": huge}, "finite number"),
    ):
        with pytest.raises(RulesError, match=words) as info:
            WizardEnv(4, **options)
        assert len(str(info.value)) < 300


def test_hostile_seeds_and_actions_get_library_errors() -> None:
    """Seeds Gymnasium refuses with its own error, or takes minutes over (a huge one), and bools
    taken as numbers: each is a library error, and the environment is as it was."""
    env = WizardEnv(3)
    env.reset(seed=5)
    before = (env.game, env.np_random.bit_generator.state)
    started = time.perf_counter()
    for seed in (-1, 2**128, 10**200_000, True, 1.0, "1", np.float64(1)):
        with pytest.raises(RulesError, match="seed"):
            env.reset(seed=seed)  # type: ignore[arg-type]
    assert time.perf_counter() - started < 0.5
    with pytest.raises(ActionError, match="not an integer"):
        env.step(True)
    assert (env.game, env.np_random.bit_generator.state) == before
    assert np.array_equal(env.reset(seed=np.int64(5))[0], WizardEnv(3).reset(seed=5)[0])
    env = WizardEnv(3, rules=Rules(schedule=Schedule.ladder(3, rounds=1)))
    env.reset(seed=1)
    while not env.step(int(np.flatnonzero(env.action_masks())[0]))[2]:
        pass
    with pytest.raises(WrongPhaseError, match="reset first") as done:
        env.step(10**5000)
    assert "16610-bit number" in str(done.value)
