"""Speed of the fast playout core: full random games per second with `random_games`.

Run: python benchmarks/bench_sim.py [--json] [--games N] [--repeat R]

Plays N full random 4-player games (ladder, rulebook rules) R times and reports the best
games per second, next to the same games through the public engine's step API for the
ratio. Machines are noisy: compare figures within one run.
"""

from __future__ import annotations

import argparse
import random
import time

from _report import report
from wizardrules import new_game, random_games
from wizardrules.sim import game_seeds, pick


def _sim(games: int) -> float:
    start = time.perf_counter()
    random_games(games, players=4, seed=1)
    return time.perf_counter() - start


def _engine(games: int) -> float:
    start = time.perf_counter()
    for game in range(games):
        deal_seed, choice_seed = game_seeds(1, game)
        state = new_game(4, seed=deal_seed)
        uniform = random.Random(choice_seed).random
        while not state.is_over:
            state = state.apply(pick(state.legal_actions(), uniform))
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--games", type=int, default=1000, help="games per timing run")
    parser.add_argument("--repeat", type=int, default=5, help="timing runs (the best is kept)")
    args = parser.parse_args()
    sim = args.games / min(_sim(args.games) for _ in range(args.repeat))
    engine = args.games / min(_engine(args.games // 2) * 2 for _ in range(args.repeat))
    results = {
        "random_games, 4 players, games/s": round(sim, 1),
        "engine step API, same games, games/s": round(engine, 1),
        "ratio": round(sim / engine, 2),
    }
    report(results, as_json=args.json)


if __name__ == "__main__":
    main()
