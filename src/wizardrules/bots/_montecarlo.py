"""`MonteCarloBot`: determinized search, every legal action played out in sampled worlds."""

from __future__ import annotations

import random
import time
import warnings
from collections.abc import Sequence
from types import ModuleType
from typing import Any, Final

import attrs
from attrs import define, field

from wizardrules import _lazy
from wizardrules._convert import shown
from wizardrules.actions import ACTION_CLASSES, Action
from wizardrules.bots._base import Bot, check_turn, is_bot, random_state, seeded_random
from wizardrules.bots._rulebot import RuleBot
from wizardrules.bots._sampling import check_view, sample_world, world_state
from wizardrules.engine import GameState, PlayerView
from wizardrules.errors import RulesError

__all__ = ["MonteCarloBot"]


def _positive_count(_: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if type(value) is not int or value < 1:
        raise RulesError(f"MonteCarloBot {attribute.name}={shown(value)}: must be a whole number 1 or more")


def _positive_time(_: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0):
        raise RulesError(
            f"MonteCarloBot {attribute.name}={shown(value)}: must be a positive number of milliseconds or None"
        )


def _bot_or_none(_: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is not None and not is_bot(value):
        raise RulesError(f"MonteCarloBot {attribute.name}={shown(value)}: must be a bot (act(view, legal)) or None")


_WORLDS: Final = 20
"""The worlds a `MonteCarloBot` searches per decision when not told."""


@define(init=False)
class MonteCarloBot:
    """Determinized Monte Carlo search: samples worlds, plays each action out, keeps the best.

    For each sampled world ([`sample_world`][wizardrules.bots.sample_world], made playable by
    [`world_state`][wizardrules.bots.world_state]; hidden bids are made there by `RuleBot`)
    every legal action is tried and the rest of the *round* is played by the rollout bot
    in every seat. An action scores the acting seat's round points minus the mean of the
    others' round points (relative scoring: what it gains on the table, which also values
    making others miss); the action with the best mean over the worlds wins, the first in
    `legal` on a tie. All actions see the same worlds (common random numbers).

    Attributes:
        worlds: worlds searched per decision (20 when not given), as `ExpertBot(worlds=...)`;
            the older name `samples=` still works and warns (`DeprecationWarning`), and
            giving both is refused.
        seed: the seed of the bot's random source; with `time_ms=None` its choices are a
            function of the seed and the views it was shown (and of the rollout bot's own
            state, for a rollout bot that keeps one).
        rollout: the bot playing every seat in the rollouts (one instance for all seats);
            `RuleBot()` by default.
        time_ms: a time budget per decision in milliseconds (monotonic clock): no new world
            is started once it is spent, but at least one world is always played.
        compiled: play the rollouts in the compiled core when the `fast` extra is installed,
            the rollout bot is the default `RuleBot` and the rules are the core's (the standard
            deck, a bid policy its tables hold, `StandardScore`): the very same scores, many times
            faster, so the same choices for a number of worlds and more worlds in a time budget.

    Raises:
        RulesError: `worlds` is not a whole number 1 or more (or is given twice, as `worlds`
            and `samples`), `seed` not an integer, `rollout` not a bot, or `time_ms` not positive.

    Examples:
        >>> from wizardrules import RuleBot, Rules, Schedule, play_game
        >>> rules = Rules(schedule=Schedule.ladder(3, rounds=2))
        >>> play_game([MonteCarloBot(worlds=4), RuleBot(), RuleBot()], rules=rules, seed=1).is_over
        True
    """

    worlds: int = field(default=_WORLDS, validator=_positive_count)
    seed: int = 0
    rollout: Bot | None = field(default=None, validator=_bot_or_none)
    time_ms: float | None = field(default=None, validator=_positive_time)
    compiled: bool = True
    _rng: random.Random = field(init=False, repr=False, eq=random_state)

    def __init__(
        self,
        worlds: int | None = None,
        seed: int = 0,
        rollout: Bot | None = None,
        time_ms: float | None = None,
        compiled: bool = True,
        *,
        samples: int | None = None,
    ) -> None:
        if samples is not None:
            if worlds is not None:
                raise RulesError(
                    f"MonteCarloBot(worlds={shown(worlds)}, samples={shown(samples)}): give the budget once, "
                    "as worlds= (samples= is its deprecated name)"
                )
            warnings.warn(
                "MonteCarloBot(samples=...) is deprecated: the budget is worlds=..., as on ExpertBot",
                DeprecationWarning,
                stacklevel=2,
            )
            worlds = samples
        worlds = _WORLDS if worlds is None else worlds
        self.__attrs_init__(worlds=worlds, seed=seed, rollout=rollout, time_ms=time_ms, compiled=compiled)

    def __attrs_post_init__(self) -> None:
        self._rng = seeded_random(self.seed, "MonteCarloBot")

    @property
    def samples(self) -> int:
        """Deprecated: the worlds per decision, now `worlds`."""
        warnings.warn("MonteCarloBot.samples is deprecated: read worlds", DeprecationWarning, stacklevel=2)
        return self.worlds

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The legal action with the best mean rollout score over the sampled worlds.

        With special cards (R8), which the sampler leaves out, the rollout bot decides.

        Raises:
            RulesError: `view` is not a view, or `legal` not a non-empty sequence of actions.
            DealError: a view no game reaches (see `view_from_json`).
        """
        check_turn(view, legal, "MonteCarloBot")
        check_view(view, "MonteCarloBot.act")
        if not all(isinstance(action, ACTION_CLASSES) for action in legal):  # before a world is drawn
            raise RulesError(f"MonteCarloBot.act: legal {shown(legal)} holds something that is not an action")
        player = RuleBot() if self.rollout is None else self.rollout
        if view.rules.special_cards:
            return player.act(view, legal)
        if len(legal) == 1:
            return legal[0]
        start = time.monotonic()
        players = [player] * len(view.players)
        scores = [0.0] * len(legal)
        compiled = _compiled_rollouts() if self.compiled and self.rollout is None else None
        if compiled is not None and not compiled.possible(view.rules):
            compiled = None
        for done in range(self.worlds):
            if done and self.time_ms is not None and (time.monotonic() - start) * 1000 >= self.time_ms:
                break
            state = world_state(view, sample_world(view, self._rng))
            if compiled is not None:
                for i, score in enumerate(compiled.scores(view, state, legal)):
                    scores[i] += score
                continue
            for i, action in enumerate(legal):
                scores[i] += _relative(_play_out(state.apply(action), players), view.seat)
        best = max(range(len(legal)), key=lambda i: (scores[i], -i))
        return legal[best]


def _compiled_rollouts() -> ModuleType | None:
    """The compiled rollouts, `None` without the `fast` extra (the fast core, a layer above, lends them)."""
    return _lazy.boost(_lazy.Boost.ROLLOUTS)


def _play_out(state: GameState, bots: Sequence[Bot]) -> GameState:
    """The one-round game played to its end by `bots`."""
    while not state.is_over:
        seat = state.to_move
        assert seat is not None  # noqa: S101 - a game that is not over has a player to move
        state = state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
    return state


def _relative(final: GameState, seat: int) -> float:
    points = final.totals
    return points[seat] - (sum(points) - points[seat]) / (len(points) - 1)
