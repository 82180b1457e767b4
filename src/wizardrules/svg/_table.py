"""Drawing the table as one player sees it, from a `PlayerView` and nothing else (R4.3-R4.5).

Every card drawn comes from a field of the view: the player's hand, the hands a
clairvoyant player sees, the turned-up card and the current trick. Other hands are card
backs and a count, so the picture can show no more than the view holds.
"""

from __future__ import annotations

from wizardrules.cards import Card, Language
from wizardrules.engine import Phase, PlayerView
from wizardrules.rules import Variant
from wizardrules.scoring import winners
from wizardrules.svg._cards import Drawing, Look, card_back, card_face, fit_text, hand_row, heading, words
from wizardrules.svg._trick import TrickScene, draw_trick, suit_line
from wizardrules.svg._words import round_of, say
from wizardrules.svg._xml import Markup, el, group, num
from wizardrules.tricks import legal_plays

__all__ = ["draw_table", "table_words"]

_MINI = 0.5


def _winners(view: PlayerView) -> tuple[int, ...]:
    """The seats in first place once the game is over (R7.1, R7.2: ties shared or broken as the rules say)."""
    if view.phase is not Phase.OVER:
        return ()
    hits = [sum(r.hits[seat] for r in view.finished_rounds) for seat in range(len(view.players))]
    return winners(view.totals, tiebreak=view.rules.tiebreak, hits=hits)


def _status(view: PlayerView, lang: Language) -> str:
    if view.to_move is None:
        return view.to_text(language=lang)  # Game over: Ann wins with 120 points
    return f"{view.players[view.to_move]} {say('to act', lang)}"


def table_words(view: PlayerView, lang: Language) -> tuple[str, str]:
    """The table picture's title and the status line under it."""
    me = view.players[view.seat]
    title = f"{me}: {round_of(view.round_number, view.rounds, lang)} · {say(view.phase.value, lang)}"
    return title, _status(view, lang)


def _mini(card: Card | None, look: Look, x: float, y: float) -> Markup:
    """A card at half size at (x, y): a face, or a back for `None`."""
    drawn = card_back(look) if card is None else card_face(card, look)
    return group([drawn], {"transform": f"translate({num(x)} {num(y)}) scale({num(_MINI)})"})


def _bid_text(view: PlayerView, seat: int, lang: Language) -> str:
    bid = view.bids[seat]
    if bid is None:
        return f"{say('bid', lang)} –"
    shown = str(bid)
    if view.cloud is not None and view.cloud[0] == seat:
        shown = f"{bid}→{bid + view.cloud[1].delta}"
    if view.blind[seat]:
        shown += f" ({say('blind', lang)})"
    return f"{say('bid', lang)} {shown}"


def _panel(view: PlayerView, seat: int, look: Look, *, x: float) -> tuple[Markup, float]:
    """One player's panel: name, role, bid, tricks, total and the cards held (backs, or seen faces)."""
    lay = look.layout
    lang = look.lang
    pad = 8.0
    line = lay.font * 1.4
    name = view.players[seat]
    tags = [say("you", lang)] if seat == view.seat else []
    won = seat in _winners(view)
    if won:
        tags.append(say("winner", lang))
    elif seat == view.dealer and view.phase is not Phase.OVER:
        tags.append(say("dealer", lang))
    rows = [
        " · ".join(tags),
        _bid_text(view, seat, lang),
        f"{say('tricks', lang)} {view.tricks_won[seat]}",
        f"{say('total', lang)} {view.totals[seat]}",
    ]
    width = lay.panel_width
    shown, font, length = fit_text(name, width - 2 * pad, lay.font + 1, look)
    parts = [words(shown, look, x=x + pad, y=pad + font, size=font, bold=True, title=name, length=length)]
    for i, row in enumerate(rows):
        parts.append(words(row, look, x=x + pad, y=pad + font + (i + 1) * line, role="muted"))
    cards_y = pad + font + len(rows) * line + 8
    held, held_height = _held(view, seat, look, x=x + pad, y=cards_y)
    parts.extend(held)
    height = cards_y + held_height + pad
    turn = seat == view.to_move or won
    box = {
        "x": x,
        "y": 0,
        "width": width,
        "height": height,
        "rx": lay.card_radius,
        "stroke-width": 2.5 if turn else 1,
        **look.painter.paint(fill="none", stroke="accent" if turn else "grid"),
    }
    attrs = {
        "data-seat": str(seat),
        **({"data-to-move": "true"} if seat == view.to_move else {}),
        **({"data-winner": "true"} if won else {}),
    }
    return group([el("rect", box), *parts], attrs), height


def _held(view: PlayerView, seat: int, look: Look, *, x: float, y: float) -> tuple[list[Markup], float]:
    """The cards a seat holds as this view knows them: faces it sees, else one back and a count; and their height.

    Seen faces are drawn at half size, or at full size where the text keeps its size (the
    narrow table: a clairvoyance round deals one card each, R4.5).
    """
    lay = look.layout
    seen = view.seen_hands[seat] if seat != view.seat else None
    if seen and look.least:
        return [card_face(card, look, x=x + i * lay.hand_step, y=y) for i, card in enumerate(seen)], lay.card_height
    height = lay.card_height * _MINI
    if seen:
        step = lay.hand_step * _MINI
        return [_mini(card, look, x + i * step, y) for i, card in enumerate(seen)], height
    label_y = y + lay.card_height * _MINI / 2 + lay.font / 3
    if view.hand_sizes[seat] == 0:  # the round is played out: no backs to show
        return [words(say("no cards", look.lang), look, x=x, y=label_y, role="muted")], height
    count = f"× {view.hand_sizes[seat]}"
    label_x = x + lay.card_width * _MINI + 6
    return [_mini(None, look, x, y), words(count, look, x=label_x, y=label_y)], height


def _turned_up(view: PlayerView, look: Look) -> Drawing:
    lay = look.layout
    heading = say("Turned up", look.lang)
    label = words(heading, look, x=0, y=lay.font, role="muted")
    top = lay.font + 6
    if view.turned_up is None:
        note = words(say("nothing", look.lang), look, x=0, y=top + lay.font)
        return Drawing(group([label, note]), lay.text_width(heading, lay.font), top + lay.font)
    width = max(lay.card_width, lay.text_width(heading, lay.font))
    return Drawing(group([label, card_face(view.turned_up, look, x=0, y=top)]), width, top + lay.card_height)


def _trick(view: PlayerView, look: Look, width: float | None) -> Drawing:
    """The current trick while tricks are played; before that, the trump alone (within `width`, if given)."""
    current = view.current_trick
    if view.phase in (Phase.TRUMP, Phase.BIDDING) or (view.phase is Phase.OVER and not current.cards):
        no_trump = say("to be chosen" if view.phase is Phase.TRUMP else "no trump", look.lang)
        line, width = suit_line(say("Trump", look.lang), view.trump, no_trump, look, x=0, y=0)
        return Drawing(line, width, look.layout.font * 1.6)
    order = [(current.leader + i) % current.players for i in range(current.players)]
    scene = TrickScene(
        cards=current.cards,
        names=tuple(view.players[s] for s in order),
        trump=view.trump,
        decision=current.decision,
    )
    return draw_trick(scene, look, width=width)


def _hand(view: PlayerView, look: Look, width: float, *, wrap: bool = False) -> Drawing:
    lay = look.layout
    lang = look.lang
    heading = f"{say('Hand', lang)} ({view.players[view.seat]})"
    label = words(heading, look, x=0, y=lay.font, role="muted")
    top = lay.font + 4
    if view.hand is None:
        clairvoyant = view.round_number == 1 and Variant.CLAIRVOYANCE in view.rules.variants
        note = say("unseen in a clairvoyance round" if clairvoyant else "not looked at yet", lang)
        backs = [card_back(look, x=i * lay.hand_step, y=top) for i in range(view.hand_sizes[view.seat])]
        width = max(0, view.hand_sizes[view.seat] - 1) * lay.hand_step + lay.card_width
        note_y = top + lay.card_height + lay.font + 4
        parts = [label, *backs, words(note, look, x=0, y=note_y)]
        return Drawing(group(parts), max(width, lay.text_width(note, lay.font)), note_y + 4)
    legal = None
    if view.is_my_turn and view.phase is Phase.PLAYING:
        legal = legal_plays(view.hand, view.current_trick.cards)
    # a narrow table holds as many overlapping cards a row as its width takes, in rows
    per_row = max(1, int((width - 8 - lay.card_width) // lay.hand_step) + 1) if wrap else len(view.hand) or 1
    rows = [view.hand[i : i + per_row] for i in range(0, len(view.hand), per_row)] or [()]
    drawn = [hand_row(cards, look, legal=legal, width=width if not wrap or len(rows) == 1 else None) for cards in rows]
    parts = [label]
    y = top
    for row in drawn:
        parts.append(row.at(0, y))
        y += row.height
    widest = max(row.width for row in drawn)
    return Drawing(group(parts), max(widest, lay.text_width(heading, lay.font)), y)


def draw_table(view: PlayerView, look: Look, *, columns: int | None = None) -> Drawing:
    """The table: a title, the players' panels, the turned-up card and the trick, and the hand.

    With `columns` fewer than the players, the narrow table for a phone: the panels in rows
    of `columns`, the trick under the turned-up card and the hand in rows.
    """
    lay = look.layout
    players = len(view.players)
    per_row = players if columns is None else min(columns, players)
    narrow = per_row < players
    panels_width = per_row * (lay.panel_width + lay.gap) - lay.gap
    title, status = table_words(view, look.lang)
    status_y = lay.title_font + lay.font * 1.5
    if narrow:  # a phone shows the narrow table at about its natural size: no text below the layout's font
        look = look._replace(least=lay.font)
        shown, size, length = fit_text(title, panels_width, lay.title_font, look)
        parts = [words(shown, look, x=0, y=lay.title_font, size=size, bold=True, title=title, length=length)]
        shown, size, length = fit_text(status, panels_width, lay.font, look)
        parts.append(words(shown, look, x=0, y=status_y, size=size, role="muted", title=status, length=length))
    else:
        parts = [heading(title, look), words(status, look, x=0, y=status_y, role="muted")]
    y = status_y + lay.gap * 1.5
    row_height = 0.0
    for seat in range(players):
        column = seat % per_row
        if seat and column == 0:  # the next row of panels
            y += row_height + lay.gap
            row_height = 0.0
        panel, height = _panel(view, seat, look, x=column * (lay.panel_width + lay.gap))
        parts.append(group([panel], {"transform": f"translate(0 {num(y)})"}))
        row_height = max(row_height, height)
    y += row_height + lay.gap * 2
    turned = _turned_up(view, look)
    trick = _trick(view, look, panels_width if narrow else None)
    if narrow:  # the trick under the turned-up card
        parts.append(turned.at(0, y))
        y += turned.height + lay.gap * 2
        parts.append(trick.at(0, y))
        y += trick.height + lay.gap * 2
        beside = max(turned.width, trick.width)
    else:
        trick_x = turned.width + lay.gap * 3
        parts += [turned.at(0, y), trick.at(trick_x, y)]
        y += max(turned.height, trick.height) + lay.gap * 2
        beside = trick_x + trick.width
    hand = _hand(view, look, panels_width if narrow else max(panels_width, beside), wrap=narrow)
    parts.append(hand.at(0, y))
    title_width = 0.0 if narrow else lay.text_width(title, lay.title_font)  # the narrow table's title is fitted
    width = max(panels_width, beside, hand.width, title_width)
    return Drawing(group(parts), width, y + hand.height)
