"""What `wizardrules serve` takes from clients, how much it keeps and for how long: its limits and rate buckets.

[`Limits`][wizardrules.table.server.Limits] holds every number `--limit` sets; a `Buckets`
counts the requests of each address against a rate, forgetting the addresses that have
been quiet long enough.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any

from attrs import evolve, fields, frozen

from wizardrules.errors import FormatError
from wizardrules.table._table import MAX_TIMEOUT


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


class Buckets:
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
