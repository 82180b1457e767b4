"""Rendering a score sheet as the table people write on a score pad."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from wizardrules._convert import shown
from wizardrules._words import winners_text
from wizardrules.cards import Language, Special
from wizardrules.errors import CardError, EntryError
from wizardrules.rules import Variant
from wizardrules.sheet._rows import Round
from wizardrules.sheet._stats import PlayerStatistics

if TYPE_CHECKING:  # the sheet renders itself with this module
    from wizardrules.sheet import ScoreSheet


def bid_mark(bid: int, final: int, blind: bool) -> str:
    """A bid as written on the pad: `2`, `1→2` after a Cloud change, `B` after a blind bid."""
    shown = f"{bid}→{final}" if bid != final else str(bid)
    return f"{shown}B" if blind else shown


def _cell(r: Round, seat: int, total: int) -> str:
    bid = bid_mark(r.bids[seat], r.final_bids[seat], r.blind[seat])
    return f"{bid}/{r.tricks[seat]} {r.points[seat]:+d} = {total}"


_WORDS: Final = {
    Language.EN: {"round": "round", "trump": "trump", "total": "total", "place": "place", "none": "-"},
    Language.DE: {"round": "Runde", "trump": "Trumpf", "total": "Summe", "place": "Platz", "none": "-"},
}
_LEGEND: Final = {
    Language.EN: {
        "round": "round: the round, and in brackets the cards each player holds",
        "trump": "trump: the round's trump suit (- for none)",
        "cell": "each player: bid/tricks taken, the round's points = the running total",
        "blind": "B: a blind bid",
        "cloud": "1→2: a bid the Cloud changed",
        "bomb": "*: a Bomb voided a trick",
    },
    Language.DE: {
        "round": "Runde: die Runde, in Klammern die Karten je Spieler",
        "trump": "Trumpf: die Trumpffarbe der Runde (- für keine)",
        "cell": "je Spieler: Ansage/Stiche, die Punkte der Runde = der Stand",
        "blind": "B: blind angesagt",
        "cloud": "1→2: von der Wolke geänderte Ansage",
        "bomb": "*: eine Bombe hat einen Stich aufgehoben",
    },
}


def render_table(
    sheet: ScoreSheet,
    *,
    language: Language = Language.EN,
    legend: bool = False,
    width: int | None = None,
    statistics: bool = False,
) -> str:
    """Players as columns, rounds as rows; each cell: bid/tricks, points, running total.

    A trump column when any round's trump is recorded; a legend below the table on request;
    once the game is over, a last line naming the winners (ties too). A table wider than
    `width` is cut into parts by players, one below the other, each with the round (and
    trump) column again. The players' statistics below, on request, before the winners.
    """
    if not isinstance(language, Language):
        raise CardError(f"language {shown(language)}: expected Language.EN or Language.DE")
    if width is not None and (type(width) is not int or width < 1):
        raise EntryError(f"width {shown(width)} must be a whole number of columns, 1 or more")
    words = _WORDS[language]
    n = len(sheet.players)
    with_trump = any(r.trump is not None for r in sheet.rounds)
    rows: list[list[str]] = []
    running = [0] * n
    for r in sheet.rounds:
        label = f"{r.number:>2} ({r.cards}{'*' if r.bombs else ''})"
        cells = []
        for seat in range(n):
            running[seat] += r.points[seat]
            cells.append(_cell(r, seat, running[seat]))
        trump = [words["none"] if r.trump is None else r.trump.display(language)] if with_trump else []
        rows.append([label, *trump, *cells])
    pending = sheet.pending
    if pending is not None:
        label = f"{sheet.current_round:>2} ({sheet.cards})"
        cells = []
        for seat in range(n):
            cells.append(f"{bid_mark(pending.bids[seat], pending.final_bids[seat], pending.blind[seat])}/?")
        rows.append([label, *([""] if with_trump else []), *cells])
    places = sheet.standings()
    blank = [""] if with_trump else []
    footer = [
        [words["total"], *blank, *(str(t) for t in sheet.totals)],
        [words["place"], *blank, *(str(p) for p in places)],
    ]
    header = [words["round"], *([words["trump"]] if with_trump else []), *sheet.players]
    table = [header, *rows, *footer]
    columns = len(header)
    widths = [max(len(row[i]) for row in table) for i in range(columns)]
    first = 2 if with_trump else 1  # the columns written left-aligned

    out: list[str] = []
    for part in _parts(widths, first, width):
        if out:
            out.append("")
        shown_columns = [*range(first), *part]

        def line(row: list[str], columns: list[int] = shown_columns) -> str:
            cells = [row[i].ljust(widths[i]) if i < first else row[i].rjust(widths[i]) for i in columns]
            return " | ".join(cells).rstrip()

        rule = "-+-".join("-" * widths[i] for i in shown_columns)
        out += [line(header), rule, *(line(r) for r in rows), rule, *(line(r) for r in footer)]
    if legend:
        out += ["", *_legend(sheet, language, with_trump)]
    if statistics:
        out += ["", *statistics_table(sheet.statistics(), language, width)]
    if sheet.is_over and sheet.rounds:  # the finished game's table names its winners (R7)
        out += ["", winners_text(sheet.winners(), sheet.totals[places.index(1)], language)]
    return "\n".join(out)


_STATISTICS: Final[dict[Language, dict[str, Any]]] = {
    Language.EN: {
        "title": "statistics",
        "rows": ("exact", "hit rate", "over", "under", "mean miss", "blind", "best", "worst", "streak"),
        "note": "exact: bids hit (of the rounds); over, under: rounds with more or fewer tricks than the bid; "
        "mean miss: tricks off the bid a round; best, worst: a round's points; streak: exact rounds in a row",
    },
    Language.DE: {
        "title": "Statistik",
        "rows": (
            "Treffer",
            "Trefferquote",
            "zu viele",
            "zu wenige",
            "Ø daneben",
            "blind",
            "beste",
            "schlechteste",
            "Serie",
        ),
        "note": "Treffer: genau erfüllte Ansagen (von den Runden); zu viele, zu wenige: Runden mit mehr oder weniger "
        "Stichen als angesagt; Ø daneben: Stiche neben der Ansage je Runde; beste, schlechteste: Punkte einer "
        "Runde; Serie: Treffer in Folge",
    },
}


def _decimal(value: float, language: Language) -> str:
    text = f"{value:.2f}"
    return text.replace(".", ",") if language is Language.DE else text


def _percent(value: float, language: Language) -> str:
    return f"{round(100 * value)} %" if language is Language.DE else f"{round(100 * value)}%"


def _signed(value: int | None) -> str:
    return "-" if value is None else f"{value:+d}"


def statistics_table(stats: Sequence[PlayerStatistics], language: Language, width: int | None = None) -> list[str]:
    """The players' statistics under the score table: players as columns, a figure a row, and a note.

    The totals and places are the score table's, so they are not shown again.

    A table wider than `width` is cut into parts by players, as the score table is.
    """
    words = _STATISTICS[language]
    columns = [
        [
            f"{s.exact}/{s.rounds}",
            _percent(s.hit_rate, language),
            str(s.over),
            str(s.under),
            _decimal(s.mean_miss, language),
            str(s.blind),
            _signed(s.best),
            _signed(s.worst),
            str(s.streak),
        ]
        for s in stats
    ]
    table = [[words["title"], *(s.player for s in stats)]]
    table += [[label, *(column[i] for column in columns)] for i, label in enumerate(words["rows"])]
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    out: list[str] = []
    for part in _parts(widths, 1, width):
        if out:
            out.append("")
        shown_columns = [0, *part]

        def line(row: list[str], columns: list[int] = shown_columns) -> str:
            return " | ".join(row[i].ljust(widths[i]) if i == 0 else row[i].rjust(widths[i]) for i in columns).rstrip()

        out += [line(table[0]), "-+-".join("-" * widths[i] for i in shown_columns), *(line(r) for r in table[1:])]
    return [*out, "", *textwrap.wrap(words["note"], width or 100)]


def _parts(widths: Sequence[int], first: int, width: int | None) -> list[list[int]]:
    """The players' columns in as few parts as fit in `width`, as even as fit (each part at least one player)."""
    players = list(range(first, len(widths)))
    fixed = sum(widths[:first]) + 3 * (first - 1)

    def fits(part: list[int]) -> bool:
        return width is None or len(part) == 1 or fixed + sum(3 + widths[i] for i in part) <= width

    for count in range(1, len(players) + 1):
        size, extra = divmod(len(players), count)
        starts = [k * size + min(k, extra) for k in range(count + 1)]
        parts = [players[starts[k] : starts[k + 1]] for k in range(count)]
        if all(fits(part) for part in parts):
            return parts
    return [[column] for column in players]


def _legend(sheet: ScoreSheet, language: Language, with_trump: bool) -> list[str]:
    """How to read the table: the marks that can occur under the sheet's rules."""
    text = _LEGEND[language]
    rules = sheet.rules
    marks = [
        text["blind"] if Variant.BLIND_BIDS in rules.variants else "",
        text["cloud"] if Special.CLOUD in rules.special_cards else "",
        text["bomb"] if Special.BOMB in rules.special_cards else "",
    ]
    lines = [text["round"], *([text["trump"]] if with_trump else []), text["cell"]]
    shown_marks = [mark for mark in marks if mark]
    return [*lines, "; ".join(shown_marks)] if shown_marks else lines


def history_line(players: Sequence[str], r: Round) -> str:
    cells = []
    for seat, name in enumerate(players):
        bid = bid_mark(r.bids[seat], r.final_bids[seat], r.blind[seat])
        cells.append(f"{name} {bid}/{r.tricks[seat]} {r.points[seat]:+d}")
    bomb = ", bomb" if r.bombs else ""
    return f"R{r.number} ({r.cards}{bomb}): " + " · ".join(cells)
