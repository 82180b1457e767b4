"""The events' registry (`wizardrules.events`): every event class declares, in its own class, who may
know it, its sentences in English and German, and what each field holds on the wire; `events_for`,
`to_text`, the wire's readers and writers and the JSON Schema all come from that one declaration.

A new event is the class (with those declarations), the step of the engine that makes it, and the
schema file written again (`python -m wizardrules.wire --output ...`): these tests fail until each is
there.
"""

from __future__ import annotations

import inspect
import json
import string
from typing import Any

import attrs
import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

import wizardrules
from wizardrules import ALL_CARDS, Card, CardKind, CloudChange, Language, Round, Suit, Trick, wire
from wizardrules.events import EVENT_CLASSES, STEP_EVENTS, WIRE, Kind, OnWire, Seen, Shape, _Told, wire_fields

CLASSES = list(EVENT_CLASSES)
NAMES = ("Ann", "Ben", "Cem", "Dan", "Eve", "Fay")
SCHEMA = wire.schema()
EVENT_DOCUMENT = jsonschema.Draft202012Validator({**SCHEMA, "oneOf": [{"$ref": "#/$defs/event_document"}]})


def test_the_registry_holds_every_event_class_once_in_the_order_of_the_module() -> None:
    """`EVENT_CLASSES` is every event of `events.__all__` and every class that tells an event's sentence."""
    public = {getattr(wizardrules.events, name) for name in wizardrules.events.__all__ if name != "Event"}
    told = {cls for cls in vars(wizardrules.events).values() if inspect.isclass(cls) and issubclass(cls, _Told)}
    assert set(CLASSES) == public == told - {_Told}
    assert len(CLASSES) == len(set(CLASSES))
    assert all(getattr(wizardrules, cls.__name__) is cls for cls in CLASSES)  # exported once, by the package too


@pytest.mark.parametrize("cls", CLASSES, ids=lambda cls: cls.__name__)
def test_each_event_declares_who_may_know_it(cls: type) -> None:
    """Its own `_seen`; a hidden bid, change or choice says what the others get, a split event each seat's part."""
    seen = vars(cls).get("_seen")
    assert isinstance(seen, Seen), f"{cls.__name__} does not say who may know it"
    if seen in (Seen.BID, Seen.BID_CHANGE, Seen.CHOICE):
        assert "_hidden" in vars(cls)
        hidden = _sample(cls)._hidden()
        assert type(hidden)._seen is Seen.FOR_SEAT
    if seen is Seen.SPLIT:
        assert "_part" in vars(cls)
        assert type(_sample(cls)._part(0))._seen is Seen.FOR_SEAT
    assert (cls in STEP_EVENTS) == (seen is not Seen.FOR_SEAT)


@pytest.mark.parametrize("cls", CLASSES, ids=lambda cls: cls.__name__)
def test_each_event_has_its_sentences_in_english_and_german(cls: type) -> None:
    """Its own `_words` (each an English and a German template) and its own `_text`, which uses them."""
    words = vars(cls).get("_words")
    assert words, f"{cls.__name__} has no sentences"
    assert "_text" in vars(cls), f"{cls.__name__} does not write its sentence"
    for key, (english, german) in words.items():
        assert english, (cls.__name__, key)
        assert german not in ("", english), (cls.__name__, key)
        assert set(_fields_of(english)) == set(_fields_of(german)), (cls.__name__, key)


@pytest.mark.parametrize("cls", CLASSES, ids=lambda cls: cls.__name__)
def test_each_field_of_each_event_says_what_it_holds_on_the_wire(cls: type) -> None:
    """Every field's metadata has its `OnWire`; the schema's branch of the event has exactly those fields."""
    for found in attrs.fields(cls):
        assert isinstance(found.metadata.get(WIRE), OnWire), f"{cls.__name__}.{found.name}"
    branches = {branch["properties"]["type"]["const"]: branch for branch in SCHEMA["$defs"]["event_fields"]["oneOf"]}
    branch = branches[cls.__name__]
    names = [name for name, _ in wire_fields(cls)]
    assert list(branch["properties"]) == ["type", *names]
    assert branch["required"] == ["type", *names]
    assert branch["description"]
    assert branch["description"] in " ".join((cls.__doc__ or "").split())


# -- every event, of every shape: sentences, wire and schema -------------------------------------------

_SUIT_CARDS = [card for card in ALL_CARDS if card.kind is CardKind.SUIT]


@st.composite
def _trick(draw: st.DrawFn, n: int, complete: bool = False) -> Trick:
    count = n if complete else draw(st.integers(0, n))
    cards = draw(st.lists(st.sampled_from(_SUIT_CARDS), min_size=count, max_size=count, unique=True))
    trump = draw(st.none() | st.sampled_from(list(Suit)))
    return Trick(leader=draw(st.integers(0, n - 1)), players=n, trump=trump, cards=tuple(cards))


@st.composite
def _round(draw: st.DrawFn, n: int) -> Round:
    cards = draw(st.integers(1, 60 // n))
    bids = tuple(draw(st.lists(st.integers(0, cards), min_size=n, max_size=n)))
    return Round(
        number=draw(st.integers(1, 1000)),
        cards=cards,
        dealer=draw(st.integers(0, n - 1)),
        bids=bids,
        final_bids=bids,
        blind=tuple(draw(st.lists(st.booleans(), min_size=n, max_size=n))),
        tricks=tuple(draw(st.lists(st.integers(0, cards), min_size=n, max_size=n))),
        points=tuple(draw(st.lists(st.integers(-500, 500), min_size=n, max_size=n))),
        bombs=draw(st.integers(0, 2)),
        trump=draw(st.none() | st.sampled_from(list(Suit))),
    )


def _kind(kind: Kind, n: int) -> st.SearchStrategy[Any]:
    return {
        Kind.SEAT: st.integers(0, n - 1),
        Kind.COUNT: st.integers(0, 67),
        Kind.NUMBER: st.integers(1, 1000),
        Kind.FLAG: st.booleans(),
        Kind.CARD: st.sampled_from(ALL_CARDS),
        Kind.SUIT: st.sampled_from(list(Suit)),
        Kind.CHANGE: st.sampled_from(list(CloudChange)),
        Kind.TRICK: _trick(n, complete=True),
        Kind.ROUND: _round(n),
        Kind.POINTS: st.integers(-(2**53 - 1), 2**53 - 1),
        Kind.PLACE: st.integers(1, n),
        Kind.NAME: st.text(string.ascii_letters, min_size=1, max_size=8),
    }[kind]


def _field(on: OnWire, n: int) -> st.SearchStrategy[Any]:
    one = _kind(on.kind, n)
    if on.shape is Shape.OPTIONAL:
        return st.none() | one
    if on.shape is Shape.PER_SEAT:
        return st.lists(one, min_size=n, max_size=n).map(tuple)
    if on.shape is Shape.SOME:
        return st.lists(one, min_size=1, max_size=n).map(tuple)
    return one


@st.composite
def events(draw: st.DrawFn) -> Any:
    """Any event of any class, its fields of their kinds, at a table of 3 to 6."""
    cls = draw(st.sampled_from(CLASSES))
    n = draw(st.integers(3, 6))
    return cls(**{name: draw(_field(on, n)) for name, on in wire_fields(cls)})


_ONE: dict[Kind, Any] = {
    Kind.SEAT: 1,
    Kind.COUNT: 2,
    Kind.NUMBER: 3,
    Kind.FLAG: True,
    Kind.CARD: Card.parse("R7"),
    Kind.SUIT: Suit.BLUE,
    Kind.CHANGE: CloudChange.UP,
    Kind.TRICK: Trick(leader=1, players=3, trump=None, cards=tuple(Card.parse(text) for text in ("R1", "R2", "R3"))),
    Kind.ROUND: Round(
        number=1, cards=1, dealer=0, bids=(0, 1, 0), final_bids=(0, 1, 0), blind=(False,) * 3, tricks=(0, 1, 0),
        points=(20, 30, 20),
    ),
    Kind.POINTS: 10,
    Kind.PLACE: 1,
    Kind.NAME: "Ann",
}  # fmt: skip
"""One value of each kind, for an event at a table of three."""


def _sample(cls: type) -> Any:
    """An event of `cls` at a table of three, each field holding one value of its kind (or one per seat)."""
    fields = {}
    for name, on in wire_fields(cls):
        one = _ONE[on.kind]
        fields[name] = (
            (one,) * (3 if on.shape is Shape.PER_SEAT else 1) if on.shape in (Shape.PER_SEAT, Shape.SOME) else one
        )
    return cls(**fields)


@given(events())
def test_every_event_tells_its_sentence_in_both_languages_and_travels_on_the_wire(event: Any) -> None:
    """Any event of any class: an English and a German sentence, a wire form that reads back equal and validates."""
    english = event.to_text(names=NAMES)
    german = event.to_text(language=Language.DE, names=NAMES)
    assert english
    assert german not in ("", english)
    assert type(event).__name__ not in english
    data = wire.to_dict(event)
    assert wire.event_from_dict(data) == event
    document = json.loads(wire.to_json(event))
    EVENT_DOCUMENT.validate(document)
    assert wire.event_from_json(json.dumps(document)) == event


def _fields_of(template: str) -> list[str]:
    return [name for _, name, _, _ in string.Formatter().parse(template) if name]
