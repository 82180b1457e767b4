"""What a low layer gets from a higher one without importing it, and the optional extras.

Low-layer values offer services that only a higher layer can give: a card's notebook
picture is drawn by `wizardrules.svg`, and `MonteCarloBot` runs its rollouts on the compiled
core of `wizardrules.fast` when that extra is installed. A lower layer never imports a
higher one, not by name either. So the low layer asks this module, by a name of an enum
([`Picture`][wizardrules._lazy.Picture], [`Boost`][wizardrules._lazy.Boost]), and the
package's root (`wizardrules/__init__.py`), which stands above every layer, tells this
module once how each is loaded: the first request loads it then. With nothing provided, a
picture is `None` (IPython shows the text repr) and a boost is `None` (the pure-Python path
runs).

[`optional`][wizardrules._lazy.optional] imports a third-party extra (tqdm, numpy, numba)
that may be missing.

Examples:
    >>> from wizardrules import Card, _lazy
    >>> _lazy.render(_lazy.Picture.CARD, Card.parse("R13"))[:4]
    '<svg'
    >>> _lazy.optional("a_module_that_is_not_installed") is None
    True
"""

from __future__ import annotations

import enum
import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any, Final

__all__ = ["Boost", "Picture", "boost", "load", "load_renderers_with", "optional", "provide", "register", "render"]


def load(name: str) -> ModuleType:
    """The module `name`, imported now if it was not yet: an installed extra, or a layer the root loads."""
    return importlib.import_module(name)


def optional(name: str) -> ModuleType | None:
    """The module `name` of an optional extra, `None` when it is not installed."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


# -- pictures ---------------------------------------------------------------------------------------


class Picture(enum.Enum):
    """A picture a low-layer value can show: the value's kind and the format (SVG or HTML)."""

    CARD = "card/svg"
    TRICK = "trick/svg"
    SCORESHEET = "scoresheet/html"
    GAMESTATE = "gamestate/html"
    PLAYERVIEW = "playerview/html"


Renderer = Callable[[Any], str]
"""Draws a value; returns SVG or HTML text, as its `Picture` says."""

_RENDERERS: Final[dict[Picture, Renderer]] = {}
_LOADERS: Final[list[Callable[[], object]]] = []
"""What registers the renderers when it runs: called once, by the first `render`."""


def register(picture: Picture, renderer: Renderer) -> None:
    """Use `renderer` to draw values of the kind `picture` names (the last registration wins)."""
    _RENDERERS[picture] = renderer


def load_renderers_with(loader: Callable[[], object]) -> None:
    """Call `loader` (which registers the renderers) before the first picture is drawn."""
    _LOADERS.append(loader)


def render(picture: Picture, value: object) -> str | None:
    """The picture of `value`, or `None` when no renderer is registered for `picture`."""
    while _LOADERS and picture not in _RENDERERS:
        _LOADERS.pop()()
    renderer = _RENDERERS.get(picture)
    return None if renderer is None else renderer(value)


# -- boosts -----------------------------------------------------------------------------------------


class Boost(enum.Enum):
    """A faster path that a higher layer lends a lower one: the compiled core's services."""

    ROLLOUTS = "MonteCarloBot's rollouts, compiled"
    WORLDS = "ExpertBot's worlds drawn in numpy and played out compiled"
    FAST = "the compiled core: playouts and VectorGame"


_BOOST_LOADERS: Final[dict[Boost, Callable[[], ModuleType | None]]] = {}
_BOOSTS: Final[dict[Boost, ModuleType | None]] = {}


def provide(which: Boost, loader: Callable[[], ModuleType | None]) -> None:
    """Load `which` with `loader` when it is first asked for (`None` from it: not available)."""
    _BOOST_LOADERS[which] = loader
    _BOOSTS.pop(which, None)


def boost(which: Boost) -> ModuleType | None:
    """The module that gives `which`, loaded on the first call; `None` when nothing provides it."""
    if which not in _BOOSTS:
        loader = _BOOST_LOADERS.get(which)
        _BOOSTS[which] = None if loader is None else loader()
    return _BOOSTS[which]
