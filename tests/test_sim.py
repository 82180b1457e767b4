"""The fast playout core agrees with the public engine on every rule (differential test)."""

from __future__ import annotations

import random
from typing import Final

import pytest

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
    Variant,
    game_seeds,
    new_game,
    random_games,
    round_points,
)
from wizardrules.sim import pick

GAMES_PER_SETUP: Final = 25
"""Games per (rules, players) setup; 12 rule sets x 4 player counts x 25 = 1,200 games."""

RULE_SETS: Final = (
    *(preset.rules() for preset in Preset if not preset.rules().special_cards),
    Rules(variants=Variant.BLIND_BIDS | Variant.CLAIRVOYANCE),
    Rules(bid_policy=ScorekeeperHook(scorekeeper=2), variants=Variant.BLIND_BIDS),
    Rules(bid_reveal=BidReveal.SIMULTANEOUS, schedule=ScheduleKind.TOURNAMENT),
)


def engine_game(players: int, rules: Rules | None, seed: int, game: int) -> GameState:
    """The same game through the public step API: `pick` over `legal_actions()`."""
    deal_seed, choice_seed = game_seeds(seed, game)
    state = new_game(players, rules=rules, seed=deal_seed)
    uniform = random.Random(choice_seed).random
    while not state.is_over:
        state = state.apply(pick(state.legal_actions(), uniform))
    return state


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{type(r.bid_policy).__name__}-{r.variants}-{r.schedule}")
def test_random_games_agree_with_the_engine(rules: Rules, players: int) -> None:
    """R2-R7: every simulated game equals the engine's game from the same deals and choices."""
    if rules.schedule is not None and players > 4 and rules.schedule is ScheduleKind.EINFARBIG:
        pytest.skip("Einfarbig is for 3 or 4 players")
    games = random_games(GAMES_PER_SETUP, players=players, rules=rules, seed=players)
    for number, game in enumerate(games):
        state = engine_game(players, rules, players, number)
        sheet = state.scoresheet
        assert game.totals == state.totals
        assert game.scoresheet() == sheet
        assert game.hits == sheet.hits


def test_sim_rounds_score_by_the_rules() -> None:
    """R6: every simulated round's points are round_points of its bids and tricks; totals add up."""
    for game in random_games(40, players=4, rules=Rules(variants=Variant.BLIND_BIDS), seed=3):
        for r in game.rounds:
            assert r.points == tuple(
                round_points(b, t, blind=bl) for b, t, bl in zip(r.bids, r.tricks, r.blind, strict=True)
            )
        assert game.totals == tuple(sum(r.points[s] for r in game.rounds) for s in range(4))


def test_random_games_are_reproducible() -> None:
    """R2.6: the same seed gives the same games; another seed other games."""
    assert random_games(5, seed=9) == random_games(5, seed=9)
    assert random_games(5, seed=9) != random_games(5, seed=10)
    assert all(isinstance(g, SimGame) for g in random_games(2))


def test_random_games_bad_input() -> None:
    """A negative count, bad players or impossible rules are RulesErrors."""
    with pytest.raises(RulesError):
        random_games(-1)
    with pytest.raises(RulesError):
        random_games(1, players=7)
    with pytest.raises(RulesError):
        random_games(1, players=5, rules=Rules(schedule=Schedule(cards_per_round=(13,))))
    assert random_games(0) == ()
