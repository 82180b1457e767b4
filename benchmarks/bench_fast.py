"""Speed of the compiled fast core beside the pure-Python paths, in one run.

Run: python benchmarks/bench_fast.py [--json] [--games N] [--repeat R]

Reports, for full random 4-player games (ladder, rulebook rules):

- `fast.playouts` with 1 and 2 threads: games per second and µs per action;
- `fast.VectorGame` driven by random legal actions chosen from `legal_mask` in numpy, at
  batch 1, 64, 1,024 and 4,096: µs per action (per game), the whole loop and (at 4,096) its
  `legal_mask` and `step` calls alone;
- the tuned pure-Python bitmask loop (`_reference.py`, the yardstick: not part of the package)
  and the engine's step API (`legal_actions` + `apply`) on the same machine;
- compile time: the first run in a process with an empty cache, and a fresh process that
  loads the cache (both measured in subprocesses).

Machines are noisy: compare the ratios of one run. Needs the `fast` extra.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

import numpy as np

from _reference import reference_games
from _report import report
from wizardrules import new_game
from wizardrules.fast import VectorGame, playouts

ACTIONS_PER_GAME = 540  # a 4-player ladder game: 60 bids and 480 cards


def best_of(repeat: int, run: Callable[[], object]) -> float:
    """The best wall-clock seconds of `repeat` runs."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def engine_games(games: int) -> None:
    """Random games through the engine's step API, the plain way."""
    uniform = random.Random(0).random
    for game in range(games):
        state = new_game(4, seed=game)
        while actions := state.legal_actions():
            state = state.apply(actions[int(uniform() * len(actions))])


def vector_steps(game: VectorGame, steps: int, seed: int = 0) -> float:
    """Step `game` `steps` times with uniformly random legal actions chosen in numpy; the seconds spent in
    `legal_mask` and `step` alone (the choice in numpy left out).

    Its games end and start anew as they go: dealing the new ones is part of the time.
    """
    batch = len(game)
    rng = np.random.default_rng(seed)
    size = game.codec.size
    mask = np.empty((batch, size), dtype=np.bool_)
    row_starts = np.arange(batch) * size
    row_ends = row_starts + size
    in_calls = 0.0
    for _ in range(steps):
        start = time.perf_counter()
        game.legal_mask(out=mask)
        in_calls += time.perf_counter() - start
        # a uniform legal action per game: among the flat indices of the legal actions, game b's
        # lie between the searchsorted bounds of its row; pick one of them uniformly (a game that
        # is over has none: any index will do, the step ignores it)
        legal = np.flatnonzero(mask)
        ends = np.searchsorted(legal, row_ends)
        starts = np.empty_like(ends)
        starts[0] = 0
        starts[1:] = ends[:-1]
        counts = ends - starts
        picks = np.minimum(starts + (rng.random(batch) * counts).astype(np.int64), max(len(legal) - 1, 0))
        chosen = legal[picks] - row_starts if len(legal) else np.zeros(batch, dtype=np.int64)
        actions = np.where(counts > 0, chosen, 0)
        start = time.perf_counter()
        game.step(actions)
        in_calls += time.perf_counter() - start
    return in_calls


_CHILD = """
import time
start = time.perf_counter()
from wizardrules.fast import VectorGame, playouts
playouts(10, seed=1)
game = VectorGame(4, seed=1)
game.step(game.legal_mask().argmax(axis=1))
game.observe()
print(time.perf_counter() - start)
"""


def compile_seconds(cache_dir: str) -> float:
    """Seconds for a new process to import the fast core and play its first games (numba caching in `cache_dir`)."""
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir)
    done = subprocess.run(  # noqa: S603 - this interpreter running this script's own code
        [sys.executable, "-c", _CHILD], env=env, capture_output=True, text=True, check=True
    )
    return float(done.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--games", type=int, default=20_000, help="games per playouts timing run")
    parser.add_argument("--repeat", type=int, default=5, help="timing runs (the best is kept)")
    parser.add_argument("--no-compile", action="store_true", help="skip the compile-time measurement")
    args = parser.parse_args()
    results: dict[str, float] = {}

    if not args.no_compile:
        cache = tempfile.mkdtemp(prefix="wizardrules-numba-")
        try:
            results["compile: first process, empty cache, s"] = round(compile_seconds(cache), 2)
            results["compile: second process, cached, s"] = round(compile_seconds(cache), 2)
        finally:
            shutil.rmtree(cache, ignore_errors=True)

    playouts(100, seed=0)  # compile (or load) before timing
    for threads in (1, 2):
        seconds = best_of(args.repeat, lambda t=threads: playouts(args.games, seed=1, threads=t))
        results[f"playouts, {threads} thread(s), games/s"] = round(args.games / seconds)
        results[f"playouts, {threads} thread(s), µs/action"] = round(seconds / args.games / ACTIONS_PER_GAME * 1e6, 4)

    python_games = max(50, args.games // 200)
    seconds = best_of(args.repeat, lambda: reference_games(python_games, seed=1))
    results["pure-Python loop, games/s"] = round(python_games / seconds)
    seconds = best_of(args.repeat, lambda: engine_games(python_games))
    results["engine step API, games/s"] = round(python_games / seconds)
    engine_us = seconds / python_games / ACTIONS_PER_GAME * 1e6
    results["engine step API, µs/action"] = round(engine_us, 3)

    for batch in (1, 64, 1024, 4096):
        steps = max(200, 400_000 // batch)
        games = VectorGame(batch, players=4, seed=batch)  # dealing the first games is left out
        vector_steps(games, 20)  # compile (or load) and warm up
        calls: list[float] = []
        seconds = best_of(args.repeat, lambda g=games, s=steps, c=calls: c.append(vector_steps(g, s)))
        results[f"VectorGame batch {batch}, µs/action"] = round(seconds / (batch * steps) * 1e6, 4)
        if batch == 4096:
            results["VectorGame batch 4096, legal_mask + step, µs/action"] = round(
                min(calls) / (batch * steps) * 1e6, 4
            )

    results["playouts 1 thread / pure-Python loop"] = round(
        results["playouts, 1 thread(s), games/s"] / results["pure-Python loop, games/s"], 1
    )
    results["VectorGame 4096 / engine step API, per action"] = round(
        engine_us / results["VectorGame batch 4096, µs/action"], 1
    )
    results["VectorGame 4096 legal_mask + step / engine step API, per action"] = round(
        engine_us / results["VectorGame batch 4096, legal_mask + step, µs/action"], 1
    )
    report(results, as_json=args.json, value_width=12)


if __name__ == "__main__":
    main()
