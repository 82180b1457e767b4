"""Tests of RULES R1 (cards, notation, display names and decks) for `wizardrules.cards`.

Also covers the deck side of R2.6 (`Deck.shuffled` draws only from an explicit
`random.Random`) and the declared forms of the special cards as notation (R1.2, R8).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Final

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wizardrules import (
    Card,
    CardError,
    CardKind,
    Deck,
    Language,
    NotationError,
    Special,
    Suit,
    WizardRulesError,
    parse_cards,
)
from wizardrules.cards import ALL_CARDS

SUIT_ORDER: Final = (Suit.RED, Suit.YELLOW, Suit.GREEN, Suit.BLUE)
SPECIAL_ORDER: Final = (
    CardKind.DRAGON,
    CardKind.FAIRY,
    CardKind.BOMB,
    CardKind.WEREWOLF,
    CardKind.JUGGLER,
    CardKind.CLOUD,
    CardKind.SHAPESHIFTER,
)
ROLE_ORDER: Final = (CardKind.WIZARD, CardKind.JESTER)
GERMAN_SPECIAL_NAMES: Final = {
    "DRACHE": "DRAGON",
    "FEE": "FAIRY",
    "BOMBE": "BOMB",
    "WERWOLF": "WEREWOLF",
    "JONGLEUR": "JUGGLER",
    "WOLKE": "CLOUD",
    "GESTALTWANDLER": "SHAPESHIFTER",
}
SEPARATORS: Final = (" ", ",", ", ", " ,", " , ", ",,", "\t", "\n", "  ")
NOTATION_ALPHABET: Final = "RYGBWJZNrygbwjzn0123456789:, CLOUDRAGNFIYSHPE\t"

cards_st: st.SearchStrategy[Card] = st.sampled_from(ALL_CARDS)
suits_st: st.SearchStrategy[Suit] = st.sampled_from(Suit)
garbage_st: st.SearchStrategy[str] = st.one_of(st.text(), st.text(alphabet=NOTATION_ALPHABET, max_size=20))


def expected_position(card: Card) -> tuple[int, int, int]:
    """The documented display order, written independently of the library."""
    if card.kind is CardKind.JESTER:
        return (0, 0, 0)
    if card.kind is CardKind.SUIT:
        assert card.suit is not None
        return (1, SUIT_ORDER.index(card.suit), card.rank)
    if card.kind is CardKind.WIZARD:
        return (2, 0, 0)
    declaration = 0
    if card.suit is not None:
        declaration = 1 + SUIT_ORDER.index(card.suit)
    elif card.role is not None:
        declaration = 1 + ROLE_ORDER.index(card.role)
    return (3 + SPECIAL_ORDER.index(card.kind), declaration, 0)


def parse_or_message(text: str) -> Card | str:
    """The parsed card, or the message of the NotationError that parsing raised."""
    try:
        return Card.parse(text)
    except NotationError as error:
        return str(error)


@st.composite
def case_variants(draw: st.DrawFn) -> tuple[Card, str]:
    """A card and its notation in random upper/lower case with surrounding blanks."""
    card = draw(cards_st)
    text = str(card)
    flips = draw(st.lists(st.booleans(), min_size=len(text), max_size=len(text)))
    mixed = "".join(ch.lower() if flip else ch for ch, flip in zip(text, flips, strict=True))
    left = draw(st.sampled_from(("", " ", "\t", "  ")))
    right = draw(st.sampled_from(("", " ", "\n")))
    return card, left + mixed + right


@st.composite
def joined_cards(draw: st.DrawFn) -> tuple[tuple[Card, ...], str]:
    """Cards and their notation joined by spaces and/or commas."""
    cards = tuple(draw(st.lists(cards_st, max_size=12)))
    seps = draw(st.lists(st.sampled_from(SEPARATORS), min_size=len(cards) + 1, max_size=len(cards) + 1))
    text = seps[0] + "".join(str(card) + sep for card, sep in zip(cards, seps[1:], strict=True))
    return cards, text


# -- R1.1 the standard deck ------------------------------------------------------------


def test_r1_1_standard_deck_has_60_cards() -> None:
    """R1.1: 60 cards, 13 per suit with ranks 1..13, four Wizards, four Jesters."""
    deck = Deck()
    assert len(deck) == 60
    assert len(deck.cards) == 60
    assert list(deck) == list(deck.cards)
    kinds = Counter(card.kind for card in deck.cards)
    assert kinds == {CardKind.SUIT: 52, CardKind.WIZARD: 4, CardKind.JESTER: 4}
    for suit in Suit:
        ranks = sorted(card.rank for card in deck.cards if card.suit is suit)
        assert ranks == list(range(1, 14))
    assert Deck.standard() == deck


def test_r1_1_wizards_and_jesters_are_interchangeable() -> None:
    """R1.1: the four Wizards (Jesters) of a deck are one and the same card."""
    cards = Deck().cards
    assert all(card is Card.WIZARD for card in cards if card.kind is CardKind.WIZARD)
    assert all(card is Card.JESTER for card in cards if card.kind is CardKind.JESTER)
    assert Card.parse("W") is Card.parse("Z") is Card.WIZARD
    assert Card.parse("J") is Card.parse("N") is Card.JESTER


def test_r1_1_all_cards_lists_every_card_once() -> None:
    """R1.1, R1.2: ALL_CARDS holds the 52 suit cards, W, J, 7 specials and 10 declared forms."""
    assert len(set(ALL_CARDS)) == len(ALL_CARDS) == 52 + 2 + 7 + 4 + 4 + 2
    full = Deck(specials=frozenset(Special))
    assert set(full.cards) == {card for card in ALL_CARDS if card.undeclared is card}


@pytest.mark.parametrize("suit", list(Suit))
@pytest.mark.parametrize("rank", range(1, 14))
def test_r1_1_suited_returns_the_shared_card(suit: Suit, rank: int) -> None:
    """R1.1: Card.suited gives the flyweight suit card of that suit and rank."""
    card = Card.suited(suit, rank)
    assert card is Card.parse(f"{suit.letter}{rank}")
    assert (card.kind, card.suit, card.rank, card.role) == (CardKind.SUIT, suit, rank, None)
    assert card.is_suit_card
    assert not card.is_special
    assert not card.needs_declaration


@given(suits_st, st.integers().filter(lambda rank: not 1 <= rank <= 13))
def test_r1_1_suited_bad_rank_raises_card_error(suit: Suit, rank: int) -> None:
    """R1.1: a suit card's rank is 1..13; anything else is a CardError (a ValueError)."""
    with pytest.raises(CardError) as info:
        Card.suited(suit, rank)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, WizardRulesError)


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_r1_1_constructor_gives_a_card_equal_to_the_flyweight(card: Card) -> None:
    """R1.1: constructing a possible card by value gives a card equal to the shared one."""
    built = Card(card.kind, card.suit, card.rank, card.role)
    assert built == card
    assert hash(built) == hash(card)
    assert str(built) == str(card)
    assert not built < card
    assert not built > card


IMPOSSIBLE_CARDS: Final[list[Callable[[], Card]]] = [
    lambda: Card(CardKind.SUIT),
    lambda: Card(CardKind.SUIT, Suit.RED),
    lambda: Card(CardKind.SUIT, Suit.RED, 14),
    lambda: Card(CardKind.SUIT, Suit.RED, -1),
    lambda: Card(CardKind.SUIT, None, 5),
    lambda: Card(CardKind.SUIT, Suit.RED, 5, CardKind.WIZARD),
    lambda: Card(CardKind.SUIT, Suit.RED, 5.0),  # type: ignore[arg-type]
    lambda: Card(CardKind.SUIT, Suit.RED, "5"),  # type: ignore[arg-type]
    lambda: Card(CardKind.SUIT, "R", 5),  # type: ignore[arg-type]
    lambda: Card(CardKind.WIZARD, Suit.RED),
    lambda: Card(CardKind.WIZARD, rank=3),
    lambda: Card(CardKind.WIZARD, role=CardKind.WIZARD),
    lambda: Card(CardKind.JESTER, rank=1),
    lambda: Card(CardKind.JESTER, role=CardKind.JESTER),
    lambda: Card(CardKind.DRAGON, Suit.RED),
    lambda: Card(CardKind.FAIRY, role=CardKind.JESTER),
    lambda: Card(CardKind.BOMB, rank=1),
    lambda: Card(CardKind.WEREWOLF, Suit.BLUE),
    lambda: Card(CardKind.CLOUD, rank=9),
    lambda: Card(CardKind.CLOUD, role=CardKind.WIZARD),
    lambda: Card(CardKind.JUGGLER, Suit.GREEN, 7),
    lambda: Card(CardKind.SHAPESHIFTER, Suit.RED),
    lambda: Card(CardKind.SHAPESHIFTER, role=CardKind.DRAGON),
    lambda: Card(CardKind.SHAPESHIFTER, role=CardKind.SUIT),
    lambda: Card("W"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize("make", IMPOSSIBLE_CARDS)
def test_r1_1_impossible_card_raises_card_error(make: Callable[[], Card]) -> None:
    """R1.1: a card value that cannot exist raises CardError."""
    with pytest.raises(CardError):
        make()


@given(
    st.sampled_from(CardKind),
    st.none() | suits_st,
    st.integers(-2, 15),
    st.none() | st.sampled_from(CardKind),
)
def test_r1_1_constructor_accepts_exactly_the_possible_cards(
    kind: CardKind, suit: Suit | None, rank: int, role: CardKind | None
) -> None:
    """R1.1, R1.2: Card(...) succeeds exactly for the values in ALL_CARDS, else CardError."""
    possible = {(c.kind, c.suit, c.rank, c.role) for c in ALL_CARDS}
    try:
        card = Card(kind, suit, rank, role)
    except CardError:
        assert (kind, suit, rank, role) not in possible
    else:
        assert (kind, suit, rank, role) in possible
        assert card in ALL_CARDS
        assert Card.parse(str(card)) == card


# -- R1.2 notation -----------------------------------------------------------------------


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_r1_2_notation_round_trips_for_every_card(card: Card) -> None:
    """R1.2: formatting then parsing gives the identical (shared) card."""
    text = str(card)
    assert Card.parse(text) is card
    assert parse_cards(text) == (card,)
    assert repr(card) == f"Card.parse({text!r})"


@pytest.mark.parametrize(
    ("text", "kind", "suit", "rank", "role"),
    [
        ("R13", CardKind.SUIT, Suit.RED, 13, None),
        ("Y1", CardKind.SUIT, Suit.YELLOW, 1, None),
        ("G7", CardKind.SUIT, Suit.GREEN, 7, None),
        ("B10", CardKind.SUIT, Suit.BLUE, 10, None),
        ("W", CardKind.WIZARD, None, 0, None),
        ("J", CardKind.JESTER, None, 0, None),
        ("DRAGON", CardKind.DRAGON, None, 0, None),
        ("FAIRY", CardKind.FAIRY, None, 0, None),
        ("BOMB", CardKind.BOMB, None, 0, None),
        ("WEREWOLF", CardKind.WEREWOLF, None, 0, None),
        ("JUGGLER", CardKind.JUGGLER, None, 0, None),
        ("CLOUD", CardKind.CLOUD, None, 0, None),
        ("SHAPESHIFTER", CardKind.SHAPESHIFTER, None, 0, None),
        ("CLOUD:R", CardKind.CLOUD, Suit.RED, 0, None),
        ("JUGGLER:G", CardKind.JUGGLER, Suit.GREEN, 0, None),
        ("SHAPESHIFTER:W", CardKind.SHAPESHIFTER, None, 0, CardKind.WIZARD),
        ("SHAPESHIFTER:J", CardKind.SHAPESHIFTER, None, 0, CardKind.JESTER),
    ],
)
def test_r1_2_canonical_notation(
    text: str, kind: CardKind, suit: Suit | None, rank: int, role: CardKind | None
) -> None:
    """R1.2: the canonical English notation names the card, and is what str() writes."""
    card = Card.parse(text)
    assert (card.kind, card.suit, card.rank, card.role) == (kind, suit, rank, role)
    assert str(card) == text


@given(case_variants())
def test_r1_2_parsing_is_case_insensitive(variant: tuple[Card, str]) -> None:
    """R1.2: any mix of upper and lower case (and surrounding blanks) parses to the card."""
    card, text = variant
    assert Card.parse(text) is card


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("Z", "W"),
        ("z", "W"),
        ("N", "J"),
        ("n", "J"),
        ("SHAPESHIFTER:Z", "SHAPESHIFTER:W"),
        ("shapeshifter:n", "SHAPESHIFTER:J"),
    ],
)
def test_r1_2_parse_accepts_german_letters(text: str, canonical: str) -> None:
    """R1.2: Z (Zauberer) means W and N (Narr) means J."""
    assert Card.parse(text) is Card.parse(canonical)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        *((german, english) for german, english in GERMAN_SPECIAL_NAMES.items()),
        ("drache", "DRAGON"),
        ("Fee", "FAIRY"),
        ("WOLKE:R", "CLOUD:R"),
        ("wolke:b", "CLOUD:B"),
        ("Jongleur:G", "JUGGLER:G"),
        ("JONGLEUR:Y", "JUGGLER:Y"),
        ("GESTALTWANDLER:W", "SHAPESHIFTER:W"),
        ("Gestaltwandler:J", "SHAPESHIFTER:J"),
        ("GESTALTWANDLER:Z", "SHAPESHIFTER:W"),
        ("gestaltwandler:n", "SHAPESHIFTER:J"),
    ],
)
def test_r1_2_parse_accepts_german_special_names(text: str, canonical: str) -> None:
    """R1.2: the special cards also parse from their German names, declared or not."""
    assert Card.parse(text) is Card.parse(canonical)


BAD_NOTATION: Final = [
    "R0",
    "R14",
    "B99",
    "X3",
    "",
    "   ",
    "CLOUD:X",
    "CLOUD:",
    "CLOUD:W",
    "JUGGLER:J",
    "SHAPESHIFTER:R",
    "SHAPESHIFTER:X",
    "DRAGON:R",
    "W1",
    "J:R",
    "R",
    "13",
    "RR13",
    "R 13",
    "R-1",
    "R13,",
    "None",
    "null",
    "W W",
    "wizard?",
    "\x00",
]


@pytest.mark.parametrize("text", BAD_NOTATION)
def test_r1_2_bad_notation_raises_notation_error(text: str) -> None:
    """R1.2: text that is not a card raises NotationError (a ValueError) naming the input."""
    with pytest.raises(NotationError) as info:
        Card.parse(text)
    assert isinstance(info.value, ValueError)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("value", [None, 42, 13.0, b"R13", ["R13"], Card.WIZARD])
def test_r1_2_non_text_raises_notation_error(value: object) -> None:
    """R1.2: a value that is not text is not notation: NotationError naming it."""
    with pytest.raises(NotationError) as info:
        Card.parse(value)  # type: ignore[arg-type]
    assert repr(value) in str(info.value)
    with pytest.raises(NotationError):
        parse_cards(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("digits", [4301, 5000, 10_000])
def test_r1_2_very_long_rank_raises_notation_error(digits: int) -> None:
    """R1.2: a rank with thousands of digits is bad notation too, a NotationError."""
    text = "R" + "1" * digits
    with pytest.raises(NotationError, match="R111"):
        Card.parse(text)
    with pytest.raises(NotationError):
        parse_cards("W " + text)


@pytest.mark.parametrize("text", ["R01", "B05", "G013", "Y0007", "R00000000009"])
def test_r1_2_leading_zero_rank_is_not_called_out_of_range(text: str) -> None:
    """R1.2: "R01" is not canonical notation; rejecting it must not claim the rank 1 is outside 1..13."""
    result = parse_or_message(text)
    if isinstance(result, Card):
        assert result.rank == int(text[1:])
    else:
        rank = int(text[1:])
        assert f"rank {rank} is outside" not in result


@given(garbage_st)
def test_r1_2_parse_raises_only_notation_error(text: str) -> None:
    """R1.2: Card.parse of arbitrary text gives a card or a NotationError naming the text."""
    result = parse_or_message(text)
    if isinstance(result, Card):
        assert result in ALL_CARDS
    else:
        assert repr(text) in result or (len(text) > 40 and repr(text[:40]) in result)


@given(garbage_st)
def test_r1_2_parse_cards_raises_only_notation_error(text: str) -> None:
    """R1.2: parse_cards of arbitrary text gives cards or a NotationError."""
    try:
        cards = parse_cards(text)
    except NotationError:
        pass
    else:
        assert all(card in ALL_CARDS for card in cards)


@pytest.mark.parametrize(
    "text",
    ["B9 W G13 W", "B9,W,G13,W", "B9, W, G13, W", " b9 ,, w\tg13\nZ ", "B9 , W ,G13 , W,"],
)
def test_r1_2_parse_cards_accepts_spaces_and_commas(text: str) -> None:
    """R1.2: parse_cards splits on spaces and/or commas."""
    expected = (Card.parse("B9"), Card.WIZARD, Card.parse("G13"), Card.WIZARD)
    assert parse_cards(text) == expected


@pytest.mark.parametrize("text", ["", "   ", ",", " , ,, "])
def test_r1_2_parse_cards_of_no_cards_is_empty(text: str) -> None:
    """R1.2: text without cards parses to the empty tuple."""
    assert parse_cards(text) == ()


@given(joined_cards())
def test_r1_2_parse_cards_round_trips(joined: tuple[tuple[Card, ...], str]) -> None:
    """R1.2: cards written with any mix of separators parse back to the same cards."""
    cards, text = joined
    parsed = parse_cards(text)
    assert parsed == cards
    assert all(a is b for a, b in zip(parsed, cards, strict=True))


def test_r1_2_parse_cards_error_names_the_bad_part() -> None:
    """R1.2: parse_cards rejects a bad part with a NotationError naming it."""
    with pytest.raises(NotationError, match="X3"):
        parse_cards("R13 X3 W")


# -- display order, equality, hashing ------------------------------------------------------


def test_r1_2_all_cards_are_in_display_order() -> None:
    """R1.2: ALL_CARDS is sorted: Jesters, suits R,Y,G,B by rank, Wizards, specials."""
    assert list(ALL_CARDS) == sorted(ALL_CARDS)
    assert list(ALL_CARDS) == sorted(ALL_CARDS, key=expected_position)


def test_r1_2_sorting_example() -> None:
    """R1.2: the documented example sorts to J R13 B2 W W."""
    assert [str(card) for card in sorted(parse_cards("W R13 j B2 Z"))] == ["J", "R13", "B2", "W", "W"]
    specials = parse_cards("SHAPESHIFTER:J CLOUD:B CLOUD SHAPESHIFTER JUGGLER:R WEREWOLF BOMB FAIRY DRAGON W")
    assert [str(card) for card in sorted(specials)] == [
        "W",
        "DRAGON",
        "FAIRY",
        "BOMB",
        "WEREWOLF",
        "JUGGLER:R",
        "CLOUD",
        "CLOUD:B",
        "SHAPESHIFTER",
        "SHAPESHIFTER:J",
    ]


@given(cards_st, cards_st)
def test_r1_2_order_is_total_and_matches_display_order(a: Card, b: Card) -> None:
    """R1.2: exactly one of <, ==, > holds, consistent with <=, >= and the display order."""
    assert [a < b, a == b, a > b].count(True) == 1
    assert (a <= b) == (a < b or a == b)
    assert (a >= b) == (a > b or a == b)
    assert (a < b) == (expected_position(a) < expected_position(b))
    assert (a == b) == (a is b)
    if a == b:
        assert hash(a) == hash(b)


@given(st.lists(cards_st, max_size=30))
def test_r1_2_sorting_is_consistent(cards: list[Card]) -> None:
    """R1.2: sorted() agrees with the documented order whatever the input order."""
    expected = sorted(cards, key=expected_position)
    assert sorted(cards) == expected
    assert sorted(cards, reverse=True) == expected[::-1]
    assert sorted(expected) == expected


@given(cards_st)
def test_r1_1_hash_and_eq_are_consistent(card: Card) -> None:
    """R1.1: equal cards hash equally, so cards work as set members and dict keys."""
    copy = Card(card.kind, card.suit, card.rank, card.role)
    assert copy == card
    assert hash(copy) == hash(card)
    assert {card: 1}[copy] == 1
    assert len({card, copy}) == 1


def test_r1_2_cards_do_not_compare_with_other_types() -> None:
    """R1.2: ordering a card against a non-card is a TypeError, not a silent answer."""
    with pytest.raises(TypeError):
        _ = Card.WIZARD < 3  # type: ignore[operator]
    with pytest.raises(TypeError):
        _ = Card.JESTER >= "J"  # type: ignore[operator]


# -- R1.3 symbols and display names --------------------------------------------------------


def test_r1_3_suit_symbols_are_distinct() -> None:
    """R1.3: every suit has its own colour-blind-safe symbol besides its letter."""
    symbols = [suit.symbol for suit in Suit]
    assert len(set(symbols)) == 4
    assert all(symbol and symbol not in "RYGB" for symbol in symbols)


@pytest.mark.parametrize(
    ("suit", "letter", "english", "german"),
    [
        (Suit.RED, "R", "Red", "Rot"),
        (Suit.YELLOW, "Y", "Yellow", "Gelb"),
        (Suit.GREEN, "G", "Green", "Grün"),
        (Suit.BLUE, "B", "Blue", "Blau"),
    ],
)
def test_r1_3_suit_display_names(suit: Suit, letter: str, english: str, german: str) -> None:
    """R1.3: each suit has English and German display names; they parse back to the suit."""
    assert suit.letter == letter
    assert suit.index == SUIT_ORDER.index(suit)
    assert suit.display() == suit.display(Language.EN) == english
    assert suit.display(Language.DE) == german
    for text in (letter, letter.lower(), english, german.upper(), f" {german.lower()} "):
        assert Suit.parse(text) is suit


def test_r1_3_suit_names_are_distinct_per_language() -> None:
    """R1.3: no two suits share a name in either language."""
    for lang in Language:
        assert len({suit.display(lang) for suit in Suit}) == 4


@pytest.mark.parametrize("text", ["", "X", "Purple", "RG", "W"])
def test_r1_3_suit_parse_rejects_unknown_suits(text: str) -> None:
    """R1.3: a text naming no suit raises NotationError."""
    with pytest.raises(NotationError):
        Suit.parse(text)


def test_r1_3_card_display_examples() -> None:
    """R1.3: card display names in English, German and with suit symbols."""
    g7 = Card.parse("G7")
    assert g7.display() == "Green 7"
    assert g7.display(Language.DE) == "Grün 7"
    assert g7.display(symbols=True) == f"{Suit.GREEN.symbol}7"
    assert Card.WIZARD.display() == "Wizard"
    assert Card.WIZARD.display(Language.DE) == "Zauberer"
    assert Card.JESTER.display() == "Jester"
    assert Card.JESTER.display(Language.DE) == "Narr"
    cloud = Card.parse("CLOUD:R")
    assert "Red" in cloud.display()
    assert "Rot" in cloud.display(Language.DE)
    assert Suit.RED.symbol in cloud.display(symbols=True)
    assert "Zauberer" in Card.parse("SHAPESHIFTER:W").display(Language.DE)


@pytest.mark.parametrize("lang", list(Language))
@pytest.mark.parametrize("symbols", [False, True])
def test_r1_3_display_names_tell_every_card_apart(lang: Language, symbols: bool) -> None:
    """R1.3: display names (with names or symbols) are distinct for all cards."""
    names = [card.display(lang, symbols=symbols) for card in ALL_CARDS]
    assert len(set(names)) == len(names)
    for card in ALL_CARDS:
        if card.suit is not None and symbols:
            assert card.suit.symbol in card.display(lang, symbols=True)


# -- R1.4 special-card decks -----------------------------------------------------------------


@given(st.sets(st.sampled_from(Special)))
def test_r1_4_deck_adds_exactly_the_chosen_specials(chosen: set[Special]) -> None:
    """R1.4: a special-card deck is the standard deck plus one copy of each chosen card."""
    deck = Deck(specials=frozenset(chosen))
    assert deck == Deck(specials=chosen)  # any iterable is accepted
    assert len(deck) == len(deck.cards) == 60 + len(chosen)
    extra = Counter(deck.cards) - Counter(Deck().cards)
    assert extra == Counter(special.card for special in chosen)
    assert Counter(Deck().cards) - Counter(deck.cards) == Counter()
    for special in Special:
        assert (special.card in deck) == (special in chosen)
    assert all(card.undeclared is card for card in deck.cards)


@pytest.mark.parametrize("special", list(Special))
def test_r1_4_special_card_constants(special: Special) -> None:
    """R1.4, R8: each Special names its card, held undeclared."""
    card = special.card
    assert card.kind is special.kind
    assert str(card) == special.value
    assert card is getattr(Card, special.name)
    assert card.is_special
    assert not card.is_suit_card
    assert card.undeclared is card


def test_r1_4_declared_cards_are_not_in_any_deck() -> None:
    """R1.4: a deck holds cards as dealt, never a declared Cloud or Shapeshifter."""
    full = Deck(specials=frozenset(Special))
    assert Card.CLOUD in full
    assert Card.parse("CLOUD:R") not in full
    assert Card.parse("SHAPESHIFTER:W") not in full


@pytest.mark.parametrize("bad", [["DRAGON"], [CardKind.DRAGON], [None]])
def test_r1_4_deck_rejects_non_special_cards(bad: list[object]) -> None:
    """R1.4: only the seven Special cards can be added to a deck."""
    with pytest.raises(CardError):
        Deck(specials=bad)  # type: ignore[arg-type]


@given(st.integers(min_value=0, max_value=2**64), st.sets(st.sampled_from(Special)))
def test_r2_6_deck_shuffled_is_a_seeded_permutation(seed: int, chosen: set[Special]) -> None:
    """R2.6: shuffled() permutes the deck, is deterministic per seed and leaves global random alone."""
    deck = Deck(specials=frozenset(chosen))
    state = random.getstate()
    first = deck.shuffled(random.Random(seed))
    second = deck.shuffled(random.Random(seed))
    assert random.getstate() == state
    assert first == second
    assert Counter(first) == Counter(deck.cards)
    assert sorted(first) == sorted(deck.cards)


def test_r2_6_different_seeds_give_different_orders() -> None:
    """R2.6: the order comes from the generator: two seeds give two different orders."""
    orders = {Deck().shuffled(random.Random(seed)) for seed in range(5)}
    assert len(orders) == 5


# -- declarations (R1.2 notation of R8.2, R8.3, R8.7) ---------------------------------------------


@pytest.mark.parametrize("kind", [CardKind.CLOUD, CardKind.JUGGLER])
@pytest.mark.parametrize("suit", list(Suit))
def test_r1_2_cloud_and_juggler_are_declared_with_a_suit(kind: CardKind, suit: Suit) -> None:
    """R1.2: CLOUD and JUGGLER are played declared with a suit, e.g. CLOUD:R."""
    held = Card.parse(kind.value)
    assert held.needs_declaration
    played = held.declared(suit)
    assert played is Card.parse(f"{kind.value}:{suit.letter}")
    assert (played.kind, played.suit, played.rank, played.role) == (kind, suit, 0, None)
    assert not played.needs_declaration
    assert played.undeclared is held
    assert not played.is_suit_card
    assert played.is_special
    assert held.declarations() == tuple(held.declared(s) for s in SUIT_ORDER)
    assert played.declarations() == held.declarations()


@pytest.mark.parametrize("role", [CardKind.WIZARD, CardKind.JESTER])
def test_r1_2_shapeshifter_is_declared_with_a_role(role: CardKind) -> None:
    """R1.2: SHAPESHIFTER is played declared as Wizard or Jester, e.g. SHAPESHIFTER:W."""
    held = Card.SHAPESHIFTER
    assert held.needs_declaration
    played = held.declared(role)
    assert played is Card.parse(f"SHAPESHIFTER:{role.value}")
    assert played.role is role
    assert played.suit is None
    assert not played.needs_declaration
    assert played.undeclared is held
    assert held.declarations() == (held.declared(CardKind.WIZARD), held.declared(CardKind.JESTER))


@pytest.mark.parametrize(
    ("text", "choice"),
    [
        ("W", Suit.RED),
        ("J", CardKind.JESTER),
        ("R5", Suit.RED),
        ("DRAGON", CardKind.WIZARD),
        ("BOMB", Suit.BLUE),
        ("CLOUD", CardKind.WIZARD),
        ("JUGGLER", CardKind.JESTER),
        ("SHAPESHIFTER", Suit.RED),
        ("SHAPESHIFTER", CardKind.DRAGON),
        ("SHAPESHIFTER", CardKind.SUIT),
    ],
)
def test_r1_2_declared_rejects_impossible_declarations(text: str, choice: Suit | CardKind) -> None:
    """R1.2: only Cloud/Juggler take a suit and only the Shapeshifter takes a role."""
    with pytest.raises(CardError):
        Card.parse(text).declared(choice)


def test_r1_2_exactly_three_cards_need_a_declaration() -> None:
    """R1.2: the undeclared Cloud, Juggler and Shapeshifter need a declaration, nothing else."""
    needing = {card for card in ALL_CARDS if card.needs_declaration}
    assert needing == {Card.CLOUD, Card.JUGGLER, Card.SHAPESHIFTER}


@given(cards_st)
def test_r1_2_undeclared_and_declarations_agree(card: Card) -> None:
    """R1.2: every card is one of its held form's declarations; plain cards are their own."""
    held = card.undeclared
    assert held.undeclared is held
    assert held in Deck(specials=frozenset(Special))
    forms = held.declarations()
    if held.needs_declaration:
        assert held not in forms
        assert card in forms or card is held
        assert all(form.undeclared is held and not form.needs_declaration for form in forms)
    else:
        assert held is card
        assert forms == (card,)
