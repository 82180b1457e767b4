"""Speed of random games: `random_games` on both paths beside the tuned pure-Python loop.

Run: python benchmarks/bench_sim.py [--json] [--games N] [--repeat R]

Plays N full random 4-player games (ladder, rulebook rules) R times each way and reports the
best games per second:

- the benchmarks' tuned pure-Python bitmask loop (`_reference.py`, not part of the package),
  the yardstick of the compiled core's ratios;
- the same games through the engine's step API (`legal_actions` + `apply`); the script
  checks that both give the same totals, game by game;
- `random_games(..., compiled=False)`, which plays those games through the engine and
  returns them as `SimGame`s;
- `random_games` on the compiled core, when the `fast` extra is installed (its first call,
  which compiles or loads the kernels, is left out).

Machines are noisy: compare figures within one run.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from _reference import engine_games, reference_games
from _report import report
from wizardrules import _lazy, random_games


def _best(repeat: int, run: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--games", type=int, default=400, help="games per timing run")
    parser.add_argument("--repeat", type=int, default=3, help="timing runs (the best is kept)")
    args = parser.parse_args()
    games = args.games
    if reference_games(50, seed=1) != engine_games(50, seed=1):
        raise SystemExit("the reference loop no longer plays the engine's games: fix _reference.py")
    reference = games / _best(args.repeat, lambda: reference_games(games, seed=1))
    engine = games / _best(args.repeat, lambda: engine_games(games, seed=1))
    through_engine = games / _best(args.repeat, lambda: random_games(games, seed=1, compiled=False))
    results = {
        "tuned pure-Python loop, games/s": round(reference, 1),
        "engine step API, same games, games/s": round(engine, 1),
        "random_games(compiled=False), games/s": round(through_engine, 1),
        "pure-Python loop / engine": round(reference / engine, 2),
    }
    if _lazy.optional("wizardrules.fast") is not None:
        random_games(10, seed=0)  # compile (or load) the kernels before timing
        compiled = 10 * games / _best(args.repeat, lambda: random_games(10 * games, seed=1))
        results["random_games on the compiled core, games/s"] = round(compiled, 1)
        results["random_games compiled / engine"] = round(compiled / through_engine, 1)
    report(results, as_json=args.json)


if __name__ == "__main__":
    main()
