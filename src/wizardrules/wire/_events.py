"""The wire form of every event: its fields, how each is written and how it is read."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from wizardrules._convert import shown
from wizardrules.errors import FormatError
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
from wizardrules.tricks import MAX_PLAYERS
from wizardrules.wire._values import (
    _CARD_TEXT,
    _CHANGE_NAME,
    _MAX_POINTS,
    JSON,
    _bool,
    _card,
    _cards,
    _change_of,
    _each,
    _fail,
    _get,
    _int,
    _made,
    _object,
    _optional,
    _round,
    _round_of,
    _seat,
    _str,
    _suit,
    _suit_of,
    _trick,
    _trick_of,
)

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
