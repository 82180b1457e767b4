"""A bot made fresh for each game: `BotFactory`, and the specs a tournament takes (`BotSpec`).

A factory pickles whenever its class and arguments do, so a tournament's process pool or a
Dask cluster can make the bots where the games run.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, TypeAlias

from attrs import frozen

from wizardrules._convert import shown
from wizardrules.bots._base import Bot
from wizardrules.errors import RulesError

__all__ = ["BotFactory", "BotSpec", "name_of"]


def _takes_seed(bot: Callable[..., Any]) -> bool:
    """Whether `bot` (a class or function) accepts a keyword argument `seed`."""
    try:
        parameters = inspect.signature(bot).parameters
    except (TypeError, ValueError):  # builtins without a signature
        return False
    parameter = parameters.get("seed")
    return parameter is not None and parameter.kind in (parameter.POSITIONAL_OR_KEYWORD, parameter.KEYWORD_ONLY)


def name_of(obj: object) -> str:
    """A bot class's or function's name, for results; else its type's."""
    name = getattr(obj, "__name__", None)
    return name if isinstance(name, str) and name else type(obj).__name__


@frozen(init=False)
class BotFactory:
    """Makes a fresh bot for each game: a class (or function) with fixed keyword arguments.

    The game's seed is passed as `seed=` when the class takes a `seed` argument and the
    keyword arguments do not fix one. A factory pickles whenever its class and arguments do,
    so it works with process pools and Dask, unlike a lambda.

    Attributes:
        bot: the class or function that makes the bot.
        kwargs: the fixed keyword arguments, as sorted `(name, value)` pairs.
        name: the bot's name in results; the class name unless set with `named`.
        seeded: whether the game's seed is passed as `seed=`.

    Raises:
        RulesError: `bot` is not callable.

    Examples:
        >>> from wizardrules import RandomBot
        >>> factory = BotFactory(RandomBot)
        >>> factory(7), factory.name, factory.seeded
        (RandomBot(seed=7), 'RandomBot', True)
        >>> BotFactory(RandomBot, seed=1).named("Fixed")(7), BotFactory(RandomBot, seed=1).named("Fixed").name
        (RandomBot(seed=1), 'Fixed')
    """

    bot: Callable[..., Bot]
    kwargs: tuple[tuple[str, Any], ...]
    name: str
    seeded: bool

    def __init__(self, bot: Callable[..., Bot], /, **kwargs: Any) -> None:
        if not callable(bot):
            raise RulesError(f"BotFactory: {shown(bot)} is not a bot class or function")
        seeded = "seed" not in kwargs and _takes_seed(bot)
        self.__attrs_init__(bot, tuple(sorted(kwargs.items())), name_of(bot), seeded)

    def named(self, name: str) -> BotFactory:
        """The same factory under another name (names must be unique within a tournament)."""
        if not isinstance(name, str) or not name.strip():
            raise RulesError(f"BotFactory name {shown(name)} must be non-empty text")
        factory: BotFactory = object.__new__(BotFactory)
        factory.__attrs_init__(self.bot, self.kwargs, name, self.seeded)
        return factory

    def __call__(self, seed: int) -> Bot:
        """A new bot for a game whose bot seed is `seed`."""
        kwargs = dict(self.kwargs)
        if self.seeded:
            kwargs["seed"] = seed
        return self.bot(**kwargs)


BotSpec: TypeAlias = type[Bot] | Callable[[int], Bot]
"""How a tournament makes a bot for each game: a bot class, a `BotFactory`, or `(game_seed) -> Bot`."""
