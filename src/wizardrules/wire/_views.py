"""The wire form of a view: written in its order, with the long parts' texts kept by identity; read by its spec."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Final, Generic

from wizardrules import _codec
from wizardrules.bidding import MAX_ROUNDS, BidPolicy, EqualBids, FreeBids, NotEqualBids, ScorekeeperHook
from wizardrules.cards import MAX_DECK_SIZE, Special
from wizardrules.engine import PlayerView
from wizardrules.errors import FormatError
from wizardrules.rules import BidReveal, FixedTrump, Rules, ScheduleKind, Variant
from wizardrules.scoring import SCORE_LIMIT, TieBreak
from wizardrules.sheet import Round
from wizardrules.sheet._json import round_to_data
from wizardrules.tricks import Trick
from wizardrules.wire._specs import (
    JSON,
    VERSION,
    Array,
    ByType,
    Choice,
    Constant,
    Integer,
    Mapped,
    Nullable,
    Record,
    T,
    Tagged,
    Text,
)
from wizardrules.wire._values import (
    ACTION,
    ACTION_TEXTS,
    BOOLEAN,
    CARD,
    CHANGE,
    COUNT,
    NAME,
    NUMBER,
    PHASE,
    POINTS,
    ROUND,
    SEAT,
    TRICK,
    TRUMP,
    VIEW_FORMAT,
    cards_text,
    write_trick,
)

# -- the rules ------------------------------------------------------------------------------------


def _same(values: dict[str, Any]) -> dict[str, Any]:
    return values


def _policy(name: str, **fields: Any) -> Record[dict[str, Any]]:
    return Record({"type": Constant(name), **fields}, _same, what=f"a {name} bid rule")


_POLICIES: Final[dict[str, tuple[BidPolicy, Record[dict[str, Any]]]]] = {
    "free": (FreeBids(), _policy("free")),
    "not-equal": (
        NotEqualBids(),
        _policy("not-equal", first_round_free=BOOLEAN, min_cards=Integer(1, MAX_DECK_SIZE)),
    ),
    "equal": (EqualBids(), _policy("equal")),
    "scorekeeper-hook": (ScorekeeperHook(scorekeeper=0), _policy("scorekeeper-hook", scorekeeper=SEAT)),
}
"""Each built-in bid policy by its saved name (`_codec`): one of it, and its fields."""
BID_POLICY: Final[Tagged[dict[str, Any]]] = Tagged(
    "type",
    {name: record for name, (_, record) in _POLICIES.items()},
    what="a bid rule",
    ref="bid_policy",
    description="The bid restriction (R4.2): free, not-equal (with first_round_free, min_cards), equal, or "
    "scorekeeper-hook (with scorekeeper, a seat).",
)
_OPEN_ONLY: Final = [name for name, (policy, _) in _POLICIES.items() if policy.needs_open_bids]
"""The bid policies that need open bids (R4.3): the rules refuse them with hidden bids."""

_SCHEDULE: Final = Record(
    {
        "name": Text(description="A short name for display."),
        "cards_per_round": Array(Integer(1, MAX_DECK_SIZE), 1, MAX_ROUNDS, description="Cards dealt, per round."),
        "trumps": Array(
            Nullable(Choice({trump.value: trump.value for trump in FixedTrump}, "a fixed trump")),
            0,
            MAX_ROUNDS,
            description="Per round, its fixed trump by letter ('none' for no trump), or null to turn up a card; "
            "empty, or one per round.",
        ),
    },
    _same,
    what="a schedule",
)
SCHEDULE: Final[ByType[Any]] = ByType(
    Choice({kind.value: kind.value for kind in ScheduleKind}, "a built-in schedule"),
    _SCHEDULE,
    expected="a schedule: a built-in one's name or an object",
    description="The rounds: a built-in schedule's name ('ladder' for the rulebook's, R2.2), or the cards per round "
    "with each round's fixed trump.",
)
SCORE_RULE: Final = Record(
    {
        "type": Constant("standard"),
        **{
            name: Integer(-SCORE_LIMIT, SCORE_LIMIT)
            for name in ("hit_bonus", "per_trick", "miss_penalty", "blind_multiplier")
        },
    },
    _same,
    what="a score rule",
    description="The score rule (R6): the standard one with its numbers.",
)


def _rules(values: dict[str, Any]) -> Rules:
    data = {**values, "variants": list(values["variants"]), "special_cards": list(values["special_cards"])}
    schedule = values["schedule"]
    if isinstance(schedule, dict):
        lists = {"cards_per_round": list(schedule["cards_per_round"]), "trumps": list(schedule["trumps"])}
        data["schedule"] = {**schedule, **lists}
    try:
        return _codec.rules_from_data(data)
    except FormatError as error:  # the rules refuse a combination: say it once, at the rules' path
        raise FormatError(str(error).removeprefix("rules: ")) from None


_VARIANTS: Final = tuple(variant for variant in Variant if variant is not Variant.NONE)


RULES: Final = Record(
    {
        "bid_policy": BID_POLICY,
        "bid_reveal": Choice({reveal.value: reveal.value for reveal in BidReveal}, "a bid reveal (R4.3)"),
        "variants": Array(
            Choice({str(variant.name): str(variant.name) for variant in _VARIANTS}, "a variant"),
            0,
            len(_VARIANTS),
            unique=True,
            description="The variants on (R4.4, R4.5).",
        ),
        "special_cards": Array(
            Choice({special.value: special.value for special in Special}, "a special card"),
            0,
            len(Special),
            unique=True,
            description="The special cards in the deck (R8).",
        ),
        "schedule": SCHEDULE,
        "score_rule": SCORE_RULE,
        "tiebreak": Choice({tiebreak.value: tiebreak.value for tiebreak in TieBreak}, "a tie-break (R7.2)"),
    },
    _rules,
    what="a rule set",
    extra={
        "if": {"properties": {"bid_policy": {"properties": {"type": {"enum": _OPEN_ONLY}}}}},
        "then": {"properties": {"bid_reveal": {"const": BidReveal.OPEN.value}}},
    },
    ref="rules",
    description="The game's rules, as a saved game writes them.",
)


def _rules_data(rules: Rules) -> dict[str, JSON]:
    try:
        return _codec.rules_to_data(rules)
    except FormatError as error:
        raise FormatError(f"view.rules: {error}") from None


# -- the view ------------------------------------------------------------------------------------


def _cloud(values: dict[str, Any]) -> tuple[int, Any]:
    return (values["seat"], values["change"])


def _passed(values: dict[str, Any]) -> tuple[Any, Any]:
    return (values["given"], values["received"])


def _view(values: dict[str, Any]) -> PlayerView:
    return PlayerView(**values)


def _bid_set(bids: tuple[int, ...]) -> frozenset[int]:
    return frozenset(bids)


def _bid_list(bids: frozenset[int]) -> tuple[int, ...]:
    return tuple(sorted(bids))


def _per_seat(item: Any, description: str) -> Array[Any]:
    return Array(item, per_seat=True, description=description)


VIEW: Final = Record(
    {
        "seat": SEAT,
        "players": Array(NAME, per_seat=True, description="The players' names in seat order."),
        "round_number": NUMBER,
        "rounds": Integer(1, MAX_ROUNDS, description="The number of rounds in the game."),
        "cards": Integer(0, MAX_DECK_SIZE, description="Cards dealt to each player this round."),
        "dealer": SEAT,
        "phase": PHASE,
        "to_move": Nullable(SEAT, description="The seat to act; null when the game is over."),
        "trump": TRUMP,
        "turned_up": Nullable(CARD, description="The card turned up for trump, if any (R3.1)."),
        "hand": Nullable(
            Array(CARD),
            description="This seat's cards; null while it may not see them (before looking with blind bids, R4.4; "
            "in a clairvoyance round, R4.5).",
        ),
        "seen_hands": _per_seat(
            Nullable(Array(CARD)),
            "Per seat, the cards this seat sees in that hand (others' in a clairvoyance round, else null); "
            "its own entry is hand.",
        ),
        "hand_sizes": _per_seat(COUNT, "How many cards each seat holds."),
        "bids": _per_seat(Nullable(COUNT), "Per seat, the bid when this seat may know it (R4.3), else null."),
        "blind": _per_seat(Nullable(BOOLEAN), "Per seat, whether the bid was blind, when the bid is known, else null."),
        "current_trick": TRICK,
        "tricks_won": _per_seat(COUNT, "Tricks each seat has taken this round."),
        "totals": _per_seat(POINTS, "Each seat's total over the finished rounds."),
        "allowed_bids": Mapped(
            Array(COUNT, 0, MAX_DECK_SIZE + 1, unique=True, description="The bids this seat may make, ascending."),
            _bid_set,
            _bid_list,
        ),
        "werewolf": Nullable(SEAT, description="The seat that swapped the Werewolf for the turned-up card (R8.6)."),
        "cloud": Nullable(
            Record({"seat": SEAT, "change": CHANGE}, _cloud, what="a Cloud's change"),
            description="This round's Cloud change (R8.2), when this seat may know that seat's bid.",
        ),
        "passing": Nullable(CARD, description="While passing after the Juggler (R8.3), the card this seat chose."),
        "passed": Array(
            Record({"given": CARD, "received": CARD}, _passed, what="a passing"),
            description="This round's passings as this seat saw them (R8.3).",
        ),
        "legal_actions": Array(
            ACTION,
            0,
            len(ACTION_TEXTS),
            description="The actions this seat may take now, in the canonical notation of parse_action; empty "
            "when another seat is to act.",
        ),
        "rules": RULES,
        "completed_tricks": Array(TRICK, description="This round's finished tricks."),
        "finished_rounds": Array(
            ROUND, 0, MAX_ROUNDS, description="The finished rounds, as the score sheet records them."
        ),
    },
    _view,
    what="a view",
    table="players",
    header=VIEW_FORMAT,
    ref="view",
    description="Everything one seat may know at one moment: a PlayerView.",
)


def _view_now(view: PlayerView) -> dict[str, JSON]:
    """The view's fields in their order, but for the three long ones that come last (see `_view`)."""
    cloud = view.cloud
    hand = None if view.hand is None else cards_text(view.hand)
    texts = ACTION_TEXTS
    trump = view.trump
    turned = view.turned_up
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
        "trump": None if trump is None else trump.value,
        "turned_up": None if turned is None else CARD.texts[turned],
        "hand": hand,
        "seen_hands": [
            None if seen is None else list(hand) if seen is view.hand and hand is not None else cards_text(seen)
            for seen in view.seen_hands
        ],
        "hand_sizes": list(view.hand_sizes),
        "bids": list(view.bids),
        "blind": list(view.blind),
        "current_trick": write_trick(view.current_trick),
        "tricks_won": list(view.tricks_won),
        "totals": list(view.totals),
        "allowed_bids": sorted(view.allowed_bids),
        "werewolf": view.werewolf,
        "cloud": None if cloud is None else {"seat": cloud[0], "change": CHANGE.texts[cloud[1]]},
        "passing": None if view.passing is None else CARD.texts[view.passing],
        "passed": [{"given": CARD.texts[given], "received": CARD.texts[got]} for given, got in view.passed],
        "legal_actions": [texts[action] for action in view.legal_actions],
    }


def view_data(view: PlayerView) -> dict[str, JSON]:
    """The view's wire form: what changes from step to step first, then the rules, the round's
    finished tricks and the game's finished rounds, which change seldom and are long."""
    return {
        **_view_now(view),
        "rules": _rules_data(view.rules),
        "completed_tricks": [write_trick(trick) for trick in view.completed_tricks],
        "finished_rounds": [round_to_data(r) for r in view.finished_rounds],
    }


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
_RULES_TEXT: Final = _Texts(_rules_data)
_TRICKS_TEXT: Final[_Texts[tuple[Trick, ...]]] = _Texts(lambda tricks: [write_trick(trick) for trick in tricks])
_ROUNDS_TEXT: Final[_Texts[tuple[Round, ...]]] = _Texts(lambda rounds: [round_to_data(r) for r in rounds])
_dumps: Final = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode
"""`json.dumps` of the view's fresh containers, which cannot nest in a cycle: no need to look for one."""


def view_text(view: PlayerView) -> str:
    """The view's JSON text, as `json.dumps(view_data(view))` writes it; the long parts come from `_Texts`."""
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
