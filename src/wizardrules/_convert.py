"""Turning caller input into tuples and sets, with the library's own errors on bad input.

Every public boundary passes caller input through these helpers before it looks at it:
sequences become plain tuples (a tuple subclass cannot change after it was checked), sizes
are bounded before anything is built from them, and messages show caller input by
[`shown`][wizardrules._convert.shown], a short repr that never raises.
"""

from __future__ import annotations

import enum
import itertools
import operator
import reprlib
import sys
from collections.abc import Iterable, Sized
from typing import Any, Final, TypeVar

from wizardrules.errors import WizardRulesError

T = TypeVar("T")
E = TypeVar("E", bound=enum.Enum)


def as_tuple(
    value: Iterable[T],
    what: str,
    error: type[WizardRulesError],
    *,
    limit: int | None = None,
    what_de: str | None = None,
) -> tuple[T, ...]:
    """`value` as a plain tuple, or `error` naming `what` when it is not a sequence of entries.

    A tuple subclass is copied into a plain tuple, so that what was checked cannot change.
    With `limit`, a sequence of more than `limit` entries is refused before it is copied
    (an iterator is read no further than one entry past the limit). `what_de` names the
    entries in German, for the error's German form.

    Examples:
        >>> as_tuple([1, 2], "bids", WizardRulesError), as_tuple(range(3), "bids", WizardRulesError)
        ((1, 2), (0, 1, 2))
    """
    de = what_de is not None
    if type(value) is tuple:
        items: tuple[T, ...] = value
    elif isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise error(
            f"{what} {shown(value)}: expected a sequence, got {type_name(value)}",
            german=f"{what_de} {shown(value)}: erwartet eine Folge, nicht {type_name(value)}" if de else None,
        )
    else:
        if limit is not None and isinstance(value, Sized) and _size(value) > limit:
            raise error(
                f"{what} {shown(value)}: more than {limit} entries",
                german=f"{what_de} {shown(value)}: mehr als {limit} Einträge" if de else None,
            )
        try:
            items = tuple(value if limit is None else itertools.islice(value, limit + 1))
        except TypeError as problem:
            raise error(f"{what} {shown(value)}: {problem}") from None
    if limit is not None and len(items) > limit:
        raise error(
            f"{what} {shown(items)}: {len(items)} entries, more than {limit}",
            german=f"{what_de} {shown(items)}: {len(items)} Einträge, mehr als {limit}" if de else None,
        )
    return items


MAX_GAMES: Final = 10**7
"""The most games a call that keeps every game's result plays (`tournament`, `random_games`,
the command line's `simulate`); volume beyond that is for the compiled core's playouts."""


def game_count(
    value: object, what: str, error: type[WizardRulesError], *, low: int = 0, what_de: str | None = None
) -> int:
    """`value` as a number of games `low..MAX_GAMES`, or `error` naming `what` (`what_de` in German) before any work.

    Examples:
        >>> game_count(200, "games", WizardRulesError)
        200
        >>> game_count(10**12, "games", WizardRulesError)
        Traceback (most recent call last):
        ...
        wizardrules.errors.WizardRulesError: games 1000000000000: give a whole number 0..10,000,000
    """
    if not whole(value, low, MAX_GAMES):
        raise error(
            f"{what} {shown(value)}: give a whole number {low}..{MAX_GAMES:,}",
            german=f"{what_de or what} {shown(value)}: erwartet eine ganze Zahl {low}..{MAX_GAMES:_}".replace("_", "."),
        )
    return value  # type: ignore[return-value]  # whole() checked that it is an int


MAX_FILE: Final = 16 * 2**20
"""The most characters (or bytes) a saved file may have: 16 MiB, several times what the
longest game (1,000 rounds) writes."""


def file_text(text: object, what: str, error: type[WizardRulesError], *, what_de: str | None = None) -> str | bytes:
    """`text` (a file's `str`, `bytes` or `bytearray`) when it is at most `MAX_FILE` long, else `error`.

    `what_de` names the file in German, for the error's German form.

    The size is checked before anything is read from the text, so that a loader's memory
    stays a small multiple of `MAX_FILE` whatever it is given.

    Examples:
        >>> file_text("{}", "sheet", WizardRulesError)
        '{}'
        >>> file_text(" " * (MAX_FILE + 1), "sheet", WizardRulesError)
        Traceback (most recent call last):
        ...
        wizardrules.errors.WizardRulesError: sheet: 16777217 characters, more than the 16777216 (16 MiB) a file may have
    """
    de = what_de is not None
    if not isinstance(text, (str, bytes, bytearray)):
        raise error(
            f"{what}: expected text, got {type_name(text)}",
            german=f"{what_de}: erwartet Text, nicht {type_name(text)}" if de else None,
        )
    if len(text) > MAX_FILE:
        unit = "characters" if isinstance(text, str) else "bytes"
        raise error(
            f"{what}: {len(text)} {unit}, more than the {MAX_FILE} (16 MiB) a file may have",
            german=f"{what_de}: {len(text)} {'Zeichen' if isinstance(text, str) else 'Bytes'}, mehr als die "
            f"{MAX_FILE} (16 MiB), die eine Datei haben darf"
            if de
            else None,
        )
    return bytes(text) if isinstance(text, bytearray) else text


def _size(value: Sized) -> int:
    """`len(value)`: past every limit when it is too long to say (a range past the largest index),
    0 when a sized object cannot say (then the copy is bounded instead)."""
    try:
        return len(value)
    except OverflowError:
        return sys.maxsize
    except (TypeError, ValueError):
        return 0


def whole(value: object, low: int, high: int) -> bool:
    """Whether `value` is an `int` (not a bool, not a subclass) within `low..high`.

    Examples:
        >>> whole(3, 0, 5), whole(True, 0, 5), whole(3.0, 0, 5), whole(10**5000, 0, 5)
        (True, False, False, False)
    """
    return type(value) is int and low <= value <= high


def integer(value: object) -> int | None:
    """`value` as an `int` when it is an integer of any type but `bool` (numpy's included), else `None`.

    For indices and seeds that may come from numpy arrays; the core's own numbers take
    plain `int`s only ([`whole`][wizardrules._convert.whole]).

    Examples:
        >>> integer(3), integer(True), integer(3.0), integer("3")
        (3, None, None, None)
    """
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]  # anything with __index__; refused below if not
    except TypeError:
        return None


def members_of(cls: type[E], values: Iterable[object], what: str, error: type[WizardRulesError]) -> frozenset[E]:
    """The set of `values`, each a member of the enum `cls`, or `error` naming the first that is not.

    Nothing is hashed before it is checked, so unhashable entries get the library's error.
    """
    items = as_tuple(values, what, error, limit=1000)
    for item in items:
        if not isinstance(item, cls):
            raise error(f"{what}: {shown(item)} is not a {cls.__name__}")
    return frozenset(items)  # type: ignore[arg-type] # each was checked to be a member


class _Short(reprlib.Repr):
    """reprlib's bounded repr, with numbers too long to write out shown by their size."""

    def __init__(self) -> None:
        super().__init__()
        self.maxstring = self.maxlong = 40
        self.maxother = 100  # the repr of a value such as a bid policy, whole in the common case

    def repr_str(self, x: str, level: int) -> str:
        """The text's repr, or the repr of its first characters and an ellipsis (not its middle cut out)."""
        return repr(x) if len(x) <= self.maxstring else f"{x[: self.maxstring]!r}…"

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:  # beyond 38 digits; Python refuses to write out very long ones
            return f"<a {x.bit_length()}-bit number>"
        return super().repr_int(x, level)

    def repr_instance(self, x: Any, level: int) -> str:
        if isinstance(x, int) and not isinstance(x, bool) and x.bit_length() > 128:
            return f"<a {x.bit_length()}-bit number>"
        return super().repr_instance(x, level)


_SHORT = _Short()


def shown(value: object) -> str:
    """A short repr of caller input for a message: bounded in length, and never raising.

    Examples:
        >>> shown(10**5000), shown("x" * 100), shown([1, 2])
        ('<a 16610-bit number>', "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'…", '[1, 2]')
    """
    try:
        return _SHORT.repr(value)
    except Exception:
        return f"<{type_name(value)} object>"


def type_name(value: object) -> str:
    """The name of `value`'s class for a message: its first public class, never a private one (`_State` is `GameState`).

    Examples:
        >>> from wizardrules import new_game
        >>> type_name(new_game(3, seed=1).apply(new_game(3, seed=1).legal_actions()[0])), type_name(3)
        ('GameState', 'int')
    """
    for cls in type(value).__mro__:
        if not cls.__name__.startswith("_"):
            return cls.__name__
    return "object"
