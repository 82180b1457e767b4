"""The renderers behind the notebook reprs, registered from above (bottom layer, no imports).

`Card._repr_svg_`, `ScoreSheet._repr_html_` and the other reprs live in low layers that
must not import the picture layer (`wizardrules.svg`), which draws them. So they ask this
registry, and `wizardrules.svg` fills it when it is imported. The package gives the
registry a loader that imports `wizardrules.svg`, which the first repr asked for calls, so
that `import wizardrules` does not pay for the pictures. With nothing registered a repr
returns `None`, and IPython shows the text repr.

Examples:
    >>> from wizardrules import Card, _pictures
    >>> _pictures.render(_pictures.Picture.CARD, Card.parse("R13"))[:4]
    '<svg'
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, Final

__all__ = ["Picture", "load_renderers_with", "register", "render"]


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
