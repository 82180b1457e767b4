"""Each rule's facts computed once, as tables of whole numbers, from the rule's own statement.

The engine, `ExpertBot`'s pure-Python rollouts and the compiled fast core (`wizardrules.fast`)
read these tables rather than state a rule again: the kernels' loader turns a module-level
tuple of whole numbers into a numpy array. The tables of the deck are computed here from the
functions of `wizardrules.tricks`, each built on its first use (`import wizardrules` does not
pay for them); the tables of one game's rules (the points of its score rule, the answers of
its bid policy) by asking the rule itself, in every situation a round can reach. Cards are
codes in the layout of [`codes`][wizardrules._tables.codes]: 0..51 the suit cards, 52..55
the Wizards, 56..59 the Jesters, 60..66 the special cards (R8), from 80 the declared ones.

A led suit is a number here, as in the engine: a suit's index, `OPEN` while no suit is set
and `FREED` once a Wizard came first (R5.2).

Examples:
    >>> from wizardrules import Card, Suit
    >>> red_9, wizard = codes.BITS_OF[Card.suited(Suit.RED, 9)].bit_length() - 1, 52
    >>> led_after()[(OPEN + 2) * CODES + red_9], led_after()[(OPEN + 2) * CODES + wizard] == FREED
    (0, True)
    >>> TRUMP_OF_TURNED[red_9 + 1], TRUMP_OF_TURNED[wizard + 1] == DEALER_CHOOSES, TRUMP_OF_TURNED[0]
    (0, True, -1)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from wizardrules._tables import codes
from wizardrules.bidding import BidContext, BidFacts, BidPolicy, bid_facts
from wizardrules.cards import Card, CardKind, Suit
from wizardrules.scoring import ScoreRule
from wizardrules.tricks import led_suit, legal_plays, win_key

__all__ = [
    "CODES",
    "DEALER_CHOOSES",
    "FREED",
    "NO_KEY",
    "NO_TRUMP",
    "OPEN",
    "TABULATED",
    "TRUMP_OF_TURNED",
    "bid_table",
    "follow",
    "led_after",
    "points_table",
    "tabulable",
    "trick_so_far",
    "win_key_table",
    "win_keys",
    "winner_index",
]

_SUITS: Final = tuple(Suit)
_DECK: Final = codes.DECK_SIZE
CODES: Final = codes.DECLARED_BASE + 10
"""How many trick codes there are: the hand bits, the unused codes up to 80, the ten declared cards."""
_LEDS: Final = range(-2, 4)
"""Every led suit: `FREED`, `OPEN`, then the suits' indices."""
OPEN: Final = -1
"""The led suit while none is set: nothing played yet, or only Jesters (R5.2)."""
FREED: Final = -2
"""The led suit once a Wizard came before any suit card: none is ever set (R5.2)."""
NO_TRUMP: Final = -1
"""The trump of a round without one (R3.3, R3.4)."""
DEALER_CHOOSES: Final = -3
"""A turned-up card after which the dealer names the trump (R3.2, R8.10)."""
_NEVER_PLAYED: Final = frozenset(
    [codes.WEREWOLF, codes.JUGGLER, codes.CLOUD, codes.SHAPESHIFTER, *range(codes.SEAT_BITS, codes.DECLARED_BASE)]
)
"""Codes that no trick holds: the Werewolf (R8.6), the undeclared Juggler, Cloud and Shapeshifter, the unused."""


def _card(code: int) -> Card:
    return codes.CARD_OF[code]


def _trick_of(led: int, avoid: Card) -> tuple[Card, ...]:
    """A trick whose led suit is `led`, without the card `avoid`."""
    if led == FREED:
        return (Card.WIZARD,)
    if led == OPEN:
        return ()
    rank = 1 if avoid != Card.suited(_SUITS[led], 1) else 2
    return (Card.suited(_SUITS[led], rank),)


def _led_index(trick: Sequence[Card]) -> int:
    """The led suit of a trick as a number: a suit's index, `OPEN` or `FREED` (R5.2), by `tricks.led_suit`."""
    suit = led_suit(trick)
    if suit is not None:
        return _SUITS.index(suit)
    probe = next(card for card in (Card.suited(Suit.RED, r) for r in range(1, 4)) if card not in trick)
    return OPEN if led_suit((*trick, probe)) is not None else FREED


@functools.cache
def led_after() -> tuple[int, ...]:
    """`[(led + 2) * CODES + code]`: the led suit once the card of `code` is played to a trick led `led` (R5.2, R8.8).

    Asked of `tricks.led_suit`: the first suit card (a declared Cloud or Juggler too) sets the
    suit, a Wizard (the Dragon, a Shapeshifter declared Wizard) before it frees the trick,
    Jesters (the Fairy, the Bomb, a Shapeshifter declared Jester) set nothing. A code that no
    trick holds leaves the led suit as it is.
    """
    return tuple(
        led if code in _NEVER_PLAYED else _led_index((*_trick_of(led, _card(code)), _card(code)))
        for led in _LEDS
        for code in range(CODES)
    )


def _follows(led: int, bit: int) -> bool:
    """Whether `bit` may be played to a trick led `led` by a hand that holds the led suit too (R5.3)."""
    card = _card(bit)
    if card.kind is CardKind.WEREWOLF:
        return False  # never played (R8.6)
    trick = _trick_of(led, card)
    if led < 0:
        return card in legal_plays((card,), trick)
    suit = _SUITS[led]
    held = next(c for c in (Card.suited(suit, r) for r in range(1, 14)) if c != card and c not in trick)
    return card in legal_plays((card, held), trick)


@functools.cache
def follow() -> tuple[int, ...]:
    """`[led + 2]`: the hand bits a hand holding the led suit `led` may play (R5.3, R8), asked of `tricks.legal_plays`.

    With a led suit: its cards, the Wizards, the Jesters and the special cards (but the
    Werewolf, which is never played); while no suit is led, every card. A hand without a card
    of the led suit plays any card.
    """
    return tuple(sum(1 << bit for bit in range(codes.SEAT_BITS) if _follows(led, bit)) for led in _LEDS)


@functools.cache
def win_keys() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """`[trump + 1][led + 2][code]`: `tricks.win_key` of each standard card's code in a trick (R5.4).

    `led` is the trick's led suit once all its cards are played (FREED and OPEN: none). In
    play order the first card of the highest key wins; a trick of Jesters only goes to the
    first, whose key is the same as every other Jester's.
    """
    trumps = (None, *_SUITS)
    leds = (None, None, *_SUITS)
    return tuple(
        tuple(tuple(win_key(_card(code), trump, led) for code in range(_DECK)) for led in leds) for trump in trumps
    )


@functools.cache
def win_key_table() -> tuple[int, ...]:
    """`[((trump + 1) * 6 + led + 2) * 60 + code]`: `win_keys`, flat, for the compiled kernels (R5.4)."""
    return tuple(key for by_led in win_keys() for keys in by_led for key in keys)


NO_KEY: Final = -2
"""The best key of a trick with no card yet: below every card's key."""


def trick_so_far(trick: Sequence[int], trump: int) -> tuple[int, int, int]:
    """`(led, best, best_key)` once the standard card codes of `trick` are played in order (R5.2, R5.4).

    The led suit (`OPEN`, `FREED` or a suit's index), the index in play order of the card
    that wins so far and its key: each card's key read when it is played, with the led suit
    as it then stands, and the first card of the highest key wins. A trick with no card is
    `(OPEN, 0, NO_KEY)`. This is the one statement of the loop; the tiers that play a trick
    a card at a time carry the three numbers along and add a card as this loop does.
    """
    after = led_after()
    keys = win_keys()[trump + 1]
    led, best, best_key = OPEN, 0, NO_KEY
    for position, code in enumerate(trick):
        led = after[(led + 2) * CODES + code]
        key = keys[led + 2][code]
        if key > best_key:
            best, best_key = position, key
    return led, best, best_key


def winner_index(trick: Sequence[int], trump: int) -> int:
    """Index in play order of the winning card of a trick of standard card codes (R5.4): the first highest key."""
    return trick_so_far(trick, trump)[1]


_CHOOSING: Final = (
    CardKind.WIZARD,
    CardKind.DRAGON,
    CardKind.CLOUD,
    CardKind.JUGGLER,
    CardKind.SHAPESHIFTER,
    CardKind.WEREWOLF,
)
"""The kinds of card after whose turning up the dealer names the trump (R3.2, R8.10)."""


def _trump_of(bit: int) -> int:
    """The trump a card turned up makes (R3.1-R3.4, R8.10)."""
    if bit < 0:
        return NO_TRUMP  # no card is left to turn up (R3.4)
    card = _card(bit)
    if card.kind is CardKind.SUIT:
        return _SUITS.index(card.suit) if card.suit is not None else NO_TRUMP
    if card.kind in _CHOOSING:
        return DEALER_CHOOSES
    return NO_TRUMP  # a Jester, the Bomb or the Fairy


TRUMP_OF_TURNED: Final = tuple(_trump_of(bit) for bit in range(-1, codes.SHAPESHIFTER + 1))
"""`TRUMP_OF_TURNED[card + 1]`: the trump the turned-up card makes (-1 for none turned up): a suit
card its suit (R3.1), a Wizard the dealer's choice (R3.2), a Jester or no card none (R3.3, R3.4);
of the special cards, the Dragon, Cloud, Juggler, Shapeshifter and Werewolf the dealer's choice,
the Bomb and the Fairy none (R8.10)."""


def points_table(rule: ScoreRule, most: int) -> tuple[int, ...]:
    """`[(bid * (most + 1) + tricks) * 2 + blind]`: the rule's points of each bid and tricks up to `most` (R6).

    Examples:
        >>> from wizardrules import StandardScore
        >>> table = points_table(StandardScore(), 3)
        >>> table[(2 * 4 + 2) * 2], table[(2 * 4 + 2) * 2 + 1], table[(2 * 4 + 0) * 2]
        (40, 80, -20)
    """
    return tuple(
        rule.points(bid, tricks, blind=blind)
        for bid in range(most + 1)
        for tricks in range(most + 1)
        for blind in (False, True)
    )


TABULATED: Final = (
    BidFacts.CARDS
    | BidFacts.FIRST_ROUND
    | BidFacts.BID_SUM
    | BidFacts.LAST
    | BidFacts.DEALER
    | BidFacts.DEALER_LEADS
    | BidFacts.PLAYERS
)
"""What a policy's answer may depend on for `bid_table` to hold it: the situations the table tells apart."""


def tabulable(policy: BidPolicy) -> bool:
    """Whether `bid_table` holds every answer of `policy`: its `depends_on` is within `TABULATED`.

    Examples:
        >>> from wizardrules import NotEqualBids
        >>> tabulable(NotEqualBids()), tabulable(object())
        (True, False)
    """
    return not bid_facts(policy) & ~TABULATED


def _bids_summing(total: int, count: int, cards: int) -> list[int]:
    """`count` bids of 0..cards that add up to `total`."""
    bids = []
    for _ in range(count):
        bids.append(min(cards, total))
        total -= bids[-1]
    return bids


def _mask(bids: frozenset[int], cards: int) -> int:
    """The bids 0..cards among `bids` as a mask."""
    return sum(1 << bid for bid in bids if type(bid) is int and 0 <= bid <= cards)


def bid_table(policy: BidPolicy, players: int, cards_per_round: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """The policy's allowed bids in every bidding situation of each round, as masks, and the table's stride.

    It holds a policy that is `tabulable`: one whose answer (R4.2) depends on no more than the
    round's cards, whether it is round 1, the bid sum so far, whether the bidder is the last
    (the dealer), the dealer's seat and whether the dealer leads on totals (the scorekeeper's
    hook), for this number of players: rounds past the first with the same cards share their
    answers, as in the engine's memo. Round `r`'s block starts at `r * 4 * players * stride`;
    in it, row `(last * players + dealer) * 2 + trails` answers a bidder who is the last or not
    when `dealer` deals and trails on totals or not; a row's entry `bid sum` is the mask of the
    allowed bids. Bid sums no round reaches are 0.

    Examples:
        >>> from wizardrules import NotEqualBids
        >>> table, stride = bid_table(NotEqualBids(), 3, (1, 2))
        >>> bin(table[0])  # round 1 (one card): the first bidder may bid 0 or 1
        '0b11'
        >>> bin(table[(1 * 3 + 0) * 2 * stride + 1])  # the dealer, seat 0, after bids adding up to 1: not 0
        '0b10'
    """
    stride = max(cards * (players - 1) for cards in cards_per_round) + 1
    table: list[int] = []
    blocks: dict[tuple[int, bool], list[int]] = {}
    for rnd, cards in enumerate(cards_per_round):
        key = (cards, rnd == 0)  # as the engine's memo (`engine._bids`), a round past the first by its cards alone
        if key not in blocks:
            blocks[key] = _bid_block(policy, players, cards, rnd + 1, stride)
        table += blocks[key]
    return tuple(table), stride


def _bid_block(policy: BidPolicy, players: int, cards: int, round_number: int, stride: int) -> list[int]:
    """One round's block of `bid_table`."""
    block = [0] * (4 * players * stride)
    for last in (False, True):
        made = players - 1 if last else players - 2
        for dealer in range(players):
            for trails in (False, True):
                totals = [0 if seat == dealer else int(trails) for seat in range(players)]
                row = ((last * players + dealer) * 2 + trails) * stride
                for bid_sum in range(cards * made + 1):
                    context = BidContext(
                        cards=cards,
                        bids=_bids_summing(bid_sum, made, cards),
                        players=players,
                        round_number=round_number,
                        totals=totals,
                        dealer=dealer,
                    )
                    block[row + bid_sum] = _mask(policy.allowed(context), cards)
    return block
