"""The wire form of a view: written in its order, with the long parts' texts kept by identity; read field by field."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Final, Generic

import attrs

from wizardrules import _codec
from wizardrules._convert import shown
from wizardrules.actions import BIDS, BLIND_BIDS, CHANGES, LOOK, PASSES, PLAYS, TRUMPS, Action
from wizardrules.cards import Card
from wizardrules.engine import PlayerView
from wizardrules.errors import FormatError
from wizardrules.rules import Rules
from wizardrules.sheet import Round
from wizardrules.tricks import MAX_PLAYERS, Trick
from wizardrules.wire._events import _points
from wizardrules.wire._values import (
    _CARD_TEXT,
    _CHANGE_NAME,
    _PHASE_OF_VALUE,
    JSON,
    VERSION,
    VIEW_FORMAT,
    T,
    _action_of,
    _bool,
    _card,
    _cards,
    _change_of,
    _each,
    _fail,
    _get,
    _int,
    _object,
    _optional,
    _round,
    _round_of,
    _str,
    _suit,
    _suit_of,
    _trick,
    _trick_of,
)

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
