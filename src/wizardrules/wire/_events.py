"""The wire form of every event, derived from the events' registry (`wizardrules.events`).

Each event class's fields say what kind of value they hold (`Kind`) and how many (`Shape`);
this module maps each kind to its `Spec` once, so the readers, the writers and the JSON
Schema of every event, a new one too, come from the event's own declaration.
"""

from __future__ import annotations

from typing import Any, Final

from wizardrules._convert import shown
from wizardrules.errors import FormatError
from wizardrules.events import EVENT_CLASSES, Event, Kind, Shape, wire_fields
from wizardrules.wire._specs import (
    JSON,
    VERSION,
    Array,
    Constant,
    Defs,
    Nullable,
    Record,
    Spec,
    Tagged,
)
from wizardrules.wire._values import (
    BOOLEAN,
    CARD,
    CHANGE,
    COUNT,
    EVENT_FORMAT,
    NAME,
    NUMBER,
    PLACE,
    POINTS,
    ROUND,
    SEAT,
    SUIT,
    TRICK,
)

_OF_KIND: Final[dict[Kind, Spec[Any]]] = {
    Kind.SEAT: SEAT,
    Kind.COUNT: COUNT,
    Kind.NUMBER: NUMBER,
    Kind.FLAG: BOOLEAN,
    Kind.CARD: CARD,
    Kind.SUIT: SUIT,
    Kind.CHANGE: CHANGE,
    Kind.TRICK: TRICK,
    Kind.ROUND: ROUND,
    Kind.POINTS: POINTS,
    Kind.PLACE: PLACE,
    Kind.NAME: NAME,
}
"""The spec of each kind of value an event's field holds."""


def _spec(kind: Kind, shape: Shape) -> Spec[Any]:
    spec = _OF_KIND[kind]
    if shape is Shape.OPTIONAL:
        return Nullable(spec)
    if shape is Shape.PER_SEAT:
        return Array(spec, per_seat=True)
    if shape is Shape.SOME:
        return Array(spec, 1, some=True)
    return spec


def _summary(cls: type) -> str:
    """The first paragraph of a class's docstring, on one line."""
    return " ".join((cls.__doc__ or "").strip().split("\n\n", 1)[0].split())


def _record(cls: type[Event]) -> Record[Event]:
    fields = {name: _spec(on.kind, on.shape) for name, on in wire_fields(cls)}
    table = next((name for name, on in wire_fields(cls) if on.shape is Shape.PER_SEAT or on.kind in _TABLES), None)

    def make(values: dict[str, Any]) -> Event:
        event: Event = cls(**{name: values[name] for name in fields})
        return event

    return Record(
        {"type": Constant(cls.__name__), **fields},
        make,
        what=cls.__name__,
        table=table,
        unmake=lambda event: {"type": cls.__name__, **{name: getattr(event, name) for name in fields}},
        closed=False,  # the event and event document close it (unevaluatedProperties)
        description=_summary(cls),
    )


_TABLES: Final = frozenset({Kind.TRICK, Kind.ROUND})
"""The kinds of value that tell the number of players."""
EVENT_RECORDS: Final[dict[str, Record[Event]]] = {cls.__name__: _record(cls) for cls in EVENT_CLASSES}
"""Each event's spec, by its type's name."""
EVENT: Final[Tagged[Event]] = Tagged(
    "type",
    EVENT_RECORDS,
    what="an event type",
    ref="event_fields",
    description="An event's type and fields (open: see event and event_document).",
)


class _InMessage(Spec[Event]):
    """An event inside an events message or an update: its type and fields only."""

    def read(self, value: JSON, path: str, n: int | None = None) -> Event:
        return _event_of(value, path)

    def _schema(self, defs: Defs) -> dict[str, JSON]:
        if "event" not in defs:
            event_schemas(defs)
        return {"$ref": "#/$defs/event"}


EVENT_IN_MESSAGE: Final = _InMessage()
"""An event as an events message and an update hold it."""


def event_schemas(defs: Defs) -> None:
    """Put the events' schemas in `defs`: their fields, an event in a message, and an event's own document."""
    fields = EVENT.schema(defs)
    defs["event"] = {
        "description": "An event inside an events message or an update: its type and its fields, nothing else.",
        **fields,
        "unevaluatedProperties": False,
    }
    defs["event_document"] = {
        "type": "object",
        "description": "A single event as a document of its own.",
        "properties": {"format": {"const": EVENT_FORMAT}, "version": {"const": VERSION}},
        "required": ["format", "version", "type"],
        **fields,
        "unevaluatedProperties": False,
    }


def _event_body(event: Event) -> dict[str, JSON]:
    """An event's wire form, checked: what its reader would refuse is a `FormatError` here."""
    record = EVENT_RECORDS.get(type(event).__name__)
    if record is None or type(event) not in _CLASSES:
        raise FormatError(f"{shown(event)} is not an event")
    try:
        body: dict[str, JSON] = record.write(event)
        again = _event_of(body, "event")
    except FormatError as error:
        reason = str(error).removeprefix("event")
        raise FormatError(f"{type(event).__name__} {shown(event)} has no wire form: {reason.lstrip('.: ')}") from None
    except (KeyError, AttributeError, TypeError, ValueError, IndexError, RecursionError) as error:
        reason = f"a field holds a value of the wrong kind ({error!r:.80})"
        raise FormatError(f"{type(event).__name__} {shown(event)} has no wire form: {reason}") from None
    if again != event:
        raise FormatError(f"{type(event).__name__} {shown(event)} has no wire form: it reads back as {shown(again)}")
    return body


def _event_of(value: JSON, path: str) -> Event:
    """An event from its type and fields (no `format` or `version`: see `event_from_dict`)."""
    found: Event = EVENT.read(value, path)
    return found


_CLASSES: Final = frozenset(EVENT_CLASSES)
