"""The score sheet as CSV: the table for spreadsheets, and reading it back.

One row per finished round: its number, cards and dealer, its trump when any round's trump
is on the record, its Bomb tricks when the rules have the Bomb; then per player the bid,
the bid after a Cloud change when the rules have the Cloud, a `B` for a blind bid when the
rules allow blind bids, the tricks, the points and the running total.

In English the cells are separated by commas; in German by semicolons, as German
spreadsheets expect (their decimal separator is the comma), with German headings and suit
names. Reading tells the two apart by the header row, so either reads back.

Names are the only text a caller puts in the file (the header and the dealer column). A
spreadsheet would take a cell that starts with `=`, `+`, `-`, `@` (or their full-width
forms), a tab or a line break for a formula, so such a cell is written with a `'` in front
(as spreadsheets themselves mark text), and so is a cell that starts with `'`; reading
takes the first `'` off again, so every name reads back as it was. Cells that hold a line
break are quoted, and the columns are read by their position, so that players named `A`
and `A final` cannot mix up their columns.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, NamedTuple

from wizardrules._convert import file_text, shown, type_name
from wizardrules._names import lookup
from wizardrules.bidding import CloudChange
from wizardrules.cards import Language, Special, Suit
from wizardrules.errors import FormatError, NotationError, RulesError, WizardRulesError
from wizardrules.rules import Rules, Variant
from wizardrules.sheet._rows import Round

if TYPE_CHECKING:  # the sheet writes and reads itself with this module
    from wizardrules.sheet import ScoreSheet

_WHAT = "score sheet CSV"
_WHAT_DE = "Spielblock-CSV"

_DELIMITER: Final = {Language.EN: ",", Language.DE: ";"}
_HEADINGS: Final = {
    Language.EN: {
        "round": "round",
        "cards": "cards",
        "dealer": "dealer",
        "trump": "trump",
        "bombs": "bombs",
        "bid": "bid",
        "final bid": "final bid",
        "blind": "blind",
        "tricks": "tricks",
        "points": "points",
        "total": "total",
    },
    Language.DE: {
        "round": "Runde",
        "cards": "Karten",
        "dealer": "Geber",
        "trump": "Trumpf",
        "bombs": "Bomben",
        "bid": "Ansage",
        "final bid": "Ansage nach Wolke",
        "blind": "blind",
        "tricks": "Stiche",
        "points": "Punkte",
        "total": "Summe",
    },
}


def round_columns(rules: Rules, *, trump: bool) -> list[str]:
    """The columns of a round (their keys): number, cards, dealer, then trump and Bomb tricks where they apply."""
    return ["round", "cards", "dealer", *(["trump"] if trump else []), *(["bombs"] if _bomb(rules) else [])]


def player_columns(rules: Rules) -> list[str]:
    """A player's columns (their keys), each written after the player's name."""
    return [
        "bid",
        *(["final bid"] if Special.CLOUD in rules.special_cards else []),
        *(["blind"] if Variant.BLIND_BIDS in rules.variants else []),
        "tricks",
        "points",
        "total",
    ]


def _bomb(rules: Rules) -> bool:
    return Special.BOMB in rules.special_cards


_FORMULA_STARTS: Final = frozenset("=+-@\t\r\n\uff1d\uff0b\uff0d\uff20'")
"""The first characters that make a spreadsheet read a cell as a formula, and the quote that marks text."""


def text_cell(text: str) -> str:
    """`text` as a cell that no spreadsheet reads as a formula: a `'` in front where it could start one.

    Examples:
        >>> text_cell("=HYPERLINK(1)"), text_cell("'Tom"), text_cell("Tom")
        ("'=HYPERLINK(1)", "''Tom", 'Tom')
    """
    return f"'{text}" if text[:1] in _FORMULA_STARTS else text


def cell_text(cell: str) -> str:
    """The text of a cell that `text_cell` wrote: its first `'` taken off."""
    return cell[1:] if cell.startswith("'") else cell


def _line(cells: Sequence[object], delimiter: str) -> str:
    """One CSV line ending in a newline, with any cell that holds a line break (`\\r` too) quoted."""
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter, lineterminator="\r\n").writerow(cells)  # quotes cells with \r or \n
    return f"{out.getvalue()[:-2]}\n"


def write(sheet: ScoreSheet, language: Language = Language.EN) -> str:
    """The sheet's finished rounds as CSV, with a header row, in `language`'s headings and separator."""
    if not isinstance(language, Language):
        raise FormatError(
            f"{_WHAT}: language {shown(language)}: expected Language.EN or Language.DE",
            german=f"{_WHAT_DE}: Sprache {shown(language)}: erwartet Language.EN oder Language.DE",
        )
    rules = sheet.rules
    words = _HEADINGS[language]
    delimiter = _DELIMITER[language]
    with_trump = any(r.trump is not None for r in sheet.rounds)
    own = player_columns(rules)
    columns = [text_cell(f"{name} {words[col]}") for name in sheet.players for col in own]
    lines = [_line([*(words[col] for col in round_columns(rules, trump=with_trump)), *columns], delimiter)]
    running = [0] * len(sheet.players)
    for r in sheet.rounds:
        row: list[object] = [r.number, r.cards, text_cell(sheet.players[r.dealer])]
        if with_trump:
            row.append("" if r.trump is None else r.trump.display(language).lower())
        if _bomb(rules):
            row.append(r.bombs)
        for seat in range(len(sheet.players)):
            running[seat] += r.points[seat]
            cells = {
                "bid": r.bids[seat],
                "final bid": r.final_bids[seat],
                "blind": "B" if r.blind[seat] else "",
                "tricks": r.tricks[seat],
                "points": r.points[seat],
                "total": running[seat],
            }
            row += [cells[col] for col in own]
        lines.append(_line(row, delimiter))
    return "".join(lines)


class CsvRound(NamedTuple):
    """One row of a score sheet's CSV, as read."""

    line: int
    """The row's line in the file, for messages."""
    number: int
    cards: int
    dealer: str
    trump: Suit | None
    bombs: int
    bids: tuple[int, ...]
    final_bids: tuple[int, ...]
    blind: tuple[bool, ...]
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]

    @property
    def cloud(self) -> tuple[int, CloudChange] | None:
        """The seat whose bid a Cloud changed and how, from the bids and the final bids (R8.2)."""
        changed = [seat for seat, (b, f) in enumerate(zip(self.bids, self.final_bids, strict=True)) if b != f]
        if not changed:
            return None
        seat = changed[0]
        delta = self.final_bids[seat] - self.bids[seat]
        if len(changed) > 1 or delta not in (1, -1):
            raise FormatError(
                f"{_WHAT} line {self.line}: final bids {list(self.final_bids)} differ from bids "
                f"{list(self.bids)} by more than one Cloud change of one (R8.2)",
                german=f"{_WHAT_DE}, Zeile {self.line}: die Ansagen am Ende {list(self.final_bids)} weichen von den "
                f"Ansagen {list(self.bids)} um mehr als eine Wolken-Änderung um eins ab (R8.2)",
            )
        return seat, CloudChange(delta)


def read(text: str | bytes, rules: Rules) -> tuple[tuple[str, ...], list[CsvRound]]:
    """The players and the rows of a CSV that `write` wrote for a game under `rules`.

    Raises:
        FormatError: not such a CSV: the message names the line and the column.
    """
    text = file_text(text, _WHAT, FormatError, what_de=_WHAT_DE)  # at most MAX_FILE, before anything is read
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise FormatError(
                f"{_WHAT}: not UTF-8 text ({error.reason})",
                german=f"{_WHAT_DE}: kein UTF-8-Text (Byte {error.start + 1} ist {error.object[error.start]:#04x})",
            ) from None
    if not isinstance(text, str):
        raise FormatError(
            f"{_WHAT}: expected text, got {type_name(text)}",
            german=f"{_WHAT_DE}: erwartet Text, nicht {type_name(text)}",
        )
    language = _language(text)
    words = _HEADINGS[language]
    try:
        table = list(csv.reader(io.StringIO(text, newline=""), delimiter=_DELIMITER[language]))
    except csv.Error as error:
        raise FormatError(f"{_WHAT}: {error}", german=f"{_WHAT_DE}: keine CSV-Tabelle ({error})") from None
    if not table:
        raise FormatError(
            f"{_WHAT}: the file is empty; expected a header row",
            german=f"{_WHAT_DE}: die Datei ist leer; erwartet eine Kopfzeile",
        )
    header, body = [cell_text(cell) for cell in table[0]], table[1:]
    with_trump = len(header) > 3 and header[3] == words["trump"]
    fixed = round_columns(rules, trump=with_trump)
    own = player_columns(rules)
    players = _players(header, fixed, own, words)
    rows = []
    for line, cells in enumerate(body, start=2):
        if not cells:
            continue
        if len(cells) != len(header):
            raise FormatError(
                f"{_WHAT} line {line}: {len(cells)} cells, the header has {len(header)}",
                german=f"{_WHAT_DE}, Zeile {line}: {len(cells)} Zellen, die Kopfzeile hat {len(header)}",
            )
        # by position, not by the header's names: two players' columns may share a name ("A final bid")
        column = {key: cells[i] for i, key in enumerate(fixed)}
        column["dealer"] = lookup(cell_text(column["dealer"]))  # names compare composed (NFC)
        per_player = tuple(
            {col: cells[len(fixed) + seat * len(own) + i] for i, col in enumerate(own)} for seat in range(len(players))
        )
        rows.append(_row(line=line, cells=column, own=per_player, players=players, rules=rules, words=words))
    return players, rows


def _language(text: str) -> Language:
    """The language a CSV is written in, told by its first cell: `round` (commas) or `Runde` (semicolons)."""
    if not text.strip():
        raise FormatError(
            f"{_WHAT}: the file is empty; expected a header row",
            german=f"{_WHAT_DE}: die Datei ist leer; erwartet eine Kopfzeile",
        )
    first = text.split("\n", 1)[0].lstrip("\ufeff")  # a spreadsheet may put a byte order mark in front
    for language, delimiter in _DELIMITER.items():
        if first.split(delimiter, 1)[0].strip() == _HEADINGS[language]["round"]:
            return language
    raise FormatError(
        f"{_WHAT}: the header row starts {shown(first[:40])}; expected 'round,…' (English) or 'Runde;…' (German)",
        german=f"{_WHAT_DE}: die Kopfzeile beginnt mit {shown(first[:40])}; erwartet 'round,…' (englisch) "
        "oder 'Runde;…' (deutsch)",
    )


def _players(header: list[str], fixed: list[str], own: list[str], words: dict[str, str]) -> tuple[str, ...]:
    """The players named by the header, whose columns must be the ones `write` gives `rules`."""
    header[0] = header[0].lstrip("\ufeff")
    expected = [words[col] for col in fixed]
    if header[: len(fixed)] != expected:
        raise FormatError(
            f"{_WHAT}: the header starts {shown(header[: len(fixed)])}, expected {expected} for these rules "
            "(a file of a game with other special cards or variants needs its rules)",
            german=f"{_WHAT_DE}: die Kopfzeile beginnt mit {shown(header[: len(fixed)])}, erwartet {expected} für "
            "diese Regeln (die Datei eines Spiels mit anderen Sonderkarten oder Varianten braucht seine Regeln)",
        )
    rest = header[len(fixed) :]
    if rest and rest[0] in (words["trump"], words["bombs"]):
        raise FormatError(
            f"{_WHAT}: a {rest[0]!r} column where these rules have none; give from_csv the game's rules",
            german=f"{_WHAT_DE}: eine Spalte {rest[0]!r}, die diese Regeln nicht haben; "
            "from_csv braucht die Regeln des Spiels",
        )
    names = [words[col] for col in own]
    if not rest or len(rest) % len(own):
        raise FormatError(
            f"{_WHAT}: expected {len(own)} columns per player after {expected}: {', '.join(names)}",
            german=f"{_WHAT_DE}: erwartet {len(own)} Spalten je Spieler nach {expected}: {', '.join(map(repr, names))}",
        )
    players = []
    suffix = f" {words['bid']}"
    for start in range(0, len(rest), len(own)):
        first = rest[start]
        name = first[: -len(suffix)] if first.endswith(suffix) else ""
        if not name or rest[start : start + len(own)] != [f"{name} {col}" for col in names]:
            raise FormatError(
                f"{_WHAT}: columns {shown(rest[start : start + len(own)])} are not one player's "
                f"({', '.join(names)}) as to_csv writes them for these rules; give from_csv the game's rules",
                german=f"{_WHAT_DE}: die Spalten {shown(rest[start : start + len(own)])} sind nicht die eines "
                f"Spielers ({', '.join(map(repr, names))}), wie to_csv sie für diese Regeln schreibt; "
                "from_csv braucht die Regeln des Spiels",
            )
        players.append(name)
    return tuple(players)


def _row(
    *,
    line: int,
    cells: dict[str, str],
    own: Sequence[dict[str, str]],
    players: Sequence[str],
    rules: Rules,
    words: dict[str, str],
) -> CsvRound:
    def number(text: str, key: str) -> int:
        column = words.get(key, key)
        try:
            return int(text.strip())
        except ValueError:
            raise FormatError(
                f"{_WHAT} line {line}, column {column!r}: {shown(text.strip())} is not a whole number",
                german=f"{_WHAT_DE}, Zeile {line}, Spalte {column!r}: {shown(text.strip())} ist keine ganze Zahl",
            ) from None

    def per_player(col: str) -> tuple[int, ...]:
        return tuple(number(own[seat][col], f"{name} {words[col]}") for seat, name in enumerate(players))

    trump = None
    if "trump" in cells and cells["trump"].strip():
        try:
            trump = Suit.parse(cells["trump"])
        except NotationError as error:
            raise FormatError(
                f"{_WHAT} line {line}, column {words['trump']!r}: {error}",
                german=f"{_WHAT_DE}, Zeile {line}, Spalte {words['trump']!r}: {error.german}",
            ) from None
    blind = []
    for seat, name in enumerate(players):
        mark = own[seat].get("blind", "").strip()
        if mark not in ("", "B"):
            raise FormatError(
                f"{_WHAT} line {line}, column {name + ' ' + words['blind']!r}: {shown(mark)} is not B or empty",
                german=f"{_WHAT_DE}, Zeile {line}, Spalte {name + ' ' + words['blind']!r}: {shown(mark)} "
                "ist weder B noch leer",
            )
        blind.append(mark == "B")
    bids = per_player("bid")
    return CsvRound(
        line=line,
        number=number(cells["round"], "round"),
        cards=number(cells["cards"], "cards"),
        dealer=cells["dealer"],
        trump=trump,
        bombs=number(cells["bombs"], "bombs") if _bomb(rules) else 0,
        bids=bids,
        final_bids=per_player("final bid") if Special.CLOUD in rules.special_cards else bids,
        blind=tuple(blind),
        tricks=per_player("tricks"),
        points=per_player("points"),
        totals=per_player("total"),
    )


def load(cls: type[ScoreSheet], text: str | bytes, rules: Rules) -> ScoreSheet:
    """The sheet of a CSV that `write` wrote for a game under `rules` (see `ScoreSheet.from_csv`)."""
    if not isinstance(rules, Rules):
        raise RulesError(f"rules {shown(rules)} must be a Rules value")
    players, rows = read(text, rules)
    try:
        sheet = cls(players, rules=rules, first_dealer=first_dealer(players, rows))
    except WizardRulesError as error:
        raise FormatError(f"{_WHAT}: {error}", german=f"{_WHAT_DE}: {error.german}") from None
    return replay(sheet, rows)


def first_dealer(players: Sequence[str], rows: Sequence[CsvRound]) -> int:
    """The seat that dealt round 1, from the first row's dealer (checked again with every row)."""
    if not rows or rows[0].dealer not in players:
        return 0
    return (list(players).index(rows[0].dealer) - rows[0].number + 1) % len(players)


def replay(sheet: ScoreSheet, rows: Sequence[CsvRound]) -> ScoreSheet:
    """`sheet` (empty) with every row recorded as a round, through the checks of `record`, then checked.

    Raises:
        FormatError: a row the rules do not allow, or one whose numbers do not add up.
    """
    for row in rows:
        try:
            sheet = sheet.record(
                bids=row.bids,
                blind=[seat for seat, is_blind in enumerate(row.blind) if is_blind],
                cloud=row.cloud,
                tricks=row.tricks,
                bombs=row.bombs,
                trump=row.trump,
            )
        except FormatError:
            raise
        except WizardRulesError as error:
            raise FormatError(
                f"{_WHAT} line {row.line}: {error}", german=f"{_WHAT_DE}, Zeile {row.line}: {error.german}"
            ) from None
    check_rows(sheet.players, sheet.rounds, rows)
    return sheet


def check_rows(players: Sequence[str], rounds: Sequence[Round], rows: Sequence[CsvRound]) -> None:
    """Refuse a CSV whose numbers, cards, dealers, points or totals differ from what its entries replay to."""
    running = [0] * len(players)
    for r, row in zip(rounds, rows, strict=True):
        where = f"{_WHAT} line {row.line}"
        where_de = f"{_WHAT_DE}, Zeile {row.line}"
        if (row.number, row.cards, row.dealer) != (r.number, r.cards, players[r.dealer]):
            raise FormatError(
                f"{where}: round {row.number} with {row.cards} cards dealt by {shown(row.dealer)}; "
                f"the game's round {r.number} deals {r.cards} cards, dealt by {players[r.dealer]} (R2.2, R2.5)",
                german=f"{where_de}: Runde {row.number} mit {row.cards} Karten, Geber {shown(row.dealer)}; "
                f"die Runde {r.number} des Spiels hat {r.cards} Karten, Geber {players[r.dealer]} (R2.2, R2.5)",
            )
        for seat, name in enumerate(players):
            running[seat] += r.points[seat]
            if row.points[seat] != r.points[seat]:
                raise FormatError(
                    f"{where}: {name}'s points {row.points[seat]} do not add up: "
                    f"bid {r.final_bids[seat]}, {r.tricks[seat]} tricks give {r.points[seat]:+d} (R6)",
                    german=f"{where_de}: die Punkte {row.points[seat]} von {name} stimmen nicht: "
                    f"Ansage {r.final_bids[seat]}, {r.tricks[seat]} Stiche ergeben {r.points[seat]:+d} (R6)",
                )
            if row.totals[seat] != running[seat]:
                raise FormatError(
                    f"{where}: {name}'s total {row.totals[seat]} does not add up: "
                    f"the points so far give {running[seat]}",
                    german=f"{where_de}: der Stand {row.totals[seat]} von {name} stimmt nicht: "
                    f"die Punkte bis hier ergeben {running[seat]}",
                )
