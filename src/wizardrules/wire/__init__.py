"""The JSON wire format of views, events and actions: what a table server sends to a UI, and back.

Three documents travel between a table server and its clients, each an object with a
`format` and a `version` (this module writes and reads version 1):

- a **view** (`"format": "wizardrules/view"`): a [`PlayerView`][wizardrules.PlayerView],
  everything one seat may know, with the seat's legal actions in the notation
  [`parse_action`][wizardrules.parse_action] reads;
- an **events** message (`"format": "wizardrules/events"`): the events of a step, the full
  ones or one seat's ([`GameState.events_for`][wizardrules.GameState.events_for]);
- an **action** (`"format": "wizardrules/action"`): what a client sends back, as notation.

A single event is also a document of its own (`"format": "wizardrules/event"`); inside an
events message the events carry only their `type` and fields. Every field is described
in the docs' page "Build a UI" and in the JSON Schema shipped with the package
([`schema`][wizardrules.wire.schema]). Cards are written in their notation (`"R13"`,
`"CLOUD:G"`), suits by name (`"green"`), a Cloud's direction as `"up"` or `"down"`.

Reading is the boundary for untrusted text: anything wrong is a `FormatError` that names
the path of the bad field (`view.hand[2]: ...`), and nothing else escapes. What a writer
writes, the reader reads back equal.

Examples:
    >>> from wizardrules import new_game, wire
    >>> state = new_game(["Ann", "Ben", "Cem"], seed=3)
    >>> data = wire.to_dict(state.view(2))
    >>> data["format"], data["hand"], data["legal_actions"]
    ('wizardrules/view', ['G4'], ['bid 0', 'bid 1'])
    >>> wire.view_from_json(wire.to_json(state.view(2))) == state.view(2)
    True
    >>> text = '{"format": "wizardrules/action", "version": 1, "action": "bid 1"}'
    >>> state, events = state.step(wire.action_from_json(text))
    >>> wire.to_dict(events[0])
    {'type': 'BidMade', 'seat': 2, 'bid': 1, 'blind': False}
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Any

from wizardrules import _codec
from wizardrules._convert import shown, type_name
from wizardrules.actions import ACTION_CLASSES, Action
from wizardrules.engine import PlayerView
from wizardrules.engine._reach import view_problem
from wizardrules.errors import FormatError
from wizardrules.events import Event
from wizardrules.tricks import MAX_PLAYERS
from wizardrules.wire._errors import ERROR_FORMAT, ERROR_SCHEMA_DEFS, ErrorCode, WireError, error_to_dict
from wizardrules.wire._events import _event_body, _event_of
from wizardrules.wire._table import (
    MAX_NAME,
    SEAT_FORMAT,
    TABLE_FORMAT,
    TABLE_SCHEMA_DEFS,
    UPDATE_FORMAT,
    Credentials,
    SeatInfo,
    SeatStatus,
    TableInfo,
    Update,
)
from wizardrules.wire._values import (
    ACTION_FORMAT,
    EVENT_FORMAT,
    EVENTS_FORMAT,
    JSON,
    MAX_TEXT,
    VERSION,
    VIEW_FORMAT,
    T,
    _action_of,
    _each,
    _fail,
    _get,
    _object,
    _optional,
    _seat,
)
from wizardrules.wire._views import _view, _view_of, _view_text

__all__ = [
    "ACTION_FORMAT",
    "ERROR_FORMAT",
    "EVENTS_FORMAT",
    "EVENT_FORMAT",
    "MAX_NAME",
    "MAX_TEXT",
    "SEAT_FORMAT",
    "TABLE_FORMAT",
    "UPDATE_FORMAT",
    "VERSION",
    "VIEW_FORMAT",
    "Credentials",
    "ErrorCode",
    "SeatInfo",
    "SeatStatus",
    "TableInfo",
    "Update",
    "WireError",
    "action_from_dict",
    "action_from_json",
    "error_to_dict",
    "event_from_dict",
    "event_from_json",
    "events_from_dict",
    "events_from_json",
    "events_to_dict",
    "events_to_json",
    "schema",
    "to_dict",
    "to_json",
    "view_from_dict",
    "view_from_json",
]


# -- documents -------------------------------------------------------------------------------------


def to_dict(value: PlayerView | Event | Action) -> dict[str, JSON]:
    """The wire form of a view (a versioned document), an event (its `type` and fields) or an action.

    Raises:
        FormatError: `value` is none of these, or a view of a game whose rules have no saved
            form (a custom bid policy or score rule).

    Examples:
        >>> from wizardrules import Card, CardPlayed, parse_action
        >>> to_dict(CardPlayed(seat=1, card=Card.parse("CLOUD:G")))
        {'type': 'CardPlayed', 'seat': 1, 'card': 'CLOUD:G'}
        >>> to_dict(parse_action("trump green"))
        {'format': 'wizardrules/action', 'version': 1, 'action': 'trump green'}
    """
    if isinstance(value, PlayerView):
        return _written(value, _view)
    if isinstance(value, ACTION_CLASSES):
        return {"format": ACTION_FORMAT, "version": VERSION, "action": str(value)}
    return _written(value, _event_body)


def _written(value: Any, write: Callable[[Any], T]) -> T:
    """`write(value)`; a value made by hand with a field of the wrong kind is a `FormatError`, not a crash."""
    try:
        return write(value)
    except FormatError:
        raise
    except (KeyError, AttributeError, TypeError, ValueError, IndexError, RecursionError) as error:
        kind = type_name(value)
        reason = f"a field holds a value of the wrong kind ({error!r:.80})"
        raise FormatError(f"{kind} {shown(value)} has no wire form: {reason}") from None


def to_json(value: PlayerView | Event | Action, *, indent: int | None = None) -> str:
    """The JSON text of a view, an event (a `"wizardrules/event"` document) or an action.

    Raises:
        FormatError: as for [`to_dict`][wizardrules.wire.to_dict].
    """
    if isinstance(value, PlayerView) and indent is None:
        return _written(value, _view_text)
    data = to_dict(value)
    if "format" not in data:  # an event on its own is a document of its own
        data = {"format": EVENT_FORMAT, "version": VERSION, **data}
    return _written(data, lambda found: json.dumps(found, indent=indent, ensure_ascii=False))


def events_to_dict(events: Sequence[Event], *, seat: int | None = None) -> dict[str, JSON]:
    """An events message: the events of a step, in order; `seat` says whose they are (`None`: the full events).

    Raises:
        FormatError: an entry is not an event, or `seat` is not a seat number.

    Examples:
        >>> from wizardrules import BidHidden
        >>> events_to_dict([BidHidden(seat=0)], seat=1)
        {'format': 'wizardrules/events', 'version': 1, 'seat': 1, 'events': [{'type': 'BidHidden', 'seat': 0}]}
    """
    if seat is not None and (type(seat) is not int or not 0 <= seat < MAX_PLAYERS):
        raise FormatError(f"events seat {shown(seat)} must be a seat 0..{MAX_PLAYERS - 1} or None")
    if isinstance(events, (str, bytes)) or not isinstance(events, Sequence):
        raise FormatError(f"events {shown(events)} must be a sequence of events")
    return {
        "format": EVENTS_FORMAT,
        "version": VERSION,
        "seat": seat,
        "events": [_written(event, _event_body) for event in events],
    }


def events_to_json(events: Sequence[Event], *, seat: int | None = None, indent: int | None = None) -> str:
    """The JSON text of an events message (see [`events_to_dict`][wizardrules.wire.events_to_dict]).

    Raises:
        FormatError: as for [`events_to_dict`][wizardrules.wire.events_to_dict].
    """
    data = events_to_dict(events, seat=seat)
    return _written(data, lambda found: json.dumps(found, indent=indent, ensure_ascii=False))


def _document(data: JSON, format_name: str, what: str) -> Mapping[str, JSON]:
    found = _object(data, what)
    if found.get("format") != format_name:
        raise _fail(f"{what}.format", f"{shown(found.get('format'))} must be {format_name!r}")
    version = found.get("version")
    if type(version) is not int or version != VERSION:
        raise _fail(f"{what}.version", f"{shown(version)} is not supported (this reads {VERSION})")
    return found


def _loaded(text: str | bytes, what: str) -> JSON:
    """The JSON value of `text`, checked for its length and its nesting."""
    if isinstance(text, (str, bytes, bytearray)) and len(text) > MAX_TEXT:
        raise FormatError(f"{what}: the text is longer than {MAX_TEXT} characters")
    if not isinstance(text, (str, bytes, bytearray)):
        raise FormatError(f"{what}: expected JSON text, got {type_name(text)}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise FormatError(f"{what}: not JSON ({shown(str(error))})") from None
    if _codec._depth(data) > _codec.MAX_DEPTH:
        raise FormatError(f"{what}: arrays and objects nested more than {_codec.MAX_DEPTH} deep")
    return data


def view_from_dict(data: JSON) -> PlayerView:
    """A view from its wire form.

    Raises:
        FormatError: not a view document of this version, or a field is wrong; the message
            names the field's path (`view.hand[2]: ...`); or a view no game can reach (a table,
            round, hand or trick of the wrong size, counts beyond the round, a card seen more
            often than the deck holds it).
    """
    view = _view_of(_document(data, VIEW_FORMAT, "view"))
    problem = view_problem(view)
    if problem:
        raise FormatError(f"view: no game reaches this view: {problem}")
    return view


def view_from_json(text: str | bytes) -> PlayerView:
    """A view from its JSON text.

    Raises:
        FormatError: not JSON, too long or too deeply nested, or as for
            [`view_from_dict`][wizardrules.wire.view_from_dict].
    """
    return view_from_dict(_loaded(text, "view"))


def event_from_dict(data: JSON) -> Event:
    """An event from its wire form (its `type` and fields; a `format` and `version`, if present, are checked).

    Raises:
        FormatError: not an event, or a field is wrong; the message names the field's path.

    Examples:
        >>> event_from_dict({"type": "BidHidden", "seat": 2})
        BidHidden(seat=2)
    """
    found = _object(data, "event")
    if "format" in found or "version" in found:
        _document(found, EVENT_FORMAT, "event")
    return _event_of(found, "event")


def event_from_json(text: str | bytes) -> Event:
    """An event from its JSON document (`"format": "wizardrules/event"`).

    Raises:
        FormatError: not JSON, not an event document of this version, or a field is wrong.
    """
    return _event_of(_document(_loaded(text, "event"), EVENT_FORMAT, "event"), "event")


def events_from_dict(data: JSON) -> tuple[Event, ...]:
    """The events of an events message.

    Raises:
        FormatError: not an events message of this version, or an event is wrong; the
            message names the path (`events.events[3].seat: ...`).
    """
    found = _document(data, EVENTS_FORMAT, "events")
    _optional(_get(found, "seat", "events"), "events.seat", _seat)
    return _each(_get(found, "events", "events"), "events.events", _event_of)


def events_from_json(text: str | bytes) -> tuple[Event, ...]:
    """The events of an events message's JSON text.

    Raises:
        FormatError: not JSON, or as for [`events_from_dict`][wizardrules.wire.events_from_dict].
    """
    return events_from_dict(_loaded(text, "events"))


def action_from_dict(data: JSON) -> Action:
    """The action of an action document.

    Raises:
        FormatError: not an action document of this version, or its action is not in the notation.
    """
    found = _document(data, ACTION_FORMAT, "action")
    return _action_of(_get(found, "action", "action"), "action.action")


def action_from_json(text: str | bytes) -> Action:
    """The action of an action document's JSON text, as a client sends it.

    Raises:
        FormatError: not JSON, or as for [`action_from_dict`][wizardrules.wire.action_from_dict].

    Examples:
        >>> action_from_json('{"format": "wizardrules/action", "version": 1, "action": "play CLOUD:G"}')
        Play(card=Card.parse('CLOUD:G'))
    """
    return action_from_dict(_loaded(text, "action"))


@cache
def _schema_text() -> str:
    return resources.files("wizardrules").joinpath("schemas/wire.schema.json").read_text(encoding="utf-8")


def schema() -> dict[str, JSON]:
    """The JSON Schema (draft 2020-12) of the wire format, shipped with the package.

    Its `$defs` hold one schema per document (`view`, `events`, `event_document`,
    `action_document`, and a table's `error`, `seat_document`, `table_document` and
    `update`) and per part; the whole accepts any of the documents.

    Examples:
        >>> sorted(schema()["$defs"])[:4]
        ['action', 'action_document', 'bid_policy', 'card']
    """
    loaded: dict[str, JSON] = json.loads(_schema_text())
    _add_parts(loaded)
    return loaded


def _add_parts(whole: dict[str, JSON]) -> None:
    """Add the error and table documents' schema parts (made in code) to the shipped schema."""
    for parts in (ERROR_SCHEMA_DEFS, TABLE_SCHEMA_DEFS):
        for name, make in parts.items():
            whole["$defs"][name] = make()
            whole["oneOf"].append({"$ref": f"#/$defs/{name}"})
