"""The exception tree of wizardrules.

Every error the library raises on bad input derives from [`WizardRulesError`][wizardrules.WizardRulesError],
which is also a `ValueError`, so callers can catch either. Messages name
the input and the reason.

```text
WizardRulesError (ValueError)
├── NotationError        text that is not a card, cards or action
├── CardError            a card value that cannot exist
├── TrickError           a trick that cannot occur (duplicates, too many cards, ...)
├── BidError             a bid or bidding situation that cannot occur
│   └── BidNotAllowedError   a bid the game's bid policy forbids
├── ScoringError         points asked for impossible numbers
├── RulesError           an impossible rules configuration
├── FormatError          a saved file (JSON, CSV) that is malformed, tampered or inconsistent
├── SheetError           a score-sheet entry that cannot be recorded
│   ├── PlayerError          unknown or duplicate players
│   ├── EntryError           malformed entries: wrong count, negative or non-whole numbers
│   ├── PhaseError           an entry at the wrong time: tricks before bids, past the last round
│   ├── TricksError          tricks that do not add up to the round's tricks
│   ├── BlindBidError        blind bids when the rules do not allow them
│   ├── CloudError           a Cloud change the round does not allow
│   ├── UndoError            nothing left to undo
│   └── AmendError           an amended round that a later round no longer allows
├── DealError            an explicit deal that cannot occur
├── SeatError            a seat that is not at the game's table
├── ActionError          an action value that cannot exist (a bid of -1, a play of no card)
└── IllegalActionError   an action the game state does not allow
    ├── NotYourTurnError     another player is to act
    ├── WrongPhaseError      the action belongs to another phase (or the game is over)
    ├── CardNotHeldError     playing a card that is not in the hand
    ├── MustFollowSuitError  not following the led suit while holding it (R5.3)
    ├── IllegalBidError      a bid the rules forbid here (range, policy, blind, a Cloud's bounds)
    ├── IllegalTrumpError    a trump choice the rules forbid (no trump for the dealer, R3.2)
    └── UndeclaredCardError  a Cloud or Juggler without a suit, a Shapeshifter without a role (R8)
```

## What each boundary promises

Apps catch `WizardRulesError` where outside input comes in. Wherever input comes from, a
call of the public API returns, or raises a `WizardRulesError`: never a `TypeError`,
`KeyError`, `AttributeError` or a plain `ValueError`. A refused call changes nothing: the
values are immutable, and a bot's random source draws nothing before its input is checked.
Messages name the input and the reason, and show caller input by a bounded repr: a text by
its first 40 characters, a number too long to write out by its size in bits.

- **Constructors and functions** (`Card`, `Bid`, `Trick`, `BidContext`, `Rules`,
  `Schedule`, `StandardScore`, `ScoreSheet`, `round_points`, `legal_plays`, ...) check the
  type of every argument (`True` is not a number, nor is a float or an `int` subclass) and bound every
  number before anything is computed from it: a rank is 1..13, a seat 0..5, a player count
  3..6, a bid, trick count or round's cards 0..67 (the most a deck holds), a game at most
  1,000 rounds, a score rule's numbers within ±1,000,000. A sequence longer than its value
  can be (more cards than a deck, more bids than players) is refused before it is copied,
  and sequences are kept as plain tuples, so a tuple subclass cannot change once checked.
  `Card` cannot be subclassed, and copies and pickles of a card are the shared card itself.
- **Parsers** (`Card.parse`, `parse_cards`, `parse_action`, `Suit.parse`, `Preset.parse`)
  take text and raise `NotationError` for anything else.
- **Loaders** (`ScoreSheet.from_json`, `ScoreSheet.from_csv`, `GameRecord.from_json`) are
  the boundary for untrusted files: anything wrong in a file is a `FormatError`, whatever it
  is: longer than 16 MiB, not JSON text, arrays and objects nested more than 16 deep, numbers too long to read or out of
  range, a wrong type anywhere, entries that do not replay, or content that does not match
  the file's checksum. The checksum (SHA-256 of the content) catches edits, not forgery:
  anyone can compute it again for an edited file. What `to_json` writes, `from_json` reads
  back equal.
- **The engine** (`new_game`, `GameState.apply`, `step`, `view`, `hand`) raises
  `SeatError` for a seat that is not a whole number at the table, an `IllegalActionError`
  subclass for an action the state does not allow (and for a value that is no action at
  all), and leaves the state as it was; `is_legal` answers `False` for anything `apply`
  refuses. `GameState()` has no game: states come from `new_game` and `GameRecord.replay`.
- **Bots and drivers** (`RandomBot`, `MonteCarloBot`, `play_game`, `tournament`,
  `random_games`, `sample_world`, `world_state`) take integer seeds only and check their
  arguments before any work; a bot's `act` refuses what is not a view with its legal actions.
- **Players' names**, wherever they come in (the sheet, the engine, the bots' games, the
  command line, the pictures), pass one rule: text of 1 to 100 characters, not blank,
  without the characters no document can hold (controls but tab, newline and carriage
  return; U+FFFE, U+FFFF; lone surrogates) or that hide or reorder text (bidirectional
  controls, zero-width and invisible characters); anything else is a `PlayerError`. Names
  are kept and compared in composed form (NFC), so one name typed in two forms is a
  duplicate. The [score sheet page](scoresheet.md#players-names) lists the characters.
- **Sizes** are checked before the work they ask for: a tournament or `random_games` plays
  at most 10,000,000 games, `standings` ranks at most 100,000 players, a picture's hand
  holds at most a deck, and a file a loader reads is at most 16 MiB.
- **The command line** (`wizardrules ...`) never prints a traceback. Its exit codes: 0 done;
  2 bad input or options, with one line of error on stderr; 1 the output could not be
  written (its pipe closed early, stdout is closed, the disk is full), with one line on
  stderr unless the pipe's reader went away; 130 interrupted with Ctrl-C, with the one line
  `wizardrules: interrupted`. Output that the terminal's encoding cannot hold
  (`PYTHONIOENCODING=ascii`) is written with backslash escapes, and `--json` with `\\u`
  escapes. The player count is checked before anything is built for it.

Examples:
    >>> from wizardrules import Bid, WizardRulesError
    >>> try:
    ...     Bid(tricks=-(10**5000))
    ... except WizardRulesError as error:
    ...     print(error)
    Bid(tricks=<a 16610-bit number>): a bid is a whole number 0 or more, up to 67 (R4.1)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from wizardrules.cards import Language

__all__ = [
    "ActionError",
    "AmendError",
    "BidError",
    "BidNotAllowedError",
    "BlindBidError",
    "CardError",
    "CardNotHeldError",
    "CloudError",
    "DealError",
    "EntryError",
    "FormatError",
    "IllegalActionError",
    "IllegalBidError",
    "IllegalTrumpError",
    "MustFollowSuitError",
    "NotYourTurnError",
    "NotationError",
    "PhaseError",
    "PlayerError",
    "RulesError",
    "ScoringError",
    "SeatError",
    "SheetError",
    "TrickError",
    "TricksError",
    "UndeclaredCardError",
    "UndoError",
    "WizardRulesError",
    "WrongPhaseError",
]


class WizardRulesError(ValueError):
    """Root of every error wizardrules raises on bad input.

    `str(error)` is the English message, for logs; [`to_text`][wizardrules.WizardRulesError.to_text]
    gives it in the reader's language, and `german` in German.

    Args:
        *args: the English message, as `ValueError` takes it.
        german: the same message in German, written where the error is raised from the same
            values; without it, `german` is looked up from the English message.

    Examples:
        >>> from wizardrules import Card, Language, WizardRulesError
        >>> try:
        ...     Card.parse("R14")
        ... except WizardRulesError as error:
        ...     print(error)
        ...     print(error.to_text(language=Language.DE))
        'R14': rank 14 is outside 1..13
        'R14': der Wert 14 liegt nicht in 1..13
    """

    def __init__(self, *args: object, german: str | None = None) -> None:
        super().__init__(*args)
        self._german = german

    @property
    def german(self) -> str:
        """The message in German, for a person to read; the English one where the library keeps no German form."""
        kept = self.__dict__.get("_german")
        return kept if isinstance(kept, str) else _german_text(str(self))

    def to_text(self, *, language: Language | None = None) -> str:
        """The message for a person: in German for `Language.DE`, else in English (as `str()`)."""
        return self.german if _is_german(language) else str(self)


class NotationError(WizardRulesError):
    """Text that is not valid card or action notation (R1.2)."""


class CardError(WizardRulesError):
    """A card value that cannot exist (for example a suit card without a suit)."""


class TrickError(WizardRulesError):
    """A trick or hand that cannot occur: duplicates, too many cards, undeclared cards."""


class BidError(WizardRulesError):
    """A bid or bidding situation that cannot occur (R4.1): a bid outside 0..cards, too many bids."""


class BidNotAllowedError(BidError):
    """A bid that is possible but forbidden by the game's bid policy (R4.2).

    Attributes:
        bid: the refused bid.
        reason: the policy's explanation in words, e.g. "the bids would add up to 3".
    """

    bid: int
    reason: str

    def reason_text(self, *, language: Language | None = None) -> str:
        """`reason` for a person: in German for `Language.DE` ("sonst ergäben die Ansagen genau 3")."""
        return _german_text(self.reason) if _is_german(language) else self.reason

    def __init__(self, message: str, *, bid: int, reason: str, german: str | None = None) -> None:
        super().__init__(message, german=german)
        self.bid = bid
        self.reason = reason

    def __reduce__(self) -> tuple[Any, tuple[()], dict[str, Any]]:
        """Pickle with the keyword arguments, so that the error crosses process pools."""
        return (functools.partial(type(self), str(self), bid=self.bid, reason=self.reason), (), self.__dict__)


class ScoringError(WizardRulesError):
    """Points were asked for impossible numbers (negative bids or tricks)."""


class RulesError(WizardRulesError):
    """An impossible rules configuration (R2.1, R2.4, R4.3)."""


class FormatError(WizardRulesError):
    """A saved file that is malformed, of an unknown version, tampered with or inconsistent."""


class SheetError(WizardRulesError):
    """A score-sheet entry that cannot be recorded; the sheet stays as it was."""


class PlayerError(SheetError):
    """An unknown player, duplicate or empty player names."""


class EntryError(SheetError):
    """A malformed entry: the wrong number of values, negative or non-whole numbers."""


class PhaseError(SheetError):
    """An entry at the wrong time: tricks before bids, bids twice, recording past the last round."""


class TricksError(SheetError):
    """Tricks that do not add up to the round's tricks (cards, less any Bomb trick, R8.1)."""


class BlindBidError(SheetError):
    """Blind bids when the rules do not allow them (R4.4)."""


class CloudError(SheetError):
    """A Cloud bid change the round does not allow (R8.2)."""


class UndoError(SheetError):
    """Undo on a sheet with nothing recorded."""


class AmendError(SheetError):
    """An amended round that a later round no longer allows; the sheet stays as it was.

    The later round's own error is the cause (`__cause__`).
    """


class DealError(WizardRulesError):
    """An explicit deal that cannot occur: wrong hand sizes, duplicate cards, a wrong turned-up card."""


class SeatError(WizardRulesError):
    """A seat that is not at the game's table: not a whole number 0..players-1.

    Examples:
        >>> from wizardrules import SeatError, new_game
        >>> try:
        ...     new_game(3, seed=1).view(3)
        ... except SeatError as error:
        ...     print(error)
        seat 3 is not at the table: the seats are 0..2
    """


class ActionError(WizardRulesError):
    """An action value that cannot exist, whatever the state: a negative bid, a play of no card."""


class IllegalActionError(WizardRulesError):
    """An action that the current game state does not allow; the state is unchanged.

    Attributes:
        player: the name of the player who tried the action (or who is to act).
        action: the action, in its notation.
        reason: why the action is illegal, in words.
    """

    def __init__(self, *, player: str, action: str, reason: str) -> None:
        super().__init__(f"{player} cannot {action}: {reason}")
        self.player = player
        self.action = action
        self.reason = reason

    @property
    def german(self) -> str:
        """The message in German: `Ann darf nicht 5 ansagen: eine Ansage ist 0..1 (R4.1)`."""
        return f"{self.player} darf nicht {_action_german(self.action)}: {_german_text(self.reason)}"

    def reason_text(self, *, language: Language | None = None) -> str:
        """`reason` for a person: in German for `Language.DE`."""
        return _german_text(self.reason) if _is_german(language) else self.reason

    def __reduce__(self) -> tuple[Any, tuple[()], dict[str, Any]]:
        """Pickle with the keyword arguments, so that the error crosses process pools."""
        return (
            functools.partial(type(self), player=self.player, action=self.action, reason=self.reason),
            (),
            self.__dict__,
        )


class NotYourTurnError(IllegalActionError):
    """Another player is to act."""


class WrongPhaseError(IllegalActionError):
    """The action belongs to another phase of the round, or the game is over."""


class CardNotHeldError(IllegalActionError):
    """The card is not in the player's hand."""


class MustFollowSuitError(IllegalActionError):
    """The player holds the led suit and must follow it, or play a Wizard or Jester (R5.3)."""


class IllegalBidError(IllegalActionError):
    """A bid outside 0..cards, one the bid policy forbids (R4.2), or a blind bid not allowed (R4.4)."""


class IllegalTrumpError(IllegalActionError):
    """A trump choice the rules forbid: no trump when the dealer names it (R3.2, R8.10)."""


class UndeclaredCardError(IllegalActionError):
    """A Cloud or Juggler played without a named suit, or a Shapeshifter without a role (R8.2, R8.3, R8.7)."""


# -- the messages in German ------------------------------------------------------------------
# The library writes its messages in English (`str()`, for logs); a person reads them in their
# language. Most errors carry their German form from where they are raised (`german=`). The
# texts that travel as plain strings are translated here, as the English patterns they
# translate: the engine's refusal reasons and an action's words (`IllegalActionError`), the
# bid policies' reasons (`BidNotAllowedError.reason`, `BidPolicy.refusal`) and the notation's
# errors. A text this table does not know stays English.


def _is_german(language: object) -> bool:
    return getattr(language, "value", None) == "de"


_SUITS_DE: Final = {"red": "Rot", "yellow": "Gelb", "green": "Grün", "blue": "Blau"}


def _suit_de(word: str) -> str:
    return _SUITS_DE.get(word.lower(), word)


_Rule = tuple["re.Pattern[str]", "str | Callable[[re.Match[str]], str]"]


def _rules(*pairs: tuple[str, str | Callable[[re.Match[str]], str]]) -> tuple[_Rule, ...]:
    return tuple((re.compile(pattern, re.DOTALL), german) for pattern, german in pairs)


def _then(template: str, *groups: int) -> Callable[[re.Match[str]], str]:
    """A German form whose numbered parts are themselves translated (`german_text`)."""

    def fill(found: re.Match[str]) -> str:
        parts = [_german_text(found.group(g)) if g in groups else found.group(g) for g in range(found.re.groups + 1)]
        return template.format(*parts)

    return fill


_ACTIONS_DE: Final = _rules(
    (r"bid (\d+) blind", r"blind \1 ansagen"),
    (r"bid (\d+)", r"\1 ansagen"),
    (r"look", "die Karten ansehen"),
    (r"play unseen", "die ungesehene Karte spielen"),
    (r"play (\S+)", r"\1 spielen"),
    (r"trump none", "keinen Trumpf wählen"),
    (r"trump (red|yellow|green|blue)", lambda m: f"{_suit_de(m.group(1))} als Trumpf wählen"),
    (r"cloud ([+-]1)", r"die Ansage um \1 ändern"),
    (r"pass (\S+)", r"\1 weitergeben"),
)

_MESSAGES_DE: Final = _rules(
    # whole messages that hold a reason of their own
    (
        r"(.+?) cannot (.+?): (.+)",
        lambda m: f"{m.group(1)} darf nicht {_action_german(m.group(2))}: {_german_text(m.group(3))}",
    ),
    (r"(.+?) is not an action: (.+)", _then("{1} ist keine Aktion: {2}", 2)),
    (r"(.+?) is not a card: (.+)", _then("{1} ist keine Karte: {2}", 2)),
    (r"(.+) is not card notation: expected text", r"\1 ist keine Kartennotation: erwartet wird Text"),
    (r"(.+): rank (.+) is outside 1\.\.13", r"\1: der Wert \2 liegt nicht in 1..13"),
    (
        r"(.+) is not a suit: expected one of R, Y, G, B or a suit name",
        r"\1 ist keine Farbe: erwartet R, Y, G, B oder ein Farbname",
    ),
    # the notation's reasons (R1.2)
    (r"expected text", "erwartet wird Text"),
    (r"the text is empty", "der Text ist leer"),
    (
        r"card notation uses ASCII letters and digits only",
        "Kartennotation besteht nur aus ASCII-Buchstaben und Ziffern",
    ),
    (r"'(.)' is not a suit letter \(R, Y, G, B\)", r"'\1' ist kein Farbbuchstabe (R, Y, G, B)"),
    (r"write the rank without leading zeros \((.+)\)", r"den Wert ohne führende Nullen schreiben (\1)"),
    (r"(.+) is not a declaration this card takes", r"\1 ist keine Festlegung, die diese Karte nimmt"),
    (
        r"expected a suit letter and rank \(R13, Y1, G7, B10\), W, J, or a special card name",
        "erwartet: Farbbuchstabe und Wert (R13, Y1, G7, B10), W, J oder der Name einer Sonderkarte",
    ),
    (
        r"a card is passed as held, without a declaration",
        "eine Karte wird weitergegeben, wie sie auf der Hand ist, ohne Festlegung",
    ),
    (r"(.+) is not a bid 0\.\.(\d+)", r"\1 ist keine Ansage 0..\2"),
    (r"after the bid only 'blind' may follow", "nach der Ansage darf nur 'blind' folgen"),
    (
        r"expected 'bid N', 'bid N blind', 'look', 'play CARD', 'play unseen', 'trump SUIT', 'trump none', "
        r"'cloud \+1', 'cloud -1' or 'pass CARD'",
        "erwartet 'bid N' (ansagen), 'bid N blind', 'look' (Karten ansehen), 'play KARTE' (spielen), 'play unseen' "
        "(ungesehen spielen), 'trump FARBE' (Trumpf wählen), 'trump none', 'cloud +1', 'cloud -1' oder "
        "'pass KARTE' (weitergeben)",
    ),
)


def _with_clause(found: re.Match[str]) -> str:
    """A reason followed by its clause, `... (R4.2)`: the reason translated, the clause kept."""
    inner = _german_text(found.group(1))
    return f"{inner} ({found.group(2)})" if inner != found.group(1) else found.group(0)


_REASONS_DE: Final = _rules(
    (r"it is (.+)'s turn", r"\1 ist am Zug"),
    (
        r"a card is played unseen only in a clairvoyance round \(R4\.5\); name the card to play",
        "ungesehen wird nur in der Hellseh-Runde gespielt (R4.5); nenne die Karte",
    ),
    (r"the dealer must name one of the four suits \(R3\.2\)", "der Geber muss eine der vier Farben nennen (R3.2)"),
    (r"the trump must be one of the four suits", "Trumpf ist eine der vier Farben"),
    (r"they have looked at their cards already", "die Karten sind schon angesehen"),
    (r"they have looked at their cards", "die Karten sind schon angesehen"),
    (r"a bid is 0\.\.(\d+)", r"eine Ansage ist 0..\1"),
    (r"the rules do not allow blind bids", "die Regeln erlauben keine blinden Ansagen"),
    (r"nobody can bid blind in a clairvoyance round", "in der Hellseh-Runde sagt niemand blind an"),
    (r"look at the cards first, or bid blind", "erst die Karten ansehen oder blind ansagen"),
    (r"the bid policy forbids it", "die Ansageregel verbietet es"),
    (r"(\S+) is not in their hand", r"\1 ist nicht auf der Hand"),
    (
        r"the Werewolf is never played: it is swapped for the turned-up card",
        "der Werwolf wird nie gespielt: er wird gegen die aufgedeckte Karte getauscht",
    ),
    (
        r"they hold (red|yellow|green|blue), the led suit, and must follow it",
        lambda m: f"{_suit_de(m.group(1))} ist ausgespielt und auf der Hand: Farbe bedienen",
    ),
    (r"it is not an action", "das ist keine Aktion"),
    (r"the game is over", "das Spiel ist vorbei"),
    (
        r"looking at the hand belongs to blind bidding, which is not on",
        "die Karten ansehen gehört zu blinden Ansagen, und die gelten nicht",
    ),
    (
        r"nobody looks at their own cards in a clairvoyance round",
        "in der Hellseh-Runde sieht niemand die eigenen Karten an",
    ),
    (r"the dealer must first choose the trump suit", "erst wählt der Geber die Trumpffarbe"),
    (r"it is time to bid", "jetzt wird angesagt"),
    (r"the bidding is over; it is time to play a card", "die Ansagen sind vorbei; jetzt wird gespielt"),
    (
        r"the winner of the Cloud's trick must first change their bid",
        "erst ändert, wer den Wolken-Stich gewann, die Ansage",
    ),
    (
        r"after the Juggler's trick every player first passes a card",
        "nach dem Jongleur-Stich gibt erst jeder eine Karte weiter",
    ),
    (
        r"(.+), who swapped the Werewolf, must first name the trump",
        r"erst nennt \1, der den Werwolf getauscht hat, den Trumpf",
    ),
    (
        r"a Shapeshifter is played as a Wizard or a Jester: SHAPESHIFTER:W or SHAPESHIFTER:J",
        "der Gestaltwandler wird als Zauberer oder Narr gespielt: SHAPESHIFTER:W oder SHAPESHIFTER:J",
    ),
    (
        r"a (Cloud|Juggler) is played with the suit its player names, e\.g\. (\S+)",
        lambda m: (
            f"{'die Wolke' if m.group(1) == 'Cloud' else 'der Jongleur'} wird mit der Farbe gespielt, "
            f"die man nennt, z. B. {m.group(2)}"
        ),
    ),
    (
        r"their bid (\d+) cannot go (up|down); a bid stays within 0\.\.(\d+)",
        lambda m: (
            f"die Ansage {m.group(1)} kann nicht {'höher' if m.group(2) == 'up' else 'niedriger'} werden; "
            f"eine Ansage bleibt in 0..{m.group(3)}"
        ),
    ),
    # the bid rules' reasons (R4.1, R4.2)
    (r"the bids would add up to (\d+), more than the (\d+) cards", r"die Ansagen ergäben \1, mehr als die \2 Karten"),
    (r"the bids must add up to (\d+), but would add up to (\d+)", r"die Ansagen müssen \1 ergeben, nicht \2"),
    (r"the bids would add up to (\d+)", r"sonst ergäben die Ansagen genau \1"),
    (
        r"the scorekeeper is not leading, so the bids must not add up to (\d+)",
        r"der Schreiber führt nicht, also dürfen die Ansagen nicht \1 ergeben",
    ),
    (r"a bid must be a whole number 0\.\.(\d+)", r"eine Ansage ist eine ganze Zahl 0..\1"),
)

_TABLE_DE: Final = (*_MESSAGES_DE, *_REASONS_DE, *_rules((r"(.+) \((R[0-9.]+(?:, R[0-9.]+)*)\)", _with_clause)))
"""The messages, then the reasons, then a reason with its clause `(R4.2)`, translated without it."""


def _translated(text: str, table: tuple[_Rule, ...]) -> str | None:
    for pattern, german in table:
        found = pattern.fullmatch(text)
        if found is not None:
            return german(found) if callable(german) else found.expand(german)
    return None


def _german_text(text: str) -> str:
    """The German form of one of the library's English messages or reasons; `text` itself when none is kept.

    The engine's refusals, the bid rules' reasons and the notation's errors have German forms:
    the texts a person meets at a table, on the command line and on the Try-it pages.

    Examples:
        >>> from wizardrules.errors import _german_text
        >>> _german_text("the bids would add up to 3")
        'sonst ergäben die Ansagen genau 3'
        >>> _german_text("Ann cannot bid 5: a bid is 0..1 (R4.1)")
        'Ann darf nicht 5 ansagen: eine Ansage ist 0..1 (R4.1)'
    """
    found = _translated(text, _TABLE_DE)
    return text if found is None else found


def _action_german(notation: str) -> str:
    """An action's notation as German words: `bid 2` is `2 ansagen`, `play G7` is `G7 spielen`.

    Examples:
        >>> from wizardrules.errors import _action_german
        >>> _action_german("trump green"), _action_german("bid 0 blind")
        ('Grün als Trumpf wählen', 'blind 0 ansagen')
    """
    found = _translated(notation, _ACTIONS_DE)
    return notation if found is None else found


def _has_german(error: WizardRulesError) -> bool:
    """Whether the library keeps a German form of `error`'s message (else `german` is the English one).

    Examples:
        >>> from wizardrules import RulesError
        >>> _has_german(RulesError("x", german="y")), _has_german(RulesError("no German for this"))
        (True, False)
    """
    if isinstance(error.__dict__.get("_german"), str):
        return True
    text = error.reason if isinstance(error, IllegalActionError) else str(error)
    return _german_text(text) != text
