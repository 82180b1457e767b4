"""`wizardrules serve` under load: 50 tables of 4 websocket clients on loopback, a table's memory, a restart.

Run: python benchmarks/bench_table.py [--tables 50] [--seconds 30] [--think 0.3]

Starts the command line's server (a process of its own, SQLite in a temporary folder), seats
four websocket clients (asyncio, one process) at each of `--tables` tables of whole rulebook
games, and lets every client answer its turn after a random think time (mean `--think`
seconds, as people do). For each move it measures the time from the move's send to the
moment every seat of the table has its update, and reports the median, p99 and max over
`--seconds` of play. Then it SIGKILLs the server mid-game, starts it again on the same file
and reports the time until it answers with every table loaded; and, in this process, the
memory one table of a whole 4-player game takes at its end (tracemalloc).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from _table_server import LOAD_LIMITS, Server, load
from wizardrules.table import Table


def _memory_of_a_table() -> int:
    Table.new(4, seed=2).start(now=0.0)  # the engine's and the bot's tables, built once for the first game
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    table = Table.new(4, seed=3)
    table, _ = table.start(now=0.0)  # four bots play the whole game: the longest logs
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    if not table.over:
        raise RuntimeError("the bots did not finish the game")
    return sum(stat.size_diff for stat in after.compare_to(before, "filename"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=0.3, help="mean seconds a client thinks before it moves")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "tables.sqlite", limits=LOAD_LIMITS)
        server.start()
        try:
            run = load(server, tables=args.tables, rounds="full", seconds=args.seconds, think=args.think)
            server.kill()
            restart = server.start()
            resumed = server.health()["tables"]
        finally:
            server.stop()
    latencies = run.latencies
    print(f"{args.tables} tables x 4 clients, {args.seconds:g} s, think {args.think:g} s: {run.moves} moves")
    print(
        f"move to every seat's update: median {statistics.median(latencies) * 1000:.1f} ms, "
        f"p99 {run.percentile(0.99) * 1000:.1f} ms, max {latencies[-1] * 1000:.1f} ms"
    )
    print(f"restart after SIGKILL: {resumed} tables resumed, answering after {restart:.2f} s")
    print(f"memory of one table of a whole 4-player game at its end: {_memory_of_a_table() / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
