"""`wizardrules serve`: tables on the web, for people on their own phones (the `server` extra).

A Starlette app: every table is a [`Table`][wizardrules.table.Table] kept in memory and in a
SQLite file; each accepted change is committed before anyone hears of it, so a server killed
at any moment resumes every table when it starts again. People join by a link per seat (and
its QR code), play in the browser over a websocket, and catch up after a dropped connection
or a reload from the index of the last update they saw. The docs' page "A table with
friends" describes the protocol and the security rules.

Needs `pip install "wizardrules[server]"` (Starlette, uvicorn, websockets, segno).
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import secrets
import socket
import time
from collections.abc import AsyncIterator, Callable, Sequence
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Final
from urllib.parse import urlsplit

import segno
import uvicorn
from attrs import frozen
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from wizardrules import svg
from wizardrules.cards import Card
from wizardrules.errors import WizardRulesError
from wizardrules.rules import Rules, Schedule
from wizardrules.table._store import Store
from wizardrules.table._table import Table
from wizardrules.wire import ErrorCode, WireError

__all__ = ["Limits", "create_app", "public_url_for", "serve"]

HELLO_FORMAT: Final = "wizardrules/hello"
"""The `format` of the first message a client sends on a websocket: its token and the last index it saw."""
LEAVE_FORMAT: Final = "wizardrules/leave"
"""The `format` of the message a person sends when they leave the table (a bot plays on for them)."""
PAD_URL: Final = "https://wizardrules.github.io/wizardrules/try-it/score-pad/"
_JSON = Any


@frozen(kw_only=True)
class Limits:
    """What the server takes from clients, and how much it keeps.

    Attributes:
        message: the longest message a client may send, in bytes.
        burst: how many messages a connection may send at once.
        per_second: how many messages a connection may send per second, on average.
        strikes: how many refused-for-rate messages close the connection.
        queue: how many documents wait for a slow client before its connection is closed.
        connections: the most connections at one table.
        tables: the most tables the server keeps.
        tick: the seconds between two looks at the timeouts.
    """

    message: int = 4096
    burst: int = 20
    per_second: float = 5.0
    strikes: int = 20
    queue: int = 512
    connections: int = 32
    tables: int = 10_000
    tick: float = 1.0


class _Client:
    """One websocket: whose it is, the last update it got, its rate bucket and its outgoing queue."""

    def __init__(self, socket: WebSocket, limits: Limits) -> None:
        self.socket = socket
        self.token: str | None = None
        self.last = -1
        self.hello = False
        self.tokens = float(limits.burst)
        self.stamp = time.monotonic()
        self.strikes = 0
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(limits.queue)
        self.limits = limits

    def allowed(self) -> bool:
        now = time.monotonic()
        self.tokens = min(float(self.limits.burst), self.tokens + (now - self.stamp) * self.limits.per_second)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.strikes += 1
        return False

    def send(self, document: dict[str, _JSON]) -> bool:
        """Queue a document; `False` when the client is too slow and must go (it catches up when it is back)."""
        try:
            self.queue.put_nowait(json.dumps(document, ensure_ascii=False, separators=(",", ":")))
        except asyncio.QueueFull:
            while not self.queue.empty():  # drop what waits: the client catches up with `since` when it is back
                self.queue.get_nowait()
            self.queue.put_nowait(None)  # and the writer closes the connection
            return False
        return True


class _Hub:
    """The tables in memory, their store and their connections; every change goes through `changed`."""

    def __init__(
        self, store: Store, limits: Limits, origins: frozenset[str], public_url: str | None, pad_url: str
    ) -> None:
        self.store = store
        self.limits = limits
        self.origins = origins
        self.public_url = public_url
        self.pad_url = pad_url
        self.tables: dict[str, Table] = {}
        self.clients: dict[str, set[_Client]] = {}
        self.broken: dict[str, str] = {}

    def load(self) -> None:
        self.tables, self.broken = self.store.load_all()

    def changed(self, table_id: str, table: Table) -> None:
        """Keep `table`: committed to disk first, then every client at the table hears what is new."""
        if table == self.tables.get(table_id):
            return
        self.store.save(table_id, table, time.time())
        self.tables[table_id] = table
        for client in list(self.clients.get(table_id, ())):
            self.update(table_id, client)

    def update(self, table_id: str, client: _Client) -> None:
        """Send `client` the updates it has not had, its view and the table document."""
        if not client.hello:
            return
        table = self.tables[table_id]
        if client.token is None:
            documents = table.public_since(client.last)
        else:
            documents = table.since(client.token, client.last)
            if table.started:
                documents.append(table.view(client.token))
        documents.append(table.info(client.token))
        for document in documents:
            if document.get("format") == "wizardrules/update":
                client.last = document["index"]
            if not client.send(document):
                return


def _error(code: ErrorCode, reason: str) -> dict[str, _JSON]:
    return WireError(code=code, reason=reason).to_dict()


def _origin_ok(hub: _Hub, origin: str | None, host: str | None) -> bool:
    """From this server's own pages or a configured origin; a client that is no browser sends no origin."""
    if origin is None:
        return True
    if origin in hub.origins:
        return True
    parts = urlsplit(origin)
    return host is not None and parts.scheme in ("http", "https") and parts.netloc == host


def _base(hub: _Hub, request: Request) -> str:
    return (hub.public_url or str(request.base_url)).rstrip("/")


@lru_cache(maxsize=1)
def _page() -> str:
    return resources.files("wizardrules.table").joinpath("_app.html").read_text(encoding="utf-8")


@lru_cache(maxsize=512)
def _card_svg(text: str) -> str:
    return svg.card(Card.parse(text), size=120)


async def _body(request: Request, limit: int) -> bytes | None:
    """The request's body, or `None` when it is longer than `limit` bytes."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            return None
    return body


def _rules(rounds: str, players: int) -> Rules:
    if rounds == "short":
        return Rules(schedule=Schedule(cards_per_round=(1, 2, 3)))
    if rounds == "half":
        return Rules(schedule=Schedule.ladder(players, rounds=max(1, 60 // players // 2)))
    return Rules()


def create_app(  # noqa: PLR0915 - the routes are closures over one hub
    path: str | Path,
    *,
    origins: Sequence[str] = (),
    public_url: str | None = None,
    pad_url: str = PAD_URL,
    limits: Limits | None = None,
    clock: Callable[[], float] = time.time,
) -> Starlette:
    """The web app of `wizardrules serve`, its tables in the SQLite file at `path`.

    Args:
        path: the SQLite file; its tables are resumed when the app starts.
        origins: more origins (`https://example.org`) whose pages may use the server; its own
            pages always may.
        public_url: the address phones reach the server at (for the join links and QR codes);
            by default the address of each request.
        pad_url: the score pad app, linked at the end of a game with the game's share code.
        limits: what the server takes from clients.
        clock: the time in seconds, passed to the tables (they read no clock).
    """
    limits = Limits() if limits is None else limits
    hub = _Hub(Store(path), limits, frozenset(origins), public_url, pad_url)

    def known(request: Request) -> tuple[str, Table] | None:
        table_id = request.path_params["table_id"]
        table = hub.tables.get(table_id)
        return None if table is None else (table_id, table)

    async def index(request: Request) -> Response:
        return HTMLResponse(_page().replace("__MODE__", "home"))

    async def create(request: Request) -> Response:
        if not _origin_ok(hub, request.headers.get("origin"), request.headers.get("host")):
            return JSONResponse(_error(ErrorCode.BAD_DOCUMENT, "this origin may not create tables"), 403)
        if len(hub.tables) >= limits.tables:
            return JSONResponse(_error(ErrorCode.TOO_FAST, "the server has as many tables as it keeps"), 503)
        body = await _body(request, limits.message)
        if body is None:
            return JSONResponse(_error(ErrorCode.TOO_LARGE, f"a request has at most {limits.message} bytes"), 413)
        form = dict(item.split("=", 1) for item in body.decode("utf-8", "replace").split("&") if "=" in item)
        try:
            players = int(form.get("players", "4"))
            bots = int(form.get("bots", "0"))
            table = Table.new(players, rules=_rules(form.get("rounds", "full"), players), seed=secrets.randbits(64))
        except (ValueError, WizardRulesError):
            return JSONResponse(_error(ErrorCode.BAD_DOCUMENT, "players must be 3..6 and bots 0..players-1"), 400)
        now = clock()
        for seat in range(players - 1, max(0, players - bots) - 1, -1):
            table, _ = table.sit_bot(seat, now=now)
        table_id = secrets.token_urlsafe(12)
        hub.changed(table_id, table)
        return RedirectResponse(f"/t/{table_id}/host", status_code=303)

    async def host(request: Request) -> Response:
        found = known(request)
        if found is None:
            return HTMLResponse("no such table", 404)
        table_id, table = found
        base = _base(hub, request)
        rows = []
        for number, seat in enumerate(table.seats):
            link = f"{base}/t/{table_id}/join/{number}"
            qr = segno.make(link, error="m").svg_inline(scale=4, dark="#000", light="#fff")
            who = html.escape(seat.name or "")
            rows.append(
                f'<li class="seat" data-seat="{number}"><b>Seat {number + 1}</b> {who} <i>{seat.status.value}</i>'
                f'<br><a href="{html.escape(link)}">{html.escape(link)}</a><div class="qr">{qr}</div></li>'
            )
        page = _page().replace("__MODE__", "host").replace("<!--HOST-->", "\n".join(rows))
        return HTMLResponse(page)

    async def play_page(request: Request) -> Response:
        if known(request) is None:
            return HTMLResponse("no such table", 404)
        return HTMLResponse(_page().replace("__MODE__", "play"))

    async def join_page(request: Request) -> Response:
        if known(request) is None:
            return HTMLResponse("no such table", 404)
        return HTMLResponse(_page().replace("__MODE__", "join"))

    async def start(request: Request) -> Response:
        found = known(request)
        if found is None:
            return JSONResponse(_error(ErrorCode.NOT_A_SEAT, "no such table"), 404)
        if not _origin_ok(hub, request.headers.get("origin"), request.headers.get("host")):
            return JSONResponse(_error(ErrorCode.BAD_DOCUMENT, "this origin may not start tables"), 403)
        table_id, table = found
        started, refused = table.start(now=clock())
        if refused is not None:
            return JSONResponse(refused, 409)
        hub.changed(table_id, started)
        return JSONResponse(started.info())

    async def sit(request: Request) -> Response:
        found = known(request)
        if found is None:
            return JSONResponse(_error(ErrorCode.NOT_A_SEAT, "no such table"), 404)
        if not _origin_ok(hub, request.headers.get("origin"), request.headers.get("host")):
            return JSONResponse(_error(ErrorCode.BAD_DOCUMENT, "this origin may not take seats"), 403)
        body = await _body(request, limits.message)
        if body is None:
            return JSONResponse(_error(ErrorCode.TOO_LARGE, f"a request has at most {limits.message} bytes"), 413)
        try:
            data = json.loads(body)
            seat, name = data["seat"], data["name"]
        except (ValueError, KeyError, TypeError):
            return JSONResponse(_error(ErrorCode.BAD_DOCUMENT, 'expected {"seat": N, "name": "..."}'), 400)
        table_id, table = found
        taken, document = table.sit(seat, name, now=clock())
        if document["format"] == "wizardrules/error":
            return JSONResponse(document, 409)
        hub.changed(table_id, taken)
        return JSONResponse(document)

    async def qr(request: Request) -> Response:
        found = known(request)
        seat = request.path_params["seat"]
        if found is None or not 0 <= seat < len(found[1].seats):
            return Response("no such seat", 404)
        link = f"{_base(hub, request)}/t/{found[0]}/join/{seat}"
        return Response(segno.make(link, error="m").svg_inline(scale=6), media_type="image/svg+xml")

    async def card(request: Request) -> Response:
        text = request.path_params["card"]
        if len(text) > 12:
            return Response("not a card", 404)
        try:
            picture = _card_svg(text)
        except WizardRulesError:
            return Response("not a card", 404)
        return Response(picture, media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=86400"})

    async def sheet(request: Request) -> Response:
        found = known(request)
        if found is None or not found[1].over or found[1].state is None:
            return JSONResponse(_error(ErrorCode.NOT_STARTED, "the game is not over"), 404)
        state = found[1].state
        code = None
        to_code = getattr(state.scoresheet, "to_code", None)
        if callable(to_code):
            code = to_code()
        pad = hub.pad_url + (f"#{code}" if isinstance(code, str) else "")
        return JSONResponse({"sheet": json.loads(state.scoresheet.to_json()), "code": code, "pad": pad})

    async def health(request: Request) -> Response:
        return JSONResponse({"tables": len(hub.tables), "broken": len(hub.broken)})

    async def socket(websocket: WebSocket) -> None:
        table_id = websocket.path_params["table_id"]
        if not _origin_ok(hub, websocket.headers.get("origin"), websocket.headers.get("host")):
            await websocket.close(code=1008)
            return
        if table_id not in hub.tables or len(hub.clients.get(table_id, ())) >= limits.connections:
            await websocket.close(code=1008)
            return
        await websocket.accept()
        client = _Client(websocket, limits)
        hub.clients.setdefault(table_id, set()).add(client)
        writer = asyncio.create_task(_write(client))
        try:
            await _read(hub, table_id, client, clock)
        except WebSocketDisconnect:
            pass
        finally:
            hub.clients.get(table_id, set()).discard(client)
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await writer

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.load()
        ticker = asyncio.create_task(_tick(hub, clock))
        try:
            yield
        finally:
            ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await ticker
            hub.store.close()

    routes = [
        Route("/", index),
        Route("/tables", create, methods=["POST"]),
        Route("/health", health),
        Route("/card/{card}.svg", card),
        Route("/t/{table_id}", play_page),
        Route("/t/{table_id}/host", host),
        Route("/t/{table_id}/join/{seat:int}", join_page),
        Route("/t/{table_id}/qr/{seat:int}.svg", qr),
        Route("/t/{table_id}/start", start, methods=["POST"]),
        Route("/t/{table_id}/sit", sit, methods=["POST"]),
        Route("/t/{table_id}/sheet", sheet),
        WebSocketRoute("/t/{table_id}/ws", socket),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hub = hub
    return app


async def _write(client: _Client) -> None:
    """Send the client's queued documents in order; `None` closes the connection."""
    while True:
        text = await client.queue.get()
        if text is None:
            await client.socket.close(code=1013)
            return
        await client.socket.send_text(text)


async def _read(hub: _Hub, table_id: str, client: _Client, clock: Callable[[], float]) -> None:
    """Take the client's messages, each bounded in size and rate, until it goes."""
    limits = hub.limits
    while True:
        text = await client.socket.receive_text()
        if not client.allowed():
            if client.strikes >= limits.strikes:
                await client.socket.close(code=1008)
                return
            client.send(_error(ErrorCode.TOO_FAST, f"at most {limits.per_second:g} messages a second"))
            continue
        if len(text.encode("utf-8")) > limits.message:
            client.send(_error(ErrorCode.TOO_LARGE, f"a message has at most {limits.message} bytes"))
            continue
        table = hub.tables[table_id]
        kind = _format_of(text)
        if kind == HELLO_FORMAT:
            _hello(hub, table_id, client, text, clock)
        elif client.token is None:
            client.send(_error(ErrorCode.UNKNOWN_TOKEN, "say hello with a seat's token first"))
        elif kind == LEAVE_FORMAT:
            left, _ = table.leave(client.token, now=clock())
            hub.changed(table_id, left)
        else:
            acted, refused = table.act(client.token, text, now=clock())
            if refused is not None:
                client.send(refused)
            else:
                hub.changed(table_id, acted)


def _format_of(text: str) -> object:
    try:
        data = json.loads(text)
    except ValueError:
        return None
    return data.get("format") if isinstance(data, dict) else None


def _hello(hub: _Hub, table_id: str, client: _Client, text: str, clock: Callable[[], float]) -> None:
    """A client says who it is (a token, or none for a spectator) and the last index it saw; it gets what it missed."""
    data = json.loads(text)
    token, since = data.get("token"), data.get("since", -1)
    if (token is not None and not isinstance(token, str)) or type(since) is not int or since < -1:
        client.send(
            _error(
                ErrorCode.BAD_DOCUMENT,
                'hello is {"format": "wizardrules/hello", "version": 1, "token": ..., "since": N}',
            )
        )
        return
    table = hub.tables[table_id]
    if token is not None and table.seat_of(token) is None:
        client.send(_error(ErrorCode.UNKNOWN_TOKEN, "this token does not act at this table"))
        return
    client.token, client.last, client.hello = token, since, True
    if token is not None:
        back, _ = table.back(token, now=clock())
        if back != table:
            hub.changed(table_id, back)
    hub.update(table_id, client)


async def _tick(hub: _Hub, clock: Callable[[], float]) -> None:
    """Every `tick` seconds: a person who did not move in time is away, and a bot moves for them."""
    while True:
        await asyncio.sleep(hub.limits.tick)
        now = clock()
        for table_id, table in list(hub.tables.items()):
            deadline = table.deadline
            if deadline is not None and deadline <= now:
                hub.changed(table_id, table.tick(now=now))


def public_url_for(host: str, port: int) -> str:
    """The address to give phones: this machine's address on the local network when listening on all of them.

    Finding it sends no packet (a UDP socket is connected, not used).
    """
    if host not in ("0.0.0.0", "::", ""):  # noqa: S104 - naming the any-address, not binding it
        return f"http://{host}:{port}"
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            address = probe.getsockname()[0]
        except OSError:
            address = "127.0.0.1"
    return f"http://{address}:{port}"


def serve(
    path: str | Path,
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    origins: Sequence[str] = (),
    public_url: str | None = None,
    pad_url: str = PAD_URL,
) -> None:
    """Run the server until it is stopped (Ctrl-C), its tables in the SQLite file at `path`."""
    limits = Limits()
    app = create_app(path, origins=origins, public_url=public_url, pad_url=pad_url, limits=limits)
    uvicorn.run(app, host=host, port=port, ws_max_size=limits.message * 4, log_level="warning")
