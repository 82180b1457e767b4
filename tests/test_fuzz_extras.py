"""Fuzzing the optional extras: every public entry point of each, driven with hostile values.

The sections follow the extras: the RL encodings (`wizardrules.rl`, numpy), PettingZoo,
Gymnasium, OpenSpiel and the compiled core (`wizardrules.fast`, numba). Each skips itself
(`pytest.importorskip`) when its extra is not installed; they all need numpy, so without it
the module is skipped whole. The values are the hostile ones of `tests/test_fuzz.py` (from
`tests/_hostile.py`) and numpy's: integers of every dtype, NaN and other floats, numpy bools,
strings and dates, and arrays of the wrong shape, dtype, layout or writability, ragged ones
included. Every call passes the check of `outcome`:

- it returns, or raises a `WizardRulesError` with a short message, within a moment;
- when it refuses, the object it was called on (an environment, a batch of games, an `out=`
  buffer, an OpenSpiel state) is as it was.

Where another library checks its arguments before ours run (OpenSpiel's parameter types and
pybind11's conversions, Gymnasium's wrappers), the test names its errors and allows those
alone, only for values that library refuses. The default hypothesis profile runs a few
dozen examples per test; `.ci/run` runs the module with `HYPOTHESIS_PROFILE=fuzz` once
the extras are installed.
"""

from __future__ import annotations

import math
import operator
import random
from collections.abc import Callable
from functools import cache
from importlib.util import find_spec
from typing import TYPE_CHECKING, Any, TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from _hostile import (
    SHORT,
    actions,
    hostile,
    hostile_views,
    huge_sequences,
    maybe,
    names,
    outcome,
    power,
    refused,
    refused_at_once,
    refused_before_copying,
    rules_st,
    states,
)
from wizardrules import (
    Bid,
    ExpertBot,
    MonteCarloBot,
    NotEqualBids,
    Preset,
    RandomBot,
    RuleBot,
    Rules,
    Schedule,
    Special,
    Variant,
    WizardRulesError,
    WrongPhaseError,
    new_game,
)

pytest.importorskip(
    "numpy", reason='needs the extra rl: pip install -e ".[rl]"'
)  # the RL encodings' extra, which every other extra here needs too

import numpy as np

from wizardrules.engine.view import view_problem
from wizardrules.rl import ActionCodec, Encoding, Observer, Reward, points_bounds, table_text

if TYPE_CHECKING:
    from wizardrules.fast import VectorGame
    from wizardrules.gymnasium import WizardEnv as GymEnv
    from wizardrules.openspiel import WizardGame
    from wizardrules.pettingzoo import WizardEnv as ZooEnv

T = TypeVar("T")

SPECIAL = Rules(special_cards=frozenset(Special), schedule=Schedule(cards_per_round=(2, 3)))
"""Short games with every special card (R8): the engine plays them, the compiled core does not."""
BLIND = Rules(
    variants=Variant.BLIND_BIDS | Variant.CLAIRVOYANCE,
    bid_policy=NotEqualBids(),
    schedule=Schedule(cards_per_round=(1, 2)),
)
"""Short games with blind bids and clairvoyance, which the compiled core plays."""
RULES = (None, SHORT, SPECIAL, BLIND)
"""Rules the tests play: the rulebook's and short ones."""
VECTORS = (Encoding.OBSERVATION, Encoding.INFORMATION_STATE)
"""What the environments observe."""


def spared(call: Callable[[], T], foreign: tuple[type[BaseException], ...]) -> Callable[[], T | BaseException]:
    """`call`, with the errors `foreign` (another library's, raised before ours run) returned instead of raised."""

    def run() -> T | BaseException:
        try:
            return call()
        except foreign as error:
            return error

    return run


def index_of(value: object) -> int | None:
    """The integer an index stands for (a Python or numpy integer, not a bool), else `None`."""
    if isinstance(value, bool | np.bool_):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def arguments(data: st.DataObject, valid: dict[str, st.SearchStrategy[Any]], spoiled: int = 2) -> dict[str, Any]:
    """A value for each argument: valid ones, but for up to `spoiled` of them, drawn hostile.

    With many arguments, so that calls often get past their checks and make what they make.
    """
    hostile_names = data.draw(st.sets(st.sampled_from(sorted(valid)), max_size=spoiled), label="hostile")
    return {name: data.draw(anything if name in hostile_names else valid[name], label=name) for name in valid}


# -- numpy's hostile values --------------------------------------------------------------------------

INTEGER_TYPES = (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64)


def numpy_integers(low: int, high: int) -> st.SearchStrategy[Any]:
    """numpy integers of every dtype from `low` to `high`, as far as each dtype holds them."""
    ranges = [(kind, max(low, int(np.iinfo(kind).min)), min(high, int(np.iinfo(kind).max))) for kind in INTEGER_TYPES]
    return st.sampled_from([r for r in ranges if r[1] <= r[2]]).flatmap(lambda r: st.integers(r[1], r[2]).map(r[0]))


def readonly(array: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    array.setflags(write=False)
    return array


numpy_scalars = st.one_of(
    numpy_integers(-(2**63), 2**64 - 1),
    st.floats(width=32).map(np.float32),
    st.floats().map(np.float64),
    st.sampled_from(
        [
            np.float64("nan"),
            np.float16(-0.0),
            np.bool_(True),
            np.bool_(False),
            np.complex64(1j),
            np.str_("ansi"),
            np.bytes_(b"x"),
            np.datetime64("2020-01-01"),
            np.timedelta64(1, "D"),
        ]
    ),
)


def odd_array(kind: str) -> np.ndarray[Any, Any]:
    """A fresh array that is no plain vector of numbers: ragged, NaN, read-only or strided."""
    if kind == "ragged":
        return np.array([[1], [1, 2]], dtype=object)
    if kind == "nan":
        return np.full(3, np.nan)
    if kind == "readonly":
        return readonly(np.zeros(3, dtype=np.int64))
    return np.zeros(6, dtype=np.int64)[::2]


numpy_arrays: st.SearchStrategy[np.ndarray[Any, Any]] = st.one_of(
    st.tuples(
        st.sampled_from([(), (0,), (1,), (3,), (2, 2), (1, 4)]),
        st.sampled_from([np.int64, np.int8, np.uint64, np.float32, np.float64, np.bool_, np.str_, object]),
    ).map(lambda spec: np.zeros(spec[0], dtype=spec[1])),
    st.sampled_from(["ragged", "nan", "readonly", "strided"]).map(odd_array),
)
anything: st.SearchStrategy[Any] = st.one_of(hostile, numpy_scalars, numpy_arrays, st.lists(numpy_scalars, max_size=3))
"""The hostile values of `tests/test_fuzz.py` and numpy's."""


def indices(size: int) -> st.SearchStrategy[Any]:
    """Action indices of a space of `size`: Python and numpy integers in and around it, and anything else."""
    return st.one_of(st.integers(-2, size + 1), numpy_integers(-2, size + 1), anything)


def buffer(kind: str, shape: tuple[int, ...], dtype: Any) -> np.ndarray[Any, Any]:
    """A fresh `out=` buffer for a result of `shape` and `dtype`, of the `kind` asked for."""
    bigger = (shape[0] * 2, *shape[1:])
    if kind == "fresh":
        return np.zeros(shape, dtype=dtype)
    if kind == "dirty":
        return np.ones(shape, dtype=dtype)
    if kind == "strided":
        return np.zeros(bigger, dtype=dtype)[::2]
    if kind == "readonly":
        return readonly(np.zeros(shape, dtype=dtype))
    if kind == "shape":
        return np.zeros(bigger, dtype=dtype)
    if kind == "flat":
        return np.zeros(math.prod(shape) + 1, dtype=dtype)
    return np.zeros(shape, dtype=np.float64 if dtype != np.float64 else np.float32)


def buffers(shape: tuple[int, ...], dtype: Any) -> st.SearchStrategy[Any]:
    """`out=` arguments for a result of `shape` and `dtype`: none, fitting ones (fresh, dirty, strided),
    and ones of the wrong shape, dtype or writability, or no array at all."""
    kinds = st.sampled_from(["fresh", "dirty", "strided", "readonly", "shape", "dtype", "flat"])
    return st.one_of(st.none(), kinds.map(lambda kind: buffer(kind, shape, dtype)), anything)


def fits(out: object, shape: tuple[int, ...], dtype: Any) -> bool:
    """Whether `out` is a buffer a result of `shape` and `dtype` may be written into."""
    return out is None or (
        isinstance(out, np.ndarray) and out.shape == shape and out.dtype == dtype and bool(out.flags.writeable)
    )


def array_snapshot(value: object) -> Callable[[], object] | None:
    """A snapshot of `value`'s contents when it is an array (an `out=` buffer a refusal must leave alone)."""
    if not isinstance(value, np.ndarray):
        return None
    return lambda: (value.dtype.str, value.shape, value.tobytes())


def advance(rng: random.Random, steps: int, legal: Callable[[], list[int]], act: Callable[[int], object]) -> None:
    """Take up to `steps` random legal actions; stop early where nothing is legal."""
    for _ in range(steps):
        choices = legal()
        if not choices:
            return
        act(rng.choice(choices))


@cache
def warm() -> None:
    """Load the compiled core's code once, outside the timed calls (a cold disk cache compiles for
    seconds); nothing to do without the `fast` extra."""
    if find_spec("numba") is None:
        return
    from wizardrules.fast import VectorGame, playouts

    games = VectorGame(2, players=3, rules=SHORT)
    games.step(games.legal_mask().argmax(axis=1))
    games.observe()
    games.start(0, new_game(3, rules=SHORT, seed=1))
    games.record(0)
    playouts(2, players=3, rules=SHORT).record(1)


# -- the RL encodings -----------------------------------------------------------------------------------


@cache
def encoders(rules: Rules, players: int) -> tuple[ActionCodec, Observer]:
    return ActionCodec(rules, players), Observer(rules, players)


@given(maybe(st.sampled_from(RULES) | rules_st), maybe(st.integers(2, 7)), anything)
def test_rl_encoders_are_made_or_refused(rules: Any, players: Any, other: Any) -> None:
    """`ActionCodec`, `Observer`, `points_bounds` and `Reward.scale` answer, or raise a RulesError, alike."""
    codec = outcome(lambda: ActionCodec(rules, players))
    observer = outcome(lambda: Observer(rules, players))
    bounds = outcome(lambda: points_bounds(rules, players))
    assert refused(observer) == (refused(codec) or refused(bounds))
    if isinstance(bounds, tuple):
        assert all(type(bound) is int and bound >= 1 for bound in bounds)
    for reward in Reward:
        outcome(lambda reward=reward: reward.scale(rules, players))  # type: ignore[misc]
        outcome(lambda reward=reward: reward.scale(other, 4))  # type: ignore[misc]
    outcome(lambda: points_bounds(other, 4))
    if isinstance(codec, ActionCodec):
        layout = codec.describe()
        outcome(lambda: layout[other])
        assert type(outcome(lambda: other in layout)) is bool
        assert layout.size == codec.size
    if isinstance(observer, Observer):
        outcome(lambda: observer.describe(other))
        for encoding in Encoding:
            outcome(lambda encoding=encoding: observer.describe(encoding))  # type: ignore[misc]


@given(st.data(), st.one_of(actions, anything), anything)
def test_rl_codec_indices_and_masks(data: st.DataObject, action: Any, other: Any) -> None:
    """Indices turn into actions and back, actions into indices and masks; anything else is an ActionError."""
    state = data.draw(st.sampled_from(states()))
    codec, _ = encoders(state.rules, len(state.players))
    index = data.draw(indices(codec.size))
    made = outcome(lambda: codec.action(index))
    expected = index_of(index)
    assert refused(made) == (expected is None or not 0 <= expected < codec.size), repr(index)
    if not isinstance(made, WizardRulesError):
        assert codec.index(made) == expected
    found = outcome(lambda: codec.index(action))
    if isinstance(found, int):
        assert codec.actions[found] == action
    outcome(lambda: codec.indices([action, other]))
    outcome(lambda: codec.indices(other))
    outcome(lambda: codec.mask_of(other))
    outcome(lambda: codec.mask(other))
    another = data.draw(st.sampled_from(states()))
    mask = outcome(lambda: codec.mask(another))
    assert refused(mask) == (another.rules != state.rules or len(another.players) != len(state.players))
    if isinstance(mask, np.ndarray):
        assert mask.dtype == np.bool_
        assert mask.shape == (codec.size,)


@given(st.data(), anything)
def test_rl_observer_encodes_views_or_refuses(data: st.DataObject, other: Any) -> None:
    """A view of a game of the observer's rules is encoded, into a fitting `out=` buffer if given; anything
    else is a RulesError that leaves the buffer as it was."""
    state = data.draw(st.sampled_from(states()))
    n = len(state.players)
    _, observer = encoders(state.rules, n)
    seat = data.draw(st.integers(0, n - 1))
    view = data.draw(st.one_of(st.just(state.view(seat)), st.sampled_from(states()).map(lambda s: s.view(1)), anything))
    ours = bool(getattr(view, "rules", None) == state.rules and len(getattr(view, "players", ())) == n)
    for encoding, encode in (
        (Encoding.OBSERVATION, observer.observation),
        (Encoding.INFORMATION_STATE, observer.information_state),
    ):
        shape = (observer.describe(encoding).size,)
        out = data.draw(buffers(shape, np.float32))
        encoded = outcome(lambda encode=encode, out=out: encode(view, out=out), array_snapshot(out))  # type: ignore[misc]
        assert refused(encoded) == (not (ours and fits(out, shape, np.float32))), repr(out)
        if isinstance(encoded, np.ndarray):
            assert out is None or encoded is out
            assert np.array_equal(encoded, encode(view))
            assert np.array_equal(encoded, observer.encode(view, encoding))
    outcome(lambda: observer.encode(view, other))
    assert refused(outcome(lambda: observer.observation_string(view))) == (not ours)
    assert refused(outcome(lambda: observer.information_state_string(view))) == (not ours)
    outcome(lambda: table_text(state, other))
    outcome(lambda: table_text(other))


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_rl_observer_takes_hostile_views(data: st.DataObject) -> None:
    """A view is input: the observer encodes a view some game reaches, and refuses with a RulesError every
    view `view_problem` finds no game reaches, before it indexes anything by it (vectors and texts alike)."""
    view, _ = hostile_views(data, states())
    problem = view_problem(view)
    observer = encoders(data.draw(st.sampled_from(states())).rules, 4)[1]
    ours = view.rules == observer.rules and len(view.players) == observer.players
    for encode in (
        observer.observation,
        observer.information_state,
        observer.encode,
        observer.observation_string,
        observer.information_state_string,
    ):
        encoded = outcome(lambda encode=encode: encode(view))  # type: ignore[misc]
        assert refused(encoded) == bool(problem or not ours), (encode, problem, encoded)
    if not problem and ours:
        out = np.full(observer.describe().size, 7.0, dtype=np.float32)
        assert np.array_equal(observer.observation(view, out=out), observer.observation(view))


# -- PettingZoo ------------------------------------------------------------------------------------------


def zoo_snapshot(game: ZooEnv) -> Callable[[], object]:
    """What a refused call must leave as it was: turns, rewards, flags, what each agent observes, the game."""

    def snapshot() -> object:
        played = game._state is not None
        seen = tuple(
            (game.observe(agent)["observation"].tobytes(), game.observe(agent)["action_mask"].tobytes())
            for agent in game.possible_agents
            if played
        )
        return (
            game.agent_selection,
            tuple(game.agents),
            dict(game.rewards),
            dict(game._cumulative_rewards),
            dict(game.terminations),
            dict(game.truncations),
            repr(game.infos),
            seen,
            game.game.actions if played else None,
        )

    return snapshot


@cache
def zoo_game(illegal_ends: bool, compiled: bool, rules: Rules) -> ZooEnv:
    """An environment made once (it is reset by each example): `env` or `raw_env`, on either backend."""
    from wizardrules.pettingzoo import Backend, env, raw_env

    backend = Backend.COMPILED if compiled else Backend.ENGINE
    game = env(3, rules, backend=backend) if illegal_ends else raw_env(3, rules, backend=backend)
    game.reset(seed=0)  # the compiled core's code is loaded here, not in a timed call
    game.step(int(np.flatnonzero(game.observe(game.agent_selection)["action_mask"])[0]))
    return game


@given(st.data())
def test_pettingzoo_environments_are_made_or_refused(data: st.DataObject) -> None:
    """`env(...)` and `raw_env(...)` make an environment that deals, or raise a RulesError."""
    pytest.importorskip("pettingzoo", reason='needs the extra pettingzoo: pip install -e ".[pettingzoo]"')
    from wizardrules.pettingzoo import Backend, WizardEnv, env, raw_env

    warm()
    options = arguments(
        data,
        {
            "players": st.integers(2, 7),
            "rules": st.sampled_from(RULES) | rules_st,
            "render_mode": st.sampled_from([None, "ansi", "human"]),
            "encoding": st.sampled_from(VECTORS),
            "reward": st.sampled_from(Reward),
            "backend": st.sampled_from(Backend),
            "illegal_reward": st.one_of(st.none(), st.floats(-1000, 0), st.integers(-1000, 0)),
        },
    )
    penalty = options.pop("illegal_reward")
    for made in (outcome(lambda: env(**options, illegal_reward=penalty)), outcome(lambda: raw_env(**options))):
        if isinstance(made, WizardEnv):
            check_made(made)


def check_made(made: ZooEnv) -> None:
    """A PettingZoo environment just made: its options as they should be; before reset, calls are
    refused with library errors; it deals."""
    from wizardrules.pettingzoo import Backend

    assert made.render_mode in (None, "ansi", "human")
    assert type(made.render_mode) in (type(None), str)
    assert made.illegal_reward is None or (type(made.illegal_reward) is float and math.isfinite(made.illegal_reward))
    assert made.backend in (Backend.ENGINE, Backend.COMPILED)
    for early in (lambda: made.step(0), made.last, made.render, lambda: made.view("player_0")):
        outcome(early)
    assert not refused(outcome(lambda: made.reset(seed=1)))


@given(st.data(), anything, st.integers(0, 2**32), st.integers(0, 24))
def test_pettingzoo_steps(data: st.DataObject, other: Any, seed: int, steps: int) -> None:
    """`step`, `observe`, `reset`, `last`, `render` and the spaces at any moment of a game, on both
    backends, with hostile actions: a refusal leaves the environment as it was."""
    pytest.importorskip("pettingzoo", reason='needs the extra pettingzoo: pip install -e ".[pettingzoo]"')
    compiled = find_spec("numba") is not None and data.draw(st.booleans())
    rules = data.draw(st.sampled_from([SHORT, BLIND] if compiled else [SHORT, SPECIAL, BLIND]))
    game = zoo_game(data.draw(st.booleans()), compiled, rules)
    game.reset(seed=seed)
    rng = random.Random(seed)

    def legal() -> list[int]:
        if not game.agents:
            return []
        _, _, termination, truncation, _ = game.last()
        if termination or truncation:
            return [-1]
        return [int(i) for i in np.flatnonzero(game.observe(game.agent_selection)["action_mask"])]

    advance(rng, steps, legal, lambda index: game.step(None if index < 0 else index))
    same = zoo_snapshot(game)
    action = data.draw(st.one_of(st.none(), indices(game.codec.size)))
    outcome(lambda: game.step(action), same)
    agent = data.draw(st.one_of(st.sampled_from(game.possible_agents), anything))
    known = agent in game.possible_agents if isinstance(agent, str) else False
    for call in (game.observe, game.view, game.observation_space, game.action_space):
        assert refused(outcome(lambda call=call: call(agent), same)) == (not known)  # type: ignore[misc]
    outcome(game.last, same)
    outcome(game.render, same)
    outcome(lambda: game.reset(seed=other, options=other), same)


# -- Gymnasium -------------------------------------------------------------------------------------------

bot_specs = st.sampled_from([RandomBot, RuleBot, lambda seed: RuleBot(), lambda seed: RandomBot(seed=seed)])
opponent_specs = st.one_of(bot_specs, st.lists(bot_specs, max_size=6), st.lists(bot_specs, max_size=6).map(tuple))


def gym_snapshot(game: GymEnv) -> Callable[[], object]:
    """What a refused call must leave as it was: the game, the episode's end, the random source."""

    def snapshot() -> object:
        played = game._state is not None
        return (
            game.game.actions if played else None,
            game._done,
            repr(game.np_random.bit_generator.state) if game._np_random is not None else None,
            game.action_masks().tobytes() if played else None,
        )

    return snapshot


@given(st.data())
def test_gymnasium_environments_are_made_or_refused(data: st.DataObject) -> None:
    """The environment's constructor makes an environment that deals, or raises a RulesError; so does
    `gymnasium.make` where Gymnasium passes the arguments on (its own check of `render_mode` comes first)."""
    pytest.importorskip("gymnasium", reason='needs the extra gymnasium: pip install -e ".[gymnasium]"')
    import gymnasium

    from wizardrules.gymnasium import ENV_ID, WizardEnv

    options = arguments(
        data,
        {
            "players": st.integers(2, 7),
            "rules": st.sampled_from(RULES) | rules_st,
            "seat": st.integers(-1, 6),
            "opponents": opponent_specs,
            "encoding": st.sampled_from(VECTORS),
            "reward": st.sampled_from(Reward),
            "illegal_reward": st.one_of(st.none(), st.floats(-1000, 0), st.integers(-1000, 0)),
            "render_mode": st.sampled_from([None, "ansi", "human"]),
        },
    )
    made = outcome(lambda: WizardEnv(**options))
    if isinstance(made, WizardEnv):
        assert type(made.render_mode) in (type(None), str)
        assert type(made.illegal_reward) is float
        assert math.isfinite(made.illegal_reward)
        for early in (lambda: made.step(0), made.action_masks, made.render):  # before reset
            outcome(early)
        assert not refused(outcome(lambda: made.reset(seed=1)))
    render_mode = options["render_mode"]
    if type(render_mode) in (type(None), str) and render_mode in (None, "ansi", "human"):
        wrapped = outcome(lambda: gymnasium.make(ENV_ID, **options))
        assert refused(wrapped) == refused(made)


@cache
def gym_game(wrapped: bool, rules: Rules, encoding: Encoding) -> Any:
    """An environment made once (it is reset by each example), bare or as `gymnasium.make` wraps it."""
    import gymnasium

    from wizardrules.gymnasium import ENV_ID, WizardEnv

    options: dict[str, Any] = {"players": 3, "rules": rules, "encoding": encoding, "opponents": RuleBot}
    return gymnasium.make(ENV_ID, **options) if wrapped else WizardEnv(**options)


@given(st.data(), anything, st.integers(0, 2**32), st.integers(0, 12))
def test_gymnasium_steps(data: st.DataObject, other: Any, seed: int, steps: int) -> None:
    """`step`, `reset`, `action_masks` and `render` at any moment of an episode, with hostile actions and
    seeds: a refusal leaves the environment as it was (its random source included)."""
    pytest.importorskip("gymnasium", reason='needs the extra gymnasium: pip install -e ".[gymnasium]"')
    wrapped = data.draw(st.booleans())
    game = gym_game(wrapped, data.draw(st.sampled_from([SHORT, SPECIAL, BLIND])), data.draw(st.sampled_from(VECTORS)))
    bare: GymEnv = game.unwrapped
    game.reset(seed=seed)
    rng = random.Random(seed)
    done = False

    def legal() -> list[int]:
        return [] if done else [int(i) for i in np.flatnonzero(bare.action_masks())]

    def act(index: int) -> None:
        nonlocal done
        done = bool(game.step(index)[2])

    advance(rng, steps, legal, act)
    same = gym_snapshot(bare)
    action = data.draw(indices(bare.codec.size))
    outcome(lambda: game.step(action), same)
    outcome(bare.action_masks, same)
    outcome(game.render, same)
    seeded = outcome(lambda: game.reset(seed=other), same)
    seed_index = index_of(other)
    assert refused(seeded) == (other is not None and not (seed_index is not None and 0 <= seed_index < 2**128))


class FlakyBot:
    """An opponent that fails now and then: an action the state does not allow, no action at all, or an error."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, view: Any, legal: Any) -> Any:
        roll = self.rng.random()
        if roll < 0.1:
            return Bid(tricks=67)  # never allowed: no round deals 67 cards to three
        if roll < 0.15:
            return "bid 1"
        if roll < 0.2:
            raise ZeroDivisionError("a bot's own bug")
        return self.rng.choice(legal)


@given(st.integers(0, 2**32), st.integers(0, 30))
def test_gymnasium_opponents_that_fail_change_nothing(seed: int, steps: int) -> None:
    """When an opponent fails, the learner's action is not played for it: the game stays as it was before the
    step (or reset), the episode stops with every mask false, and the next step says why until a reset."""
    pytest.importorskip("gymnasium", reason='needs the extra gymnasium: pip install -e ".[gymnasium]"')
    from wizardrules.gymnasium import WizardEnv

    env = WizardEnv(players=3, rules=SHORT, opponents=FlakyBot)
    rng = random.Random(seed)
    try:
        env.reset(seed=seed)
    except Exception:  # a failing opponent before the learner's first turn
        assert env._done
        assert not env.action_masks().any()
        return
    for _ in range(steps):
        if env._done:
            break
        before = env.game
        legal = np.flatnonzero(env.action_masks())
        assert legal.size, "the learner is to act whenever the episode goes on"
        try:
            env.step(int(rng.choice(legal)))
        except Exception:  # the opponent's failure comes through
            assert env.game is before
            assert not env.action_masks().any()
            first = int(legal[0])
            stopped = outcome(lambda: env.step(first))  # noqa: B023 - called at once
            assert isinstance(stopped, WrongPhaseError)
            assert "bot failed" in str(stopped)
            assert env.game is before
            break


# -- OpenSpiel -------------------------------------------------------------------------------------------

PARAMETER_TYPES = {"players": int, "preset": str, "schedule": str, "rounds": int, "variants": str, "reward": str}
spiel_parameters = st.fixed_dictionaries(
    {},
    optional={
        "players": maybe(st.integers(2, 7)),
        "preset": maybe(st.sampled_from([*(p.value for p in Preset), "", "Official", "x"])),
        "schedule": maybe(st.sampled_from(["", "ladder", "tournament", "einfarbig", "maximus", " LADDER ", "x"])),
        "rounds": maybe(st.integers(-1, 21)),
        "variants": maybe(
            st.sampled_from(["", "blind-bids", "clairvoyance", "blind-bids+clairvoyance", "+", "BLIND_BIDS", "x"])
        ),
        "reward": maybe(st.sampled_from(["points", "scaled", "", "x"])),
        "nonsense": anything,
    },
)


def spiel_typed(params: dict[str, Any]) -> bool:
    """Whether OpenSpiel passes `params` on to the game: known names, values of the declared types, in C++'s range."""
    return all(
        type(value) is PARAMETER_TYPES.get(name) and (type(value) is not int or -(2**31) <= value < 2**31)
        for name, value in params.items()
    )


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(spiel_parameters, anything)
def test_openspiel_parameters(params: dict[str, Any], other: Any) -> None:
    """The game's parameters make a game, or a RulesError, whether given to the game or through
    `pyspiel.load_game` (where OpenSpiel refuses unknown names and values of other types first)."""
    pytest.importorskip(
        "pyspiel", reason='needs the extra openspiel (Python 3.11 or later): pip install -e ".[openspiel]"'
    )
    import pyspiel

    from wizardrules.openspiel import GAME_NAME, WizardGame

    direct = outcome(lambda: WizardGame(params))
    outcome(lambda: WizardGame(other))
    # pybind11 converts the values (TypeError, ValueError, RuntimeError), OpenSpiel checks names and types
    foreign = () if spiel_typed(params) else (pyspiel.SpielError, TypeError, ValueError, RuntimeError)
    loaded = outcome(spared(lambda: pyspiel.load_game(GAME_NAME, params), foreign))
    if spiel_typed(params):
        assert refused(loaded) == refused(direct)
    if isinstance(direct, WizardGame):
        state = direct.new_initial_state()
        assert state.is_chance_node()


@cache
def spiel_game(index: int) -> WizardGame:
    import pyspiel

    from wizardrules.openspiel import GAME_NAME

    choices: list[dict[str, Any]] = [
        {"players": 3, "rounds": 2},
        {"players": 4, "preset": "anniversary-2021", "rounds": 2},
        {"players": 3, "rounds": 3, "variants": "blind-bids+clairvoyance", "reward": "scaled"},
    ]
    game: WizardGame = pyspiel.load_game(GAME_NAME, choices[index])
    return game


def as_c_integer(value: object, bits: int) -> int | None:
    """The C++ integer of `bits` bits pybind11 passes for `value` (a Python or numpy integer, bools
    included), or `None` where it passes none."""
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None
    return number if -(2 ** (bits - 1)) <= number < 2 ** (bits - 1) else None


def spiel_foreign(value: object, valid: Callable[[int], bool], bits: int = 64) -> tuple[type[BaseException], ...]:
    """The errors OpenSpiel raises before our code runs: pybind11's `TypeError` for a value it cannot
    pass as a C++ integer (player ids have 32 bits, actions 64), and OpenSpiel's own `SpielError`
    for an integer it checks and finds not `valid`. What is no integer, pybind11 may still pass
    on by its `__int__` (a numpy float), to OpenSpiel's checks."""
    import pyspiel

    number = as_c_integer(value, bits)
    if number is None:
        return (TypeError, pyspiel.SpielError)
    return () if valid(number) else (pyspiel.SpielError,)


@given(st.data(), anything, st.integers(0, 2**32), st.integers(0, 40))
def test_openspiel_states(data: st.DataObject, other: Any, seed: int, steps: int) -> None:
    """Actions, observations, views and resampling at any moment of a game, with hostile actions and
    players: ours answer or raise a library error, and a refused action leaves the state as it was."""
    pytest.importorskip(
        "pyspiel", reason='needs the extra openspiel (Python 3.11 or later): pip install -e ".[openspiel]"'
    )
    from open_spiel.python.observation import INFO_STATE_OBS_TYPE

    game = spiel_game(data.draw(st.integers(0, 2)))
    state = game.new_initial_state()
    rng = random.Random(seed)

    def legal() -> list[int]:
        if state.is_terminal():
            return []
        if state.is_chance_node():
            return [chance for chance, _ in state.chance_outcomes()]
        return list(state.legal_actions())

    advance(rng, steps, legal, state.apply_action)

    def same() -> object:
        return (str(state), state.history(), state.is_terminal(), state.returns())

    action = data.draw(st.one_of(indices(game.codec.size + 70), st.integers(-(2**70), 2**70)))
    outcome(spared(lambda: state.apply_action(action), spiel_foreign(action, lambda a: a != -1)), same)
    player = data.draw(st.one_of(st.integers(-3, 6), anything))
    outcome(lambda: state.view(player), same)
    outcome(lambda: state.resample_from_infostate(player, random.Random(seed).random), same)
    outcome(lambda: state.resample_from_infostate(0, other), same)
    for read in (state.observation_string, state.observation_tensor, state.information_state_string):
        seats = spiel_foreign(player, lambda p: 0 <= p < game.num_players(), bits=32)
        outcome(spared(lambda read=read: read(player), seats), same)  # type: ignore[misc]
    either = (*spiel_foreign(player, lambda p: True, bits=32), *spiel_foreign(action, lambda a: True))
    outcome(spared(lambda: state.action_to_string(player, action), either), same)
    outcome(lambda: game.make_py_observer(other), same)
    outcome(lambda: game.make_py_observer(INFO_STATE_OBS_TYPE, other), same)
    observer = game.make_py_observer(INFO_STATE_OBS_TYPE)
    assert observer is not None
    outcome(lambda: observer.set_from(other, 0), same)
    outcome(lambda: observer.set_from(state, player), same)
    outcome(lambda: observer.string_from(state, player), same)


# -- the compiled core --------------------------------------------------------------------------------------


playout_rules = st.sampled_from(RULES) | rules_st
table_players = st.one_of(st.integers(2, 7), st.lists(st.sampled_from(["Ann", "Ben", "Cem", "Dan"]), max_size=5))


@given(st.data(), anything)
def test_fast_playouts(data: st.DataObject, other: Any) -> None:
    """`playouts` plays, or raises a RulesError; each game of a run is recorded, anything else is refused."""
    pytest.importorskip("numba", reason='needs the extra fast: pip install -e ".[fast]"')
    from wizardrules.fast import Playouts, playouts

    warm()
    options = arguments(
        data,
        {
            "n": st.integers(0, 3),
            "players": table_players,
            "rules": playout_rules,
            "seed": st.integers(0, 2**64),
            "threads": st.one_of(st.none(), st.integers(0, 3)),
        },
    )
    n = options.pop("n")
    if type(n) is int and n > 3:
        n = 3  # more is a request for work, not a hostile value
    run = outcome(lambda: playouts(n, **options))
    if isinstance(run, Playouts):
        assert len(run) == n
        if n:
            assert run.record(n - 1).replay().totals == tuple(run.totals[n - 1])
        recorded = outcome(lambda: run.record(other))
        assert refused(recorded) == (index_of(other) is None or not 0 <= other < n)


@given(st.data())
def test_vector_games_are_made_or_refused(data: st.DataObject) -> None:
    """`VectorGame(...)` makes a batch of games, or raises a RulesError."""
    pytest.importorskip("numba", reason='needs the extra fast: pip install -e ".[fast]"')
    from wizardrules.fast import VectorGame

    warm()
    options = arguments(
        data,
        {
            "batch": st.integers(0, 3),
            "players": table_players,
            "rules": playout_rules,
            "seed": st.integers(0, 2**64),
        },
    )
    batch = options.pop("batch")
    made = outcome(lambda: VectorGame(batch, **options))
    if isinstance(made, VectorGame):
        assert len(made) == batch
        assert made.legal_mask().any(axis=1).all()


def vector_snapshot(games: VectorGame) -> Callable[[], object]:
    """What a refused call must leave as it was: every game's masks, observations, totals, turns and record."""

    def snapshot() -> object:
        return (
            games.legal_mask().tobytes(),
            games.observe().tobytes(),
            games.totals.tobytes(),
            games.to_move.tobytes(),
            games.rewards.tobytes(),
            games.done.tobytes(),
            tuple(games.record(i).actions for i in range(len(games))),
        )

    return snapshot


def chosen_actions(data: st.DataObject, games: VectorGame) -> Any:
    """Actions for `step`: legal ones of any integer dtype or in a list, one illegal or out of range, the
    wrong number, ragged or of the wrong kind."""
    mask = games.legal_mask()
    legal = [int(data.draw(st.sampled_from(np.flatnonzero(row).tolist() or [0]))) for row in mask]
    kind: Any = data.draw(st.sampled_from([np.int64, np.int8, np.uint8, np.int32, np.uint64, list, "bad", "odd"]))
    if kind == "bad":
        row = data.draw(st.integers(0, len(legal) - 1))
        legal[row] = data.draw(st.one_of(st.integers(-2, games.codec.size + 1), numpy_integers(-2, 2**64 - 1)))
        return legal
    if kind == "odd":
        return data.draw(anything)
    if kind is list:
        return legal
    return np.array(legal, dtype=kind)


@given(st.data(), st.integers(0, 2**32), st.integers(0, 30))
def test_vector_game_steps(data: st.DataObject, seed: int, steps: int) -> None:
    """`step`, `legal_mask(out=)`, `observe`, `start`, `record` and `seat_to_move` at any moment, with
    hostile actions, buffers, seats, rows and states: a refusal leaves the games (and the buffer) as they were."""
    pytest.importorskip("numba", reason='needs the extra fast: pip install -e ".[fast]"')
    from wizardrules.fast import VectorGame

    warm()
    rules = data.draw(st.sampled_from([SHORT, BLIND]))
    games = VectorGame(data.draw(st.integers(1, 3)), players=3, rules=rules, seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        games.step(np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in games.legal_mask()]))
    same = vector_snapshot(games)
    outcome(lambda: games.step(chosen_actions(data, games)), same)
    out = data.draw(buffers((len(games), games.codec.size), np.bool_))
    mask = outcome(lambda: games.legal_mask(out=out), array_snapshot(out))
    assert refused(mask) == (not fits(out, (len(games), games.codec.size), np.bool_))
    seats = data.draw(
        st.one_of(
            st.none(),
            st.lists(st.integers(-1, 3), min_size=len(games), max_size=len(games)),
            numpy_integers(-1, 3).flatmap(lambda seat: st.just(np.full(len(games), seat))),
            anything,
        )
    )
    outcome(lambda: games.observe(seats), same)
    row = data.draw(st.one_of(st.integers(-1, 3), numpy_integers(-1, 3), anything))
    first = new_game(3, rules=rules, seed=seed)
    state = data.draw(st.one_of(st.just(first), st.sampled_from(states()), anything))
    outcome(lambda: games.record(row), same)
    outcome(lambda: games.seat_to_move(row), same)
    outcome(lambda: games.start(row, state), same)
    started = outcome(lambda: games.start(0, state))
    assert refused(started) == (state is not first)


@settings(max_examples=6, suppress_health_check=[HealthCheck.too_slow])
@given(huge_sequences)
def test_vector_game_checks_lengths_before_converting(sequence: Any) -> None:
    """`step` and `observe` refuse a sequence far too long before numpy copies it; nothing changes."""
    pytest.importorskip("numba", reason='needs the extra fast: pip install -e ".[fast]"')
    from wizardrules.fast import VectorGame

    warm()
    games = VectorGame(2, players=3, rules=SHORT)
    same = vector_snapshot(games)
    refused_before_copying(games.step, sequence)
    refused_before_copying(games.observe, sequence)
    outcome(lambda: games.step(sequence), same)


@given(st.data(), st.integers(0, 2**32))
def test_vector_game_refuses_bools_anywhere(data: st.DataObject, seed: int) -> None:
    """A bool among the actions or seats, in a list as in an array, is refused; nothing changes."""
    pytest.importorskip("numba", reason='needs the extra fast: pip install -e ".[fast]"')
    from wizardrules.fast import VectorGame

    warm()
    games = VectorGame(3, players=3, rules=SHORT, seed=seed)
    legal: list[Any] = [int(np.flatnonzero(row)[0]) for row in games.legal_mask()]
    legal[data.draw(st.integers(0, 2))] = data.draw(st.sampled_from([True, False, np.True_, np.False_]))
    same = vector_snapshot(games)
    assert refused(outcome(lambda: games.step(legal), same))
    assert refused(outcome(lambda: games.observe(legal), same))


# -- ratings (openskill) ----------------------------------------------------------------------------------------

_placings = st.lists(
    st.one_of(
        st.tuples(st.one_of(names, st.sampled_from(["Ann", "Ben", "Cem"])), st.one_of(st.integers(-1, 7), anything)),
        anything,
    ),
    max_size=6,
)


@given(st.data(), st.lists(st.one_of(_placings, anything), max_size=4), anything)
def test_ratings_take_hostile_values(data: st.DataObject, games: Any, other: Any) -> None:
    """Games, ratings made by hand, fields and languages: rated or refused with a library error, never one of
    openskill's or Python's; what is rated answers its table, its chart and its chances."""
    pytest.importorskip("openskill", reason='needs the extra ratings: pip install -e ".[ratings]"')
    from wizardrules import Language, svg
    from wizardrules.tournament.ratings import Rating, Ratings, rate_games

    rated = outcome(lambda: rate_games(games))
    fields: dict[str, Any] = {
        "name": data.draw(st.one_of(st.just("Ann"), anything), label="name"),
        "mu": data.draw(st.one_of(st.floats(-30, 60), anything), label="mu"),
        "sigma": data.draw(st.one_of(st.floats(0.1, 9), anything), label="sigma"),
        "games": data.draw(st.one_of(st.integers(0, 9), anything), label="games"),
    }
    made = outcome(lambda: Rating(**fields))
    if isinstance(made, Rating):
        rated = outcome(lambda: Ratings(ratings=(made, Rating(name="Zed", mu=25.0, sigma=8.0, games=1)), games=1))
    outcome(lambda: Ratings(ratings=other, games=1))
    if isinstance(rated, Ratings):
        for language in (*Language, other):
            outcome(lambda language=language: rated.to_text(language=language))  # type: ignore[misc]
        outcome(lambda: svg.ratings(rated))
        rated_names = [rating.name for rating in rated]
        outcome(lambda: rated.win_chances(rated_names))
        outcome(lambda: rated.win_chances(other))
        rated.to_dict()


# -- huge numbers: no time, no memory -------------------------------------------------------------------------


def number_calls() -> list[Callable[[int], object]]:
    """One entry point of each installed extra per place a number goes in, where a huge one is refused."""
    codec, observer = encoders(SHORT, 3)
    state = states()[0]
    calls: list[Callable[[int], object]] = [
        lambda x: ActionCodec(SHORT, x),
        lambda x: Observer(SHORT, x),
        lambda x: points_bounds(SHORT, x),
        lambda x: Reward.SCALED.scale(SHORT, x),
        codec.action,
        lambda x: codec.indices([x]),  # type: ignore[list-item]
        lambda x: codec.describe()[x],  # type: ignore[index]
        observer.describe,  # type: ignore[list-item]
        lambda x: table_text(state, [x] * 4),  # type: ignore[list-item]
    ]
    try:
        from wizardrules.pettingzoo import env, raw_env
    except ImportError:
        pass
    else:
        zoo = zoo_game(False, False, SHORT)
        calls += [
            env,
            lambda x: raw_env(players=x),
            lambda x: env(3, SHORT, illegal_reward=x),
            zoo.step,
            zoo.observe,  # type: ignore[list-item]
        ]
    try:
        from wizardrules.gymnasium import WizardEnv
    except ImportError:
        pass
    else:
        gym = gym_game(False, SHORT, Encoding.OBSERVATION)
        gym.reset(seed=0)
        calls += [
            WizardEnv,
            lambda x: WizardEnv(3, SHORT, seat=x),
            lambda x: WizardEnv(3, SHORT, illegal_reward=x),
            gym.step,
            lambda x: gym.reset(seed=x),
        ]
    try:
        from wizardrules.openspiel import WizardGame
    except ImportError:
        pass
    else:
        spiel = spiel_game(0).new_initial_state()
        calls += [
            lambda x: WizardGame({"players": x}),
            lambda x: WizardGame({"rounds": x}),
            spiel.view,
            lambda x: spiel.resample_from_infostate(x, random.random),
        ]
    try:
        from wizardrules.fast import VectorGame, playouts
    except ImportError:
        pass
    else:
        warm()
        run = playouts(2, players=3, rules=SHORT)
        games = VectorGame(2, players=3, rules=SHORT)
        first = new_game(3, rules=SHORT, seed=1)
        calls += [
            playouts,
            lambda x: playouts(1, seed=x),
            lambda x: playouts(1, threads=x),
            lambda x: playouts(1, players=x),
            run.record,
            VectorGame,
            lambda x: VectorGame(1, seed=x),
            lambda x: VectorGame(1, players=x),
            games.record,
            games.seat_to_move,
            lambda x: games.start(x, first),
            lambda x: games.step([x, x]),
            lambda x: games.observe([x, x]),
        ]
    return calls


@settings(max_examples=4, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([5000, -5000, 200_000, -100_000]).map(power))
def test_huge_numbers_take_no_time_or_memory(number: int) -> None:
    """Given a huge number, every entry point of the extras refuses it within milliseconds, allocating under 100 KB."""
    for call in number_calls():
        refused_at_once(call, number)


@cache
def warm_expert() -> None:
    """`ExpertBot`'s compiled draw and rollouts loaded once, outside the timed calls."""
    warm()
    state = new_game(4, seed=2)
    ExpertBot(worlds=2, seed=1).act(state.view(state.to_move or 0), state.legal_actions())


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_compiled_search_bots_take_hostile_views(data: st.DataObject) -> None:
    """The searching bots on the compiled core (where it is installed) with spoiled views: a legal action,
    or the library's refusal of every view no game reaches, before anything is sized by it."""
    pytest.importorskip("numba", reason='needs the extra fast: pip install -e ".[fast]"')
    warm_expert()
    view, legal = hostile_views(data, states())
    problem = view_problem(view)
    for bot in (ExpertBot(worlds=2, seed=1), MonteCarloBot(worlds=2, seed=1)):
        chosen = outcome(lambda bot=bot: bot.act(view, legal))  # type: ignore[misc]
        assert refused(chosen) or chosen in legal, (bot, chosen)
        assert refused(chosen) or not problem, (bot, problem)
