"""`python -m wizardrules.fast --compile`: compile the fast core once, with progress, ahead of first use.

numba compiles the fast core's code the first time each part is used and caches the machine
code on disk, so a later process loads it at once. Without this step the first call of each
part pays for its compile; with it, one command pays for all of them: the playouts, the
batch of games in lockstep and the Monte Carlo bot's compiled rollouts.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence

from wizardrules.bots import MonteCarloBot
from wizardrules.engine import new_game
from wizardrules.fast import VectorGame, playouts

__all__ = ["main"]


def _playouts() -> None:
    """Whole games of random play, and one turned into a record that replays."""
    run = playouts(8, players=4, seed=0)
    run.record(0).replay()


def _vector_game() -> None:
    """A batch of games in lockstep, played to their ends: masks, observations, steps and a record."""
    batch = VectorGame(2, players=4, seed=0)
    while not batch.done.all():
        batch.observe()
        batch.step(batch.legal_mask().argmax(axis=1))
    batch.record(0).replay()


def _rollouts() -> None:
    """One decision of the Monte Carlo bot, whose rollouts play in the compiled core."""
    state = new_game(["A", "B", "C", "D"], seed=0)
    seat = state.to_move or 0  # a new game always has a player to act
    MonteCarloBot(worlds=2, seed=0).act(state.view(seat), state.legal_actions())


_PARTS: tuple[tuple[str, Callable[[], None]], ...] = (
    ("playouts", _playouts),
    ("VectorGame", _vector_game),
    ("MonteCarloBot's compiled rollouts", _rollouts),
)


def main(argv: Sequence[str] | None = None) -> int:
    """Compile (or load from the cache) every part of the fast core, one line per part; return 0."""
    parser = argparse.ArgumentParser(
        prog="python -m wizardrules.fast",
        description="Compile the fast core once, ahead of first use: later processes load it from the cache.",
    )
    parser.add_argument("--compile", action="store_true", required=True, help="compile every part now")
    parser.parse_args(argv)
    out = sys.stdout
    out.write(f"compiling the fast core in {len(_PARTS)} parts (a part already cached loads in a second)\n")
    start = time.monotonic()
    for number, (name, run) in enumerate(_PARTS, start=1):
        out.write(f"[{number}/{len(_PARTS)}] {name} ...")
        out.flush()
        began, cpu = time.monotonic(), time.process_time()
        run()
        out.write(f" {time.monotonic() - began:.1f} s ({time.process_time() - cpu:.1f} s of CPU time)\n")
        out.flush()
    out.write(f"done in {time.monotonic() - start:.1f} s; later processes load the compiled code from the cache\n")
    out.write("(on a busy machine the time taken is longer than the CPU time: other processes have their share)\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
