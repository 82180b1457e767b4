"""Cards, notation and decks (RULES R1).

Cards are flyweights: every card that can exist is created once when the module is
imported, and [`Card.parse`][wizardrules.Card.parse], [`Card.suited`][wizardrules.Card.suited]
and the constants ([`Card.WIZARD`][wizardrules.Card.WIZARD], ...) hand out those shared
instances, so playing a card never allocates.

Examples:
    >>> from wizardrules import Card, Suit, parse_cards
    >>> Card.parse("g13") is Card.suited(Suit.GREEN, 13)
    True
    >>> [str(card) for card in sorted(parse_cards("W R13 j B2 Z"))]
    ['J', 'R13', 'B2', 'W', 'W']
"""

from __future__ import annotations

import enum
import random
import re
from collections.abc import Iterable, Iterator
from typing import Any, ClassVar, Final

from attrs import field, frozen

from wizardrules import _lazy
from wizardrules._convert import members_of, shown
from wizardrules.errors import CardError, NotationError

__all__ = [
    "ALL_CARDS",
    "Card",
    "CardKind",
    "Deck",
    "Language",
    "Special",
    "Suit",
    "parse_cards",
]


class Language(enum.Enum):
    """Language of display names (R1.3)."""

    EN = "en"
    DE = "de"


class Suit(enum.Enum):
    """The four suits (R1.1), valued by their notation letter (R1.2).

    `str(suit)` is the suit's English name as it stands in a sentence (`green`);
    `to_text(language=Language.DE)` gives the German one (`Grün`).

    Examples:
        >>> Suit.GREEN.letter, Suit.GREEN.symbol, Suit.GREEN.display(Language.DE), str(Suit.GREEN)
        ('G', '■', 'Grün', 'green')
    """

    RED = "R"
    YELLOW = "Y"
    GREEN = "G"
    BLUE = "B"

    @property
    def letter(self) -> str:
        """The one-letter notation of the suit (R1.2)."""
        return self.value

    @property
    def index(self) -> int:
        """Position 0..3 in the order red, yellow, green, blue."""
        return _SUIT_INDEX[self]

    @property
    def symbol(self) -> str:
        """A colour-blind-safe symbol: a distinct shape per suit (R1.3)."""
        return _SUIT_SYMBOL[self]

    def display(self, lang: Language = Language.EN) -> str:
        """The suit's display name in English or German (R1.3).

        Raises:
            CardError: `lang` is not a `Language`.
        """
        return _SUIT_NAMES[self][_is_german(lang)]

    def to_text(self, *, language: Language = Language.EN) -> str:
        """The suit as it stands in a sentence: `red` in English, `Rot` in German (R1.3).

        `str(suit)` is the English form; the notation letter is `letter`.

        Raises:
            CardError: `language` is not a `Language`.

        Examples:
            >>> str(Suit.GREEN), Suit.GREEN.to_text(language=Language.DE)
            ('green', 'Grün')
        """
        german = _is_german(language, "language")
        name = _SUIT_NAMES[self][german]
        return name if german else name.lower()

    def __str__(self) -> str:
        return _SUIT_NAMES[self][0].lower()

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its letter or its English or German name.

        Raises:
            NotationError: the text names no suit.

        Examples:
            >>> Suit.parse("grün"), Suit.parse("b")
            (<Suit.GREEN: 'G'>, <Suit.BLUE: 'B'>)
        """
        found = _SUIT_WORDS.get(text.strip().casefold()) if isinstance(text, str) else None
        if found is None:
            raise NotationError(f"{shown(text)} is not a suit: expected one of R, Y, G, B or a suit name")
        return found


def _is_german(lang: Language, what: str = "lang") -> bool:
    if not isinstance(lang, Language):
        raise CardError(f"{what} {shown(lang)}: expected Language.EN or Language.DE")
    return lang is Language.DE


_SUIT_INDEX: Final = {suit: i for i, suit in enumerate(Suit)}
_SUIT_SYMBOL: Final = {Suit.RED: "▲", Suit.YELLOW: "●", Suit.GREEN: "■", Suit.BLUE: "◆"}
_SUIT_NAMES: Final = {
    Suit.RED: ("Red", "Rot"),
    Suit.YELLOW: ("Yellow", "Gelb"),
    Suit.GREEN: ("Green", "Grün"),
    Suit.BLUE: ("Blue", "Blau"),
}
_SUIT_WORDS: Final = {
    **{suit.letter.casefold(): suit for suit in Suit},
    **{name.casefold(): suit for suit, names in _SUIT_NAMES.items() for name in names},
    "gruen": Suit.GREEN,
}


class CardKind(enum.Enum):
    """What a card is: a suit card, a Wizard, a Jester or one of the special cards (R8)."""

    SUIT = "suit"
    WIZARD = "W"
    JESTER = "J"
    DRAGON = "DRAGON"
    FAIRY = "FAIRY"
    BOMB = "BOMB"
    WEREWOLF = "WEREWOLF"
    JUGGLER = "JUGGLER"
    CLOUD = "CLOUD"
    SHAPESHIFTER = "SHAPESHIFTER"


class Special(enum.Enum):
    """The seven special cards of the anniversary editions (R8), one copy each in a deck."""

    DRAGON = "DRAGON"
    FAIRY = "FAIRY"
    BOMB = "BOMB"
    WEREWOLF = "WEREWOLF"
    JUGGLER = "JUGGLER"
    CLOUD = "CLOUD"
    SHAPESHIFTER = "SHAPESHIFTER"

    @property
    def kind(self) -> CardKind:
        """The card kind of this special card."""
        return CardKind[self.name]

    @property
    def card(self) -> Card:
        """The card itself, as dealt (undeclared)."""
        return _SPECIAL_CARDS[self]


_NAMES: Final = {
    CardKind.WIZARD: ("Wizard", "Zauberer"),
    CardKind.JESTER: ("Jester", "Narr"),
    CardKind.DRAGON: ("Dragon", "Drache"),
    CardKind.FAIRY: ("Fairy", "Fee"),
    CardKind.BOMB: ("Bomb", "Bombe"),
    CardKind.WEREWOLF: ("Werewolf", "Werwolf"),
    CardKind.JUGGLER: ("Juggler", "Jongleur"),
    CardKind.CLOUD: ("Cloud", "Wolke"),
    CardKind.SHAPESHIFTER: ("Shapeshifter", "Gestaltwandler"),
}
_DECLARABLE_SUIT: Final = frozenset({CardKind.CLOUD, CardKind.JUGGLER})
_ROLES: Final = (CardKind.WIZARD, CardKind.JESTER)


@frozen(cache_hash=True)
class Card:
    """One card (R1.1), or a special card as played with its declaration (R1.2, R8).

    Cards compare equal by value and are shared instances: use
    [`Card.parse`][wizardrules.Card.parse], [`Card.suited`][wizardrules.Card.suited] or the
    class constants rather than the constructor; copies and pickles of a card are the shared
    card itself, and `Card` cannot be subclassed. Cards sort in display order: Jesters,
    suit cards by suit (red, yellow, green, blue) then rank, Wizards, then the special
    cards in the order of R1.2, a declared card right after its undeclared form.

    Attributes:
        kind: what the card is.
        suit: the suit of a suit card, or the suit declared for a Cloud or Juggler.
        rank: 1..13 for suit cards, 0 otherwise.
        role: `CardKind.WIZARD` or `CardKind.JESTER` for a declared Shapeshifter.

    Examples:
        >>> card = Card.parse("CLOUD:r")
        >>> card, str(card), card.suit
        (Card.parse('CLOUD:R'), 'CLOUD:R', <Suit.RED: 'R'>)
    """

    kind: CardKind
    suit: Suit | None = None
    rank: int = 0
    role: CardKind | None = None
    _key: int = field(init=False, eq=False, repr=False, hash=False, default=-1)

    WIZARD: ClassVar[Card]
    JESTER: ClassVar[Card]
    DRAGON: ClassVar[Card]
    FAIRY: ClassVar[Card]
    BOMB: ClassVar[Card]
    WEREWOLF: ClassVar[Card]
    JUGGLER: ClassVar[Card]
    CLOUD: ClassVar[Card]
    SHAPESHIFTER: ClassVar[Card]

    def __init_subclass__(cls, **kwargs: object) -> None:
        """Cards are one class: the rules look cards up by value, and a subclass's cards equal none of them."""
        raise CardError(f"{cls.__name__}: Card cannot be subclassed; use the cards Card.parse and Card.suited hand out")

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Pickle as the notation, so that unpickling gives the shared card back (as process pools do)."""
        return (Card.parse, (_TEXT[self],))

    def __copy__(self) -> Card:
        """Cards are immutable and shared: a copy is the card itself."""
        return self

    def __deepcopy__(self, memo: object) -> Card:
        """Cards are immutable and shared: a deep copy is the card itself."""
        return self

    def __attrs_post_init__(self) -> None:
        problem = _card_problem(self.kind, self.suit, self.rank, self.role)
        if problem:
            parts = ", ".join(shown(value) for value in (self.kind, self.suit, self.rank, self.role))
            raise CardError(f"no such card ({parts}): {problem}")
        object.__setattr__(self, "_key", _sort_key(self.kind, self.suit, self.rank, self.role))

    # -- construction ---------------------------------------------------------------

    @classmethod
    def suited(cls, suit: Suit, rank: int) -> Card:
        """The suit card of `suit` and `rank` (1..13).

        Raises:
            CardError: the rank is outside 1..13.
        """
        if not isinstance(suit, Suit):
            raise CardError(f"no suit card for suit {shown(suit)}: expected a Suit")
        card = _INTERNED.get((CardKind.SUIT, suit, rank, None)) if type(rank) is int else None
        if card is None:
            raise CardError(f"no suit card {suit.name} {shown(rank)}: rank must be a whole number 1..13")
        return card

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card in the notation of R1.2.

        Parsing is case-insensitive and accepts `Z` (Zauberer) for `W` and `N` (Narr)
        for `J`, and the German names of the special cards.

        Raises:
            NotationError: the text is not a card; the message says why.

        Examples:
            >>> Card.parse("z"), Card.parse(" b10 ")
            (Card.parse('W'), Card.parse('B10'))
        """
        if not isinstance(text, str):
            raise NotationError(f"{shown(text)} is not a card: expected text")
        key = text.strip()
        card = _BY_TEXT.get(key.upper()) if key.isascii() else None
        if card is None:
            raise NotationError(_notation_problem(text, key))
        return card

    # -- reading --------------------------------------------------------------------

    @property
    def is_suit_card(self) -> bool:
        """True for the 52 cards with a suit and rank."""
        return self.kind is CardKind.SUIT

    @property
    def is_special(self) -> bool:
        """True for the special cards of R8 (declared or not)."""
        return self.kind not in (CardKind.SUIT, CardKind.WIZARD, CardKind.JESTER)

    @property
    def needs_declaration(self) -> bool:
        """True for a Cloud, Juggler or Shapeshifter not yet declared (R8.2, R8.3, R8.7)."""
        if self.kind in _DECLARABLE_SUIT:
            return self.suit is None
        return self.kind is CardKind.SHAPESHIFTER and self.role is None

    @property
    def undeclared(self) -> Card:
        """The card as held in a hand: a declared Cloud, Juggler or Shapeshifter without its declaration."""
        if self.kind in _DECLARABLE_SUIT or self.kind is CardKind.SHAPESHIFTER:
            return _INTERNED[(self.kind, None, 0, None)]
        return self

    def declared(self, choice: Suit | CardKind) -> Card:
        """This Cloud or Juggler with a suit, or this Shapeshifter with a role.

        Raises:
            CardError: the card takes no such declaration.

        Examples:
            >>> str(Card.SHAPESHIFTER.declared(CardKind.JESTER))
            'SHAPESHIFTER:J'
        """
        if isinstance(choice, Suit) and self.kind in _DECLARABLE_SUIT:
            return _INTERNED[(self.kind, choice, 0, None)]
        if self.kind is CardKind.SHAPESHIFTER and choice in _ROLES:
            return _INTERNED[(self.kind, None, 0, choice)]
        raise CardError(f"{self} cannot be declared as {shown(choice)}")

    def declarations(self) -> tuple[Card, ...]:
        """Every declared form of this card, or `(self,)` for cards that need none."""
        if self.kind in _DECLARABLE_SUIT:
            return tuple(_INTERNED[(self.kind, suit, 0, None)] for suit in Suit)
        if self.kind is CardKind.SHAPESHIFTER:
            return tuple(_INTERNED[(self.kind, None, 0, role)] for role in _ROLES)
        return (self,)

    def display(self, lang: Language = Language.EN, *, symbols: bool = False) -> str:
        """The card's display name (R1.3).

        Args:
            lang: English or German names.
            symbols: write the suit as its colour-blind-safe symbol instead of its name.

        Examples:
            >>> card = Card.parse("G7")
            >>> card.display(), card.display(Language.DE), card.display(symbols=True)
            ('Green 7', 'Grün 7', '■7')
        """
        de = _is_german(lang)
        if self.kind is CardKind.SUIT:
            assert self.suit is not None  # noqa: S101 - guaranteed by the validator
            if symbols:
                return f"{self.suit.symbol}{self.rank}"
            return f"{self.suit.display(lang)} {self.rank}"
        name = _NAMES[self.kind][de]
        if self.suit is not None:
            declared = self.suit.symbol if symbols else self.suit.display(lang)
            return f"{name} ({declared})"
        if self.role is not None:
            return f"{name} ({_NAMES[self.role][de]})"
        return name

    def to_text(self, *, language: Language = Language.EN) -> str:
        """The card's name for people, as [`display`][wizardrules.Card.display] writes it (R1.3).

        `str(card)` stays the notation of R1.2 (`G7`, `W`, `CLOUD:R`), which parses back.

        Raises:
            CardError: `language` is not a `Language`.

        Examples:
            >>> card = Card.parse("CLOUD:G")
            >>> str(card), card.to_text(), card.to_text(language=Language.DE)
            ('CLOUD:G', 'Cloud (Green)', 'Wolke (Grün)')
        """
        _is_german(language, "language")
        return self.display(language)

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Card.parse({_TEXT[self]!r})"

    def _repr_svg_(self) -> str | None:
        """The card's face as SVG for notebooks, drawn by `wizardrules.svg`."""
        return _lazy.render(_lazy.Picture.CARD, self)

    def __lt__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self._key < other._key
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self._key <= other._key
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self._key > other._key
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self._key >= other._key
        return NotImplemented


def _card_problem(kind: CardKind, suit: Suit | None, rank: int, role: CardKind | None) -> str:
    if not isinstance(kind, CardKind):
        return "kind must be a CardKind"
    if suit is not None and not isinstance(suit, Suit):
        return "suit must be a Suit or None"
    if kind is CardKind.SUIT:
        if suit is None:
            return "a suit card needs a suit"
        if type(rank) is not int or not 1 <= rank <= 13:
            return "a suit card's rank must be 1..13"
        return "a suit card has no role" if role is not None else ""
    if type(rank) is not int or rank != 0:
        return f"a {kind.name} has no rank"
    if suit is not None and kind not in _DECLARABLE_SUIT:
        return f"a {kind.name} has no suit"
    if role is not None and (kind is not CardKind.SHAPESHIFTER or role not in _ROLES):
        return "only a Shapeshifter takes a role, Wizard or Jester"
    return ""


_KIND_ORDER: Final = {kind: i for i, kind in enumerate(CardKind)}


def _sort_key(kind: CardKind, suit: Suit | None, rank: int, role: CardKind | None) -> int:
    if kind is CardKind.JESTER:
        return 0
    if kind is CardKind.SUIT:
        assert suit is not None  # noqa: S101 - checked by _card_problem first
        return 1 + _SUIT_INDEX[suit] * 13 + rank
    base = 100 + _KIND_ORDER[kind] * 10
    if suit is not None:
        return base + 1 + _SUIT_INDEX[suit]
    if role is not None:
        return base + 5 + _ROLES.index(role)
    return base


def _all_cards() -> list[Card]:
    cards = [Card(CardKind.JESTER)]
    cards += [Card(CardKind.SUIT, suit, rank) for suit in Suit for rank in range(1, 14)]
    cards.append(Card(CardKind.WIZARD))
    for special in Special:
        cards.append(Card(special.kind))
        if special.kind in _DECLARABLE_SUIT:
            cards += [Card(special.kind, suit) for suit in Suit]
        elif special.kind is CardKind.SHAPESHIFTER:
            cards += [Card(special.kind, role=role) for role in _ROLES]
    return cards


def _notation(card: Card) -> str:
    if card.kind is CardKind.SUIT:
        assert card.suit is not None  # noqa: S101 - suit cards always have a suit
        return f"{card.suit.letter}{card.rank}"
    if card.suit is not None:
        return f"{card.kind.value}:{card.suit.letter}"
    if card.role is not None:
        return f"{card.kind.value}:{card.role.value}"
    return str(card.kind.value)


_ALL: Final[tuple[Card, ...]] = tuple(_all_cards())
_INTERNED: Final = {(c.kind, c.suit, c.rank, c.role): c for c in _ALL}
_TEXT: Final[dict[Card, str]] = {c: _notation(c) for c in _ALL}
_SPECIAL_CARDS: Final = {s: _INTERNED[(s.kind, None, 0, None)] for s in Special}
_GERMAN_SPECIAL: Final = {_NAMES[s.kind][1].upper(): s.value for s in Special}


def _text_table() -> dict[str, Card]:
    table = {text: card for card, text in _TEXT.items()}
    table["Z"] = table["W"]
    table["N"] = table["J"]
    for text, card in list(table.items()):
        head, sep, tail = text.partition(":")
        german = {v: k for k, v in _GERMAN_SPECIAL.items()}.get(head)
        if german is not None:
            table[german + sep + tail] = card
        if tail == "W":
            table[head + ":Z"] = card
            if german is not None:
                table[german + ":Z"] = card
        if tail == "J":
            table[head + ":N"] = card
            if german is not None:
                table[german + ":N"] = card
    return table


_BY_TEXT: Final = _text_table()
_SUIT_RANK: Final = re.compile(r"([A-Z])([0-9]+)")


def _notation_problem(text: str, key: str) -> str:
    if not key:
        return f"{shown(text)} is not a card: the text is empty"
    if not key.isascii():
        return f"{shown(text)} is not a card: card notation uses ASCII letters and digits only"
    key = key.upper()
    match = _SUIT_RANK.fullmatch(key)
    if match:
        letter, digits = match.groups()
        if letter not in "RYGB":
            return f"{shown(text)} is not a card: {letter!r} is not a suit letter (R, Y, G, B)"
        rank = digits.lstrip("0") or "0"
        if rank not in (digits, "0"):
            return f"{shown(text)} is not a card: write the rank without leading zeros ({letter}{rank[:8]})"
        digits = rank if len(rank) <= 8 else f"{rank[:8]}… ({len(rank)} digits)"
        return f"{shown(text)}: rank {digits} is outside 1..13"
    head, sep, tail = key.partition(":")
    if sep and (head in _GERMAN_SPECIAL or head in {s.value for s in Special}):
        return f"{shown(text)} is not a card: {shown(tail)} is not a declaration this card takes"
    return (
        f"{shown(text)} is not a card: expected a suit letter and rank (R13, Y1, G7, B10), W, J, or a special card name"
    )


STANDARD_DECK_SIZE: Final = 60
"""Cards in the standard deck (R1.1)."""
MAX_DECK_SIZE: Final = STANDARD_DECK_SIZE + len(Special)
"""Cards in the largest deck: the standard deck and all seven special cards (R1.4)."""
MIN_PLAYERS: Final = 3
"""Fewest players of a game (R2.1)."""
MAX_PLAYERS: Final = 6
"""Most players of a game (R2.1), and so the most cards in a trick."""

ALL_CARDS: Final[tuple[Card, ...]] = _ALL
"""Every card that can exist, once each, declared forms included, in display order."""

Card.WIZARD = _INTERNED[(CardKind.WIZARD, None, 0, None)]
Card.JESTER = _INTERNED[(CardKind.JESTER, None, 0, None)]
Card.DRAGON = _SPECIAL_CARDS[Special.DRAGON]
Card.FAIRY = _SPECIAL_CARDS[Special.FAIRY]
Card.BOMB = _SPECIAL_CARDS[Special.BOMB]
Card.WEREWOLF = _SPECIAL_CARDS[Special.WEREWOLF]
Card.JUGGLER = _SPECIAL_CARDS[Special.JUGGLER]
Card.CLOUD = _SPECIAL_CARDS[Special.CLOUD]
Card.SHAPESHIFTER = _SPECIAL_CARDS[Special.SHAPESHIFTER]

_SEPARATORS: Final = re.compile(r"[\s,]+")


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces and/or commas (R1.2); empty text gives `()`.

    Raises:
        NotationError: a part is not a card; the message names it.

    Examples:
        >>> parse_cards("B9, W G13 w")
        (Card.parse('B9'), Card.parse('W'), Card.parse('G13'), Card.parse('W'))
    """
    if not isinstance(text, str):
        raise NotationError(f"{shown(text)} is not card notation: expected text")
    return tuple(Card.parse(part) for part in _SEPARATORS.split(text.strip()) if part)


_STANDARD_CARDS: Final = tuple(c for c in _ALL if c.kind is CardKind.SUIT) + (Card.WIZARD,) * 4 + (Card.JESTER,) * 4


def _special_set(values: Iterable[Special]) -> frozenset[Special]:
    return members_of(Special, values, "specials", CardError)


@frozen
class Deck:
    """A deck: the 60 standard cards (R1.1) plus any chosen special cards (R1.4).

    Attributes:
        specials: the special cards in the deck, one copy each (R8).

    Examples:
        >>> len(Deck()), len(Deck(specials=frozenset({Special.BOMB, Special.CLOUD})))
        (60, 62)
    """

    specials: frozenset[Special] = field(default=frozenset(), converter=_special_set)

    @classmethod
    def standard(cls) -> Deck:
        """The 60-card deck of R1.1."""
        return cls()

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the deck in display order; Wizards and Jesters appear four times."""
        extra = tuple(s.card for s in Special if s in self.specials)
        return _STANDARD_CARDS + extra

    def __len__(self) -> int:
        return 60 + len(self.specials)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        """Whether the deck holds `card` as dealt (a declared Cloud is not in any deck)."""
        return card in self.cards

    def shuffled(self, rng: random.Random | int) -> tuple[Card, ...]:
        """The deck's cards in a random order drawn from `rng`, a `random.Random` or a seed (R2.6).

        Raises:
            CardError: `rng` is neither a `random.Random` nor an integer seed.

        Examples:
            >>> Deck().shuffled(7) == Deck().shuffled(random.Random(7))
            True
        """
        if type(rng) is int:
            rng = random.Random(rng)
        if not isinstance(rng, random.Random):
            raise CardError(f"rng {shown(rng)}: expected a random.Random or an integer seed (R2.6)")
        cards = list(self.cards)
        rng.shuffle(cards)
        return tuple(cards)
