"""Speed of the game engine through its public step API.

Run: python benchmarks/bench_engine.py [--json] [--games N] [--repeat R] [--baseline SRC_DIR]

Plays N full random 4-player games (ladder; rulebook rules, the official ±1 rule, and the
2021 anniversary deck with all seven special cards) with `legal_actions` and `apply` only,
R times, and reports the best games per second; then the per-call cost of `legal_actions`,
`apply` and `view` on mid-game states. Machines are noisy: compare figures within one run.

The games are driven the plain way, so that the figure is the engine's:

    while actions := state.legal_actions():  # () once the game is over
        state = state.apply(actions[int(random() * len(actions))])

Picking with `random.Random.choice` and asking `is_over` before every step costs about
0.2 µs more a step, spent in `random` and in the driver (about an eighth of a game's time);
the rulebook game is timed that way too, for comparison.

With `--baseline SRC_DIR` it also times the standard game (rulebook rules, standard deck)
of the source tree this script imports wizardrules from against the tree in SRC_DIR, the
`src` folder of another checkout: for instance `git worktree add /tmp/base 9644551` (the
last commit before the special cards), then `--baseline /tmp/base/src`. Each tree plays
in fresh subprocesses that import it first (its `src` leads PYTHONPATH), R runs each,
alternating which tree goes first so that both see the same machine noise; it reports
each tree's best games per second and their ratio (this tree's speed over the baseline's).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
import timeit
from collections.abc import Callable, Sequence
from pathlib import Path

import wizardrules
from _report import report
from wizardrules import GameState, Phase, Preset, Rules, new_game


def play_games(games: int, rules: Rules, seed: int = 0) -> float:
    """Seconds to play `games` full random 4-player games through the public step API."""
    uniform = random.Random(seed).random
    start = time.perf_counter()
    for game in range(games):
        state = new_game(4, rules=rules, seed=seed + game)
        while actions := state.legal_actions():
            state = state.apply(actions[int(uniform() * len(actions))])
    return time.perf_counter() - start


def play_games_with_choice(games: int, rules: Rules, seed: int = 0) -> float:
    """As `play_games`, picking with `random.Random.choice` and asking `is_over` before each step."""
    choice = random.Random(seed).choice
    start = time.perf_counter()
    for game in range(games):
        state = new_game(4, rules=rules, seed=seed + game)
        while not state.is_over:
            state = state.apply(choice(state.legal_actions()))
    return time.perf_counter() - start


# Run in a subprocess with another source tree first on PYTHONPATH: it uses only the API
# every version has (new_game, legal_actions, apply, Preset.RULEBOOK), and it prints where
# it imported wizardrules from, so that a wrong path cannot go unnoticed.
_CHILD = """
import random, sys, time
import wizardrules
from wizardrules import Preset, new_game

games = int(sys.argv[1])
rules = Preset.RULEBOOK.rules()

def play(games):
    uniform = random.Random(0).random
    start = time.perf_counter()
    for game in range(games):
        state = new_game(4, rules=rules, seed=game)
        while actions := state.legal_actions():
            state = state.apply(actions[int(uniform() * len(actions))])
    return time.perf_counter() - start

play(max(1, games // 10))  # warm up
print(wizardrules.__file__)
print(play(games))
"""


def _source_dir() -> Path:
    """The `src` folder this script imports wizardrules from."""
    return Path(wizardrules.__file__).resolve().parent.parent


def _timed_in(src: Path, games: int) -> float:
    """Seconds for `games` standard games, played in a subprocess importing from `src`."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(src), *filter(None, [env.get("PYTHONPATH")])])
    done = subprocess.run(  # noqa: S603 - this interpreter running this script's own code
        [sys.executable, "-c", _CHILD, str(games)], env=env, cwd=src, capture_output=True, text=True, check=False
    )
    if done.returncode:
        sys.exit(f"the run with {src} on PYTHONPATH failed:\n{done.stderr}")
    where, seconds = done.stdout.split()
    if not Path(where).resolve().is_relative_to(src):
        sys.exit(f"the run with {src} on PYTHONPATH imported wizardrules from {where} instead")
    return float(seconds)


def compare_with(baseline: Path, games: int, repeat: int) -> dict[str, float]:
    """Games per second of this tree and of `baseline`, interleaved runs; the best of each and the ratio."""
    trees = {"this tree": _source_dir(), "baseline": baseline.resolve()}
    best = dict.fromkeys(trees, float("inf"))
    for run in range(repeat):
        order = list(trees) if run % 2 == 0 else list(reversed(trees))  # who goes first alternates
        for name in order:
            best[name] = min(best[name], _timed_in(trees[name], games))
    this, base = games / best["this tree"], games / best["baseline"]
    return {
        "standard games/s, 4 players, rulebook, this tree": round(this, 1),
        "standard games/s, 4 players, rulebook, baseline": round(base, 1),
        "standard games/s, this tree / baseline": round(this / base, 3),
    }


def _mid_game_states(count: int) -> list[GameState]:
    rng = random.Random(99)
    states = []
    for game in range(count):
        state = new_game(4, seed=1000 + game)
        target = rng.randint(4, 12)
        while not (state.round_number == target and state.phase is Phase.PLAYING):
            state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def _per_call(label: str, calls: Sequence[Callable[[], object]], repeat: int) -> float:
    def run() -> None:
        for call in calls:
            call()

    timer = timeit.Timer(run)
    number, _ = timer.autorange()
    best = min(timer.repeat(repeat=repeat, number=number)) / number
    return best / len(calls) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--games", type=int, default=400, help="games per timing run")
    parser.add_argument("--repeat", type=int, default=5, help="timing runs (the best is kept)")
    parser.add_argument(
        "--baseline",
        type=Path,
        metavar="SRC_DIR",
        help="also time the standard game with this source tree (another checkout's src) against this one",
    )
    args = parser.parse_args()
    if args.baseline is not None and not (args.baseline / "wizardrules" / "__init__.py").is_file():
        parser.error(f"--baseline {args.baseline}: no wizardrules package in it (give a checkout's src folder)")

    results: dict[str, float] = {}
    presets = (Preset.RULEBOOK, Preset.OFFICIAL, Preset.ANNIVERSARY_2021)
    for name, rules in ((preset.value, preset.rules()) for preset in presets):
        best = min(play_games(args.games, rules) for _ in range(args.repeat))
        results[f"games/s, 4 players, {name}"] = round(args.games / best, 1)
    best = min(play_games_with_choice(args.games, Preset.RULEBOOK.rules()) for _ in range(args.repeat))
    results["games/s, 4 players, rulebook, random.choice and is_over"] = round(args.games / best, 1)
    states = _mid_game_states(50)
    actions = [state.legal_actions()[0] for state in states]
    results["legal_actions, µs/call"] = round(_per_call("legal", [s.legal_actions for s in states], args.repeat), 3)
    applies = [lambda s=s, a=a: s.apply(a) for s, a in zip(states, actions, strict=True)]
    results["apply (play a card), µs/call"] = round(_per_call("apply", applies, args.repeat), 3)
    views = [lambda s=s: s.view(s.to_move) for s in states]
    results["view, µs/call"] = round(_per_call("view", views, args.repeat), 3)
    if args.baseline is not None:
        results.update(compare_with(args.baseline, args.games, args.repeat))
    report(results, as_json=args.json)


if __name__ == "__main__":
    main()
