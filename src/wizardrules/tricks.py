"""Playing tricks: led suit, legal plays and the trick winner (RULES R5, R8.8, R8.9).

A *trick* here is a sequence of [`Card`][wizardrules.Card]s in play order; special cards
appear as played, with their declaration (`CLOUD:R`, `SHAPESHIFTER:W`). The functions are
pure and check their input: a trick that cannot occur raises
[`TrickError`][wizardrules.TrickError].

Examples:
    >>> from wizardrules import Suit, parse_cards, trick_winner
    >>> trick_winner(parse_cards("B9 W G13 W"), Suit.GREEN)
    1
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import Final

from attrs import field, frozen

from wizardrules import _lazy
from wizardrules._convert import as_tuple, shown, whole
from wizardrules._words import card_with, checked_language, checked_names, seat_label, sentence, trump_text
from wizardrules.cards import ALL_CARDS, MAX_DECK_SIZE, MAX_PLAYERS, MIN_PLAYERS, Card, CardKind, Language, Suit
from wizardrules.errors import TrickError

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Trick",
    "TrickDecision",
    "WinReason",
    "decide_trick",
    "led_suit",
    "legal_plays",
    "trick_winner",
    "win_key",
    "would_be_winner",
]


class _Role(enum.Enum):
    SUITED = 0
    WIZARD = 1
    JESTER = 2
    DRAGON = 3
    FAIRY = 4
    BOMB = 5


def _role_of(card: Card) -> _Role | None:
    kind = card.kind
    if kind is CardKind.SUIT:
        return _Role.SUITED
    if kind is CardKind.WIZARD or (kind is CardKind.SHAPESHIFTER and card.role is CardKind.WIZARD):
        return _Role.WIZARD
    if kind is CardKind.JESTER or (kind is CardKind.SHAPESHIFTER and card.role is CardKind.JESTER):
        return _Role.JESTER
    if kind in (CardKind.CLOUD, CardKind.JUGGLER) and card.suit is not None:
        return _Role.SUITED
    return {CardKind.DRAGON: _Role.DRAGON, CardKind.FAIRY: _Role.FAIRY, CardKind.BOMB: _Role.BOMB}.get(kind)


def _strength_of(card: Card) -> int:
    """Rank times four, so that the Juggler is 7½ (30) and the Cloud 9¾ (39)."""
    if card.kind is CardKind.CLOUD:
        return 39
    if card.kind is CardKind.JUGGLER:
        return 30
    return card.rank * 4


_ROLES: Final = {c: _role_of(c) for c in ALL_CARDS}
_STRENGTHS: Final = {c: _strength_of(c) for c in ALL_CARDS}
_FREEING: Final = (_Role.WIZARD, _Role.DRAGON)
_PLAYABLE: Final = {c: not c.needs_declaration and c.kind is not CardKind.WEREWOLF for c in ALL_CARDS}
_HOLDABLE: Final = {c: c.undeclared is c and c.kind is not CardKind.WEREWOLF for c in ALL_CARDS}
# The physical card behind each card; None for Wizards and Jesters, of which the deck has four.
_COPY: Final = {c: None if c.kind in (CardKind.WIZARD, CardKind.JESTER) else c.undeclared for c in ALL_CARDS}


class WinReason(enum.Enum):
    """Which rule decided a trick (R5.4, R8.9)."""

    FIRST_WIZARD = "the first Wizard wins"
    HIGHEST_TRUMP = "the highest trump wins"
    HIGHEST_LED = "the highest card of the led suit wins"
    FIRST_JESTER = "only Jesters: the first Jester wins"
    DRAGON = "the Dragon wins over everything"
    FAIRY_BEATS_DRAGON = "the Fairy wins a trick holding the Dragon"
    ONLY_FAIRY = "no Jester, no suit card: the Fairy takes it"
    BOMB = "the Bomb: nobody wins the trick"

    def display(self, lang: Language = Language.EN) -> str:
        """The rule in words, in English or German.

        Examples:
            >>> WinReason.FIRST_WIZARD.display(Language.DE)
            'der erste Zauberer gewinnt'
        """
        return _REASONS_DE[self] if lang is Language.DE else self.value


_REASONS_DE: Final = {
    WinReason.FIRST_WIZARD: "der erste Zauberer gewinnt",
    WinReason.HIGHEST_TRUMP: "der höchste Trumpf gewinnt",
    WinReason.HIGHEST_LED: "die höchste Karte der ausgespielten Farbe gewinnt",
    WinReason.FIRST_JESTER: "nur Narren: der erste Narr gewinnt",
    WinReason.DRAGON: "der Drache gewinnt gegen alles",
    WinReason.FAIRY_BEATS_DRAGON: "die Fee gewinnt einen Stich mit dem Drachen",
    WinReason.ONLY_FAIRY: "kein Narr, keine Farbkarte: die Fee nimmt den Stich",
    WinReason.BOMB: "die Bombe: niemand gewinnt den Stich",
}


@frozen(kw_only=True)
class TrickDecision:
    """The outcome of a trick and the rule that decided it.

    Attributes:
        winner: index in play order of the winning card, `None` when a Bomb voids the trick.
        would_be_winner: index of the card that wins when any Bomb is ignored; its player
            leads the next trick (R8.1). Equal to `winner` without a Bomb.
        reason: the rule that decided the trick.
        deciding_reason: the rule that picked `would_be_winner` (differs from `reason`
            only for a Bomb trick).
    """

    winner: int | None
    would_be_winner: int
    reason: WinReason
    deciding_reason: WinReason


_WHAT_DE: Final = {"trick": "Stich", "hand": "Hand", "hand and trick": "Hand und Stich"}
"""What a message names, in German."""


def _checked(trick: Sequence[Card], what: str = "trick") -> tuple[Card, ...]:
    cards = as_tuple(trick, what, TrickError, limit=MAX_DECK_SIZE, what_de=_WHAT_DE[what])
    if len(cards) > MAX_PLAYERS:
        raise TrickError(
            f"{what} {_show(cards)}: {len(cards)} cards, but a trick has at most {MAX_PLAYERS}",
            german=f"{_WHAT_DE[what]} {_show(cards)}: {len(cards)} Karten, aber ein Stich hat höchstens {MAX_PLAYERS}",
        )
    for card in cards:
        if card.__class__ is not Card or not _PLAYABLE[card]:  # one dict look-up in the common case
            _reject(cards, card, what)
    _check_copies(cards, what)
    return cards


def _reject(cards: Sequence[object], card: object, what: str) -> None:
    if not isinstance(card, Card):
        raise TrickError(
            f"{what} {_show(c for c in cards if isinstance(c, Card))}: {shown(card)} is not a Card",
            german=f"{_WHAT_DE[what]} {_show(c for c in cards if isinstance(c, Card))}: {shown(card)} ist keine Karte",
        )
    if card.needs_declaration:
        raise TrickError(
            f"{what} {_show(cards)}: {card} must be played with its declaration (e.g. {card.declarations()[0]})",
            german=f"{_WHAT_DE[what]} {_show(cards)}: {card} wird mit einer Festlegung gespielt "
            f"(z. B. {card.declarations()[0]})",
        )
    if card.kind is CardKind.WEREWOLF:
        raise TrickError(
            f"{what} {_show(cards)}: the Werewolf is never played (R8.6)",
            german=f"{_WHAT_DE[what]} {_show(cards)}: der Werwolf wird nie gespielt (R8.6)",
        )


def _check_copies(cards: Sequence[Card], what: str) -> None:
    seen: set[Card] = set()
    for card in cards:
        copy = _COPY[card]
        if copy is None:
            continue
        if copy in seen:
            raise TrickError(
                f"{what} {_show(cards)}: {copy} appears twice, the deck has one",
                german=f"{_WHAT_DE[what]} {_show(cards)}: {copy} kommt zweimal vor, das Spiel hat eine",
            )
        seen.add(copy)
    for many in (Card.WIZARD, Card.JESTER):
        count = cards.count(many)
        if count > 4:
            raise TrickError(
                f"{what} {_show(cards)}: {many} appears {count} times, the deck has 4",
                german=f"{_WHAT_DE[what]} {_show(cards)}: {many} kommt {count}-mal vor, das Spiel hat 4",
            )


def _show(cards: Iterable[object]) -> str:
    """Cards in their notation, anything else by a bounded repr, for messages."""
    return repr(" ".join(str(c) if isinstance(c, Card) else shown(c) for c in cards))


def led_suit(trick: Sequence[Card]) -> Suit | None:
    """The suit that must be followed, or `None` while no suit is led (R5.2, R8.8).

    The first suit card sets the suit (a declared Cloud or Juggler counts as one); Jesters,
    the Fairy, the Bomb and a Shapeshifter declared Jester set nothing; a Wizard, the
    Dragon or a Shapeshifter declared Wizard before any suit card frees the whole trick.

    Raises:
        TrickError: the trick cannot occur.

    Examples:
        >>> from wizardrules import parse_cards
        >>> led_suit(parse_cards("J J Y4 R9")), led_suit(parse_cards("J W R9"))
        (<Suit.YELLOW: 'Y'>, None)
    """
    return _led(_checked(trick))


def _led(cards: Sequence[Card]) -> Suit | None:
    for card in cards:
        role = _ROLES[card]
        if role is _Role.SUITED:
            return card.suit
        if role in _FREEING:
            return None
    return None


def legal_plays(hand: Iterable[Card], trick: Sequence[Card]) -> frozenset[Card]:
    """The cards of `hand` that may be played to `trick` (R5.3).

    A player holding the led suit must play it, a Wizard or a Jester; special cards may
    always be played (R8). Without the led suit, or while no suit is led, anything goes.
    Cards that need a declaration are returned as held (`CLOUD`), to be declared when
    played.

    Raises:
        TrickError: the hand or trick cannot occur (duplicates, a declared card in hand,
            a card both in hand and in the trick, the Werewolf in hand).

    Examples:
        >>> from wizardrules import parse_cards
        >>> sorted(str(c) for c in legal_plays(parse_cards("R3 B7 W"), parse_cards("B2")))
        ['B7', 'W']
    """
    cards = _checked(trick)
    held = as_tuple(hand, "hand", TrickError, limit=MAX_DECK_SIZE, what_de="Hand")
    for card in held:
        if card.__class__ is Card and _HOLDABLE[card]:  # one dict look-up in the common case
            continue
        if not isinstance(card, Card):
            raise TrickError(
                f"hand {_show(c for c in held if isinstance(c, Card))}: {shown(card)} is not a Card",
                german=f"Hand {_show(c for c in held if isinstance(c, Card))}: {shown(card)} ist keine Karte",
            )
        if card.undeclared != card:
            raise TrickError(
                f"hand {_show(held)}: {card} is declared; a hand holds cards as dealt",
                german=f"Hand {_show(held)}: {card} ist festgelegt; eine Hand hält die Karten, wie sie gegeben sind",
            )
        if card.kind is CardKind.WEREWOLF:
            raise TrickError(
                f"hand {_show(held)}: the Werewolf is never played; it is swapped before bidding (R8.6)",
                german=f"Hand {_show(held)}: der Werwolf wird nie gespielt; er wird vor den Ansagen getauscht (R8.6)",
            )
    _check_copies(held + tuple(cards), "hand and trick")
    suit = _led(cards)
    if suit is not None:
        following = frozenset(c for c in held if c.kind is CardKind.SUIT and c.suit is suit)
        if following:
            return following | frozenset(c for c in held if c.kind is not CardKind.SUIT)
    return frozenset(held)


def decide_trick(trick: Sequence[Card], trump: Suit | None) -> TrickDecision:
    """Decide a trick and say which rule did (R5.4, R8.9).

    Raises:
        TrickError: the trick is empty or cannot occur.

    Examples:
        >>> from wizardrules import Suit, parse_cards
        >>> decide_trick(parse_cards("B13 R2 B9"), Suit.RED).reason
        <WinReason.HIGHEST_TRUMP: 'the highest trump wins'>
    """
    cards = _checked(trick)
    if not cards:
        raise TrickError(
            "trick '': an empty trick has no winner", german="Stich '': ein leerer Stich hat keinen Gewinner"
        )
    if trump is not None and not isinstance(trump, Suit):
        raise TrickError(f"trump {shown(trump)} is not a Suit or None")
    index, reason = _would_win(cards, trump)
    if any(_ROLES[c] is _Role.BOMB for c in cards):
        return TrickDecision(winner=None, would_be_winner=index, reason=WinReason.BOMB, deciding_reason=reason)
    return TrickDecision(winner=index, would_be_winner=index, reason=reason, deciding_reason=reason)


_WIZARD_KEY: Final = 300
_TRUMP_KEY: Final = 200
_LED_KEY: Final = 100
_KEY_REASONS: Final = ((_WIZARD_KEY, WinReason.FIRST_WIZARD), (_TRUMP_KEY, WinReason.HIGHEST_TRUMP))


def win_key(card: Card, trump: Suit | None, led: Suit | None) -> int:
    """How strongly `card` holds a trick with this trump and led suit (R5.4): the first card of the highest key wins.

    A Wizard (or a Shapeshifter declared one) outranks every trump, a trump every card of the
    led suit, each by rank within its suit (a Juggler is 7½, a Cloud 9¾); every other card
    (a Jester, another suit, the Fairy, the Bomb) has key 0. Equal keys keep the earlier
    card, so the first Wizard wins. The Dragon and the Fairy (R8.4, R8.5) are decided before
    the keys are asked, and a trick whose highest key is 0 (Jesters and special cards only) by
    its own rule (R5.4 (4), R8.9). The engine and the compiled kernels read this function's
    answers as tables (`wizardrules._tables.win_keys`).

    Examples:
        >>> from wizardrules import Card, Suit
        >>> [win_key(Card.parse(text), Suit.RED, Suit.BLUE) for text in ("W", "R2", "B13", "G13", "J")]
        [300, 208, 152, 0, 0]
    """
    role = _ROLES[card]
    if role is _Role.WIZARD:
        return _WIZARD_KEY
    if role is _Role.SUITED:
        if card.suit is trump:
            return _TRUMP_KEY + _STRENGTHS[card]
        if card.suit is led:
            return _LED_KEY + _STRENGTHS[card]
    return 0


def _would_win(cards: Sequence[Card], trump: Suit | None) -> tuple[int, WinReason]:
    roles = [_ROLES[c] for c in cards]
    if _Role.DRAGON in roles:
        if _Role.FAIRY in roles:
            return roles.index(_Role.FAIRY), WinReason.FAIRY_BEATS_DRAGON
        return roles.index(_Role.DRAGON), WinReason.DRAGON
    led = _led(cards)
    best, best_key = 0, win_key(cards[0], trump, led)
    for i in range(1, len(cards)):
        key = win_key(cards[i], trump, led)
        if key > best_key:
            best, best_key = i, key
    if best_key >= _LED_KEY:
        reason = next((r for floor, r in _KEY_REASONS if best_key >= floor), WinReason.HIGHEST_LED)
        return best, reason
    if _Role.JESTER in roles:
        return roles.index(_Role.JESTER), WinReason.FIRST_JESTER
    if _Role.FAIRY in roles:
        return roles.index(_Role.FAIRY), WinReason.ONLY_FAIRY
    return 0, WinReason.BOMB  # a trick of Bombs alone: the first card leads on


def trick_winner(trick: Sequence[Card], trump: Suit | None) -> int | None:
    """Index in play order of the card that wins `trick` under `trump` (R5.4, R8.9).

    `None` only when a Bomb voids the trick (R8.1); see
    [`would_be_winner`][wizardrules.would_be_winner] for who leads next then.

    Raises:
        TrickError: the trick is empty or cannot occur.

    Examples:
        >>> from wizardrules import Suit, parse_cards
        >>> trick_winner(parse_cards("Y7 Y11 R13"), Suit.BLUE)
        1
        >>> trick_winner(parse_cards("J J J"), Suit.YELLOW)
        0
    """
    return decide_trick(trick, trump).winner


def would_be_winner(trick: Sequence[Card], trump: Suit | None) -> int:
    """Index of the card that wins `trick` when any Bomb is ignored (R8.1).

    Its player leads the next trick, also after a Bomb voided this one.

    Examples:
        >>> from wizardrules import Suit, parse_cards
        >>> would_be_winner(parse_cards("R3 BOMB R9"), Suit.GREEN)
        2
    """
    return decide_trick(trick, trump).would_be_winner


def _card_tuple(cards: Iterable[Card]) -> tuple[Card, ...]:
    return as_tuple(cards, "trick", TrickError, limit=MAX_DECK_SIZE)


@frozen(kw_only=True)
class Trick:
    """A trick in progress or complete: the cards with the seats that played them.

    Seats run clockwise from the leader: the card at index `i` was played by seat
    `(leader + i) % players`.

    Attributes:
        leader: the seat that led.
        players: the number of players, so a complete trick has this many cards.
        trump: the round's trump suit, or `None`.
        cards: the cards played so far, in play order.

    Examples:
        >>> from wizardrules import Card, Suit, Trick
        >>> trick = Trick(leader=2, players=3, trump=Suit.RED)
        >>> for text in ("B13", "R2", "B9"):
        ...     trick = trick.add(Card.parse(text))
        >>> trick.seats, trick.winner, trick.led_suit
        ((2, 0, 1), 0, <Suit.BLUE: 'B'>)
    """

    leader: int
    players: int
    trump: Suit | None
    cards: tuple[Card, ...] = field(default=(), converter=_card_tuple)

    def __attrs_post_init__(self) -> None:
        if not whole(self.players, MIN_PLAYERS, MAX_PLAYERS):
            raise TrickError(f"players {shown(self.players)} must be {MIN_PLAYERS}..{MAX_PLAYERS} (R2.1)")
        if not whole(self.leader, 0, self.players - 1):
            raise TrickError(f"leader {shown(self.leader)} must be a seat 0..{self.players - 1}")
        if self.trump is not None and not isinstance(self.trump, Suit):
            raise TrickError(f"trump {shown(self.trump)} is not a Suit or None")
        if len(self.cards) > self.players:
            raise TrickError(
                f"trick {_show(self.cards)}: more cards than the {self.players} players",
                german=f"Stich {_show(self.cards)}: mehr Karten als die {self.players} Spieler",
            )
        _checked(self.cards)

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat that played each card, in play order."""
        return tuple((self.leader + i) % self.players for i in range(len(self.cards)))

    @property
    def to_play(self) -> int | None:
        """The seat to play next, `None` when the trick is complete."""
        if self.is_complete:
            return None
        return (self.leader + len(self.cards)) % self.players

    @property
    def is_complete(self) -> bool:
        """Whether every player has played."""
        return len(self.cards) == self.players

    @property
    def led_suit(self) -> Suit | None:
        """The suit to follow so far (R5.2)."""
        return _led(self.cards)

    def add(self, card: Card) -> Trick:
        """This trick with `card` played by the next seat.

        Raises:
            TrickError: the trick is complete or the card cannot join it.
        """
        if self.is_complete:
            raise TrickError(
                f"trick {_show(self.cards)} is complete; {_show((card,))} cannot join it",
                german=f"Stich {_show(self.cards)} ist vollständig; {_show((card,))} kommt nicht mehr dazu",
            )
        return Trick(leader=self.leader, players=self.players, trump=self.trump, cards=(*self.cards, card))

    @property
    def decision(self) -> TrickDecision | None:
        """How the trick is decided, `None` while it is incomplete."""
        if not self.is_complete:
            return None
        return decide_trick(self.cards, self.trump)

    @property
    def winner(self) -> int | None:
        """The winning seat; `None` while incomplete or when a Bomb voided it (R8.1)."""
        decision = self.decision
        if decision is None or decision.winner is None:
            return None
        return (self.leader + decision.winner) % self.players

    @property
    def next_leader(self) -> int | None:
        """The seat that leads the next trick (R5.1, R8.1); `None` while incomplete."""
        decision = self.decision
        if decision is None:
            return None
        return (self.leader + decision.would_be_winner) % self.players

    def to_text(self, *, language: Language = Language.EN, names: Sequence[str] | None = None) -> str:
        """The trick in words: who played what, the trump, and who is to play or who won.

        `str(trick)` is the English text with seats as `Seat 2`; give `names` (one per seat)
        to name the players.

        Raises:
            CardError: `language` is not a `Language`.
            PlayerError: `names` is not a name per seat.

        Examples:
            >>> from wizardrules import Card, Suit, Trick, parse_cards
            >>> trick = Trick(leader=2, players=3, trump=Suit.RED, cards=parse_cards("B13 R2 B9"))
            >>> print(trick)
            Seat 2 Blue 13, Seat 0 Red 2, Seat 1 Blue 9 (trump red): Seat 0 wins the trick with Red 2
            >>> print(Trick(leader=1, players=3, trump=None).to_text(language=Language.DE, names=["Ann", "Ben", "Cem"]))
            Ben spielt aus; noch keine Karten
        """
        lang = checked_language(language)
        named = checked_names(names)
        if not self.cards:
            return sentence("leads", lang, who=seat_label(self.leader, named, lang))
        played = ", ".join(
            f"{seat_label(seat, named, lang)} {card.display(lang)}"
            for seat, card in zip(self.seats, self.cards, strict=True)
        )
        text = f"{played} ({trump_text(self.trump, lang)})"
        to_play = self.to_play
        if to_play is not None:
            return f"{text}; {sentence('to play', lang, who=seat_label(to_play, named, lang))}"
        decision = decide_trick(self.cards, self.trump)
        if decision.winner is None:
            leader = (self.leader + decision.would_be_winner) % self.players
            return f"{text}: {sentence('trick voided', lang, who=seat_label(leader, named, lang))}"
        winner = (self.leader + decision.winner) % self.players
        card = card_with(self.cards[decision.winner], lang)
        return f"{text}: {sentence('trick won', lang, who=seat_label(winner, named, lang), card=card)}"

    def __str__(self) -> str:
        return self.to_text()

    def _repr_svg_(self) -> str | None:
        """The trick as SVG for notebooks, drawn by `wizardrules.svg`."""
        return _lazy.render(_lazy.Picture.TRICK, self)
