"""Built-in players and a game driver: a bot sees only its view and the legal actions.

The package holds every bot and what they search with:

- `Bot`, the protocol, with `RandomBot` and `play_game` (`_base`);
- `RuleBot`, the heuristic player, and the one statement of its choices (`_rulebot`);
- `sample_world` and `world_state`, the worlds a searching bot plays out (`_sampling`);
- `MonteCarloBot`, determinized search (`_montecarlo`);
- `ExpertBot`, search over weighted worlds with bids searched too (`expert/`);
- `BotFactory`, a bot made fresh for each game of many (`_factory`).

`import wizardrules.bots` loads all but the search bots, which load when one of their names
is first used (PEP 562), so that playing a game does not pay for them. Many games (a
tournament, random games for statistics) are `wizardrules.tournament`'s.

Examples:
    >>> from wizardrules import RandomBot, RuleBot, play_game
    >>> final = play_game([RuleBot(), RandomBot(seed=1), RandomBot(seed=2)], seed=7)
    >>> final.is_over, len(final.scoresheet.rounds)
    (True, 20)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Final

from wizardrules.bots._base import Bot, RandomBot, is_bot, play_game
from wizardrules.bots._factory import BotFactory, BotSpec
from wizardrules.bots._rulebot import RuleBot

if TYPE_CHECKING:  # loaded on first use: see `__getattr__`
    from wizardrules.bots._montecarlo import MonteCarloBot
    from wizardrules.bots._sampling import sample_world, world_state
    from wizardrules.bots.expert import ExpertBot

__all__ = [
    "Bot",
    "BotFactory",
    "BotSpec",
    "ExpertBot",
    "MonteCarloBot",
    "RandomBot",
    "RuleBot",
    "is_bot",
    "play_game",
    "sample_world",
    "world_state",
]

_LATER: Final = {
    "MonteCarloBot": "_montecarlo",
    "ExpertBot": "expert",
    "sample_world": "_sampling",
    "world_state": "_sampling",
}
"""The names left until their first use, and the part of this package that holds each."""


def __getattr__(name: str) -> Any:
    """Load a name of `_LATER` from its part of the package on first use; a plain attribute after that."""
    part = _LATER.get(name)
    if part is None:
        raise AttributeError(f"module 'wizardrules.bots' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{part}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LATER})
