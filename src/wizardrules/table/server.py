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
import html
import json
import secrets
import socket
import time
from collections.abc import AsyncIterator, Callable, Sequence
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Final
from urllib.parse import parse_qsl

import segno
import uvicorn
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
from wizardrules.table._hub import HELLO_FORMAT, LEAVE_FORMAT, Client, Hub, origin_ok, read, tick, write
from wizardrules.table._limits import Limits
from wizardrules.table._refusals import refusal, too_fast, too_large
from wizardrules.table._store import Store
from wizardrules.table._table import Table, token_hash
from wizardrules.wire import ErrorCode

__all__ = [
    "HELLO_FORMAT",
    "HOST_COOKIE",
    "LEAVE_FORMAT",
    "PAD_URL",
    "Limits",
    "check_database",
    "check_site",
    "create_app",
    "public_url_for",
    "serve",
]

HOST_COOKIE: Final = "wizardrules-host"
"""The cookie of the host's token: set for whoever makes a table, it opens the host page and starts the game."""
PAD_URL: Final = "https://wizardrules.github.io/wizardrules/app/pad/"
"""The score pad app linked at the end of a game: the published site's, unless `site` serves one here."""
_ROUNDS: Final = ("short", "half", "full")


def _address(request: Request) -> str:
    """The client's address (behind a proxy on this machine, the one it forwards: uvicorn reads X-Forwarded-For)."""
    return request.client.host if request.client is not None else "unknown"


def _base(hub: Hub, request: Request) -> str:
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
    hub = Hub(Store(path), limits, frozenset(origins), public_url, pad_url, clock)
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
        return not origin_ok(hub, request.headers.get("origin"), request.headers.get("host"))

    async def index(request: Request) -> Response:
        return HTMLResponse(_page().replace("__MODE__", "home"))

    async def create(request: Request) -> Response:
        if foreign(request):
            return JSONResponse(refusal(ErrorCode.BAD_DOCUMENT, "this origin may not create tables"), 403)
        if len(hub.tables) >= limits.tables:
            return JSONResponse(refusal(ErrorCode.TOO_FAST, "the server has as many tables as it keeps"), 503)
        if not hub.creates.take(_address(request)):
            return too_fast("tables", "hour", limits.creates_per_hour)
        body = await _body(request, limits.message)
        if body is None:
            return too_large(limits.message)
        try:
            form = dict(parse_qsl(body.decode("latin-1"), keep_blank_values=True, max_num_fields=8))
        except ValueError:
            form = {"players": ""}
        table = _new_table(form, limits.turn, clock())
        if table is None:
            return JSONResponse(
                refusal(
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
            return JSONResponse(refusal(ErrorCode.NOT_A_SEAT, "no such table"), 404)
        if foreign(request):
            return JSONResponse(refusal(ErrorCode.BAD_DOCUMENT, "this origin may not start tables"), 403)
        if not hub.requests.take(_address(request)):
            return too_fast("requests", "minute", limits.requests_per_minute)
        table_id, table = found
        if not host_of(request, table_id):
            return JSONResponse(
                refusal(ErrorCode.UNKNOWN_TOKEN, "only the person who made the table may start it"), 403
            )
        started, refused = table.start(now=clock())
        if refused is not None:
            return JSONResponse(refused, 409)
        hub.changed(table_id, started)
        return JSONResponse(started.info())

    async def sit(request: Request) -> Response:
        found = known(request)
        if found is None:
            return JSONResponse(refusal(ErrorCode.NOT_A_SEAT, "no such table"), 404)
        if foreign(request):
            return JSONResponse(refusal(ErrorCode.BAD_DOCUMENT, "this origin may not take seats"), 403)
        if not hub.requests.take(_address(request)):
            return too_fast("requests", "minute", limits.requests_per_minute)
        body = await _body(request, limits.message)
        if body is None:
            return too_large(limits.message)
        try:
            data = json.loads(body)
            seat, name = data["seat"], data["name"]
        except (ValueError, KeyError, TypeError):
            return JSONResponse(refusal(ErrorCode.BAD_DOCUMENT, 'expected {"seat": N, "name": "..."}'), 400)
        found = known(request)  # as it is now: the body took a while, the table may have changed or gone
        if found is None:
            return JSONResponse(refusal(ErrorCode.NOT_A_SEAT, "no such table"), 404)
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
            return JSONResponse(refusal(ErrorCode.NOT_STARTED, "the game is not over"), 404)
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
        if not origin_ok(hub, websocket.headers.get("origin"), websocket.headers.get("host")):
            await websocket.close(code=1008)
            return
        if table_id not in hub.tables or len(hub.clients.get(table_id, ())) >= limits.connections:
            await websocket.close(code=1008)
            return
        await websocket.accept()
        client = Client(websocket, limits)
        hub.clients.setdefault(table_id, set()).add(client)
        writer = asyncio.create_task(write(client))
        try:
            await read(hub, table_id, client, clock)
        except WebSocketDisconnect:
            pass
        finally:
            hub.clients.get(table_id, set()).discard(client)
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await writer

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        ticker = asyncio.create_task(tick(hub, clock))
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
