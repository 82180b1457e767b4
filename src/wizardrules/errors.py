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
from typing import Any

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

    Examples:
        >>> from wizardrules import Card, WizardRulesError
        >>> try:
        ...     Card.parse("R14")
        ... except WizardRulesError as error:
        ...     print(error)
        'R14': rank 14 is outside 1..13
    """


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

    def __init__(self, message: str, *, bid: int, reason: str) -> None:
        super().__init__(message)
        self.bid = bid
        self.reason = reason

    def __reduce__(self) -> tuple[Any, tuple[()]]:
        """Pickle with the keyword arguments, so that the error crosses process pools."""
        return (functools.partial(type(self), str(self), bid=self.bid, reason=self.reason), ())


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

    def __reduce__(self) -> tuple[Any, tuple[()]]:
        """Pickle with the keyword arguments, so that the error crosses process pools."""
        return (functools.partial(type(self), player=self.player, action=self.action, reason=self.reason), ())


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
