"""What the RL environments share: the rules' encodings, their options checked, the game in play."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Final

import numpy as np

from wizardrules._convert import integer, shown
from wizardrules.engine import GameState, PlayerView
from wizardrules.errors import RulesError
from wizardrules.rl._actions import ActionCodec
from wizardrules.rl._layout import Encoding, FloatArray, Reward, points_bounds
from wizardrules.rl._observer import Observer, table_text
from wizardrules.rules import Rules

RENDER_MODES: Final = ("ansi", "human")
"""The render modes of the environments: the table as text, returned or printed."""


def worst_total(rules: Rules | None, players: int, reward: Reward) -> float:
    """Minus the largest total a game can reach, in the reward's unit: the default penalty of an illegal action.

    Raises:
        RulesError: as [`points_bounds`][wizardrules.rl.points_bounds], or `reward` is no `Reward`.
    """
    rules = Rules() if rules is None else rules
    return -points_bounds(rules, players)[1] * checked_reward(reward).scale(rules, players)


def checked_reward(reward: object) -> Reward:
    """`reward`, checked to be a `Reward`.

    Raises:
        RulesError: it is not.
    """
    if not isinstance(reward, Reward):
        raise RulesError(f"reward {shown(reward)}: expected a Reward (Reward.POINTS or Reward.SCALED)")
    return reward


def checked_penalty(penalty: object) -> float:
    """The reward for an illegal action: a finite real number (not a bool), as a float.

    Raises:
        RulesError: it is not.
    """
    number = isinstance(penalty, int | float | np.integer | np.floating) and not isinstance(penalty, bool)
    try:
        value = float(penalty) if number else math.nan  # type: ignore[arg-type]  # a number, checked above
    except (OverflowError, TypeError):  # an int too large for a float; numpy's timedelta64 (an integer type)
        value = math.nan
    if not math.isfinite(value):
        raise RulesError(f"illegal_reward {shown(penalty)}: expected a finite number")
    return value


def checked_seed(seed: object, high: int | None = None) -> int | None:
    """`seed` as a Python int (a Python or numpy integer, not a bool; 0 to `high` - 1 if given), or `None`.

    Raises:
        RulesError: it is not.
    """
    if seed is None:
        return None
    value = integer(seed)
    if value is None or (high is not None and not 0 <= value < high):
        bound = "an integer" if high is None else f"a whole number 0..{shown(high - 1)}"
        raise RulesError(f"seed {shown(seed)} must be {bound} (R2.6)")
    return value


class EnvBase:
    """The part of an RL environment that is not its library's API: set up by `_lay`."""

    codec: ActionCodec
    """The action space's codec: `codec.action(index)` is the action of an index."""
    observer: Observer
    """The observer that encodes the views."""
    rules: Rules
    """The game's rules."""
    encoding: Encoding
    """What is observed: the observation or the information state."""
    reward: Reward
    """What a scored round pays."""
    render_mode: str | None
    _scale: float
    _encode: Callable[[PlayerView], FloatArray]
    _state: GameState | None

    def _lay(
        self, players: int, rules: Rules | None, render_mode: str | None, encoding: Encoding, reward: Reward
    ) -> None:
        """Check the options and make the encodings.

        Raises:
            RulesError: rules that cannot be played by `players`, an unknown render mode, an
                encoding that is not a vector of the observer, or no `Reward`.
        """
        rules = Rules() if rules is None else rules
        modes = [mode for mode in RENDER_MODES if isinstance(render_mode, str) and mode == render_mode]
        if render_mode is not None and not modes:
            raise RulesError(f"render_mode {shown(render_mode)}: expected None, 'ansi' or 'human'")
        if not isinstance(encoding, Encoding) or encoding is Encoding.ACTION_MASK:
            raise RulesError(f"encoding {shown(encoding)}: expected an observation or information-state Encoding")
        checked_reward(reward)
        self.codec = ActionCodec(rules, players)
        self.observer = Observer(rules, players)
        self.rules = rules
        self.encoding = encoding
        self.reward = reward
        self.render_mode = modes[0] if modes else None  # the mode's own text, not a subclass of str
        self._scale = reward.scale(rules, players)
        self._encode = (
            # the views encoded are made here, of this environment's own game: no reachability check
            self.observer._encode_observation
            if encoding is Encoding.OBSERVATION
            else self.observer._encode_information_state
        )
        self._state = None

    @property
    def game(self) -> GameState:
        """The current game state (full information: for analysis, not for agents).

        Raises:
            RulesError: the environment has not been reset yet.
        """
        if self._state is None:
            raise RulesError("the environment has no game yet: call reset() first")
        return self._state

    def _render(self, names: Sequence[str]) -> str | None:
        """The table as text for `"ansi"`; printed for `"human"`; `None` without a render mode."""
        if self.render_mode is None:
            return None
        text = table_text(self.game, names)
        if self.render_mode == "human":
            print(text)
            return None
        return text
