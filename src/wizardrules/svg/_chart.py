"""Drawing the score chart: each player's total after every round as a line (R6.3, R7).

A marker per player and round tells the round's story: filled for a bid hit, hollow for a
miss, ringed for a blind bid (R4.4). Players differ by colour, by dash pattern and by
marker shape, so the chart reads without colour too. The winners' lines are thicker and
their names starred (R7.1, R7.2).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape
from typing import NamedTuple

from wizardrules.cards import Language
from wizardrules.sheet import Round, ScoreSheet
from wizardrules.sheet._text import bid_mark
from wizardrules.svg._cards import Drawing, Look, words
from wizardrules.svg._style import Layout
from wizardrules.svg._words import round_of, say
from wizardrules.svg._xml import Attrs, Markup, el, group, num, tooltip

__all__ = ["Axes", "chart_words", "draw_scores", "running_totals", "sheet_table_html"]

_DASHES = ("", "8 4", "2 3", "10 3 2 3", "5 5", "1 3")
_SHAPES = ("circle", "square", "triangle", "diamond", "down", "hexagon")


def running_totals(sheet: ScoreSheet) -> tuple[tuple[int, ...], ...]:
    """Per seat, the total before round 1 (0) and after each finished round."""
    per_seat = []
    for seat in range(len(sheet.players)):
        totals = [0]
        for r in sheet.rounds:
            totals.append(totals[-1] + r.points[seat])
        per_seat.append(tuple(totals))
    return tuple(per_seat)


def _nice_step(span: float) -> int:
    raw = max(span / 5, 10)
    magnitude = 10 ** math.floor(math.log10(raw))
    return int(next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw))


class Axes(NamedTuple):
    """Where rounds and points go: x by round 0..rounds, y by points low..high (ticks `step` apart)."""

    left: float
    top: float
    width: float
    height: float
    rounds: int
    low: int
    high: int
    step: int

    @classmethod
    def fit(cls, values: Sequence[int], rounds: int, *, left: float, top: float, width: float, height: float) -> Axes:
        """Axes for `rounds` rounds whose y range holds `values` and 0, on whole ticks."""
        low, high = min(0, *values), max(0, *values)
        step = _nice_step(high - low)
        low = math.floor(low / step) * step
        high = max(math.ceil(high / step) * step, low + 2 * step)
        return cls(left, top, width, height, max(1, rounds), low, high, step)

    def x(self, round_number: int) -> float:
        """The x of the total after `round_number` (0: the start)."""
        return self.left + round_number * self.width / self.rounds

    def y(self, points: float) -> float:
        """The y of a total of `points`."""
        return self.top + (self.high - points) * self.height / (self.high - self.low)

    @property
    def ticks(self) -> range:
        """The points with a grid line."""
        return range(self.low, self.high + 1, self.step)


def _marker(shape: str, cx: float, cy: float, r: float, paint: Attrs) -> Markup:
    if shape == "circle":
        return el("circle", {"cx": cx, "cy": cy, "r": r, **paint})
    if shape == "square":
        return el("rect", {"x": cx - r * 0.9, "y": cy - r * 0.9, "width": r * 1.8, "height": r * 1.8, **paint})
    corners = {
        "triangle": [(0, -1.2), (1.1, 0.8), (-1.1, 0.8)],
        "down": [(0, 1.2), (1.1, -0.8), (-1.1, -0.8)],
        "diamond": [(0, -1.25), (1.1, 0), (0, 1.25), (-1.1, 0)],
        "hexagon": [(math.cos(a) * 1.1, math.sin(a) * 1.1) for a in (k * math.pi / 3 for k in range(6))],
    }[shape]
    points = " ".join(f"{num(cx + dx * r)},{num(cy + dy * r)}" for dx, dy in corners)
    return el("polygon", {"points": points, **paint})


def _round_note(name: str, r: Round, seat: int, total: int, lang: Language) -> str:
    bid = r.final_bids[seat]
    outcome = say("hit", lang) if r.hits[seat] else say("missed", lang)
    blind = f", {say('blind', lang)}" if r.blind[seat] else ""
    return (
        f"{name}, {say('Round', lang)} {r.number}: {say('bid', lang)} {bid}{blind}, "
        f"{say('tricks', lang)} {r.tricks[seat]}, {outcome}, {r.points[seat]:+d} → {total}"
    )


def _line(sheet: ScoreSheet, seat: int, totals: Sequence[int], axes: Axes, look: Look, *, winner: bool) -> Markup:
    """One player's line with a marker after each round."""
    lay = look.layout
    role = f"player{seat}"
    points = " ".join(f"{num(axes.x(i))},{num(axes.y(t))}" for i, t in enumerate(totals))
    stroke = {
        "points": points,
        "stroke-width": lay.winner_line if winner else lay.line,
        "stroke-linejoin": "round",
        "stroke-linecap": "round",
        **look.painter.paint(fill="none", stroke=role),
    }
    if _DASHES[seat]:
        stroke["stroke-dasharray"] = _DASHES[seat]
    parts = [el("polyline", stroke)]
    name = sheet.players[seat]
    for r, total in zip(sheet.rounds, totals[1:], strict=True):
        parts.append(_round_marker(r, seat, name, total=total, axes=axes, look=look))
    attrs = {"data-seat": str(seat), "data-player": name, "data-totals": " ".join(map(str, totals))}
    if winner:
        attrs["data-winner"] = "true"
    return group(parts, attrs)


def _round_marker(r: Round, seat: int, name: str, *, total: int, axes: Axes, look: Look) -> Markup:
    """The marker of one player's round: filled for a hit, hollow for a miss, ringed when blind."""
    lay = look.layout
    role = f"player{seat}"
    cx, cy = axes.x(r.number), axes.y(total)
    hit = r.hits[seat]
    paint = {**look.painter.paint(fill=role if hit else "background", stroke=role), "stroke-width": 1.5}
    parts = [tooltip(_round_note(name, r, seat, total, look.lang)), _marker(_SHAPES[seat], cx, cy, lay.marker, paint)]
    if r.blind[seat]:
        ring = {
            "cx": cx,
            "cy": cy,
            "r": lay.marker * 2,
            "stroke-width": 1.2,
            **look.painter.paint(fill="none", stroke=role),
        }
        parts.append(el("circle", ring))
    attrs = {"data-round": str(r.number), "data-hit": str(hit).lower(), "data-blind": str(r.blind[seat]).lower()}
    return group(parts, attrs)


def chart_words(sheet: ScoreSheet, lang: Language) -> tuple[str, str]:
    """The chart's title, and a description of every player's total and hits."""
    if not sheet.rounds:
        title = f"{say('Scores', lang)}: {say('no rounds yet', lang)}"
    elif sheet.is_over:
        winners = ", ".join(sheet.winners())
        title = (
            f"{say('Scores', lang)}: {winners} {say('wins', lang) if len(sheet.winners()) == 1 else say('win', lang)}"
        )
    else:
        title = f"{say('Scores', lang)}: {round_of(len(sheet.rounds), sheet.schedule.rounds, lang)}"
    facts = []
    for seat, name in enumerate(sheet.players):
        blind = sum(r.blind[seat] for r in sheet.rounds)
        hits = f"{sheet.hits[seat]}/{len(sheet.rounds)} {say('hit', lang)}"
        blinds = f", {blind} {say('blind', lang)}" if blind else ""
        facts.append(f"{name}: {sheet.totals[seat]} ({hits}{blinds})")
    return title, "; ".join(facts) + "."


def _spread(wanted: list[float], gap: float, low: float, high: float) -> list[float]:
    """Label positions near `wanted` (sorted), at least `gap` apart, inside low..high where they fit."""
    placed: list[float] = []
    for y in wanted:
        placed.append(max(y, placed[-1] + gap) if placed else y)
    overflow = placed[-1] - high if placed else 0.0
    if overflow > 0:
        placed = [y - overflow for y in placed]
        for i in range(len(placed) - 2, -1, -1):
            placed[i] = min(placed[i], placed[i + 1] - gap)
    return [max(low, y) if i == 0 else y for i, y in enumerate(placed)]


def _labels(sheet: ScoreSheet, axes: Axes, look: Look, winners: frozenset[int]) -> list[Markup]:
    """At each line's end: a sample of the line and the player's name and total, winners starred."""
    lay = look.layout
    seats = sorted(range(len(sheet.players)), key=lambda s: axes.y(sheet.totals[s]))
    wanted = [axes.y(sheet.totals[s]) for s in seats]
    ys = _spread(wanted, lay.font * 1.25, axes.top, axes.top + axes.height)
    x = axes.x(axes.rounds) + 10
    parts = []
    for seat, y in zip(seats, ys, strict=True):
        sample = {
            "x1": x,
            "y1": y,
            "x2": x + 18,
            "y2": y,
            "stroke-width": lay.line,
            **look.painter.paint(stroke=f"player{seat}"),
        }
        if _DASHES[seat]:
            sample["stroke-dasharray"] = _DASHES[seat]
        star = "★ " if seat in winners else ""
        label = f"{star}{sheet.players[seat]} {sheet.totals[seat]}"
        parts += [
            el("line", sample),
            _marker(_SHAPES[seat], x + 9, y, lay.marker * 0.8, look.painter.paint(fill=f"player{seat}")),
            words(label, look, x=x + 24, y=y + lay.font * 0.35, bold=seat in winners),
        ]
    return parts


def _grid(axes: Axes, look: Look) -> list[Markup]:
    lay = look.layout
    parts = []
    right = axes.x(axes.rounds)
    for tick in axes.ticks:
        y = axes.y(tick)
        line = {"x1": axes.left, "y1": y, "x2": right, "y2": y, "stroke-width": 1.6 if tick == 0 else 0.8}
        parts.append(el("line", {**line, **look.painter.paint(stroke="muted" if tick == 0 else "grid")}))
        label_y = y + lay.small_font * 0.35
        parts.append(
            words(str(tick), look, x=axes.left - 6, y=label_y, size=lay.small_font, role="muted", anchor="end")
        )
    every = max(1, math.ceil(axes.rounds / 20))
    bottom = axes.top + axes.height
    for number in range(1, axes.rounds + 1):
        if number % every and number != axes.rounds:
            continue
        label_y = bottom + lay.small_font + 4
        parts.append(
            words(str(number), look, x=axes.x(number), y=label_y, size=lay.small_font, role="muted", anchor="middle")
        )
    return parts


def _legend(look: Look, *, y: float) -> list[Markup]:
    """What the markers mean: filled a hit, hollow a miss, ringed a blind bid."""
    lay = look.layout
    r = lay.marker
    parts = []
    x = 0.0
    for key, fill, ring in (("hit", "muted", False), ("missed", "background", False), ("blind", "muted", True)):
        paint = {**look.painter.paint(fill=fill, stroke="muted"), "stroke-width": 1.5}
        parts.append(el("circle", {"cx": x + r * 2, "cy": y, "r": r, **paint}))
        if ring:
            parts.append(
                el(
                    "circle",
                    {
                        "cx": x + r * 2,
                        "cy": y,
                        "r": r * 2,
                        "stroke-width": 1.2,
                        **look.painter.paint(fill="none", stroke="muted"),
                    },
                )
            )
        word = say(key, look.lang)
        parts.append(
            words(word, look, x=x + r * 4 + 4, y=y + lay.small_font * 0.35, size=lay.small_font + 1, role="muted")
        )
        x += r * 4 + 4 + lay.text_width(word, lay.small_font + 1) + 16
    return parts


def draw_scores(sheet: ScoreSheet, look: Look) -> Drawing:
    """The chart: title, legend, grid, one line per player, labels at the lines' ends.

    A title wider than the chart and its labels (the winners of a tie, say) is wrapped onto
    more lines, so that the picture stays as narrow as its chart: on a phone, it is drawn
    near its natural size and its text stays readable.
    """
    lay = look.layout
    lang = look.lang
    totals = running_totals(sheet)
    title, _ = chart_words(sheet, lang)
    values = [t for seat in totals for t in seat]
    axes0 = Axes.fit(values, sheet.schedule.rounds, left=0, top=0, width=1, height=1)
    label_width = max(lay.text_width(str(t), lay.small_font) for t in axes0.ticks) + 10
    label_room = max(
        lay.text_width(f"★ {name} {t}", lay.font) for name, t in zip(sheet.players, sheet.totals, strict=True)
    )
    width = label_width + lay.chart_width + 34 + label_room
    lines = _title_lines(title, width, lay)
    step = lay.title_font * 1.3
    extra = step * (len(lines) - 1)
    top = lay.title_font + lay.font * 2 + 8 + extra
    axes = Axes.fit(
        values, sheet.schedule.rounds, left=label_width, top=top, width=lay.chart_width, height=lay.chart_height
    )
    winners = frozenset(i for i, p in enumerate(sheet.standings()) if p == 1) if sheet.is_over else frozenset()
    parts = [
        *(
            words(line, look, x=0, y=lay.title_font + i * step, size=lay.title_font, bold=True)
            for i, line in enumerate(lines)
        ),
        *_legend(look, y=lay.title_font + lay.font + 4 + extra),
        *_grid(axes, look),
    ]
    order = sorted(range(len(totals)), key=lambda s: s in winners)  # winners drawn last, on top
    parts += [_line(sheet, seat, totals[seat], axes, look, winner=seat in winners) for seat in order]
    parts += _labels(sheet, axes, look, winners)
    bottom = top + lay.chart_height + lay.small_font * 2 + 8
    right = axes.x(axes.rounds)
    parts.append(words(say("Round", lang), look, x=right, y=bottom, size=lay.small_font, role="muted", anchor="end"))
    widest = max(lay.text_width(line, lay.title_font) for line in lines)
    return Drawing(group(parts), max(right + 34 + label_room, widest), bottom + 4)


def _title_lines(title: str, width: float, lay: Layout) -> list[str]:
    """`title` in lines no wider than `width` where its words allow (a word wider than that has a line of its own)."""
    lines: list[str] = []
    for word in title.split(" "):
        if lines and lay.text_width(f"{lines[-1]} {word}", lay.title_font) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [title]


def sheet_table_html(sheet: ScoreSheet, lang: Language) -> str:
    """The score table as HTML: a row per round, a cell per player (bid/tricks, points, total)."""
    head = "".join(f"<th>{escape(name)}</th>" for name in sheet.players)
    rows = []
    running = [0] * len(sheet.players)
    for r in sheet.rounds:
        cells = []
        for seat in range(len(sheet.players)):
            running[seat] += r.points[seat]
            bid = bid_mark(r.bids[seat], r.final_bids[seat], r.blind[seat])
            cells.append(f"<td>{escape(bid)}/{r.tricks[seat]} {r.points[seat]:+d} = {running[seat]}</td>")
        rows.append(f"<tr><td>{r.number}</td><td>{r.cards}</td>{''.join(cells)}</tr>")
    totals = "".join(f"<td><b>{t}</b></td>" for t in sheet.totals)
    places = "".join(f"<td>{p}</td>" for p in sheet.standings())
    return (
        "<table>"
        f"<thead><tr><th>{say('Round', lang)}</th><th>{say('Cards', lang)}</th>{head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody>"
        f"<tfoot><tr><td>{say('total', lang)}</td><td></td>{totals}</tr>"
        f"<tr><td>{say('place', lang)}</td><td></td>{places}</tr></tfoot>"
        "</table>"
    )
