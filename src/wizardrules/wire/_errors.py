"""The wire's error document: why a server refused what a client sent, with a stable code and the legal actions."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final

from attrs import frozen

from wizardrules._convert import shown
from wizardrules.actions import ACTION_CLASSES, Action
from wizardrules.cards import Language
from wizardrules.engine import PlayerView
from wizardrules.errors import (
    ActionError,
    CardNotHeldError,
    FormatError,
    IllegalActionError,
    IllegalBidError,
    IllegalTrumpError,
    MustFollowSuitError,
    NotationError,
    NotYourTurnError,
    PlayerError,
    SeatError,
    UndeclaredCardError,
    WizardRulesError,
    WrongPhaseError,
)
from wizardrules.wire._specs import (
    JSON,
    VERSION,
    Array,
    Choice,
    Nullable,
    Record,
    Text,
    checked,
)
from wizardrules.wire._values import ACTION, ACTION_TEXTS

ERROR_FORMAT: Final = "wizardrules/error"
"""The `format` of an error document."""
_MAX_REASON: Final = 2_000
"""The longest reason a document carries, in characters; a longer one is cut."""


class ErrorCode(enum.Enum):
    """Why a server refused a client's message: the stable `code` of an error document.

    A client branches on the code; the reason is for the person. Codes are never renamed
    within a version of the wire format.
    """

    BAD_DOCUMENT = "bad_document"
    """The message is not JSON, or not the document expected, or a field is wrong (a `FormatError`)."""
    NOT_YOUR_TURN = "not_your_turn"
    """Another seat is to act."""
    WRONG_PHASE = "wrong_phase"
    """The action belongs to another phase of the round, or the game is over."""
    CARD_NOT_HELD = "card_not_held"
    """The card is not in the seat's hand."""
    MUST_FOLLOW_SUIT = "must_follow_suit"
    """The seat holds the led suit and must follow it (R5.3)."""
    ILLEGAL_BID = "illegal_bid"
    """A bid outside 0..cards, one the bid policy forbids (R4.2), or a blind bid not allowed (R4.4)."""
    ILLEGAL_TRUMP = "illegal_trump"
    """A trump choice the rules forbid (R3.2, R8.10)."""
    UNDECLARED_CARD = "undeclared_card"
    """A card that needs a declaration was played without one (R8.2, R8.3, R8.7)."""
    ILLEGAL_ACTION = "illegal_action"
    """Any other action the game does not allow now."""
    UNKNOWN_TOKEN = "unknown_token"
    """The token is no seat's at this table; it does not say whether the seat exists."""
    SEAT_TAKEN = "seat_taken"
    """The seat already has a person or a bot."""
    NOT_A_SEAT = "not_a_seat"
    """The seat number is not one of the table's seats."""
    BAD_NAME = "bad_name"
    """The name cannot be a player's: empty, too long, or holding hidden characters (a `PlayerError`)."""
    NAME_TAKEN = "name_taken"
    """Another seat has that name already."""
    NOT_STARTED = "not_started"
    """The game has not started yet: seats are still being taken."""
    STARTED = "started"
    """The game has started: the seats are no longer open."""
    TOO_LARGE = "too_large"
    """The message is longer than the server takes."""
    TOO_FAST = "too_fast"
    """The client sent more messages than the server takes in a while."""


_CODE_OF_ERROR: Final[tuple[tuple[type[WizardRulesError], ErrorCode], ...]] = (
    (NotYourTurnError, ErrorCode.NOT_YOUR_TURN),
    (WrongPhaseError, ErrorCode.WRONG_PHASE),
    (CardNotHeldError, ErrorCode.CARD_NOT_HELD),
    (MustFollowSuitError, ErrorCode.MUST_FOLLOW_SUIT),
    (IllegalBidError, ErrorCode.ILLEGAL_BID),
    (IllegalTrumpError, ErrorCode.ILLEGAL_TRUMP),
    (UndeclaredCardError, ErrorCode.UNDECLARED_CARD),
    (IllegalActionError, ErrorCode.ILLEGAL_ACTION),
    (ActionError, ErrorCode.ILLEGAL_ACTION),
    (SeatError, ErrorCode.NOT_A_SEAT),
    (PlayerError, ErrorCode.BAD_NAME),
    (FormatError, ErrorCode.BAD_DOCUMENT),
    (NotationError, ErrorCode.BAD_DOCUMENT),
)


def _cut(text: str) -> str:
    return text if len(text) <= _MAX_REASON else text[: _MAX_REASON - 1] + "…"


def _german(error: WizardRulesError) -> str | None:
    """The German reason an error carries, if its class gives one (`to_text(language=...)` or `german`)."""
    to_text = getattr(type(error), "to_text", None)
    if callable(to_text):
        try:
            text = to_text(error, language=Language.DE)
        except (TypeError, ValueError):
            text = None
        if isinstance(text, str):
            return text
    german = getattr(error, "german", None)
    return german if isinstance(german, str) else None


@frozen(kw_only=True)
class WireError:
    """An error document as a value: why a message was refused.

    Attributes:
        code: the stable code a client branches on.
        reason: the reason in English, fit to show the person.
        reason_de: the reason in German, when the library has it.
        legal_actions: what the seat may do now, in seat order of the view (empty when it may do nothing).

    Examples:
        >>> from wizardrules import new_game, parse_action
        >>> from wizardrules.wire import ErrorCode, WireError
        >>> state = new_game(["Ann", "Ben", "Cem"], seed=3)
        >>> try:
        ...     state.step(parse_action("bid 1"), seat=0)
        ... except ValueError as error:
        ...     refused = WireError.of(error, state.view(0))
        >>> refused.code is ErrorCode.NOT_YOUR_TURN, refused.reason
        (True, "Ann cannot bid 1: it is Cem's turn")
        >>> refused.to_dict()["legal_actions"]
        []
    """

    code: ErrorCode
    reason: str
    reason_de: str | None = None
    legal_actions: tuple[Action, ...] = ()

    @classmethod
    def of(cls, error: WizardRulesError, legal: PlayerView | Sequence[Action] | None = None) -> WireError:
        """The error document of a library error, with the legal actions of `legal`.

        Pass the refused seat's view (or its legal actions), never the `GameState`: the
        state's legal actions are the mover's, which another seat may not know.

        Raises:
            FormatError: `error` is not a `WizardRulesError`, or `legal` is not a view or actions.
        """
        if not isinstance(error, WizardRulesError):
            raise FormatError(f"error {shown(error)} is not a WizardRulesError")
        code = next((code for kind, code in _CODE_OF_ERROR if isinstance(error, kind)), ErrorCode.BAD_DOCUMENT)
        return cls(code=code, reason=_cut(str(error)), reason_de=_german(error), legal_actions=_legal(legal))

    def to_dict(self) -> dict[str, JSON]:
        """The error document (`"format": "wizardrules/error"`).

        Raises:
            FormatError: a field holds a value of the wrong kind.
        """
        if not isinstance(self.code, ErrorCode) or not isinstance(self.reason, str):
            raise FormatError(f"{shown(self)} has no wire form: code and reason must be an ErrorCode and text")
        if self.reason_de is not None and not isinstance(self.reason_de, str):
            raise FormatError(f"{shown(self)} has no wire form: reason_de must be text or None")
        data = {
            "format": ERROR_FORMAT,
            "version": VERSION,
            "code": self.code.value,
            "reason": _cut(self.reason),
            "reason_de": None if self.reason_de is None else _cut(self.reason_de),
            "legal_actions": [str(action) for action in _legal(self.legal_actions)],
        }
        written = WireError(
            code=self.code,
            reason=_cut(self.reason),
            reason_de=None if self.reason_de is None else _cut(self.reason_de),
            legal_actions=tuple(_legal(self.legal_actions)),
        )
        checked(data, ERROR, "error", written)
        return data

    @classmethod
    def from_dict(cls, data: JSON) -> WireError:
        """An error document read back, as a client reads it.

        Raises:
            FormatError: not an error document of this version, or a field is wrong; the
                message names the field's path.
        """
        found: WireError = ERROR.read(data, "error")
        return found


def _legal(legal: PlayerView | Sequence[Action] | None) -> tuple[Action, ...]:
    if legal is None:
        return ()
    if isinstance(legal, PlayerView):
        return tuple(legal.legal_actions)
    if isinstance(legal, (str, bytes)) or not isinstance(legal, Sequence):
        raise FormatError(f"legal {shown(legal)} must be a view or a sequence of actions")
    for action in legal:
        if not isinstance(action, ACTION_CLASSES):
            raise FormatError(f"legal: {shown(action)} is not an action")
    return tuple(legal)


def error_to_dict(error: WizardRulesError, legal: PlayerView | Sequence[Action] | None = None) -> dict[str, JSON]:
    """The error document of a library error: its code, its reason (English, German if it has one), the legal actions.

    Pass the refused seat's view (or its legal actions), never the `GameState`.

    Raises:
        FormatError: as for [`WireError.of`][wizardrules.wire.WireError.of].

    Examples:
        >>> from wizardrules import new_game, wire
        >>> state = new_game(["Ann", "Ben", "Cem"], seed=3)
        >>> try:
        ...     wire.action_from_json("{}")
        ... except ValueError as error:
        ...     document = wire.error_to_dict(error, state.view(2))
        >>> document["code"], document["legal_actions"]
        ('bad_document', ['bid 0', 'bid 1'])
    """
    return WireError.of(error, legal).to_dict()


ERROR: Final = Record(
    {
        "code": Choice({code.value: code for code in ErrorCode}, "an error code"),
        "reason": Text(0, _MAX_REASON, description="Why, in English, fit to show the person."),
        "reason_de": Nullable(Text(0, _MAX_REASON), description="The same in German, when the library has it."),
        "legal_actions": Array(ACTION, 0, len(ACTION_TEXTS), description="What the seat may do now."),
    },
    lambda values: WireError(**values),
    what="an error document",
    header=ERROR_FORMAT,
    ref="error",
    description="Why a server refused what a client sent: a stable code, the reason and the legal actions.",
)
"""The error document's spec."""
