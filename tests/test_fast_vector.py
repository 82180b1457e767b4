"""VectorGame against the engine and the Python encodings, state by state.

Needs the `fast` extra; skipped without it.
"""

from __future__ import annotations

import os
from typing import Final

import pytest

pytest.importorskip("numba", reason='needs the extra fast: pip install -e ".[fast]"')

import numpy as np

from wizardrules import (
    ActionError,
    BidReveal,
    EqualBids,
    IllegalActionError,
    NotEqualBids,
    Preset,
    Rules,
    RulesError,
    ScorekeeperHook,
    Variant,
    new_game,
)
from wizardrules.fast import VectorGame, _playouts
from wizardrules.fast._kernels import jit
from wizardrules.fast._kernels.vector import observe_all, step_all

STEPS: Final = 2000 if os.environ.get("CI") or os.environ.get("HYPOTHESIS_PROFILE") in ("ci", "thorough") else 400
"""Lockstep steps per rule set and player count (more in CI: dozens of whole games each)."""
RULES: Final = (
    *(preset.rules() for preset in Preset if not preset.rules().special_cards),
    Rules(variants=Variant.BLIND_BIDS),
    Rules(variants=Variant.BLIND_BIDS | Variant.CLAIRVOYANCE, bid_policy=NotEqualBids(first_round_free=True)),
    Rules(variants=Variant.CLAIRVOYANCE, bid_reveal=BidReveal.SECRET),
    Rules(variants=Variant.BLIND_BIDS, bid_reveal=BidReveal.SIMULTANEOUS),
    Rules(bid_policy=EqualBids()),
    Rules(bid_policy=ScorekeeperHook(scorekeeper=2), variants=Variant.BLIND_BIDS),
)


def random_actions(games: VectorGame, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action per game (any index where a game is over)."""
    mask = games.legal_mask()
    counts = mask.sum(axis=1)
    picks = (rng.random(len(games)) * counts).astype(np.int64)
    actions: np.ndarray = (np.cumsum(mask, axis=1) > picks[:, None]).argmax(axis=1)
    return actions


def check_rows(games: VectorGame) -> int:
    """Every live game replays through the engine to its state: masks and observations of every seat agree."""
    mask = games.legal_mask()
    checked = 0
    for i in range(len(games)):
        state = games.record(i).replay()
        assert state.totals == tuple(games.totals[i])
        if games.to_move[i] < 0:
            assert state.is_over
            continue
        assert state.to_move == games.to_move[i]
        assert np.array_equal(games.codec.mask(state), mask[i])
        for seat in range(len(games.players)):
            seats = np.full(len(games), seat)
            expected = games.observer.observation(state.view(seat))
            assert np.array_equal(games.observe(seats)[i], expected), (i, seat)
        checked += 1
    return checked


@pytest.mark.parametrize("rules", RULES, ids=range(len(RULES)))
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_games_agree_with_the_engine_state_by_state(rules: Rules, players: int) -> None:
    """Legal masks equal the engine's legal actions, observations the Observer's of the view, for every seat."""
    try:
        games = VectorGame(4, players=players, rules=rules, seed=players)
    except RulesError:
        pytest.skip("these rules are not for this many players")
    rng = np.random.default_rng(players)
    checked = 0
    for step in range(STEPS):
        if step % 23 == 0:
            checked += check_rows(games)
        games.step(random_actions(games, rng))
    assert checked > 20


def test_rewards_add_up_to_the_totals_and_games_restart() -> None:
    """R6: each game's rewards add up to its final totals; a finished game starts anew at the next step."""
    games = VectorGame(
        6, players=4, rules=Rules(schedule=Preset.RULEBOOK.rules().schedule_for(4).ladder(4, rounds=3)), seed=2
    )
    rng = np.random.default_rng(2)
    earned = np.zeros((6, 4))
    finished = 0
    for _ in range(400):
        games.step(random_actions(games, rng))
        earned += games.rewards
        for i in np.nonzero(games.done)[0]:
            assert np.array_equal(earned[i], games.totals[i])
            assert games.record(int(i)).replay().totals == tuple(games.totals[i])
            earned[i] = 0
            finished += 1
    assert finished >= 6


def test_result_arrays_are_read_only_views_of_the_batch() -> None:
    """`rewards`, `scored` and `done` cannot be written through, and follow the batch as it steps."""
    games = VectorGame(3, players=3, seed=4)
    rewards, scored, done = games.rewards, games.scored, games.done
    for array in (rewards, scored, done):
        with pytest.raises(ValueError, match="read-only"):
            array[0] = 1
    rng = np.random.default_rng(4)
    while not games.scored.any():
        games.step(random_actions(games, rng))
    assert np.array_equal(scored, games.scored)
    assert np.array_equal(rewards, games.rewards)
    assert rewards[games.scored].any()


def test_same_seed_same_games() -> None:
    """A run's games depend on its seed and the actions alone."""
    one, two = VectorGame(5, seed=9), VectorGame(5, seed=9)
    for _ in range(50):
        actions = one.legal_mask().argmax(axis=1)
        one.step(actions)
        two.step(actions)
    assert np.array_equal(one.observe(), two.observe())
    assert [str(a) for a in one.record(3).actions] == [str(a) for a in two.record(3).actions]
    assert not np.array_equal(VectorGame(5, seed=10).observe(), VectorGame(5, seed=9).observe())


def test_an_illegal_action_changes_nothing() -> None:
    """An illegal action anywhere in the batch is refused with the library's error, and no game moves."""
    games = VectorGame(3, seed=4)
    before = games.observe()
    mask = games.legal_mask()
    actions = mask.argmax(axis=1)
    actions[1] = int(np.nonzero(~mask[1])[0][-1])
    with pytest.raises(IllegalActionError, match=r"game 1"):
        games.step(actions)
    assert np.array_equal(games.observe(), before)
    with pytest.raises(ActionError):
        games.step(np.array([0, 0]))
    with pytest.raises(ActionError):
        games.step(np.full(3, games.codec.size))


@pytest.mark.parametrize(
    "call",
    [
        lambda: VectorGame(0),
        lambda: VectorGame(2, seed=-1),
        lambda: VectorGame(2, rules=Preset.ANNIVERSARY_2021.rules()),
    ],
)
def test_bad_input_is_a_library_error(call: object) -> None:
    """A batch of no games, a negative seed, special cards (R8): RulesErrors."""
    with pytest.raises(RulesError):
        call()  # type: ignore[operator]


def test_a_game_of_the_engine_plays_the_same_in_a_row() -> None:
    """`start` takes a game's deals and first dealer from `new_game`: the same seed gives the same game."""
    rules = Preset.OFFICIAL.rules()
    games = VectorGame(2, rules=rules, seed=0)
    state = new_game(4, rules=rules, seed=11)
    games.start(1, state)
    rng = np.random.default_rng(1)
    while (seat := games.seat_to_move(1)) is not None:
        assert seat == state.to_move
        mask = games.legal_mask()
        assert np.array_equal(mask[1], games.codec.mask(state))
        observed = games.observe(np.full(2, seat))[1]
        assert np.array_equal(observed, games.observer.observation(state.view(seat)))
        actions = random_actions(games, rng)
        round_number = state.round_number
        games.step(actions)
        state = state.apply(games.codec.action(int(actions[1])))
        assert bool(games.scored[1]) == (state.round_number != round_number or state.is_over)
    assert state.is_over
    assert tuple(games.totals[1]) == state.totals
    with pytest.raises(RulesError, match="first state"):
        games.start(0, state)
    with pytest.raises(RulesError):
        games.start(0, new_game(3, seed=1))


# -- hostile input (found by tests/test_fuzz_extras.py) -------------------------------------------


def compiled_kinds() -> tuple[int, int]:
    """How many kinds of arguments the step and observation kernels are compiled for in this process."""
    return len(jit(step_all).signatures), len(jit(observe_all).signatures)  # type: ignore[attr-defined]


def test_actions_and_seats_of_any_integer_array_play_the_same_and_compile_nothing_new() -> None:
    """Actions or seats of another integer dtype, strided or read-only made numba compile the step and
    observation kernels anew for each kind (seconds each, and a disk cache that grows): they are
    taken as int64, so that the same games are played with the kernels compiled once."""
    plain, other = VectorGame(3, seed=4), VectorGame(3, seed=4)
    rng = np.random.default_rng(4)
    seats = np.array([0, 1, 2])
    actions = random_actions(plain, rng)
    plain.step(actions)
    other.step(actions)
    plain.observe(seats)  # both kernels as they are compiled for int64 arrays
    compiled = compiled_kinds()
    for dtype in (np.int8, np.uint8, np.int32, np.uint64):
        actions = random_actions(plain, rng)
        plain.step(actions)
        other.step(actions.astype(dtype))
        assert np.array_equal(other.observe(seats.astype(dtype)), plain.observe(seats))
    actions = random_actions(plain, rng)
    plain.step(actions)
    strided = np.zeros(6, dtype=np.int64)
    strided[::2] = actions
    other.step(strided[::2])
    frozen = seats.copy()
    frozen.setflags(write=False)
    assert np.array_equal(other.observe(frozen), plain.observe(seats))
    assert np.array_equal(other.totals, plain.totals)
    assert compiled_kinds() == compiled


def test_ragged_huge_and_read_only_arguments_get_library_errors() -> None:
    """Ragged nests met numpy's ValueError, a read-only `out=` numpy's too, and unsigned indices past
    the largest int64 would have wrapped round: each is a library error, and nothing changes."""
    games = VectorGame(2, seed=1)
    before = (games.observe().tobytes(), games.legal_mask().tobytes())
    for actions in ([[1], [1, 2]], [10**5000, 0], "ab", np.array([1.0, 2.0]), np.array([True, False])):
        with pytest.raises(ActionError, match="one action index"):
            games.step(actions)  # type: ignore[arg-type]
    with pytest.raises(ActionError, match="18446744073709551615 is outside"):
        games.step(np.array([2**64 - 1, 0], dtype=np.uint64))
    with pytest.raises(RulesError, match="one seat"):
        games.observe([[0], [0, 1]])  # type: ignore[list-item]
    frozen = np.zeros((2, games.codec.size), dtype=np.bool_)
    frozen.setflags(write=False)
    with pytest.raises(RulesError, match="writable"):
        games.legal_mask(out=frozen)
    assert not frozen.any()
    assert (games.observe().tobytes(), games.legal_mask().tobytes()) == before
    assert games.seat_to_move(np.int64(1)) == games.seat_to_move(1)
    assert games.record(np.uint8(1)) == games.record(1)
    with pytest.raises(RulesError, match="this batch"):
        games.record(True)


def test_batches_too_large_for_memory_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """A batch whose arrays would take more than the bound is refused before anything is allocated."""
    monkeypatch.setattr(_playouts, "MAX_BYTES", 100_000)
    assert len(VectorGame(2, players=3)) == 2
    with pytest.raises(RulesError, match=r"VectorGame: 1,000 games would take .* GiB of arrays"):
        VectorGame(1000, players=3)
