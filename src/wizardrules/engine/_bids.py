"""Which bids a bidder may make (R4.1, R4.2, R4.4), worked out once and shared.

A bid policy's answer depends on the bidding situation of a round part. A policy whose
answer needs no more than four facts of it (the round's cards, whether it is round 1, the
bid sum and whether the bidder is last: its `depends_on`, `MEMO_FACTS`) has its answers
kept in a memo per policy, shared by all games, keyed by one int: `bid_key(cards,
first_round) | bid sum << 1 | last bidder`. Any other policy is asked every time.
"""

from __future__ import annotations

from typing import Any, Final

from wizardrules.actions import BIDS, BLIND_BIDS, LOOK, Action
from wizardrules.bidding import BidContext, BidFacts, BidPolicy, bid_facts
from wizardrules.engine._layout import R_BID_SUM, R_BIDS, R_BIDS_MADE, R_GAME, R_NUMBER, R_TOTALS, Game, RoundPart

NO_BIDS: Final[frozenset[int]] = frozenset()
"""The allowed bids once the bidding is over."""

MEMO_FACTS: Final = BidFacts.CARDS | BidFacts.FIRST_ROUND | BidFacts.BID_SUM | BidFacts.LAST
"""What a policy's answer may depend on for the shared memo to hold it: the facts of its key."""

# Caches of pure functions of frozen values, shared by all games; they stay small (bounded by
# the card counts of a round). Each game holds the memo of its own policy.
_ALLOWED_BY_POLICY: dict[Any, dict[int, frozenset[int]]] = {}
BID_ACTIONS_MEMO: dict[frozenset[int], tuple[Action, ...]] = {}
"""`bid_actions(allowed, False)` by the allowed bids: the bids of a bidder who has looked."""
_BLIND_BID_ACTIONS: dict[frozenset[int], tuple[Action, ...]] = {}
"""`bid_actions(allowed, True)` by the allowed bids."""


def allowed_memo(policy: BidPolicy) -> dict[int, frozenset[int]] | None:
    """The shared memo of a built-in policy's allowed bids; `None` for a policy asked every time."""
    if bid_facts(policy) & ~MEMO_FACTS:
        return None
    try:
        return _ALLOWED_BY_POLICY.setdefault(policy, {})
    except TypeError:  # a policy that cannot be a key (not hashable) is asked every time
        return None


def bid_key(cards: int, first_round: bool) -> int:
    """The round's part of a key of the allowed-bids memo; a key adds `bid sum << 1 | last bidder`.

    A bid sum is at most 6 players times 67 cards, below 512, so nine bits hold it.
    """
    return (cards << 1 | first_round) << 10


def allowed_bids_at(rp: RoundPart) -> frozenset[int]:
    """The bids the next bidder of a round part may make (memoized for the built-in policies).

    `_round.start_round` and `_moves.bid` look the memo up the same way, written out: a call
    there would cost as much as the look-up.
    """
    game: Game = rp[R_GAME]
    memo = game.allowed_memo
    if memo is None:
        return _policy_bids(rp)
    key = game.bid_keys[rp[R_NUMBER]] | rp[R_BID_SUM] << 1 | (rp[R_BIDS_MADE] == game.n - 1)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _policy_bids(rp)
    return found


def _policy_bids(rp: RoundPart) -> frozenset[int]:
    """The policy's allowed bids, kept to whole numbers 0..cards whatever a custom policy returns."""
    context = bid_context(rp)
    allowed = rp[R_GAME].rules.bid_policy.allowed(context)
    return frozenset(b for b in allowed if type(b) is int and 0 <= b <= context.cards)


def bid_context(rp: RoundPart) -> BidContext:
    """The bidding situation of a round part, for bid policies."""
    game: Game = rp[R_GAME]
    rnd = rp[R_NUMBER]
    n = game.n
    first = (game.first_dealer + rnd + 1) % n  # left of the dealer (R4.1)
    bids = rp[R_BIDS]
    return BidContext(
        cards=game.cards[rnd],
        bids=tuple(bids[(first + i) % n] for i in range(rp[R_BIDS_MADE])),
        players=n,
        round_number=rnd + 1,
        totals=rp[R_TOTALS],
        dealer=(game.first_dealer + rnd) % n,
    )


def bid_actions(allowed: frozenset[int], blind: bool) -> tuple[Action, ...]:
    """The bidding actions for the allowed bids: `look` and blind bids before looking, else bids."""
    memo = _BLIND_BID_ACTIONS if blind else BID_ACTIONS_MEMO
    found = memo.get(allowed)
    if found is None:
        bids = tuple((BLIND_BIDS if blind else BIDS)[b] for b in sorted(allowed))
        found = memo[allowed] = (LOOK, *bids) if blind else bids
    return found
