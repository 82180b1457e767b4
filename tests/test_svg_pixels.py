"""The pictures rendered to pixels (resvg) and checked where people look: colours, symbols, lines.

A red card has red pixels in the shape of red's symbol (R1.3), every suit's symbol has its
own shape, and the score chart's lines end at the pixel rows of the players' totals (R6.3),
measured against the chart's own zero line and scale. Skipped without the test extras
`resvg-py` and `pillow`.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest
from attrs import frozen

from wizardrules import Card, Language, Rules, Schedule, ScoreSheet, Suit, new_game, parse_cards, svg
from wizardrules.svg import DARK, DEFAULT_LAYOUT, LIGHT, Theme

resvg_py = pytest.importorskip("resvg_py", reason='needs the extra test: pip install -e ".[test]"')
pytest.importorskip("PIL", reason='needs the extra test: pip install -e ".[test]"')
from PIL import Image  # noqa: E402 - only once the skip above has passed

NS = "{http://www.w3.org/2000/svg}"
RGB = tuple[int, int, int]


@frozen
class Raster:
    """An image's RGB pixels, row by row."""

    width: int
    height: int
    data: bytes

    def at(self, x: int, y: int) -> RGB:
        """The pixel at (x, y)."""
        i = 3 * (y * self.width + x)
        return self.data[i], self.data[i + 1], self.data[i + 2]

    @property
    def box(self) -> tuple[int, int, int, int]:
        """The whole image as a box (left, top, right, bottom)."""
        return 0, 0, self.width, self.height

    def count(self, colour: str, tolerance: int = 40) -> int:
        """How many pixels have `colour`."""
        return sum(map(sum, mask(self, colour, self.box, tolerance)))


def render(picture: str) -> Raster:
    """The picture as RGB pixels, drawn by resvg on a white ground."""
    png = resvg_py.svg_to_bytes(svg_string=picture, background="#ffffff")
    image = Image.open(io.BytesIO(bytes(png))).convert("RGB")
    return Raster(image.width, image.height, image.tobytes())


def rgb(colour: str) -> RGB:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def near(pixel: RGB, colour: str, tolerance: int = 40) -> bool:
    return sum(abs(a - b) for a, b in zip(pixel, rgb(colour), strict=True)) <= tolerance


def mask(image: Raster, colour: str, box: tuple[int, int, int, int], tolerance: int = 40) -> list[list[bool]]:
    """Rows of the box (left, top, right, bottom): where the pixels have `colour`."""
    left, top, right, bottom = box
    return [[near(image.at(x, y), colour, tolerance) for x in range(left, right)] for y in range(top, bottom)]


def row_widths(rows: list[list[bool]]) -> list[int]:
    """The coloured width of each row that has colour, top to bottom."""
    return [sum(row) for row in rows if any(row)]


def shape_of(widths: list[int]) -> str:
    """Tell the four symbols apart by how their width runs from top to bottom."""
    widest = max(widths)
    widest_at = widths.index(widest) / len(widths)
    quarter = widths[len(widths) // 4] / widest
    if widest_at > 0.7:
        return "triangle"
    if quarter > 0.95:
        return "square"
    return "circle" if quarter > 0.7 else "diamond"


SCALE = 4


def centre_box() -> tuple[int, int, int, int]:
    """The card's centre symbol's box, in pixels of a card drawn SCALE times its natural size."""
    lay = DEFAULT_LAYOUT
    half = lay.symbol * 0.75
    cx, cy = 1 + lay.card_width / 2, 1 + lay.card_height / 2 + 2
    return int((cx - half) * SCALE), int((cy - half) * SCALE), int((cx + half) * SCALE), int((cy + half) * SCALE)


@pytest.mark.parametrize(
    ("suit", "shape"),
    [(Suit.RED, "triangle"), (Suit.YELLOW, "circle"), (Suit.GREEN, "square"), (Suit.BLUE, "diamond")],
)
def test_r1_3_a_card_has_its_suits_colour_in_the_shape_of_its_symbol(suit: Suit, shape: str) -> None:
    """R1.3: a red card has red pixels, and the red ones in the middle form a triangle (▲);
    yellow a circle (●), green a square (■), blue a diamond (◆); no other suit's colour shows."""
    card = Card.suited(suit, 7)
    width = (DEFAULT_LAYOUT.card_width + 2) * SCALE
    image = render(svg.card(card, size=width))
    colour = LIGHT.suit(suit)
    widths = row_widths(mask(image, colour, centre_box()))
    assert len(widths) > 15 * SCALE
    assert shape_of(widths) == shape
    assert image.count(colour) > 0.15 * image.width * image.height  # the frame and the symbols
    for other in Suit:
        if other is not suit:
            assert image.count(LIGHT.suit(other)) == 0


def test_r1_3_without_symbols_the_colour_still_shows() -> None:
    """R1.3: symbols=False draws no symbol, but the frame keeps the suit's colour."""
    width = (DEFAULT_LAYOUT.card_width + 2) * SCALE
    image = render(svg.card(Card.parse("R7"), size=width, symbols=False))
    assert not row_widths(mask(image, LIGHT.red, centre_box()))
    assert image.count(LIGHT.red) > 0.1 * image.width * image.height


def test_r8_2_a_declared_cloud_shows_its_suits_symbol() -> None:
    """R8.2: `CLOUD:B` is blue with the blue diamond in the middle."""
    width = (DEFAULT_LAYOUT.card_width + 2) * SCALE
    image = render(svg.card(Card.parse("CLOUD:B"), size=width))
    assert shape_of(row_widths(mask(image, LIGHT.blue, centre_box()))) == "diamond"


def test_a_dark_theme_draws_a_dark_ground_and_light_text() -> None:
    """Theme(light=DARK, dark=None) draws dark everywhere: the ground and the ink are DARK's."""
    picture = svg.trick(parse_cards("B9 W G13 W"), trump=Suit.GREEN, theme=Theme(light=DARK, dark=None))
    image = render(picture)
    assert near(image.at(image.width // 2, 4), DARK.background, 6)
    assert image.count(DARK.ink, 30) > 100  # the words


def chart_sheet() -> ScoreSheet:
    rules = Rules(schedule=Schedule.ladder(3, rounds=5))
    sheet = ScoreSheet(players=["Ann", "Ben", "Cem"], rules=rules)
    for bids, tricks in [([1, 0, 0], [1, 0, 0]), ([2, 0, 1], [2, 0, 0]), ([0, 3, 1], [1, 1, 1])]:
        sheet = sheet.record(bids=bids, tricks=tricks)
    sheet = sheet.record(bids=[4, 0, 0], tricks=[4, 0, 0])
    return sheet.record(bids=[0, 5, 0], tricks=[0, 5, 0])


def grid(root: ET.Element) -> dict[int, float]:
    """The chart's horizontal grid lines: points → y, read off the tick labels beside them."""
    labels = {}
    for el in root.iter(f"{NS}text"):
        if el.get("text-anchor") == "end" and (el.text or "").lstrip("-").isdigit():
            labels[float(el.get("y", "0"))] = int(el.text or "0")
    lines = [
        float(el.get("y1", "0"))
        for el in root.iter(f"{NS}line")
        if el.get("y1") == el.get("y2") and el.get("x1") != el.get("x2")
    ]
    ticks = {}
    for label_y, points in labels.items():
        ticks[points] = min(lines, key=lambda y: abs(y - label_y))
    return ticks


def test_r6_3_the_chart_lines_end_at_the_players_totals() -> None:
    """R6.3: each line's end is drawn in the player's colour at the height of their total on the
    chart's scale: the zero line minus total × (plot height ÷ the span of the ticks)."""
    sheet = chart_sheet()
    assert len(set(sheet.totals)) == 3
    picture = svg.scores(sheet)
    root = ET.fromstring(picture)  # noqa: S314 - our own output
    ticks = grid(root)
    plot_height = DEFAULT_LAYOUT.chart_height
    per_point = plot_height / (max(ticks) - min(ticks))
    assert ticks[max(ticks)] == pytest.approx(ticks[min(ticks)] - plot_height)
    margin = DEFAULT_LAYOUT.margin
    image = render(picture)
    for seat, name in enumerate(sheet.players):
        line = next(el for el in root.iter() if el.get("data-player") == name)
        end_x = float((line.find(f"{NS}polyline").get("points") or "").split()[-1].split(",")[0])  # type: ignore[union-attr]
        expected_y = ticks[0] - sheet.totals[seat] * per_point
        x, y = round(margin + end_x), round(margin + expected_y)
        colour = LIGHT.players[seat]
        window = [image.at(x + dx, y + dy) for dx in range(-2, 3) for dy in range(-2, 3)]
        assert sum(near(p, colour) for p in window) >= 12, (name, sheet.totals[seat], window)
        above = [image.at(x + dx, y - 14) for dx in range(-2, 3)]
        assert not any(near(p, colour) for p in above)


def test_the_table_renders_with_its_cards() -> None:
    """The table picture renders: the hand's suit colours appear in the pixels (German words)."""
    state = new_game(["Ann", "Ben", "Cem"], seed=3)
    view = state.view(0)
    image = render(svg.table(view, lang=Language.DE))
    assert view.hand is not None
    for card in view.hand:
        if card.suit is not None:
            assert image.count(LIGHT.suit(card.suit)) > 0
