"""The narrow table for phones, `svg.table(columns=...)`: its layout, its refusals, and text that keeps its size.

A phone shows the narrow table at about its natural width (two panels a row: 296 px), so
every text in it is drawn at the layout's `font` (12) or more, in any phase, with special
cards, long names, five or six players and either language: where a text would not fit its
room at that size it is squeezed a little (`textLength`), broken into two lines, or cut short
with its whole text as the tooltip. The browser test (tests/test_tryit_browser.py) measures
the same on the page.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import attrs
import pytest

from wizardrules import (
    EDITION_2021,
    GameState,
    Language,
    Preset,
    Rules,
    Schedule,
    Variant,
    new_game,
    svg,
)
from wizardrules.svg import Layout, PictureError

NS = "{http://www.w3.org/2000/svg}"
LAYOUT = Layout()
LONG_NAMES = ["Alexandra-Marie", "Bartholomäus Zwölf", "Cem", "Dorothea von Bülow", "Ed", "Franziska-Xaverine"]


def narrow_width(columns: int) -> float:
    """The natural width of a narrow table of `columns` panels a row: the panels and the margins."""
    return columns * (LAYOUT.panel_width + LAYOUT.gap) - LAYOUT.gap + 2 * LAYOUT.margin


def drawn_sizes(picture: str) -> list[tuple[str, float]]:
    """Every `<text>` of the picture with the size it is drawn at: its font size times the scales around it."""
    root = ET.fromstring(picture)  # noqa: S314 - our own output
    found: list[tuple[str, float]] = []

    def walk(element: ET.Element, scale: float) -> None:
        for match in re.finditer(r"scale\(([-\d.]+)", element.get("transform", "")):
            scale *= float(match.group(1))
        if element.tag == f"{NS}text":
            words = (element.text or "") + "".join(child.tail or "" for child in element)
            found.append((words, float(element.get("font-size", "0")) * scale))
        for child in element:
            walk(child, scale)

    walk(root, 1.0)
    return found


def states(rng: random.Random, players: int, rules: Rules, names: list[str]) -> Iterator[GameState]:
    """Every state of one game of random legal actions, from the deal to its end."""
    state = new_game(names[:players], rules=rules, seed=rng.randrange(1000))
    yield state
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        yield state


_GAMES = [
    (3, Rules(schedule=Schedule.ladder(3, rounds=3)), False),
    (4, attrs.evolve(Preset.ANNIVERSARY_2021.rules(), schedule=Schedule.ladder(4, rounds=4)), True),
    (4, Rules(variants=Variant.CLAIRVOYANCE | Variant.BLIND_BIDS, schedule=Schedule.ladder(4, rounds=2)), True),
    (5, Rules(special_cards=EDITION_2021, schedule=Schedule.ladder(5, rounds=3)), True),
    (6, Rules(schedule=Schedule.ladder(6, rounds=10)), False),
]


@pytest.mark.parametrize("lang", list(Language))
@pytest.mark.parametrize(("players", "rules", "long_names"), _GAMES)
def test_every_text_of_the_narrow_table_keeps_its_size(
    players: int, rules: Rules, long_names: bool, lang: Language
) -> None:
    """Whatever the phase, cards and names, no text of the narrow table is below 12 px; it is as wide as its panels."""
    rng = random.Random(players * 10 + long_names)
    names = LONG_NAMES if long_names else ["Ann", "Ben", "Cem", "Dan", "Eve", "Flo"]
    checked = 0
    for state in states(rng, players, rules, names):
        view = state.view(rng.randrange(players))
        picture = svg.table(view, columns=2, lang=lang)
        small = [(words, size) for words, size in drawn_sizes(picture) if size < LAYOUT.font]
        assert small == [], view.to_text()
        assert float(ET.fromstring(picture).get("width", "0")) == narrow_width(2)  # noqa: S314
        checked += 1
    assert checked > 10


def test_the_wide_table_keeps_its_small_print() -> None:
    """The wide table, for a wide screen, still draws card names small (9) to fit them whole."""
    state = new_game(LONG_NAMES[:4], rules=Preset.ANNIVERSARY_2021.rules(), seed=2)
    sizes = [size for _, size in drawn_sizes(svg.table(state.view(0)))]
    assert min(sizes) < LAYOUT.font
    assert "textLength" not in svg.table(state.view(0))


def panel_places(picture: str) -> dict[int, tuple[float, float]]:
    """Each seat's panel: (x, y) of its box, x from the panel's rectangle, y from the row's translate."""
    root = ET.fromstring(picture)  # noqa: S314 - our own output
    places = {}
    for row in root.iter(f"{NS}g"):
        moved = re.match(r"translate\(0 ([-\d.]+)\)", row.get("transform", ""))
        for panel in row:
            seat = panel.get("data-seat")
            if moved and seat is not None:
                box = panel.find(f"{NS}rect")
                assert box is not None
                places[int(seat)] = (float(box.get("x", "0")), float(moved.group(1)))
    return places


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("columns", [1, 2, 3])
def test_columns_put_the_panels_in_rows(players: int, columns: int) -> None:
    """`columns` panels a row, seat by seat, left to right then down; the picture as wide as its panels."""
    state = new_game(players, seed=1)
    picture = svg.table(state.view(0), columns=columns)
    places = panel_places(picture)
    assert sorted(places) == list(range(players))
    per_row = min(columns, players)
    for seat, (x, y) in places.items():
        assert x == seat % per_row * (LAYOUT.panel_width + LAYOUT.gap)
        assert (y == places[0][1]) is (seat < per_row)
    rows = sorted({y for _, y in places.values()})
    assert len(rows) == -(-players // per_row)
    if per_row < players:
        assert float(ET.fromstring(picture).get("width", "0")) == narrow_width(per_row)  # noqa: S314


@pytest.mark.parametrize("players", [3, 4, 6])
def test_columns_as_many_as_the_players_is_the_wide_table(players: int) -> None:
    """`columns` of the players or more draws the one-row table, as `columns=None` does."""
    view = new_game(players, seed=2).view(1)
    wide = svg.table(view)
    assert svg.table(view, columns=players) == wide
    assert svg.table(view, columns=6) == wide


@pytest.mark.parametrize("columns", [0, -1, 7, 10**40, True, 2.0, "2", [2]])
def test_columns_that_are_no_count_of_panels_are_refused(columns: object) -> None:
    """`columns` is a whole number 1..6 or None: anything else is a PictureError naming it."""
    view = new_game(4, seed=1).view(0)
    with pytest.raises(PictureError, match=r"table columns .*: expected a whole number 1\.\.6 or None"):
        svg.table(view, columns=columns)  # type: ignore[arg-type]


def test_a_long_name_is_cut_short_with_its_whole_name_as_the_tooltip() -> None:
    """A name too long for its panel at 12 px is cut with an ellipsis; the tooltip keeps it whole."""
    name = "Maximiliane-Kunigunde"
    picture = svg.table(new_game([name, "Ben", "Cem", "Dan"], seed=1).view(1), columns=2)
    root = ET.fromstring(picture)  # noqa: S314 - our own output
    cut = [
        element
        for element in root.iter(f"{NS}text")
        if (element.findtext(f"{NS}title") == name and "…" in "".join(element.itertext()))
    ]
    assert cut
    assert all(float(element.get("font-size", "0")) >= LAYOUT.font for element in cut)
