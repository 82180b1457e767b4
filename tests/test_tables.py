"""The rule tables (`wizardrules._tables`) state what the rules' own functions say, situation by situation.

The compiled core reads these tables instead of retyping the rules; here they are checked
against `tricks`, `scoring` and the bid policies directly (the fast core's own tests check
the kernels against the engine, game by game).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from wizardrules import (
    Card,
    EqualBids,
    FreeBids,
    NotEqualBids,
    ScorekeeperHook,
    StandardScore,
    Suit,
    led_suit,
    legal_plays,
    trick_winner,
)
from wizardrules._tables import (
    CODES,
    DEALER_CHOOSES,
    FREED,
    NO_KEY,
    NO_TRUMP,
    OPEN,
    TRUMP_OF_TURNED,
    bid_table,
    follow,
    led_after,
    points_table,
    trick_so_far,
    win_key_table,
    win_keys,
    winner_index,
)
from wizardrules._tables.codes import BITS_OF, CARD_OF, JESTER, JESTERS, SUIT_CARDS, WIZARD, WIZARDS
from wizardrules.bidding import BidContext, BidPolicy

_SUITS = tuple(Suit)
_ANY_SUIT = (1 << 52) - 1

# A deal of standard cards: distinct bit indices 0..59 (the four copies of a Wizard or Jester apart).
_deals = st.permutations(range(60)).map(lambda bits: bits[:16])


def _mask(cards: tuple[Card, ...] | frozenset[Card]) -> int:
    """The bits of cards, a Wizard or Jester standing for all its copies."""
    mask = 0
    for card in cards:
        mask |= BITS_OF[card]
    return mask


@given(_deals, st.integers(0, 6))
def test_r5_2_led_after_follows_the_led_suit_card_by_card(bits: tuple[int, ...], length: int) -> None:
    """R5.2: folding `led_after` over a trick's cards gives `led_suit`, with a Wizard first as FREED."""
    trick = tuple(CARD_OF[bit] for bit in bits[:length])
    led = OPEN
    for bit in bits[:length]:
        led = led_after()[(led + 2) * CODES + bit]
    suit = led_suit(trick)
    if suit is not None:
        assert led == _SUITS.index(suit)
    else:
        first = next((card for card in trick if card != Card.JESTER), None)
        assert led == (FREED if first == Card.WIZARD else OPEN)


@given(_deals, st.integers(0, 3), st.integers(1, 12))
def test_r5_3_follow_gives_the_legal_plays(bits: tuple[int, ...], length: int, size: int) -> None:
    """R5.3: the cards `follow` lets a hand play are `legal_plays`' answer for every hand and trick."""
    trick = tuple(CARD_OF[bit] for bit in bits[:length])
    hand = tuple(CARD_OF[bit] for bit in bits[length : length + size])
    led = OPEN
    for bit in bits[:length]:
        led = led_after()[(led + 2) * CODES + bit]
    held = _mask(hand)
    allowed = held & follow()[led + 2]
    playable = allowed if allowed & _ANY_SUIT else held
    assert playable == _mask(legal_plays(hand, trick))


@given(_deals, st.integers(1, 6), st.integers(-1, 3))
def test_r5_4_trick_so_far_names_the_winner_card_by_card(bits: tuple[int, ...], length: int, trump: int) -> None:
    """R5.2, R5.4: after each card, `trick_so_far` gives the led suit and `trick_winner`'s card, with its key."""
    suit = None if trump == NO_TRUMP else _SUITS[trump]
    assert trick_so_far((), trump) == (OPEN, 0, NO_KEY)
    led = OPEN
    for end in range(1, length + 1):
        trick = bits[:end]
        led = led_after()[(led + 2) * CODES + trick[-1]]
        so_far = trick_so_far(trick, trump)
        cards = tuple(CARD_OF[bit] for bit in trick)
        assert so_far == (led, trick_winner(cards, suit), win_keys()[trump + 1][led + 2][trick[so_far[1]]])
        assert winner_index(trick, trump) == so_far[1]


def test_r1_the_card_code_names_its_ranges() -> None:
    """R1.1: the suit cards come first, then the four Wizards and the four Jesters, by name."""
    assert {CARD_OF[code] for code in range(SUIT_CARDS)} == {Card.suited(s, r) for s in Suit for r in range(1, 14)}
    assert {CARD_OF[code] for code in WIZARDS} == {Card.WIZARD}
    assert WIZARDS[0] == WIZARD == SUIT_CARDS
    assert {CARD_OF[code] for code in JESTERS} == {Card.JESTER}
    assert JESTERS[0] == JESTER == WIZARDS[-1] + 1


def test_r5_4_the_flat_keys_are_the_engines() -> None:
    """R5.4: `win_key_table` is `win_keys`, laid out flat for the kernels."""
    for trump in range(-1, 4):
        for led in range(-2, 4):
            for card in range(60):
                assert win_key_table()[((trump + 1) * 6 + led + 2) * 60 + card] == win_keys()[trump + 1][led + 2][card]


def test_r3_the_turned_up_card_makes_the_trump() -> None:
    """R3.1-R3.4: a suit card its suit, a Wizard the dealer's choice, a Jester or no card none."""
    assert TRUMP_OF_TURNED[0] == NO_TRUMP
    for bit in range(60):
        card = CARD_OF[bit]
        expected = DEALER_CHOOSES if card == Card.WIZARD else NO_TRUMP if card == Card.JESTER else bit // 13
        assert TRUMP_OF_TURNED[bit + 1] == expected
    specials = {CARD_OF[bit].kind.name: TRUMP_OF_TURNED[bit + 1] for bit in range(60, 67)}
    assert specials == {  # R8.10
        "DRAGON": DEALER_CHOOSES,
        "FAIRY": NO_TRUMP,
        "BOMB": NO_TRUMP,
        "WEREWOLF": DEALER_CHOOSES,
        "JUGGLER": DEALER_CHOOSES,
        "CLOUD": DEALER_CHOOSES,
        "SHAPESHIFTER": DEALER_CHOOSES,
    }


@given(st.integers(0, 30), st.integers(0, 30), st.integers(1, 4), st.integers(0, 10))
def test_r6_the_points_table_is_the_score_rule(hit: int, per_trick: int, blind_times: int, most: int) -> None:
    """R6.1, R6.2: each entry of the points table is the score rule's own answer."""
    rule = StandardScore(hit_bonus=hit, per_trick=per_trick, blind_multiplier=blind_times)
    table = points_table(rule, most)
    for bid in range(most + 1):
        for tricks in range(most + 1):
            for blind in (False, True):
                assert table[(bid * (most + 1) + tricks) * 2 + blind] == rule.points(bid, tricks, blind=blind)


@given(
    st.sampled_from(
        [FreeBids(), NotEqualBids(), NotEqualBids(first_round_free=True, min_cards=3), EqualBids()]
        + [ScorekeeperHook(scorekeeper=seat) for seat in range(4)]
    ),
    st.lists(st.integers(0, 5), min_size=0, max_size=3),
    st.integers(0, 3),
    st.lists(st.integers(-50, 50), min_size=4, max_size=4),
)
def test_r4_2_the_bid_table_is_the_policys_answer(
    policy: BidPolicy, bids: list[int], dealer: int, totals: list[int]
) -> None:
    """R4.2: in any bidding situation, the table's entry is the policy's own answer."""
    schedule = (1, 2, 3, 4, 5)
    table, stride = bid_table(policy, 4, schedule)
    for rnd, cards in enumerate(schedule):
        made = [min(bid, cards) for bid in bids]
        context = BidContext(cards=cards, bids=made, players=4, round_number=rnd + 1, totals=totals, dealer=dealer)
        last = len(made) == 3
        row = (rnd * 16 + (last * 4 + dealer) * 2 + (totals[dealer] < max(totals))) * stride
        mask = table[row + sum(made)]
        assert {bid for bid in range(cards + 1) if mask >> bid & 1} == policy.allowed(context)
