"""The readers of `wizardrules.wire` and its JSON Schema accept the same documents, in both directions.

Documents from real games (views of several rule sets, events messages, event documents, actions,
errors, and a table's seat, table and update documents) are changed at one place: a field added or
taken away, a number just inside or just outside a bound, a value of the wrong type, text that is
not canonical, an array grown or cut. For each, what the reader does must be what the schema says:

- a document the reader accepts is valid under the schema, always;
- a document valid under the schema is accepted, unless the reader refuses it for one of the
  reasons no schema can state, which the docs list ("Build a UI", The JSON Schema): a trick's
  cards against the deck, a schedule's trumps against its rounds, a view no game reaches.

The shipped schema file is what `wire.generated_schema()` builds, and every writer refuses what
its reader would.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable
from importlib import resources
from typing import Any

import attrs
import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wizardrules import (
    BidMade,
    BidReveal,
    CardPlayed,
    FormatError,
    HandSeen,
    IllegalActionError,
    Preset,
    Rules,
    Schedule,
    Special,
    Variant,
    new_game,
    parse_action,
    wire,
)
from wizardrules.table import Table
from wizardrules.wire import Credentials, TableInfo, Update, WireError

SCHEMA = wire.schema()


def validator_of(name: str) -> jsonschema.Draft202012Validator:
    """A validator of one document of the schema."""
    return jsonschema.Draft202012Validator({**SCHEMA, "oneOf": [{"$ref": f"#/$defs/{name}"}]})


def _event_document(data: Any) -> object:
    return wire.event_from_json(json.dumps(data))


READERS: dict[str, Callable[[Any], object]] = {
    "view": wire.view_from_dict,
    "events": wire.events_from_dict,
    "event_document": _event_document,
    "action_document": wire.action_from_dict,
    "error": WireError.from_dict,
    "seat_document": Credentials.from_dict,
    "table_document": TableInfo.from_dict,
    "update": Update.from_dict,
}
VALIDATORS = {name: validator_of(name) for name in READERS}
BEYOND_THE_SCHEMA = re.compile(
    r"no game reaches this view"  # view_problem: hands, plays and tricks against the round, and more
    r"|tricks?(\[\d+\])?: trick .* (twice|times)"  # a trick's cards against the deck (R1.1, R1.4)
    r"|rules: schedule .* trumps for"  # a schedule's trumps: none, or one per round
)
"""The refusals of a reader that no schema can state, as the docs list them."""


# -- documents from real games ---------------------------------------------------------------------


def _documents() -> list[tuple[str, dict[str, Any]]]:
    found: list[tuple[str, dict[str, Any]]] = []
    short = Schedule(cards_per_round=(1, 2, 3))
    rule_sets = [
        Rules(schedule=short),
        Rules(schedule=short, bid_reveal=BidReveal.SECRET, special_cards=frozenset(Special)),
        Rules(schedule=short, variants=Variant.BLIND_BIDS | Variant.CLAIRVOYANCE, special_cards=frozenset(Special)),
        Rules(schedule=None, bid_policy=Preset.OFFICIAL.rules().bid_policy),
        Preset.TOURNAMENT.rules(),
    ]
    for number, rules in enumerate(rule_sets):
        rng = random.Random(number)
        state = new_game(3 + number % 4, rules=rules, seed=number)
        step = 0
        while not state.is_over and step < 30:
            action = rng.choice(state.legal_actions())
            state, events = state.step(action)
            step += 1
            if step % 7 == 1 or state.is_over:
                found.append(("view", wire.to_dict(state.view(step % len(state.players)))))
            if events and (step % 5 == 0 or len(events) > 2):
                found.append(("events", wire.events_to_dict(events)))
                found.append(("events", wire.events_to_dict(state.events_for(0, events), seat=0)))
                found.append(("event_document", json.loads(wire.to_json(events[-1]))))
            if step % 6 == 0:
                found.append(("action_document", wire.to_dict(action)))
    state = new_game(3, seed=3)
    try:
        state.step(parse_action("bid 1"), seat=0)
    except IllegalActionError as error:
        found.append(("error", wire.error_to_dict(error, state.view(0))))
    table = Table.new(3, rules=Rules(schedule=Schedule(cards_per_round=(1,))), seed=1, timeout=30.0)
    table, seat = table.sit(0, "Ann", now=0.0)
    table, _ = table.start(now=1.0)
    found.append(("seat_document", seat))
    found.append(("table_document", table.info(seat["token"])))
    found += [("update", update) for update in table.since(seat["token"], -1)]
    return found


DOCUMENTS = _documents()


def test_the_documents_of_real_games_are_read_and_valid() -> None:
    """The starting points: every kind of document, read by its reader and valid under the schema."""
    assert {name for name, _ in DOCUMENTS} == set(READERS)
    for name, data in DOCUMENTS:
        READERS[name](data)
        VALIDATORS[name].validate(data)


# -- changes at one place --------------------------------------------------------------------------


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _paths(value, (*prefix, index))
    return found


_NUMBERS = (0, 1, 2, 3, 5, 6, 7, 66, 67, 68, 999, 1000, 1001, 86_400, 10_000_000, 2**53 - 1, 2**53, 2**60)
_EDGES = (*_NUMBERS, *(-n for n in _NUMBERS if n), 0.5, 2.0, 1e300)
_TEXTS = ("", "R", "G", "red", "R99", "X9", "W", "CLOUD", "CLOUD:G", "bid 1", "bid 01", "play unseen", "up", "ladder")


def _changes(value: Any) -> list[Any]:
    """The values that may stand in `value`'s place: near its bounds, of other types, spelled otherwise."""
    changes: list[Any] = [None, True, [], {}, "1"]
    if type(value) in (int, float):
        changes += [value - 1, value + 1, float(value), str(value), *_EDGES]
    elif isinstance(value, str):
        changes += [value + " ", " " + value, value.upper(), value.lower(), value.capitalize()]
        changes += [value.replace(" ", "  "), value.replace(" 1", " 01"), value[:-1], *_TEXTS]
    elif isinstance(value, list):
        changes += [value[:-1], value + value[-1:], value[:1], value * 2, [None], [0]]
    elif isinstance(value, dict):
        changes += [{**value, "extra": 1}, *({k: v for k, v in value.items() if k != key} for key in value)]
    elif value is None:
        changes += [0, -1, "R", "W", "G", "ladder", {"seat": 0, "change": "up"}]
    return changes


@st.composite
def changed_documents(draw: st.DrawFn) -> tuple[str, Any]:
    """A document of a real game, changed at one place."""
    name, data = draw(st.sampled_from(DOCUMENTS))
    path = draw(st.sampled_from(_paths(data)))
    changed = copy.deepcopy(data)
    if not path:
        return name, draw(st.sampled_from(_changes(changed)))
    here = changed
    for key in path[:-1]:
        here = here[key]
    here[path[-1]] = draw(st.sampled_from(_changes(here[path[-1]])))
    return name, changed


def check_agreement(name: str, data: Any) -> bool:
    """Assert that the reader of document `name` and the schema agree on `data`; whether the reader read it."""
    valid = VALIDATORS[name].is_valid(data)
    refusal = ""
    try:
        READERS[name](data)
    except FormatError as error:
        refusal = str(error)
    if not refusal:
        assert valid, f"the reader accepts what the schema refuses: {next(VALIDATORS[name].iter_errors(data)).message}"
        return True
    assert not valid or BEYOND_THE_SCHEMA.search(refusal), f"the schema accepts what the reader refuses: {refusal}"
    return False


@given(changed_documents())
def test_a_document_changed_at_one_place_is_read_exactly_when_the_schema_accepts_it(case: tuple[str, Any]) -> None:
    name, data = case
    check_agreement(name, data)


@given(changed_documents(), st.sampled_from(["format", "version", "type", "seat", "extra"]))
def test_a_document_with_a_field_added_or_taken_away_at_its_top(case: tuple[str, Any], key: str) -> None:
    """The fields of the documents themselves: a header changed, a field taken away, one added."""
    name, data = case
    if isinstance(data, dict):
        taken = {k: v for k, v in data.items() if k != key}
        check_agreement(name, taken)
        check_agreement(name, {**data, key: data.get(key, 1)})


def test_a_sweep_of_every_place_of_small_documents_agrees() -> None:
    """Every place of an action, an error, a seat and a table document, each changed every way: the same answers."""
    kinds = ("action_document", "error", "seat_document", "table_document")
    read = refused = 0
    for name, data in [(name, data) for name, data in DOCUMENTS if name in kinds][:4]:
        for path in _paths(data)[1:]:
            parent = copy.deepcopy(data)
            here = parent
            for key in path[:-1]:
                here = here[key]
            for value in _changes(here[path[-1]]):
                changed = copy.deepcopy(parent)
                spot = changed
                for key in path[:-1]:
                    spot = spot[key]
                spot[path[-1]] = value
                if check_agreement(name, changed):
                    read += 1
                else:
                    refused += 1
    assert read > 20
    assert refused > 200


# -- the cases found by hand -----------------------------------------------------------------------


def _view() -> dict[str, Any]:
    return wire.to_dict(new_game(["Ann", "Ben", "Cem"], seed=3).view(2))


def _action(text: Any = "bid 1", **more: Any) -> dict[str, Any]:
    return {"format": "wizardrules/action", "version": 2, "action": text, **more}


@pytest.mark.parametrize(
    "data",
    [
        _action(extra=1),
        _action("bid  1"),
        _action(" bid 1"),
        _action("Bid 1"),
        _action("bid 01"),
        _action("bid 1 "),
        _action("play R99"),
        _action("pass CLOUD:G"),
    ],
    ids=repr,
)
def test_an_action_document_the_schema_refuses_the_reader_refuses(data: dict[str, Any]) -> None:
    assert not VALIDATORS["action_document"].is_valid(data)
    with pytest.raises(FormatError, match=r"^action"):
        wire.action_from_dict(data)


def _changed(change: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    data = _view()
    change(data)
    return data


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (_changed(lambda d: d["rules"].update(house=1)), r"view\.rules\.house: a rule set has no field"),
        (_changed(lambda d: d["rules"].pop("schedule")), r"view\.rules: the field 'schedule' is missing"),
        (_changed(lambda d: d["rules"].update(schedule=None)), r"view\.rules\.schedule: None is not a schedule"),
        (_changed(lambda d: d["current_trick"].update(extra=1)), r"view\.current_trick\.extra: a trick has no field"),
        (_changed(lambda d: d.update(totals=[0, 0, 2**60])), r"view\.totals\[2\]: 1152921504606846976 must be"),
        (_changed(lambda d: d.update(cards=10**6)), r"view\.cards: 1000000 must be a whole number 0\.\.67"),
        (_changed(lambda d: d.update(hand=["R99"])), r"view\.hand\[0\]: 'R99' is not a card"),
        (_changed(lambda d: d.update(seat=3)), r"view\.seat: 3 must be a whole number 0\.\.2"),
        (_changed(lambda d: d["rules"].update(bid_policy={"type": "not-equal"})), r"the field 'first_round_free'"),
        (_changed(lambda d: d["rules"].update(bid_policy={"type": "scorekeeper-hook"})), r"the field 'scorekeeper'"),
        (_changed(lambda d: d["rules"].update(bid_reveal="secret", bid_policy={"type": "equal"})), r"needs open bids"),
        (_changed(lambda d: d["rules"]["bid_policy"].update(type="free", min_cards=1)), r"has no field 'min_cards'"),
    ],
)
def test_a_view_the_schema_refuses_the_reader_refuses(data: dict[str, Any], reason: str) -> None:
    assert not VALIDATORS["view"].is_valid(data)
    with pytest.raises(FormatError, match=reason):
        wire.view_from_dict(data)


def test_a_whole_number_written_with_a_fraction_is_the_number() -> None:
    """JSON has one kind of number, and the schema's integers take 1.0: so does every reader."""
    data = _changed(lambda d: d.update(seat=2.0, version=2.0))
    assert VALIDATORS["view"].is_valid(data)
    assert wire.view_from_dict(data).seat == 2
    assert wire.event_from_dict({"type": "BidHidden", "seat": 1.0}) == wire.event_from_dict(
        {"type": "BidHidden", "seat": 1}
    )


def test_unknown_fields_of_events_and_their_parts_are_refused_by_both() -> None:
    event: dict[str, Any] = {
        "type": "TrickWon",
        "seat": 0,
        "trick": {"players": [1, 2, 0], "trump": None, "cards": ["R1", "R2", "R3"]},
    }
    message = {"format": "wizardrules/events", "version": 2, "seat": None, "events": [event]}
    assert VALIDATORS["events"].is_valid(message)
    for changed, reason in [
        ({**message, "extra": 1}, r"^events\.extra: an events message has no field"),
        ({**message, "events": [{**event, "extra": 1}]}, r"^events\.events\[0\]\.extra: TrickWon has no field"),
        ({**message, "events": [{**event, "format": "wizardrules/event"}]}, r"TrickWon has no field 'format'"),
        ({**message, "events": [{**event, "trick": {**event["trick"], "x": 1}}]}, r"\.trick\.x: a trick has no field"),
        ({**message, "events": [{**event, "seat": 3}]}, r"\.seat: 3 must be a whole number 0\.\.2"),
    ]:
        assert not VALIDATORS["events"].is_valid(changed)
        with pytest.raises(FormatError, match=reason):
            wire.events_from_dict(changed)


def test_a_key_twice_in_one_object_or_a_key_that_is_not_text_is_refused() -> None:
    text = '{"format": "wizardrules/action", "version": 2, "action": "bid 1", "action": "bid 0"}'
    with pytest.raises(FormatError, match=r"^action: the key 'action' appears twice in one object"):
        wire.action_from_json(text)
    nested = wire.to_json(BidMade(seat=1, bid=1, blind=False)).replace('"seat": 1', '"seat": 1, "seat": 2')
    with pytest.raises(FormatError, match=r"^event: the key 'seat' appears twice"):
        wire.event_from_json(nested)
    with pytest.raises(FormatError, match=r"^action: the key 1 is not text"):
        wire.action_from_dict({1: 1, "format": "wizardrules/action", "version": 2, "action": "bid 1"})
    with pytest.raises(FormatError, match=r"^view: the key \(1, 2\) is not text"):
        wire.view_from_dict({**_view(), (1, 2): 0})
    with pytest.raises(FormatError, match=r"^event: not JSON"):
        wire.event_from_json('{"type": "BidHidden", "seat": NaN}')


def test_a_value_that_json_does_not_have_is_named_as_such() -> None:
    with pytest.raises(FormatError, match=r"expected an object, got a Python set, which JSON does not have"):
        wire.action_from_dict({1, 2})
    with pytest.raises(FormatError, match=r"expected an array, got the number 7"):
        wire.events_from_dict({"format": "wizardrules/events", "version": 2, "seat": None, "events": 7})


def test_a_document_of_version_1_is_refused_with_the_way_on() -> None:
    """Version 2 changed suits, the ladder and tricks: a version 1 document is refused, and the reason says why."""
    with pytest.raises(FormatError, match=r"^action\.version: 1 is not supported: this reads version 2 .* updated"):
        wire.action_from_json('{"format": "wizardrules/action", "version": 1, "action": "bid 1"}')


# -- writers refuse what readers would -------------------------------------------------------------


@pytest.mark.parametrize(
    "value",
    [
        HandSeen(seat=-1),
        HandSeen(seat=6),
        BidMade(seat=0, bid="1", blind=False),  # type: ignore[arg-type]
        BidMade(seat=0, bid=68, blind=False),
        BidMade(seat=0, bid=1, blind=1),  # type: ignore[arg-type]
        CardPlayed(seat=True, card=parse_action("play R1").card),  # type: ignore[union-attr]
    ],
    ids=repr,
)
def test_a_writer_refuses_an_event_its_reader_would(value: Any) -> None:
    with pytest.raises(FormatError, match=r"has no wire form"):
        wire.to_dict(value)
    with pytest.raises(FormatError, match=r"has no wire form"):
        wire.events_to_json([value])


def test_a_writer_refuses_a_view_or_a_table_document_its_reader_would() -> None:
    view = new_game(["Ann", "Ben", "Cem"], seed=3).view(2)
    for changed in (attrs.evolve(view, seat=5), attrs.evolve(view, cards=99), attrs.evolve(view, hand_sizes=(1, 1))):
        with pytest.raises(FormatError, match=r"^PlayerView .* has no wire form"):
            wire.to_json(changed)
        with pytest.raises(FormatError, match=r"^PlayerView .* has no wire form"):
            wire.to_dict(changed)
    assert wire.view_from_json(wire.to_json(attrs.evolve(view))) == view  # a view made again, unchanged, is written
    with pytest.raises(FormatError, match=r"has no wire form: seat\.token"):
        Credentials(seat=0, name="Ann", token="").to_dict()
    with pytest.raises(FormatError, match=r"has no wire form: update\.seat"):
        Update(index=0, seat=9, events=()).to_dict()
    open_seat = wire.SeatInfo(seat=0, name=None, status=wire.SeatStatus.OPEN)
    not_started = TableInfo(seats=(open_seat,), started=False, over=False, index=None, you=None, timeout=0.0)
    with pytest.raises(FormatError, match=r"has no wire form: table\.timeout"):
        not_started.to_dict()


# -- the schema file -------------------------------------------------------------------------------


def test_the_shipped_schema_file_is_the_generated_schema() -> None:
    """The file is `python -m wizardrules.wire`'s output, byte for byte: write it again after a change to the wire."""
    shipped = resources.files("wizardrules").joinpath("schemas/wire.schema.json").read_text(encoding="utf-8")
    assert shipped == wire._schema_text(), (
        "the schema file is stale: python -m wizardrules.wire --output src/wizardrules/schemas/wire.schema.json"
    )
    assert wire.schema() == wire.generated_schema()
    jsonschema.Draft202012Validator.check_schema(wire.generated_schema())


def test_the_command_prints_and_writes_the_schema(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    from wizardrules.wire.__main__ import main

    assert main([]) == 0
    assert capsys.readouterr().out == wire._schema_text()
    target = tmp_path / "wire.schema.json"
    assert main(["--output", str(target)]) == 0
    assert json.loads(target.read_text(encoding="utf-8")) == wire.schema()


def test_the_schema_holds_every_document_and_its_parts() -> None:
    defs = SCHEMA["$defs"]
    documents = ["view", "events", "event_document", "action_document", "error", "seat_document", "table_document"]
    assert [entry["$ref"] for entry in SCHEMA["oneOf"]] == [f"#/$defs/{name}" for name in [*documents, "update"]]
    assert {"card", "suit", "trump", "trick", "round", "rules", "bid_policy", "event", "event_fields"} <= set(defs)
    assert defs["suit"]["enum"] == ["R", "Y", "G", "B"]
    assert defs["trick"]["properties"]["players"]["enum"][:3] == [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    assert "ladder" in defs["rules"]["properties"]["schedule"]["anyOf"][0]["enum"]
    assert SCHEMA["title"] == "wizardrules wire format, version 2"
