"""VectorGame against the engine and the Python encodings, state by state.

Needs the `fast` extra; skipped without it.
"""

from __future__ import annotations

import os
from typing import Final

import pytest

pytest.importorskip("numba")

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
from wizardrules.fast import VectorGame

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
