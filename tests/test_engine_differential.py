"""Differential tests: the engine agrees with the pure rules functions over many random games.

`GAMES` seeded random games (3-6 players, every preset and a few variant combinations, short
random schedules, some with a fixed trump or the whole deck dealt) are played once through the
public step API (`legal_actions`, `step`); at every decision the engine is compared with
`legal_plays`, `trick_winner`, `round_points` and `allowed_bids`, which know nothing of the
engine. Disagreements are collected per clause and reported by the clause-named tests below.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Final

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wizardrules import (
    Bid,
    BidReveal,
    ChooseTrump,
    FixedTrump,
    Look,
    NotEqualBids,
    Phase,
    Play,
    Preset,
    RoundScored,
    Rules,
    Schedule,
    ScorekeeperHook,
    Suit,
    TrickWon,
    Variant,
    allowed_bids,
    legal_plays,
    new_game,
    round_points,
    trick_winner,
)
from wizardrules._tables import winner_index
from wizardrules._tables.codes import CARD_OF

GAMES: Final = 2500
"""How many random games the differential run plays."""

MAX_REPORTED: Final = 10

_RULES: Final[tuple[Rules, ...]] = (
    *(preset.rules() for preset in Preset if not preset.rules().special_cards),
    Rules(variants=Variant.BLIND_BIDS),
    Rules(variants=Variant.BLIND_BIDS | Variant.CLAIRVOYANCE, bid_policy=NotEqualBids(first_round_free=True)),
    Rules(variants=Variant.CLAIRVOYANCE, bid_reveal=BidReveal.SECRET),
    Rules(variants=Variant.BLIND_BIDS, bid_reveal=BidReveal.SIMULTANEOUS),
    Rules(bid_policy=NotEqualBids(min_cards=3), variants=Variant.BLIND_BIDS),
)
"""Every standard-deck preset and some combinations of variants; a ScorekeeperHook is added per game."""

ALL_TRUMPS: Final = frozenset(ChooseTrump(suit) for suit in Suit)


def random_schedule(rng: random.Random, players: int) -> Schedule:
    """A short schedule: 1-3 rounds of few cards, sometimes a fixed trump or the whole deck."""
    most = 60 // players
    rounds = rng.randint(1, 3)
    counts = [rng.randint(1, min(5, most)) for _ in range(rounds)]
    if rng.random() < 0.08:
        counts[-1] = most  # the whole deck: nothing is turned up (R3.4)
    trumps: tuple[FixedTrump | None, ...] = ()
    if rng.random() < 0.15:
        trumps = tuple(rng.choice([None, *FixedTrump]) for _ in counts)
    return Schedule(cards_per_round=counts, trumps=trumps)


def random_rules(rng: random.Random, players: int) -> Rules:
    if rng.random() < 0.12:
        base = Rules(bid_policy=ScorekeeperHook(scorekeeper=rng.randrange(players)), variants=Variant.BLIND_BIDS)
    else:
        base = rng.choice(_RULES)
    schedule = random_schedule(rng, players)
    if Variant.CLAIRVOYANCE in base.variants:  # clairvoyance is played with one card (R4.5)
        schedule = attrs.evolve(schedule, cards_per_round=(1, *schedule.cards_per_round[1:]))
    return attrs.evolve(base, schedule=schedule)


@dataclass
class Findings:
    """What the differential run checked, and every disagreement found (the first few of each kind)."""

    games: int = 0
    play_decisions: int = 0
    bid_decisions: int = 0
    trump_decisions: int = 0
    tricks: int = 0
    rounds: int = 0
    blind_bids: int = 0
    whole_deck_rounds: int = 0
    policies: set[str] = field(default_factory=set)
    players: set[int] = field(default_factory=set)
    plays: list[str] = field(default_factory=list)
    winners: list[str] = field(default_factory=list)
    points: list[str] = field(default_factory=list)
    bids: list[str] = field(default_factory=list)
    flow: list[str] = field(default_factory=list)

    def note(self, kind: list[str], text: str) -> None:
        if len(kind) < MAX_REPORTED:
            kind.append(text)


def play_game(seed: int, found: Findings) -> None:
    """Play one random game and compare every decision with the pure rules functions."""
    rng = random.Random(seed)
    n = rng.randint(3, 6)
    rules = random_rules(rng, n)
    state = new_game(n, rules=rules, seed=seed)
    found.games += 1
    found.players.add(n)
    found.policies.add(type(rules.bid_policy).__name__)
    where = f"seed {seed} ({n} players, {rules.bid_policy!r}, {rules.schedule!r})"
    bids: list[int] = []  # this round's bids in bidding order
    taken = [0] * n  # this round's tricks per seat, by trick_winner
    sheet_rounds = 0
    if n * state.cards == 60:
        found.whole_deck_rounds += 1
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        actions = state.legal_actions()
        at = f"{where}, round {state.round_number}, {len(state.actions)} actions in"
        if not actions or len(set(actions)) != len(actions):
            found.note(found.flow, f"{at}: legal actions {actions!r}")
            return
        if state.phase is Phase.PLAYING:
            found.play_decisions += 1
            trick = state.current_trick
            expected = legal_plays(state.hand(seat), trick.cards)
            offered = {a.card for a in actions if isinstance(a, Play)}
            if offered != expected or len(offered) != len(actions):
                found.note(found.plays, f"{at}: {seat} holds {state.hand(seat)}, trick {trick.cards}: {actions}")
            if trick.to_play != seat:
                found.note(found.flow, f"{at}: trick expects seat {trick.to_play}, {seat} is to move")
        elif state.phase is Phase.BIDDING:
            found.bid_decisions += 1
            allowed = allowed_bids(
                rules.bid_policy,
                cards=state.cards,
                bids=bids,
                players=n,
                round_number=state.round_number,
                totals=state.totals,
                dealer=state.dealer,
            )
            offered_bids = {a.tricks for a in actions if isinstance(a, Bid)}
            blind = not state.looked[seat]
            shapes_ok = all(isinstance(a, Bid) and a.blind == blind for a in actions if not isinstance(a, Look))
            look_ok = (Look() in actions) == blind
            if offered_bids != allowed or state.view(seat).allowed_bids != allowed or not shapes_ok or not look_ok:
                found.note(found.bids, f"{at}: bids so far {bids}, allowed {sorted(allowed)}, offered {actions}")
            if seat != (state.dealer + 1 + len(bids)) % n:
                found.note(found.flow, f"{at}: seat {seat} bids after {bids} with dealer {state.dealer}")
        else:
            found.trump_decisions += 1
            if state.phase is not Phase.TRUMP or set(actions) != ALL_TRUMPS or seat != state.dealer:
                found.note(found.flow, f"{at}: {state.phase} with {actions}")
        action = rng.choice(actions)
        before = state
        state, events = state.step(action)
        if isinstance(action, Bid):
            bids.append(action.tricks)
            found.blind_bids += action.blind
        if isinstance(action, Play):
            if state != before.apply(Play(action.card)):  # a fresh Play value acts like the shared one
                found.note(found.flow, f"{at}: a fresh {action!r} gives another state")
            cards = (*before.current_trick.cards, action.card)
            if len(cards) == n:
                found.tricks += 1
                leader = before.current_trick.leader
                index = trick_winner(cards, before.trump)
                assert index is not None
                winner = (leader + index) % n
                taken[winner] += 1
                won = [e for e in events if isinstance(e, TrickWon)]
                if len(won) != 1 or won[0].seat != winner or won[0].trick.cards != cards:
                    found.note(found.winners, f"{at}: trick {cards} (trump {before.trump}) by {winner}: {won}")
                if state.round_number == before.round_number and not state.is_over:
                    done = state.completed_tricks[-1]
                    if (
                        state.to_move != winner
                        or state.current_trick.leader != winner
                        or state.current_trick.cards
                        or done.cards != cards
                        or done.leader != leader
                        or state.tricks_won[winner] != before.tricks_won[winner] + 1
                    ):
                        found.note(found.winners, f"{at}: after trick {cards} won by {winner}: {state!r}")
                else:
                    sheet_rounds += 1
                    found.rounds += 1
                    scored = [e for e in events if isinstance(e, RoundScored)]
                    last = state.scoresheet.rounds[-1]
                    if (
                        len(scored) != 1
                        or scored[0].round != last
                        or last.tricks != tuple(taken)
                        or len(state.scoresheet.rounds) != sheet_rounds
                    ):
                        found.note(found.winners, f"{at}: round tricks {taken}, sheet {last}")
                    expected_points = tuple(
                        round_points(bid, got, blind=blind_bid)
                        for bid, got, blind_bid in zip(last.final_bids, last.tricks, last.blind, strict=True)
                    )
                    if last.points != expected_points or last.bids != before.bids:
                        found.note(found.points, f"{at}: {last} should score {expected_points}")
                    bids = []
                    taken = [0] * n
                    if not state.is_over and n * state.cards == 60:
                        found.whole_deck_rounds += 1
    sheet = state.scoresheet
    sums = [sum(r.points[seat] for r in sheet.rounds) for seat in range(n)]
    if state.totals != tuple(sums) or sheet.totals != state.totals or len(sheet.rounds) != state.schedule.rounds:
        found.note(found.points, f"{where}: totals {state.totals}, sheet {sheet.totals}, sums {sums}")


@pytest.fixture(scope="module")
def findings() -> Findings:
    found = Findings()
    for seed in range(GAMES):
        play_game(seed, found)
    return found


def test_differential_run_covers_the_game(findings: Findings) -> None:
    """The run plays GAMES games of 3-6 players over every bid policy, with blind bids and trump choices."""
    assert findings.games == GAMES >= 1000
    assert findings.players == {3, 4, 5, 6}
    assert findings.policies == {"FreeBids", "NotEqualBids", "EqualBids", "ScorekeeperHook"}
    assert findings.trump_decisions > 20
    assert findings.blind_bids > 100
    assert findings.whole_deck_rounds > 20
    assert findings.flow == []


def test_r5_3_legal_plays_agree(findings: Findings) -> None:
    """R5.3: the cards of the Play actions offered equal `legal_plays(hand, trick)` at every decision."""
    assert findings.play_decisions > 10 * GAMES
    assert findings.plays == []


def test_r5_4_trick_winners_agree_and_lead_next(findings: Findings) -> None:
    """R5.4, R5.1: every trick goes to `trick_winner`'s seat, who leads the next trick."""
    assert findings.tricks > 2 * GAMES
    assert findings.winners == []


def test_r6_round_points_agree(findings: Findings) -> None:
    """R6.1-R6.3: every round scores `round_points(final_bid, tricks, blind=...)`; totals are the sums."""
    assert findings.rounds > GAMES
    assert findings.points == []


def test_r4_2_allowed_bids_agree(findings: Findings) -> None:
    """R4.1, R4.2, R4.4: the bids offered equal `allowed_bids(...)` over the bids so far in bidding order."""
    assert findings.bid_decisions > 3 * GAMES
    assert findings.bids == []


@given(
    cards=st.lists(st.integers(min_value=0, max_value=59), min_size=3, max_size=6, unique=True),
    trump=st.integers(min_value=-1, max_value=3),
)
def test_r5_4_bit_index_winner_agrees_with_trick_winner(cards: list[int], trump: int) -> None:
    """R5.4: the engine's winner of a trick of bit indices (the `win_keys` table) is `trick_winner`'s."""
    expected = trick_winner([CARD_OF[card] for card in cards], None if trump < 0 else tuple(Suit)[trump])
    assert winner_index(tuple(cards), trump) == expected
