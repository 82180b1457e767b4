"""Random games: on the compiled core or through the engine, every game exact against the engine."""

from __future__ import annotations

import random
from typing import Any, Final

import pytest
from attrs import frozen

from wizardrules import (
    BidReveal,
    GameState,
    Preset,
    Rules,
    RulesError,
    Schedule,
    ScheduleKind,
    ScorekeeperHook,
    SimGame,
    StandardScore,
    Suit,
    Variant,
    _lazy,
    new_game,
    random_games,
    round_points,
)

_FAST: Any = _lazy.optional("wizardrules.fast")
needs_fast = pytest.mark.skipif(_FAST is None, reason='needs the extra fast: pip install -e ".[fast]"')
"""The tests that compare with the compiled core's own playouts."""

GAMES_PER_SETUP: Final = 6
"""Games per (rules, players, path) setup."""

RULE_SETS: Final = (
    *(preset.rules() for preset in Preset if not preset.rules().special_cards),
    Rules(variants=Variant.BLIND_BIDS | Variant.CLAIRVOYANCE),
    Rules(bid_policy=ScorekeeperHook(scorekeeper=2), variants=Variant.BLIND_BIDS),
    Rules(bid_reveal=BidReveal.SIMULTANEOUS, schedule=ScheduleKind.TOURNAMENT),
)
"""Rules the compiled core plays."""
SPECIAL: Final = Preset.ANNIVERSARY_2021.rules()
"""Rules with every special card (R8), which only the engine plays."""
SHORT: Final = Rules(schedule=Schedule(cards_per_round=(3, 2, 1)))


def _rules_id(rules: Rules) -> str:
    return f"{type(rules.bid_policy).__name__}-{rules.variants}-{rules.schedule}"


def _assert_exact(game: SimGame) -> GameState:
    """The game's record replays through the engine to its totals and to every one of its rounds."""
    state = game.record().replay()
    assert state.is_over
    assert (state.players, state.rules, state.first_dealer) == (game.players, game.rules, game.first_dealer)
    assert state.totals == game.totals
    sheet = state.scoresheet
    assert len(sheet.rounds) == len(game.rounds)
    for played, recorded in zip(game.rounds, sheet.rounds, strict=True):
        assert played.bids == recorded.final_bids
        assert played.blind == recorded.blind
        assert played.tricks == recorded.tricks
        assert played.points == recorded.points
        assert played.trump is recorded.trump
    assert game.hits == sheet.hits
    return state


def _by_the_procedure(players: int, rules: Rules | None, seed: int, game: int) -> GameState:
    """Game `game` of an engine run as its docstring states it, driven through the public step API."""
    deal_seed = seed * 1_000_000_007 + game
    state = new_game(players, rules=rules, seed=deal_seed)
    uniform = random.Random(deal_seed * 2 + 1).random
    while legal := state.legal_actions():
        state = state.apply(legal[int(uniform() * len(legal))])
    return state


def _usable(rules: Rules, players: int) -> bool:
    return not (rules.schedule is ScheduleKind.EINFARBIG and players > 4)


@needs_fast
@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("rules", RULE_SETS, ids=_rules_id)
def test_r2_r7_compiled_games_are_the_playouts_and_replay_exactly(rules: Rules, players: int) -> None:
    """R2-R7: with the extra installed, the games are `fast.playouts`' and each replays through the engine."""
    if not _usable(rules, players):
        pytest.skip("Einfarbig is for 3 or 4 players")
    games = random_games(GAMES_PER_SETUP, players=players, rules=rules, seed=players)
    run = _FAST.playouts(GAMES_PER_SETUP, players=players, rules=rules, seed=players)
    for i, game in enumerate(games):
        assert game.totals == tuple(run.totals[i].tolist())
        assert [r.bids for r in game.rounds] == [tuple(row) for row in run.bids[i].tolist()]
        assert [r.tricks for r in game.rounds] == [tuple(row) for row in run.tricks[i].tolist()]
        assert game.record() == run.record(i)
        _assert_exact(game)


@pytest.mark.parametrize("players", [3, 4, 6])
@pytest.mark.parametrize("rules", RULE_SETS, ids=_rules_id)
def test_r2_r7_engine_games_follow_the_documented_procedure(rules: Rules, players: int) -> None:
    """R2-R7: through the engine, game `g` is the step API's game from its deal and choice seeds."""
    if not _usable(rules, players):
        pytest.skip("Einfarbig is for 3 or 4 players")
    games = random_games(GAMES_PER_SETUP, players=players, rules=rules, seed=players, compiled=False)
    for g, game in enumerate(games):
        state = _assert_exact(game)
        assert state == _by_the_procedure(players, rules, players, g)


def test_r8_special_cards_play_through_the_engine() -> None:
    """R8: rules with special cards, which the compiled core leaves to the engine, play through it."""
    games = random_games(4, players=4, rules=SPECIAL, seed=11)
    assert games == random_games(4, players=4, rules=SPECIAL, seed=11, compiled=False)
    for g, game in enumerate(games):
        assert _assert_exact(game) == _by_the_procedure(4, SPECIAL, 11, g)


@frozen
class _HitsOnly:
    """A score rule of the caller's: 10 points for an exact bid, nothing else (R6.4)."""

    def points(self, bid: int, tricks: int, *, blind: bool = False) -> int:
        return 10 if bid == tricks else 0


def test_r6_4_custom_score_rule_plays_through_the_engine() -> None:
    """R6.4: a score rule the compiled core does not know is played, and scored, by the engine."""
    rules = Rules(score_rule=_HitsOnly(), schedule=SHORT.schedule)
    games = random_games(5, players=3, rules=rules, seed=2)
    assert games == random_games(5, players=3, rules=rules, seed=2, compiled=False)
    for game in games:
        _assert_exact(game)
        assert all(p in (0, 10) for r in game.rounds for p in r.points)


@needs_fast
def test_r6_4_standard_score_with_other_numbers_is_compiled() -> None:
    """R6.4: `StandardScore` with other numbers is the compiled core's: the games are `fast.playouts`'."""
    rules = Rules(score_rule=StandardScore(hit_bonus=30), schedule=SHORT.schedule)
    games = random_games(5, players=3, rules=rules, seed=2)
    assert [g.totals for g in games] == [
        tuple(t) for t in _FAST.playouts(5, players=3, rules=rules, seed=2).totals.tolist()
    ]
    for game in games:
        _assert_exact(game)


@needs_fast
def test_without_the_extra_the_engine_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the `fast` extra, the games are the engine's, as with `compiled=False`."""
    engine = random_games(3, players=4, rules=SHORT, seed=4, compiled=False)
    assert random_games(3, players=4, rules=SHORT, seed=4) != engine  # the compiled core's own games
    monkeypatch.setattr(_lazy, "boost", lambda which: None)
    assert _lazy.boost(_lazy.Boost.FAST) is None
    assert random_games(3, players=4, rules=SHORT, seed=4) == engine


def test_r6_rounds_score_by_the_rules() -> None:
    """R6: every round's points are round_points of its bids and tricks; the totals add them up."""
    for compiled in (True, False):
        games = random_games(10, players=4, rules=Rules(variants=Variant.BLIND_BIDS), seed=3, compiled=compiled)
        for game in games:
            for r in game.rounds:
                assert r.points == tuple(
                    round_points(b, t, blind=bl) for b, t, bl in zip(r.bids, r.tricks, r.blind, strict=True)
                )
                assert r.trump is None or isinstance(r.trump, Suit)
            assert game.totals == tuple(sum(r.points[s] for r in game.rounds) for s in range(4))
            assert game.scoresheet().totals == game.totals


@pytest.mark.parametrize("compiled", [True, False])
def test_r2_6_random_games_are_reproducible(compiled: bool) -> None:
    """R2.6: the same seed gives the same games; another seed other games."""
    assert random_games(5, rules=SHORT, seed=9, compiled=compiled) == random_games(
        5, rules=SHORT, seed=9, compiled=compiled
    )
    assert random_games(5, rules=SHORT, seed=9, compiled=compiled) != random_games(
        5, rules=SHORT, seed=10, compiled=compiled
    )
    assert random_games(0, compiled=compiled) == ()


@pytest.mark.parametrize("compiled", [True, False])
@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda c: random_games(-1, compiled=c), "games -1: give a whole number 0..10,000,000"),
        (lambda c: random_games(10_000_001, compiled=c), "games 10000001: give a whole number 0..10,000,000"),
        (lambda c: random_games(2**40 + 1, compiled=c), "give a whole number 0..10,000,000"),
        (lambda c: random_games(True, compiled=c), "games True"),
        (lambda c: random_games(1, seed=-1, compiled=c), "seed -1; give a whole number 0..2\\*\\*64-1"),
        (lambda c: random_games(1, seed=2**64, compiled=c), "give a whole number 0..2\\*\\*64-1"),
        (lambda c: random_games(1, seed=1.5, compiled=c), "seed 1.5"),  # type: ignore[arg-type]
        (lambda c: random_games(1, players=7, compiled=c), "7 players; Wizard is for 3 to 6"),
        (
            lambda c: random_games(1, players=5, rules=Rules(schedule=Schedule(cards_per_round=(13,))), compiled=c),
            "65 in all, but the deck has 60",
        ),
    ],
)
def test_random_games_bad_input(call: object, message: str, compiled: bool) -> None:
    """A count or seed out of range, bad players or impossible rules are RulesErrors, on both paths."""
    assert callable(call)
    with pytest.raises(RulesError, match=message):
        call(compiled)


def test_a_sim_game_made_by_hand_says_it_has_no_rounds() -> None:
    """Only `random_games` gives a game its rounds and record; one made by hand refuses them with a RulesError."""
    made = random_games(1, rules=SHORT, seed=1)[0]
    copy = SimGame(players=made.players, rules=made.rules, first_dealer=made.first_dealer, totals=made.totals)
    assert copy.totals == made.totals
    for ask in (lambda: copy.rounds, copy.record, copy.scoresheet, lambda: copy.hits):
        with pytest.raises(RulesError, match="not made by random_games"):
            ask()
    assert copy != made
    assert made != copy
    assert copy == SimGame(players=made.players, rules=made.rules, first_dealer=made.first_dealer, totals=made.totals)
