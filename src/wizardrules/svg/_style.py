"""The look of the pictures: colours for light and dark pages, and every size in one place.

The colours are chosen to stay apart for red-green colour blindness: the suits take the
Okabe-Ito hues vermillion, yellow, bluish green and blue, and every suit also has its
symbol (R1.3). A picture carries the light colours as attributes, so any SVG renderer
draws it, and a `<style>` block switches to the dark colours on pages that prefer dark.
"""

from __future__ import annotations

import re
import zlib
from typing import Final

from attrs import evolve, field, frozen

from wizardrules._convert import as_tuple
from wizardrules.cards import Suit
from wizardrules.errors import WizardRulesError

__all__ = [
    "DARK",
    "DEFAULT_LAYOUT",
    "DEFAULT_THEME",
    "LIGHT",
    "Layout",
    "Painter",
    "Palette",
    "PictureError",
    "Theme",
]


class PictureError(WizardRulesError):
    """A picture asked for with options it cannot take (a size, colour, theme or value of the wrong kind),
    or one that cannot be written where asked."""


_HEX: Final = re.compile(r"#[0-9A-Fa-f]{6}")


def _colour(value: str) -> str:
    if not isinstance(value, str) or not _HEX.fullmatch(value):
        raise PictureError(f"colour {value!r:.40}: expected #RRGGBB")
    return value.upper()


def _colours(values: tuple[str, ...]) -> tuple[str, ...]:
    colours = tuple(_colour(v) for v in as_tuple(values, "players", PictureError))
    if len(colours) < 6:
        raise PictureError(f"players {values!r:.80}: need 6 colours, one per seat")
    return colours


@frozen(kw_only=True)
class Palette:
    """The colours of one scheme (light or dark), each `#RRGGBB`.

    Attributes:
        background: the picture's ground.
        ink: text and lines.
        muted: secondary text and axes.
        grid: the chart's grid and empty card slots.
        face: a card's face (cards stay light on dark pages too, as real cards are).
        face_ink: text on a card's face.
        edge: a card's outline.
        back: a card's back.
        accent: marks the winning card, the legal plays and the player to act.
        red: the red suit (and its symbol ▲).
        yellow: the yellow suit (●).
        green: the green suit (■).
        blue: the blue suit (◆).
        wizard: the frame of Wizards.
        jester: the frame of Jesters.
        special: the frame of the special cards (R8).
        players: the line colours of the score chart, by seat (6).

    Examples:
        >>> from wizardrules.svg import LIGHT
        >>> LIGHT.red, LIGHT.suit(Suit.BLUE)
        ('#D55E00', '#0072B2')
    """

    background: str = field(converter=_colour)
    ink: str = field(converter=_colour)
    muted: str = field(converter=_colour)
    grid: str = field(converter=_colour)
    face: str = field(converter=_colour)
    face_ink: str = field(converter=_colour)
    edge: str = field(converter=_colour)
    back: str = field(converter=_colour)
    accent: str = field(converter=_colour)
    red: str = field(converter=_colour)
    yellow: str = field(converter=_colour)
    green: str = field(converter=_colour)
    blue: str = field(converter=_colour)
    wizard: str = field(converter=_colour)
    jester: str = field(converter=_colour)
    special: str = field(converter=_colour)
    players: tuple[str, ...] = field(converter=_colours)

    def suit(self, suit: Suit) -> str:
        """The colour of `suit`."""
        return str(getattr(self, suit.name.lower()))

    def role(self, role: str) -> str:
        """The colour of a role name: a field (`"ink"`) or a player (`"player3"`)."""
        if role.startswith("player"):
            return self.players[int(role.removeprefix("player"))]
        return str(getattr(self, role))


LIGHT: Final = Palette(
    background="#FAFAF7",
    ink="#1F1F1F",
    muted="#5C5C5C",
    grid="#D4D4D0",
    face="#FFFFFF",
    face_ink="#1F1F1F",
    edge="#8A8A86",
    back="#34507A",
    accent="#111111",
    red="#D55E00",
    yellow="#F0E442",
    green="#009E73",
    blue="#0072B2",
    wizard="#332288",
    jester="#8C8C8C",
    special="#CC79A7",
    players=("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#000000"),
)
"""The default colours on light pages (Okabe-Ito suit and player hues)."""

DARK: Final = evolve(
    LIGHT,
    background="#1E1F22",
    ink="#ECECEC",
    muted="#A8A8A8",
    grid="#46484E",
    face="#F4F1EA",
    edge="#6E6E6E",
    back="#4A6290",
    accent="#FFFFFF",
    players=("#56B4E9", "#FF8C5A", "#2FBF8F", "#E38CC0", "#F0C23C", "#E0E0E0"),
)
"""The default colours on dark pages: a dark ground, light text, lighter chart lines."""


def _palette(value: Palette) -> Palette:
    if not isinstance(value, Palette):
        raise PictureError(f"palette {value!r:.60}: expected a Palette")
    return value


def _optional_palette(value: Palette | None) -> Palette | None:
    return None if value is None else _palette(value)


@frozen(kw_only=True)
class Theme:
    """The colours of a picture: `light`, and `dark` for pages that prefer dark (or `None`).

    Examples:
        >>> from wizardrules.svg import DARK, Theme
        >>> always_dark = Theme(light=DARK, dark=None)  # dark whatever the page prefers
        >>> always_dark.light.background
        '#1E1F22'
    """

    light: Palette = field(default=LIGHT, converter=_palette)
    dark: Palette | None = field(default=DARK, converter=_optional_palette)

    @property
    def key(self) -> str:
        """A short name for this theme, so pictures with other themes on one page keep their own style."""
        return f"wr-t{zlib.crc32(repr(self).encode()):08x}"


DEFAULT_THEME: Final = Theme()
"""Light colours, and dark ones where the page prefers dark."""


def _positive(instance: object, attribute: object, value: float) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < 10_000:
        raise PictureError(f"{getattr(attribute, 'name', 'size')} {value!r:.40}: expected a number above 0")


@frozen(kw_only=True)
class Layout:
    """Every size of the pictures, in SVG user units (CSS pixels at size 1).

    Attributes:
        card_width: a card's width.
        card_height: a card's height.
        card_radius: the rounding of a card's corners.
        frame: the width of a card's coloured frame.
        margin: the space around a picture.
        gap: the space between cards side by side.
        hand_step: how far apart overlapping cards of a hand are (the visible strip).
        fan_angle: degrees between neighbouring cards of a fanned hand (at most).
        lift: how far a winning card or a legal play is raised.
        font: the size of ordinary text.
        small_font: the size of small text (names on cards, notes).
        index_font: the size of a card's corner rank.
        big_font: the size of a card's centre rank (without symbols).
        title_font: the size of headings.
        symbol: the size of a card's centre symbol.
        index_symbol: the size of the small symbols (card corners, inline marks).
        panel_width: the width of a player's panel at the table.
        chart_width: the width of the score chart's plot area.
        chart_height: the height of the score chart's plot area.
        marker: the radius of the chart's round markers.
        line: the width of the chart's lines.
        winner_line: the width of the winner's line.
        char_width: the width of an average character, in ems, to place text after text.
    """

    card_width: float = field(default=60, validator=_positive)
    card_height: float = field(default=90, validator=_positive)
    card_radius: float = field(default=6, validator=_positive)
    frame: float = field(default=4, validator=_positive)
    margin: float = field(default=12, validator=_positive)
    gap: float = field(default=8, validator=_positive)
    hand_step: float = field(default=38, validator=_positive)
    fan_angle: float = field(default=7, validator=_positive)
    lift: float = field(default=12, validator=_positive)
    font: float = field(default=12, validator=_positive)
    small_font: float = field(default=9, validator=_positive)
    index_font: float = field(default=15, validator=_positive)
    big_font: float = field(default=28, validator=_positive)
    title_font: float = field(default=14, validator=_positive)
    symbol: float = field(default=24, validator=_positive)
    index_symbol: float = field(default=9, validator=_positive)
    panel_width: float = field(default=132, validator=_positive)
    chart_width: float = field(default=480, validator=_positive)
    chart_height: float = field(default=240, validator=_positive)
    marker: float = field(default=4, validator=_positive)
    line: float = field(default=2, validator=_positive)
    winner_line: float = field(default=3.5, validator=_positive)
    char_width: float = field(default=0.6, validator=_positive)

    def text_width(self, text: str, font: float) -> float:
        """The estimated width of `text` at `font` size (no font metrics in a plain SVG)."""
        return len(text) * font * self.char_width


DEFAULT_LAYOUT: Final = Layout()
"""The default sizes: 60 × 90 cards."""


class Painter:
    """Colours by role for one picture; remembers the roles used, for the dark style block.

    Each coloured element gets the light colour as an attribute and a class naming its role
    (`f-red`: fill red, `s-ink`: stroke ink); the style block maps the classes to the
    dark colours under `@media (prefers-color-scheme: dark)`.
    """

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self._used: dict[str, None] = {}

    def paint(self, *, fill: str | None = None, stroke: str | None = None) -> dict[str, str]:
        """Attributes that colour an element: `fill` and/or `stroke` roles, or `"none"`."""
        attrs: dict[str, str] = {}
        classes = []
        for prop, role in (("fill", fill), ("stroke", stroke)):
            if role is None:
                continue
            if role == "none":
                attrs[prop] = "none"
                continue
            attrs[prop] = self.theme.light.role(role)
            name = f"{prop[0]}-{role}"
            self._used[name] = None
            classes.append(name)
        if classes:
            attrs["class"] = " ".join(classes)
        return attrs

    def style(self) -> str:
        """The CSS of the roles used: the dark colours where the page prefers dark."""
        dark = self.theme.dark
        if dark is None or not self._used:
            return ""
        scope = self.theme.key
        rules = []
        for name in self._used:
            prop = "fill" if name[0] == "f" else "stroke"
            rules.append(f".{scope} .{name}{{{prop}:{dark.role(name[2:])}}}")
        return "@media (prefers-color-scheme: dark){" + "".join(rules) + "}"
