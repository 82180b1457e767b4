"""The wire's table documents: a seat's credentials, the table's seats, and a seat's numbered updates."""

from __future__ import annotations

import enum
from typing import Final

from attrs import frozen

from wizardrules._convert import shown
from wizardrules._names import check_name
from wizardrules.errors import PlayerError
from wizardrules.events import Event
from wizardrules.tricks import MAX_PLAYERS
from wizardrules.wire._events import EVENT_IN_MESSAGE, _event_body
from wizardrules.wire._specs import (
    JSON,
    VERSION,
    Array,
    Choice,
    Integer,
    Nullable,
    Number,
    Record,
    Text,
    checked,
)
from wizardrules.wire._values import BOOLEAN, MAX_EVENTS, SEAT

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
        """The seat document (`"format": "wizardrules/seat"`).

        Raises:
            FormatError: a field its reader would refuse.
        """
        data = {"format": SEAT_FORMAT, "version": VERSION, "seat": self.seat, "name": self.name, "token": self.token}
        checked(data, SEAT_DOCUMENT, "seat", self)
        return data

    @classmethod
    def from_dict(cls, data: JSON) -> Credentials:
        """A seat document read back.

        Raises:
            FormatError: not a seat document of this version, or a field is wrong.
        """
        found: Credentials = SEAT_DOCUMENT.read(data, "seat")
        return found


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
        """The table document (`"format": "wizardrules/table"`).

        Raises:
            FormatError: a field its reader would refuse.
        """
        data = {
            "format": TABLE_FORMAT,
            "version": VERSION,
            "seats": [seat._to_dict() for seat in self.seats],
            "started": self.started,
            "over": self.over,
            "index": self.index,
            "you": self.you,
            "timeout": self.timeout,
        }
        checked(data, TABLE_DOCUMENT, "table", self)
        return data

    @classmethod
    def from_dict(cls, data: JSON) -> TableInfo:
        """A table document read back.

        Raises:
            FormatError: not a table document of this version, or a field is wrong.
        """
        found: TableInfo = TABLE_DOCUMENT.read(data, "table")
        return found


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
        data = {
            "format": UPDATE_FORMAT,
            "version": VERSION,
            "index": self.index,
            "seat": self.seat,
            "events": [_event_body(event) for event in self.events],
        }
        checked(data, UPDATE_DOCUMENT, "update", self)
        return data

    @classmethod
    def from_dict(cls, data: JSON) -> Update:
        """An update document read back, as a client reads it.

        Raises:
            FormatError: not an update document of this version, or a field is wrong.
        """
        found: Update = UPDATE_DOCUMENT.read(data, "update")
        return found


_NAME: Final = Text(1, MAX_NAME, description="A player's name.")


SEAT_DOCUMENT: Final = Record(
    {
        "seat": SEAT,
        "name": _NAME,
        "token": Text(1, MAX_TOKEN, description="The secret that acts for the seat."),
    },
    lambda values: Credentials(**values),
    what="a seat document",
    header=SEAT_FORMAT,
    ref="seat_document",
    description="A seat's credentials, sent once to the person who sat down: the token acts for the seat.",
)
TABLE_DOCUMENT: Final = Record(
    {
        "seats": Array(
            Record(
                {
                    "seat": SEAT,
                    "name": Nullable(_NAME),
                    "status": Choice({status.value: status for status in SeatStatus}, "a seat status"),
                },
                lambda values: SeatInfo(**values),
                what="a seat",
            ),
            1,
            MAX_PLAYERS,
        ),
        "started": BOOLEAN,
        "over": BOOLEAN,
        "index": Nullable(Integer(0, _MAX_INDEX)),
        "you": Nullable(SEAT),
        "timeout": Number(0, 86_400, description="The seconds a person has for a move before a bot takes over."),
    },
    lambda values: TableInfo(**values),
    what="a table document",
    header=TABLE_FORMAT,
    ref="table_document",
    description="A table's seats, whether its game has started or is over, and the index of its last update.",
)
UPDATE_DOCUMENT: Final = Record(
    {
        "index": Integer(0, _MAX_INDEX),
        "seat": Nullable(SEAT),
        "events": Array(EVENT_IN_MESSAGE, 0, MAX_EVENTS),
    },
    lambda values: Update(**values),
    what="an update",
    header=UPDATE_FORMAT,
    ref="update",
    description="One step's events as a seat may know them (or the public events, seat null), numbered from 0.",
)


def check_seat_name(name: object) -> str:
    """`name` as a seat's name: a player's name (NFC, no hidden characters) of 1..`MAX_NAME` characters, stripped.

    Raises:
        PlayerError: `name` is not such text.
    """
    text = check_name(name.strip() if isinstance(name, str) else name, "seat name")
    if len(text) > MAX_NAME:
        raise PlayerError(f"seat name {shown(text)}: {len(text)} characters, more than {MAX_NAME}")
    return text
