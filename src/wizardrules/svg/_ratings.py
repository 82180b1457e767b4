"""The ratings chart: each player's skill as a dot on its 95% range, best first."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

from wizardrules.cards import Language
from wizardrules.svg._cards import Drawing, Look, heading, words
from wizardrules.svg._xml import Markup, el, group


class Rated(Protocol):
    """What the chart reads of a rating (`wizardrules.tournament.ratings.Rating`)."""

    @property
    def name(self) -> str: ...
    @property
    def mu(self) -> float: ...
    @property
    def games(self) -> int: ...
    @property
    def low(self) -> float: ...
    @property
    def high(self) -> float: ...
    @property
    def conservative(self) -> float: ...


def ratings_words(rated: Sequence[Rated], games: int, lang: Language) -> tuple[str, str]:
    """The chart's title and its description for screen readers."""
    if lang is Language.DE:
        title = f"Wertungen nach {games} Spielen"
        rows = [f"{r.name}: Stärke {r.mu:.1f}, 95 % zwischen {r.low:.1f} und {r.high:.1f}" for r in rated]
    else:
        title = f"Ratings after {games} games"
        rows = [f"{r.name}: skill {r.mu:.1f}, 95% between {r.low:.1f} and {r.high:.1f}" for r in rated]
    return title, "; ".join(rows) or title


def _step(span: float) -> float:
    """A round tick step for about five ticks over `span`."""
    raw = max(span, 1e-9) / 5
    power = 10.0 ** math.floor(math.log10(raw))
    return float(next(m * power for m in (1, 2, 5, 10) if m * power >= raw))


def draw_ratings(rated: Sequence[Rated], games: int, look: Look) -> Drawing:
    """Title, then a row per player: name, the 95% range as a bar, the skill a dot, the conservative rating a tick."""
    lay = look.layout
    title, _ = ratings_words(rated, games, look.lang)
    low = min((min(r.low, r.conservative) for r in rated), default=0.0)
    high = max((r.high for r in rated), default=1.0)
    step = _step(high - low)
    first = math.floor(low / step) * step
    last = math.ceil(high / step) * step
    names = max((lay.text_width(r.name, lay.font) for r in rated), default=0.0) + 12
    left, width = names, lay.chart_width
    row = lay.font * 2

    def x(value: float) -> float:
        return left + (value - first) / (last - first) * width

    top = lay.title_font + lay.font
    parts: list[Markup] = [heading(title, look)]
    ticks = round((last - first) / step)
    bottom = top + row * len(rated)
    for k in range(ticks + 1):
        value = first + k * step
        line = {"x1": x(value), "y1": top, "x2": x(value), "y2": bottom, "stroke-width": 0.8}
        parts.append(el("line", {**line, **look.painter.paint(stroke="grid")}))
        label = f"{value:g}"
        parts.append(
            words(
                label,
                look,
                x=x(value),
                y=bottom + lay.small_font + 4,
                size=lay.small_font,
                role="muted",
                anchor="middle",
            )
        )
    for i, r in enumerate(rated):
        y = top + row * i + row / 2
        note = f"{r.name}: {r.mu:.1f} [{r.low:.1f}, {r.high:.1f}], {r.games}"
        parts.append(words(r.name, look, x=left - 12, y=y + lay.font * 0.35, anchor="end", title=note))
        bar = {
            "x1": x(r.low),
            "y1": y,
            "x2": x(r.high),
            "y2": y,
            "stroke-width": lay.line * 2,
            "stroke-linecap": "round",
        }
        tick = {
            "x1": x(r.conservative),
            "y1": y - lay.marker * 1.5,
            "x2": x(r.conservative),
            "y2": y + lay.marker * 1.5,
        }
        parts.append(
            group(
                [
                    el("line", {**bar, **look.painter.paint(stroke=f"player{i % 6}")}),
                    el("line", {**tick, "stroke-width": lay.line, **look.painter.paint(stroke="ink")}),
                    el("circle", {"cx": x(r.mu), "cy": y, "r": lay.marker * 1.2, **look.painter.paint(fill="ink")}),
                ],
                {"data-player": r.name, "data-mu": f"{r.mu:.3f}"},
            )
        )
    axis = (
        "Stärke (Punkt), 95-%-Bereich (Balken), Wertung μ − 3σ (Strich)"
        if look.lang is Language.DE
        else ("skill (dot), 95% range (bar), rating μ − 3σ (tick)")
    )
    parts.append(words(axis, look, x=left, y=bottom + lay.small_font * 2 + 10, size=lay.small_font, role="muted"))
    height = bottom + lay.small_font * 2 + 14
    return Drawing(group(parts), max(left + width + 8, lay.text_width(title, lay.title_font)), height)
