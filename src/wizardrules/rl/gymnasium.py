"""A single-agent Gymnasium environment: the learner at one seat, bots at the others (extra `gymnasium`).

Importing this module registers the environment as `wizardrules/Wizard-v0`, so
`gymnasium.make("wizardrules/Wizard-v0", players=4, ...)` makes one. An episode is a whole
game. The learner observes the float32 vector of [`wizardrules.rl.Observer`][wizardrules.rl.Observer]
for its seat, acts with an index into the fixed action space of
[`wizardrules.rl.ActionCodec`][wizardrules.rl.ActionCodec] (`Discrete(codec.size)`), and is
rewarded its points of each round scored during its step, so its rewards over an episode add
up to its final total ([`Reward`][wizardrules.rl.Reward]). The other seats are played by any
[`Bot`][wizardrules.Bot]s (random ones by default), made fresh for each game with seeds drawn
from the environment's seeded random source, so `reset(seed=...)` repeats a game exactly.

`action_masks()` gives the legal actions as booleans, as sb3-contrib's `MaskablePPO` expects;
the step's `info["action_mask"]` holds the same. An illegal action ends the episode with the
reward `illegal_reward` and `info["illegal_action"] = True`. Every rule set works, special
cards included.

Examples:
    >>> import gymnasium
    >>> import numpy as np
    >>> import wizardrules.gymnasium
    >>> env = gymnasium.make("wizardrules/Wizard-v0", players=3)
    >>> observation, info = env.reset(seed=1)
    >>> rng = np.random.default_rng(0)
    >>> total, done = 0.0, False
    >>> while not done:
    ...     action = rng.choice(np.flatnonzero(info["action_mask"]))
    ...     observation, reward, terminated, truncated, info = env.step(action)
    ...     total, done = total + reward, terminated or truncated
    >>> total == env.unwrapped.game.totals[0]
    True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final, SupportsIndex

import gymnasium
import numpy as np
from gymnasium import spaces

from wizardrules._convert import as_tuple, shown
from wizardrules.bots import Bot, BotFactory, BotSpec, RandomBot, is_bot
from wizardrules.engine import GameState, new_game
from wizardrules.errors import IllegalActionError, RulesError, WizardRulesError, WrongPhaseError
from wizardrules.rl._env import RENDER_MODES, EnvBase, checked_penalty, checked_seed, worst_total
from wizardrules.rl._layout import BoolArray, Encoding, FloatArray, Reward
from wizardrules.rules import Rules

__all__ = ["ENV_ID", "WizardEnv"]

ENV_ID: Final = "wizardrules/Wizard-v0"
"""The id the environment is registered under."""


_SEEDS: Final = 2**128
"""Seeds are whole numbers below this (numpy's `SeedSequence` entropy is 128 bits)."""


def _factory(spec: object) -> Callable[[int], Bot]:
    """A bot class as a factory that passes the seed when the class takes one; other callables as they are.

    Raises:
        RulesError: `spec` is neither a bot class nor a function.
    """
    if isinstance(spec, type):
        if not callable(getattr(spec, "act", None)):
            raise RulesError(f"opponent {shown(spec)} is not a bot class: it needs act(view, legal)")
        return BotFactory(spec)
    if not callable(spec):
        raise RulesError(f"opponent {shown(spec)} is not a bot class or a function (seed) -> Bot")
    return spec  # a callable, checked when it makes a bot


def _made(factory: Callable[[int], Bot], seed: int) -> Bot:
    """The bot `factory` makes for `seed`.

    Raises:
        RulesError: the factory failed, or made no bot.
    """
    try:
        bot = factory(seed)
    except WizardRulesError:
        raise
    except Exception as error:  # the factory's own failure, named in the library's error
        raise RulesError(
            f"opponent {shown(factory)} could not make a bot: {type(error).__name__}: {shown(str(error))}"
        ) from error
    if not is_bot(bot):
        raise RulesError(f"opponent {shown(factory)} made {shown(bot)}, which is not a bot: it needs act(view, legal)")
    return bot


class WizardEnv(EnvBase, gymnasium.Env[FloatArray, np.int64]):
    """A whole game of Wizard from one seat; the others are played by bots.

    Args:
        players: the number of players, 3 to 6.
        rules: the rules; the rulebook's by default. Every rule set works.
        seat: the learner's seat.
        opponents: how the other seats are played: one bot class or `(seed) -> Bot`
            function for all (default `RandomBot`), or one per other seat in seat order. Each
            game makes fresh bots, passing each a seed from the environment's random source.
        encoding: what the learner observes: the observation (default) or the information state.
        reward: the points of each round (default) or the points scaled into [-1, 1].
        illegal_reward: the reward for an illegal action, which ends the episode; by default
            minus the largest total a game can reach, in the reward's unit.
        render_mode: `None`, `"ansi"` (`render()` returns the table as text, every hand
            shown) or `"human"` (prints it after every step).

    Raises:
        RulesError: rules that cannot be played by that many players, no such seat, the wrong
            number of opponents or an opponent that makes no bot (each makes one to check),
            an illegal reward that is not a finite number, or an unknown render mode.
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012 - Gymnasium's attribute

    def __init__(
        self,
        players: int = 4,
        rules: Rules | None = None,
        *,
        seat: int = 0,
        opponents: BotSpec | Sequence[BotSpec] = RandomBot,
        encoding: Encoding = Encoding.OBSERVATION,
        reward: Reward = Reward.POINTS,
        illegal_reward: float | None = None,
        render_mode: str | None = None,
    ) -> None:
        penalty = None if illegal_reward is None else checked_penalty(illegal_reward)  # checked before any work
        self._lay(players, rules, render_mode, encoding, reward)
        if type(seat) is not int or not 0 <= seat < players:
            raise RulesError(f"seat {shown(seat)}: the seats are 0..{players - 1}")
        others = players - 1
        if isinstance(opponents, Sequence) and not isinstance(opponents, str | bytes):
            specs = as_tuple(opponents, "opponents", RulesError, limit=others)
        else:
            specs = (opponents,) * others
        if len(specs) != others:
            raise RulesError(f"{len(specs)} opponents for the {others} other seats")
        self._factories: Final = [_factory(spec) for spec in specs]
        for factory in self._factories:
            _made(factory, 0)  # a bot is made now, so that a factory that makes none is refused here
        self.players: Final = players
        self.seat: Final = seat
        self.illegal_reward: Final = worst_total(rules, players, reward) if penalty is None else penalty
        low, high = self.observer.describe(encoding).bounds()
        self.observation_space = spaces.Box(low, high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.codec.size)
        self._bots: list[Bot | None] = [None] * players
        self._done = False
        self._stopped: str | None = None  # why the episode stopped early, when a bot failed

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[FloatArray, dict[str, Any]]:
        """Deal a new game and let the bots act until it is the learner's turn.

        The game and the bots' seeds are drawn from the environment's random source, which
        `seed` seeds anew. `options` is accepted and ignored.

        Raises:
            RulesError: `seed` is not a whole number 0..2**128-1 (a Python or numpy integer, not a
                bool), or an opponent's factory made no bot.
            IllegalActionError: an opponent chose an illegal action.
        """
        super().reset(seed=checked_seed(seed, _SEEDS))
        draws = self.np_random.integers(0, 2**63, size=self.players, dtype=np.int64)
        game_seed, *bot_seeds = (int(draw) for draw in draws)
        bots: list[Bot | None] = [None] * self.players
        others = [other for other in range(self.players) if other != self.seat]
        for other, factory, bot_seed in zip(others, self._factories, bot_seeds, strict=True):
            bots[other] = _made(factory, bot_seed)
        state = self._bots_played(new_game(self.players, rules=self.rules, rng=random.Random(game_seed)), bots)
        self._bots, self._state, self._done, self._stopped = bots, state, False, None
        return self._observation(), self._info()

    def step(self, action: SupportsIndex) -> tuple[FloatArray, float, bool, bool, dict[str, Any]]:
        """Play the learner's action with index `action`, then the bots until it is the learner's turn again.

        Returns:
            The observation, the reward (the learner's points of the rounds scored meanwhile),
            whether the episode ended (the game is over, or the action was illegal), `False`
            (games are never cut short) and the info with the action mask.

        Raises:
            ActionError: `action` is not an index of the action space.
            WrongPhaseError: the episode is over, or stopped when a bot failed; reset first.
            IllegalActionError: an opponent chose an illegal action: the game stays as it was
                before the step, and the episode stops (the next `step` says why; reset first).
        """
        state = self.game
        if self._done:
            reason = self._stopped or "the episode is over: reset first"
            raise WrongPhaseError(player=f"seat {self.seat}", action=f"act {shown(action)}", reason=reason)
        chosen = self.codec.action(action)
        before = state.totals[self.seat]
        try:
            after = state.apply(chosen)
        except IllegalActionError:
            self._done = True
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), self.illegal_reward, True, False, info
        self._state = self._bots_played(after, self._bots)
        self._done = self.game.is_over
        reward = (self.game.totals[self.seat] - before) * self._scale
        if self.render_mode == "human":
            self.render()
        return self._observation(), float(reward), self._done, False, self._info()

    def action_masks(self) -> BoolArray:
        """The learner's legal actions now, as booleans over the action space (all `False` once over)."""
        if self._done:  # also when the first reset stopped on a bot's failure, before any game
            return np.zeros(self.codec.size, dtype=np.bool_)
        state = self.game
        if state.to_move != self.seat:
            return np.zeros(self.codec.size, dtype=np.bool_)
        return self.codec.mask(state)

    def render(self) -> str | None:
        """The table as text for `"ansi"`, every hand shown; `"human"` prints it; else `None`."""
        return self._render(
            [f"seat {seat}" + (" (learner)" if seat == self.seat else "") for seat in range(self.players)]
        )

    def _bots_played(self, state: GameState, bots: Sequence[Bot | None]) -> GameState:
        """`state` after the bots acted until the learner is to act or the game is over.

        When a bot fails (its action is refused, or it raises), the environment keeps the game
        as it was before this step or reset, ends the episode and says why on the next `step`:
        the learner's action is never played for a bot.
        """
        try:
            while True:
                seat = state.to_move
                if seat is None or seat == self.seat:
                    return state
                bot = bots[seat]
                assert bot is not None  # noqa: S101 - every other seat has a bot after reset
                state = state.apply(bot.act(state.view(seat), state.legal_actions()), seat=seat)
        except Exception as error:
            self._done = True
            self._stopped = (
                f"the episode stopped when seat {state.to_move}'s bot failed ({type(error).__name__}: "
                f"{shown(str(error))}); the game is as it was before: reset first"
            )
            raise

    def _observation(self) -> FloatArray:
        return self._encode(self.game.view(self.seat))

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="wizardrules.gymnasium:WizardEnv")
