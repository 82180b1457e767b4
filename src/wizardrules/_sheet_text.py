"""Rendering a score sheet as the table people write on a score pad."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from wizardrules._sheet_rows import Round

if TYPE_CHECKING:  # the sheet renders itself with this module
    from wizardrules.sheet import ScoreSheet


def bid_mark(bid: int, final: int, blind: bool) -> str:
    """A bid as written on the pad: `2`, `1→2` after a Cloud change, `B` after a blind bid."""
    shown = f"{bid}→{final}" if bid != final else str(bid)
    return f"{shown}B" if blind else shown


def _cell(r: Round, seat: int, total: int) -> str:
    bid = bid_mark(r.bids[seat], r.final_bids[seat], r.blind[seat])
    return f"{bid}/{r.tricks[seat]} {r.points[seat]:+d} = {total}"


def render_table(sheet: ScoreSheet) -> str:
    """Players as columns, rounds as rows; each cell: bid/tricks, points, running total."""
    n = len(sheet.players)
    rows: list[list[str]] = []
    running = [0] * n
    for r in sheet.rounds:
        label = f"{r.number:>2} ({r.cards}{'*' if r.bombs else ''})"
        cells = []
        for seat in range(n):
            running[seat] += r.points[seat]
            cells.append(_cell(r, seat, running[seat]))
        rows.append([label, *cells])
    pending = sheet.pending
    if pending is not None:
        label = f"{sheet.current_round:>2} ({sheet.cards})"
        cells = []
        for seat in range(n):
            cells.append(f"{bid_mark(pending.bids[seat], pending.final_bids[seat], pending.blind[seat])}/?")
        rows.append([label, *cells])
    places = sheet.standings()
    footer = [
        ["total", *(str(t) for t in sheet.totals)],
        ["place", *(str(p) for p in places)],
    ]
    header = ["round", *sheet.players]
    table = [header, *rows, *footer]
    widths = [max(len(row[i]) for row in table) for i in range(n + 1)]

    def line(row: list[str]) -> str:
        first = row[0].ljust(widths[0])
        rest = (cell.rjust(widths[i + 1]) for i, cell in enumerate(row[1:]))
        return " | ".join([first, *rest]).rstrip()

    rule = "-+-".join("-" * w for w in widths)
    out = [line(header), rule, *(line(r) for r in rows), rule, *(line(r) for r in footer)]
    return "\n".join(out)


def history_line(players: Sequence[str], r: Round) -> str:
    cells = []
    for seat, name in enumerate(players):
        bid = bid_mark(r.bids[seat], r.final_bids[seat], r.blind[seat])
        cells.append(f"{name} {bid}/{r.tricks[seat]} {r.points[seat]:+d}")
    bomb = ", bomb" if r.bombs else ""
    return f"R{r.number} ({r.cards}{bomb}): " + " · ".join(cells)
