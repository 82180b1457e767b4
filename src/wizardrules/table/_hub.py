"""The tables in memory and their connections: every change committed, then told; the websocket protocol.

A `Hub` keeps the server's tables, their store and the clients at each table: every change
goes through `Hub.changed`, which commits it to the store before any client hears of it. A
`Client` is one websocket with its rate and its queue; `read` takes its messages (hello,
leave, actions), `write` sends its queue, and `tick` lets bots move for the late and
deletes the tables kept long enough.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import time
from collections.abc import Callable
from typing import Final
from urllib.parse import urlsplit

from starlette.websockets import WebSocket, WebSocketDisconnect

from wizardrules.table._limits import Buckets, Limits
from wizardrules.table._refusals import JSON, refusal
from wizardrules.table._store import Store
from wizardrules.table._table import Table, token_hash
from wizardrules.wire import ErrorCode
from wizardrules.wire._table import MAX_TOKEN

HELLO_FORMAT: Final = "wizardrules/hello"
"""The `format` of the first message a client sends on a websocket: its token and the last index it saw."""
LEAVE_FORMAT: Final = "wizardrules/leave"
"""The `format` of the message a person sends when they leave the table (a bot plays on for them)."""


class Client:
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

    def send(self, document: dict[str, JSON]) -> bool:
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


class Hub:
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
        self.clients: dict[str, set[Client]] = {}
        self.broken: dict[str, str] = {}
        self.creates = Buckets(limits.creates, limits.creates_per_hour / 3600, limits.addresses)
        self.requests = Buckets(limits.requests, limits.requests_per_minute / 60, limits.addresses)

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

    def update(self, table_id: str, client: Client) -> None:
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


def origin_ok(hub: Hub, origin: str | None, host: str | None) -> bool:
    """From this server's own pages or a configured origin; a client that is no browser sends no origin."""
    if origin is None:
        return True
    if origin in hub.origins:
        return True
    parts = urlsplit(origin)
    return host is not None and parts.scheme in ("http", "https") and parts.netloc == host


async def write(client: Client) -> None:
    """Send the client's queued documents in order; `None` closes the connection."""
    while True:
        text = await client.queue.get()
        if text is None:
            await client.socket.close(code=1013)
            return
        await client.socket.send_text(text)


async def _receive(client: Client) -> str | None:
    """The next message's text; `None` for a binary message (which the protocol has none of)."""
    message = await client.socket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text = message.get("text")
    return text if isinstance(text, str) else None


async def read(hub: Hub, table_id: str, client: Client, clock: Callable[[], float]) -> None:
    """Take the client's messages, each bounded in size and rate, until it goes."""
    limits = hub.limits
    while True:
        text = await _receive(client)
        if not client.allowed():
            if client.strikes >= limits.strikes:
                await client.socket.close(code=1008)
                return
            client.send(
                refusal(
                    ErrorCode.TOO_FAST,
                    f"at most {limits.per_second:g} messages a second",
                    f"höchstens {limits.per_second:g} Nachrichten pro Sekunde",
                )
            )
            continue
        if text is None:
            client.send(refusal(ErrorCode.BAD_DOCUMENT, "a message is JSON text, not binary"))
            continue
        if len(text.encode("utf-8", "surrogatepass")) > limits.message:
            client.send(
                refusal(
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
            client.send(refusal(ErrorCode.UNKNOWN_TOKEN, "say hello with a seat's token first"))
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


def _hello(hub: Hub, table_id: str, client: Client, text: str, clock: Callable[[], float]) -> None:
    """A client says who it is (a token, or none for a spectator) and the last index it saw; it gets what it missed.

    A person whose seat a bot plays (they left, or did not answer in time) takes it back by saying hello again.
    """
    data = json.loads(text)
    token, since = data.get("token"), data.get("since", -1)
    if (token is not None and not isinstance(token, str)) or type(since) is not int or since < -1:
        client.send(
            refusal(
                ErrorCode.BAD_DOCUMENT,
                'hello is {"format": "wizardrules/hello", "version": 1, "token": ..., "since": N}',
                'hello ist {"format": "wizardrules/hello", "version": 1, "token": ..., "since": N}',
            )
        )
        return
    table = hub.tables[table_id]
    if token is not None and table.seat_of(token) is None:
        client.send(refusal(ErrorCode.UNKNOWN_TOKEN, "this token does not act at this table"))
        return
    client.token, client.last, client.hello = token, since, True
    if token is not None:
        back, _ = table.back(token, now=clock())
        if back != table:
            hub.changed(table_id, back)
    hub.update(table_id, client)


async def tick(hub: Hub, clock: Callable[[], float]) -> None:
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
