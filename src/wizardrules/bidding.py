"""Bids and bid restrictions (RULES R4.1-R4.3).

A [`BidPolicy`][wizardrules.BidPolicy] says which bids the next bidder may make, given a
[`BidContext`][wizardrules.BidContext], and explains a refusal in words for UIs.

Examples:
    >>> from wizardrules import BidContext, NotEqualBids, allowed_bids
    >>> sorted(allowed_bids(NotEqualBids(), cards=3, bids=[1, 0, 1], players=4))
    [0, 2, 3]
    >>> NotEqualBids().refusal(BidContext(cards=3, bids=(1, 0, 1), players=4), 1)
    'the bids would add up to 3'
"""

from __future__ import annotations

import abc
import enum
from collections.abc import Iterable, Sequence
from typing import Final, Protocol, runtime_checkable

from attrs import field, frozen

from wizardrules._convert import as_tuple, shown, whole
from wizardrules.cards import MAX_DECK_SIZE, MAX_PLAYERS, MIN_PLAYERS
from wizardrules.errors import BidError, BidNotAllowedError, _german_text

__all__ = [
    "BidContext",
    "BidFacts",
    "BidPolicy",
    "CloudChange",
    "EqualBids",
    "FreeBids",
    "NotEqualBids",
    "ScorekeeperHook",
    "allowed_bids",
    "bid_facts",
    "verify_bid",
]


class CloudChange(enum.Enum):
    """The direction a Cloud changes a bid (R8.2).

    Examples:
        >>> CloudChange.UP.delta, CloudChange.DOWN.delta
        (1, -1)
    """

    UP = 1
    DOWN = -1

    @property
    def delta(self) -> int:
        """+1 or -1."""
        return int(self.value)


MAX_ROUNDS: Final = 1000
"""The most rounds a game may have: no schedule is longer (the longest built-in one has 20)."""

_UP_TO: Final = tuple(frozenset(range(cards + 1)) for cards in range(MAX_DECK_SIZE + 1))


def _bids(values: Iterable[int]) -> tuple[int, ...]:
    return as_tuple(values, "bids", BidError, limit=MAX_PLAYERS)


def _tuple_or_none(values: Iterable[int] | None) -> tuple[int, ...] | None:
    return None if values is None else as_tuple(values, "totals", BidError, limit=MAX_PLAYERS)


@frozen(kw_only=True)
class BidContext:
    """Everything a bid policy may consider for the next bid (R4.1, R4.2).

    Attributes:
        cards: cards dealt to each player this round.
        bids: the bids already made this round, in bidding order.
        players: the number of players.
        round_number: the round, counted from 1 (at most `MAX_ROUNDS`, 1,000).
        totals: each seat's total points before this round, if known.
        dealer: the dealer's seat, if known (needed by [`ScorekeeperHook`][wizardrules.ScorekeeperHook]).

    Raises:
        BidError: the situation cannot occur (a bid outside 0..cards, everybody has bid, ...).
    """

    cards: int
    bids: tuple[int, ...] = field(converter=_bids)
    players: int
    round_number: int = 1
    totals: tuple[int, ...] | None = field(default=None, converter=_tuple_or_none)
    dealer: int | None = None

    def __attrs_post_init__(self) -> None:
        problem = _context_problem(self)
        if problem is not None:
            english, german = problem
            described = f"{shown(self.cards)} Karten, Ansagen {shown(list(self.bids))}, {shown(self.players)} Spieler"
            raise BidError(
                f"bidding situation {self._describe()}: {english}", german=f"Ansagelage ({described}): {german}"
            )

    def _describe(self) -> str:
        return f"(cards={shown(self.cards)}, bids={shown(list(self.bids))}, players={shown(self.players)})"

    @property
    def is_last(self) -> bool:
        """Whether the next bid is the last of the round (the dealer's, R4.1)."""
        return len(self.bids) == self.players - 1

    @property
    def bid_sum(self) -> int:
        """The sum of the bids made so far."""
        return sum(self.bids)

    @property
    def bidder(self) -> int | None:
        """The seat of the next bidder, when the dealer is known: bidding starts left of the dealer."""
        if self.dealer is None:
            return None
        return (self.dealer + 1 + len(self.bids)) % self.players


def _is_count(value: object) -> bool:
    return type(value) is int


def _context_problem(ctx: BidContext) -> tuple[str, str] | None:
    """What makes the situation impossible, in English and in German; `None` when it can occur."""
    if not whole(ctx.players, MIN_PLAYERS, MAX_PLAYERS):
        return (
            f"players must be {MIN_PLAYERS}..{MAX_PLAYERS} (R2.1)",
            f"Spieler müssen {MIN_PLAYERS}..{MAX_PLAYERS} sein (R2.1)",
        )
    if not whole(ctx.cards, 1, MAX_DECK_SIZE):
        return (
            f"cards must be a whole number 1..{MAX_DECK_SIZE}",
            f"Karten müssen eine ganze Zahl 1..{MAX_DECK_SIZE} sein",
        )
    if ctx.cards * ctx.players > MAX_DECK_SIZE:
        return (
            f"{ctx.cards} cards for {ctx.players} players is more than any deck holds ({MAX_DECK_SIZE})",
            f"{ctx.cards} Karten für {ctx.players} Spieler sind mehr, als ein Spiel hat ({MAX_DECK_SIZE})",
        )
    if len(ctx.bids) >= ctx.players:
        return f"all {ctx.players} players have bid already", f"alle {ctx.players} Spieler haben schon angesagt"
    for bid in ctx.bids:
        if not whole(bid, 0, ctx.cards):
            return (
                f"bid {shown(bid)} is outside 0..{ctx.cards} (R4.1)",
                f"die Ansage {shown(bid)} liegt nicht in 0..{ctx.cards} (R4.1)",
            )
    if not whole(ctx.round_number, 1, MAX_ROUNDS):
        return (
            f"round_number {shown(ctx.round_number)} must be 1..{MAX_ROUNDS}",
            f"die Runde {shown(ctx.round_number)} muss 1..{MAX_ROUNDS} sein",
        )
    if ctx.totals is not None and (len(ctx.totals) != ctx.players or not all(_is_count(t) for t in ctx.totals)):
        return (
            f"totals {shown(list(ctx.totals))} must be one whole number per player",
            f"der Stand {shown(list(ctx.totals))} muss eine ganze Zahl je Spieler sein",
        )
    if ctx.dealer is not None and not whole(ctx.dealer, 0, ctx.players - 1):
        return (
            f"dealer {shown(ctx.dealer)} must be a seat 0..{ctx.players - 1}",
            f"der Geber {shown(ctx.dealer)} muss ein Platz 0..{ctx.players - 1} sein",
        )
    return None


class BidFacts(enum.Flag):
    """What a bid policy's answer may depend on: the parts of the bidding situation it reads (R4.2).

    A policy says so in its `depends_on`. Whoever works a policy's answers out ahead reads
    it: the engine keeps the answers of a policy that needs no more than the cards, round 1,
    the bid sum and the last bid in a memo shared by the rounds; the compiled core tabulates
    a policy that needs no more than those, the dealer and whether the dealer leads
    (`wizardrules._tables.bid_table`); a search bot's one-round replay passes the real round
    and totals to a policy that reads them. A policy that does not say is taken to read
    everything, and is asked every time.

    Examples:
        >>> from wizardrules import NotEqualBids, ScorekeeperHook
        >>> NotEqualBids().depends_on
        <BidFacts.CARDS|BID_SUM|LAST: 13>
        >>> BidFacts.DEALER in ScorekeeperHook(scorekeeper=0).depends_on
        True
    """

    NONE = 0
    CARDS = enum.auto()
    """The cards dealt this round."""
    FIRST_ROUND = enum.auto()
    """Whether the round is the game's first."""
    BID_SUM = enum.auto()
    """The sum of the bids made so far this round."""
    LAST = enum.auto()
    """Whether the next bid is the round's last (the dealer's, R4.1)."""
    DEALER = enum.auto()
    """The dealer's seat."""
    DEALER_LEADS = enum.auto()
    """Whether the dealer is first on totals, alone or jointly."""
    ROUND_NUMBER = enum.auto()
    """The round's number, beyond whether it is the first."""
    BIDS = enum.auto()
    """The bids made so far one by one, beyond their sum."""
    TOTALS = enum.auto()
    """The seats' totals, beyond whether the dealer leads."""
    PLAYERS = enum.auto()
    """The number of players."""
    ALL = CARDS | FIRST_ROUND | BID_SUM | LAST | DEALER | DEALER_LEADS | ROUND_NUMBER | BIDS | TOTALS | PLAYERS
    """Everything a `BidContext` holds: what a policy that does not say is taken to read."""


def bid_facts(policy: object) -> BidFacts:
    """What `policy`'s answer depends on: its `depends_on`, or `BidFacts.ALL` for a policy that does not say.

    Examples:
        >>> from wizardrules import EqualBids
        >>> bid_facts(EqualBids())
        <BidFacts.CARDS|BID_SUM|LAST: 13>
    """
    facts = getattr(policy, "depends_on", None)
    return facts if isinstance(facts, BidFacts) else BidFacts.ALL


@runtime_checkable
class BidPolicy(Protocol):
    """A bid restriction (R4.2): which bids the next bidder may make, and why not.

    `needs_open_bids` says whether the policy needs each bidder to know the earlier bids;
    such a policy cannot be combined with simultaneous or secret bids (R4.3). A policy may
    also say what its answer depends on, as a [`BidFacts`][wizardrules.BidFacts] property
    `depends_on` (every built-in policy does): its answers are then worked out once and
    shared, and the compiled core can play it. Without one it is asked every time.
    """

    @property
    def needs_open_bids(self) -> bool:
        """Whether the policy needs the bids made in the open, in order (R4.3)."""
        ...

    def allowed(self, context: BidContext) -> frozenset[int]:
        """The bids the next bidder may make."""
        ...

    def refusal(self, context: BidContext, bid: int) -> str | None:
        """Why `bid` is not allowed, in words; `None` when it is allowed."""
        ...


def is_bid_policy(value: object) -> bool:
    """Whether `value` is a bid policy object (an instance, not a class)."""
    return not isinstance(value, type) and isinstance(value, BidPolicy)


_NONE: Final[frozenset[int]] = frozenset()


class _ByRule(abc.ABC):
    """A built-in policy states its rule once, in `_refused`: the bids it refuses and why.

    `allowed` is every bid 0..cards but the refused ones, and `refusal` names the reason of the
    first refusal that holds the bid.
    """

    __slots__ = ()

    @abc.abstractmethod
    def _refused(self, context: BidContext) -> tuple[tuple[frozenset[int], str], ...]:
        """The bids 0..cards the rule refuses in `context`, each set with its reason: words in which
        `{cards}` stands for the cards and `{total}` for the sum the bid would make."""

    def allowed(self, context: BidContext) -> frozenset[int]:
        """The bids 0..cards the policy allows: those its rule does not refuse."""
        allowed = _UP_TO[context.cards]
        for bids, _ in self._refused(context):
            allowed -= bids
        return allowed

    def refusal(self, context: BidContext, bid: int) -> str | None:
        """Why `bid` is not allowed, in words; `None` when it is allowed."""
        problem = _out_of_range(context, bid)
        if problem:
            return problem
        for bids, why in self._refused(context):
            if bid in bids:
                return why.format(cards=context.cards, total=context.bid_sum + bid)
        return None


def _the_bid(bid: int) -> frozenset[int]:
    """The one bid `bid`, none when it is negative (it is never above the cards)."""
    return frozenset((bid,)) if bid >= 0 else _NONE


def _out_of_range(context: BidContext, bid: int) -> str | None:
    if not _is_count(bid) or not 0 <= bid <= context.cards:
        return f"a bid must be a whole number 0..{context.cards}"
    return None


@frozen
class FreeBids(_ByRule):
    """The base rule: any bid 0..cards (R4.2 *free*).

    Examples:
        >>> sorted(allowed_bids(FreeBids(), cards=2, bids=[2, 2], players=3))
        [0, 1, 2]
    """

    @property
    def needs_open_bids(self) -> bool:
        """Free bids work with every reveal mode."""
        return False

    @property
    def depends_on(self) -> BidFacts:
        """Any bid 0..cards: the answer depends on the cards alone."""
        return BidFacts.CARDS

    def _refused(self, context: BidContext) -> tuple[tuple[frozenset[int], str], ...]:
        """No bid 0..cards is refused."""
        return ()


@frozen(kw_only=True)
class NotEqualBids(_ByRule):
    """The official ±1 variant: the bids must not add up to the cards (R4.2 *not equal*).

    Only the last bidder is constrained.

    Attributes:
        first_round_free: round 1 is played with free bids.
        min_cards: the restriction applies only in rounds with at least this many cards.

    Examples:
        >>> policy = NotEqualBids(first_round_free=True)
        >>> sorted(allowed_bids(policy, cards=1, bids=[0, 0], players=3, round_number=1))
        [0, 1]
    """

    first_round_free: bool = False
    min_cards: int = 1

    def __attrs_post_init__(self) -> None:
        if type(self.first_round_free) is not bool:
            raise BidError(f"first_round_free {shown(self.first_round_free)} must be True or False")
        if not whole(self.min_cards, 1, MAX_DECK_SIZE):
            raise BidError(f"min_cards {shown(self.min_cards)} must be a whole number 1..{MAX_DECK_SIZE}")

    @property
    def needs_open_bids(self) -> bool:
        """The last bidder must know the other bids."""
        return True

    @property
    def depends_on(self) -> BidFacts:
        """The cards, the bid sum and the last bid; round 1 too when it is free."""
        facts = BidFacts.CARDS | BidFacts.BID_SUM | BidFacts.LAST
        return facts | BidFacts.FIRST_ROUND if self.first_round_free else facts

    def applies(self, context: BidContext) -> bool:
        """Whether the restriction binds in this round."""
        if self.first_round_free and context.round_number == 1:
            return False
        return context.cards >= self.min_cards

    def _refused(self, context: BidContext) -> tuple[tuple[frozenset[int], str], ...]:
        """The one last bid that makes the sum equal the cards, where the restriction applies."""
        if not context.is_last or not self.applies(context):
            return ()
        return ((_the_bid(context.cards - context.bid_sum), "the bids would add up to {cards}"),)


@frozen
class EqualBids(_ByRule):
    """House rule: the bids must add up to the cards (R4.2 *equal*).

    Decision: earlier bidders may only bid so that the running sum stays at most the cards;
    the last bidder has exactly one allowed bid.

    Examples:
        >>> sorted(allowed_bids(EqualBids(), cards=3, bids=[1, 0, 1], players=4))
        [1]
    """

    @property
    def needs_open_bids(self) -> bool:
        """Every bidder must know the running sum."""
        return True

    @property
    def depends_on(self) -> BidFacts:
        """The cards, the bid sum and the last bid."""
        return BidFacts.CARDS | BidFacts.BID_SUM | BidFacts.LAST

    def _refused(self, context: BidContext) -> tuple[tuple[frozenset[int], str], ...]:
        """The bids that overshoot the cards, and for the last bidder those that fall short of them."""
        room = context.cards - context.bid_sum
        over = _UP_TO[context.cards] - _UP_TO[room] if room >= 0 else _UP_TO[context.cards]
        short = _UP_TO[room - 1] if context.is_last and room >= 1 else _NONE
        return (
            (over, "the bids would add up to {total}, more than the {cards} cards"),
            (short, "the bids must add up to {cards}, but would add up to {total}"),
        )


@frozen(kw_only=True)
class ScorekeeperHook(_ByRule):
    """The scorekeeper's hook (seed 001): *not equal* binds only a trailing scorekeeper (R4.2).

    The restriction applies when the last bidder is the scorekeeper and the scorekeeper is
    not leading on total points (neither strictly nor jointly first). The context must
    name the dealer, who bids last.

    Attributes:
        scorekeeper: the scorekeeper's seat.

    Examples:
        >>> hook = ScorekeeperHook(scorekeeper=3)
        >>> sorted(allowed_bids(hook, cards=3, bids=[1, 0, 1], players=4, dealer=3, totals=[50, 0, 0, 20]))
        [0, 2, 3]
    """

    scorekeeper: int

    def __attrs_post_init__(self) -> None:
        if not whole(self.scorekeeper, 0, MAX_PLAYERS - 1):
            raise BidError(f"scorekeeper {shown(self.scorekeeper)} must be a seat 0..{MAX_PLAYERS - 1}")

    @property
    def needs_open_bids(self) -> bool:
        """The scorekeeper bidding last must know the other bids."""
        return True

    @property
    def depends_on(self) -> BidFacts:
        """The cards, the bid sum, the last bid, the dealer, whether the dealer leads, and the players (seats)."""
        facts = BidFacts.CARDS | BidFacts.BID_SUM | BidFacts.LAST
        return facts | BidFacts.DEALER | BidFacts.DEALER_LEADS | BidFacts.PLAYERS

    def applies(self, context: BidContext) -> bool:
        """Whether the restriction binds the next bid."""
        if not context.is_last:
            return False
        if context.dealer is None:
            raise BidError("ScorekeeperHook needs to know the dealer (dealer=...) to find the last bidder")
        if context.dealer != self.scorekeeper or self.scorekeeper >= context.players:
            return False
        if context.totals is None:
            raise BidError("ScorekeeperHook needs the players' totals (totals=...) to know who is leading")
        return context.totals[self.scorekeeper] < max(context.totals)

    def _refused(self, context: BidContext) -> tuple[tuple[frozenset[int], str], ...]:
        """The sum-matching bid of a trailing scorekeeper."""
        if not self.applies(context):
            return ()
        why = "the scorekeeper is not leading, so the bids must not add up to {cards}"
        return ((_the_bid(context.cards - context.bid_sum), why),)


def _context(
    policy: object,
    *,
    cards: int,
    bids: Sequence[int],
    players: int,
    round_number: int,
    totals: Sequence[int] | None,
    dealer: int | None,
) -> BidContext:
    if not is_bid_policy(policy):
        raise BidError(f"{shown(policy)} is not a bid policy (it needs allowed, refusal and needs_open_bids)")
    return BidContext(
        cards=cards,
        bids=_bids(bids),
        players=players,
        round_number=round_number,
        totals=totals,
        dealer=dealer,
    )


def allowed_bids(
    policy: BidPolicy,
    *,
    cards: int,
    bids: Sequence[int],
    players: int,
    round_number: int = 1,
    totals: Sequence[int] | None = None,
    dealer: int | None = None,
) -> frozenset[int]:
    """The bids the next bidder may make under `policy` (R4.1, R4.2).

    Args:
        policy: the bid restriction.
        cards: cards dealt to each player this round.
        bids: the bids already made this round, in bidding order.
        players: the number of players.
        round_number: the round, counted from 1.
        totals: each seat's total before this round (for [`ScorekeeperHook`][wizardrules.ScorekeeperHook]).
        dealer: the dealer's seat (for [`ScorekeeperHook`][wizardrules.ScorekeeperHook]).

    Raises:
        BidError: the policy is not a policy, or the situation cannot occur.

    Examples:
        >>> sorted(allowed_bids(NotEqualBids(), cards=3, bids=[1, 0, 1], players=4))
        [0, 2, 3]
    """
    context = _context(
        policy,
        cards=cards,
        bids=bids,
        players=players,
        round_number=round_number,
        totals=totals,
        dealer=dealer,
    )
    return policy.allowed(context)


def verify_bid(
    policy: BidPolicy,
    bid: int,
    *,
    cards: int,
    bids: Sequence[int],
    players: int,
    round_number: int = 1,
    totals: Sequence[int] | None = None,
    dealer: int | None = None,
) -> None:
    """Raise unless the next bidder may bid `bid` under `policy`.

    Raises:
        BidError: the bid is outside 0..cards or the situation cannot occur.
        BidNotAllowedError: the policy forbids the bid; `reason` says why.

    Examples:
        >>> verify_bid(NotEqualBids(), 1, cards=3, bids=[1, 0, 1], players=4)
        Traceback (most recent call last):
        ...
        wizardrules.errors.BidNotAllowedError: bid 1 is not allowed: the bids would add up to 3
    """
    context = _context(
        policy,
        cards=cards,
        bids=bids,
        players=players,
        round_number=round_number,
        totals=totals,
        dealer=dealer,
    )
    problem = _out_of_range(context, bid)
    if problem:
        raise BidError(
            f"bid {shown(bid)}: {problem} (R4.1)",
            german=f"die Ansage {shown(bid)}: eine Ansage ist eine ganze Zahl 0..{context.cards} (R4.1)",
        )
    reason = policy.refusal(context, bid)
    if reason is not None:
        raise BidNotAllowedError(
            f"bid {bid} is not allowed: {reason}",
            bid=bid,
            reason=reason,
            german=f"die Ansage {bid} ist nicht erlaubt: {_german_text(reason)}",
        )
