"""What the RL environments share: the rules' encodings, their options checked, the game in play."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from wizardrules.engine import GameState, PlayerView
from wizardrules.errors import RulesError
from wizardrules.rl import ActionCodec, Encoding, FloatArray, Observer, Reward, points_bounds, table_text
from wizardrules.rules import Rules

RENDER_MODES: Final = ("ansi", "human")
"""The render modes of the environments: the table as text, returned or printed."""


def worst_total(rules: Rules | None, players: int, reward: Reward) -> float:
    """Minus the largest total a game can reach, in the reward's unit: the default penalty of an illegal action.

    Raises:
        RulesError: as [`points_bounds`][wizardrules.rl.points_bounds].
    """
    rules = Rules() if rules is None else rules
    return -points_bounds(rules, players)[1] * reward.scale(rules, players)


class Table:
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
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise RulesError(f"render_mode {str(render_mode)[:20]!r}: expected None, 'ansi' or 'human'")
        if encoding not in (Encoding.OBSERVATION, Encoding.INFORMATION_STATE) or not isinstance(reward, Reward):
            raise RulesError(
                f"encoding {encoding!r} and reward {reward!r}: expected an observation or information-state "
                "Encoding and a Reward"
            )
        self.codec = ActionCodec(rules, players)
        self.observer = Observer(rules, players)
        self.rules = rules
        self.encoding = encoding
        self.reward = reward
        self.render_mode = render_mode
        self._scale = reward.scale(rules, players)
        self._encode = (
            self.observer.observation if encoding is Encoding.OBSERVATION else self.observer.information_state
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
