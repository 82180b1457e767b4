"""The wire's table documents: a seat's credentials, the table's seats, and a seat's numbered updates."""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import Final

from attrs import frozen

from wizardrules._convert import shown
from wizardrules._names import check_name
from wizardrules.errors import PlayerError
from wizardrules.events import Event
from wizardrules.tricks import MAX_PLAYERS
from wizardrules.wire._events import _event_body, _event_of
from wizardrules.wire._values import (
    JSON,
    VERSION,
    _bool,
    _each,
    _fail,
    _get,
    _int,
    _object,
    _optional,
    _seat,
    _str,
)

SEAT_FORMAT: Final = "wizardrules/seat"
"""The `format` of a seat document: the credentials a person gets when they sit down."""
TABLE_FORMAT: Final = "wizardrules/table"
"""The `format` of a table document: who sits where, and how far the game is."""
UPDATE_FORMAT: Final = "wizardrules/update"
"""The `format` of an update: one step's events as one seat (or a spectator) may know them, numbered."""
MAX_NAME: Final = 40
"""The longest name a seat takes, in characters."""
MAX_TOKEN: Final = 200
"""The longest token a reader takes, in characters."""
_MAX_INDEX: Final = 10_000_000


class SeatStatus(enum.Enum):
    """Who plays a seat now."""

    OPEN = "open"
    """Nobody yet: a person may sit down, or a bot fills it when the game starts."""
    PERSON = "person"
    """A person plays it with their token."""
    AWAY = "away"
    """Its person left or did not answer in time: a bot plays it until they are back."""
    BOT = "bot"
    """A bot plays it for the whole game."""


_STATUS_OF_VALUE: Final = {status.value: status for status in SeatStatus}


def _header(data: JSON, format_name: str, what: str, fields: set[str]) -> Mapping[str, JSON]:
    found = _object(data, what)
    if found.get("format") != format_name:
        raise _fail(f"{what}.format", f"{shown(found.get('format'))} must be {format_name!r}")
    if type(found.get("version")) is not int or found.get("version") != VERSION:
        raise _fail(f"{what}.version", f"{shown(found.get('version'))} is not supported (this reads {VERSION})")
    extra = sorted(set(found) - {"format", "version", *fields})
    if extra:
        raise _fail(f"{what}.{extra[0]}", f"a {what} document has no field {shown(extra[0])}")
    return found


def _name(value: JSON, path: str) -> str:
    text = _str(value, path)
    if not 0 < len(text) <= MAX_NAME:
        raise _fail(path, f"{shown(text)} must be a name of 1..{MAX_NAME} characters")
    return text


def _index(value: JSON, path: str) -> int:
    return _int(value, path, 0, _MAX_INDEX)


@frozen(kw_only=True)
class Credentials:
    """A seat document: what a person gets once, when they sit down; the token acts for the seat.

    Attributes:
        seat: the seat, from 0.
        name: the name the person sat down with.
        token: the secret that acts for the seat; the table keeps only its hash.
    """

    seat: int
    name: str
    token: str

    def to_dict(self) -> dict[str, JSON]:
        """The seat document (`"format": "wizardrules/seat"`)."""
        return {"format": SEAT_FORMAT, "version": VERSION, "seat": self.seat, "name": self.name, "token": self.token}

    @classmethod
    def from_dict(cls, data: JSON) -> Credentials:
        """A seat document read back.

        Raises:
            FormatError: not a seat document of this version, or a field is wrong.
        """
        found = _header(data, SEAT_FORMAT, "seat", {"seat", "name", "token"})
        token = _str(_get(found, "token", "seat"), "seat.token")
        if not 0 < len(token) <= MAX_TOKEN:
            raise _fail("seat.token", f"a token has 1..{MAX_TOKEN} characters, not {len(token)}")
        return cls(
            seat=_seat(_get(found, "seat", "seat"), "seat.seat"),
            name=_name(_get(found, "name", "seat"), "seat.name"),
            token=token,
        )


@frozen(kw_only=True)
class SeatInfo:
    """One seat of a table document: its name and who plays it.

    Attributes:
        seat: the seat, from 0.
        name: the player's name, `None` while the seat is open.
        status: who plays it now.
    """

    seat: int
    name: str | None
    status: SeatStatus

    def _to_dict(self) -> dict[str, JSON]:
        return {"seat": self.seat, "name": self.name, "status": self.status.value}


def _seat_info(value: JSON, path: str) -> SeatInfo:
    data = _object(value, path)
    extra = sorted(set(data) - {"seat", "name", "status"})
    if extra:
        raise _fail(f"{path}.{extra[0]}", f"a seat has no field {shown(extra[0])}")
    status = _get(data, "status", path)
    if type(status) is not str or status not in _STATUS_OF_VALUE:
        raise _fail(f"{path}.status", f"{shown(status)} is not a seat status")
    return SeatInfo(
        seat=_seat(_get(data, "seat", path), f"{path}.seat"),
        name=_optional(_get(data, "name", path), f"{path}.name", _name),
        status=_STATUS_OF_VALUE[status],
    )


@frozen(kw_only=True)
class TableInfo:
    """A table document: the seats, whether the game runs, and the last update's index.

    Attributes:
        seats: each seat, in seat order.
        started: whether the game has started (every seat taken).
        over: whether the game is over.
        index: the index of the last update, `None` before the game starts.
        you: the seat this document was made for, `None` for a spectator.
        timeout: the seconds a person has for a move before a bot takes over.
    """

    seats: tuple[SeatInfo, ...]
    started: bool
    over: bool
    index: int | None
    you: int | None
    timeout: float

    def to_dict(self) -> dict[str, JSON]:
        """The table document (`"format": "wizardrules/table"`)."""
        return {
            "format": TABLE_FORMAT,
            "version": VERSION,
            "seats": [seat._to_dict() for seat in self.seats],
            "started": self.started,
            "over": self.over,
            "index": self.index,
            "you": self.you,
            "timeout": self.timeout,
        }

    @classmethod
    def from_dict(cls, data: JSON) -> TableInfo:
        """A table document read back.

        Raises:
            FormatError: not a table document of this version, or a field is wrong.
        """
        found = _header(data, TABLE_FORMAT, "table", {"seats", "started", "over", "index", "you", "timeout"})
        timeout = _get(found, "timeout", "table")
        if type(timeout) not in (int, float) or not 0 < timeout <= 86_400:
            raise _fail("table.timeout", f"{shown(timeout)} must be a number of seconds in (0, 86400]")
        return cls(
            seats=_each(_get(found, "seats", "table"), "table.seats", _seat_info),
            started=_bool(_get(found, "started", "table"), "table.started"),
            over=_bool(_get(found, "over", "table"), "table.over"),
            index=_optional(_get(found, "index", "table"), "table.index", _index),
            you=_optional(_get(found, "you", "table"), "table.you", _seat),
            timeout=float(timeout),
        )


@frozen(kw_only=True)
class Update:
    """An update: the events of one step as a seat may know them (or the public events), with its index.

    Index 0 holds the game's start events; index `k` the events of the game's `k`-th action,
    so a client that saw up to `k` asks for what came after `k`.

    Attributes:
        index: the update's place in the log, from 0.
        seat: whose events these are, `None` for a spectator's public events.
        events: the events, in order.
    """

    index: int
    seat: int | None
    events: tuple[Event, ...]

    def to_dict(self) -> dict[str, JSON]:
        """The update document (`"format": "wizardrules/update"`).

        Raises:
            FormatError: an entry of `events` is not an event.
        """
        return {
            "format": UPDATE_FORMAT,
            "version": VERSION,
            "index": self.index,
            "seat": self.seat,
            "events": [_event_body(event) for event in self.events],
        }

    @classmethod
    def from_dict(cls, data: JSON) -> Update:
        """An update document read back, as a client reads it.

        Raises:
            FormatError: not an update document of this version, or a field is wrong.
        """
        found = _header(data, UPDATE_FORMAT, "update", {"index", "seat", "events"})
        return cls(
            index=_index(_get(found, "index", "update"), "update.index"),
            seat=_optional(_get(found, "seat", "update"), "update.seat", _seat),
            events=_each(_get(found, "events", "update"), "update.events", _event_of),
        )


def _doc(format_name: str, description: str, properties: dict[str, JSON]) -> dict[str, JSON]:
    return {
        "type": "object",
        "description": description,
        "properties": {"format": {"const": format_name}, "version": {"const": VERSION}, **properties},
        "required": ["format", "version", *properties],
        "additionalProperties": False,
    }


_NAME: Final = {"type": "string", "minLength": 1, "maxLength": MAX_NAME}


def _seat_schema() -> dict[str, JSON]:
    return _doc(
        SEAT_FORMAT,
        "A seat's credentials, sent once to the person who sat down: the token acts for the seat.",
        {
            "seat": {"$ref": "#/$defs/seat"},
            "name": _NAME,
            "token": {"type": "string", "minLength": 1, "maxLength": MAX_TOKEN},
        },
    )


def _table_schema() -> dict[str, JSON]:
    seat: dict[str, JSON] = {
        "type": "object",
        "properties": {
            "seat": {"$ref": "#/$defs/seat"},
            "name": {"oneOf": [_NAME, {"type": "null"}]},
            "status": {"enum": [status.value for status in SeatStatus]},
        },
        "required": ["seat", "name", "status"],
        "additionalProperties": False,
    }
    return _doc(
        TABLE_FORMAT,
        "A table's seats, whether its game has started or is over, and the index of its last update.",
        {
            "seats": {"type": "array", "items": seat, "minItems": 1, "maxItems": MAX_PLAYERS},
            "started": {"type": "boolean"},
            "over": {"type": "boolean"},
            "index": {"type": ["integer", "null"], "minimum": 0, "maximum": _MAX_INDEX},
            "you": {"oneOf": [{"$ref": "#/$defs/seat"}, {"type": "null"}]},
            "timeout": {"type": "number", "exclusiveMinimum": 0, "maximum": 86_400},
        },
    )


def _update_schema() -> dict[str, JSON]:
    return _doc(
        UPDATE_FORMAT,
        "One step's events as a seat may know them (or the public events, seat null), numbered from 0.",
        {
            "index": {"type": "integer", "minimum": 0, "maximum": _MAX_INDEX},
            "seat": {"oneOf": [{"$ref": "#/$defs/seat"}, {"type": "null"}]},
            "events": {"type": "array", "items": {"$ref": "#/$defs/event"}},
        },
    )


TABLE_SCHEMA_DEFS: Final[Mapping[str, Callable[[], dict[str, JSON]]]] = {
    "seat_document": _seat_schema,
    "table_document": _table_schema,
    "update": _update_schema,
}
"""The schema parts of the seat, table and update documents, by their names in the wire schema's `$defs`."""


def check_seat_name(name: object) -> str:
    """`name` as a seat's name: a player's name (NFC, no hidden characters) of 1..`MAX_NAME` characters, stripped.

    Raises:
        PlayerError: `name` is not such text.
    """
    text = check_name(name.strip() if isinstance(name, str) else name, "seat name")
    if len(text) > MAX_NAME:
        raise PlayerError(f"seat name {shown(text)}: {len(text)} characters, more than {MAX_NAME}")
    return text
