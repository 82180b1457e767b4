"""A PettingZoo AEC environment of whole Wizard games, for multi-agent RL (extra `pettingzoo`).

One agent per seat (`player_0`, `player_1`, ...), acting in the order of the game. Each
agent observes a dict: `"observation"`, the float32 vector of
[`wizardrules.rl.Observer`][wizardrules.rl.Observer] for its seat, and `"action_mask"`, an
int8 vector over the fixed action space of [`wizardrules.rl.ActionCodec`][wizardrules.rl.ActionCodec]
(all zeros for an agent that is not to act). Actions are indices into that space
(`Discrete(codec.size)`). When a round is scored, every agent is rewarded its points of the
round, so an agent's rewards over a game add up to its final total ([`Reward`][wizardrules.rl.Reward]).
`reset(seed=...)` deals the same game for the same seed. Every rule set works, special
cards included.

With the `fast` extra installed, the environment plays its games in the compiled core
([`wizardrules.fast`][wizardrules.fast]) when the rules are the core's (the standard deck, a
bid policy its tables hold, `StandardScore`) and the agents observe the observation: the same
games, observations, masks and rewards, several times faster
([`Backend`][wizardrules.rl.pettingzoo.Backend]).

[`env`][wizardrules.rl.pettingzoo.env] behaves as PettingZoo's classic games do in their
wrappers: an illegal action ends the game with a penalty for the agent that took it.
[`raw_env`][wizardrules.rl.pettingzoo.raw_env] raises [`IllegalActionError`][wizardrules.IllegalActionError]
for an illegal action instead and leaves the game as it was. Either raises
[`ActionError`][wizardrules.ActionError] for an index outside the action space, and
[`RulesError`][wizardrules.RulesError] when observed or stepped before `reset()`.

Examples:
    >>> import numpy as np
    >>> from wizardrules import Preset
    >>> from wizardrules.pettingzoo import env
    >>> game = env(players=3, rules=Preset.OFFICIAL.rules())
    >>> game.reset(seed=1)
    >>> rng = np.random.default_rng(0)
    >>> returns = dict.fromkeys(game.possible_agents, 0.0)
    >>> for agent in game.agent_iter():
    ...     observation, reward, termination, truncation, info = game.last()
    ...     returns[agent] += reward
    ...     legal = np.flatnonzero(observation["action_mask"])
    ...     game.step(None if termination or truncation else int(rng.choice(legal)))
    >>> returns
    {'player_0': -380.0, 'player_1': -640.0, 'player_2': -350.0}
    >>> game.game.totals  # the rewards add up to the totals
    (-380, -640, -350)
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from typing import Any, ClassVar, Final

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from wizardrules import _lazy
from wizardrules._convert import shown
from wizardrules.engine import GameState, PlayerView, new_game
from wizardrules.errors import ActionError, IllegalActionError, PlayerError, RulesError, WrongPhaseError
from wizardrules.rl._env import RENDER_MODES, EnvBase, checked_penalty, checked_seed, worst_total
from wizardrules.rl._layout import Encoding, Reward
from wizardrules.rules import Rules

__all__ = ["Backend", "WizardEnv", "env", "raw_env"]


class Backend(enum.Enum):
    """What plays the environment's games: the same games either way, at different speeds."""

    AUTO = "auto"
    """The compiled core where it can (the `fast` extra installed, the rules its own, the
    observation observed), else the engine."""
    ENGINE = "engine"
    """The engine: every rule set and encoding."""
    COMPILED = "compiled"
    """The compiled core ([`wizardrules.fast`][wizardrules.fast]); refused with a `RulesError`
    where it cannot play (no `fast` extra, special cards, a custom bid policy or score rule,
    the information-state encoding)."""


Observation = dict[str, np.ndarray[Any, Any]]
"""What an agent observes: `{"observation": float32 vector, "action_mask": int8 vector}`."""


class WizardEnv(EnvBase, AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """The AEC environment: a whole game of Wizard, one agent per seat.

    Args:
        players: the number of players, 3 to 6.
        rules: the rules; the rulebook's by default. Every rule set works.
        render_mode: `None`, `"ansi"` (`render()` returns the table as text, every hand
            shown) or `"human"` (prints it after every step).
        encoding: what `"observation"` holds: the observation (default) or the information state.
        reward: the points of each round (default) or the points scaled into [-1, 1].
        illegal_reward: `None` (default): an illegal action raises `IllegalActionError` and
            changes nothing. A number: an illegal action ends the game for every agent, the
            agent that took it is rewarded this number and the others 0 for that step, and its
            info says `{"illegal_action": True}` (as PettingZoo's `TerminateIllegalWrapper`).
        backend: what plays the games ([`Backend`][wizardrules.rl.pettingzoo.Backend]); the
            compiled core where it can by default.

    Raises:
        RulesError: the rules cannot be played by that many players, an unknown render mode,
            or a backend that cannot play these rules.

    Attributes:
        codec: the action space's codec: `codec.action(index)` is the action of an index.
        observer: the observer that encodes each agent's view.
        game: the current game state (full information: for analysis, not for agents).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(RENDER_MODES),
        "name": "wizard_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 4,
        rules: Rules | None = None,
        render_mode: str | None = None,
        *,
        encoding: Encoding = Encoding.OBSERVATION,
        reward: Reward = Reward.POINTS,
        illegal_reward: float | None = None,
        backend: Backend = Backend.AUTO,
    ) -> None:
        penalty = None if illegal_reward is None else checked_penalty(illegal_reward)  # checked before any work
        super().__init__()
        self._lay(players, rules, render_mode, encoding, reward)
        self._compiled: Any = self._compiled_game(backend, players)
        self.backend: Final = Backend.ENGINE if self._compiled is None else Backend.COMPILED
        """The backend that plays the games: `Backend.ENGINE` or `Backend.COMPILED`."""
        self._stale = False  # whether the compiled game has moved on from `_state`
        self._rows = [np.full(1, value, dtype=np.int64) for value in range(max(players, self.codec.size))]
        self.illegal_reward: Final = penalty
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        low, high = self.observer.describe(encoding).bounds()
        size = self.codec.size
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (size,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._rng = random.Random()
        self._totals: tuple[int, ...] = (0,) * players
        self._rewarded = False
        self._start(self.possible_agents[0])  # until reset() deals, observe() and step() refuse

    def _compiled_game(self, backend: Backend, players: int) -> Any:
        """The compiled core's game when `backend` asks for it and the rules allow it, else `None` (the engine)."""
        if not isinstance(backend, Backend):
            raise RulesError(f"backend {shown(backend)}: expected a Backend")
        if backend is Backend.ENGINE:
            return None
        fast = _lazy.boost(_lazy.Boost.FAST)  # the compiled core, a layer above, lends its games
        problem: str
        if fast is None:
            problem = (
                "the 'fast' extra is not installed "
                "(pip install '.[fast]' in a checkout, 'wizardrules[fast]' once published)"
            )
        elif self.encoding is not Encoding.OBSERVATION:
            problem = "the compiled core encodes the observation, not the information state"
        else:
            try:
                return fast.VectorGame(1, players=players, rules=self.rules)
            except RulesError as refused:  # rules the compiled core leaves to the engine
                problem = str(refused)
        if backend is Backend.COMPILED:
            raise RulesError(f"Backend.COMPILED: {problem}")
        return None

    @property
    def game(self) -> GameState:
        """The current game state (full information: for analysis, not for agents).

        With the compiled backend it is replayed through the engine when asked for (slow).

        Raises:
            RulesError: the environment has not been reset yet.
        """
        if self._stale and self._compiled is not None:
            self._state = self._compiled.record(0).replay()
            self._stale = False
        return EnvBase.game.fget(self)  # type: ignore[attr-defined, no-any-return]

    def _need_game(self) -> None:
        """Refuse to go on before `reset()` has dealt a game.

        Raises:
            RulesError: the environment has not been reset yet.
        """
        if self._state is None:
            raise RulesError("the environment has no game yet: call reset() first")

    def _start(self, first: str) -> None:
        """Every agent in play with nothing paid, and `first` to act."""
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = first

    # -- the AEC API ----------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of `agent` (the same object at every call).

        Raises:
            PlayerError: there is no such agent.
        """
        return self.observation_spaces[self.possible_agents[self._seat_of(agent)]]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of `agent`: `Discrete(codec.size)`.

        Raises:
            PlayerError: there is no such agent.
        """
        return self.action_spaces[self.possible_agents[self._seat_of(agent)]]

    def _seat_of(self, agent: str) -> int:
        seat = self._seat.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise PlayerError(f"no agent {shown(agent)}: the agents are {', '.join(self.possible_agents)}")
        return seat

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: the game of `seed`, or the next game of the environment's random source.

        `options` is accepted and ignored.

        Raises:
            RulesError: `seed` is not an integer (a Python or numpy one; not a bool).
        """
        seed = checked_seed(seed)
        if seed is not None:
            self._rng = random.Random(seed)
        state = new_game(len(self.possible_agents), rules=self.rules, rng=self._rng)
        self._state = state
        self._stale = False
        if self._compiled is not None:
            self._compiled.start(0, state)
        self._totals = state.totals
        self._rewarded = False
        self._start(self.possible_agents[self._to_move(state)])

    def observe(self, agent: str) -> Observation:
        """What `agent` observes now: its encoded view and its action mask (zeros unless it is to act).

        Raises:
            PlayerError: there is no such agent.
            RulesError: the environment has not been reset yet.
        """
        seat = self._seat_of(agent)
        if self._compiled is not None:
            self._need_game()
            compiled = self._compiled
            mask = compiled.legal_mask()[0] if seat == compiled.seat_to_move(0) else np.zeros(self.codec.size, np.bool_)
            return {"observation": compiled.observe(self._rows[seat])[0], "action_mask": mask.view(np.int8)}
        state = self.game
        if seat == state.to_move:  # the state is this environment's own game: no need to check it
            mask = self.codec.mask_of(state.legal_actions()).view(np.int8)
        else:
            mask = np.zeros(self.codec.size, dtype=np.int8)
        return {"observation": self._encode(state.view(seat)), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Play the action with index `action` for the agent to act (`None` for an agent that is done).

        Raises:
            ActionError: `action` is not an index of the action space, or not `None` for an agent that is done.
            IllegalActionError: the action is not legal now; nothing changes.
            WrongPhaseError: every agent is done: reset first.
        """
        agent = self.agent_selection
        done = self.terminations.get(agent)
        if done is None:
            raise self._nobody_left(f"act {shown(action)}")
        if done or self.truncations[agent]:
            if action is not None:
                raise ActionError(f"{agent} is done: its only action is None, not {shown(action)}")
            self._was_dead_step(action)
            return
        if self._compiled is not None:
            self._step_compiled(agent, action)
            return
        state = self.game
        chosen = self.codec.action(action)  # type: ignore[arg-type]  # None is refused there
        try:
            after = state.apply(chosen)
        except IllegalActionError:
            if self.illegal_reward is None:
                raise
            self._end_illegal(agent, self.illegal_reward)
            return
        self._state = after
        totals = after.totals
        points = None
        if totals != self._totals:
            points = [new - old for new, old in zip(totals, self._totals, strict=True)]
            self._totals = totals
        self._stepped(agent, points, after.to_move)

    def _step_compiled(self, agent: str, action: int | None) -> None:
        """`step` in the compiled core: the same game, rewards and turns as in the engine."""
        compiled = self._compiled
        assert compiled is not None  # noqa: S101 - called only with the compiled backend
        self._need_game()
        index = self.codec.index(self.codec.action(action))  # type: ignore[arg-type]  # None is refused there
        try:
            compiled.step(self._rows[index])
        except IllegalActionError:
            if self.illegal_reward is None:
                # the engine's own error (its class, player and reason), as the engine backend raises it
                self.game.apply(self.codec.action(index))
                raise
            self._end_illegal(agent, self.illegal_reward)
            return
        self._stale = True
        self._stepped(agent, compiled.rewards[0].tolist() if compiled.scored[0] else None, compiled.seat_to_move(0))

    def _stepped(self, agent: str, points: Sequence[int] | None, to_move: int | None) -> None:
        """After `agent`'s step: pay a scored round's `points` per seat, then hand the turn to `to_move`."""
        self._cumulative_rewards[agent] = 0.0
        rewards = self.rewards
        if self._rewarded:  # last step's rewards are over
            for other in rewards:
                rewards[other] = 0.0
            self._rewarded = False
        if points is not None:  # a round was scored: each seat is paid its points (R6)
            cumulative = self._cumulative_rewards
            for name, seat_points in zip(self.possible_agents, points, strict=True):
                paid = seat_points * self._scale
                rewards[name] = paid
                cumulative[name] += paid
            self._rewarded = True
        if to_move is None:  # the game is over (R7)
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.possible_agents[(self._seat[agent] + 1) % len(self.possible_agents)]
        else:
            self.agent_selection = self.possible_agents[to_move]
        if self.render_mode is not None and self.render_mode == "human":
            self.render()

    def _nobody_left(self, doing: str) -> WrongPhaseError:
        """The error for a call after every agent is done and has stepped with `None`."""
        return WrongPhaseError(player=self.agent_selection, action=doing, reason="every agent is done: reset first")

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The observation of the agent to act (an `Observation`, `None` unless `observe`), its reward,
        termination, truncation and info.

        Raises:
            WrongPhaseError: every agent is done and has stepped with `None`: reset first.
        """
        agent = self.agent_selection
        done = self.terminations.get(agent)  # PettingZoo's own `last`, with the library's error where it fails
        if done is None:
            raise self._nobody_left("be observed")
        observation = self.observe(agent) if observe else None
        return observation, self._cumulative_rewards[agent], done, self.truncations[agent], self.infos[agent]

    def _end_illegal(self, agent: str, penalty: float) -> None:
        """End the game after `agent`'s illegal action: it is paid `penalty`, the others nothing."""
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = penalty
        self._rewarded = True
        self._accumulate_rewards()
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos[agent] = {"illegal_action": True}
        self._deads_step_first()

    def render(self) -> str | None:
        """The table as text for `"ansi"`, every hand shown; `"human"` prints it; else `None`."""
        return self._render(self.possible_agents)

    def close(self) -> None:
        """Nothing to release: the environment holds no window or process."""

    # -- beyond the AEC API ----------------------------------------------------------------

    def view(self, agent: str) -> PlayerView:
        """What `agent` may know now, as a [`PlayerView`][wizardrules.PlayerView] (for bots).

        Raises:
            PlayerError: there is no such agent.
            RulesError: the environment has not been reset yet.
        """
        return self.game.view(self._seat_of(agent))

    @staticmethod
    def _to_move(state: GameState) -> int:
        seat = state.to_move
        if seat is None:
            raise RulesError("the game is over: nobody is to act")
        return seat


def raw_env(
    players: int = 4,
    rules: Rules | None = None,
    render_mode: str | None = None,
    *,
    encoding: Encoding = Encoding.OBSERVATION,
    reward: Reward = Reward.POINTS,
    backend: Backend = Backend.AUTO,
) -> WizardEnv:
    """The bare environment: an illegal action raises `IllegalActionError` and changes nothing.

    The arguments are those of [`WizardEnv`][wizardrules.rl.pettingzoo.WizardEnv].
    """
    return WizardEnv(players, rules, render_mode, encoding=encoding, reward=reward, backend=backend)


def env(
    players: int = 4,
    rules: Rules | None = None,
    render_mode: str | None = None,
    *,
    encoding: Encoding = Encoding.OBSERVATION,
    reward: Reward = Reward.POINTS,
    illegal_reward: float | None = None,
    backend: Backend = Backend.AUTO,
) -> WizardEnv:
    """The environment as PettingZoo's classic games behave: an illegal action ends the game.

    The agent that takes an illegal action is rewarded `illegal_reward`, by default minus the
    largest total a game can reach (the game bound of [`points_bounds`][wizardrules.rl.points_bounds],
    in the reward's unit), and the others 0 for that step.

    The environment does this itself, and checks the action index and the order of calls
    itself, instead of coming in PettingZoo's wrappers (`TerminateIllegalWrapper`,
    `AssertOutOfBoundsWrapper`, `OrderEnforcingWrapper`): their attribute look-ups through
    each other cost more per step than the game (`OrderEnforcingWrapper` alone about a fifth
    of a step; see `benchmarks/bench_rl.py`). Wrap it yourself if you want them, e.g.
    `pettingzoo.utils.wrappers.OrderEnforcingWrapper(env())`.

    The other arguments are those of [`WizardEnv`][wizardrules.rl.pettingzoo.WizardEnv].
    """
    if illegal_reward is None:
        illegal_reward = worst_total(rules, players, reward)
    return WizardEnv(
        players, rules, render_mode, encoding=encoding, reward=reward, illegal_reward=illegal_reward, backend=backend
    )
