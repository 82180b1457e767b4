"""`wizardrules serve` end to end on 127.0.0.1: whole games over websockets, reconnects, SIGKILL, load, limits.

Each test starts the command line's server in a process of its own on a free port and a
SQLite file of its own. Needs the `server` extra (Starlette, uvicorn, websockets, segno) and httpx.
"""

from __future__ import annotations

import contextlib
import json
import random
import time
from functools import cache
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason='needs the extra server: pip install -e ".[server]"')
pytest.importorskip("uvicorn", reason='needs the extra server: pip install -e ".[server]"')
pytest.importorskip("segno", reason='needs the extra server: pip install -e ".[server]"')
pytest.importorskip("websockets", reason='needs the extra server: pip install -e ".[server]"')
httpx = pytest.importorskip("httpx", reason="needs httpx")
jsonschema = pytest.importorskip("jsonschema", reason='needs the extra test: pip install -e ".[test]"')

from websockets.exceptions import ConnectionClosed, InvalidStatus  # noqa: E402
from websockets.sync.client import connect  # noqa: E402
from websockets.typing import Origin  # noqa: E402

from _table_server import Player, Server, play, running, seated_players  # noqa: E402
from wizardrules import wire  # noqa: E402


@cache
def _validator() -> Any:
    return jsonschema.Draft202012Validator(wire.schema())


def all_valid(players: list[Player]) -> None:
    for player in players:
        for document in player.documents:
            _validator().validate(document)


def test_four_players_play_a_whole_game_and_every_document_validates(tmp_path: Path) -> None:
    with running(tmp_path / "tables.sqlite") as server, contextlib.ExitStack() as stack:
        table_id = server.create(players=4, rounds="short")
        players = seated_players(server, table_id, stack, 4)
        assert play(players, random.Random(1), seconds=60.0), "the game ends"
        all_valid(players)
        finals = [player.view for player in players]
        assert all(view is not None and view["phase"] == "over" for view in finals)
        assert len({tuple(view["totals"]) for view in finals if view is not None}) == 1
        assert all(player.errors == [] for player in players)
        sheet = httpx.get(f"{server.base}/t/{table_id}/sheet", timeout=5.0).json()
        assert sheet["sheet"]["players"] == [f"Friend {n}" for n in range(1, 5)]
        assert sheet["pad"].startswith("https://")
        # each seat got only its own view and its own updates
        assert [player.view["seat"] for player in players if player.view] == [0, 1, 2, 3]
        assert all(update["seat"] == seat for seat, player in enumerate(players) for update in player.updates)


def test_a_client_killed_mid_game_reconnects_and_catches_up(tmp_path: Path) -> None:
    rng = random.Random(2)
    with running(tmp_path / "tables.sqlite") as server, contextlib.ExitStack() as stack:
        table_id = server.create(players=3, rounds="short")
        players = seated_players(server, table_id, stack, 3)
        play(players, rng, seconds=30.0, stop_after=4)
        gone = players[1]
        gone.drop()
        before = gone.last
        play(players, rng, seconds=2.0)  # the others play until it is the absent seat's turn
        gone.connect()
        gone.receive(timeout=2.0)
        assert gone.last > before, "it got what it missed"
        fresh = Player(server, table_id, gone.token, stack)
        fresh.connect()
        fresh.receive(timeout=2.0)
        assert gone.updates == fresh.updates, "since replays exactly what was missed, once, in order"
        assert play(players, rng, seconds=60.0)
        all_valid([*players, fresh])


def test_a_server_killed_mid_game_resumes_every_table(tmp_path: Path) -> None:
    rng = random.Random(3)
    server = Server(tmp_path / "tables.sqlite")
    server.start()
    try:
        with contextlib.ExitStack() as stack:
            tables = [server.create(players=3, rounds="short") for _ in range(3)]
            groups = [seated_players(server, table_id, stack, 3) for table_id in tables]
            for group in groups:
                play(group, rng, seconds=30.0, stop_after=5)
                for player in group:
                    player.receive(timeout=0.3)
            seen = [[player.last for player in group] for group in groups]
            server.kill()
            server.start()
            assert server.health()["tables"] == 3
            for group, lasts in zip(groups, seen, strict=True):
                for player, last in zip(group, lasts, strict=True):
                    player.connect()  # says hello with its last index
                    player.receive(timeout=2.0)
                    assert player.last >= last, "nothing acknowledged was lost"
                assert play(group, rng, seconds=60.0), "the game goes on to its end"
                all_valid(group)
    finally:
        server.stop()


def test_a_small_load_of_tables_finishes_in_time(tmp_path: Path) -> None:
    """Five tables of four websocket clients on loopback (benchmarks/bench_table.py runs fifty)."""
    rng = random.Random(4)
    with running(tmp_path / "tables.sqlite") as server, contextlib.ExitStack() as stack:
        groups = [seated_players(server, server.create(players=4, rounds="short"), stack, 4) for _ in range(5)]
        everyone = [player for group in groups for player in group]
        began = time.monotonic()
        while time.monotonic() - began < 90 and not all(player.over for player in everyone):
            play(everyone, rng, seconds=1.0)
        assert all(player.over for player in everyone)
        latencies = sorted(latency for player in everyone for latency in player.latencies)
        assert latencies
        assert latencies[int(0.99 * (len(latencies) - 1))] < 2.0


def test_the_server_refuses_strangers_foreign_origins_large_and_fast_messages(tmp_path: Path) -> None:
    with running(tmp_path / "tables.sqlite") as server, contextlib.ExitStack() as stack:
        table_id = server.create(players=3, rounds="short")
        credentials = server.sit(table_id, 0, "Ann")
        assert server.sit(table_id, 0, "Ben")["code"] == "seat_taken"
        url = f"ws://127.0.0.1:{server.port}/t/{table_id}/ws"
        # a wrong token: refused without saying whether the seat exists
        stranger = Player(server, table_id, "x" * 43, stack)
        stranger.connect()
        stranger.receive(timeout=2.0)
        assert [error["code"] for error in stranger.errors] == ["unknown_token"]
        assert stranger.view is None
        assert stranger.table is None
        # an action without a hello acts for nobody
        with connect(url) as socket:
            socket.send(json.dumps({"format": "wizardrules/action", "version": 2, "action": "bid 0"}))
            assert json.loads(socket.recv(timeout=2.0))["code"] == "unknown_token"
        # another site's page may not use the server
        with pytest.raises(InvalidStatus):
            connect(url, origin=Origin("http://evil.example"))
        refused = httpx.post(
            f"{server.base}/t/{table_id}/sit",
            json={"seat": 1, "name": "Eve"},
            headers={"Origin": "http://evil.example"},
            timeout=5.0,
        )
        assert refused.status_code == 403
        # an unknown table looks like any unknown page
        assert httpx.get(f"{server.base}/t/nope/host", timeout=5.0).status_code == 404
        # too large, then too fast
        ann = Player(server, table_id, credentials["token"], stack)
        ann.connect()
        assert ann.socket is not None
        ann.socket.send(json.dumps({"format": "wizardrules/action", "version": 2, "action": "bid 0" + " " * 5000}))
        ann.receive(timeout=2.0)
        assert "too_large" in [error["code"] for error in ann.errors]
        closed = False
        for _ in range(200):
            try:
                ann.socket.send("{}")
                ann.receive(timeout=0.001)
            except ConnectionClosed:
                closed = True
                break
        assert closed, "a client that goes on sending too fast is closed"
        assert "too_fast" in [error["code"] for error in ann.errors]
