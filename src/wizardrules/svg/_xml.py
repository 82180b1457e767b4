"""Writing SVG markup: elements with escaped text and attributes, and the picture's frame.

`Markup` is text that is already markup; everything else (names, card names, numbers)
goes through `el` or `text`, which escape it, so a player called `<b>&"'` stays text.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Mapping
from html import escape
from typing import NewType

from wizardrules.svg._style import Layout, Painter

__all__ = ["SVG_NS", "Attrs", "Markup", "document", "el", "group", "num", "text", "tooltip"]

SVG_NS = "http://www.w3.org/2000/svg"

Markup = NewType("Markup", str)
"""SVG or HTML text whose content is escaped already."""

Attrs = Mapping[str, object]
"""Attribute names and values: text as it is, numbers written short (see `num`)."""

_FONTS = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', Arial, sans-serif"


def num(value: float) -> str:
    """A coordinate as short text: `12`, `12.5`, `-3.25`."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _attrs(attrs: Attrs) -> str:
    parts = []
    for name, value in attrs.items():
        shown = num(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else str(value)
        parts.append(f' {name}="{escape(shown)}"')
    return "".join(parts)


def el(tag: str, attrs: Attrs | None = None, *children: Markup) -> Markup:
    """An element with escaped attribute values; `children` are markup already.

    Examples:
        >>> el("rect", {"width": 10.0, "data-name": 'a "b"'})
        '<rect width="10" data-name="a &quot;b&quot;"/>'
    """
    head = f"<{tag}{_attrs(attrs or {})}"
    if not children:
        return Markup(head + "/>")
    return Markup(head + ">" + "".join(children) + f"</{tag}>")


def text(content: str, attrs: Attrs, *, title: str | None = None) -> Markup:
    """A `<text>` element whose `content` is escaped, with an optional tooltip.

    Examples:
        >>> text("Ann & <Ben>", {"x": 1, "y": 2})
        '<text x="1" y="2">Ann &amp; &lt;Ben&gt;</text>'
    """
    inner = Markup(escape(content))
    if title is not None:
        inner = Markup(tooltip(title) + inner)
    return el("text", attrs, inner)


def tooltip(content: str) -> Markup:
    """A `<title>` child: the tooltip and accessible name of its parent element."""
    return el("title", None, Markup(escape(content)))


def group(children: Iterable[Markup], attrs: Attrs | None = None) -> Markup:
    """A `<g>` of `children`."""
    return el("g", attrs, *children)


def document(
    *,
    kind: str,
    width: float,
    height: float,
    scale: float,
    title: str,
    desc: str,
    body: Iterable[Markup],
    painter: Painter,
    layout: Layout,
    ground: bool = True,
) -> str:
    """A whole picture: `<svg>` with `<title>`, `<desc>`, its style, a ground and `body`.

    The root is sized `scale` times the drawing, names its title and description for
    screen readers (`role="img"`, `aria-labelledby`) and says which function drew it
    (`data-picture`). `ground=False` leaves the ground out (a lone card needs none).
    """
    drawn = "".join(body)
    grounds = [
        el("rect", {"width": width, "height": height, "rx": layout.card_radius, **painter.paint(fill="background")})
    ]
    if not ground:
        grounds = []
    ident = f"wr-{kind}-{zlib.crc32((title + desc + drawn).encode()):08x}"
    style = painter.style()
    head = [
        el("title", {"id": f"{ident}-title"}, Markup(escape(title))),
        el("desc", {"id": f"{ident}-desc"}, Markup(escape(desc))),
    ]
    if style:
        head.append(el("style", None, Markup(style)))
    root = {
        "xmlns": SVG_NS,
        "width": width * scale,
        "height": height * scale,
        "viewBox": f"0 0 {num(width)} {num(height)}",
        "role": "img",
        "aria-labelledby": f"{ident}-title {ident}-desc",
        "class": f"wr {painter.theme.key}",
        "data-picture": kind,
        "font-family": _FONTS,
    }
    return el("svg", root, *head, *grounds, Markup(drawn))
