"""Pictures of cards, hands, tricks, the table and the score chart, as SVG text.

Plain functions that return SVG text, built with the standard library only. Every picture
is a well-formed SVG document with a `<title>` and `<desc>` for screen readers; suits show
by colour and by symbol (▲ red, ● yellow, ■ green, ◆ blue; R1.3), in colours chosen for
red-green colour blindness, and pictures switch to dark colours on pages that prefer dark.
Names are English or German (`lang`). Importing `wizardrules` also gives cards, tricks,
score sheets, game states and views their notebook pictures (`_repr_svg_`, `_repr_html_`).

Every function takes these keyword options:

- `size`: the picture's width in CSS pixels (the height follows); `None` draws it at its
  natural size, one [`Layout`][wizardrules.svg.Layout] unit a pixel.
- `theme`: the colours, a [`Theme`][wizardrules.svg.Theme]: light, and dark for dark pages.
- `layout`: every size, a [`Layout`][wizardrules.svg.Layout].

Examples:
    >>> from wizardrules import Card, Language, svg
    >>> picture = svg.card(Card.parse("CLOUD:R"), lang=Language.DE)
    >>> picture.startswith("<svg") and "Wolke" in picture and 'data-card="CLOUD:R"' in picture
    True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from wizardrules import _lazy
from wizardrules._convert import as_tuple, shown
from wizardrules._names import check_name
from wizardrules.cards import MAX_DECK_SIZE, MAX_PLAYERS, Card, Language, Suit
from wizardrules.engine import GameState, PlayerView
from wizardrules.engine.view import view_problem
from wizardrules.errors import CardError, TrickError
from wizardrules.sheet import ScoreSheet
from wizardrules.svg._cards import Drawing, Look, card_face, hand_fan, hand_row
from wizardrules.svg._chart import chart_words, draw_scores, sheet_table_html
from wizardrules.svg._ratings import Rated, draw_ratings, ratings_words
from wizardrules.svg._style import (
    DARK,
    DEFAULT_LAYOUT,
    DEFAULT_THEME,
    LIGHT,
    Layout,
    Painter,
    Palette,
    PictureError,
    Theme,
)
from wizardrules.svg._table import draw_table, table_words
from wizardrules.svg._trick import TrickScene, draw_trick, sentence
from wizardrules.svg._words import say
from wizardrules.svg._xml import document
from wizardrules.tricks import Trick, decide_trick

if TYPE_CHECKING:  # the ratings come from the `ratings` extra, which the pictures do not need
    from wizardrules.tournament.ratings import Ratings

__all__ = [
    "DARK",
    "DEFAULT_LAYOUT",
    "DEFAULT_THEME",
    "LIGHT",
    "Layout",
    "Palette",
    "PictureError",
    "Theme",
    "card",
    "hand",
    "ratings",
    "scores",
    "table",
    "trick",
]


def _look(lang: Language, symbols: bool, theme: Theme, layout: Layout) -> Look:
    if not isinstance(lang, Language):
        raise PictureError(f"lang {lang!r:.40}: expected Language.EN or Language.DE")
    if not isinstance(symbols, bool):
        raise PictureError(f"symbols {symbols!r:.40}: expected True or False")
    if not isinstance(theme, Theme):
        raise PictureError(f"theme {theme!r:.60}: expected a Theme")
    if not isinstance(layout, Layout):
        raise PictureError(f"layout {layout!r:.60}: expected a Layout")
    return Look(Painter(theme), layout, lang, symbols)


def _scale(size: float | None, width: float) -> float:
    if size is None:
        return 1.0
    if isinstance(size, bool) or not isinstance(size, (int, float)) or not 0 < size < 100_000:
        raise PictureError(f"size {size!r:.40}: expected a width in pixels above 0, or None")
    return float(size) / width


def _cards(cards: Iterable[Card], what: str) -> tuple[Card, ...]:
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise CardError(f"{what} {cards!r:.60}: expected cards, e.g. parse_cards('R3 W')")
    found = as_tuple(cards, what, CardError, limit=MAX_DECK_SIZE)  # no hand holds more than the deck
    for item in found:
        if not isinstance(item, Card):
            raise CardError(f"{what}: {shown(item)} is not a Card")
    return found


def _picture(kind: str, drawing: Drawing, look: Look, *, size: float | None, title: str, desc: str) -> str:
    return document(
        kind=kind,
        width=drawing.width,
        height=drawing.height,
        scale=_scale(size, drawing.width),
        title=title,
        desc=desc,
        body=[drawing.body],
        painter=look.painter,
        layout=look.layout,
    )


def _framed(drawing: Drawing, layout: Layout) -> Drawing:
    """The drawing with the layout's margin around it."""
    m = layout.margin
    return Drawing(drawing.at(m, m), drawing.width + 2 * m, drawing.height + 2 * m)


def _names(cards: Iterable[Card], lang: Language) -> str:
    return ", ".join(c.display(lang) for c in cards) or "-"


def card(
    card: Card,
    *,
    size: float | None = None,
    lang: Language = Language.EN,
    symbols: bool = True,
    theme: Theme = DEFAULT_THEME,
    layout: Layout = DEFAULT_LAYOUT,
) -> str:
    """The face of one card (R1): suit by colour and symbol, rank, names, declarations.

    A suit card shows its rank in two corners and its suit's symbol; a Wizard a star, a
    Jester a hat, a special card its initial, each with its name (R1.3). A declared card
    shows its declaration (R8): `CLOUD:R` in red's colour with red's symbol and 9¾,
    `SHAPESHIFTER:W` as a Wizard.

    Args:
        card: the card.
        size: the picture's width in pixels (default: `layout.card_width`).
        lang: English or German names (Z and N for Wizard and Jester in German).
        symbols: draw the suit symbols (▲ ● ■ ◆); without them a suit shows by colour alone.
        theme: the colours.
        layout: the sizes.

    Raises:
        CardError: `card` is not a Card.
        PictureError: an option of the wrong kind.

    Examples:
        >>> from wizardrules import Card
        >>> picture = card(Card.parse("G7"), size=120)
        >>> 'width="120"' in picture, "<title" in picture, 'data-card="G7"' in picture
        (True, True, True)
    """
    (value,) = _cards([card], "card")
    look = _look(lang, symbols, theme, layout)
    pad = 1.0
    drawing = Drawing(card_face(value, look, x=pad, y=pad), layout.card_width + 2 * pad, layout.card_height + 2 * pad)
    name = value.display(lang)
    desc = f"{say('Card', lang)}: {name} ({value})"
    return _picture("card", drawing, look, size=size, title=name, desc=desc)


def hand(
    cards: Iterable[Card],
    *,
    legal: Iterable[Card] | None = None,
    fan: bool = False,
    size: float | None = None,
    lang: Language = Language.EN,
    symbols: bool = True,
    theme: Theme = DEFAULT_THEME,
    layout: Layout = DEFAULT_LAYOUT,
) -> str:
    """A hand of cards in the documented sort order, in a row or fanned.

    The cards are sorted as `sorted(cards)` sorts them: Jesters, the suits red, yellow,
    green, blue by rank, Wizards, then special cards. With `legal`, those cards are raised
    and ringed and the others dimmed (opaque, under a veil), e.g.
    `legal=legal_plays(cards, trick)` (R5.3). The name of a Wizard or Jester that the next
    card covers keeps to the strip left in sight.

    Args:
        cards: the hand.
        legal: cards of the hand to highlight as playable, or `None` for no highlighting.
        fan: fan the cards as held, instead of a row.
        size: the picture's width in pixels (default: the natural width).
        lang: English or German names.
        symbols: draw the suit symbols.
        theme: the colours.
        layout: the sizes.

    Raises:
        CardError: an entry is not a Card.
        PictureError: a legal card that the hand does not hold, or an option of the wrong kind.

    Examples:
        >>> from wizardrules import legal_plays, parse_cards
        >>> cards = parse_cards("W B7 R3 J B12")
        >>> picture = hand(cards, legal=legal_plays(cards, parse_cards("B2")))
        >>> picture.count('data-raised="true"'), picture.count('data-dimmed="true"')
        (4, 1)
    """
    held = tuple(sorted(_cards(cards, "hand")))
    look = _look(lang, symbols, theme, layout)
    playable = None if legal is None else frozenset(_cards(legal, "legal"))
    if playable is not None and not playable <= set(held):
        stray = " ".join(sorted(str(c) for c in playable - set(held)))
        raise PictureError(f"legal {stray!r:.60}: not in the hand")
    if not isinstance(fan, bool):
        raise PictureError(f"fan {fan!r:.40}: expected True or False")
    drawing = (hand_fan if fan else hand_row)(held, look, legal=playable)
    words = f"{say('Hand', lang)}, {len(held)} {say('cards', lang)}"
    desc = f"{words}: {_names(held, lang)}."
    if playable is not None:
        desc += f" {say('legal', lang).capitalize()}: {_names(sorted(playable), lang)}."
    return _picture("hand", drawing, look, size=size, title=words, desc=desc)


def _labels(names: Sequence[str] | None, count: int, default: str, what: str) -> tuple[str, ...]:
    if names is None:
        return tuple(f"{default} {i}" for i in range(count))
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise PictureError(f"{what} {names!r:.60}: expected a list of names")
    labels = as_tuple(names, what, PictureError, limit=count)
    if len(labels) != count or not all(isinstance(name, str) for name in labels):
        raise PictureError(f"{what} {shown(labels)}: expected {count} names")
    return tuple(check_name(name, f"{what}: name") for name in labels)  # the one rule for names


def _trick_scene(
    value: Trick | Sequence[Card], trump: Suit | None, players: Sequence[str] | None, lang: Language
) -> TrickScene:
    if trump is not None and not isinstance(trump, Suit):
        raise TrickError(f"trump {trump!r:.40} is not a Suit or None")
    if isinstance(value, Trick):
        if trump is not None and trump is not value.trump:
            raise PictureError(f"trump {trump.name}: the trick has its own trump, {value.trump}")
        names = _labels(players, value.players, say("Seat", lang), "players")
        seats = [(value.leader + i) % value.players for i in range(value.players)]
        return TrickScene(
            cards=value.cards, names=tuple(names[s] for s in seats), trump=value.trump, decision=value.decision
        )
    cards = _cards(value, "trick")
    decision = decide_trick(cards, trump) if cards else None
    labels = _labels(players, len(cards), say("Card", lang), "players")
    if players is None:
        labels = tuple(f"{say('Card', lang)} {i + 1}" for i in range(len(cards)))
    return TrickScene(cards=cards, names=labels, trump=trump, decision=decision)


def trick(
    trick: Trick | Sequence[Card],
    *,
    trump: Suit | None = None,
    players: Sequence[str] | None = None,
    size: float | None = None,
    lang: Language = Language.EN,
    symbols: bool = True,
    theme: Theme = DEFAULT_THEME,
    layout: Layout = DEFAULT_LAYOUT,
) -> str:
    """A trick: the cards in play order under their players' names, trump and the led suit
    marked, the winning card raised and the rule that decided it in words (R5.4, R8.9).

    A Bomb trick (R8.1) marks the card whose player leads next. An incomplete
    [`Trick`][wizardrules.Trick] shows empty places and who is to play.

    Args:
        trick: a [`Trick`][wizardrules.Trick] (it knows its seats and trump), or cards in play order.
        trump: the trump suit for a sequence of cards (`None`: no trump); a `Trick` has its own.
        players: names: by seat for a `Trick`, by place in play order for a sequence
            (default: "Seat 0", ... or "Card 1", ...).
        size: the picture's width in pixels (default: the natural width).
        lang: English or German names and words.
        symbols: draw the suit symbols.
        theme: the colours.
        layout: the sizes.

    Raises:
        TrickError: the trick cannot occur.
        PictureError: a `trump` other than the `Trick`'s, names that do not fit, or an
            option of the wrong kind.

    Examples:
        >>> from wizardrules import Suit, parse_cards
        >>> picture = trick(parse_cards("B9 W G13 W"), trump=Suit.GREEN, players=["Ann", "Ben", "Cem", "Dan"])
        >>> "Ben wins with Wizard" in picture, "The first Wizard wins" in picture
        (True, True)
    """
    look = _look(lang, symbols, theme, layout)
    scene = _trick_scene(trick, trump, players, lang)
    drawing = _framed(draw_trick(scene, look), layout)
    plays = ", ".join(f"{name}: {c.display(lang)}" for name, c in zip(scene.names, scene.cards, strict=False))
    trump_words = say("no trump", lang) if scene.trump is None else scene.trump.display(lang)
    title = f"{say('Trick', lang)}: {' '.join(str(c) for c in scene.cards) or '-'}"
    outcome = ". ".join(sentence(scene, look))
    desc = f"{say('Trump', lang)}: {trump_words}. {plays or say('no cards yet', lang)}. {outcome}."
    return _picture("trick", drawing, look, size=size, title=title, desc=desc)


def _view(value: PlayerView | GameState, seat: int | None) -> PlayerView:
    if isinstance(value, GameState):
        if seat is None:
            seat = 0 if value.to_move is None else value.to_move
        return value.view(seat)
    if not isinstance(value, PlayerView):
        raise PictureError(f"table of {value!r:.60}: expected a PlayerView or a GameState")
    problem = view_problem(value)  # a view is input: built by hand or read from JSON
    if problem:
        raise PictureError(f"table: no game reaches this view: {problem}")
    if seat is not None and seat != value.seat:
        raise PictureError(f"seat {seat!r:.20}: this view is seat {value.seat}'s; draw another seat from the GameState")
    return value


def table(
    view_or_state: PlayerView | GameState,
    *,
    seat: int | None = None,
    size: float | None = None,
    columns: int | None = None,
    lang: Language = Language.EN,
    symbols: bool = True,
    theme: Theme = DEFAULT_THEME,
    layout: Layout = DEFAULT_LAYOUT,
) -> str:
    """The table as one player sees it: never more than their view holds (R4.3-R4.5).

    Each player's panel shows their name, the dealer, the bid (when this player may know
    it, R4.3; blind bids marked, R4.4), tricks taken, total points and how many cards they
    hold (as backs; the faces only of hands a clairvoyant player sees, R4.5); the player to
    act is ringed. Below: the turned-up card, the current trick with trump and led suit,
    and the player's own hand across the table's width, its legal plays raised when it is
    their turn to play (R5.3). Once the game is over, the winners are named and ringed (R7).

    Args:
        view_or_state: a [`PlayerView`][wizardrules.PlayerView], or a
            [`GameState`][wizardrules.GameState] to draw `state.view(seat)` of.
        seat: for a state, whose view (default: the player to act, seat 0 once the game is over).
        size: the picture's width in pixels (default: the natural width).
        columns: the players' panels a row, 1 or more (default: all in one row). Fewer than
            the players draw the narrow table, for a phone: panels in rows, the trick under
            the turned-up card, the hand in rows, about half as wide, so that its text keeps
            its size on a small screen (2 columns: 296 wide at the default layout).
        lang: English or German names and words.
        symbols: draw the suit symbols.
        theme: the colours.
        layout: the sizes.

    Raises:
        PictureError: not a view or state, a view no game can reach (a trick of another
            table's size, counts beyond the round: see `view_from_json`), a seat other than
            the view's, or an option of the wrong kind.
        PlayerError: a seat the state does not have.

    Examples:
        >>> from wizardrules import new_game
        >>> state = new_game(["Ann", "Ben", "Cem", "Dan"], seed=3)
        >>> picture = table(state.view(1))
        >>> "Ben: Round 1 of 15" in picture, picture.count("data-card=")  # Ben's card and the turned-up one
        (True, 2)
        >>> [table(state.view(1), columns=c).split('width="')[1].split('"')[0] for c in (None, 2)]
        ['576', '296']
    """
    view = _view(view_or_state, seat)
    if columns is not None and (type(columns) is not int or not 1 <= columns <= MAX_PLAYERS):
        raise PictureError(f"table columns {shown(columns)}: expected a whole number 1..{MAX_PLAYERS} or None")
    look = _look(lang, symbols, theme, layout)
    drawing = _framed(draw_table(view, look, columns=columns), layout)
    title, status = table_words(view, lang)
    seen = _names(view.hand, lang) if view.hand is not None else say("hidden", lang)
    turned = say("nothing", lang) if view.turned_up is None else view.turned_up.display(lang)
    desc = f"{status}. {say('Hand', lang)}: {seen}. {say('Turned up', lang)}: {turned}."
    return _picture("table", drawing, look, size=size, title=title, desc=desc)


def scores(
    sheet: ScoreSheet,
    *,
    size: float | None = None,
    lang: Language = Language.EN,
    theme: Theme = DEFAULT_THEME,
    layout: Layout = DEFAULT_LAYOUT,
) -> str:
    """The score chart: each player's total after every round as a line (R6.3, R7).

    Each round puts a marker on each line: filled where the bid was hit, hollow where it was
    missed, ringed where it was blind (R4.4); the marker's tooltip tells the round. Players
    differ by colour, dash pattern and marker shape. Each line ends at the player's total,
    labelled with name and total; once the game is over the winners (R7.1, R7.2) get a
    thicker line and a star. The x axis runs over the schedule's rounds, so a game in
    progress shows the rounds still to come.

    Args:
        sheet: the score sheet (a game's is `state.scoresheet`).
        size: the picture's width in pixels (default: the natural width).
        lang: English or German words.
        theme: the colours.
        layout: the sizes (`chart_width`, `chart_height`, `marker`, `line`, ...).

    Raises:
        PictureError: not a score sheet, or an option of the wrong kind.

    Examples:
        >>> from wizardrules import ScoreSheet
        >>> sheet = ScoreSheet(players=["Ann", "Ben", "Cem"]).record(bids=[1, 0, 0], tricks=[1, 0, 0])
        >>> picture = scores(sheet)
        >>> 'data-totals="0 30"' in picture, picture.count('data-hit="true"')
        (True, 3)
    """
    if not isinstance(sheet, ScoreSheet):
        raise PictureError(f"scores of {sheet!r:.60}: expected a ScoreSheet (a game's is state.scoresheet)")
    look = _look(lang, True, theme, layout)
    drawing = _framed(draw_scores(sheet, look), layout)
    title, desc = chart_words(sheet, lang)
    return _picture("scores", drawing, look, size=size, title=title, desc=desc)


def ratings(
    ratings: Ratings,
    *,
    size: float | None = None,
    lang: Language = Language.EN,
    theme: Theme = DEFAULT_THEME,
    layout: Layout = DEFAULT_LAYOUT,
) -> str:
    """The ratings chart: per player, best first, the skill as a dot on its 95% range, and the conservative rating.

    Draws the [`Ratings`][wizardrules.tournament.ratings.Ratings] of bots or people (the `ratings`
    extra): a row per player with a bar over the 95% range of the skill, a dot at the skill
    `mu` and a tick at the conservative rating `mu - 3 sigma` that ranks them; the name's
    tooltip gives the figures and the games rated.

    Args:
        ratings: the ratings, from `wizardrules.tournament.ratings`.
        size: the picture's width in pixels (default: the natural width).
        lang: English or German words.
        theme: the colours.
        layout: the sizes (`chart_width`, `marker`, `line`, ...).

    Raises:
        PictureError: not ratings, or an option of the wrong kind.
    """
    rated: Sequence[Rated] | None = getattr(ratings, "ratings", None)
    games = getattr(ratings, "games", None)
    if not isinstance(rated, tuple) or type(games) is not int or not all(_is_rated(r) for r in rated):
        raise PictureError(f"ratings of {ratings!r:.60}: expected the Ratings of wizardrules.tournament.ratings")
    look = _look(lang, True, theme, layout)
    drawing = _framed(draw_ratings(rated, games, look), layout)
    title, desc = ratings_words(rated, games, lang)
    return _picture("ratings", drawing, look, size=size, title=title, desc=desc)


def _is_rated(value: object) -> bool:
    return isinstance(getattr(value, "name", None), str) and all(
        isinstance(getattr(value, field, None), (int, float))
        for field in ("mu", "low", "high", "conservative", "games")
    )


def _sheet_html(sheet: ScoreSheet) -> str:
    return f'<div class="wr-scoresheet">{sheet_table_html(sheet, Language.EN)}{scores(sheet)}</div>'


def _table_html(value: PlayerView | GameState) -> str:
    return f'<div class="wr-table">{table(value)}</div>'


_lazy.register(_lazy.Picture.CARD, card)
_lazy.register(_lazy.Picture.TRICK, trick)
_lazy.register(_lazy.Picture.SCORESHEET, _sheet_html)
_lazy.register(_lazy.Picture.GAMESTATE, _table_html)
_lazy.register(_lazy.Picture.PLAYERVIEW, _table_html)
