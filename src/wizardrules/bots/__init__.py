"""Built-in players and a game driver: a bot sees only its view and the legal actions.

The package holds every bot and what they search with:

- `Bot`, the protocol, with `RandomBot` and `play_game` (`_base`);
- `RuleBot`, the heuristic player, and the one statement of its choices (`_rulebot`);
- `sample_world` and `world_state`, the worlds a searching bot plays out (`_sampling`);
- `MonteCarloBot`, determinized search (`_montecarlo`);
- `ExpertBot`, search over weighted worlds with bids searched too (`expert/`);
- `random_games`, whole games of random play, for statistics (`_randomplay`).

`import wizardrules.bots` loads the first two; the search bots and the random games load
when one of their names is first used (PEP 562), so that keeping score or playing a game
does not pay for them.

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
from wizardrules.bots._rulebot import RuleBot

if TYPE_CHECKING:  # loaded on first use: see `__getattr__`
    from wizardrules.bots._montecarlo import MonteCarloBot
    from wizardrules.bots._randomplay import SimGame, SimRound, random_games
    from wizardrules.bots._sampling import sample_world, world_state
    from wizardrules.bots.expert import ExpertBot

__all__ = [
    "Bot",
    "ExpertBot",
    "MonteCarloBot",
    "RandomBot",
    "RuleBot",
    "SimGame",
    "SimRound",
    "is_bot",
    "play_game",
    "random_games",
    "sample_world",
    "world_state",
]

_LATER: Final = {
    "MonteCarloBot": "_montecarlo",
    "ExpertBot": "expert",
    "sample_world": "_sampling",
    "world_state": "_sampling",
    **dict.fromkeys(("SimGame", "SimRound", "random_games"), "_randomplay"),
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
