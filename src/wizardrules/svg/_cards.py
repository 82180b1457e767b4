"""Drawing cards: faces with colour and symbol (R1.3), names (R1.3), declarations (R8), backs.

A face is drawn at the origin, `layout.card_width` × `layout.card_height`, and placed with
a transform. Suit symbols are drawn as shapes, not font glyphs, so they look the same in
every renderer: ▲ red, ● yellow, ■ green, ◆ blue (`Suit.symbol`).
"""

from __future__ import annotations

import enum
import math
from typing import Final, NamedTuple

from wizardrules.cards import Card, CardKind, Language, Suit
from wizardrules.svg._style import Layout, Painter
from wizardrules.svg._words import say
from wizardrules.svg._xml import Markup, el, group, num, text, tooltip

__all__ = [
    "Drawing",
    "Look",
    "Mark",
    "card_back",
    "card_face",
    "empty_slot",
    "fit_font",
    "fit_text",
    "hand_fan",
    "hand_row",
    "heading",
    "marked_card",
    "suit_mark",
    "suit_shape",
    "words",
]

_VALUES: Final = {CardKind.CLOUD: "9¾", CardKind.JUGGLER: "7½"}
_GERMAN_LETTER: Final = {CardKind.WIZARD: "Z", CardKind.JESTER: "N"}


class Look(NamedTuple):
    """How one picture draws: its colours, sizes, language and whether suits get symbols.

    `least` is the smallest text it writes (0: no floor). The narrow table, for a phone, keeps
    every text at the layout's `font` or more: a text that would be smaller to fit its room
    is squeezed a little instead (`textLength`), and shortened with an ellipsis beyond that.
    """

    painter: Painter
    layout: Layout
    lang: Language
    symbols: bool
    least: float = 0.0


_SQUEEZE: Final = 0.8
"""The narrowest a text is squeezed to fit its room, as a share of its natural width."""


def fit_font(content: str, width: float, font: float, layout: Layout) -> float:
    """The font size at which `content` fits into `width`, at most `font`."""
    return min(font, width / max(1.0, layout.text_width(content, 1)))


def fit_text(content: str, width: float, font: float, look: Look) -> tuple[str, float, float | None]:
    """`content` fitted into `width`: the text to write, its size and the width to squeeze it to (or `None`).

    Without a floor (`look.least`), the size shrinks until the text fits. With one, the size
    stays at the floor or more; a text still too wide is squeezed to at most `_SQUEEZE` of
    its width, and one too wide even then is cut short with an ellipsis (the whole text is
    the element's tooltip, where the caller gives one).
    """
    lay = look.layout
    size = fit_font(content, width, font, lay)
    if size >= look.least:
        return content, size, None
    size = look.least
    shown = content
    for end in range(len(content) - 1, 0, -1):
        if lay.text_width(shown, size) * _SQUEEZE <= width:
            break
        shown = content[:end].rstrip() + "…"
    natural = lay.text_width(shown, size)
    return shown, size, min(width, natural) if natural > width else None


def words(
    content: str,
    look: Look,
    *,
    x: float,
    y: float,
    size: float | None = None,
    role: str = "ink",
    bold: bool = False,
    anchor: str = "start",
    title: str | None = None,
    length: float | None = None,
) -> Markup:
    """A line of text with its baseline at y, in the colour of `role`, `size` (default: the layout's font).

    The size is at least the look's floor (`least`); `length` squeezes the text to that width.
    """
    font = max(size or look.layout.font, look.least)
    attrs: dict[str, object] = {"x": x, "y": y, "font-size": font, **look.painter.paint(fill=role)}
    if length is not None:
        attrs |= {"textLength": length, "lengthAdjust": "spacingAndGlyphs"}
    if bold:
        attrs["font-weight"] = "bold"
    if anchor != "start":
        attrs["text-anchor"] = anchor
    return text(content, attrs, title=title)


def heading(content: str, look: Look) -> Markup:
    """A picture's heading, on its first line."""
    return words(content, look, x=0, y=look.layout.title_font, size=look.layout.title_font, bold=True)


def _points(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in points)


def suit_shape(suit: Suit, cx: float, cy: float, size: float, painter: Painter) -> Markup:
    """The symbol of `suit` (▲ ● ■ ◆) centred on (cx, cy), about `size` across, in the suit's colour."""
    paint = {**painter.paint(fill=suit.name.lower(), stroke="edge"), "stroke-width": max(0.5, size / 30)}
    h = size / 2
    if suit is Suit.RED:
        shape = el(
            "polygon", {"points": _points([(cx, cy - h), (cx + h, cy + h * 0.8), (cx - h, cy + h * 0.8)]), **paint}
        )
    elif suit is Suit.YELLOW:
        shape = el("circle", {"cx": cx, "cy": cy, "r": h * 0.9, **paint})
    elif suit is Suit.GREEN:
        shape = el("rect", {"x": cx - h * 0.8, "y": cy - h * 0.8, "width": h * 1.6, "height": h * 1.6, **paint})
    else:
        shape = el(
            "polygon",
            {"points": _points([(cx, cy - h), (cx + h * 0.75, cy), (cx, cy + h), (cx - h * 0.75, cy)]), **paint},
        )
    return group([shape], {"data-suit": suit.letter})


def suit_mark(suit: Suit, x: float, y: float, look: Look) -> Markup:
    """A suit's symbol on a small card-coloured chip at (x, y), the chip's top left, for use beside text."""
    size = look.layout.index_symbol * 1.6
    chip = el(
        "rect",
        {"x": x, "y": y, "width": size, "height": size, "rx": 2, **look.painter.paint(fill="face", stroke="edge")},
    )
    if not look.symbols:
        swatch = {"x": x + 2, "y": y + 2, "width": size - 4, "height": size - 4, "rx": 1}
        return group([chip, el("rect", {**swatch, **look.painter.paint(fill=suit.name.lower())})])
    return group([chip, suit_shape(suit, x + size / 2, y + size / 2, size * 0.72, look.painter)])


def _star(cx: float, cy: float, size: float) -> str:
    points = []
    for i in range(10):
        radius = size / 2 if i % 2 == 0 else size / 5
        angle = math.pi * i / 5 - math.pi / 2
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return _points(points)


def _hat(cx: float, cy: float, size: float, painter: Painter) -> Markup:
    """A jester's hat: three points, each with a bell."""
    s = size / 2
    tips = [(cx - s, cy - s * 0.7), (cx, cy - s), (cx + s, cy - s * 0.7)]
    outline = [(cx - s * 0.8, cy + s * 0.5), tips[0], (cx - s * 0.3, cy), tips[1], (cx + s * 0.3, cy), tips[2]]
    outline.append((cx + s * 0.8, cy + s * 0.5))
    paint = painter.paint(fill="jester")
    bells = [el("circle", {"cx": x, "cy": y, "r": size / 11, **paint}) for x, y in tips]
    return group([el("polygon", {"points": _points(outline), **paint}), *bells])


def _emblem(kind: CardKind, cx: float, cy: float, size: float, look: Look, *, initial: str) -> Markup:
    """The centre picture of a Wizard (a star), a Jester (a hat) or a special card (its initial in a ring)."""
    if kind is CardKind.WIZARD:
        return el("polygon", {"points": _star(cx, cy, size * 1.25), **look.painter.paint(fill="wizard")})
    if kind is CardKind.JESTER:
        return _hat(cx, cy + size * 0.1, size, look.painter)
    ring = el(
        "circle",
        {
            "cx": cx,
            "cy": cy,
            "r": size * 0.55,
            "stroke-width": 2.5,
            **look.painter.paint(fill="none", stroke="special"),
        },
    )
    letter = {
        "x": cx,
        "y": cy + size * 0.22,
        "font-size": size * 0.62,
        "font-weight": "bold",
        "text-anchor": "middle",
        **look.painter.paint(fill="face_ink"),
    }
    return group([ring, text(initial, letter)])


def _frame_role(card: Card) -> str:
    if card.suit is not None:
        return card.suit.name.lower()
    role = card.role if card.kind is CardKind.SHAPESHIFTER and card.role is not None else card.kind
    if role is CardKind.WIZARD:
        return "wizard"
    if role is CardKind.JESTER:
        return "jester"
    return "special"


def _index_text(card: Card, lang: Language) -> str:
    """The corner index: the rank, 9¾ or 7½ for a declared Cloud or Juggler, W/J (German Z/N) for a role."""
    if card.kind is CardKind.SUIT:
        return str(card.rank)
    if card.suit is not None:
        return _VALUES[card.kind]
    role = card.role if card.kind is CardKind.SHAPESHIFTER else card.kind
    if role in _GERMAN_LETTER:
        return _GERMAN_LETTER[role] if lang is Language.DE else role.value
    return ""


def _index(card: Card, look: Look) -> list[Markup]:
    lay = look.layout
    label = _index_text(card, look.lang)
    if not label:
        return []
    cx = lay.frame + 2 + lay.index_font * 0.6
    font = lay.index_font if label.isdigit() or len(label) == 1 else lay.index_font * 0.8
    attrs = {
        "x": cx,
        "y": lay.frame + 2 + font * 0.85,
        "font-size": font,
        "font-weight": "bold",
        "text-anchor": "middle",
    }
    parts = [text(label, {**attrs, **look.painter.paint(fill="face_ink")})]
    if card.suit is not None and look.symbols:
        cy = lay.frame + 4 + font + lay.index_symbol / 2
        parts.append(suit_shape(card.suit, cx, cy, lay.index_symbol, look.painter))
    return parts


_BROKEN: Final = {"Shapeshifter": ("Shape-", "shifter"), "Gestaltwandler": ("Gestalt-", "wandler")}
"""The long names, broken into two lines where a card keeps its text large (the narrow table)."""


def _name(card: Card, look: Look, strip: float | None) -> list[Markup]:
    """The card's name along the bottom edge (Wizards, Jesters and special cards); a
    declared Shapeshifter adds its role on a second line. On a card the next one covers,
    the name keeps to the `strip` left in sight.

    With a floor on the text's size (`look.least`, the narrow table) the name keeps that
    size: a long name takes two lines, the role is left to the corner's letter and the
    frame's colour, and a covered card whose name does not fit its strip shows none (its
    corner or emblem tells it, and its tooltip names it)."""
    lay = look.layout
    name = card.undeclared.display(look.lang)
    lines = [name]
    if card.kind is CardKind.SHAPESHIFTER and card.role is not None and not look.least:
        role = Card.WIZARD if card.role is CardKind.WIZARD else Card.JESTER
        lines.append(f"{say('as', look.lang)} {role.display(look.lang)}")
    covered = strip is not None and strip < lay.card_width
    room = strip if covered and strip is not None else lay.card_width
    width = max(room - (1 if covered else 2) * lay.frame - 4, 1.0)
    if look.least and lay.text_width(name, look.least) * _SQUEEZE > width:
        if covered:
            return []
        lines = list(_BROKEN.get(name, lines))
    fitted = [fit_text(line, width, lay.small_font, look) for line in lines]
    font = min(size for _, size, _ in fitted)
    bottom = lay.card_height - lay.frame - 4
    x, anchor = (lay.frame + 2, "start") if covered else (lay.card_width / 2, "middle")
    parts = []
    for i, (line, _, length) in enumerate(fitted):
        y = bottom - (len(lines) - 1 - i) * font * 1.2
        attrs: dict[str, object] = {"x": x, "y": y, "font-size": font, "text-anchor": anchor}
        if length is not None:
            attrs |= {"textLength": length, "lengthAdjust": "spacingAndGlyphs"}
        parts.append(text(line, {**attrs, **look.painter.paint(fill="face_ink")}))
    return parts


def _centre(card: Card, look: Look) -> list[Markup]:
    lay = look.layout
    cx, cy = lay.card_width / 2, lay.card_height / 2
    if card.suit is not None and look.symbols:
        return [suit_shape(card.suit, cx, cy + 2, lay.symbol, look.painter)]
    if card.kind is CardKind.SUIT or card.suit is not None:
        value = _index_text(card, look.lang)
        attrs = {
            "x": cx,
            "y": cy + lay.big_font * 0.35,
            "font-size": lay.big_font,
            "font-weight": "bold",
            "text-anchor": "middle",
        }
        return [text(value, {**attrs, **look.painter.paint(fill="face_ink")})]
    kind = card.role if card.kind is CardKind.SHAPESHIFTER and card.role is not None else card.kind
    initial = card.undeclared.display(look.lang)[0]
    return [_emblem(kind, cx, cy - 2, lay.symbol, look, initial=initial)]


def _card_box(lay: Layout) -> dict[str, float]:
    return {"width": lay.card_width, "height": lay.card_height, "rx": lay.card_radius}


def _outline(look: Look, *, fill: str, stroke: str) -> Markup:
    return el("rect", {**_card_box(look.layout), **look.painter.paint(fill=fill, stroke=stroke)})


def card_face(
    card: Card,
    look: Look,
    *,
    x: float = 0,
    y: float = 0,
    attrs: dict[str, str] | None = None,
    strip: float | None = None,
) -> Markup:
    """The face of `card` with its top left at (x, y), in a group that names the card (`data-card`).

    `strip`: how much of the card's width is in sight when the next card of a hand covers the rest.
    """
    lay = look.layout
    inset = lay.frame / 2
    frame = {
        "x": inset,
        "y": inset,
        "width": lay.card_width - 2 * inset,
        "height": lay.card_height - 2 * inset,
        "rx": max(0.0, lay.card_radius - inset),
        "stroke-width": lay.frame,
        **look.painter.paint(fill="none", stroke=_frame_role(card)),
    }
    parts = [_outline(look, fill="face", stroke="none"), el("rect", frame), _outline(look, fill="none", stroke="edge")]
    parts += [*_index(card, look), *_centre(card, look)]
    if card.kind is CardKind.SUIT:
        corner = f"rotate(180 {num(lay.card_width / 2)} {num(lay.card_height / 2)})"
        parts.append(group(_index(card, look), {"transform": corner}))
    else:
        parts.extend(_name(card, look, strip))
    title = tooltip(card.display(look.lang))
    place = {"transform": f"translate({num(x)} {num(y)})"} if (x, y) != (0, 0) else {}
    return group([title, *parts], {**place, "data-card": str(card), **(attrs or {})})


def card_back(look: Look, *, x: float = 0, y: float = 0) -> Markup:
    """A card's back at (x, y): a hidden card, with nothing that tells which."""
    lay = look.layout
    inset = lay.frame + 2
    inner = {
        "x": inset,
        "y": inset,
        "width": lay.card_width - 2 * inset,
        "height": lay.card_height - 2 * inset,
        "rx": max(0.0, lay.card_radius - 2),
        "stroke-width": 1.2,
        **look.painter.paint(fill="none", stroke="face"),
    }
    star = {"points": _star(lay.card_width / 2, lay.card_height / 2, lay.symbol), **look.painter.paint(fill="face")}
    parts = [_outline(look, fill="back", stroke="edge"), el("rect", inner), el("polygon", star)]
    place = {"transform": f"translate({num(x)} {num(y)})"} if (x, y) != (0, 0) else {}
    return group(parts, {**place, "data-back": "true", "opacity": 0.95})


class Drawing(NamedTuple):
    """Markup drawn from the origin, and the width and height it takes."""

    body: Markup
    width: float
    height: float

    def at(self, x: float, y: float) -> Markup:
        """The drawing moved to (x, y)."""
        return group([self.body], {"transform": f"translate({num(x)} {num(y)})"})


class Mark(enum.Enum):
    """How a card stands out: not at all, raised and ringed (a legal play, the winner), or dimmed."""

    PLAIN = "plain"
    RAISED = "raised"
    DIMMED = "dimmed"


def marked_card(
    card: Card, look: Look, *, x: float, y: float, mark: Mark = Mark.PLAIN, strip: float | None = None
) -> Markup:
    """`card` at (x, y); a raised card is lifted by `layout.lift` and ringed in the accent colour, a
    dimmed one stays opaque under a veil of the ground's colour (so the cards it overlaps do not show through)."""
    lay = look.layout
    if mark is Mark.DIMMED:
        veil = el("rect", {**_card_box(lay), "fill-opacity": "0.55", **look.painter.paint(fill="background")})
        place = f"translate({num(x)} {num(y)})"
        return group([card_face(card, look, strip=strip), veil], {"transform": place, "data-dimmed": "true"})
    if mark is Mark.PLAIN:
        return card_face(card, look, x=x, y=y, strip=strip)
    pad = 3.0
    ring = {
        "x": -pad,
        "y": -pad,
        "width": lay.card_width + 2 * pad,
        "height": lay.card_height + 2 * pad,
        "rx": lay.card_radius + pad,
        "stroke-width": 2,
        **look.painter.paint(fill="none", stroke="accent"),
    }
    face = card_face(card, look, strip=strip)
    place = f"translate({num(x)} {num(y - lay.lift)})"
    return group([el("rect", ring), face], {"transform": place, "data-raised": "true"})


def _mark(card: Card, legal: frozenset[Card] | None) -> Mark:
    if legal is None:
        return Mark.PLAIN
    return Mark.RAISED if card in legal else Mark.DIMMED


def hand_row(
    cards: tuple[Card, ...], look: Look, *, legal: frozenset[Card] | None, width: float | None = None
) -> Drawing:
    """The cards side by side, overlapping so each card's corner index shows; an empty hand an empty place.

    Given a `width` to fill, the cards spread over it (overlapping less, at most a gap apart).
    """
    lay = look.layout
    lift = lay.lift if legal is not None else 0.0
    pad = 4.0 if legal is not None else 1.0
    step = lay.hand_step
    if width is not None and len(cards) > 1:
        spread = (width - 2 * pad - lay.card_width) / (len(cards) - 1)
        step = max(lay.hand_step, min(lay.card_width + lay.gap, spread))
    parts = [] if cards else [empty_slot(look, x=pad, y=pad + lift)]
    for i, card in enumerate(cards):
        strip = step if i < len(cards) - 1 else None
        x = pad + i * step
        parts.append(marked_card(card, look, x=x, y=pad + lift, mark=_mark(card, legal), strip=strip))
    width = 2 * pad + max(0, len(cards) - 1) * step + lay.card_width
    return Drawing(group(parts), width, 2 * pad + lift + lay.card_height)


def hand_fan(cards: tuple[Card, ...], look: Look, *, legal: frozenset[Card] | None) -> Drawing:
    """The cards fanned as held: each turned about a point below the hand."""
    lay = look.layout
    n = len(cards)
    if n == 0:
        return hand_row(cards, look, legal=legal)
    step = min(lay.fan_angle, 70 / (n - 1)) if n > 1 else 0.0
    radius = lay.card_height * 2.5
    pad = 4.0
    placed = []
    corners = []
    for i, card in enumerate(cards):
        angle = (i - (n - 1) / 2) * step
        lift = lay.lift if _mark(card, legal) is Mark.RAISED else 0.0
        placed.append((card, angle))
        for cx, cy in ((0, 0), (lay.card_width, 0), (0, lay.card_height), (lay.card_width, lay.card_height)):
            corners.append(_turn(cx - lay.card_width / 2, cy - radius - lift, angle))
    left = min(x for x, _ in corners) - pad
    top = min(y for _, y in corners) - pad
    parts = []
    for card, angle in placed:
        face = marked_card(card, look, x=-lay.card_width / 2, y=-radius, mark=_mark(card, legal))
        turn = f"translate({num(-left)} {num(-top)}) rotate({num(angle)})"
        parts.append(group([face], {"transform": turn}))
    width = max(x for x, _ in corners) + pad - left
    height = max(y for _, y in corners) + pad - top
    return Drawing(group(parts), width, height)


def _turn(x: float, y: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a)


def empty_slot(look: Look, *, x: float, y: float) -> Markup:
    """A dashed outline where a card will go."""
    lay = look.layout
    box = {"x": x, "y": y, "width": lay.card_width, "height": lay.card_height, "rx": lay.card_radius}
    return el(
        "rect",
        {**box, "stroke-dasharray": "4 3", "stroke-width": 1.2, **look.painter.paint(fill="none", stroke="muted")},
    )
