"""Drawing a trick: cards in play order under their players' names, trump and led suit,
the winner and the rule that decided it (R5.2, R5.4, R8.1, R8.9)."""

from __future__ import annotations

import textwrap
from typing import NamedTuple

from wizardrules.cards import Card, Language, Suit
from wizardrules.svg._cards import Drawing, Look, Mark, empty_slot, fit_text, marked_card, suit_mark, words
from wizardrules.svg._words import say
from wizardrules.svg._xml import Markup, group
from wizardrules.tricks import TrickDecision, led_suit

__all__ = ["TrickScene", "draw_trick", "sentence", "suit_line"]


class TrickScene(NamedTuple):
    """What a trick picture shows.

    Attributes:
        cards: the cards played, in play order.
        names: a label per place in the trick (the players' names), played or still to play.
        trump: the trump suit, `None` for none.
        decision: how the trick was decided, `None` while it is incomplete.
    """

    cards: tuple[Card, ...]
    names: tuple[str, ...]
    trump: Suit | None
    decision: TrickDecision | None


def suit_line(label: str, suit: Suit | None, none_text: str, look: Look, *, x: float, y: float) -> tuple[Markup, float]:
    """`label` then the suit's mark and name (or `none_text`) on one line with its top at y; and its width."""
    lay = look.layout
    head = f"{label}: "
    baseline = y + lay.font * 0.95
    parts = [words(head, look, x=x, y=baseline, role="muted")]
    after = x + lay.text_width(head, lay.font)
    if suit is None:
        name = none_text
    else:
        parts.append(suit_mark(suit, after, y - 1, look))
        after += lay.index_symbol * 1.6 + 4
        name = suit.display(look.lang)
    parts.append(words(name, look, x=after, y=baseline, bold=True))
    return group(parts), after + lay.text_width(name, lay.font) - x


def _capital(words: str) -> str:
    return words[:1].upper() + words[1:]


def sentence(scene: TrickScene, look: Look) -> tuple[str, ...]:
    """The trick's outcome in words: who wins with what and by which rule, or who is to play."""
    lang = look.lang
    decision = scene.decision
    if decision is None:
        if len(scene.cards) < len(scene.names):
            return (f"{scene.names[len(scene.cards)]} {say('to play', lang)}",)
        return (say("no cards yet", lang),)
    if decision.winner is None:
        leader = scene.names[decision.would_be_winner]
        return (_capital(decision.reason.display(lang)), f"{leader} {say('leads next', lang)}")
    card = scene.cards[decision.winner]
    who = f"{scene.names[decision.winner]} {say('wins', lang)} {say('with', lang)} {card.display(lang)}"
    return (who, _capital(decision.reason.display(lang)))


def _note(scene: TrickScene, i: int, lang: Language) -> tuple[str, bool]:
    """The word under place `i` (its place in play order, or what happens there), and whether it stands out."""
    decision = scene.decision
    if decision is not None and decision.winner == i:
        return say("wins", lang), True
    if decision is not None and decision.winner is None and decision.would_be_winner == i:
        return say("leads next", lang), True
    if decision is None and i == len(scene.cards):
        return say("to play", lang), True
    return str(i + 1), False


def draw_trick(scene: TrickScene, look: Look, *, width: float | None = None) -> Drawing:
    """The trick with its header (trump, led suit), names, cards, notes and the outcome in words.

    Within `width` (the narrow table), the places wrap into rows, the led suit goes under the
    trump, and the outcome's words wrap into lines.
    """
    lay = look.layout
    lang = look.lang
    places = max(1, len(scene.names))
    step = lay.card_width + lay.gap
    per_row = places if width is None else max(1, min(places, int((width + lay.gap) // step)))
    trump_line, trump_width = suit_line(say("Trump", lang), scene.trump, say("no trump", lang), look, x=0, y=0)
    led = led_suit(scene.cards)
    led_x = trump_width + 2 * lay.gap
    led_y = 0.0
    led_width = suit_line(say("Led", lang), led, say("no suit", lang), look, x=0, y=0)[1]
    if width is not None and led_x + led_width > width:
        led_x, led_y = 0.0, lay.font * 1.6
    led_line, led_width = suit_line(say("Led", lang), led, say("no suit", lang), look, x=led_x, y=led_y)
    top = led_y + lay.font * 1.6 + lay.gap
    name_y = top + lay.font
    card_y = name_y + 6 + lay.lift
    note_y = card_y + lay.card_height + lay.font + 4
    row_height = note_y - top + lay.gap * 2
    parts = [trump_line, led_line]
    for i in range(places):
        x = i % per_row * step
        down = i // per_row * row_height
        parts.extend(_place(scene, i, look, x=x, name_y=name_y + down, card_y=card_y + down, note_y=note_y + down))
    said = sentence(scene, look)
    chars = None if width is None else max(8, int(width // (lay.text_width("x", lay.font) * 1.1)))
    # the first sentence in bold; within a width, each wrapped at the characters it holds (as estimated for bold)
    lines = [
        (part, j == 0)
        for j, line in enumerate(said)
        for part in ([line] if chars is None else textwrap.wrap(line, chars) or [""])
    ]
    line_y = note_y + (places - 1) // per_row * row_height + lay.gap + lay.font
    parts += [words(line, look, x=0, y=line_y + k * lay.font * 1.35, bold=bold) for k, (line, bold) in enumerate(lines)]
    cards_width = per_row * step - lay.gap
    lines_width = max(lay.text_width(line, lay.font) * (1.1 if bold else 1) for line, bold in lines)
    drawn = max(cards_width, led_x + led_width, trump_width, lines_width)
    height = line_y + (len(lines) - 1) * lay.font * 1.35 + lay.font * 0.4
    return Drawing(group(parts), drawn, height)


def _place(
    scene: TrickScene, i: int, look: Look, *, x: float, name_y: float, card_y: float, note_y: float
) -> list[Markup]:
    lay = look.layout
    centre = x + lay.card_width / 2
    name = scene.names[i] if i < len(scene.names) else ""
    room = lay.card_width if look.least else lay.card_width + lay.gap - 2  # names kept large keep a gap between
    shown, font, length = fit_text(name, room, lay.font, look)
    parts = [words(shown, look, x=centre, y=name_y, size=font, anchor="middle", title=name, length=length)]
    note, notable = _note(scene, i, look.lang)
    if i < len(scene.cards):
        mark = Mark.RAISED if notable else Mark.PLAIN
        parts.append(marked_card(scene.cards[i], look, x=x, y=card_y, mark=mark))
    else:
        parts.append(empty_slot(look, x=x, y=card_y))
    role = "ink" if notable else "muted"
    parts.append(
        words(note, look, x=centre, y=note_y, size=lay.small_font + 1, role=role, bold=notable, anchor="middle")
    )
    return parts
