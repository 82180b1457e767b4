"""What a bid policy says its answer depends on (`depends_on`) is true, and is what its readers read (R4.2).

Each built-in policy's answer is checked to stay the same when any fact it does not name
changes; then the readers: the engine's shared memo, the compiled core's tables and a search
bot's one-round replay take a policy by its `depends_on`, not by its class.
"""

from __future__ import annotations

import random

import pytest
from attrs import evolve, frozen
from hypothesis import given
from hypothesis import strategies as st

from wizardrules import (
    BidContext,
    BidFacts,
    BidPolicy,
    EqualBids,
    FreeBids,
    NotEqualBids,
    RandomBot,
    Rules,
    Schedule,
    ScorekeeperHook,
    new_game,
    play_game,
)
from wizardrules._tables import bid_table, tabulable
from wizardrules.bidding import bid_facts
from wizardrules.engine._bids import allowed_memo

POLICIES: list[BidPolicy] = [
    FreeBids(),
    NotEqualBids(),
    NotEqualBids(first_round_free=True),
    NotEqualBids(min_cards=3),
    EqualBids(),
    *(ScorekeeperHook(scorekeeper=seat) for seat in range(6)),
]


@st.composite
def situations(draw: st.DrawFn) -> BidContext:
    """A bidding situation any game can reach."""
    players = draw(st.integers(3, 6))
    cards = draw(st.integers(1, 60 // players))
    made = draw(st.one_of(st.just(players - 1), st.integers(0, players - 1)))  # the last bid half the time
    most = draw(st.sampled_from([cards, max(cards // players, 1)]))  # sums below the cards half the time
    return BidContext(
        cards=cards,
        bids=draw(st.lists(st.integers(0, most), min_size=made, max_size=made)),
        players=players,
        round_number=draw(st.integers(1, 20)),
        totals=draw(st.lists(st.integers(-300, 300), min_size=players, max_size=players)),
        dealer=draw(st.integers(0, players - 1)),
    )


def _leads(context: BidContext) -> bool:
    assert context.totals is not None
    assert context.dealer is not None
    return context.totals[context.dealer] >= max(context.totals)


def _others(context: BidContext, facts: BidFacts, rng: random.Random) -> list[BidContext]:
    """Situations that differ from `context` only in facts outside `facts`."""
    assert context.totals is not None
    assert context.dealer is not None
    out = []
    n, cards, dealer = context.players, context.cards, context.dealer
    if BidFacts.BIDS not in facts and len(context.bids) >= 2:  # the same sum, spread otherwise
        moved = list(context.bids)
        rng.shuffle(moved)
        if moved[0] > 0 and moved[1] < cards:
            moved[0], moved[1] = moved[0] - 1, moved[1] + 1
        out.append(evolve(context, bids=moved))
    if BidFacts.ROUND_NUMBER not in facts and context.round_number > 1:
        out.append(evolve(context, round_number=rng.randint(2, 40)))
    if not facts & (BidFacts.ROUND_NUMBER | BidFacts.FIRST_ROUND):
        out.append(evolve(context, round_number=1 if context.round_number > 1 else 2))
    if BidFacts.TOTALS not in facts:  # other totals, the dealer leading or trailing as before
        leads = _leads(context)
        totals = [rng.randint(-500, 500) for _ in range(n)]
        top = max(totals[seat] for seat in range(n) if seat != dealer)
        totals[dealer] = top + rng.randint(0, 50) if leads else top - rng.randint(1, 50)
        out.append(evolve(context, totals=totals))
        if BidFacts.DEALER_LEADS not in facts:
            totals[dealer] = top - 1 if leads else top + 1
            out.append(evolve(context, totals=totals))
    if not facts & (BidFacts.DEALER | BidFacts.DEALER_LEADS | BidFacts.TOTALS):
        out.append(evolve(context, dealer=(dealer + 1) % n))
    return out


@given(st.sampled_from(POLICIES), situations(), st.randoms(use_true_random=False))
def test_r4_2_a_policys_answer_depends_on_what_it_says_only(
    policy: BidPolicy, context: BidContext, rng: random.Random
) -> None:
    """R4.2: change any fact a policy's `depends_on` leaves out, and its allowed bids and reasons stay."""
    facts = bid_facts(policy)
    for other in _others(context, facts, rng):
        assert policy.allowed(other) == policy.allowed(context), (other, context)
        for bid in range(context.cards + 1):
            assert policy.refusal(other, bid) == policy.refusal(context, bid)


def test_every_built_in_policy_says_what_it_depends_on() -> None:
    """The built-in policies name their facts; the readers can tabulate each of them."""
    for policy in POLICIES:
        facts = policy.depends_on  # type: ignore[attr-defined]
        assert isinstance(facts, BidFacts)
        assert BidFacts.CARDS in facts
        assert tabulable(policy)
    assert bid_facts(object()) is BidFacts.ALL


@frozen
class DealerNeverZero:
    """A house rule for the test: the dealer may not bid 0 (a custom policy that says what it reads)."""

    @property
    def needs_open_bids(self) -> bool:
        return False

    @property
    def depends_on(self) -> BidFacts:
        return BidFacts.CARDS | BidFacts.LAST

    def allowed(self, context: BidContext) -> frozenset[int]:
        return frozenset(range(1 if context.is_last else 0, context.cards + 1))

    def refusal(self, context: BidContext, bid: int) -> str | None:
        return "the dealer never bids 0" if context.is_last and bid == 0 else None


@frozen
class Unsaid:
    """The same rule, without saying what it reads: taken to read everything."""

    @property
    def needs_open_bids(self) -> bool:
        return False

    def allowed(self, context: BidContext) -> frozenset[int]:
        return frozenset(range(1 if context.is_last else 0, context.cards + 1))

    def refusal(self, context: BidContext, bid: int) -> str | None:
        return "the dealer never bids 0" if context.is_last and bid == 0 else None


def test_the_engines_memo_takes_a_policy_by_what_it_says() -> None:
    """A policy that reads only the memo's facts is memoized, whatever its class; one that does not say is asked."""
    assert allowed_memo(DealerNeverZero()) is not None
    assert allowed_memo(Unsaid()) is None
    assert allowed_memo(ScorekeeperHook(scorekeeper=1)) is None  # it reads the dealer and the totals


@pytest.mark.parametrize("policy", [DealerNeverZero(), Unsaid()])
def test_r4_2_a_custom_policy_plays_the_same_game_memoized_or_asked(policy: BidPolicy) -> None:
    """R4.2: the engine plays a custom policy's rule, from the memo or by asking it every time."""
    rules = Rules(bid_policy=policy, schedule=Schedule.ladder(4, rounds=6))
    final = play_game([RandomBot(seed=seat) for seat in range(4)], rules=rules, seed=3)
    for finished in final.scoresheet.rounds:
        dealer_bid = finished.bids[finished.dealer]
        assert dealer_bid >= 1


def test_r4_2_the_compiled_core_plays_a_custom_policy_that_says_what_it_reads() -> None:
    """R4.2: a custom policy whose facts the tables hold is played by the compiled core, game for game as the engine."""
    pytest.importorskip("numba", reason='needs the extra fast: pip install -e ".[fast]"')
    from wizardrules import fast

    rules = Rules(bid_policy=DealerNeverZero(), schedule=Schedule.ladder(4, rounds=8))
    run = fast.playouts(40, players=4, rules=rules, seed=11)
    for game in range(40):
        replayed = run.record(game).replay()
        assert replayed.totals == tuple(int(t) for t in run.totals[game])
        assert all(r.bids[r.dealer] >= 1 for r in replayed.scoresheet.rounds)
    from wizardrules import RulesError

    with pytest.raises(RulesError, match="depends_on"):
        fast.playouts(1, players=4, rules=Rules(bid_policy=Unsaid(), schedule=Schedule.ladder(4, rounds=2)))


def test_the_bid_table_holds_a_custom_policys_answers() -> None:
    """The table of a custom tabulable policy gives its own answer in each situation."""
    table, stride = bid_table(DealerNeverZero(), 3, (1, 2, 3))
    players = 3
    for rnd, cards in enumerate((1, 2, 3)):
        for last in (False, True):
            row = (rnd * 4 * players + (last * players + 0) * 2) * stride
            mask = table[row]
            assert mask & 1 == (0 if last else 1)
            assert mask >> cards & 1


def test_a_search_bots_replay_keeps_the_real_round_for_a_policy_that_reads_it() -> None:
    """The one-round replay of a view passes the real round and totals to a policy that reads them."""
    from wizardrules.bots import sample_world, world_state

    rules = Rules(bid_policy=NotEqualBids(first_round_free=True), schedule=Schedule.ladder(3, rounds=3))
    state = new_game(3, rules=rules, seed=2)
    while state.round_number < 2:
        state = state.apply(state.legal_actions()[0])
    view = state.view(state.to_move or 0)
    replay = world_state(view, sample_world(view, random.Random(1)))
    assert replay.legal_actions() == state.legal_actions()
