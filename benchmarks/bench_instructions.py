"""Machine instructions per game of the engine's step API, counted by valgrind's callgrind.

Run: python benchmarks/bench_instructions.py [--json] [--games N] [--baseline SRC_DIR]

Counts the instructions of a fresh interpreter that imports wizardrules and plays N random
4-player rulebook games through `legal_actions` + `apply` (driven the plain way, one
`random()` per pick), and of one that plays none; their difference over N is a game's
instructions, start-up and import left out. With `PYTHONHASHSEED=0` the count hardly varies
from run to run, so it shows changes of a fraction of a percent that wall-clock time on a
busy machine cannot. With `--baseline SRC_DIR` it counts the tree in SRC_DIR (the `src`
folder of another checkout, e.g. `git archive main src | tar -x -C /tmp/base`) the same way
and reports the ratio. Needs valgrind; each count takes about a minute.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from _report import report
from wizardrules import Preset, new_game  # in the counted child, the tree under count (its PYTHONPATH)

SRC = Path(__file__).resolve().parent.parent / "src"


def play(games: int) -> None:
    """Play `games` random 4-player rulebook games through the step API (the counted work)."""
    rules = Preset.RULEBOOK.rules()
    uniform = random.Random(1).random
    new_game(4, rules=rules, seed=10**6)  # tables and caches built before the games, in both counts
    for game in range(games):
        state = new_game(4, rules=rules, seed=game)
        while actions := state.legal_actions():
            state = state.apply(actions[int(uniform() * len(actions))])


def instructions(src: Path, games: int) -> int:
    """Instructions of a fresh interpreter that imports the tree `src` and plays `games` games."""
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(src)}
    subprocess.run([sys.executable, __file__, "--play", "1"], env=env, check=True)  # noqa: S603 - bytecode cached first
    with tempfile.TemporaryDirectory() as folder:
        count = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={folder}/out"]
        play_games = [sys.executable, __file__, "--play", str(games)]
        done = subprocess.run(  # noqa: S603 - valgrind running this script
            [*count, *play_games], env=env, capture_output=True, text=True, check=True
        )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"no instruction count in valgrind's output:\n{done.stderr}")
    return int(found.group(1))


def per_game(src: Path, games: int) -> float:
    """A game's instructions in the tree `src`: the count with `games` games less the count with none."""
    return (instructions(src, games) - instructions(src, 0)) / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--games", type=int, default=40, help="games to count (default 40)")
    parser.add_argument("--baseline", type=Path, help="the src folder of another tree to count alike")
    parser.add_argument("--play", type=int, help=argparse.SUPPRESS)  # the counted child process
    args = parser.parse_args()
    if args.play is not None:
        play(args.play)
        return
    results: dict[str, float] = {"this tree: million instructions a game": round(per_game(SRC, args.games) / 1e6, 3)}
    if args.baseline is not None:
        results["baseline: million instructions a game"] = round(per_game(args.baseline, args.games) / 1e6, 3)
        results["this tree / baseline"] = round(
            results["this tree: million instructions a game"] / results["baseline: million instructions a game"], 4
        )
    report(results, as_json=args.json)


if __name__ == "__main__":
    main()
