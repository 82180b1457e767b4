"""The JSON wire format of views, events and actions: what a table server sends to a UI, and back.

Three documents travel between a table server and its clients, each an object with a
`format` and a `version` (this module writes and reads version 2; see "Wire versions" in
the docs' page "Build a UI" for what changed):

- a **view** (`"format": "wizardrules/view"`): a [`PlayerView`][wizardrules.PlayerView],
  everything one seat may know, with the seat's legal actions in the notation
  [`parse_action`][wizardrules.parse_action] reads;
- an **events** message (`"format": "wizardrules/events"`): the events of a step, the full
  ones or one seat's ([`GameState.events_for`][wizardrules.GameState.events_for]);
- an **action** (`"format": "wizardrules/action"`): what a client sends back, as notation.

A single event is also a document of its own (`"format": "wizardrules/event"`); inside an
events message the events carry only their `type` and fields. Every field is described
in the docs' page "Build a UI" and in the JSON Schema shipped with the package
([`schema`][wizardrules.wire.schema]), which this module builds from the same declarations
its readers read with ([`generated_schema`][wizardrules.wire.generated_schema]). Cards are
written in their notation (`"R13"`, `"CLOUD:G"`), suits by the notation's letter (`"G"`), a
Cloud's direction as `"up"` or `"down"`, actions in their canonical notation (`"bid 1"`).

Reading is the boundary for untrusted text: anything wrong is a `FormatError` that names
the path of the bad field (`view.hand[2]: ...`), and nothing else escapes. A key twice in
one object is refused too. What a writer writes, the reader reads back equal; what the
reader would refuse, the writer refuses (a `FormatError`).

Examples:
    >>> from wizardrules import new_game, wire
    >>> state = new_game(["Ann", "Ben", "Cem"], seed=3)
    >>> data = wire.to_dict(state.view(2))
    >>> data["format"], data["trump"], data["hand"], data["legal_actions"]
    ('wizardrules/view', 'G', ['G4'], ['bid 0', 'bid 1'])
    >>> wire.view_from_json(wire.to_json(state.view(2))) == state.view(2)
    True
    >>> text = '{"format": "wizardrules/action", "version": 2, "action": "bid 1"}'
    >>> state, events = state.step(wire.action_from_json(text))
    >>> wire.to_dict(events[0])
    {'type': 'BidMade', 'seat': 2, 'bid': 1, 'blind': False}
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from functools import cache
from importlib import resources
from typing import Any, Final

from wizardrules._convert import shown, type_name
from wizardrules.actions import ACTION_CLASSES, Action
from wizardrules.engine import PlayerView
from wizardrules.engine.view import view_problem
from wizardrules.errors import FormatError
from wizardrules.events import Event
from wizardrules.wire._errors import ERROR, ERROR_FORMAT, ErrorCode, WireError, error_to_dict
from wizardrules.wire._events import EVENT, EVENT_IN_MESSAGE, _event_body, event_schemas
from wizardrules.wire._specs import (
    JSON,
    MAX_TEXT,
    VERSION,
    Array,
    Defs,
    Nullable,
    Record,
    T,
    _object,
    check_header,
    loaded,
)
from wizardrules.wire._table import (
    MAX_NAME,
    SEAT_DOCUMENT,
    SEAT_FORMAT,
    TABLE_DOCUMENT,
    TABLE_FORMAT,
    UPDATE_DOCUMENT,
    UPDATE_FORMAT,
    Credentials,
    SeatInfo,
    SeatStatus,
    TableInfo,
    Update,
)
from wizardrules.wire._values import (
    ACTION,
    ACTION_FORMAT,
    ACTION_TEXTS,
    EVENT_FORMAT,
    EVENTS_FORMAT,
    MAX_EVENTS,
    SEAT,
    VIEW_FORMAT,
)
from wizardrules.wire._views import VIEW, view_data, view_text

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
    "generated_schema",
    "schema",
    "to_dict",
    "to_json",
    "view_from_dict",
    "view_from_json",
]

EVENTS: Final = Record(
    {
        "seat": Nullable(SEAT, description="Whose events these are (GameState.events_for); null for the full events."),
        "events": Array(EVENT_IN_MESSAGE, 0, MAX_EVENTS, description="The events of a step, in order."),
    },
    lambda values: values["events"],
    what="an events message",
    header=EVENTS_FORMAT,
    ref="events",
    description="An events message: the events of a step, in order, full or as one seat may know them.",
)
ACTION_DOCUMENT: Final = Record(
    {"action": ACTION},
    lambda values: values["action"],
    what="an action document",
    header=ACTION_FORMAT,
    ref="action_document",
    description="An action, as a client sends it.",
)


# -- documents -------------------------------------------------------------------------------------


def to_dict(value: PlayerView | Event | Action) -> dict[str, JSON]:
    """The wire form of a view (a versioned document), an event (its `type` and fields) or an action.

    Raises:
        FormatError: `value` is none of these; a view of a game whose rules have no saved form
            (a custom bid policy or score rule); or a value made by hand that its reader would
            refuse (a seat out of range, a field of the wrong kind, a view no game reaches).

    Examples:
        >>> from wizardrules import Card, CardPlayed, parse_action
        >>> to_dict(CardPlayed(seat=1, card=Card.parse("CLOUD:G")))
        {'type': 'CardPlayed', 'seat': 1, 'card': 'CLOUD:G'}
        >>> to_dict(parse_action("trump green"))
        {'format': 'wizardrules/action', 'version': 2, 'action': 'trump green'}
    """
    if isinstance(value, PlayerView):
        data = _written(value, view_data)
        _check_view(value, data)
        return data
    if isinstance(value, ACTION_CLASSES):
        text = ACTION_TEXTS.get(value)
        if text is None:
            raise FormatError(
                f"{type_name(value)} {shown(value)} has no wire form: it is not an action of the notation"
            )
        return {"format": ACTION_FORMAT, "version": VERSION, "action": text}
    return _event_body(value)


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


def _check_view(view: PlayerView, data: dict[str, JSON]) -> None:
    """Refuse a view made by hand that the reader would refuse; the engine's views and the reader's pass unchecked."""
    if view._checked:
        return
    try:
        again = view_from_dict(data)
    except FormatError as error:
        raise FormatError(f"PlayerView {shown(view)} has no wire form: {error}") from None
    if again != view:
        raise FormatError(f"PlayerView {shown(view)} has no wire form: it reads back as another view")


def to_json(value: PlayerView | Event | Action, *, indent: int | None = None) -> str:
    """The JSON text of a view, an event (a `"wizardrules/event"` document) or an action.

    Raises:
        FormatError: as for [`to_dict`][wizardrules.wire.to_dict].
    """
    if isinstance(value, PlayerView) and indent is None:
        if not value._checked:
            _check_view(value, _written(value, view_data))
        return _written(value, view_text)
    data = to_dict(value)
    if "format" not in data:  # an event on its own is a document of its own
        data = {"format": EVENT_FORMAT, "version": VERSION, **data}
    return json.dumps(data, indent=indent, ensure_ascii=False)


def events_to_dict(events: Sequence[Event], *, seat: int | None = None) -> dict[str, JSON]:
    """An events message: the events of a step, in order; `seat` says whose they are (`None`: the full events).

    Raises:
        FormatError: an entry is not an event or one its reader would refuse, there are more
            than 1,000, or `seat` is not a seat number.

    Examples:
        >>> from wizardrules import BidHidden
        >>> events_to_dict([BidHidden(seat=0)], seat=1)
        {'format': 'wizardrules/events', 'version': 2, 'seat': 1, 'events': [{'type': 'BidHidden', 'seat': 0}]}
    """
    if seat is not None and (type(seat) is not int or not 0 <= seat <= SEAT.high):
        raise FormatError(f"events seat {shown(seat)} must be a seat 0..{SEAT.high} or None")
    if isinstance(events, (str, bytes)) or not isinstance(events, Sequence):
        raise FormatError(f"events {shown(events)} must be a sequence of events")
    if len(events) > MAX_EVENTS:
        raise FormatError(f"events: {len(events)} events, more than the {MAX_EVENTS} a message holds")
    return {
        "format": EVENTS_FORMAT,
        "version": VERSION,
        "seat": seat,
        "events": [_event_body(event) for event in events],
    }


def events_to_json(events: Sequence[Event], *, seat: int | None = None, indent: int | None = None) -> str:
    """The JSON text of an events message (see [`events_to_dict`][wizardrules.wire.events_to_dict]).

    Raises:
        FormatError: as for [`events_to_dict`][wizardrules.wire.events_to_dict].
    """
    return json.dumps(events_to_dict(events, seat=seat), indent=indent, ensure_ascii=False)


def view_from_dict(data: JSON) -> PlayerView:
    """A view from its wire form.

    Raises:
        FormatError: not a view document of this version, or a field is wrong; the message
            names the field's path (`view.hand[2]: ...`); or a view no game can reach (a table,
            round, hand or trick of the wrong size, counts beyond the round, a card seen more
            often than the deck holds it).
    """
    view: PlayerView = VIEW.read(data, "view")
    problem = view_problem(view)
    if problem:
        raise FormatError(f"view: no game reaches this view: {problem}")
    object.__setattr__(view, "_checked", True)  # the reader's own: written again without a check
    return view


def view_from_json(text: str | bytes) -> PlayerView:
    """A view from its JSON text.

    Raises:
        FormatError: not JSON, too long or too deeply nested, a key twice in one object, or as
            for [`view_from_dict`][wizardrules.wire.view_from_dict].
    """
    return view_from_dict(loaded(text, "view"))


def event_from_dict(data: JSON) -> Event:
    """An event from its wire form: its `type` and fields, or its document (with `format` and `version`).

    Raises:
        FormatError: not an event, or a field is wrong; the message names the field's path.

    Examples:
        >>> event_from_dict({"type": "BidHidden", "seat": 2})
        BidHidden(seat=2)
    """
    found = _object(data, "event")
    if "format" in found or "version" in found:
        return _event_document(found)
    event: Event = EVENT.read(found, "event")
    return event


def _event_document(data: JSON) -> Event:
    found = _object(data, "event")
    check_header(found, EVENT_FORMAT, "event")
    event: Event = EVENT.read({key: value for key, value in found.items() if key not in ("format", "version")}, "event")
    return event


def event_from_json(text: str | bytes) -> Event:
    """An event from its JSON document (`"format": "wizardrules/event"`).

    Raises:
        FormatError: not JSON, not an event document of this version, or a field is wrong.
    """
    return _event_document(loaded(text, "event"))


def events_from_dict(data: JSON) -> tuple[Event, ...]:
    """The events of an events message.

    Raises:
        FormatError: not an events message of this version, or an event is wrong; the
            message names the path (`events.events[3].seat: ...`).
    """
    events: tuple[Event, ...] = EVENTS.read(data, "events")
    return events


def events_from_json(text: str | bytes) -> tuple[Event, ...]:
    """The events of an events message's JSON text.

    Raises:
        FormatError: not JSON, or as for [`events_from_dict`][wizardrules.wire.events_from_dict].
    """
    return events_from_dict(loaded(text, "events"))


def action_from_dict(data: JSON) -> Action:
    """The action of an action document.

    Raises:
        FormatError: not an action document of this version, or its action is not in the
            canonical notation (`str(action)`: `"bid 1"`, not `"Bid 1"` or `"bid 01"`).
    """
    action: Action = ACTION_DOCUMENT.read(data, "action")
    return action


def action_from_json(text: str | bytes) -> Action:
    """The action of an action document's JSON text, as a client sends it.

    Raises:
        FormatError: not JSON, or as for [`action_from_dict`][wizardrules.wire.action_from_dict].

    Examples:
        >>> action_from_json('{"format": "wizardrules/action", "version": 2, "action": "play CLOUD:G"}')
        Play(card=Card.parse('CLOUD:G'))
    """
    return action_from_dict(loaded(text, "action"))


# -- the schema -------------------------------------------------------------------------------------

_DOCUMENTS: Final = ("view", "events", "event_document", "action_document", "error", "seat_document",
                     "table_document", "update")  # fmt: skip
"""The documents of the wire format, by their names in the schema's `$defs`."""


def generated_schema() -> dict[str, JSON]:
    """The JSON Schema (draft 2020-12) of the wire format, built from the declarations its readers read with.

    Its `$defs` hold one schema per document (`view`, `events`, `event_document`,
    `action_document`, `error`, `seat_document`, `table_document`, `update`) and per part
    (`card`, `trick`, `round`, `rules`, `event`, ...); the whole accepts any of the
    documents. The package ships it ([`schema`][wizardrules.wire.schema] reads the file), and
    `python -m wizardrules.wire` prints it.

    The readers and the schema agree on each document's fields, types, bounds and texts; a
    reader checks more than any schema can state: a trick's cards against the deck, a
    schedule's trumps against its rounds, and that some game reaches a view.

    Examples:
        >>> import json
        >>> generated_schema() == schema()
        True
        >>> generated_schema()["$defs"]["suit"]["enum"]
        ['R', 'Y', 'G', 'B']
        >>> generated_schema()["$defs"]["view"]["properties"]["version"]
        {'const': 2}
    """
    defs: Defs = {}
    for spec in (SEAT,):  # the seat first: the parts every document shares
        spec.schema(defs)
    VIEW.schema(defs)
    EVENTS.schema(defs)
    event_schemas(defs)
    ACTION_DOCUMENT.schema(defs)
    ERROR.schema(defs)
    SEAT_DOCUMENT.schema(defs)
    TABLE_DOCUMENT.schema(defs)
    UPDATE_DOCUMENT.schema(defs)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://wizardrules.github.io/wizardrules/schemas/wire.schema.json",
        "title": f"wizardrules wire format, version {VERSION}",
        "description": "The JSON documents a table server and its clients exchange: a view (format "
        "wizardrules/view), an events message (wizardrules/events), a single event (wizardrules/event), an "
        "action (wizardrules/action), an error (wizardrules/error), and a table's seat, table and update "
        f"documents. Every document has its format and version {VERSION}. Generated by "
        "`python -m wizardrules.wire` from the code that reads the documents.",
        "oneOf": [{"$ref": f"#/$defs/{name}"} for name in _DOCUMENTS],
        "$defs": defs,
    }


def _schema_text() -> str:
    """The text of the shipped schema file: `generated_schema()` as JSON, two spaces a level."""
    return json.dumps(generated_schema(), indent=2, ensure_ascii=False) + "\n"


@cache
def _schema_file() -> str:
    return resources.files("wizardrules").joinpath("schemas/wire.schema.json").read_text(encoding="utf-8")


def schema() -> dict[str, JSON]:
    """The JSON Schema (draft 2020-12) of the wire format, as the package ships it.

    The file is [`generated_schema`][wizardrules.wire.generated_schema] written out, and the
    tests keep it so; reading it is quicker than building it. Its `$defs` hold one schema per
    document (`view`, `events`, `event_document`, `action_document`, `error`,
    `seat_document`, `table_document`, `update`) and per part.

    Examples:
        >>> sorted(schema()["$defs"])[:4]
        ['action', 'action_document', 'bid_policy', 'card']
    """
    loaded_schema: dict[str, JSON] = json.loads(_schema_file())
    return loaded_schema
