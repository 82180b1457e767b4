"""How the wire format declares a value once, as a `Spec`: how it is read, and what the JSON Schema says of it.

A `Spec` reads a JSON value into a Python value, naming the path of a bad field
(`view.hand[2]: ...`), and describes the same value in the JSON Schema: the readers and
the schema come from one declaration, so they accept the same documents. What no schema
can state (a trick's cards against the deck, a view that no game reaches) the models and
`view_problem` check after the specs, as the docs' page "Build a UI" lists.

Inside a table (a view, a trick, a round, an event with a field per seat) the number of
players `n` bounds more: per-seat arrays hold `n` entries and seats are below `n`. A
`Record` with a `table` field learns `n` from it and reads its other fields with it; the
schema says the same with one branch per table size (`bound`).

The game's values declared with these specs (seats, cards, actions, tricks, rounds) are in
`_values`; the documents made of them in `_events`, `_views`, `_errors` and `_table`.
"""

from __future__ import annotations

import abc
import json
from collections.abc import Callable, Mapping
from typing import Any, Final, Generic, TypeVar

from wizardrules import _codec
from wizardrules._convert import shown, type_name
from wizardrules.cards import MAX_DECK_SIZE
from wizardrules.errors import FormatError, WizardRulesError
from wizardrules.tricks import MAX_PLAYERS, MIN_PLAYERS

VERSION: Final = 2
"""The version of every document this module writes and reads (see "Wire versions" in the docs)."""
MAX_TEXT: Final = 4_000_000
"""The longest JSON text a reader takes, in characters; a view of the longest game is far shorter."""
TABLE_SIZES: Final = range(MIN_PLAYERS, MAX_PLAYERS + 1)
"""The numbers of players a table may have (R2.1)."""

JSON = Any
T = TypeVar("T")
U = TypeVar("U")
Defs = dict[str, JSON]
"""The schema's `$defs`, filled while the schema is built."""


def _number(value: JSON) -> JSON:
    """`value`, a whole number written with a fraction (`2.0`) as the whole number: JSON has one kind of number."""
    return int(value) if type(value) is float and value.is_integer() else value


def _fail(path: str, reason: str) -> FormatError:
    return FormatError(f"{path}: {reason}")


def _kind(value: JSON) -> str:
    """What a JSON value is, in words, for a message."""
    if type(value) in (int, float):
        return f"the number {value!r}"
    names = {dict: "an object", list: "an array", str: "text", bool: "true or false", type(None): "null"}
    return names.get(type(value), f"a Python {type_name(value)}, which JSON does not have")


def _object(data: JSON, path: str) -> Mapping[str, JSON]:
    if type(data) is not dict:
        raise _fail(path, f"expected an object, got {_kind(data)}")
    for key in data:
        if type(key) is not str:
            raise _fail(path, f"the key {shown(key)} is not text: JSON keys are text")
    return data


def _get(data: Mapping[str, JSON], key: str, path: str) -> JSON:
    if key not in data:
        raise _fail(path, f"the field {key!r} is missing")
    return data[key]


def _made(path: str, make: Callable[[], T]) -> T:
    """`make()`, with a model's own refusal (a `WizardRulesError`) as a `FormatError` at `path`."""
    try:
        return make()
    except WizardRulesError as error:
        message = str(error)
        raise FormatError(message if message.startswith(path) else f"{path}: {message}") from None


# -- specs ---------------------------------------------------------------------------------------


class Spec(abc.ABC, Generic[T]):
    """One kind of JSON value: read with the path of a bad field, and described in the JSON Schema.

    `ref` names the value's schema in `$defs` (written once, referred to elsewhere).
    """

    ref: str | None = None
    description: str | None = None

    @abc.abstractmethod
    def read(self, value: JSON, path: str, n: int | None = None) -> T:
        """The Python value of `value`, in a table of `n` players if known; a `FormatError` naming `path` if wrong."""

    @abc.abstractmethod
    def _schema(self, defs: Defs) -> dict[str, JSON]:
        """The value's schema in full."""

    def schema(self, defs: Defs) -> dict[str, JSON]:
        """The value's schema, or a reference to it in `defs` (where it is put the first time)."""
        if self.ref is None:
            return self._described(self._schema(defs))
        if self.ref not in defs:
            defs[self.ref] = {}  # taken, while the parts are built
            defs[self.ref] = self._described(self._schema(defs))
        return {"$ref": f"#/$defs/{self.ref}"}

    def _described(self, schema: dict[str, JSON]) -> dict[str, JSON]:
        return schema if self.description is None else {"description": self.description, **schema}

    def bound(self, n: int) -> dict[str, JSON] | None:
        """What more the schema says of the value in a table of `n` players (`None`: nothing)."""
        return None

    def size(self, value: T) -> int | None:
        """The number of players `value` tells, if it tells it (a per-seat array, a trick, a round)."""
        return None

    def write(self, value: T) -> JSON:
        """The JSON value of `value` (the inverse of `read`); a value of the wrong kind may raise anything."""
        return value


class Integer(Spec[int]):
    """A whole number `low..high`; a seat (below the table's size) or a place (up to it) in a table.

    JSON has numbers only: `1.0` is the number 1, and reads as 1.
    """

    def __init__(
        self,
        low: int,
        high: int,
        *,
        seat: bool = False,
        place: bool = False,
        ref: str | None = None,
        description: str | None = None,
    ):
        self.low, self.high, self.seat, self.place = low, high, seat, place
        self.ref, self.description = ref, description

    def read(self, value: JSON, path: str, n: int | None = None) -> int:
        found = _number(value)
        high = self.high if n is None else n - 1 if self.seat else n if self.place else self.high
        if type(found) is not int or not self.low <= found <= high:
            raise _fail(path, f"{shown(value)} must be a whole number {self.low}..{high}")
        return found

    def _schema(self, defs: Defs) -> dict[str, JSON]:
        return {"type": "integer", "minimum": self.low, "maximum": self.high}

    def bound(self, n: int) -> dict[str, JSON] | None:
        if self.seat:
            return {"maximum": n - 1}
        return {"maximum": n} if self.place else None


class Number(Spec[float]):
    """A number above `low` and up to `high`."""

    def __init__(self, low: float, high: float, *, description: str | None = None):
        self.low, self.high, self.description = low, high, description

    def read(self, value: JSON, path: str, n: int | None = None) -> float:
        if type(value) not in (int, float) or not self.low < value <= self.high:
            raise _fail(path, f"{shown(value)} must be a number in ({self.low:g}, {self.high:g}]")
        return float(value)

    def _schema(self, defs: Defs) -> dict[str, JSON]:
        return {"type": "number", "exclusiveMinimum": self.low, "maximum": self.high}


class Boolean(Spec[bool]):
    """True or false."""

    def __init__(self, *, description: str | None = None):
        self.description = description

    def read(self, value: JSON, path: str, n: int | None = None) -> bool:
        if type(value) is not bool:
            raise _fail(path, f"{shown(value)} must be true or false")
        return value

    def _schema(self, defs: Defs) -> dict[str, JSON]:
        return {"type": "boolean"}


class Text(Spec[str]):
    """Text of `low..high` characters (`high` None: any length)."""

    def __init__(self, low: int = 0, high: int | None = None, *, description: str | None = None):
        self.low, self.high, self.description = low, high, description

    def read(self, value: JSON, path: str, n: int | None = None) -> str:
        if type(value) is not str:
            raise _fail(path, f"{shown(value)} must be text")
        if len(value) < self.low or (self.high is not None and len(value) > self.high):
            most = "" if self.high is None else f"..{self.high}"
            raise _fail(path, f"{shown(value)} must be text of {self.low}{most} characters")
        return value

    def _schema(self, defs: Defs) -> dict[str, JSON]:
        schema: dict[str, JSON] = {"type": "string"}
        if self.low:
            schema["minLength"] = self.low
        if self.high is not None:
            schema["maxLength"] = self.high
        return schema


class Constant(Spec[T]):
    """Exactly `value`."""

    def __init__(self, value: T):
        self.value = value

    def read(self, value: JSON, path: str, n: int | None = None) -> T:
        found = _number(value)
        if type(found) is not type(self.value) or found != self.value:
            raise _fail(path, f"{shown(value)} must be {self.value!r}")
        return self.value

    def _schema(self, defs: Defs) -> dict[str, JSON]:
        return {"const": self.value}


class Choice(Spec[T]):
    """One of a fixed set of texts, each standing for a value: a card, a suit, a phase, an action."""

    def __init__(
        self, values: Mapping[str, T], expected: str, *, ref: str | None = None, description: str | None = None
    ):
        self.values = dict(values)
        self.texts = {value: text for text, value in self.values.items()}
        self.expected, self.ref, self.description = expected, ref, description

    def read(self, value: JSON, path: str, n: int | None = None) -> T:
        if type(value) is str and value in self.values:
            return self.values[value]
        raise _fail(path, f"{shown(value)} is not {self.expected}")

    def _schema(self, defs: Defs) -> dict[str, JSON]:
        return {"enum": list(self.values)}

    def write(self, value: T) -> JSON:
        return self.texts[value]


class Nullable(Spec[T | None]):
    """A value of `inner`, or null."""

    def __init__(self, inner: Spec[T], *, ref: str | None = None, description: str | None = None):
        self.inner, self.ref, self.description = inner, ref, description

    def read(self, value: JSON, path: str, n: int | None = None) -> T | None:
        return None if value is None else self.inner.read(value, path, n)

    def _schema(self, defs: Defs) -> dict[str, JSON]:
        return {"anyOf": [self.inner.schema(defs), {"type": "null"}]}

    def bound(self, n: int) -> dict[str, JSON] | None:
        return self.inner.bound(n)  # the bounds of an array, a number or an object leave null alone

    def write(self, value: T | None) -> JSON:
        return None if value is None else self.inner.write(value)


class Array(Spec[tuple[T, ...]]):
    """An array of `item`: `low..high` entries; one per player (`per_seat`), or at most one per player (`some`)."""

    def __init__(
        self,
        item: Spec[T],
        low: int = 0,
        high: int = MAX_DECK_SIZE,
        *,
        per_seat: bool = False,
        some: bool = False,
        unique: bool = False,
        description: str | None = None,
    ):
        if per_seat:
            low, high = MIN_PLAYERS, MAX_PLAYERS
        self.item, self.low, self.high = item, low, high
        self.per_seat, self.some, self.unique, self.description = per_seat, some, unique, description

    def read(self, value: JSON, path: str, n: int | None = None) -> tuple[T, ...]:
        if type(value) is not list:
            raise _fail(path, f"expected an array, got {_kind(value)}")
        if self.per_seat and n is not None and len(value) != n:
            raise _fail(path, f"expected {n} entries, one per player, got {len(value)}")
        high = n if self.some and n is not None else self.high
        if not self.low <= len(value) <= high:
            each = ", one per player" if self.per_seat else ""
            raise _fail(path, f"expected {self.low}..{high} entries{each}, got {len(value)}")
        found = tuple(self.item.read(item, f"{path}[{i}]", n) for i, item in enumerate(value))
        if self.unique and len(set(found)) != len(found):
            raise _fail(path, f"{shown(value)} names an entry twice")
        return found

    def _schema(self, defs: Defs) -> dict[str, JSON]:
        schema: dict[str, JSON] = {"type": "array", "items": self.item.schema(defs)}
        if self.low:
            schema["minItems"] = self.low
        schema["maxItems"] = self.high
        if self.unique:
            schema["uniqueItems"] = True
        return schema

    def bound(self, n: int) -> dict[str, JSON] | None:
        bound: dict[str, JSON] = {}
        if self.per_seat:
            bound.update(minItems=n, maxItems=n)
        elif self.some:
            bound["maxItems"] = n
        inner = self.item.bound(n)
        if inner is not None:
            bound["items"] = inner
        return bound or None

    def size(self, value: tuple[T, ...]) -> int | None:
        return len(value) if self.per_seat else None

    def write(self, value: tuple[T, ...]) -> JSON:
        return [self.item.write(item) for item in value]


class Mapped(Spec[U], Generic[T, U]):
    """A value of `inner`, made into another Python value (and back, for writing)."""

    def __init__(self, inner: Spec[T], make: Callable[[T], U], unmake: Callable[[U], T]):
        self.inner, self.make, self.unmake = inner, make, unmake

    def read(self, value: JSON, path: str, n: int | None = None) -> U:
        return self.make(self.inner.read(value, path, n))

    def _schema(self, defs: Defs) -> dict[str, JSON]:
        return self.inner.schema(defs)

    def bound(self, n: int) -> dict[str, JSON] | None:
        return self.inner.bound(n)

    def write(self, value: U) -> JSON:
        return self.inner.write(self.unmake(value))


class Record(Spec[T]):
    """An object with exactly `fields`, made into a Python value by `make`.

    `table` names the field that tells the number of players, when the record is a table of
    its own (a view, a trick, a round, an event with a field per seat): the other fields are
    read with it, and the schema has a branch per table size. `header` makes it a document:
    `format` (this) and `version` come first. `closed=False` leaves the schema open to more
    properties, for a record that a wrapper closes (`unevaluatedProperties`).
    """

    def __init__(
        self,
        fields: Mapping[str, Spec[Any]],
        make: Callable[[dict[str, Any]], T],
        *,
        what: str,
        table: str | None = None,
        size: Callable[[T], int] | None = None,
        header: str | None = None,
        unmake: Callable[[T], Mapping[str, Any]] | None = None,
        writer: Callable[[T], JSON] | None = None,
        closed: bool = True,
        extra: Mapping[str, JSON] | None = None,
        ref: str | None = None,
        description: str | None = None,
    ):
        self.extra = {} if extra is None else dict(extra)
        self.fields, self.make, self.what, self.table, self.header = dict(fields), make, what, table, header
        self._size, self._unmake, self._writer = size, unmake, writer
        self.closed, self.ref, self.description = closed, ref, description

    def read(self, value: JSON, path: str, n: int | None = None) -> T:
        data = _object(value, path)
        if self.header is not None:
            check_header(data, self.header, path)
        known = self.fields.keys() | ({"format", "version"} if self.header is not None else set())
        extra = sorted(key for key in data if key not in known)
        if extra:
            raise _fail(f"{path}.{extra[0]}", f"{self.what} has no field {shown(extra[0])}")
        values: dict[str, Any] = {}
        if self.table is not None and n is None:
            spec = self.fields[self.table]
            values[self.table] = spec.read(_get(data, self.table, path), f"{path}.{self.table}")
            n = spec.size(values[self.table])
        for name, spec in self.fields.items():
            if name not in values:
                values[name] = spec.read(_get(data, name, path), f"{path}.{name}", n)
        return _made(path, lambda: self.make(values))

    def _schema(self, defs: Defs) -> dict[str, JSON]:
        properties = {name: spec.schema(defs) for name, spec in self.fields.items()}
        if self.header is not None:
            properties = {"format": {"const": self.header}, "version": {"const": VERSION}, **properties}
        schema: dict[str, JSON] = {"type": "object", "properties": properties, "required": list(properties)}
        if self.closed:
            schema["additionalProperties"] = False
        if self.table is not None:
            schema["oneOf"] = [self.bound(n) or {} for n in TABLE_SIZES]
        return {**schema, **self.extra}

    def bound(self, n: int) -> dict[str, JSON] | None:
        properties = {name: found for name, spec in self.fields.items() if (found := spec.bound(n)) is not None}
        return {"properties": properties} if properties else None

    def size(self, value: T) -> int | None:
        return None if self._size is None else self._size(value)

    def write(self, value: T) -> JSON:
        if self._writer is not None:
            return self._writer(value)
        if self._unmake is None:
            raise FormatError(f"{self.what} {shown(value)} has no writer")
        parts = self._unmake(value)
        return {name: spec.write(parts[name]) for name, spec in self.fields.items()}


class Tagged(Spec[T]):
    """An object whose `tag` field (its type) says which record it is."""

    def __init__(
        self,
        tag: str,
        variants: Mapping[str, Record[Any]],
        *,
        what: str,
        ref: str | None = None,
        description: str | None = None,
    ):
        self.tag, self.variants, self.what, self.ref, self.description = tag, dict(variants), what, ref, description

    def read(self, value: JSON, path: str, n: int | None = None) -> T:
        data = _object(value, path)
        kind = _get(data, self.tag, path)
        variant = self.variants.get(kind) if type(kind) is str else None
        if variant is None:
            names = ", ".join(self.variants)
            raise _fail(f"{path}.{self.tag}", f"{shown(kind)} is not {self.what}; expected one of {names}")
        found: T = variant.read(data, path, n)
        return found

    def _schema(self, defs: Defs) -> dict[str, JSON]:
        return {"oneOf": [variant.schema(defs) for variant in self.variants.values()]}

    def bound(self, n: int) -> dict[str, JSON] | None:
        properties: dict[str, JSON] = {}
        for variant in self.variants.values():
            found = variant.bound(n)
            if found is not None:
                properties.update(found["properties"])
        return {"properties": properties} if properties else None


class ByType(Spec[T]):
    """Text read by `text`, or an object read by `record`."""

    def __init__(self, text: Spec[T], record: Spec[T], *, expected: str, description: str | None = None):
        self.text, self.record, self.expected, self.description = text, record, expected, description

    def read(self, value: JSON, path: str, n: int | None = None) -> T:
        if type(value) is str:
            return self.text.read(value, path, n)
        if type(value) is dict:
            return self.record.read(value, path, n)
        raise _fail(path, f"{shown(value)} is not {self.expected}")

    def _schema(self, defs: Defs) -> dict[str, JSON]:
        return {"anyOf": [self.text.schema(defs), self.record.schema(defs)]}


def checked(data: JSON, spec: Spec[T], what: str, value: T) -> None:
    """Refuse to have written `data` for `value` unless the reader reads `value` back from it: every writer
    refuses what its reader would."""
    try:
        again = spec.read(data, what)
    except FormatError as error:
        raise FormatError(f"{type_name(value)} {shown(value)} has no wire form: {error}") from None
    if again != value:
        raise FormatError(f"{type_name(value)} {shown(value)} has no wire form: it reads back as {shown(again)}")


# -- the documents' header, and JSON text ----------------------------------------------------------


def check_header(data: Mapping[str, JSON], format_name: str, what: str) -> None:
    """Refuse a document that is not of `format_name`, or of another version of the wire format."""
    if data.get("format") != format_name or type(data.get("format")) is not str:
        raise _fail(f"{what}.format", f"{shown(data.get('format'))} must be {format_name!r}")
    version = _number(data.get("version"))
    if version == 1 and type(version) is int:
        raise _fail(
            f"{what}.version",
            f"1 is not supported: this reads version {VERSION} of the wire format; a client of version 1 "
            "must be updated (see 'Wire versions')",
        )
    if type(version) is not int or version != VERSION:
        raise _fail(f"{what}.version", f"{shown(data.get('version'))} is not supported (this reads {VERSION})")


def loaded(text: str | bytes, what: str) -> JSON:
    """The JSON value of `text`, checked for its length, its nesting and keys that appear twice in one object."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise FormatError(f"{what}: expected JSON text, got {type_name(text)}")
    if len(text) > MAX_TEXT:
        raise FormatError(f"{what}: the text is longer than {MAX_TEXT} characters")
    try:
        data = json.loads(text, object_pairs_hook=_codec.strict_pairs, parse_constant=_codec.no_constant)
    except _codec.TwiceError as error:
        raise FormatError(f"{what}: the key {shown(error.args[0])} appears twice in one object") from None
    except (ValueError, RecursionError) as error:
        raise FormatError(f"{what}: not JSON ({shown(str(error))})") from None
    if _codec._depth(data) > _codec.MAX_DEPTH:
        raise FormatError(f"{what}: arrays and objects nested more than {_codec.MAX_DEPTH} deep")
    return data
