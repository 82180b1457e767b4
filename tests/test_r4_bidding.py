"""Tests for bidding (RULES R4.1, R4.2): the bid policies, `allowed_bids`, `verify_bid`.

Each policy is checked against an independent oracle written here from the clause text,
over hypothesis-drawn bidding situations (3..6 players, 1..60//players cards, bids 0..cards).
"""

from __future__ import annotations

import re
from typing import NamedTuple

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wizardrules import (
    BidContext,
    BidError,
    BidNotAllowedError,
    BidPolicy,
    EqualBids,
    FreeBids,
    NotEqualBids,
    ScorekeeperHook,
    WizardRulesError,
    allowed_bids,
    verify_bid,
)


class Situation(NamedTuple):
    """A bidding situation: the next bidder is the one after `bids`."""

    players: int
    cards: int
    bids: tuple[int, ...]
    round_number: int
    dealer: int
    totals: tuple[int, ...]

    @property
    def is_last(self) -> bool:
        return len(self.bids) == self.players - 1

    def context(self) -> BidContext:
        return BidContext(
            cards=self.cards,
            bids=self.bids,
            players=self.players,
            round_number=self.round_number,
            totals=self.totals,
            dealer=self.dealer,
        )

    def allowed(self, policy: BidPolicy) -> frozenset[int]:
        return allowed_bids(
            policy,
            cards=self.cards,
            bids=self.bids,
            players=self.players,
            round_number=self.round_number,
            totals=self.totals,
            dealer=self.dealer,
        )


@st.composite
def situations(draw: st.DrawFn, *, last: bool | None = None) -> Situation:
    """Any bidding situation of R4.1; `last=True` forces the dealer's (last) bid."""
    players = draw(st.integers(3, 6))
    cards = draw(st.integers(1, 60 // players))
    if last is None:
        count = draw(st.integers(0, players - 1))
    elif last:
        count = players - 1
    else:
        count = draw(st.integers(0, players - 2))
    bids = tuple(draw(st.lists(st.integers(0, cards), min_size=count, max_size=count)))
    round_number = draw(st.integers(1, 20))
    dealer = draw(st.integers(0, players - 1))
    totals = tuple(
        draw(
            st.lists(
                st.sampled_from([-40, -10, 0, 20, 30, 50, 90]),
                min_size=players,
                max_size=players,
            )
        )
    )
    return Situation(players, cards, bids, round_number, dealer, totals)


def policies() -> st.SearchStrategy[BidPolicy]:
    """Every built-in policy with its options."""
    return st.one_of(
        st.just(FreeBids()),
        st.just(EqualBids()),
        st.builds(NotEqualBids, first_round_free=st.booleans(), min_cards=st.integers(1, 22)),
        st.builds(ScorekeeperHook, scorekeeper=st.integers(0, 5)),
    )


# -- the oracles: R4.2 written out independently of the library -----------------------


def oracle_free(s: Situation) -> frozenset[int]:
    """R4.2 free: any bid 0..cards (R4.1)."""
    return frozenset(range(s.cards + 1))


def oracle_not_equal(s: Situation, *, first_round_free: bool = False, min_cards: int = 1) -> frozenset[int]:
    """R4.2 not equal: only the last bidder is constrained; the sum must not equal the cards."""
    binds = s.is_last and not (first_round_free and s.round_number == 1) and s.cards >= min_cards
    return frozenset(b for b in range(s.cards + 1) if not (binds and sum(s.bids) + b == s.cards))


def oracle_equal(s: Situation) -> frozenset[int]:
    """R4.2 equal: the running sum stays <= cards; the last bid makes it exactly cards."""
    return frozenset(
        b for b in range(s.cards + 1) if sum(s.bids) + b <= s.cards and (not s.is_last or sum(s.bids) + b == s.cards)
    )


def oracle_hook(s: Situation, scorekeeper: int) -> frozenset[int]:
    """R4.2 scorekeeper's hook: not equal binds the dealer-scorekeeper when not (jointly) leading."""
    binds = s.is_last and s.dealer == scorekeeper and scorekeeper < s.players and s.totals[scorekeeper] < max(s.totals)
    return frozenset(b for b in range(s.cards + 1) if not (binds and sum(s.bids) + b == s.cards))


def oracle(policy: BidPolicy, s: Situation) -> frozenset[int]:
    if isinstance(policy, NotEqualBids):
        return oracle_not_equal(s, first_round_free=policy.first_round_free, min_cards=policy.min_cards)
    if isinstance(policy, EqualBids):
        return oracle_equal(s)
    if isinstance(policy, ScorekeeperHook):
        return oracle_hook(s, policy.scorekeeper)
    return oracle_free(s)


# -- R4.1 and the seed example -----------------------------------------------------------


def test_r4_2_seed_002_round_3_dealer_may_not_bid_1() -> None:
    """R4.2 (seed 002): round 3, bids 1, 0, 1 -> under not equal the dealer may bid 0, 2 or 3."""
    assert allowed_bids(NotEqualBids(), cards=3, bids=[1, 0, 1], players=4, round_number=3) == {0, 2, 3}


def test_r4_2_seed_002_refusal_text() -> None:
    """R4.2 (seed 002): the blocked 1 is refused because "the bids would add up to 3"."""
    context = BidContext(cards=3, bids=(1, 0, 1), players=4, round_number=3)
    assert NotEqualBids().refusal(context, 1) == "the bids would add up to 3"
    with pytest.raises(BidNotAllowedError) as info:
        verify_bid(NotEqualBids(), 1, cards=3, bids=[1, 0, 1], players=4, round_number=3)
    assert info.value.bid == 1
    assert info.value.reason == "the bids would add up to 3"
    assert "the bids would add up to 3" in str(info.value)


def test_r4_2_seed_002_free_and_equal_for_the_same_bids() -> None:
    """R4.2 (seed 002 app rules): for bids 1, 0, 1 in round 3 free allows 0..3, equal only 1."""
    assert allowed_bids(FreeBids(), cards=3, bids=[1, 0, 1], players=4, round_number=3) == {0, 1, 2, 3}
    assert allowed_bids(EqualBids(), cards=3, bids=[1, 0, 1], players=4, round_number=3) == {1}


def test_r4_1_zero_is_a_bid() -> None:
    """R4.1: zero is a bid under every policy for the first bidder."""
    for policy in (FreeBids(), NotEqualBids(), EqualBids(), ScorekeeperHook(scorekeeper=0)):
        assert 0 in allowed_bids(policy, cards=1, bids=[], players=3, dealer=2)


# -- R4.2: each policy against its oracle ------------------------------------------------


@given(situations())
def test_r4_2_free_allows_every_bid_0_to_cards(s: Situation) -> None:
    """R4.2 free: allowed_bids is exactly 0..cards."""
    assert s.allowed(FreeBids()) == oracle_free(s)


@given(situations(), st.booleans(), st.integers(1, 22))
def test_r4_2_not_equal_blocks_the_sum_matching_last_bid(s: Situation, first_round_free: bool, min_cards: int) -> None:
    """R4.2 not equal (with options round 1 free, min cards): matches the clause exactly."""
    policy = NotEqualBids(first_round_free=first_round_free, min_cards=min_cards)
    expected = oracle_not_equal(s, first_round_free=first_round_free, min_cards=min_cards)
    assert s.allowed(policy) == expected


@given(situations(last=True), st.booleans(), st.integers(1, 22))
def test_r4_2_not_equal_last_bidder_always_has_a_bid(s: Situation, first_round_free: bool, min_cards: int) -> None:
    """R4.2 not equal: the last bidder always has at least one allowed bid (at most one is blocked)."""
    allowed = s.allowed(NotEqualBids(first_round_free=first_round_free, min_cards=min_cards))
    assert allowed
    assert len(allowed) >= s.cards


@given(situations(last=False))
def test_r4_2_not_equal_earlier_bidders_are_free(s: Situation) -> None:
    """R4.2 not equal: only the last bidder is constrained."""
    assert s.allowed(NotEqualBids()) == frozenset(range(s.cards + 1))


def test_r4_2_not_equal_first_round_free_option() -> None:
    """R4.2 not equal, option round 1 free: round 1 is free, round 2 with one card is not."""
    policy = NotEqualBids(first_round_free=True)
    assert allowed_bids(policy, cards=1, bids=[0, 0], players=3, round_number=1) == {0, 1}
    assert allowed_bids(policy, cards=1, bids=[0, 0], players=3, round_number=2) == {0}
    assert allowed_bids(NotEqualBids(), cards=1, bids=[0, 0], players=3, round_number=1) == {0}


def test_r4_2_not_equal_min_cards_option() -> None:
    """R4.2 not equal, option only with at least N cards: below N the round is free."""
    policy = NotEqualBids(min_cards=3)
    assert allowed_bids(policy, cards=2, bids=[1, 0], players=3, round_number=2) == {0, 1, 2}
    assert allowed_bids(policy, cards=3, bids=[1, 0], players=3, round_number=3) == {0, 1, 3}


@given(situations())
def test_r4_2_equal_matches_the_clause(s: Situation) -> None:
    """R4.2 equal (Decision): running sum stays <= cards, the last bid makes it exactly cards."""
    assert s.allowed(EqualBids()) == oracle_equal(s)


@given(st.integers(3, 6).flatmap(lambda n: st.tuples(st.just(n), st.integers(1, 60 // n))), st.data())
def test_r4_2_equal_sum_stays_reachable(players_cards: tuple[int, int], data: st.DataObject) -> None:
    """R4.2 equal (Decision): every allowed earlier bid keeps sum <= cards; the last has exactly one."""
    players, cards = players_cards
    bids: list[int] = []
    for _ in range(players - 1):
        allowed = allowed_bids(EqualBids(), cards=cards, bids=bids, players=players)
        assert allowed
        assert all(sum(bids) + b <= cards for b in allowed)
        bids.append(data.draw(st.sampled_from(sorted(allowed))))
    last = allowed_bids(EqualBids(), cards=cards, bids=bids, players=players)
    assert len(last) == 1
    assert sum(bids) + next(iter(last)) == cards


@given(situations(), st.integers(0, 5), st.booleans())
def test_r4_2_scorekeeper_hook_matches_the_clause(s: Situation, scorekeeper: int, dealer_keeps: bool) -> None:
    """R4.2 scorekeeper's hook: not equal only for a dealer-scorekeeper not strictly or jointly leading."""
    if dealer_keeps:
        s = s._replace(dealer=min(scorekeeper, s.players - 1))
    policy = ScorekeeperHook(scorekeeper=scorekeeper)
    assert s.allowed(policy) == oracle_hook(s, scorekeeper)


def test_r4_2_scorekeeper_hook_examples() -> None:
    """R4.2 scorekeeper's hook (seed 001): trailing scorekeeper is blocked; leading or tied one is free."""
    hook = ScorekeeperHook(scorekeeper=3)

    def allowed(totals: list[int], dealer: int = 3) -> frozenset[int]:
        return allowed_bids(hook, cards=3, bids=[1, 0, 1], players=4, dealer=dealer, totals=totals)

    assert allowed([50, 0, 0, 20]) == {0, 2, 3}  # trailing scorekeeper deals: not equal
    assert allowed([50, 0, 0, 60]) == {0, 1, 2, 3}  # strictly leading: free
    assert allowed([60, 0, 0, 60]) == {0, 1, 2, 3}  # jointly leading: free
    assert allowed([50, 0, 0, 20], dealer=2) == {0, 1, 2, 3}  # someone else deals: free
    # at the start of a game everybody has 0: the scorekeeper is jointly leading
    assert allowed([0, 0, 0, 0]) == {0, 1, 2, 3}
    # without totals the hook cannot tell who leads: a BidError, never a silent guess
    with pytest.raises(BidError, match="totals"):
        allowed_bids(hook, cards=3, bids=[1, 0, 1], players=4, dealer=3)


def test_r4_2_scorekeeper_hook_needs_the_dealer_in_last_position() -> None:
    """R4.2 scorekeeper's hook: the last bid without a known dealer is a BidError."""
    hook = ScorekeeperHook(scorekeeper=0)
    with pytest.raises(BidError, match="dealer"):
        allowed_bids(hook, cards=2, bids=[0, 1], players=3, totals=[0, 10, 20])
    # earlier bids are never constrained, so the dealer is not needed there
    assert allowed_bids(hook, cards=2, bids=[0], players=3) == {0, 1, 2}


def test_r4_2_scorekeeper_seat_must_be_a_seat() -> None:
    """R4.2 scorekeeper's hook: the scorekeeper is a seat (R2.1: 0..5)."""
    for seat in (-1, 6):
        with pytest.raises(BidError, match=re.escape(repr(seat))):
            ScorekeeperHook(scorekeeper=seat)


@given(policies(), situations())
def test_r4_2_every_policy_matches_its_oracle(policy: BidPolicy, s: Situation) -> None:
    """R4.2: for every policy and option, allowed_bids equals the clause's set."""
    if isinstance(policy, ScorekeeperHook) and s.is_last:
        s = s._replace(dealer=min(policy.scorekeeper, s.players - 1))
    assert isinstance(policy, BidPolicy)
    assert s.allowed(policy) == oracle(policy, s)
    assert policy.allowed(s.context()) == oracle(policy, s)


# -- verify_bid and refusal ----------------------------------------------------------------


@given(policies(), situations(), st.integers(-3, 25))
def test_r4_2_verify_bid_agrees_with_allowed_bids(policy: BidPolicy, s: Situation, bid: int) -> None:
    """R4.1/R4.2: verify_bid passes allowed bids, BidNotAllowedError for others, BidError off 0..cards."""
    allowed = s.allowed(policy)

    def verify() -> None:
        verify_bid(
            policy,
            bid,
            cards=s.cards,
            bids=s.bids,
            players=s.players,
            round_number=s.round_number,
            totals=s.totals,
            dealer=s.dealer,
        )

    if not 0 <= bid <= s.cards:
        with pytest.raises(BidError) as outside:
            verify()
        assert not isinstance(outside.value, BidNotAllowedError)
        assert isinstance(outside.value, ValueError)
        assert f"bid {bid}" in str(outside.value)
    elif bid in allowed:
        verify()
    else:
        with pytest.raises(BidNotAllowedError) as refused:
            verify()
        error = refused.value
        assert isinstance(error, BidError)
        assert isinstance(error, ValueError)
        assert isinstance(error, WizardRulesError)
        assert error.bid == bid
        assert error.reason == policy.refusal(s.context(), bid)
        assert error.reason
        assert error.reason in str(error)


@given(policies(), situations())
def test_r4_2_refusal_is_none_exactly_for_allowed_bids(policy: BidPolicy, s: Situation) -> None:
    """R4.2: refusal() returns None exactly for the allowed bids, a reason in words otherwise."""
    context = s.context()
    allowed = policy.allowed(context)
    for bid in range(-2, s.cards + 3):
        reason = policy.refusal(context, bid)
        assert (reason is None) == (bid in allowed)
        if reason is not None:
            assert isinstance(reason, str)
            assert reason


def test_r4_2_policies_need_open_bids() -> None:
    """R4.3: not equal, equal and the hook need open bids; free bids do not."""
    assert FreeBids().needs_open_bids is False
    assert NotEqualBids().needs_open_bids is True
    assert EqualBids().needs_open_bids is True
    assert ScorekeeperHook(scorekeeper=0).needs_open_bids is True


# -- nonsense inputs -----------------------------------------------------------------------


def _call(
    *,
    policy: object = None,
    cards: int = 3,
    bids: tuple[int, ...] = (),
    players: int = 4,
    totals: tuple[int, ...] | None = None,
    dealer: int | None = None,
) -> frozenset[int]:
    chosen: BidPolicy = FreeBids()
    if policy is not None:
        chosen = policy  # type: ignore[assignment]
    return allowed_bids(chosen, cards=cards, bids=bids, players=players, totals=totals, dealer=dealer)


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        pytest.param({"policy": "not-equal"}, "'not-equal'", id="policy-not-a-policy"),
        pytest.param({"policy": NotEqualBids}, "NotEqualBids", id="policy-class-not-instance"),
        pytest.param({"players": 2}, "players=2", id="players-2"),
        pytest.param({"players": 7}, "players=7", id="players-7"),
        pytest.param({"cards": 0}, "cards=0", id="cards-0"),
        pytest.param({"bids": (0, 0, 0, 0)}, "bids=[0, 0, 0, 0]", id="bids-longer-than-players-1"),
        pytest.param({"bids": (0, -1)}, "bid -1", id="negative-bid"),
        pytest.param({"bids": (4,)}, "bid 4", id="bid-above-cards"),
        pytest.param({"totals": (0, 0, 0)}, "totals [0, 0, 0]", id="totals-wrong-length"),
        pytest.param({"dealer": 4}, "dealer 4", id="dealer-out-of-range"),
        pytest.param({"dealer": -1}, "dealer -1", id="dealer-negative"),
    ],
)
def test_r4_1_nonsense_inputs_raise_bid_error_naming_the_input(kwargs: dict[str, object], named: str) -> None:
    """R4.1/R2.1: impossible bidding situations raise BidError whose message names the input."""
    with pytest.raises(BidError, match=re.escape(named)) as info:
        _call(**kwargs)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("policy", [FreeBids(), NotEqualBids(), EqualBids(), ScorekeeperHook(scorekeeper=0)])
def test_r4_1_nonsense_inputs_also_raise_in_verify_bid(policy: BidPolicy) -> None:
    """R4.1: verify_bid rejects impossible situations and bids outside 0..cards with BidError."""
    with pytest.raises(BidError, match="players=7"):
        verify_bid(policy, 0, cards=1, bids=[], players=7)
    with pytest.raises(BidError, match="bid -1"):
        verify_bid(policy, -1, cards=3, bids=[], players=4, dealer=3)
    with pytest.raises(BidError, match="bid 4"):
        verify_bid(policy, 4, cards=3, bids=[], players=4, dealer=3)
    with pytest.raises(BidError, match="not a bid policy"):
        verify_bid("free", 0, cards=3, bids=[], players=4)  # type: ignore[arg-type]


def test_r4_2_not_equal_options_are_checked() -> None:
    """R4.2 not equal: min_cards is a whole number 1 or more, first_round_free a bool."""
    with pytest.raises(BidError, match="min_cards"):
        NotEqualBids(min_cards=0)
    with pytest.raises(BidError, match="first_round_free"):
        NotEqualBids(first_round_free=1)  # type: ignore[arg-type]
