"""Tests of RULES R5 (playing tricks: led suit, following suit, the winner) for `wizardrules.tricks`.

Tricks of the standard deck only; the special cards (R8.8, R8.9) are in test_r8_trick_rules.py.
The property tests draw physical cards from the 60-card deck without replacement, so every
drawn trick can occur.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from wizardrules import (
    Card,
    CardKind,
    Deck,
    Suit,
    Trick,
    TrickError,
    WinReason,
    decide_trick,
    led_suit,
    legal_plays,
    parse_cards,
    trick_winner,
    would_be_winner,
)

DECK: Final = Deck().cards
_A_WIZARD: Final = DECK.index(Card.WIZARD)
DECK_BUT_ONE_WIZARD: Final = DECK[:_A_WIZARD] + DECK[_A_WIZARD + 1 :]

trumps: st.SearchStrategy[Suit | None] = st.none() | st.sampled_from(Suit)


@st.composite
def tricks(draw: st.DrawFn, min_size: int = 1, max_size: int = 6, pool: Sequence[Card] = DECK) -> tuple[Card, ...]:
    """1..6 distinct physical cards of the standard deck (or of `pool`), in play order."""
    indices = draw(st.lists(st.integers(0, len(pool) - 1), min_size=min_size, max_size=max_size, unique=True))
    return tuple(pool[i] for i in indices)


@st.composite
def wizard_tricks(draw: st.DrawFn) -> tuple[Card, ...]:
    """A trick holding at least one Wizard, the first one at any position."""
    rest = draw(tricks(min_size=0, max_size=5, pool=DECK_BUT_ONE_WIZARD))
    at = draw(st.integers(0, len(rest)))
    return (*rest[:at], Card.WIZARD, *rest[at:])


@st.composite
def hands_and_tricks(draw: st.DrawFn) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A non-empty hand and a trick of 0..5 cards, disjoint physical cards of one deck."""
    shuffled = draw(st.permutations(DECK))
    in_trick = draw(st.integers(0, 5))
    in_hand = draw(st.integers(1, 15))
    return tuple(shuffled[in_trick : in_trick + in_hand]), tuple(shuffled[:in_trick])


@st.composite
def led_tricks(draw: st.DrawFn) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A hand and a trick led by a suit card (possibly after Jesters), so a suit is led."""
    hand, trick = draw(hands_and_tricks())
    suit = draw(st.sampled_from(Suit))
    rank = draw(st.integers(1, 13))
    lead = Card.suited(suit, rank)
    assume(lead not in hand and lead not in trick)
    jesters = draw(st.integers(0, 2))
    assume(Counter(hand + trick)[Card.JESTER] + jesters <= 4)
    trick = ((Card.JESTER,) * jesters + (lead, *trick))[:5]
    return hand, trick


def expected_led(trick: Sequence[Card]) -> Suit | None:
    """R5.2 written out: the first suit card's suit unless a Wizard came before it."""
    for card in trick:
        if card.kind is CardKind.WIZARD:
            return None
        if card.kind is CardKind.SUIT:
            return card.suit
    return None


def highest(trick: Sequence[Card], suit: Suit | None) -> int | None:
    """Index of the highest card of `suit` in the trick, or None."""
    found = [i for i, card in enumerate(trick) if card.kind is CardKind.SUIT and card.suit is suit]
    if suit is None or not found:
        return None
    return max(found, key=lambda i: trick[i].rank)


def relabelled(card: Card, mapping: dict[Suit, Suit]) -> Card:
    """The card with its suit renamed through `mapping`."""
    if card.kind is CardKind.SUIT:
        assert card.suit is not None
        return Card.suited(mapping[card.suit], card.rank)
    return card


# -- R5.4 winner: the seed examples ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "trump", "winner", "reason"),
    [
        ("B9 W G13 W", Suit.GREEN, 1, WinReason.FIRST_WIZARD),
        ("B13 R2 B9", Suit.RED, 1, WinReason.HIGHEST_TRUMP),
        ("Y7 Y11 R13", Suit.BLUE, 1, WinReason.HIGHEST_LED),
        ("J J J", Suit.YELLOW, 0, WinReason.FIRST_JESTER),
    ],
)
def test_r5_4_seed_002_examples(text: str, trump: Suit, winner: int, reason: WinReason) -> None:
    """R5.4: the four examples of seed 002 ("Wer gewinnt den Stich?")."""
    trick = parse_cards(text)
    assert trick_winner(trick, trump) == winner
    assert would_be_winner(trick, trump) == winner
    decision = decide_trick(trick, trump)
    assert decision.winner == decision.would_be_winner == winner
    assert decision.reason is decision.deciding_reason is reason


@pytest.mark.parametrize(
    ("text", "trump", "winner"),
    [
        ("R13 G1", Suit.GREEN, 1),  # seed 002: the smallest trump beats a 13 of another suit
        ("G1 R13", Suit.GREEN, 0),
        ("R5 B13 R7", None, 2),  # no trump: highest of the led suit
        ("R5 B13 R7", Suit.BLUE, 1),
        ("J R5 B13 R7", None, 3),  # a Jester lead sets nothing
        ("J B2 R13", Suit.GREEN, 1),
        ("W R13 W", Suit.RED, 0),  # a later Wizard comes too late
        ("J W", None, 1),
        ("R13 J", None, 0),
        ("J R1", Suit.BLUE, 1),
        ("W", None, 0),
        ("J", None, 0),
        ("Y3", Suit.RED, 0),
        ("B1 B2 B3 B4 B5 B6", None, 5),
        ("J J J J R1 W", Suit.GREEN, 5),
    ],
)
def test_r5_4_winner_examples(text: str, trump: Suit | None, winner: int) -> None:
    """R5.4: the first Wizard, else highest trump, else highest led card, else first Jester."""
    assert trick_winner(parse_cards(text), trump) == winner


# -- R5.4 winner: properties ------------------------------------------------------------------


@given(tricks(), trumps)
def test_r5_4_winner_is_a_valid_index(trick: tuple[Card, ...], trump: Suit | None) -> None:
    """R5.4: some card of the trick wins; without a Bomb winner and would-be winner agree."""
    decision = decide_trick(trick, trump)
    assert decision.winner is not None
    assert 0 <= decision.winner < len(trick)
    assert decision.would_be_winner == decision.winner
    assert decision.reason is decision.deciding_reason
    assert trick_winner(trick, trump) == would_be_winner(trick, trump) == decision.winner


@given(wizard_tricks(), trumps)
def test_r5_4_first_wizard_wins(trick: tuple[Card, ...], trump: Suit | None) -> None:
    """R5.4 (1): a trick holding a Wizard is won by the first Wizard."""
    assert trick_winner(trick, trump) == trick.index(Card.WIZARD)
    assert decide_trick(trick, trump).reason is WinReason.FIRST_WIZARD


@given(tricks(max_size=5), trumps, st.data())
def test_r5_4_jesters_after_the_lead_never_change_the_winner(
    trick: tuple[Card, ...], trump: Suit | None, data: st.DataObject
) -> None:
    """R5.4: adding Jesters anywhere after the lead leaves the same card winning."""
    room = min(4 - trick.count(Card.JESTER), 6 - len(trick))
    assume(room > 0)
    winner = trick_winner(trick, trump)
    assert winner is not None
    extended = list(trick)
    for _ in range(data.draw(st.integers(1, room), label="jesters")):
        at = data.draw(st.integers(1, len(extended)), label="position")
        extended.insert(at, Card.JESTER)
        if at <= winner:
            winner += 1
    assert trick_winner(extended, trump) == winner
    assert trick_winner((*trick, *[Card.JESTER] * room), trump) == trick_winner(trick, trump)


@given(tricks(), trumps, st.permutations(list(Suit)))
def test_r5_4_relabelling_suits_keeps_the_winner(
    trick: tuple[Card, ...], trump: Suit | None, image: list[Suit]
) -> None:
    """R5.4: the rules treat the suits alike: renaming suits in trick and trump keeps the winner."""
    mapping = dict(zip(Suit, image, strict=True))
    renamed = [relabelled(card, mapping) for card in trick]
    new_trump = None if trump is None else mapping[trump]
    assert trick_winner(renamed, new_trump) == trick_winner(trick, trump)
    old = led_suit(trick)
    assert led_suit(renamed) is (None if old is None else mapping[old])


@given(tricks(), trumps)
def test_r5_4_without_wizards_highest_trump_then_led_then_first_jester(
    trick: tuple[Card, ...], trump: Suit | None
) -> None:
    """R5.4 (2)-(4): no Wizard: highest trump, else highest of the led suit, else the first Jester."""
    assume(Card.WIZARD not in trick)
    decision = decide_trick(trick, trump)
    best_trump = highest(trick, trump)
    best_led = highest(trick, expected_led(trick))
    if best_trump is not None:
        assert decision.winner == best_trump
        assert decision.reason is WinReason.HIGHEST_TRUMP
    elif best_led is not None:
        assert decision.winner == best_led
        assert decision.reason is WinReason.HIGHEST_LED
    else:
        assert set(trick) == {Card.JESTER}
        assert decision.winner == 0
        assert decision.reason is WinReason.FIRST_JESTER


@given(tricks(), trumps)
def test_r5_4_a_card_of_another_suit_never_wins(trick: tuple[Card, ...], trump: Suit | None) -> None:
    """R5.4: the winner is a Wizard, a trump, a card of the led suit or (only Jesters) a Jester."""
    winner = trick_winner(trick, trump)
    assert winner is not None
    card = trick[winner]
    if card.kind is CardKind.SUIT:
        assert card.suit in (trump, expected_led(trick))
    elif card.kind is CardKind.JESTER:
        assert set(trick) == {Card.JESTER}


# -- R5.2 led suit --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "suit"),
    [
        ("", None),
        ("B2", Suit.BLUE),
        ("J", None),
        ("J J", None),
        ("J J Y4 R9", Suit.YELLOW),
        ("J W R9", None),
        ("W R9", None),
        ("R9 W B3", Suit.RED),
        ("J B5 W", Suit.BLUE),
    ],
)
def test_r5_2_led_suit_examples(text: str, suit: Suit | None) -> None:
    """R5.2: the first suit card sets the suit; Jesters set nothing; an early Wizard frees the trick."""
    assert led_suit(parse_cards(text)) is suit


@given(tricks(min_size=0))
def test_r5_2_led_suit_is_the_first_suit_card_unless_a_wizard_came_first(trick: tuple[Card, ...]) -> None:
    """R5.2: Jesters before the first suit card set nothing; a Wizard before any suit card gives None."""
    assert led_suit(trick) is expected_led(trick)
    leading = [card for card in trick if card is not Card.JESTER]
    if not leading or leading[0] is Card.WIZARD:
        assert led_suit(trick) is None
    else:
        assert led_suit(trick) is leading[0].suit


@given(tricks(max_size=5), st.integers(1, 4))
def test_r5_2_jesters_before_the_lead_set_nothing(trick: tuple[Card, ...], jesters: int) -> None:
    """R5.2: leading Jesters do not change which suit is led."""
    assume(trick.count(Card.JESTER) + jesters <= 4 and len(trick) + jesters <= 6)
    assert led_suit((Card.JESTER,) * jesters + trick) is led_suit(trick)


@given(tricks())
def test_r5_2_led_suit_stays_once_set(trick: tuple[Card, ...]) -> None:
    """R5.2: once a suit is led (or the trick freed), later cards do not change it."""
    final = led_suit(trick)
    for end in range(len(trick) + 1):
        sofar = led_suit(trick[:end])
        if sofar is not None:
            assert sofar is final
    first_decisive = next((i for i, c in enumerate(trick) if c is not Card.JESTER), None)
    if first_decisive is not None:
        assert led_suit(trick[: first_decisive + 1]) is final


# -- R5.3 following suit ----------------------------------------------------------------------


def names(cards: frozenset[Card]) -> set[str]:
    """The notation of a set of cards, for readable comparisons."""
    return {str(card) for card in cards}


@pytest.mark.parametrize(
    ("hand", "trick", "allowed"),
    [
        # Lage: Blau wurde ausgespielt, you hold blue: blue, Wizard or Jester
        ("R3 B7 W J G13", "B2", {"B7", "W", "J"}),
        ("R3 B7 B11 Y1", "B2", {"B7", "B11"}),
        # no blue in hand: anything, trump included
        ("R3 G13 W J Y1", "B2", {"R3", "G13", "W", "J", "Y1"}),
        # Wizards and Jesters may always be played, even when you could follow
        ("B7 W", "B2 R5", {"B7", "W"}),
        ("B7 J", "B2", {"B7", "J"}),
        # a Jester lead leaves the suit open until the first number card
        ("R3 B7 G1", "J", {"R3", "B7", "G1"}),
        ("R3 B7 G1", "J J", {"R3", "B7", "G1"}),
        ("R3 B7 G1", "J B5", {"B7"}),
        ("R3 B7 G1 N", "J J R5", {"R3", "J"}),
        # a Wizard first frees the trick
        ("R3 B7 G1", "W", {"R3", "B7", "G1"}),
        ("R3 B7 G1", "W B5", {"R3", "B7", "G1"}),
        ("R3 B7 G1", "J W B5", {"R3", "B7", "G1"}),
        # a Wizard after the lead changes nothing
        ("R3 B7 G1", "B5 W", {"B7"}),
        # nothing played yet: anything
        ("R3 B7 G1 W J", "", {"R3", "B7", "G1", "W", "J"}),
    ],
)
def test_r5_3_seed_002_follow_suit_situations(hand: str, trick: str, allowed: set[str]) -> None:
    """R5.3: the situations of seed 002 ("Darf ich diese Karte spielen?")."""
    assert names(legal_plays(parse_cards(hand), parse_cards(trick))) == allowed


@given(hands_and_tricks())
def test_r5_3_legal_plays_basic_properties(hand_trick: tuple[tuple[Card, ...], tuple[Card, ...]]) -> None:
    """R5.3: legal plays are a non-empty subset of the hand with every Wizard and Jester held."""
    hand, trick = hand_trick
    legal = legal_plays(hand, trick)
    assert legal
    assert legal <= set(hand)
    assert {card for card in hand if card.kind is not CardKind.SUIT} <= legal
    suit = expected_led(trick)
    if suit is None:
        assert legal == set(hand)


@given(led_tricks())
def test_r5_3_holding_the_led_suit_forces_it(hand_trick: tuple[tuple[Card, ...], tuple[Card, ...]]) -> None:
    """R5.3: a player holding the led suit may play it, a Wizard or a Jester, nothing else."""
    hand, trick = hand_trick
    suit = led_suit(trick)
    assert suit is not None
    legal = legal_plays(hand, trick)
    following = {card for card in hand if card.kind is CardKind.SUIT and card.suit is suit}
    if following:
        assert all(card.suit is suit for card in legal if card.kind is CardKind.SUIT)
        assert legal == following | {card for card in hand if card.kind is not CardKind.SUIT}
    else:
        assert legal == set(hand)


@given(hands_and_tricks())
def test_r5_3_legal_plays_ignore_hand_order(hand_trick: tuple[tuple[Card, ...], tuple[Card, ...]]) -> None:
    """R5.3: the legal plays depend on the cards held, not their order."""
    hand, trick = hand_trick
    assert legal_plays(hand, trick) == legal_plays(tuple(reversed(hand)), trick)
    assert legal_plays(iter(hand), trick) == legal_plays(hand, trick)


def test_r5_3_empty_hand_has_no_legal_plays() -> None:
    """R5.3: an empty hand has nothing to play."""
    assert legal_plays((), parse_cards("B2")) == frozenset()


# -- R5.1 the Trick value -------------------------------------------------------------------


def test_r5_1_trick_value_example() -> None:
    """R5.1: seats run clockwise from the leader; the winner's seat leads next."""
    trick = Trick(leader=2, players=3, trump=Suit.RED)
    assert trick.to_play == 2
    for text in ("B13", "R2", "B9"):
        trick = trick.add(Card.parse(text))
    assert trick.seats == (2, 0, 1)
    assert trick.is_complete
    assert trick.to_play is None
    assert trick.winner == 0
    assert trick.next_leader == 0
    assert trick.led_suit is Suit.BLUE
    assert trick.decision is not None
    assert trick.decision.reason is WinReason.HIGHEST_TRUMP
    with pytest.raises(TrickError):
        trick.add(Card.parse("G5"))


@given(st.integers(3, 6), st.data(), trumps)
def test_r5_1_trick_seats_winner_and_next_leader(players: int, data: st.DataObject, trump: Suit | None) -> None:
    """R5.1: a trick played card by card: seats, to_play, completion, winner and next leader."""
    leader = data.draw(st.integers(0, players - 1), label="leader")
    cards = data.draw(tricks(min_size=players, max_size=players), label="cards")
    trick = Trick(leader=leader, players=players, trump=trump)
    for i, card in enumerate(cards):
        assert trick.to_play == (leader + i) % players
        assert not trick.is_complete
        assert trick.winner is None
        assert trick.next_leader is None
        assert trick.decision is None
        assert trick.led_suit is led_suit(cards[:i])
        trick = trick.add(card)
        assert trick.cards == cards[: i + 1]
    assert trick == Trick(leader=leader, players=players, trump=trump, cards=cards)
    assert trick.is_complete
    assert trick.to_play is None
    assert trick.seats == tuple((leader + i) % players for i in range(players))
    assert sorted(trick.seats) == list(range(players))
    index = trick_winner(cards, trump)
    assert index is not None
    assert trick.winner == trick.seats[index]
    assert trick.next_leader == trick.winner
    assert trick.decision == decide_trick(cards, trump)
    spare = next(card for card in DECK if card.kind is CardKind.SUIT and card not in cards)
    with pytest.raises(TrickError):
        trick.add(spare)


@pytest.mark.parametrize(
    ("leader", "players", "trump", "cards"),
    [
        (0, 2, None, ""),
        (0, 7, None, ""),
        (0, 0, None, ""),
        (0, -3, None, ""),
        (-1, 3, None, ""),
        (3, 3, None, ""),
        (6, 6, None, ""),
        (0, 3, "R", ""),
        (0, 3, None, "R1 R2 R3 R4"),
        (0, 4, None, "R13 R13"),
        (0, 4, None, "CLOUD"),
        (0, 4, None, "WEREWOLF"),
    ],
)
def test_r5_1_trick_rejects_impossible_values(leader: int, players: int, trump: object, cards: str) -> None:
    """R5.1, R2.1: bad players, leader, trump or cards raise TrickError."""
    with pytest.raises(TrickError):
        Trick(leader=leader, players=players, trump=trump, cards=parse_cards(cards))  # type: ignore[arg-type]


@pytest.mark.parametrize(("leader", "players"), [(0, "3"), ("0", 3), (0, 3.0), (0.0, 3), (None, 3)])
def test_r5_1_trick_rejects_non_integer_seats(leader: object, players: object) -> None:
    """R5.1: leader and players are whole numbers; anything else is a TrickError."""
    with pytest.raises(TrickError):
        Trick(leader=leader, players=players, trump=None)  # type: ignore[arg-type]


# -- impossible tricks --------------------------------------------------------------------------

IMPOSSIBLE_TRICKS: Final = [
    "R1 R2 R3 R4 R5 R6 R7",
    "J J J J R1 R2 R3",
    "R13 R13",
    "B2 W B2",
    "W W W W W",
    "J J J J J",
    "CLOUD",
    "R5 JUGGLER",
    "SHAPESHIFTER W",
    "R5 WEREWOLF",
    "CLOUD:R CLOUD:B",
    "SHAPESHIFTER:W SHAPESHIFTER:J",
    "DRAGON DRAGON",
]


@pytest.mark.parametrize("text", IMPOSSIBLE_TRICKS)
def test_r5_trick_functions_reject_impossible_tricks(text: str) -> None:
    """R1.1, R2.1, R8: a trick that cannot occur raises TrickError in every trick function."""
    trick = parse_cards(text)
    with pytest.raises(TrickError):
        trick_winner(trick, Suit.RED)
    with pytest.raises(TrickError):
        would_be_winner(trick, None)
    with pytest.raises(TrickError):
        decide_trick(trick, None)
    with pytest.raises(TrickError):
        led_suit(trick)
    with pytest.raises(TrickError):
        legal_plays(parse_cards("G1"), trick)


def test_r5_4_empty_trick_has_no_winner() -> None:
    """R5.4: an empty trick has no winner: TrickError."""
    for trump in (None, Suit.GREEN):
        with pytest.raises(TrickError):
            trick_winner((), trump)
        with pytest.raises(TrickError):
            would_be_winner([], trump)
        with pytest.raises(TrickError):
            decide_trick((), trump)


def test_r5_trick_functions_reject_non_cards_and_bad_trump() -> None:
    """R5.4: a trick of non-cards, or a trump that is not a Suit, raises TrickError."""
    with pytest.raises(TrickError):
        trick_winner(["R5", "B3"], None)  # type: ignore[list-item]
    with pytest.raises(TrickError):
        led_suit([Card.WIZARD, None])  # type: ignore[list-item]
    with pytest.raises(TrickError):
        decide_trick([Card.WIZARD, ["R5"]], None)  # type: ignore[list-item]
    with pytest.raises(TrickError):
        legal_plays(parse_cards("R5"), [{"B2"}])  # type: ignore[list-item]
    with pytest.raises(TrickError):
        trick_winner(parse_cards("R5 B3"), "R")  # type: ignore[arg-type]
    with pytest.raises(TrickError):
        decide_trick(parse_cards("R5 B3"), Card.WIZARD)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hand", "trick"),
    [
        ("CLOUD:R", "B2"),  # a declared card in hand
        ("R3 SHAPESHIFTER:W", ""),
        ("JUGGLER:G", "J"),
        ("R5 B7", "R5"),  # a card both in hand and in the trick
        ("CLOUD", "CLOUD:R"),
        ("SHAPESHIFTER", "J SHAPESHIFTER:J"),
        ("R5 R5", "B2"),  # the same card twice in hand
        ("W W W", "W W"),  # five Wizards
        ("J J", "J J J"),
        ("WEREWOLF R3", "B2"),  # the Werewolf is never played
    ],
)
def test_r5_3_legal_plays_rejects_impossible_hands(hand: str, trick: str) -> None:
    """R5.3: legal_plays rejects a hand that cannot be held together with the trick."""
    with pytest.raises(TrickError):
        legal_plays(parse_cards(hand), parse_cards(trick))


def test_r5_3_legal_plays_rejects_non_cards_in_hand() -> None:
    """R5.3: a hand of non-cards raises TrickError."""
    with pytest.raises(TrickError):
        legal_plays(["R5"], parse_cards("B2"))  # type: ignore[list-item]
    with pytest.raises(TrickError):
        legal_plays([Card.WIZARD, ["R5"]], parse_cards("B2"))  # type: ignore[list-item]
    with pytest.raises(TrickError):
        legal_plays([None], ())  # type: ignore[list-item]
