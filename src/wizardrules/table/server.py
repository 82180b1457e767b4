"""`wizardrules serve`: tables on the web, for people on their own phones (the `server` extra).

A Starlette app: every table is a [`Table`][wizardrules.table.Table] kept in memory and in a
SQLite file; each accepted change is committed before anyone hears of it, so a server killed
at any moment resumes every table when it starts again. People join by a link per seat (and
its QR code), play in the browser over a websocket, and catch up after a dropped connection
or a reload from the index of the last update they saw. The docs' page "A table with
friends" describes the protocol, the security rules and the limits.

Needs `pip install "wizardrules[server]"` (Starlette, uvicorn, websockets, segno).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import html
import json
import math
import secrets
import socket
import time
from collections.abc import AsyncIterator, Callable, Sequence
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Final
from urllib.parse import parse_qsl, urlsplit

import segno
import uvicorn
from attrs import evolve, fields, frozen
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from wizardrules import svg
from wizardrules.cards import Card, Language
from wizardrules.errors import FormatError, WizardRulesError
from wizardrules.rules import Rules, Schedule
from wizardrules.table._store import Store
from wizardrules.table._table import MAX_TIMEOUT, Table, token_hash
from wizardrules.wire import ErrorCode, WireError
from wizardrules.wire._table import MAX_TOKEN

__all__ = ["HOST_COOKIE", "PAD_URL", "Limits", "check_database", "check_site", "create_app", "public_url_for", "serve"]

HELLO_FORMAT: Final = "wizardrules/hello"
"""The `format` of the first message a client sends on a websocket: its token and the last index it saw."""
LEAVE_FORMAT: Final = "wizardrules/leave"
"""The `format` of the message a person sends when they leave the table (a bot plays on for them)."""
HOST_COOKIE: Final = "wizardrules-host"
"""The cookie of the host's token: set for whoever makes a table, it opens the host page and starts the game."""
PAD_URL: Final = "https://wizardrules.github.io/wizardrules/app/pad/"
"""The score pad app linked at the end of a game: the published site's, unless `site` serves one here."""
_JSON = Any
_ROUNDS: Final = ("short", "half", "full")


@frozen(kw_only=True)
class Limits:
    """What the server takes from clients, how much it keeps, and for how long.

    `wizardrules serve --limit NAME=VALUE` sets any of them (see
    [`Limits.parse`][wizardrules.table.server.Limits.parse]). Counts are whole numbers from 1,
    rates and times numbers above 0 (seconds unless the name says otherwise).

    Attributes:
        message: the longest message a client may send, in bytes (a request's body too).
        burst: how many messages a connection may send at once.
        per_second: how many messages a connection may send per second, on average.
        strikes: how many refused-for-rate messages close the connection.
        queue: how many documents wait for a slow client before its connection is closed.
        connections: the most connections at one table.
        tables: the most tables the server keeps.
        creates: how many tables one address may make at once.
        creates_per_hour: how many tables one address may make per hour, on average.
        requests: how many seat and start requests one address may make at once.
        requests_per_minute: how many seat and start requests one address may make per minute, on average.
        addresses: the most addresses whose request rates are kept; beyond them requests
            are refused until some address has been quiet long enough to be forgotten.
        turn: the seconds a person has for a move before a bot plays their seat (at most a day).
        keep_finished: the seconds a finished game is kept after its last move (then it is deleted).
        keep_idle: the seconds a table where nothing happens is kept (then it is deleted).
        tick: the seconds between two looks at the timeouts and the tables to delete.
    """

    message: int = 4096
    burst: int = 20
    per_second: float = 5.0
    strikes: int = 20
    queue: int = 512
    connections: int = 32
    tables: int = 10_000
    creates: int = 5
    creates_per_hour: float = 20.0
    requests: int = 20
    requests_per_minute: float = 30.0
    addresses: int = 10_000
    turn: float = 60.0
    keep_finished: float = 6 * 3600.0
    keep_idle: float = 24 * 3600.0
    tick: float = 1.0

    def __attrs_post_init__(self) -> None:
        for item in fields(Limits):
            value = getattr(self, item.name)
            problem = _problem(item.name, item.type in (int, "int"), value)
            if problem is not None:
                raise FormatError(f"limit {item.name} {value!r:.40}: {problem}")

    @classmethod
    def parse(cls, items: Sequence[str], base: Limits | None = None) -> Limits:
        """`base` (the defaults) with each `NAME=VALUE` of `items` set, as `--limit` gives them.

        Raises:
            FormatError: an item is not `NAME=VALUE`, names no limit, or its value is not one
                the limit takes.

        Examples:
            >>> Limits.parse(["keep_finished=600", "turn=30"]).keep_finished
            600.0
            >>> Limits.parse(["tabels=5"])
            Traceback (most recent call last):
            ...
            wizardrules.errors.FormatError: limit 'tabels=5': no limit is named 'tabels' (see Limits)
        """
        limits = cls() if base is None else base
        kinds = {item.name: item.type for item in fields(Limits)}
        changes: dict[str, Any] = {}
        for text in items:
            name, equals, value = str(text).partition("=")
            name = name.strip()
            if not equals:
                raise FormatError(f"limit {text!r:.60}: expected NAME=VALUE")
            if name not in kinds:
                raise FormatError(f"limit {text!r:.60}: no limit is named {name!r:.40} (see Limits)")
            whole = kinds[name] in (int, "int")
            number: int | float | None
            try:
                number = int(value) if whole else float(value)
            except ValueError:
                number = None
            problem = _problem(name, whole, number)
            if problem is not None:
                raise FormatError(f"limit {text!r:.60}: {problem}")
            changes[name] = number
        return evolve(limits, **changes)


def _problem(name: str, whole: bool, value: object) -> str | None:
    """Why `value` cannot be the limit `name`, or `None`."""
    if whole:
        return None if type(value) is int and value >= 1 else "must be a whole number from 1"
    most = MAX_TIMEOUT if name == "turn" else math.inf
    if isinstance(value, (int, float)) and type(value) is not bool and 0 < value <= most and math.isfinite(value):
        return None
    return "must be a number above 0" + (f" up to {MAX_TIMEOUT:g}" if name == "turn" else "")


class _Buckets:
    """A token bucket per address: `burst` at once, `rate` per second on average, at most `most` addresses."""

    def __init__(self, burst: int, rate: float, most: int) -> None:
        self.burst, self.rate, self.most = float(burst), rate, most
        self.buckets: dict[str, tuple[float, float]] = {}

    def take(self, address: str) -> bool:
        """Whether `address` may make one more request now (and count it)."""
        now = time.monotonic()
        if address not in self.buckets and len(self.buckets) >= self.most:
            self.prune()
            if len(self.buckets) >= self.most:
                return False
        tokens, stamp = self.buckets.get(address, (self.burst, now))
        tokens = min(self.burst, tokens + (now - stamp) * self.rate)
        if tokens < 1:
            self.buckets[address] = (tokens, now)
            return False
        self.buckets[address] = (tokens - 1, now)
        return True

    def prune(self) -> None:
        """Forget the addresses whose bucket is full again: they are as if they had never asked."""
        now = time.monotonic()
        self.buckets = {
            address: (tokens, stamp)
            for address, (tokens, stamp) in self.buckets.items()
            if tokens + (now - stamp) * self.rate < self.burst
        }


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
            self.close()
            return False
        return True

    def close(self) -> None:
        """Drop what waits and close the connection (the client catches up with `since` when it is back)."""
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait(None)  # the writer closes the connection


class _Hub:
    """The tables in memory, their store and their connections; every change goes through `changed`."""

    def __init__(  # noqa: PLR0917 - the server's whole setting
        self,
        store: Store,
        limits: Limits,
        origins: frozenset[str],
        public_url: str | None,
        pad_url: str,
        clock: Callable[[], float],
    ) -> None:
        self.store = store
        self.limits = limits
        self.origins = origins
        self.public_url = public_url
        self.pad_url = pad_url
        self.clock = clock
        self.tables: dict[str, Table] = {}
        self.touched: dict[str, float] = {}
        self.hosts: dict[str, str | None] = {}
        self.clients: dict[str, set[_Client]] = {}
        self.broken: dict[str, str] = {}
        self.creates = _Buckets(limits.creates, limits.creates_per_hour / 3600, limits.addresses)
        self.requests = _Buckets(limits.requests, limits.requests_per_minute / 60, limits.addresses)

    def load(self) -> None:
        rows, self.broken = self.store.load_all()
        self.tables = {table_id: row.table for table_id, row in rows.items()}
        self.touched = {table_id: row.updated for table_id, row in rows.items()}
        self.hosts = {table_id: row.host for table_id, row in rows.items()}

    def changed(self, table_id: str, table: Table, host: str | None = None) -> None:
        """Keep `table`: committed to disk first, then every client at the table hears what is new."""
        if table == self.tables.get(table_id):
            return
        now = self.clock()
        self.store.save(table_id, table, now, host)
        self.tables[table_id] = table
        self.touched[table_id] = now
        if host is not None:
            self.hosts[table_id] = host
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

    def is_host(self, table_id: str, token: str | None) -> bool:
        """Whether `token` is the host's token of the table (compared as a hash, in constant time)."""
        expected = self.hosts.get(table_id)
        if expected is None or token is None or not 0 < len(token) <= MAX_TOKEN:
            return False
        return hmac.compare_digest(token_hash(token), expected)

    def evict(self) -> list[str]:
        """Delete the tables kept long enough: finished ones after `keep_finished`, others after `keep_idle`."""
        now = self.clock()
        limits = self.limits
        gone = [
            table_id
            for table_id, table in self.tables.items()
            if now - self.touched.get(table_id, now) >= (limits.keep_finished if table.over else limits.keep_idle)
        ]
        for table_id in gone:
            self.store.delete(table_id)
            del self.tables[table_id]
            self.touched.pop(table_id, None)
            self.hosts.pop(table_id, None)
            for client in self.clients.pop(table_id, set()):
                client.close()
        return gone


_GERMAN: Final = {
    "this origin may not create tables": "diese Herkunft (Origin) darf keine Tische eröffnen",
    "this origin may not start tables": "diese Herkunft (Origin) darf keine Tische starten",
    "this origin may not take seats": "diese Herkunft (Origin) darf keine Plätze nehmen",
    "the server has as many tables as it keeps": "der Server hat so viele Tische, wie er hält",
    "no such table": "diesen Tisch gibt es nicht",
    "only the person who made the table may start it": "nur wer den Tisch eröffnet hat, darf ihn starten",
    "a message is JSON text, not binary": "eine Nachricht ist JSON-Text, keine Binärdaten",
    "say hello with a seat's token first": "erst mit dem Token eines Platzes anmelden (hello)",
    "this token does not act at this table": "dieses Token spielt an diesem Tisch nicht",
    'expected {"seat": N, "name": "..."}': 'erwartet {"seat": N, "name": "..."}',
    "the game is not over": "das Spiel ist nicht aus",
}


def _error(code: ErrorCode, reason: str, reason_de: str | None = None) -> dict[str, _JSON]:
    return WireError(code=code, reason=reason, reason_de=reason_de or _GERMAN.get(reason)).to_dict()


def _too_fast(what: str, per: str, rate: float) -> Response:
    german = {"tables": "Tische", "requests": "Anfragen"}[what]
    per_de = {"hour": "Stunde", "minute": "Minute"}[per]
    return JSONResponse(
        _error(
            ErrorCode.TOO_FAST,
            f"too many {what} from this address: at most {rate:g} a {per}",
            f"zu viele {german} von dieser Adresse: höchstens {rate:g} pro {per_de}",
        ),
        429,
        headers={"Retry-After": str(max(1, math.ceil((3600 if per == "hour" else 60) / rate)))},
    )


def _too_large(limit: int) -> Response:
    return JSONResponse(
        _error(
            ErrorCode.TOO_LARGE,
            f"a request has at most {limit} bytes",
            f"eine Anfrage hat höchstens {limit} Bytes",
        ),
        413,
    )


def _origin_ok(hub: _Hub, origin: str | None, host: str | None) -> bool:
    """From this server's own pages or a configured origin; a client that is no browser sends no origin."""
    if origin is None:
        return True
    if origin in hub.origins:
        return True
    parts = urlsplit(origin)
    return host is not None and parts.scheme in ("http", "https") and parts.netloc == host


def _address(request: Request) -> str:
    """The client's address (behind a proxy on this machine, the one it forwards: uvicorn reads X-Forwarded-For)."""
    return request.client.host if request.client is not None else "unknown"


def _base(hub: _Hub, request: Request) -> str:
    return (hub.public_url or str(request.base_url)).rstrip("/")


@lru_cache(maxsize=1)
def _page() -> str:
    return resources.files("wizardrules.table").joinpath("_app.html").read_text(encoding="utf-8")


@lru_cache(maxsize=512)
def _card_svg(text: str, lang: Language) -> str:
    return svg.card(Card.parse(text), size=120, lang=lang)


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


def _number(form: dict[str, str], name: str, default: str) -> int | None:
    text = form.get(name, default)
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 2 else None


def _new_table(form: dict[str, str], turn: float, now: float) -> Table | None:
    """The table the form asks for: 3..6 players, 0..players-1 bots, short, half or full; `None` if it asks for none."""
    players, bots, rounds = _number(form, "players", "4"), _number(form, "bots", "0"), form.get("rounds", "full")
    if players is None or bots is None or rounds not in _ROUNDS or not 3 <= players <= 6 or not 0 <= bots < players:
        return None
    table = Table.new(players, rules=_rules(rounds, players), seed=secrets.randbits(64), timeout=turn)
    for seat in range(players - 1, players - bots - 1, -1):
        table, _ = table.sit_bot(seat, now=now)
    return table


def create_app(  # noqa: PLR0915 - the routes are closures over one hub
    path: str | Path,
    *,
    origins: Sequence[str] = (),
    public_url: str | None = None,
    pad_url: str | None = None,
    limits: Limits | None = None,
    clock: Callable[[], float] = time.time,
    site: str | Path | None = None,
) -> Starlette:
    """The web app of `wizardrules serve`, its tables in the SQLite file at `path`.

    The file is opened and its tables are read here, so a path that is no tables file is
    refused before the app runs.

    Args:
        path: the SQLite file; its tables are resumed when the app starts.
        origins: more origins (`https://example.org`) whose pages may use the server; its own
            pages always may.
        public_url: the address phones reach the server at (for the join links and QR codes);
            by default the address of each request.
        pad_url: the score pad app, linked at the end of a game with the game's share code
            after a `#`; by default this server's copy (`/app/pad/`) when `site` is given, else
            [`PAD_URL`][wizardrules.table.server.PAD_URL].
        limits: what the server takes from clients, and how long it keeps tables.
        clock: the time in seconds, passed to the tables (they read no clock).
        site: a built documentation site (`mkdocs build`, with `python tools/tryit_assets.py`
            run first): its apps (`app/`) and their Python runtime (`tryit/`) are served here,
            so that phones without the internet open the score pad from this server.

    Raises:
        FormatError: `path` is not a SQLite file of tables (see
            [`check_database`][wizardrules.table.server.check_database]), or it cannot be
            read; `site` holds no built score pad app.
    """
    limits = Limits() if limits is None else limits
    apps = None if site is None else check_site(site)
    if pad_url is None:
        pad_url = PAD_URL if apps is None else "/app/pad/"
    hub = _Hub(Store(path), limits, frozenset(origins), public_url, pad_url, clock)
    try:
        hub.load()
    except FormatError:
        hub.store.close()
        raise

    def known(request: Request) -> tuple[str, Table] | None:
        table_id = request.path_params["table_id"]
        table = hub.tables.get(table_id)
        return None if table is None else (table_id, table)

    def host_of(request: Request, table_id: str) -> bool:
        return hub.is_host(table_id, request.cookies.get(HOST_COOKIE))

    def foreign(request: Request) -> bool:
        return not _origin_ok(hub, request.headers.get("origin"), request.headers.get("host"))

    async def index(request: Request) -> Response:
        return HTMLResponse(_page().replace("__MODE__", "home"))

    async def create(request: Request) -> Response:
        if foreign(request):
            return JSONResponse(_error(ErrorCode.BAD_DOCUMENT, "this origin may not create tables"), 403)
        if len(hub.tables) >= limits.tables:
            return JSONResponse(_error(ErrorCode.TOO_FAST, "the server has as many tables as it keeps"), 503)
        if not hub.creates.take(_address(request)):
            return _too_fast("tables", "hour", limits.creates_per_hour)
        body = await _body(request, limits.message)
        if body is None:
            return _too_large(limits.message)
        try:
            form = dict(parse_qsl(body.decode("latin-1"), keep_blank_values=True, max_num_fields=8))
        except ValueError:
            form = {"players": ""}
        table = _new_table(form, limits.turn, clock())
        if table is None:
            return JSONResponse(
                _error(
                    ErrorCode.BAD_DOCUMENT,
                    "players must be 3..6, bots 0..players-1 and rounds short, half or full",
                    "Spieler 3..6, Bots 0..Spieler-1 und Runden short, half oder full",
                ),
                400,
            )
        table_id = secrets.token_urlsafe(12)
        host = secrets.token_urlsafe(32)
        hub.changed(table_id, table, host=token_hash(host))
        answer = RedirectResponse(f"/t/{table_id}/host", status_code=303)
        answer.set_cookie(
            HOST_COOKIE,
            host,
            max_age=int(limits.keep_idle) + 86_400,
            path=f"/t/{table_id}",
            httponly=True,
            samesite="strict",
            secure=request.url.scheme == "https",
        )
        return answer

    async def host(request: Request) -> Response:
        found = known(request)
        if found is None:
            return HTMLResponse("no such table", 404)
        table_id, table = found
        if not host_of(request, table_id):
            return HTMLResponse(_page().replace("__MODE__", "guest"), 403)
        base = _base(hub, request)
        rows = []
        for number, seat in enumerate(table.seats):
            link = f"{base}/t/{table_id}/join/{number}"
            qr = segno.make(link, error="m").svg_inline(scale=4, dark="#000", light="#fff")
            who = html.escape(seat.name or "")
            rows.append(
                f'<li class="seat" data-seat="{number}"><b><span data-t="seat">Seat</span> {number + 1}</b> '
                f'<span class="who">{who}</span> <i class="status" data-t="{seat.status.value}">{seat.status.value}</i>'
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
        if foreign(request):
            return JSONResponse(_error(ErrorCode.BAD_DOCUMENT, "this origin may not start tables"), 403)
        if not hub.requests.take(_address(request)):
            return _too_fast("requests", "minute", limits.requests_per_minute)
        table_id, table = found
        if not host_of(request, table_id):
            return JSONResponse(_error(ErrorCode.UNKNOWN_TOKEN, "only the person who made the table may start it"), 403)
        started, refused = table.start(now=clock())
        if refused is not None:
            return JSONResponse(refused, 409)
        hub.changed(table_id, started)
        return JSONResponse(started.info())

    async def sit(request: Request) -> Response:
        found = known(request)
        if found is None:
            return JSONResponse(_error(ErrorCode.NOT_A_SEAT, "no such table"), 404)
        if foreign(request):
            return JSONResponse(_error(ErrorCode.BAD_DOCUMENT, "this origin may not take seats"), 403)
        if not hub.requests.take(_address(request)):
            return _too_fast("requests", "minute", limits.requests_per_minute)
        body = await _body(request, limits.message)
        if body is None:
            return _too_large(limits.message)
        try:
            data = json.loads(body)
            seat, name = data["seat"], data["name"]
        except (ValueError, KeyError, TypeError):
            return JSONResponse(_error(ErrorCode.BAD_DOCUMENT, 'expected {"seat": N, "name": "..."}'), 400)
        found = known(request)  # as it is now: the body took a while, the table may have changed or gone
        if found is None:
            return JSONResponse(_error(ErrorCode.NOT_A_SEAT, "no such table"), 404)
        table_id, table = found
        taken, document = table.sit(seat, name, now=clock())
        if document["format"] == "wizardrules/error":
            return JSONResponse(document, 409)
        hub.changed(table_id, taken)
        return JSONResponse(document)

    async def qr(request: Request) -> Response:
        found = known(request)
        seat = request.path_params["seat"]
        if found is None or not 0 <= seat < len(found[1].seats) or not host_of(request, found[0]):
            return Response("no such seat", 404)
        link = f"{_base(hub, request)}/t/{found[0]}/join/{seat}"
        return Response(segno.make(link, error="m").svg_inline(scale=6), media_type="image/svg+xml")

    async def card(request: Request) -> Response:
        text = request.path_params["card"]
        if len(text) > 12:
            return Response("not a card", 404)
        try:
            picture = _card_svg(text, Language.DE if request.query_params.get("lang") == "de" else Language.EN)
        except WizardRulesError:
            return Response("not a card", 404)
        return Response(picture, media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=86400"})

    async def sheet(request: Request) -> Response:
        found = known(request)
        if found is None or not found[1].over or found[1].state is None:
            return JSONResponse(_error(ErrorCode.NOT_STARTED, "the game is not over"), 404)
        sheet = found[1].state.scoresheet
        code = sheet.to_code()
        pad = hub.pad_url
        if pad.startswith("/"):  # this server's own copy of the app
            pad = (hub.public_url or str(request.base_url).rstrip("/")) + pad
        return JSONResponse({"sheet": json.loads(sheet.to_json()), "code": code, "pad": f"{pad}#{code}"})

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
        *(
            []
            if apps is None
            else [
                Mount("/app", StaticFiles(directory=apps[0], html=True)),
                Mount("/tryit", StaticFiles(directory=apps[1])),
            ]
        ),
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


async def _receive(client: _Client) -> str | None:
    """The next message's text; `None` for a binary message (which the protocol has none of)."""
    message = await client.socket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text = message.get("text")
    return text if isinstance(text, str) else None


async def _read(hub: _Hub, table_id: str, client: _Client, clock: Callable[[], float]) -> None:
    """Take the client's messages, each bounded in size and rate, until it goes."""
    limits = hub.limits
    while True:
        text = await _receive(client)
        if not client.allowed():
            if client.strikes >= limits.strikes:
                await client.socket.close(code=1008)
                return
            client.send(
                _error(
                    ErrorCode.TOO_FAST,
                    f"at most {limits.per_second:g} messages a second",
                    f"höchstens {limits.per_second:g} Nachrichten pro Sekunde",
                )
            )
            continue
        if text is None:
            client.send(_error(ErrorCode.BAD_DOCUMENT, "a message is JSON text, not binary"))
            continue
        if len(text.encode("utf-8", "surrogatepass")) > limits.message:
            client.send(
                _error(
                    ErrorCode.TOO_LARGE,
                    f"a message has at most {limits.message} bytes",
                    f"eine Nachricht hat höchstens {limits.message} Bytes",
                )
            )
            continue
        table = hub.tables.get(table_id)
        if table is None:  # deleted while this message was on its way
            client.close()
            return
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
    """A client says who it is (a token, or none for a spectator) and the last index it saw; it gets what it missed.

    A person whose seat a bot plays (they left, or did not answer in time) takes it back by saying hello again.
    """
    data = json.loads(text)
    token, since = data.get("token"), data.get("since", -1)
    if (token is not None and not isinstance(token, str)) or type(since) is not int or since < -1:
        client.send(
            _error(
                ErrorCode.BAD_DOCUMENT,
                'hello is {"format": "wizardrules/hello", "version": 1, "token": ..., "since": N}',
                'hello ist {"format": "wizardrules/hello", "version": 1, "token": ..., "since": N}',
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
    """Every `tick` seconds: a person who did not move in time is away, a bot moves for them; old tables go."""
    while True:
        await asyncio.sleep(hub.limits.tick)
        now = clock()
        for table_id, table in list(hub.tables.items()):
            deadline = table.deadline
            if deadline is not None and deadline <= now:
                hub.changed(table_id, table.tick(now=now))
        hub.evict()
        hub.creates.prune()
        hub.requests.prune()


def check_database(path: str | Path) -> None:
    """Refuse `path` as the tables' file before serving: open it as the server will, then close it.

    A path that names nothing yet is fine when its folder exists (the file is made); else it
    must be a regular file (through a symlink, too) that is empty or a SQLite database whose
    `tables` are those of `wizardrules serve`. A device (`/dev/zero`), a folder, a FIFO, a
    link to nothing, a file of something else or a damaged database is refused.

    Raises:
        FormatError: the path cannot be the tables' file; the message says why.

    Examples:
        >>> check_database("/dev/zero")
        Traceback (most recent call last):
        ...
        wizardrules.errors.FormatError: tables file '/dev/zero': not a regular file (a device, folder or pipe)
    """
    Store(path).close()


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


def check_site(site: str | Path) -> tuple[Path, Path]:
    """The folders `app/` and `tryit/` of the built site `site`, checked to hold the score pad and its runtime.

    `wizardrules serve --site DIR` serves them, so that the link at the end of a game opens
    the score pad from this server.

    Raises:
        FormatError: not a built site with the apps and their runtime.
    """
    root = Path(site)
    apps, runtime = root / "app", root / "tryit"
    if not (apps / "pad" / "index.html").is_file() or not (runtime / "config.json").is_file():
        raise FormatError(
            f"site {str(site)!r:.80}: no built score pad app in it (app/pad/ and tryit/); build the docs "
            "with `python tools/tryit_assets.py` and `mkdocs build`",
            german=f"Seite {str(site)!r:.80}: kein gebauter Spielblock darin (app/pad/ und tryit/); die Doku mit "
            "`python tools/tryit_assets.py` und `mkdocs build` bauen",
        )
    return apps, runtime


def serve(
    path: str | Path,
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    origins: Sequence[str] = (),
    public_url: str | None = None,
    pad_url: str | None = None,
    limits: Limits | None = None,
    site: str | Path | None = None,
) -> None:
    """Run the server until it is stopped (Ctrl-C), its tables in the SQLite file at `path`.

    The options are those of [`create_app`][wizardrules.table.server.create_app].

    Raises:
        FormatError: `path` is not a SQLite file of tables (see
            [`check_database`][wizardrules.table.server.check_database]), or `site` has no
            built score pad app.
    """
    limits = Limits() if limits is None else limits
    app = create_app(path, origins=origins, public_url=public_url, pad_url=pad_url, limits=limits, site=site)
    uvicorn.run(app, host=host, port=port, ws_max_size=limits.message * 4, log_level="warning")
