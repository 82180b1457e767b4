"""A `wizardrules serve` process on 127.0.0.1 and websocket players for it, for the server's tests and benchmarks."""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

SRC = Path(__file__).resolve().parent.parent / "src"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """A server process: started, killed (SIGKILL) and started again on the same SQLite file."""

    def __init__(self, db: Path, port: int | None = None) -> None:
        self.db = db
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 20.0) -> float:
        """Start the server; the seconds until it answered with every table loaded."""
        env = {**os.environ, "PYTHONPATH": str(SRC)}
        log = self.db.with_suffix(".log")
        began = time.perf_counter()
        with log.open("ab") as output:
            self.process = subprocess.Popen(  # noqa: S603 - this interpreter, fixed arguments
                [sys.executable, "-m", "wizardrules", "serve", "--port", str(self.port), "--db", str(self.db)],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=output,
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped: {log.read_text(errors='replace')[-2000:]}")
            try:
                httpx.get(f"{self.base}/health", timeout=1.0)
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
        answer: dict[str, Any] = httpx.get(f"{self.base}/health", timeout=5.0).json()
        return answer

    def create(self, players: int = 4, bots: int = 0, rounds: str = "short") -> str:
        answer = httpx.post(
            f"{self.base}/tables",
            data={"players": str(players), "bots": str(bots), "rounds": rounds},
            headers={"Origin": self.base},
            timeout=10.0,
        )
        assert answer.status_code == 303, answer.text
        return answer.headers["location"].split("/")[2]

    def sit(self, table_id: str, seat: int, name: str) -> dict[str, Any]:
        answer = httpx.post(
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
        self.socket = inner.enter_context(connect(f"ws://127.0.0.1:{self.server.port}/t/{self.table_id}/ws"))
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
def running(db: Path) -> Iterator[Server]:
    server = Server(db)
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
