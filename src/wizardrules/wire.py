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
from typing import Any, Final, Generic, TypeVar

import attrs

from wizardrules import _codec
from wizardrules._convert import shown
from wizardrules.actions import (
    ACTION_CLASSES,
    BIDS,
    BLIND_BIDS,
    CHANGES,
    LOOK,
    PASSES,
    PLAYS,
    TRUMPS,
    Action,
    parse_action,
)
from wizardrules.bidding import CloudChange
from wizardrules.cards import ALL_CARDS, Card, Suit
from wizardrules.engine import Phase, PlayerView
from wizardrules.errors import FormatError, WizardRulesError
from wizardrules.events import (
    BidChanged,
    BidChangeHidden,
    BidHidden,
    BidMade,
    BidsRevealed,
    CardPassed,
    CardPlayed,
    CardsPassed,
    Event,
    GameOver,
    HandSeen,
    PassHidden,
    PassReceived,
    RoundScored,
    RoundStarted,
    TrickVoided,
    TrickWon,
    TrumpChosen,
)
from wizardrules.rules import Rules
from wizardrules.sheet import Round
from wizardrules.tricks import MAX_PLAYERS, Trick

__all__ = [
    "ACTION_FORMAT",
    "EVENTS_FORMAT",
    "EVENT_FORMAT",
    "VERSION",
    "VIEW_FORMAT",
    "action_from_dict",
    "action_from_json",
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

VIEW_FORMAT: Final = "wizardrules/view"
"""The `format` of a view document."""
EVENTS_FORMAT: Final = "wizardrules/events"
"""The `format` of an events message: the events of a step, full or one seat's."""
EVENT_FORMAT: Final = "wizardrules/event"
"""The `format` of a single event's document."""
ACTION_FORMAT: Final = "wizardrules/action"
"""The `format` of an action document."""
VERSION: Final = 1
"""The version of every document this module writes and reads."""
MAX_TEXT: Final = 4_000_000
"""The longest JSON text a reader takes, in characters; a view of the longest game is far shorter."""

JSON = Any
T = TypeVar("T")

# -- values ------------------------------------------------------------------------------------

_CARD_TEXT: Final = {card: str(card) for card in ALL_CARDS}
_CARD_OF_TEXT: Final = {text: card for card, text in _CARD_TEXT.items()}
_SUIT_NAME: Final = {suit: suit.name.lower() for suit in Suit}
_SUIT_OF_NAME: Final = {name: suit for suit, name in _SUIT_NAME.items()}
_CHANGE_NAME: Final = {change: change.name.lower() for change in CloudChange}
_CHANGE_OF_NAME: Final = {name: change for change, name in _CHANGE_NAME.items()}
_PHASE_OF_VALUE: Final = {phase.value: phase for phase in Phase}
_MAX_COUNT: Final = 100_000
"""The largest count (cards, tricks, rounds) a reader takes: more than any game has."""
_MAX_POINTS: Final = 2**53 - 1
"""The largest total or round score, either way, a reader takes: the largest whole number JavaScript holds exactly."""


def _suit(suit: Suit | None) -> str | None:
    return None if suit is None else _SUIT_NAME[suit]


def _cards(cards: Sequence[Card]) -> list[str]:
    return [_CARD_TEXT[card] for card in cards]


def _trick(trick: Trick) -> dict[str, JSON]:
    return {"leader": trick.leader, "players": trick.players, "trump": _suit(trick.trump), "cards": _cards(trick.cards)}


def _round(r: Round) -> dict[str, JSON]:
    return {
        "number": r.number,
        "cards": r.cards,
        "dealer": r.dealer,
        "bids": list(r.bids),
        "final_bids": list(r.final_bids),
        "blind": list(r.blind),
        "tricks": list(r.tricks),
        "points": list(r.points),
        "bombs": r.bombs,
        "trump": _suit(r.trump),
    }


def _fail(path: str, reason: str) -> FormatError:
    return FormatError(f"{path}: {reason}")


def _object(data: JSON, path: str) -> Mapping[str, JSON]:
    if not isinstance(data, dict):
        raise _fail(path, f"expected an object, got {_kind(data)}")
    return data


def _kind(value: JSON) -> str:
    return {dict: "an object", list: "an array", str: "text", bool: "true or false", type(None): "null"}.get(
        type(value), "a number"
    )


def _get(data: Mapping[str, JSON], key: str, path: str) -> JSON:
    if key not in data:
        raise _fail(path, f"the field {key!r} is missing")
    return data[key]


def _int(value: JSON, path: str, low: int = 0, high: int = _MAX_COUNT) -> int:
    if type(value) is not int or not low <= value <= high:
        raise _fail(path, f"{shown(value)} must be a whole number {low}..{high}")
    return value


def _bool(value: JSON, path: str) -> bool:
    if type(value) is not bool:
        raise _fail(path, f"{shown(value)} must be true or false")
    return value


def _str(value: JSON, path: str) -> str:
    if type(value) is not str:
        raise _fail(path, f"{shown(value)} must be text")
    return value


def _card(value: JSON, path: str) -> Card:
    card = _CARD_OF_TEXT.get(value) if type(value) is str else None
    if card is None:
        raise _fail(path, f"{shown(value)} is not a card in the notation of R1.2 (e.g. 'R13', 'W', 'CLOUD:G')")
    return card


def _suit_of(value: JSON, path: str) -> Suit | None:
    if value is None:
        return None
    suit = _SUIT_OF_NAME.get(value) if type(value) is str else None
    if suit is None:
        raise _fail(path, f"{shown(value)} is not a suit: expected 'red', 'yellow', 'green', 'blue' or null")
    return suit


def _list(value: JSON, path: str, length: int | None = None, most: int = _MAX_COUNT) -> list[JSON]:
    if not isinstance(value, list):
        raise _fail(path, f"expected an array, got {_kind(value)}")
    if length is not None and len(value) != length:
        raise _fail(path, f"expected {length} entries, one per player, got {len(value)}")
    if len(value) > most:
        raise _fail(path, f"expected at most {most} entries, got {len(value)}")
    return value


def _each(value: JSON, path: str, read: Callable[[JSON, str], T], length: int | None = None) -> tuple[T, ...]:
    return tuple(read(item, f"{path}[{i}]") for i, item in enumerate(_list(value, path, length)))


def _optional(value: JSON, path: str, read: Callable[[JSON, str], T]) -> T | None:
    return None if value is None else read(value, path)


def _made(path: str, make: Callable[[], T]) -> T:
    """`make()`, with a model's own refusal (a `WizardRulesError`) as a `FormatError` at `path`."""
    try:
        return make()
    except FormatError as error:
        raise _fail(path, str(error)) from None
    except WizardRulesError as error:
        raise _fail(path, str(error)) from None


def _trick_of(value: JSON, path: str) -> Trick:
    data = _object(value, path)
    leader = _int(_get(data, "leader", path), f"{path}.leader", 0, MAX_PLAYERS - 1)
    players = _int(_get(data, "players", path), f"{path}.players", 3, MAX_PLAYERS)
    trump = _suit_of(_get(data, "trump", path), f"{path}.trump")
    cards = _each(_get(data, "cards", path), f"{path}.cards", _card)
    return _made(path, lambda: Trick(leader=leader, players=players, trump=trump, cards=cards))


def _round_of(value: JSON, path: str) -> Round:
    data = _object(value, path)

    def ints(key: str, low: int = 0, high: int = _MAX_COUNT) -> tuple[int, ...]:
        return _each(_get(data, key, path), f"{path}.{key}", lambda v, p: _int(v, p, low, high))

    fields = {key: _int(_get(data, key, path), f"{path}.{key}") for key in ("number", "cards", "dealer", "bombs")}
    return _made(
        path,
        lambda: Round(
            bids=ints("bids"),
            final_bids=ints("final_bids"),
            blind=_each(_get(data, "blind", path), f"{path}.blind", _bool),
            tricks=ints("tricks"),
            points=ints("points", -_MAX_POINTS, _MAX_POINTS),
            trump=_suit_of(_get(data, "trump", path), f"{path}.trump"),
            **fields,
        ),
    )


def _action_of(value: JSON, path: str) -> Action:
    text = _str(value, path)
    try:
        return parse_action(text)
    except WizardRulesError as error:
        message = str(error)
        raise _fail(path, message if message.startswith(shown(text)) else f"{shown(text)}: {message}") from None


def _change_of(value: JSON, path: str) -> CloudChange:
    change = _CHANGE_OF_NAME.get(value) if type(value) is str else None
    if change is None:
        raise _fail(path, f"{shown(value)} is not a Cloud's change: expected 'up' or 'down'")
    return change


def _seat(value: JSON, path: str) -> int:
    return _int(value, path, 0, MAX_PLAYERS - 1)


# -- events ------------------------------------------------------------------------------------

_Field = tuple[str, Callable[[Any], JSON], Callable[[JSON, str], Any]]
"""A field of an event: its name, how it is written and how it is read (value, path)."""


def _same(value: JSON) -> JSON:
    return value


def _points(value: JSON, path: str) -> int:
    return _int(value, path, -_MAX_POINTS, _MAX_POINTS)


_SEAT: Final[_Field] = ("seat", _same, _seat)
_EVENT_FIELDS: Final[dict[type, tuple[_Field, ...]]] = {
    RoundStarted: (
        ("round_number", _same, lambda v, p: _int(v, p, 1)),
        ("dealer", _same, _seat),
        ("turned_up", lambda c: None if c is None else _CARD_TEXT[c], lambda v, p: _optional(v, p, _card)),
        ("trump", _suit, _suit_of),
        ("werewolf", _same, lambda v, p: _optional(v, p, _seat)),
    ),
    TrumpChosen: (_SEAT, ("suit", _suit, _suit_of)),
    HandSeen: (_SEAT,),
    BidMade: (_SEAT, ("bid", _same, _int), ("blind", _same, _bool)),
    BidHidden: (_SEAT,),
    BidsRevealed: (
        ("bids", list, lambda v, p: _each(v, p, _int)),
        ("blind", list, lambda v, p: _each(v, p, _bool)),
    ),
    CardPlayed: (_SEAT, ("card", _CARD_TEXT.__getitem__, _card)),
    TrickWon: (_SEAT, ("trick", _trick, _trick_of)),
    TrickVoided: (("leader", _same, _seat), ("trick", _trick, _trick_of)),
    BidChanged: (_SEAT, ("change", _CHANGE_NAME.__getitem__, _change_of), ("bid", _same, _int)),
    BidChangeHidden: (_SEAT,),
    CardPassed: (_SEAT, ("card", _CARD_TEXT.__getitem__, _card)),
    PassHidden: (_SEAT,),
    CardsPassed: (("cards", _cards, lambda v, p: _each(v, p, _card)),),
    PassReceived: (
        _SEAT,
        ("given", _CARD_TEXT.__getitem__, _card),
        ("received", _CARD_TEXT.__getitem__, _card),
    ),
    RoundScored: (("round", _round, _round_of), ("totals", list, lambda v, p: _each(v, p, _points))),
    GameOver: (
        ("totals", list, lambda v, p: _each(v, p, _points)),
        ("standings", list, lambda v, p: _each(v, p, lambda s, q: _int(s, q, 1, MAX_PLAYERS))),
        ("winners", list, lambda v, p: _each(v, p, _str)),
    ),
}
_EVENT_OF_TYPE: Final = {cls.__name__: cls for cls in _EVENT_FIELDS}


def _event_body(event: Event) -> dict[str, JSON]:
    fields = _EVENT_FIELDS.get(type(event))
    if fields is None:
        raise FormatError(f"{shown(event)} is not an event")
    body: dict[str, JSON] = {"type": type(event).__name__}
    for name, write, _read in fields:
        body[name] = write(getattr(event, name))
    return body


def _event_of(value: JSON, path: str) -> Event:
    data = _object(value, path)
    kind = _get(data, "type", path)
    cls = _EVENT_OF_TYPE.get(kind) if type(kind) is str else None
    if cls is None:
        names = ", ".join(_EVENT_OF_TYPE)
        raise _fail(f"{path}.type", f"{shown(kind)} is not an event type; expected one of {names}")
    fields = _EVENT_FIELDS[cls]
    known = {"type", "format", "version", *(name for name, _, _ in fields)}
    extra = sorted(key for key in data if key not in known)
    if extra:
        raise _fail(f"{path}.{extra[0]}", f"{kind} has no field {shown(extra[0])}")
    values = {name: read(_get(data, name, path), f"{path}.{name}") for name, _write, read in fields}
    event: Event = _made(path, lambda: cls(**values))
    return event


# -- the view ------------------------------------------------------------------------------------


def _view_now(view: PlayerView) -> dict[str, JSON]:
    """The view's fields in their order, but for the three long ones that come last (see `_view`)."""
    cloud = view.cloud
    hand = None if view.hand is None else _cards(view.hand)
    texts = _ACTION_TEXTS
    return {
        "format": VIEW_FORMAT,
        "version": VERSION,
        "seat": view.seat,
        "players": list(view.players),
        "round_number": view.round_number,
        "rounds": view.rounds,
        "cards": view.cards,
        "dealer": view.dealer,
        "phase": view.phase.value,
        "to_move": view.to_move,
        "trump": _suit(view.trump),
        "turned_up": None if view.turned_up is None else _CARD_TEXT[view.turned_up],
        "hand": hand,
        "seen_hands": [
            None if seen is None else list(hand) if seen is view.hand and hand is not None else _cards(seen)
            for seen in view.seen_hands
        ],
        "hand_sizes": list(view.hand_sizes),
        "bids": list(view.bids),
        "blind": list(view.blind),
        "current_trick": _trick(view.current_trick),
        "tricks_won": list(view.tricks_won),
        "totals": list(view.totals),
        "allowed_bids": sorted(view.allowed_bids),
        "werewolf": view.werewolf,
        "cloud": None if cloud is None else {"seat": cloud[0], "change": _CHANGE_NAME[cloud[1]]},
        "passing": None if view.passing is None else _CARD_TEXT[view.passing],
        "passed": [{"given": _CARD_TEXT[given], "received": _CARD_TEXT[got]} for given, got in view.passed],
        "legal_actions": [texts.get(action) or str(action) for action in view.legal_actions],
    }


_LISTED: Final[tuple[Action, ...]] = (
    LOOK,
    *BIDS,
    *BLIND_BIDS,
    *PLAYS.values(),
    *TRUMPS.values(),
    *CHANGES.values(),
    *PASSES.values(),
)
_ACTION_TEXTS: Final[dict[Action, str]] = {action: str(action) for action in _LISTED}
"""The notation of every action the engine lists, written once."""


def _view(view: PlayerView) -> dict[str, JSON]:
    """The view's wire form: what changes from step to step first, then the rules, the round's
    finished tricks and the game's finished rounds, which change seldom and are long."""
    return {
        **_view_now(view),
        "rules": _rules(view.rules),
        "completed_tricks": [_trick(trick) for trick in view.completed_tricks],
        "finished_rounds": [_round(r) for r in view.finished_rounds],
    }


def _rules(rules: Rules) -> dict[str, JSON]:
    try:
        return _codec.rules_to_data(rules)
    except FormatError as error:
        raise FormatError(f"view.rules: {error}") from None


class _Texts(Generic[T]):
    """The JSON texts of immutable values, kept by identity: a game's rules, a round's finished
    tricks and a game's finished rounds, which every view of a step, and of the steps until the
    next trick or round is done, shares (the engine keeps them as one tuple)."""

    def __init__(self, encode: Callable[[T], JSON]) -> None:
        self._encode = encode
        self._found: dict[int, tuple[T, str]] = {}

    def __call__(self, value: T) -> str:
        found = self._found.get(id(value))
        if found is not None and found[0] is value:
            return found[1]
        text = json.dumps(self._encode(value), ensure_ascii=False)
        if len(self._found) >= _MEMO_SIZE:
            self._found.clear()
        self._found[id(value)] = (value, text)  # the value is kept, so its id is not reused while here
        return text


_MEMO_SIZE: Final = 4096
_RULES_TEXT: Final = _Texts(_rules)
_TRICKS_TEXT: Final[_Texts[tuple[Trick, ...]]] = _Texts(lambda tricks: [_trick(trick) for trick in tricks])
_ROUNDS_TEXT: Final[_Texts[tuple[Round, ...]]] = _Texts(lambda rounds: [_round(r) for r in rounds])
_dumps: Final = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode
"""`json.dumps` of the view's fresh containers, which cannot nest in a cycle: no need to look for one."""


def _view_text(view: PlayerView) -> str:
    """The view's JSON text, as `json.dumps(_view(view))` writes it; the long parts come from `_Texts`."""
    return "".join(
        (
            _dumps(_view_now(view))[:-1],
            ', "rules": ',
            _RULES_TEXT(view.rules),
            ', "completed_tricks": ',
            _TRICKS_TEXT(view.completed_tricks),
            ', "finished_rounds": ',
            _ROUNDS_TEXT(view.finished_rounds),
            "}",
        )
    )


def _view_of(data: Mapping[str, JSON]) -> PlayerView:
    path = "view"
    known = {field.name for field in attrs.fields(PlayerView)} | {"format", "version"}
    extra = sorted(key for key in data if key not in known)
    if extra:
        raise _fail(f"{path}.{extra[0]}", f"a view has no field {shown(extra[0])}")

    def get(key: str) -> JSON:
        return _get(data, key, path)

    players = _each(get("players"), "view.players", _str)
    n = len(players)
    if not 3 <= n <= MAX_PLAYERS:
        raise _fail("view.players", f"{n} names: a game has 3 to {MAX_PLAYERS} players (R2.1)")

    def seat(key: str) -> int:
        return _int(get(key), f"view.{key}", 0, n - 1)

    def per_seat(key: str, read: Callable[[JSON, str], T]) -> tuple[T, ...]:
        return _each(get(key), f"view.{key}", read, n)

    def count(value: JSON, where: str) -> int:
        return _int(value, where)

    def optional_count(value: JSON, where: str) -> int | None:
        return _optional(value, where, _int)

    try:
        rules = _codec.rules_from_data(_object(get("rules"), "view.rules"))
    except FormatError as error:
        message = str(error)
        raise FormatError(message if message.startswith("view.rules") else f"view.rules: {message}") from None
    phase = _PHASE_OF_VALUE.get(get("phase")) if type(get("phase")) is str else None
    if phase is None:
        names = ", ".join(repr(value) for value in _PHASE_OF_VALUE)
        raise _fail("view.phase", f"{shown(get('phase'))} is not a phase; expected one of {names}")
    to_move = _optional(get("to_move"), "view.to_move", lambda v, p: _int(v, p, 0, n - 1))
    hand = _optional(get("hand"), "view.hand", lambda v, p: _each(v, p, _card))
    cloud_data = get("cloud")
    cloud = None
    if cloud_data is not None:
        found = _object(cloud_data, "view.cloud")
        cloud = (
            _int(_get(found, "seat", "view.cloud"), "view.cloud.seat", 0, n - 1),
            _change_of(_get(found, "change", "view.cloud"), "view.cloud.change"),
        )

    def passing(value: JSON, where: str) -> tuple[Card, Card]:
        found = _object(value, where)
        return (
            _card(_get(found, "given", where), f"{where}.given"),
            _card(_get(found, "received", where), f"{where}.received"),
        )

    return PlayerView(
        seat=seat("seat"),
        players=players,
        rules=rules,
        round_number=_int(get("round_number"), "view.round_number", 1),
        rounds=_int(get("rounds"), "view.rounds", 1),
        cards=_int(get("cards"), "view.cards"),
        dealer=seat("dealer"),
        phase=phase,
        to_move=to_move,
        trump=_suit_of(get("trump"), "view.trump"),
        turned_up=_optional(get("turned_up"), "view.turned_up", _card),
        hand=hand,
        seen_hands=per_seat("seen_hands", lambda v, p: _optional(v, p, lambda h, q: _each(h, q, _card))),
        hand_sizes=per_seat("hand_sizes", count),
        bids=per_seat("bids", optional_count),
        blind=per_seat("blind", lambda v, p: _optional(v, p, _bool)),
        current_trick=_trick_of(get("current_trick"), "view.current_trick"),
        completed_tricks=_each(get("completed_tricks"), "view.completed_tricks", _trick_of),
        tricks_won=per_seat("tricks_won", count),
        totals=per_seat("totals", _points),
        finished_rounds=_each(get("finished_rounds"), "view.finished_rounds", _round_of),
        allowed_bids=frozenset(_each(get("allowed_bids"), "view.allowed_bids", count)),
        werewolf=_optional(get("werewolf"), "view.werewolf", lambda v, p: _int(v, p, 0, n - 1)),
        cloud=cloud,
        passing=_optional(get("passing"), "view.passing", _card),
        passed=_each(get("passed"), "view.passed", passing),
        legal_actions=_each(get("legal_actions"), "view.legal_actions", _action_of),
    )


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
        kind = type(value).__name__
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
        raise FormatError(f"{what}: expected JSON text, got {type(text).__name__}")
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
            names the field's path (`view.hand[2]: ...`).
    """
    return _view_of(_document(data, VIEW_FORMAT, "view"))


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

    Its `$defs` hold one schema per document (`view`, `events`, `event`, `action`) and per
    part; the whole accepts any of the documents.

    Examples:
        >>> sorted(schema()["$defs"])[:4]
        ['action', 'action_document', 'bid_policy', 'card']
    """
    loaded: dict[str, JSON] = json.loads(_schema_text())
    return loaded
