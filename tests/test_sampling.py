"""World sampling: sampled worlds never contradict the view, are exactly uniform, and replay to the view."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wizardrules import (
    BidReveal,
    Card,
    CardKind,
    Deal,
    DealError,
    Deck,
    EqualBids,
    GameState,
    NotEqualBids,
    Phase,
    PlayerView,
    Preset,
    Rules,
    RulesError,
    Schedule,
    ScheduleKind,
    ScorekeeperHook,
    Suit,
    Trick,
    Variant,
    led_suit,
    new_game,
    parse_action,
    parse_cards,
)
from wizardrules.bots import sample_world, world_state

World = tuple[tuple[Card, ...], ...]
DECK_COUNTS = Counter(Deck().cards)
RULES = (
    Rules(),
    Rules(bid_policy=NotEqualBids(first_round_free=True)),
    Rules(bid_policy=EqualBids()),
    Rules(bid_policy=ScorekeeperHook(scorekeeper=0)),
    Rules(bid_reveal=BidReveal.SIMULTANEOUS, variants=Variant.BLIND_BIDS),
    Rules(bid_reveal=BidReveal.SECRET),
    Rules(variants=Variant.BLIND_BIDS | Variant.CLAIRVOYANCE),
    Rules(schedule=ScheduleKind.MAXIMUS),
)


def tricks_of(view: PlayerView) -> tuple[Trick, ...]:
    return (*view.completed_tricks, view.current_trick)


def contradictions(view: PlayerView, world: Sequence[Sequence[Card]]) -> list[str]:
    """Everything in `world` that the view rules out (empty when the world is consistent)."""
    n = len(view.players)
    if len(world) != n:
        return [f"{len(world)} hands for {n} players"]
    problems = []
    out = Counter(card for trick in tricks_of(view) for card in trick.cards)
    if view.turned_up is not None:
        out[view.turned_up] += 1
    held = Counter(card for hand in world for card in hand)
    for card, count in (held + out).items():
        if count > DECK_COUNTS[card]:
            problems.append(f"{card} is held, played or turned up {count} times")
    for seat, hand in enumerate(world):
        if len(hand) != view.hand_sizes[seat]:
            problems.append(f"seat {seat} holds {len(hand)} cards, not {view.hand_sizes[seat]}")
        seen = view.hand if seat == view.seat else view.seen_hands[seat]
        if seen is not None and sorted(seen) != sorted(hand):
            problems.append(f"seat {seat} is seen holding other cards")
    for trick in tricks_of(view):
        for i in range(1, len(trick.cards)):
            led, card = led_suit(trick.cards[:i]), trick.cards[i]
            if led is None or card.kind is not CardKind.SUIT or card.suit is led:
                continue
            seat = trick.seats[i]
            if any(c.kind is CardKind.SUIT and c.suit is led for c in world[seat]):
                problems.append(f"seat {seat} did not follow {led.name} but holds it")
    return problems


def random_state(players: int, rules: Rules, game: int) -> GameState:
    """A moment drawn uniformly from a whole game of random legal actions."""
    rng = random.Random(game)
    state = new_game(players, rules=rules, rng=rng)
    moments = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        moments.append(state)
    return rng.choice(moments)


games = {
    "players": st.integers(3, 6),
    "rules": st.sampled_from(range(len(RULES))),
    "game": st.integers(0, 2**32),
}


@given(**games, tries=st.sampled_from([0, 8]), seed=st.integers(0, 2**16))
def test_sampled_worlds_never_contradict_the_view(players: int, rules: int, game: int, tries: int, seed: int) -> None:
    """For every seat, 50 sampled worlds fit its view (sizes, own and seen hands, cards out, voids), as the true one."""
    state = random_state(players, RULES[rules], game)
    rng = random.Random(seed)
    for seat in range(len(state.players)):
        view = state.view(seat)
        assert contradictions(view, state.hands) == []  # the predicate accepts the truth
        for _ in range(50):
            world = sample_world(view, rng, tries=tries)
            assert contradictions(view, world) == []
            if view.hand is not None:
                assert world[seat] == view.hand


# A full-deck 4-player round after 12 of its 15 tricks: seat 0 sees its three cards; nine are unseen.
TINY_HANDS = (
    "R9 Y1 Y5 Y8 Y9 Y10 G1 G6 G11 B6 B7 B9 B10 B12 B13",
    "J J R8 Y2 Y3 Y4 Y6 Y11 Y12 G2 G8 G13 B3 B5 B8",
    "J R1 R2 R3 R4 R5 R6 R7 R10 R11 Y7 Y13 G9 B4 W",
    "J R12 R13 G3 G4 G5 G7 G10 G12 B1 B2 B11 W W W",
)
TINY_ACTIONS = (
    "bid 0, bid 2, bid 3, bid 12, Y1 Y12 Y13 G7, R1 J R9 J, Y10 J Y7 G12, B13 B5 B4 B1, B10 B3 W B11, "
    "R6 R12 G6 R8, R13 B7 Y3 R3, G4 G1 G2 J, B2 B9 B8 R11, B6 Y4 R7 G5, Y8 Y6 R10 G3, B12 G13 R4 G10"
)


def tiny_state() -> GameState:
    deal = Deal(hands=[parse_cards(hand) for hand in TINY_HANDS])
    state = new_game(4, rules=Rules(schedule=Schedule(cards_per_round=(15,))), deal=[deal], first_dealer=3)
    for group in TINY_ACTIONS.split(", "):
        words = [group] if group.startswith("bid") else [f"play {card}" for card in group.split()]
        for word in words:
            state = state.apply(parse_action(word))
    return state


def splits(items: Sequence[int], sizes: Sequence[int]) -> list[list[tuple[int, ...]]]:
    """Every way to cut `items` into groups of `sizes` (order inside a group ignored)."""
    if not sizes:
        return [[]]
    result = []
    for first in itertools.combinations(items, sizes[0]):
        rest = [i for i in items if i not in first]
        result += [[first, *more] for more in splits(rest, sizes[1:])]
    return result


def brute_force(view: PlayerView) -> Counter[World]:
    """Every deal of the unseen physical cards (Wizards told apart) to the hidden seats, counted by its world."""
    unseen = Counter(DECK_COUNTS)
    unseen.subtract(view.hand or ())
    unseen.subtract(card for trick in tricks_of(view) for card in trick.cards)
    pool = list(unseen.elements())
    hidden = [seat for seat in range(len(view.players)) if seat != view.seat]
    sizes = [view.hand_sizes[seat] for seat in hidden]
    assert len(pool) == sum(sizes)  # the whole deck is dealt: no stock, nothing turned up
    worlds: Counter[World] = Counter()
    for split in splits(range(len(pool)), sizes):
        hands: list[tuple[Card, ...]] = [()] * len(view.players)
        hands[view.seat] = tuple(view.hand or ())
        for seat, chosen in zip(hidden, split, strict=True):
            hands[seat] = tuple(sorted(pool[i] for i in chosen))
        if not contradictions(view, hands):
            worlds[tuple(hands)] += 1
    return worlds


@pytest.mark.parametrize("tries", [0, 8])
def test_sampling_is_exactly_uniform_over_consistent_deals(tries: int) -> None:
    """Sampled worlds follow the brute-force count of consistent deals (chi-square, seeded)."""
    view = tiny_state().view(0)
    # The situation is as intended: voids bind, and three Wizards are among the unseen cards.
    assert view.hand == parse_cards("Y5 Y9 G11")
    voids = {trick.seats[i] for trick in view.completed_tricks for i in range(1, 4) if trick.cards[i].suit is Suit.BLUE}
    assert voids
    expected = brute_force(view)
    total = sum(expected.values())
    assert 10 <= len(expected) <= 200
    assert len(set(expected.values())) > 1  # the physical Wizards make some worlds likelier
    draws = 6000
    rng = random.Random(2024 + tries)
    seen = Counter(sample_world(view, rng, tries=tries) for _ in range(draws))
    assert set(seen) <= set(expected)
    chi2 = sum((seen[w] - draws * k / total) ** 2 / (draws * k / total) for w, k in expected.items())
    dof = len(expected) - 1
    assert chi2 < dof + 5 * math.sqrt(2 * dof), (chi2, dof)


def test_sampling_depends_only_on_the_rng() -> None:
    """The same view and seed give the same worlds."""
    view = random_state(4, Rules(), 7).view(2)
    first = [sample_world(view, random.Random(5)) for _ in range(3)]
    second = [sample_world(view, random.Random(5)) for _ in range(3)]
    assert first == second


def test_the_turned_up_card_and_own_unseen_hand() -> None:
    """The turned-up card is in no hand; a blind bidder's own hand is sampled with the rest."""
    state = new_game(3, rules=Rules(variants=Variant.BLIND_BIDS), seed=11)
    view = state.view(state.to_move or 0)
    assert view.hand is None
    assert view.turned_up == Card.parse("R1")
    rng = random.Random(0)
    worlds = [sample_world(view, rng) for _ in range(200)]
    assert all(view.turned_up not in hand for world in worlds for hand in world)
    assert len({w[view.seat] for w in worlds}) > 30


def test_clairvoyance_fixes_the_seen_hands_and_samples_ones_own() -> None:
    """In a clairvoyance round the others' cards are as seen and one's own card is drawn from the rest (R4.5)."""
    state = new_game(4, rules=Rules(variants=Variant.CLAIRVOYANCE), seed=3)
    view = state.view(1)
    assert view.hand is None
    rng = random.Random(1)
    worlds = [sample_world(view, rng) for _ in range(100)]
    for world in worlds:
        assert all(world[seat] == view.seen_hands[seat] for seat in (0, 2, 3))
        assert contradictions(view, world) == []
    assert len({world[1] for world in worlds}) > 20


def inconsistent_view() -> PlayerView:
    """Seat 0 leads R1 and both others discard; seat 0 then claims to hold no red, so the reds have no home."""
    hands = (
        "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 Y1 Y2 Y3 Y4 Y5 Y6 Y7",
        "Y8 Y9 Y10 Y11 Y12 Y13 G1 G2 G3 G4 G5 G6 G7 G8 G9 G10 G11 G12 G13 W",
        "B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13 W W W J J J J",
    )
    rules = Rules(schedule=Schedule(cards_per_round=(20,)))
    state = new_game(3, rules=rules, deal=[Deal(hands=[parse_cards(h) for h in hands])], first_dealer=2)
    for text in ("bid 1", "bid 1", "bid 1", "play R1", "play G1", "play B1"):
        state = state.apply(parse_action(text))
    view = state.view(0)
    assert contradictions(view, sample_world(view, random.Random(0))) == []  # consistent as dealt
    hand = parse_cards("Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10 Y11 Y12 Y13 G2 G3 G4 G5 G6 G7")
    return attrs.evolve(view, hand=hand, seen_hands=(hand, None, None))


@pytest.mark.parametrize("tries", [0, 8])
def test_inconsistent_views_raise(tries: int) -> None:
    """A view no deal fits is a DealError: voids that leave cards no home, cards seen twice, wrong sizes."""
    with pytest.raises(DealError, match="no deal"):
        sample_world(inconsistent_view(), random.Random(0), tries=tries)
    view = new_game(4, seed=3).view(0)
    assert view.hand is not None
    with pytest.raises(DealError, match="more often"):
        sample_world(attrs.evolve(view, turned_up=view.hand[0]), random.Random(0))
    with pytest.raises(DealError, match="holds"):
        sample_world(attrs.evolve(view, hand_sizes=(1, 2, 1, 1)), random.Random(0))


def public(view: PlayerView) -> tuple[object, ...]:
    """The fields of a view that a one-round replay must reproduce."""
    return (
        view.seat,
        view.players,
        view.cards,
        view.dealer,
        view.phase,
        view.to_move,
        view.trump,
        view.turned_up,
        view.hand,
        view.seen_hands,
        view.hand_sizes,
        view.bids,
        view.blind,
        view.current_trick,
        view.completed_tricks,
        view.tricks_won,
        view.allowed_bids,
    )


@given(**games, seed=st.integers(0, 2**16))
def test_world_state_replays_to_the_view(players: int, rules: int, game: int, seed: int) -> None:
    """The one-round state built from the true world or a sampled one shows every seat the view it had."""
    state = random_state(players, RULES[rules], game)
    rng = random.Random(seed)
    for seat in range(len(state.players)):
        view = state.view(seat)
        rebuilt = world_state(view, state.hands)
        assert public(rebuilt.view(seat)) == public(view)
        assert rebuilt.hands == state.hands
        if state.rules.bid_reveal is BidReveal.OPEN:
            assert rebuilt.bids == state.bids
        if seat == state.to_move:
            assert rebuilt.legal_actions() == state.legal_actions()
        sampled = world_state(view, sample_world(view, rng))
        assert public(sampled.view(seat)) == public(view)
        assert sampled.phase is view.phase
        if not state.is_over:
            assert sampled.totals == (0,) * len(state.players)


def test_world_state_rejects_a_world_that_does_not_fit() -> None:
    """A world with the wrong number of hands, or cards that cannot be dealt, is a DealError."""
    state = new_game(3, seed=1)
    view = state.view(0)
    with pytest.raises(DealError):
        world_state(view, state.hands[:2])
    with pytest.raises(DealError):
        world_state(view, (state.hands[0], state.hands[0], state.hands[2]))
    assert world_state(view, state.hands).phase is Phase.BIDDING


def test_world_state_refuses_special_cards() -> None:
    """R8: the replay of a sampled world knows the standard deck only, so special-card games are refused."""
    view = new_game(3, rules=Preset.ANNIVERSARY_2021.rules(), seed=1).view(0)
    with pytest.raises(RulesError, match="special cards"):
        world_state(view, [(), (), ()])
