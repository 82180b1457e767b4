"""Tests of RULES R8.8 and R8.9 (led suit and winner with special cards) for `wizardrules.tricks`.

Special cards appear in tricks as played, with their declaration (`CLOUD:R`, `JUGGLER:G`,
`SHAPESHIFTER:W`); the Werewolf is never played (R8.6).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from wizardrules import (
    Card,
    CardKind,
    Deck,
    Special,
    Suit,
    Trick,
    WinReason,
    decide_trick,
    led_suit,
    legal_plays,
    parse_cards,
    trick_winner,
    would_be_winner,
)

PLAYABLE: Final = tuple(card for card in Deck(specials=frozenset(Special)).cards if card.kind is not CardKind.WEREWOLF)
"""Every physical card that can be played: 60 standard cards and six special cards."""

trumps: st.SearchStrategy[Suit | None] = st.none() | st.sampled_from(Suit)


@st.composite
def played(draw: st.DrawFn, card: Card) -> Card:
    """The card as played: a Cloud, Juggler or Shapeshifter with a drawn declaration."""
    if card.needs_declaration:
        return draw(st.sampled_from(card.declarations()))
    return card


@st.composite
def special_tricks(
    draw: st.DrawFn, *, holding: Sequence[Card] = (), lacking: Sequence[Card] = (), max_size: int = 6
) -> tuple[Card, ...]:
    """1..max_size distinct physical cards (specials declared), with `holding` and without `lacking`."""
    pool = [card for card in PLAYABLE if card not in lacking and card not in holding]
    others = draw(st.lists(st.integers(0, len(pool) - 1), unique=True, max_size=max_size - len(holding)))
    cards = [pool[i] for i in others]
    for card in holding:
        cards.insert(draw(st.integers(0, len(cards))), card)
    assume(cards)
    return tuple(draw(played(card)) for card in cards)


@st.composite
def special_hands_and_tricks(draw: st.DrawFn) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A hand (cards as dealt) and a trick (cards as played) of disjoint physical cards."""
    shuffled = draw(st.permutations(PLAYABLE))
    in_trick = draw(st.integers(0, 5))
    in_hand = draw(st.integers(1, 15))
    trick = tuple(draw(played(card)) for card in shuffled[:in_trick])
    return tuple(shuffled[in_trick : in_trick + in_hand]), trick


def index_of(trick: Sequence[Card], kind: CardKind) -> int:
    """Index of the first card of `kind` in the trick."""
    return next(i for i, card in enumerate(trick) if card.kind is kind)


def decided(text: str, trump: Suit | None = None) -> tuple[int | None, int, WinReason]:
    """Winner, would-be winner and reason of the trick written in `text`."""
    decision = decide_trick(parse_cards(text), trump)
    return decision.winner, decision.would_be_winner, decision.reason


# -- R8.4 Dragon -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "trump", "winner"),
    [
        ("W DRAGON", None, 1),
        ("DRAGON W", None, 0),
        ("W W DRAGON SHAPESHIFTER:W", Suit.RED, 2),
        ("G13 DRAGON", Suit.GREEN, 1),
        ("J DRAGON R13", Suit.RED, 1),
        ("CLOUD:R DRAGON", Suit.RED, 1),
        ("DRAGON", None, 0),
    ],
)
def test_r8_4_dragon_wins_over_wizards(text: str, trump: Suit | None, winner: int) -> None:
    """R8.4, R8.9: the Dragon wins over everything, Wizards and trumps included."""
    assert decided(text, trump) == (winner, winner, WinReason.DRAGON)


@given(special_tricks(holding=(Card.DRAGON,), lacking=(Card.FAIRY,)), trumps)
def test_r8_4_dragon_without_fairy_always_wins(trick: tuple[Card, ...], trump: Suit | None) -> None:
    """R8.4, R8.9: with the Dragon and without the Fairy, the Dragon's index wins (a Bomb voids it)."""
    dragon = trick.index(Card.DRAGON)
    decision = decide_trick(trick, trump)
    assert decision.would_be_winner == dragon
    assert decision.deciding_reason is WinReason.DRAGON
    if Card.BOMB in trick:
        assert decision.winner is None
    else:
        assert decision.winner == dragon


# -- R8.5 Fairy ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "winner"),
    [
        ("DRAGON FAIRY", 1),
        ("FAIRY W DRAGON", 0),
        ("W R13 DRAGON J FAIRY", 4),
    ],
)
def test_r8_5_fairy_wins_a_trick_holding_the_dragon(text: str, winner: int) -> None:
    """R8.5, R8.9: Dragon and Fairy in one trick: the Fairy wins."""
    assert decided(text, Suit.RED) == (winner, winner, WinReason.FAIRY_BEATS_DRAGON)


@given(special_tricks(holding=(Card.DRAGON, Card.FAIRY)), trumps)
def test_r8_5_fairy_beats_dragon_property(trick: tuple[Card, ...], trump: Suit | None) -> None:
    """R8.5, R8.9: whatever else is in the trick, Dragon and Fairy make the Fairy the winner."""
    decision = decide_trick(trick, trump)
    assert decision.would_be_winner == trick.index(Card.FAIRY)
    assert decision.winner == (None if Card.BOMB in trick else trick.index(Card.FAIRY))


@pytest.mark.parametrize(
    ("text", "trump", "winner", "reason"),
    [
        ("J FAIRY J", None, 0, WinReason.FIRST_JESTER),
        ("FAIRY J", Suit.BLUE, 1, WinReason.FIRST_JESTER),
        ("FAIRY SHAPESHIFTER:J", None, 1, WinReason.FIRST_JESTER),
        ("FAIRY R1", Suit.BLUE, 1, WinReason.HIGHEST_LED),
        ("FAIRY B1 R13", Suit.RED, 2, WinReason.HIGHEST_TRUMP),
        ("FAIRY W", None, 1, WinReason.FIRST_WIZARD),
        ("FAIRY SHAPESHIFTER:W", None, 1, WinReason.FIRST_WIZARD),
        ("FAIRY JUGGLER:Y", None, 1, WinReason.HIGHEST_LED),
        ("FAIRY", None, 0, WinReason.ONLY_FAIRY),
    ],
)
def test_r8_5_fairy_loses_without_the_dragon(text: str, trump: Suit | None, winner: int, reason: WinReason) -> None:
    """R8.5, R8.9: without the Dragon the Fairy loses, even to Jesters; alone it takes the trick."""
    assert decided(text, trump) == (winner, winner, reason)


@given(special_tricks(holding=(Card.FAIRY,), lacking=(Card.DRAGON, Card.BOMB)), trumps)
def test_r8_5_fairy_never_wins_beside_another_card(trick: tuple[Card, ...], trump: Suit | None) -> None:
    """R8.5: without the Dragon the Fairy wins only a trick with nothing else that can win."""
    winner = trick_winner(trick, trump)
    if len(trick) > 1:
        assert winner != trick.index(Card.FAIRY)
    else:
        assert winner == 0


# -- R8.1 Bomb ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "trump", "would_be"),
    [
        ("R3 BOMB R9", Suit.GREEN, 2),
        ("BOMB W", None, 1),
        ("BOMB R1 R2", Suit.BLUE, 2),
        ("J BOMB J", None, 0),
        ("BOMB J", None, 1),
        ("BOMB FAIRY", None, 1),
        ("FAIRY BOMB", None, 0),
        ("DRAGON BOMB FAIRY", None, 2),
        ("CLOUD:R BOMB", Suit.RED, 0),  # R8.2: Cloud and Bomb: nobody wins
        ("BOMB", None, 0),
    ],
)
def test_r8_1_bomb_voids_the_trick(text: str, trump: Suit | None, would_be: int) -> None:
    """R8.1, R8.9: a Bomb trick has no winner; the would-be winner is still computed."""
    trick = parse_cards(text)
    assert trick_winner(trick, trump) is None
    assert would_be_winner(trick, trump) == would_be
    decision = decide_trick(trick, trump)
    assert decision.reason is WinReason.BOMB
    assert (decision.winner, decision.would_be_winner) == (None, would_be)


@given(special_tricks(holding=(Card.BOMB,)), trumps)
def test_r8_1_would_be_winner_is_the_winner_without_the_bomb(trick: tuple[Card, ...], trump: Suit | None) -> None:
    """R8.1: with a Bomb nobody wins, and the would-be winner is the card that wins without the Bomb."""
    assume(len(trick) > 1)
    bomb = trick.index(Card.BOMB)
    without = trick[:bomb] + trick[bomb + 1 :]
    decision = decide_trick(trick, trump)
    plain = decide_trick(without, trump)
    assert plain.winner is not None
    assert decision.winner is None
    assert decision.reason is WinReason.BOMB
    assert decision.would_be_winner == (plain.winner if plain.winner < bomb else plain.winner + 1)
    assert decision.deciding_reason is plain.reason


def test_r8_1_bomb_trick_next_leader() -> None:
    """R8.1, R5.1: after a Bomb nobody wins, and the would-be winner's seat leads next."""
    trick = Trick(leader=1, players=3, trump=Suit.GREEN, cards=parse_cards("R3 BOMB R9"))
    assert trick.winner is None
    assert trick.next_leader == 0
    assert trick.decision is not None
    assert trick.decision.reason is WinReason.BOMB


# -- R8.2, R8.3 Cloud and Juggler --------------------------------------------------------------


@pytest.mark.parametrize("suit", list(Suit))
@pytest.mark.parametrize("rank", range(1, 14))
@pytest.mark.parametrize("trump_is_suit", [False, True])
def test_r8_2_cloud_counts_as_nine_and_three_quarters(suit: Suit, rank: int, trump_is_suit: bool) -> None:
    """R8.2: a Cloud declared in a suit beats that suit's 9 and loses to its 10, led or trump."""
    cloud = Card.CLOUD.declared(suit)
    card = Card.suited(suit, rank)
    trump = suit if trump_is_suit else None
    cloud_wins = rank <= 9
    assert trick_winner((card, cloud), trump) == (1 if cloud_wins else 0)
    assert trick_winner((cloud, card), trump) == (0 if cloud_wins else 1)


@pytest.mark.parametrize("suit", list(Suit))
@pytest.mark.parametrize("rank", range(1, 14))
def test_r8_3_juggler_counts_as_seven_and_a_half(suit: Suit, rank: int) -> None:
    """R8.3: a Juggler declared in a suit beats that suit's 7 and loses to its 8."""
    juggler = Card.JUGGLER.declared(suit)
    card = Card.suited(suit, rank)
    juggler_wins = rank <= 7
    assert trick_winner((juggler, card), None) == (0 if juggler_wins else 1)
    assert trick_winner((card, juggler), suit) == (1 if juggler_wins else 0)


@pytest.mark.parametrize(
    ("text", "trump", "winner"),
    [
        ("R9 CLOUD:R", None, 1),
        ("CLOUD:R R10", None, 1),
        ("B13 CLOUD:G", Suit.GREEN, 1),  # the Cloud can be trump
        ("CLOUD:G B1", Suit.BLUE, 1),  # and loses to a trump when not trump itself
        ("CLOUD:R R2 B13", None, 0),  # it sets the led suit
        ("J CLOUD:B R13", Suit.GREEN, 1),
        ("G5 CLOUD:R", None, 0),  # a Cloud of another suit than the led one loses
        ("JUGGLER:R CLOUD:R", None, 1),
        ("CLOUD:Y JUGGLER:Y", Suit.YELLOW, 0),
        ("JUGGLER:G G7", None, 0),
        ("G7 JUGGLER:G", None, 1),
        ("JUGGLER:G G8", None, 1),
        ("JUGGLER:B R13 Y13", Suit.BLUE, 0),
        ("JUGGLER:B W", Suit.BLUE, 1),
    ],
)
def test_r8_2_cloud_and_juggler_examples(text: str, trump: Suit | None, winner: int) -> None:
    """R8.2, R8.3, R8.9: Cloud (9¾) and Juggler (7½) count as cards of their named suit."""
    assert trick_winner(parse_cards(text), trump) == winner


# -- R8.7 Shapeshifter -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "trump", "winner", "reason"),
    [
        ("SHAPESHIFTER:W R13 W", Suit.RED, 0, WinReason.FIRST_WIZARD),
        ("W SHAPESHIFTER:W", None, 0, WinReason.FIRST_WIZARD),
        ("R13 SHAPESHIFTER:W", Suit.RED, 1, WinReason.FIRST_WIZARD),
        ("SHAPESHIFTER:J R5 B13", None, 1, WinReason.HIGHEST_LED),
        ("SHAPESHIFTER:J J", None, 0, WinReason.FIRST_JESTER),
        ("J SHAPESHIFTER:J", Suit.RED, 0, WinReason.FIRST_JESTER),
        ("R2 SHAPESHIFTER:J", Suit.BLUE, 0, WinReason.HIGHEST_LED),
    ],
)
def test_r8_7_shapeshifter_counts_as_declared(text: str, trump: Suit | None, winner: int, reason: WinReason) -> None:
    """R8.7, R8.9: a Shapeshifter declared Wizard (Jester) wins (loses) like one."""
    assert decided(text, trump) == (winner, winner, reason)


@given(special_tricks(holding=(Card.SHAPESHIFTER,)), trumps)
def test_r8_7_shapeshifter_is_the_card_it_declares(trick: tuple[Card, ...], trump: Suit | None) -> None:
    """R8.7, R8.8, R8.9: replacing a declared Shapeshifter by a real Wizard/Jester changes nothing."""
    at = index_of(trick, CardKind.SHAPESHIFTER)
    role = trick[at].role
    stand_in = Card.WIZARD if role is CardKind.WIZARD else Card.JESTER
    assume(trick.count(stand_in) < 4)
    swapped = (*trick[:at], stand_in, *trick[at + 1 :])
    assert decide_trick(swapped, trump) == decide_trick(trick, trump)
    assert led_suit(swapped) is led_suit(trick)


# -- R8.8 led suit with special cards ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "suit"),
    [
        ("CLOUD:R R2 B13", Suit.RED),
        ("J CLOUD:B", Suit.BLUE),
        ("JUGGLER:G R5", Suit.GREEN),
        ("FAIRY JUGGLER:Y", Suit.YELLOW),
        ("DRAGON R5", None),
        ("J DRAGON R5", None),
        ("R5 DRAGON B2", Suit.RED),
        ("SHAPESHIFTER:W R5", None),
        ("SHAPESHIFTER:J R5", Suit.RED),
        ("BOMB R5", Suit.RED),
        ("FAIRY R5", Suit.RED),
        ("SHAPESHIFTER:J FAIRY BOMB B2 R5", Suit.BLUE),
        ("SHAPESHIFTER:J FAIRY BOMB", None),
    ],
)
def test_r8_8_led_suit_with_special_cards(text: str, suit: Suit | None) -> None:
    """R8.8: Cloud/Juggler lead like suit cards; Dragon/Shapeshifter:W free; Bomb/Fairy/Shapeshifter:J set nothing."""
    assert led_suit(parse_cards(text)) is suit


@pytest.mark.parametrize(
    ("hand", "trick", "allowed"),
    [
        ("R3 B7 W", "CLOUD:B", {"B7", "W"}),
        ("R3 B7 W", "J JUGGLER:R", {"R3", "W"}),
        ("R3 B7 G1", "DRAGON B2", {"R3", "B7", "G1"}),
        ("R3 B7 G1", "SHAPESHIFTER:W B2", {"R3", "B7", "G1"}),
        ("R3 B7 G1", "SHAPESHIFTER:J B2", {"B7"}),
        ("R3 B7 G1", "FAIRY BOMB", {"R3", "B7", "G1"}),
        (
            "B7 R3 DRAGON FAIRY BOMB CLOUD JUGGLER SHAPESHIFTER",
            "B2",
            {"B7", "DRAGON", "FAIRY", "BOMB", "CLOUD", "JUGGLER", "SHAPESHIFTER"},
        ),
    ],
)
def test_r8_8_follow_suit_with_special_cards(hand: str, trick: str, allowed: set[str]) -> None:
    """R8.8, R8: the led suit set by special cards is followed; special cards may always be played."""
    assert {str(card) for card in legal_plays(parse_cards(hand), parse_cards(trick))} == allowed


@given(special_hands_and_tricks())
def test_r8_special_cards_may_always_be_played(hand_trick: tuple[tuple[Card, ...], tuple[Card, ...]]) -> None:
    """R8, R5.3: special cards never break following suit; the led suit restricts only suit cards."""
    hand, trick = hand_trick
    legal = legal_plays(hand, trick)
    assert legal <= set(hand)
    assert {card for card in hand if not card.is_suit_card} <= legal
    suit = led_suit(trick)
    following = {card for card in hand if card.is_suit_card and card.suit is suit}
    if suit is None or not following:
        assert legal == set(hand)
    else:
        assert {card for card in legal if card.is_suit_card} == following


@given(special_tricks(), trumps)
def test_r8_9_winner_is_a_valid_index(trick: tuple[Card, ...], trump: Suit | None) -> None:
    """R8.9: every playable trick has a would-be winner; only a Bomb leaves it without a winner."""
    decision = decide_trick(trick, trump)
    assert 0 <= decision.would_be_winner < len(trick)
    if Card.BOMB in trick:
        assert decision.winner is None
    else:
        assert decision.winner == decision.would_be_winner
