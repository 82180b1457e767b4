"""`wizardrules serve` end to end on 127.0.0.1: whole games over websockets, reconnects, SIGKILL, load, limits.

Each test starts the command line's server in a process of its own on a free port and a
SQLite file of its own. Needs the `server` extra (Starlette, uvicorn, websockets, segno) and the `test` extra's httpx.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import json
import os
import random
import sqlite3
import time
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason='needs the extra server: pip install -e ".[server]"')
pytest.importorskip("uvicorn", reason='needs the extra server: pip install -e ".[server]"')
pytest.importorskip("segno", reason='needs the extra server: pip install -e ".[server]"')
pytest.importorskip("websockets", reason='needs the extra server: pip install -e ".[server]"')
httpx = pytest.importorskip("httpx", reason='needs the extra test: pip install -e ".[test]"')
jsonschema = pytest.importorskip("jsonschema", reason='needs the extra test: pip install -e ".[test]"')

from websockets.exceptions import ConnectionClosed, InvalidStatus  # noqa: E402
from websockets.sync.client import connect  # noqa: E402
from websockets.typing import Origin  # noqa: E402

from _table_server import LOAD_LIMITS, Player, Server, load, play, running, seated_players  # noqa: E402
from wizardrules import ScoreSheet, wire  # noqa: E402
from wizardrules.cli import main  # noqa: E402


@cache
def _validator() -> Any:
    return jsonschema.Draft202012Validator(wire.schema())


def all_valid(players: list[Player]) -> None:
    for player in players:
        for document in player.documents:
            _validator().validate(document)


def _built_site(folder: Path) -> Path:
    """A site with the score pad app's page and its runtime's config, as `mkdocs build` makes them."""
    (folder / "app" / "pad").mkdir(parents=True)
    (folder / "app" / "pad" / "index.html").write_text("<!doctype html><title>Score pad</title>", encoding="utf-8")
    (folder / "tryit").mkdir()
    (folder / "tryit" / "config.json").write_text("{}", encoding="utf-8")
    return folder


def test_four_players_play_a_whole_game_and_every_document_validates(tmp_path: Path) -> None:
    """A whole game; at its end the score pad link carries the game's share code, to this server's copy (--site)."""
    site = _built_site(tmp_path / "site")
    with running(tmp_path / "tables.sqlite", options=["--site", str(site)]) as server, contextlib.ExitStack() as stack:
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
        played = ScoreSheet.from_json(json.dumps(sheet["sheet"]))
        assert played.is_over
        assert ScoreSheet.from_code(sheet["code"]) == played
        assert sheet["pad"] == f"{server.base}/app/pad/#{sheet['code']}"
        assert httpx.get(f"{server.base}/app/pad/", timeout=5.0).text.startswith("<!doctype html><title>Score pad")
        assert httpx.get(f"{server.base}/tryit/config.json", timeout=5.0).json() == {}
        assert httpx.get(f"{server.base}/app/../tables.sqlite", timeout=5.0).status_code == 404
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


def test_fifty_tables_of_four_websocket_clients_play_whole_games_in_bounded_time(tmp_path: Path) -> None:
    """The issue's load on loopback: 50 tables of 4 clients, each thinking 0.3 s on average, short games.

    The bounds are generous for a shared machine; `benchmarks/bench_table.py` measures the
    figures of the docs (whole games, p99 at most 50 ms).
    """
    server = Server(tmp_path / "tables.sqlite", limits=LOAD_LIMITS)
    server.start()
    try:
        run = load(server, tables=50, rounds="short", seconds=50.0, think=0.3)
        assert server.health()["tables"] == 50
    finally:
        server.stop()
    assert run.finished == 50, "every game ends"
    assert run.missing == 0, "every seat got every update"
    assert run.moves >= 50 * 36, "each short game of four has at least 36 moves"
    assert run.seconds < 50.0
    assert run.percentile(0.99) < 2.0, f"p99 from a move to every seat's update: {run.percentile(0.99):.3f} s"


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


def _statuses(player: Player) -> list[str]:
    assert player.table is not None
    return [seat["status"] for seat in player.table["seats"]]


def test_a_bot_fills_an_empty_seat_when_the_host_starts_and_one_asked_for_on_the_form(tmp_path: Path) -> None:
    rng = random.Random(5)
    with running(tmp_path / "tables.sqlite") as server, contextlib.ExitStack() as stack:
        # the host starts with a seat open: a bot takes it and plays the whole game
        table_id = server.create(players=3, rounds="short")
        players = seated_players(server, table_id, stack, 2)
        for player in players:
            player.receive(timeout=1.0)
        assert _statuses(players[0]) == ["person", "person", "open"]
        answer = server.start_table(table_id)
        assert answer.status_code == 200, answer.text
        assert [seat["status"] for seat in answer.json()["seats"]] == ["person", "person", "bot"]
        assert play(players, rng, seconds=60.0), "the game ends, the bot playing its seat"
        assert _statuses(players[0]) == ["person", "person", "bot"]
        bot_moves = [
            event
            for update in players[0].updates
            for event in update["events"]
            if event.get("seat") == 2 and event["type"] in ("BidMade", "CardPlayed")
        ]
        assert len(bot_moves) == 3 + 6, "the bot bid in each of the three rounds and played each of its cards"
        all_valid(players)
        # a bot asked for on the form sits down at once: the game starts when the people are seated
        with_bot = server.create(players=3, bots=1, rounds="short")
        people = seated_players(server, with_bot, stack, 2)
        assert play(people, rng, seconds=60.0)
        assert _statuses(people[1]) == ["person", "person", "bot"]


def test_a_person_who_does_not_answer_in_time_is_played_by_a_bot_and_gets_the_seat_back(tmp_path: Path) -> None:
    rng = random.Random(6)
    server = Server(tmp_path / "tables.sqlite", limits=("turn=1", "tick=0.1"))
    server.start()
    try:
        with contextlib.ExitStack() as stack:
            table_id = server.create(players=3, rounds="short")
            players = seated_players(server, table_id, stack, 3)
            slow, others = players[1], [players[0], players[2]]
            # the others answer; the slow one does not, until its seat is away
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline and (slow.table is None or _statuses(slow)[1] != "away"):
                play(others, rng, seconds=0.2)
                slow.receive(timeout=0.05)
            assert _statuses(slow)[1] == "away", "a person who did not move in time is away"
            assert slow.view is not None
            assert slow.view["to_move"] != 1, "the bot moved for them"
            moved_for_them = [
                update["index"] for update in slow.updates for event in update["events"] if event.get("seat") == 1
            ]
            assert moved_for_them, "the updates show the bot's move for seat 1"
            # they come back (a hello again, as the table app's button sends): the seat is theirs
            assert slow.socket is not None
            slow.socket.send(
                json.dumps({"format": "wizardrules/hello", "version": 1, "token": slow.token, "since": slow.last})
            )
            slow.receive(timeout=1.0)
            assert _statuses(slow)[1] == "person"
            assert play(players, rng, seconds=60.0), "the game goes on with all three, to its end"
            assert slow.errors == []
            all_valid(players)
    finally:
        server.stop()


def test_the_host_token_starts_the_game_and_opens_the_host_page(tmp_path: Path) -> None:
    with running(tmp_path / "tables.sqlite") as server:
        table_id = server.create(players=3, rounds="short")
        host = server.hosts[table_id]
        assert len(host) == 43
        for token in ("", "x" * 43, host[:-1] + ("A" if host[-1] != "A" else "B")):
            refused = server.start_table(table_id, host=token)
            assert refused.status_code == 403
            assert refused.json()["code"] == "unknown_token"
        page = httpx.get(f"{server.base}/t/{table_id}/host", timeout=5.0)
        assert page.status_code == 403
        assert "/join/" not in page.text, "no seat's link for a guest"
        assert httpx.get(f"{server.base}/t/{table_id}/qr/0.svg", timeout=5.0).status_code == 404
        cookies = {"wizardrules-host": host}
        page = httpx.get(f"{server.base}/t/{table_id}/host", cookies=cookies, timeout=5.0)
        assert page.status_code == 200
        assert page.text.count(f"/t/{table_id}/join/") == 2 * 3, "each seat's link, as text and as href"
        qr = httpx.get(f"{server.base}/t/{table_id}/qr/1.svg", cookies=cookies, timeout=5.0)
        assert qr.status_code == 200
        assert qr.headers["content-type"].startswith("image/svg+xml")
        assert server.start_table(table_id).status_code == 200
        assert server.start_table(table_id).json()["code"] == "started"


_BAD_FORMS: list[dict[str, str]] = [
    {"players": "4", "bots": "-5"},
    {"players": "4", "bots": "4"},
    {"players": "3", "bots": "9"},
    {"players": "7"},
    {"players": "2"},
    {"players": "four"},
    {"players": "4", "rounds": "long"},
    {"players": "\u0664"},  # an Arabic-Indic four: the digits are ASCII
]


def test_a_table_is_refused_for_a_form_out_of_range(tmp_path: Path) -> None:
    with running(tmp_path / "tables.sqlite", limits=(f"creates={len(_BAD_FORMS)}",)) as server:
        for form in _BAD_FORMS:
            answer = httpx.post(f"{server.base}/tables", data=form, headers={"Origin": server.base}, timeout=5.0)
            assert answer.status_code == 400, form
            assert answer.json()["code"] == "bad_document"
        assert server.health()["tables"] == 0


def test_a_binary_message_is_refused_with_an_error_document_and_the_connection_goes_on(tmp_path: Path) -> None:
    with running(tmp_path / "tables.sqlite") as server, contextlib.ExitStack() as stack:
        table_id = server.create(players=3, bots=2, rounds="short")
        (ann,) = seated_players(server, table_id, stack, 1)
        ann.receive(timeout=1.0)
        assert ann.socket is not None
        for frame in (b"\x00\xff", json.dumps({"format": "wizardrules/action", "version": 2}).encode()):
            ann.socket.send(frame)
            ann.receive(timeout=1.0)
            assert ann.errors[-1]["code"] == "bad_document"
            assert ann.errors[-1]["reason"] == "a message is JSON text, not binary"
            assert ann.errors[-1]["reason_de"]
        assert ann.view is not None
        action = ann.view["legal_actions"][0]
        ann.socket.send(json.dumps({"format": "wizardrules/action", "version": 2, "action": action}))
        assert ann.receive(timeout=1.0) > 0, "the connection goes on"
        assert len(ann.errors) == 2
        log = server.db.with_suffix(".log").read_text()
        assert "Traceback" not in log


def test_making_tables_and_taking_seats_is_bounded_per_address(tmp_path: Path) -> None:
    with running(tmp_path / "tables.sqlite") as server:
        made = [server.create(players=3, rounds="short") for _ in range(5)]
        refused = httpx.post(f"{server.base}/tables", data={"players": "3"}, timeout=5.0)
        assert refused.status_code == 429
        assert refused.json()["code"] == "too_fast"
        assert int(refused.headers["retry-after"]) >= 1
        assert server.health()["tables"] == 5
        answers = [server.sit(made[0], 7, f"N{n}") for n in range(20)]  # refused seats count too
        assert {answer["code"] for answer in answers} == {"not_a_seat"}
        limited = httpx.post(f"{server.base}/t/{made[0]}/sit", json={"seat": 0, "name": "Ann"}, timeout=5.0)
        assert limited.status_code == 429
        assert limited.json()["code"] == "too_fast"
        assert server.start_table(made[1]).status_code == 429


def test_finished_and_idle_tables_are_deleted_after_their_time(tmp_path: Path) -> None:
    rng = random.Random(8)
    limits = ("keep_finished=1", "keep_idle=8", "tick=0.1")
    server = Server(tmp_path / "tables.sqlite", limits=limits)
    server.start()
    try:
        idle = server.create(players=3, rounds="short")
        with contextlib.ExitStack() as stack:
            finished = server.create(players=3, bots=2, rounds="short")
            (ann,) = seated_players(server, finished, stack, 1)
            assert play([ann], rng, seconds=30.0)
            over_at = time.monotonic()
            assert httpx.get(f"{server.base}/t/{finished}/sheet", timeout=5.0).status_code == 200
            deadline = over_at + 10
            while time.monotonic() < deadline and server.health()["tables"] == 2:
                time.sleep(0.1)
            assert server.health()["tables"] == 1, "the finished table is deleted"
            assert time.monotonic() - over_at >= 0.8
            assert httpx.get(f"{server.base}/t/{finished}", timeout=5.0).status_code == 404
            with pytest.raises(ConnectionClosed):  # its connection is closed
                ann.receive(timeout=1.0)
            assert httpx.get(f"{server.base}/t/{idle}", timeout=5.0).status_code == 200, "the idle one is kept longer"
        server.kill()
        server.start()
        assert server.health()["tables"] == 1, "the finished table is gone from the file too"
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and server.health()["tables"] == 1:
            time.sleep(0.2)
        assert server.health()["tables"] == 0, "the idle table is deleted after its longer time"
    finally:
        server.stop()


def test_serve_refuses_a_path_that_is_no_tables_file_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--db /dev/zero` and the like are one line of error and exit code 2, never a traceback."""

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    text = tmp_path / "notes.txt"
    text.write_text("not a database\n", encoding="utf-8")
    other = tmp_path / "other.sqlite"
    with contextlib.closing(sqlite3.connect(other)) as connection:
        connection.execute("CREATE TABLE tables (name TEXT)")
        connection.commit()
    damaged = tmp_path / "damaged.sqlite"
    damaged.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
    dangling = tmp_path / "dangling.sqlite"
    dangling.symlink_to(tmp_path / "nowhere" / "x.sqlite")
    cases = {
        "/dev/zero": "not a regular file",
        str(tmp_path): "not a regular file",
        str(fifo): "not a regular file",
        str(text): "not a SQLite database",
        str(other): "are not tables of wizardrules serve",
        str(damaged): "tables file",
        str(dangling): "a link to nothing",
        str(tmp_path / "no" / "such" / "x.sqlite"): "does not exist",
    }
    for path, reason in cases.items():
        assert main(["serve", "--port", "1", "--db", path]) == 2, path
        err = capsys.readouterr().err
        assert err.count("\n") == 1, err
        assert err.startswith("wizardrules serve: error: tables file ")
        assert reason in err, err
        assert "Traceback" not in err
    assert main(["serve", "--db", str(text), "--limit", "turn=0"]) == 2
    assert "limit 'turn=0': must be a number above 0 up to 86400" in capsys.readouterr().err


def test_two_people_sitting_down_at_once_both_keep_their_seats(tmp_path: Path) -> None:
    """A seat request whose body is slow to come is judged against the table as it is when the body is in."""
    with running(tmp_path / "tables.sqlite") as server, contextlib.ExitStack() as stack:
        table_id = server.create(players=3, rounds="short")
        body = json.dumps({"seat": 0, "name": "Ann"}).encode()

        def slowly() -> Iterator[bytes]:
            yield body[:5]
            time.sleep(1.0)  # Ben sits down meanwhile
            yield body[5:]

        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            ann = pool.submit(
                httpx.post,
                f"{server.base}/t/{table_id}/sit",
                content=slowly(),
                headers={"Content-Type": "application/json"},
                timeout=10.0,
            )
            time.sleep(0.3)
            assert server.sit(table_id, 1, "Ben")["format"] == "wizardrules/seat"
            assert ann.result().json()["format"] == "wizardrules/seat"
        watcher = Player(server, table_id, None, stack)
        watcher.connect()
        watcher.receive(timeout=1.0)
        assert watcher.table is not None
        assert [seat["name"] for seat in watcher.table["seats"]] == ["Ann", "Ben", None]


def test_serve_refuses_a_site_without_the_score_pad(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--site` names a built site with the apps in it; anything else is one line of error, in German too."""
    (tmp_path / "empty").mkdir()
    for lang, word in (("en", "no built score pad app"), ("de", "kein gebauter Spielblock")):
        code = main(["--lang", lang, "serve", "--db", str(tmp_path / "t.sqlite"), "--site", str(tmp_path / "empty")])
        assert code == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1
        assert word in err
