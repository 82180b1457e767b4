"""A `wizardrules serve` process on 127.0.0.1 and websocket players for it, for the server's tests and benchmarks."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from http.cookiejar import CookieJar, DefaultCookiePolicy
from pathlib import Path
from typing import Any

import httpx
from attrs import frozen
from websockets.asyncio.client import ClientConnection as AsyncConnection
from websockets.asyncio.client import connect as async_connect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

SRC = Path(__file__).resolve().parent.parent / "src"
HTTP = httpx.Client(timeout=10.0, cookies=CookieJar(DefaultCookiePolicy(allowed_domains=[])))
"""One client for the harness's requests (a new one loads the certificates each time); it keeps no cookie."""
LOAD_LIMITS = ("creates=1000", "requests=10000", "connections=64")
"""A load makes its tables and takes its seats from one address: it needs more than a person's share."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """A server process: started, killed (SIGKILL) and started again on the same SQLite file."""

    def __init__(
        self, db: Path, port: int | None = None, limits: Sequence[str] = (), options: Sequence[str] = ()
    ) -> None:
        self.db = db
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.limits = tuple(limits)
        self.options = tuple(options)
        self.process: subprocess.Popen[bytes] | None = None
        self.hosts: dict[str, str] = {}

    def start(self, timeout: float = 20.0) -> float:
        """Start the server; the seconds until it answered with every table loaded."""
        env = {**os.environ, "PYTHONPATH": str(SRC)}
        log = self.db.with_suffix(".log")
        began = time.perf_counter()
        with log.open("ab") as output:
            self.process = subprocess.Popen(  # noqa: S603 - this interpreter, fixed arguments
                [
                    sys.executable,
                    *("-m", "wizardrules", "serve", "--port", str(self.port), "--db", str(self.db)),
                    *(f"--limit={limit}" for limit in self.limits),
                    *self.options,
                ],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=output,
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped: {log.read_text(errors='replace')[-2000:]}")
            try:
                HTTP.get(f"{self.base}/health", timeout=1.0)
                return time.perf_counter() - began
            except httpx.HTTPError:
                time.sleep(0.05)
        raise RuntimeError("the server did not answer in time")

    def kill(self) -> None:
        """SIGKILL: the process gets no chance to write anything more."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)
        self.process = None

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.process = None

    def health(self) -> dict[str, Any]:
        answer: dict[str, Any] = HTTP.get(f"{self.base}/health", timeout=5.0).json()
        return answer

    def create(self, players: int = 4, bots: int = 0, rounds: str = "short") -> str:
        """A new table's id; its host's token (the cookie) is kept in `hosts`."""
        answer = HTTP.post(
            f"{self.base}/tables",
            data={"players": str(players), "bots": str(bots), "rounds": rounds},
            headers={"Origin": self.base},
            timeout=10.0,
        )
        assert answer.status_code == 303, answer.text
        table_id = answer.headers["location"].split("/")[2]
        self.hosts[table_id] = answer.cookies["wizardrules-host"]
        return table_id

    def start_table(self, table_id: str, host: str | None = None) -> httpx.Response:
        """`POST /t/{id}/start` with the host's cookie (or `host`, another token)."""
        token = self.hosts[table_id] if host is None else host
        return HTTP.post(
            f"{self.base}/t/{table_id}/start",
            headers={"Origin": self.base, "Cookie": f"wizardrules-host={token}"},
            timeout=10.0,
        )

    def sit(self, table_id: str, seat: int, name: str) -> dict[str, Any]:
        answer = HTTP.post(
            f"{self.base}/t/{table_id}/sit",
            json={"seat": seat, "name": name},
            headers={"Origin": self.base},
            timeout=10.0,
        )
        body: dict[str, Any] = answer.json()
        return body


class Player:
    """A websocket client of one seat: it keeps every update it got and its last view."""

    def __init__(self, server: Server, table_id: str, token: str | None, stack: contextlib.ExitStack) -> None:
        self.server, self.table_id, self.token, self.stack = server, table_id, token, stack
        self.updates: list[dict[str, Any]] = []
        self.documents: list[dict[str, Any]] = []
        self.view: dict[str, Any] | None = None
        self.table: dict[str, Any] | None = None
        self.errors: list[dict[str, Any]] = []
        self.socket: ClientConnection | None = None
        self.sent_at: float | None = None
        self.latencies: list[float] = []

    @property
    def last(self) -> int:
        return self.updates[-1]["index"] if self.updates else -1

    def connect(self) -> None:
        inner = contextlib.ExitStack()
        self.socket = inner.enter_context(  # an unbounded queue: closing never waits behind unread documents
            connect(f"ws://127.0.0.1:{self.server.port}/t/{self.table_id}/ws", max_queue=None)
        )
        self.stack.callback(inner.close)
        self._inner = inner
        self.socket.send(
            json.dumps({"format": "wizardrules/hello", "version": 1, "token": self.token, "since": self.last})
        )

    def drop(self) -> None:
        """The connection is cut, without a goodbye."""
        self._inner.close()
        self.socket = None

    def receive(self, timeout: float = 0.0) -> int:
        """Take what arrived (waiting up to `timeout` for the first); how many documents."""
        count = 0
        assert self.socket is not None
        with contextlib.suppress(TimeoutError):
            while True:
                text = self.socket.recv(timeout=timeout if count == 0 else min(timeout, 0.1))
                self.take(json.loads(text))
                count += 1
        return count

    def take(self, document: dict[str, Any]) -> None:
        self.documents.append(document)
        kind = document["format"]
        if kind == "wizardrules/update":
            assert document["index"] == self.last + 1, "updates come once each, in order"
            self.updates.append(document)
        elif kind == "wizardrules/view":
            self.view = document
            if self.sent_at is not None:
                self.latencies.append(time.perf_counter() - self.sent_at)
                self.sent_at = None
        elif kind == "wizardrules/table":
            self.table = document
        elif kind == "wizardrules/error":
            self.errors.append(document)

    def my_turn(self) -> bool:
        view = self.view
        return (
            view is not None
            and view["to_move"] == view["seat"]
            and bool(view["legal_actions"])
            and self.sent_at is None
        )

    def act(self, rng: random.Random) -> None:
        assert self.view is not None
        assert self.socket is not None
        action = rng.choice(self.view["legal_actions"])
        self.sent_at = time.perf_counter()
        self.view = None
        self.socket.send(json.dumps({"format": "wizardrules/action", "version": 2, "action": action}))

    @property
    def over(self) -> bool:
        return self.table is not None and bool(self.table["over"])


@contextlib.contextmanager
def running(db: Path, limits: Sequence[str] = (), options: Sequence[str] = ()) -> Iterator[Server]:
    server = Server(db, limits=limits, options=options)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def seated_players(server: Server, table_id: str, stack: contextlib.ExitStack, people: int) -> list[Player]:
    players = []
    for seat in range(people):
        credentials = server.sit(table_id, seat, f"Friend {seat + 1}")
        assert credentials["format"] == "wizardrules/seat", credentials
        player = Player(server, table_id, credentials["token"], stack)
        player.connect()
        players.append(player)
    return players


def play(players: list[Player], rng: random.Random, *, seconds: float, stop_after: int | None = None) -> bool:
    """Every player moves when it is its turn, until the game is over (or `stop_after` moves); whether it is over."""
    deadline = time.monotonic() + seconds
    moves = 0
    while time.monotonic() < deadline:
        for player in players:
            if player.socket is None:
                continue
            player.receive(timeout=0.002)
            if player.my_turn():
                player.act(rng)
                moves += 1
                if stop_after is not None and moves >= stop_after:
                    return False
        if all(player.over for player in players if player.socket is not None):
            return True
    return False


class LoadSeat:
    """One seat of a load: its token, the last update it got, and when each update arrived."""

    def __init__(self, token: str) -> None:
        self.token = token
        self.last = -1
        self.over = False
        self.arrived: dict[int, float] = {}


@frozen(kw_only=True)
class LoadRun:
    """What a load measured.

    Attributes:
        latencies: for each move, the seconds from its send until every seat of its table had
            its update, sorted.
        moves: the moves sent.
        finished: the tables whose game ended.
        seconds: the seconds of play.
        missing: updates some seat of a table never got.
    """

    latencies: tuple[float, ...]
    moves: int
    finished: int
    seconds: float
    missing: int

    def percentile(self, share: float) -> float:
        return self.latencies[int(share * (len(self.latencies) - 1))]


async def _load_client(  # noqa: PLR0917 - one client's whole setting
    port: int, table_id: str, seat: LoadSeat, sent: dict[int, float], stop: float, think: float, rng: random.Random
) -> None:
    async with async_connect(f"ws://127.0.0.1:{port}/t/{table_id}/ws", max_size=2**22) as socket:
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
                if document["to_move"] == document["seat"] and document["legal_actions"]:
                    asyncio.get_running_loop().create_task(_answer(socket, seat, document, sent, think, rng))
            elif kind == "wizardrules/table" and document["over"]:
                seat.over = True
                return


async def _answer(  # noqa: PLR0917 - one answer's whole setting
    socket: AsyncConnection,
    seat: LoadSeat,
    view: dict[str, Any],
    sent: dict[int, float],
    think: float,
    rng: random.Random,
) -> None:
    await asyncio.sleep(rng.expovariate(1 / think) if think > 0 else 0)
    action = rng.choice(view["legal_actions"])
    sent[seat.last + 1] = time.perf_counter()
    with contextlib.suppress(ConnectionClosed):  # the run's time is up
        await socket.send(json.dumps({"format": "wizardrules/action", "version": 2, "action": action}))


async def _load(  # noqa: PLR0917 - the load's whole setting
    server: Server, tables: int, rounds: str, seconds: float, think: float, seed: int
) -> LoadRun:
    rng = random.Random(seed)
    groups: list[tuple[str, list[LoadSeat], dict[int, float]]] = []
    async with httpx.AsyncClient(timeout=30.0) as http:
        for _ in range(tables):
            answer = await http.post(
                f"{server.base}/tables", data={"players": "4", "rounds": rounds}, headers={"Origin": server.base}
            )
            assert answer.status_code == 303, answer.text
            table_id = answer.headers["location"].split("/")[2]
            seats = []
            for number in range(4):
                credentials = await http.post(
                    f"{server.base}/t/{table_id}/sit",
                    json={"seat": number, "name": f"P{number}"},
                    headers={"Origin": server.base},
                )
                seats.append(LoadSeat(credentials.json()["token"]))
            groups.append((table_id, seats, {}))
    began = time.monotonic()
    stop = began + seconds
    await asyncio.gather(
        *(
            _load_client(server.port, table_id, seat, sent, stop, think, rng)
            for table_id, seats, sent in groups
            for seat in seats
        )
    )
    played = time.monotonic() - began
    latencies = []
    missing = 0
    for _table_id, seats, sent in groups:
        last = min(seat.last for seat in seats)
        for index, sent_at in sent.items():
            if all(index in seat.arrived for seat in seats):
                latencies.append(max(seat.arrived[index] for seat in seats) - sent_at)
        missing += sum(1 for seat in seats for index in range(last + 1) if index not in seat.arrived)
    return LoadRun(
        latencies=tuple(sorted(latencies)),
        moves=sum(len(sent) for _table_id, _seats, sent in groups),
        finished=sum(all(seat.over for seat in seats) for _table_id, seats, _sent in groups),
        seconds=played,
        missing=missing,
    )


def load(server: Server, *, tables: int, rounds: str, seconds: float, think: float, seed: int = 1) -> LoadRun:
    """Seat four websocket clients (asyncio, this process) at each of `tables` new tables and let them play.

    Each client answers its turn after a random think time (mean `think` seconds) with a
    random legal action, until its game is over or `seconds` have passed. The server must
    take `LOAD_LIMITS` (one address makes every table).
    """
    return asyncio.run(_load(server, tables, rounds, seconds, think, seed))
