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
import asyncio
import contextlib
import json
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from _table_server import Server
from wizardrules.table import Table


class _Seat:
    def __init__(self, token: str) -> None:
        self.token = token
        self.last = -1
        self.view: dict[str, Any] | None = None
        self.arrived: dict[int, float] = {}


async def _client(  # noqa: PLR0917 - one client's whole setting
    port: int, table_id: str, seat: _Seat, sent: dict[int, float], stop: float, think: float, rng: random.Random
) -> None:
    async with connect(f"ws://127.0.0.1:{port}/t/{table_id}/ws", max_size=2**22) as socket:
        await socket.send(json.dumps({"format": "wizardrules/hello", "version": 1, "token": seat.token, "since": -1}))
        while time.monotonic() < stop:
            try:
                text = await asyncio.wait_for(socket.recv(), timeout=max(0.01, stop - time.monotonic()))
            except TimeoutError:
                return
            document = json.loads(text)
            kind = document["format"]
            if kind == "wizardrules/update":
                seat.last = document["index"]
                seat.arrived[seat.last] = time.perf_counter()
            elif kind == "wizardrules/view":
                seat.view = document
                if document["to_move"] == document["seat"] and document["legal_actions"]:
                    asyncio.get_running_loop().create_task(_answer(socket, seat, document, sent, think, rng))


async def _answer(  # noqa: PLR0917 - one answer's whole setting
    socket: ClientConnection,
    seat: _Seat,
    view: dict[str, Any],
    sent: dict[int, float],
    think: float,
    rng: random.Random,
) -> None:
    await asyncio.sleep(rng.expovariate(1 / think) if think > 0 else 0)
    action = rng.choice(view["legal_actions"])
    sent[seat.last + 1] = time.perf_counter()
    with contextlib.suppress(ConnectionClosed):  # the run's time is up
        await socket.send(json.dumps({"format": "wizardrules/action", "version": 1, "action": action}))


async def _play(server: Server, tables: int, seconds: float, think: float) -> list[float]:
    rng = random.Random(1)
    groups = []
    async with httpx.AsyncClient(timeout=30.0) as http:
        for _ in range(tables):
            answer = await http.post(
                f"{server.base}/tables", data={"players": "4", "rounds": "full"}, headers={"Origin": server.base}
            )
            table_id = answer.headers["location"].split("/")[2]
            seats = []
            for number in range(4):
                credentials = await http.post(
                    f"{server.base}/t/{table_id}/sit",
                    json={"seat": number, "name": f"P{number}"},
                    headers={"Origin": server.base},
                )
                seats.append(_Seat(credentials.json()["token"]))
            groups.append((table_id, seats, {}))
    stop = time.monotonic() + seconds
    await asyncio.gather(
        *(
            _client(server.port, table_id, seat, sent, stop, think, rng)
            for table_id, seats, sent in groups
            for seat in seats
        )
    )
    latencies = []
    for _table_id, seats, sent in groups:
        for index, began in sent.items():
            if all(index in seat.arrived for seat in seats):
                latencies.append(max(seat.arrived[index] for seat in seats) - began)
    return latencies


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
        server = Server(Path(folder) / "tables.sqlite")
        server.start()
        try:
            latencies = sorted(asyncio.run(_play(server, args.tables, args.seconds, args.think)))
            server.kill()
            restart = server.start()
            resumed = server.health()["tables"]
        finally:
            server.stop()
    p99 = latencies[int(0.99 * (len(latencies) - 1))]
    print(f"{args.tables} tables x 4 clients, {args.seconds:g} s, think {args.think:g} s: {len(latencies)} moves")
    print(
        f"move to every seat's update: median {statistics.median(latencies) * 1000:.1f} ms, "
        f"p99 {p99 * 1000:.1f} ms, max {latencies[-1] * 1000:.1f} ms"
    )
    print(f"restart after SIGKILL: {resumed} tables resumed, answering after {restart:.2f} s")
    print(f"memory of one table of a whole 4-player game at its end: {_memory_of_a_table() / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
