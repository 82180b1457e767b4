"""The wire format (`wizardrules.wire`): views, events and actions as versioned JSON.

Over random states of every preset (with random special cards, bid reveal modes, blind bids
and clairvoyance): every seat's view, the full events and every seat's events, and every
legal action round-trip equal through JSON and are valid under the shipped JSON Schema.
Bad JSON is a `FormatError` naming the path of the bad field, and nothing else escapes.
"""

from __future__ import annotations

import contextlib
import copy
import itertools
import json
import random
from typing import Any

import attrs
import jsonschema
import pytest
from attrs import frozen
from hypothesis import given
from hypothesis import strategies as st

from _games import random_states
from wizardrules import (
    BidHidden,
    BidMade,
    BidsRevealed,
    Card,
    CardPlayed,
    FormatError,
    Phase,
    PlayerView,
    PlayUnseen,
    Preset,
    Rules,
    Schedule,
    ScorekeeperHook,
    Variant,
    new_game,
    parse_action,
    wire,
)

VALIDATOR = jsonschema.Draft202012Validator(wire.schema())


def validator_of(name: str) -> jsonschema.Draft202012Validator:
    """A validator of one document kind of the schema (`view`, `events`, `event_document`, `action_document`)."""
    whole = {key: value for key, value in wire.schema().items() if key != "oneOf"}
    return jsonschema.Draft202012Validator({**whole, "$ref": f"#/$defs/{name}"})


VIEW = validator_of("view")
EVENTS = validator_of("events")
EVENT = validator_of("event_document")
ACTION = validator_of("action_document")


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(wire.schema())


def check_round_trips(rng: random.Random, steps: int, preset: Preset | None = None) -> int:
    """Every seat's view, the events and the actions of one random game round-trip equal and match the schema.

    The schema (slow to check) is checked at every eighth step, and for each kind of event and
    action the first time it comes.
    """
    states = random_states(rng, steps, preset)
    checked = 0
    kinds: set[str] = set()
    for step, (before, state) in enumerate(itertools.pairwise(states)):
        sampled = step % 8 == 0
        action = state.actions[-1]
        after, events = before.step(action)
        assert after == state
        for seat in range(len(state.players)):
            view = state.view(seat)
            data = wire.to_dict(view)
            assert json.loads(wire.to_json(view)) == data
            assert wire.view_from_json(wire.to_json(view)) == view
            assert wire.view_from_dict(data) == view
            assert data["legal_actions"] == [str(a) for a in view.legal_actions]
            mine = state.events_for(seat, events)
            message = wire.events_to_dict(mine, seat=seat)
            assert wire.events_from_json(wire.events_to_json(mine, seat=seat)) == mine
            new = {type(event).__name__ for event in mine} - kinds
            if sampled or new:
                VIEW.validate(data)
                EVENTS.validate(message)
                kinds |= new
        full = wire.events_to_dict(events)
        assert wire.events_from_dict(full) == events
        for event in events:
            assert wire.event_from_json(wire.to_json(event)) == event
            assert wire.event_from_dict(wire.to_dict(event)) == event
            if sampled or type(event).__name__ not in kinds:
                EVENT.validate(json.loads(wire.to_json(event)))
                kinds.add(type(event).__name__)
        document = wire.to_dict(action)
        if sampled or type(action).__name__ not in kinds:
            ACTION.validate(document)
            VALIDATOR.validate(document)
            kinds.add(type(action).__name__)
        assert wire.action_from_json(wire.to_json(action)) == action
        checked += 1
    VALIDATOR.validate(wire.to_dict(states[-1].view(0)))
    return checked


@pytest.mark.parametrize("preset", list(Preset), ids=lambda preset: preset.value)
def test_views_events_and_actions_round_trip_and_match_the_schema(preset: Preset, thorough: bool) -> None:
    """Random states of every preset: JSON round trip equal, schema valid (views, full and per-seat events, actions)."""
    games, steps = (3, 80) if thorough else (1, 40)
    checked = sum(check_round_trips(random.Random(seed), steps, preset) for seed in range(games))
    assert checked > games * steps // 2


def test_a_view_of_a_finished_game_round_trips() -> None:
    """R7: the last view, with every finished round and no one to act."""
    state = new_game(["Ann", "Ben", "Cem"], rules=Rules(schedule=None), seed=2)
    rng = random.Random(2)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    view = state.view(1)
    data = wire.to_dict(view)
    VIEW.validate(data)
    assert data["to_move"] is None
    assert data["legal_actions"] == []
    assert len(data["finished_rounds"]) == 20
    assert wire.view_from_dict(data) == view


def test_the_view_lists_the_legal_actions_of_the_seat_to_act_only() -> None:
    state = new_game(["Ann", "Ben", "Cem"], seed=3)
    me = state.to_move
    assert me is not None
    assert state.view(me).legal_actions == state.legal_actions()
    assert all(state.view(seat).legal_actions == () for seat in range(3) if seat != me)


def test_r4_5_a_clairvoyant_view_lists_the_unseen_play_which_names_no_card() -> None:
    """R4.5: in the clairvoyance round a seat does not see its card, so its view lists `play unseen`, no card."""
    rules = Rules(schedule=Schedule(cards_per_round=(1, 2)), variants=Variant.CLAIRVOYANCE)
    state = new_game(["Ann", "Ben", "Cem"], rules=rules, seed=8)
    me = state.to_move
    assert me is not None
    assert state.view(me).legal_actions == state.legal_actions()  # the bids
    while state.phase is not Phase.PLAYING:
        state = state.apply(state.legal_actions()[0])
    me = state.to_move
    assert me is not None
    view = state.view(me)
    assert view.hand is None
    assert view.legal_actions == (PlayUnseen(),)
    data = wire.to_dict(view)
    VIEW.validate(data)
    assert data["legal_actions"] == ["play unseen"]
    assert wire.view_from_dict(data) == view
    action = wire.action_from_json(wire.to_json(PlayUnseen()))
    assert action == PlayUnseen()
    ACTION.validate(wire.to_dict(action))
    after = state.apply(action, seat=me)
    assert after.current_trick.cards == state.view((me + 1) % 3).seen_hands[me]


def test_a_view_under_rules_without_a_saved_form_is_a_format_error() -> None:
    """A custom score rule has no wire form: to_json says so with a FormatError."""

    @frozen
    class HitsOnly:
        def points(self, bid: int, tricks: int, *, blind: bool = False) -> int:
            return 10 if bid == tricks else 0

    state = new_game(["Ann", "Ben", "Cem"], rules=Rules(score_rule=HitsOnly()), seed=1)
    with pytest.raises(FormatError, match=r"view\.rules: score rule"):
        wire.to_json(state.view(0))
    # a built-in policy does have one
    hook = new_game(["Ann", "Ben", "Cem"], rules=Rules(bid_policy=ScorekeeperHook(scorekeeper=1)), seed=1)
    assert wire.view_from_json(wire.to_json(hook.view(0))) == hook.view(0)


# -- bad input ------------------------------------------------------------------------------------


def view_data() -> dict[str, Any]:
    state = new_game(["Ann", "Ben", "Cem"], seed=3)
    for text in ("bid 0", "bid 1", "bid 0"):
        state = state.apply(parse_action(text))
    return wire.to_dict(state.view(0))


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d["hand"].append("X9"), r"^view\.hand\[1\]: 'X9' is not a card"),
        (lambda d: d.__setitem__("seat", 7), r"^view\.seat: 7 must be a whole number 0\.\.2"),
        (lambda d: d.__setitem__("seat", True), r"^view\.seat: True must be a whole number"),
        (lambda d: d.__setitem__("bids", [0, 1]), r"^view\.bids: expected 3 entries, one per player, got 2"),
        (lambda d: d["current_trick"].__setitem__("trump", "purple"), r"^view\.current_trick\.trump: 'purple'"),
        (lambda d: d["current_trick"].__setitem__("cards", ["W"] * 4), r"^view\.current_trick\.cards: expected 0\.\.3"),
        (lambda d: d["current_trick"].__setitem__("cards", ["R1"] * 2), r"^view\.current_trick: trick"),
        (lambda d: d["current_trick"].__setitem__("players", [0, 2, 1]), r"^view\.current_trick\.players: \[0, 2, 1\]"),
        (lambda d: d.__setitem__("trump", "red"), r"^view\.trump: 'red' is not a suit: expected its letter"),
        (lambda d: d.__setitem__("phase", "dancing"), r"^view\.phase: 'dancing' is not a phase"),
        (lambda d: d.__setitem__("legal_actions", ["fly away"]), r"^view\.legal_actions\[0\]: 'fly away'"),
        (lambda d: d.__setitem__("cloud", {"seat": 0, "change": "sideways"}), r"^view\.cloud\.change: 'sideways'"),
        (lambda d: d.pop("totals"), r"^view: the field 'totals' is missing"),
        (lambda d: d.__setitem__("colour", 1), r"^view\.colour: a view has no field 'colour'"),
        (lambda d: d.__setitem__("version", 3), r"^view\.version: 3 is not supported"),
        (lambda d: d.__setitem__("version", 1), r"^view\.version: 1 is not supported: .* must be updated"),
        (lambda d: d.__setitem__("format", "wizardrules/game"), r"^view\.format: 'wizardrules/game' must be"),
        (lambda d: d["rules"].__setitem__("bid_reveal", "shouted"), r"^view\.rules\.bid_reveal: 'shouted' is not"),
        (lambda d: d["rules"].__setitem__("schedule", None), r"^view\.rules\.schedule: None is not a schedule"),
        (lambda d: d["rules"].__setitem__("house", 1), r"^view\.rules\.house: a rule set has no field"),
        (lambda d: d.__setitem__("players", ["Ann"]), r"^view\.players: expected 3\.\.6 entries, one per player"),
    ],
)
def test_bad_view_data_is_a_format_error_naming_the_field(change: Any, path: str) -> None:
    data = view_data()
    change(data)
    with pytest.raises(FormatError, match=path):
        wire.view_from_dict(data)
    with pytest.raises(FormatError, match=path):
        wire.view_from_json(json.dumps(data))


@pytest.mark.parametrize(
    ("data", "path"),
    [
        ({"format": "wizardrules/events", "version": 2, "seat": 0, "events": [{"type": "BidMade", "seat": 0}]},
         r"^events\.events\[0\]: the field 'bid' is missing"),
        ({"format": "wizardrules/events", "version": 2, "seat": 9, "events": []}, r"^events\.seat: 9"),
        ({"format": "wizardrules/events", "version": 2, "seat": None, "events": [{"type": "Nap"}]},
         r"^events\.events\[0\]\.type: 'Nap' is not an event type"),
        ({"format": "wizardrules/events", "version": 2, "seat": None, "events": [{"type": "BidHidden", "seat": 1,
          "bid": 2}]}, r"^events\.events\[0\]\.bid: BidHidden has no field 'bid'"),
    ],
)  # fmt: skip
def test_bad_events_are_a_format_error_naming_the_field(data: Any, path: str) -> None:
    with pytest.raises(FormatError, match=path):
        wire.events_from_dict(data)


def test_bad_actions_and_texts_are_format_errors() -> None:
    with pytest.raises(FormatError, match=r"^action\.action: 'play X9'"):
        wire.action_from_json('{"format": "wizardrules/action", "version": 2, "action": "play X9"}')
    with pytest.raises(FormatError, match=r"^action: not JSON"):
        wire.action_from_json("{")
    with pytest.raises(FormatError, match=r"nested more than 16 deep"):
        wire.view_from_json("[" * 40 + "]" * 40)
    with pytest.raises(FormatError, match=r"^view: expected JSON text"):
        wire.view_from_json(3)  # type: ignore[arg-type]
    with pytest.raises(FormatError, match=r"longer than"):
        wire.events_from_json(" " * (wire.MAX_TEXT + 1))
    with pytest.raises(FormatError, match=r"is not an event"):
        wire.to_dict("bid 1")  # type: ignore[arg-type]
    with pytest.raises(FormatError, match=r"events seat"):
        wire.events_to_dict([], seat=-1)


def test_events_keep_their_fields_and_types() -> None:
    """The examples of the docs: a hidden bid, a reveal, a card."""
    assert wire.to_dict(BidHidden(seat=2)) == {"type": "BidHidden", "seat": 2}
    assert wire.to_dict(BidsRevealed(bids=(1, 0, 2), blind=(False, True, False))) == {
        "type": "BidsRevealed",
        "bids": [1, 0, 2],
        "blind": [False, True, False],
    }
    assert json.loads(wire.to_json(CardPlayed(seat=0, card=Card.parse("SHAPESHIFTER:W")))) == {
        "format": "wizardrules/event",
        "version": 2,
        "type": "CardPlayed",
        "seat": 0,
        "card": "SHAPESHIFTER:W",
    }
    assert wire.event_from_dict({"type": "BidMade", "seat": 1, "bid": 3, "blind": True}) == BidMade(
        seat=1, bid=3, blind=True
    )


def test_the_schema_ships_in_the_package() -> None:
    """The schema is package data, read through importlib.resources."""
    assert wire.schema()["$defs"]["view"]["properties"]["format"] == {"const": "wizardrules/view"}


# -- fuzzing -----------------------------------------------------------------------------------------


def _containers(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8), _containers, max_leaves=12
)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += _paths(value, (*prefix, i))
    return found


_BASE = view_data()
_PATHS = _paths(_BASE)[1:]


@given(st.sampled_from(_PATHS), JSON_VALUES)
def test_a_view_with_any_field_replaced_reads_or_is_a_format_error(path: tuple[Any, ...], value: Any) -> None:
    """Whatever value stands at any place of a view's JSON, reading gives a view or a FormatError."""
    data = copy.deepcopy(_BASE)
    here: Any = data
    for key in path[:-1]:
        here = here[key]
    here[path[-1]] = value
    text = json.dumps(data)
    try:
        view = wire.view_from_json(text)
    except FormatError:
        with pytest.raises(FormatError, match=r"^view"):
            wire.view_from_json(text)
    else:
        assert isinstance(view, PlayerView)


@given(JSON_VALUES)
def test_any_json_is_read_or_refused_with_a_format_error(value: Any) -> None:
    text = json.dumps(value)
    for read in (wire.view_from_json, wire.events_from_json, wire.event_from_json, wire.action_from_json):
        with pytest.raises(FormatError):
            read(text)
    for read_dict in (wire.view_from_dict, wire.events_from_dict, wire.action_from_dict):
        with pytest.raises(FormatError):
            read_dict(value)
    with contextlib.suppress(FormatError):
        wire.event_from_dict(value)


@given(st.sampled_from(sorted(wire.schema()["$defs"]["event_fields"]["oneOf"], key=str)), st.data())
def test_an_event_with_any_field_replaced_reads_or_is_a_format_error(kind: Any, data: st.DataObject) -> None:
    fields = {name: data.draw(JSON_VALUES) for name in kind["required"] if name != "type"}
    data_in = {"type": kind["properties"]["type"]["const"], **fields}
    try:
        wire.event_from_dict(data_in)
    except FormatError:
        with pytest.raises(FormatError, match=r"^event"):
            wire.event_from_dict(data_in)


def test_values_made_by_hand_with_wrong_fields_are_format_errors() -> None:
    """A view or an event built by hand with a field of the wrong kind has no wire form: a FormatError."""
    view = new_game(["Ann", "Ben", "Cem"], seed=3).view(0)
    wrong: list[dict[str, Any]] = [{"hand": ("R5",)}, {"trump": "G"}, {"current_trick": None}]
    for bad in (attrs.evolve(view, **fields) for fields in wrong):
        with pytest.raises(FormatError, match=r"PlayerView .* has no wire form"):
            wire.to_json(bad)
        with pytest.raises(FormatError, match="has no wire form"):
            wire.to_dict(bad)
    with pytest.raises(FormatError, match=r"CardPlayed .* has no wire form"):
        wire.to_json(CardPlayed(seat=0, card="R5"))  # type: ignore[arg-type]
    with pytest.raises(FormatError, match="has no wire form"):
        wire.events_to_json([BidsRevealed(bids=None, blind=None)])  # type: ignore[arg-type]
