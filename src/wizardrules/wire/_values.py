"""The wire format's values: cards, suits, tricks and rounds written, and every field read with its path."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeVar

from wizardrules._convert import shown
from wizardrules.actions import Action, parse_action
from wizardrules.bidding import CloudChange
from wizardrules.cards import ALL_CARDS, Card, Suit
from wizardrules.engine import Phase
from wizardrules.errors import FormatError, WizardRulesError
from wizardrules.sheet import Round
from wizardrules.tricks import MAX_PLAYERS, Trick

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
