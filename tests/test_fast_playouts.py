"""The compiled playouts against the engine: every game replays through the engine to its numbers.

Needs the `fast` extra; skipped without it.
"""

from __future__ import annotations

import os
import tracemalloc
from typing import Final

import pytest

pytest.importorskip("numba", reason='needs the extra fast: pip install -e ".[fast]"')

import numpy as np

from wizardrules import (
    BidReveal,
    EqualBids,
    FixedTrump,
    NotEqualBids,
    Preset,
    Rules,
    RulesError,
    Schedule,
    ScorekeeperHook,
    Special,
    StandardScore,
    Suit,
    Variant,
    allowed_bids,
)
from wizardrules._tables import win_keys
from wizardrules.fast import Playouts, _playouts, playouts
from wizardrules.fast._kernels import jit
from wizardrules.fast._kernels import rules as kernel_rules
from wizardrules.fast._kernels.config import config_for

STANDARD_PRESETS: Final = tuple(p for p in Preset if not p.rules().special_cards)
GAMES: Final = 200 if os.environ.get("CI") or os.environ.get("HYPOTHESIS_PROFILE") in ("ci", "thorough") else 40
"""Games replayed through the engine per preset or variant and player count (more in CI: thousands in all)."""
VARIANT_RULES: Final = (
    Rules(variants=Variant.BLIND_BIDS),
    Rules(variants=Variant.BLIND_BIDS | Variant.CLAIRVOYANCE, bid_policy=NotEqualBids(first_round_free=True)),
    Rules(bid_policy=NotEqualBids(min_cards=3), variants=Variant.BLIND_BIDS, bid_reveal=BidReveal.OPEN),
    Rules(bid_policy=EqualBids()),
    Rules(bid_policy=ScorekeeperHook(scorekeeper=1), variants=Variant.BLIND_BIDS),
    Rules(
        score_rule=StandardScore(hit_bonus=10, per_trick=5, miss_penalty=7, blind_multiplier=3),
        variants=Variant.BLIND_BIDS,
    ),
)


def fixed_trumps(players: int) -> Rules:
    """A short schedule with fixed trumps and a round that deals the whole deck (R3.4, R3.5)."""
    cards = (3, 60 // players, 5, 2)
    return Rules(schedule=Schedule(cards_per_round=cards, trumps=(FixedTrump.RED, None, FixedTrump.NONE, None)))


def check_against_engine(run: Playouts, games: range) -> None:
    """Each game's record replays through the engine to the run's bids, tricks, points, trumps and totals."""
    for i in games:
        state = run.record(i).replay()
        assert state.is_over
        assert state.totals == tuple(run.totals[i])
        for number, played in enumerate(state.scoresheet.rounds):
            assert played.bids == tuple(run.bids[i, number])
            assert played.tricks == tuple(run.tricks[i, number])
            assert played.points == tuple(run.points[i, number])
            assert played.blind == tuple(run.blind[i, number])
            assert run.trump[i, number] == (-1 if played.trump is None else list(Suit).index(played.trump))


@pytest.mark.parametrize("preset", STANDARD_PRESETS, ids=[p.value for p in STANDARD_PRESETS])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_presets_replay_through_the_engine(preset: Preset, players: int) -> None:
    """R2-R7: compiled games of every standard preset and player count replay to the same numbers."""
    rules = preset.rules()
    try:
        config_for(players, rules)
    except RulesError:
        pytest.skip("these rules are not for this many players")
    run = playouts(GAMES, players=players, rules=rules, seed=players)
    check_against_engine(run, range(GAMES))


@pytest.mark.parametrize("rules", VARIANT_RULES, ids=range(len(VARIANT_RULES)))
@pytest.mark.parametrize("players", [3, 4, 6])
def test_variants_replay_through_the_engine(rules: Rules, players: int) -> None:
    """R4.2, R4.4, R4.5, R6.4: blind bids, clairvoyance, every bid policy, other score numbers."""
    run = playouts(GAMES, players=players, rules=rules, seed=11)
    check_against_engine(run, range(GAMES))
    if Variant.BLIND_BIDS in rules.variants and Variant.CLAIRVOYANCE not in rules.variants:
        assert run.blind.any(), "random play makes blind bids"


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_fixed_trumps_and_the_whole_deck_replay_through_the_engine(players: int) -> None:
    """R3.4, R3.5: schedule trumps, and a round dealing every card turns up nothing."""
    run = playouts(60, players=players, rules=fixed_trumps(players), seed=5)
    check_against_engine(run, range(60))
    assert (run.trump[:, 0] == 0).all()
    assert (run.trump[:, 1:3] == -1).all()


def test_same_seed_same_games_whatever_the_threads() -> None:
    """A run's games depend on the seed and their number only: 1 thread, all threads, a shorter run."""
    one = playouts(500, seed=3, threads=1)
    every = playouts(500, seed=3)
    shorter = playouts(100, seed=3)
    for field in ("totals", "bids", "tricks", "points", "blind", "trump", "first_dealer"):
        assert np.array_equal(getattr(one, field), getattr(every, field))
        assert np.array_equal(getattr(one, field)[:100], getattr(shorter, field))
    assert not np.array_equal(one.totals, playouts(500, seed=4).totals)


def test_arrays_are_read_only_and_add_up() -> None:
    """R5, R6: tricks add up to the cards each round, totals to the points, trumps are suits or none."""
    run = playouts(300, players=5, seed=2)
    cards = np.array(Rules().schedule_for(5).cards_per_round)
    assert (run.tricks.sum(axis=2) == cards).all()
    assert np.array_equal(run.points.sum(axis=1), run.totals)
    assert ((run.trump >= -1) & (run.trump <= 3)).all()
    with pytest.raises(ValueError, match="read-only"):
        run.totals[0, 0] = 1


@pytest.mark.parametrize(
    ("rules", "reason"),
    [
        (Rules(special_cards=frozenset({Special.BOMB})), "special cards"),
        (Preset.ANNIVERSARY_2021.rules(), "special cards"),
    ],
)
def test_rules_left_to_the_engine_are_refused(rules: Rules, reason: str) -> None:
    """R8: special cards are played by the engine; the compiled core says so."""
    with pytest.raises(RulesError, match=reason):
        playouts(1, rules=rules)


@pytest.mark.parametrize(
    "call",
    [
        lambda: playouts(-1),
        lambda: playouts(1.5),  # type: ignore[arg-type]
        lambda: playouts(1, seed=-1),
        lambda: playouts(1, seed=2**64),
        lambda: playouts(1, seed="x"),  # type: ignore[arg-type]
        lambda: playouts(1, threads=0),
        lambda: playouts(1, players=7),
        lambda: playouts(3).record(3),
    ],
)
def test_bad_input_is_a_library_error(call: object) -> None:
    """Out-of-range counts, seeds, threads, players and game numbers are RulesErrors."""
    with pytest.raises(RulesError):
        call()  # type: ignore[operator]


def test_trick_keys_are_the_engine_table() -> None:
    """R5.4: the compiled trick keys are the rule's `win_keys`, card by card."""
    win_key = jit(kernel_rules.win_key)
    for trump in range(-1, 4):
        for led in range(-2, 4):
            assert [win_key(card, trump, led) for card in range(60)] == list(win_keys()[trump + 1][led + 2])


@pytest.mark.parametrize(
    "policy",
    [NotEqualBids(), NotEqualBids(first_round_free=True, min_cards=4), EqualBids(), ScorekeeperHook(scorekeeper=2)],
)
def test_allowed_bids_are_the_policies(policy: object) -> None:
    """R4.2: the compiled allowed bids (the policy's table) equal the policies' for every situation of small rounds."""
    kernel = jit(kernel_rules.allowed_bids)
    config = config_for(4, Rules(bid_policy=policy))  # type: ignore[arg-type]
    totals_cases = [np.array([0, 0, 0, 0]), np.array([50, 0, 10, 20]), np.array([0, 0, 30, 0])]
    for rnd in range(7):  # the ladder: round r + 1 deals r + 1 cards
        cards = rnd + 1
        for made in range(4):
            for bid_sum in range(cards * made + 1):
                for dealer in range(4):
                    for totals in totals_cases:
                        bids = _bids_summing(bid_sum, made, cards)
                        expected = allowed_bids(
                            policy,  # type: ignore[arg-type]
                            cards=cards,
                            bids=bids,
                            players=4,
                            round_number=rnd + 1,
                            totals=[int(t) for t in totals],
                            dealer=dealer,
                        )
                        mask = int(kernel(config.rules, rnd, made, bid_sum, dealer, totals))
                        assert {b for b in range(cards + 1) if mask >> b & 1} == expected


def _bids_summing(total: int, count: int, cards: int) -> list[int]:
    """`count` bids of 0..cards adding up to `total`, spread unevenly (the largest last)."""
    bids = [0] * count
    for i in reversed(range(count)):
        bids[i] = min(cards, total)
        total -= bids[i]
    return bids


# -- hostile input (found by tests/test_fuzz_extras.py) -------------------------------------------


def test_runs_too_large_for_memory_are_refused_at_once() -> None:
    """`playouts(10**12)` asked numpy for 29 TiB and raised its MemoryError: a run whose result arrays
    would take more than 4 GiB is a RulesError that names the size, before anything is allocated."""
    for n in (10**12, 2**40, 10_000_000):
        tracemalloc.start()
        try:
            with pytest.raises(RulesError, match=r"GiB of arrays, more than 4 GiB") as info:
                playouts(n)
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        assert f"{n:,} games" in str(info.value)
        assert peak < 100_000


def test_the_memory_bound_is_the_result_arrays(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bound counts the bytes of the result arrays: the most games that fit are played, one more is not."""
    rules = Rules(schedule=Schedule.ladder(3, rounds=2))
    run = playouts(3, players=3, rules=rules)
    size = sum(array.nbytes for array in (run.totals, run.bids, run.tricks, run.points, run.blind, run.trump))
    size += run.first_dealer.nbytes
    monkeypatch.setattr(_playouts, "MAX_BYTES", size)
    assert len(playouts(3, players=3, rules=rules)) == 3
    with pytest.raises(RulesError, match="4 games"):
        playouts(4, players=3, rules=rules)


def test_game_numbers_may_be_numpy_integers() -> None:
    """A game number read from the run's arrays (a numpy integer) is taken; a bool or float is not."""
    run = playouts(5, players=3, seed=2)
    best = run.totals[:, 0].argmax()
    assert run.record(best) == run.record(int(best))
    for wrong in (True, np.float64(1), np.int8(-1), np.uint64(2**64 - 1)):
        with pytest.raises(RulesError, match=r"this run has games 0\.\.4"):
            run.record(wrong)
