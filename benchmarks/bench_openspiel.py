"""Speed of the OpenSpiel game `python_wizard`: whole random games through pyspiel's API.

Run: python benchmarks/bench_openspiel.py [--games N] [--repeat R] [--players P] [--preset NAME]

Needs the extra: pip install -e ".[openspiel]" (Python 3.11 or later).

1. Whole games per second, chance outcomes drawn by their probabilities and each player
   choosing a random legal action:

       while not state.is_terminal():
           if state.is_chance_node():
               outcomes, probabilities = zip(*state.chance_outcomes())
               state.apply_action(choose(outcomes, probabilities))
           else:
               state.apply_action(choose(state.legal_actions()))

2. The same, the player to act reading its observation first: through
   `state.observation_tensor(player)` (a Python list, as pyspiel returns it) and through
   `make_observation(game).set_from(state, player)` (the NumPy vector filled in place).

3. `resample_from_infostate` at the first play of the last round, the most history to
   replay, and `state.clone()`, in microseconds.

Each figure is the best of R runs. Machines are noisy: compare figures within one run.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import pyspiel
from open_spiel.python.observation import make_observation

from wizardrules import Phase
from wizardrules.openspiel import GAME_NAME


def play(game: Any, seed: int, observe: Callable[[Any, int], object] | None = None) -> Any:
    """One whole game of random chance outcomes and random legal actions; the final state."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probabilities)[0])
        else:
            if observe is not None:
                observe(state, state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def games_per_second(game: Any, games: int, repeat: int, observe: Callable[[Any, int], object] | None = None) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for seed in range(games):
            play(game, seed, observe)
        best = min(best, time.perf_counter() - start)
    return games / best


def last_round_state(game: Any, seed: int) -> Any:
    """The state at the first play of the game's last round."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    rounds = game.rules.schedule_for(game.num_players()).rounds
    while True:
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probabilities)[0])
            continue
        now = state.game_state
        if now.round_number == rounds and now.phase is Phase.PLAYING:
            return state
        state.apply_action(rng.choice(state.legal_actions()))


def microseconds(call: Callable[[], object], times: int, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(times):
            call()
        best = min(best, time.perf_counter() - start)
    return best / times * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--preset", default="rulebook")
    args = parser.parse_args()
    game = pyspiel.load_game(f"{GAME_NAME}(players={args.players},preset={args.preset})")
    observation = make_observation(game)
    state = last_round_state(game, 0)
    sampler = pyspiel.UniformProbabilitySampler(0, 0.0, 1.0)
    player = state.current_player()
    figures = {
        "whole games per second": games_per_second(game, args.games, args.repeat),
        "... reading observation_tensor(player) at each decision": games_per_second(
            game, args.games, args.repeat, lambda s, p: s.observation_tensor(p)
        ),
        "... reading make_observation(game).set_from(state, player)": games_per_second(
            game, args.games, args.repeat, observation.set_from
        ),
        "resample_from_infostate in the last round, µs": microseconds(
            lambda: state.resample_from_infostate(player, sampler), 20, args.repeat
        ),
        "clone, µs": microseconds(state.clone, 2000, args.repeat),
    }
    print(f"{GAME_NAME}(players={args.players},preset={args.preset}), best of {args.repeat}:")
    for name, value in figures.items():
        print(f"  {name:<62} {value:>10,.1f}")


if __name__ == "__main__":
    main()
