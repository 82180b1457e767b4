"""The game's values on the wire, each declared once as a `Spec`: seats, cards, suits, actions, tricks, rounds.

Every document of the wire format is made of these values; the specs they are declared
with (`_specs`) read each one and describe it in the JSON Schema from the same
declaration.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from wizardrules._convert import shown
from wizardrules.actions import (
    BIDS,
    BLIND_BIDS,
    CHANGES,
    LOOK,
    PASSES,
    PLAY_UNSEEN,
    PLAYS,
    TRUMPS,
    Action,
    parse_action,
)
from wizardrules.bidding import MAX_ROUNDS, CloudChange
from wizardrules.cards import ALL_CARDS, MAX_DECK_SIZE, Card, CardKind, Suit
from wizardrules.engine import Phase
from wizardrules.errors import WizardRulesError
from wizardrules.sheet import Round
from wizardrules.sheet._json import round_to_data
from wizardrules.tricks import MAX_PLAYERS, Trick
from wizardrules.wire._specs import (
    JSON,
    TABLE_SIZES,
    Array,
    Boolean,
    Choice,
    Defs,
    Integer,
    Nullable,
    Record,
    Spec,
    Text,
    _fail,
    _kind,
    _number,
)

VIEW_FORMAT: Final = "wizardrules/view"
"""The `format` of a view document."""
EVENTS_FORMAT: Final = "wizardrules/events"
"""The `format` of an events message: the events of a step, full or one seat's."""
EVENT_FORMAT: Final = "wizardrules/event"
"""The `format` of a single event's document."""
ACTION_FORMAT: Final = "wizardrules/action"
"""The `format` of an action document."""
MAX_POINTS: Final = 2**53 - 1
"""The largest total or round score, either way, a reader takes: the largest whole number JavaScript holds exactly."""
MAX_EVENTS: Final = 1000
"""The most events an events message or an update holds; a step makes a handful."""


class ActionText(Choice[Action]):
    """An action in its canonical notation (as `str(action)` writes it); another spelling is refused, naming it."""

    def read(self, value: JSON, path: str, n: int | None = None) -> Action:
        if type(value) is str and value in self.values:
            return self.values[value]
        if type(value) is not str:
            raise _fail(path, f"{shown(value)} is not an action: expected text in the notation of parse_action")
        try:
            action = parse_action(value)
        except WizardRulesError as error:
            message = str(error)
            raise _fail(path, message if message.startswith(shown(value)) else f"{shown(value)}: {message}") from None
        raise _fail(path, f"{shown(value)} is not in the canonical notation: write {str(action)!r}")


class Seats(Spec[tuple[int, ...]]):
    """The seats of a trick in play order, from its leader: `[2, 0, 1]` at a table of three."""

    ORDERS: Final = {tuple((leader + i) % n for i in range(n)): (leader, n) for n in TABLE_SIZES for leader in range(n)}

    def __init__(self, *, description: str | None = None):
        self.description = description

    def read(self, value: JSON, path: str, n: int | None = None) -> tuple[int, ...]:
        if type(value) is not list:
            raise _fail(path, f"expected an array, got {_kind(value)}")
        if n is not None and len(value) != n:
            raise _fail(path, f"expected {n} entries, one per player, got {len(value)}")
        found = tuple(_number(seat) for seat in value)
        if not all(type(seat) is int for seat in found) or found not in self.ORDERS:
            example = [2, *range(n - 1)] if n else [2, 0, 1]
            raise _fail(path, f"{shown(value)} is not the seats in play order from the leader, e.g. {example}")
        return found

    def _schema(self, defs: Defs) -> dict[str, JSON]:
        return {"enum": [list(order) for order in self.ORDERS]}

    def bound(self, n: int) -> dict[str, JSON] | None:
        return {"minItems": n, "maxItems": n}

    def size(self, value: tuple[int, ...]) -> int | None:
        return len(value)


# -- the game's values ------------------------------------------------------------------------------

SEAT: Final = Integer(
    0,
    MAX_PLAYERS - 1,
    seat=True,
    ref="seat",
    description="A seat, 0..n-1 clockwise (n = 3..6 players): below the number of players, in a table.",
)
COUNT: Final = Integer(0, MAX_DECK_SIZE, description="Cards or tricks: 0 up to the largest deck.")
POINTS: Final = Integer(-MAX_POINTS, MAX_POINTS, description="Points, within JavaScript's safe whole numbers.")
NUMBER: Final = Integer(1, MAX_ROUNDS, description="A round's number, from 1.")
PLACE: Final = Integer(1, MAX_PLAYERS, place=True, description="A place in the standings, from 1.")
BOOLEAN: Final = Boolean()
NAME: Final = Text()
CARD: Final = Choice(
    {str(card): card for card in ALL_CARDS},
    "a card in the notation of R1.2 (e.g. 'R13', 'W', 'CLOUD:G')",
    ref="card",
    description="A card in the notation of R1.2: suit letter and rank (R13, Y1), W (Wizard), J (Jester), a special "
    "card (DRAGON, FAIRY, BOMB, WEREWOLF, JUGGLER, CLOUD, SHAPESHIFTER), as played with its declaration "
    "(CLOUD:R, JUGGLER:G, SHAPESHIFTER:W).",
)
SUIT: Final = Choice(
    {suit.value: suit for suit in Suit},
    "a suit: expected its letter 'R', 'Y', 'G' or 'B'",
    ref="suit",
    description="A suit by its notation letter, as in the cards: R (red), Y (yellow), G (green), B (blue).",
)
TRUMP: Final = Nullable(
    SUIT, ref="trump", description="A trump suit by its letter, null for no trump (or while it is being named)."
)
CHANGE: Final = Choice(
    {change.name.lower(): change for change in CloudChange},
    "a Cloud's change: expected 'up' or 'down'",
    ref="change",
    description="The direction of a Cloud's bid change (R8.2): +1 or -1.",
)
PHASE: Final = Choice(
    {phase.value: phase for phase in Phase},
    f"a phase; expected one of {', '.join(repr(phase.value) for phase in Phase)}",
    ref="phase",
    description="Where the round stands.",
)
_LISTED: Final[tuple[Action, ...]] = (
    LOOK,
    *BIDS,
    *BLIND_BIDS,
    *PLAYS.values(),
    PLAY_UNSEEN,
    *TRUMPS.values(),
    *CHANGES.values(),
    *PASSES.values(),
)
ACTION: Final = ActionText(
    {str(action): action for action in _LISTED},
    "an action",
    ref="action",
    description="An action in the canonical notation of parse_action, as str(action) writes it: 'bid N', "
    "'bid N blind', 'look', 'play CARD', 'play unseen' (a clairvoyance round's play, R4.5), 'trump SUIT' (by "
    "name: 'trump green'), 'trump none', 'cloud +1', 'cloud -1', 'pass CARD'.",
)
ACTION_TEXTS: Final[dict[Action, str]] = ACTION.texts
"""The canonical notation of every action, written once."""


_CARD_TEXT: Final = CARD.texts
PLAYED: Final = Choice(
    {
        text: card
        for text, card in CARD.values.items()
        if not card.needs_declaration and card.kind is not CardKind.WEREWOLF
    },
    "a card as played: declared if it needs it (e.g. 'CLOUD:G'), never the Werewolf (R8.6)",
    ref="played_card",
    description="A card as it lies in a trick: a Cloud or a Juggler with its suit, a Shapeshifter with its role "
    "(R8.2, R8.3, R8.7); never the Werewolf, which is not played (R8.6).",
)


def cards_text(cards: Sequence[Card]) -> list[str]:
    """Cards in their notation."""
    return [_CARD_TEXT[card] for card in cards]


def _trick(values: dict[str, Any]) -> Trick:
    leader, n = Seats.ORDERS[values["players"]]
    return Trick(leader=leader, players=n, trump=values["trump"], cards=values["cards"])


ORDER_OF: Final = {(leader, n): list(order) for order, (leader, n) in Seats.ORDERS.items()}
"""The seats of a trick in play order, by its leader and the number of players."""


def write_trick(trick: Trick) -> dict[str, JSON]:
    """A trick's JSON, fast: the writer of every view and of the events that carry a trick."""
    trump = trick.trump
    return {
        "players": list(ORDER_OF[trick.leader, trick.players]),
        "trump": None if trump is None else trump.value,
        "cards": [_CARD_TEXT[card] for card in trick.cards],
    }


TRICK: Final = Record(
    {
        "players": Seats(description="The seats in play order, from the leader: the card at index i is players[i]'s."),
        "trump": TRUMP,
        "cards": Array(PLAYED, 0, MAX_PLAYERS, some=True, description="The cards played so far, in play order."),
    },
    _trick,
    what="a trick",
    table="players",
    size=lambda trick: trick.players,
    writer=write_trick,
    ref="trick",
    description="A trick: its players in play order (the leader first), the trump and the cards in play order.",
)


def _counts(description: str) -> Array[int]:
    return Array(COUNT, per_seat=True, description=description)


ROUND: Final = Record(
    {
        "number": Integer(0, MAX_ROUNDS, description="The round, from 1."),
        "cards": Integer(0, MAX_DECK_SIZE, description="Cards dealt to each player."),
        "dealer": SEAT,
        "bids": _counts("The bids as made."),
        "final_bids": _counts("The bids after a Cloud's change (R8.2); scoring uses these."),
        "blind": Array(BOOLEAN, per_seat=True, description="Whether each bid was blind (R4.4)."),
        "tricks": _counts("Tricks each player took."),
        "points": Array(POINTS, per_seat=True, description="Each player's points for the round."),
        "bombs": Integer(0, MAX_DECK_SIZE, description="Tricks a Bomb voided (R8.1)."),
        "trump": TRUMP,
    },
    lambda values: Round(**values),
    what="a round",
    table="bids",
    size=lambda r: len(r.bids),
    writer=round_to_data,  # the score sheet's own: one writer of a round's JSON
    ref="round",
    description="A finished round as the score sheet records it; per-player arrays are in seat order.",
)
