"""Turning caller input into tuples and sets, with the library's own errors on bad input."""

from __future__ import annotations

import reprlib
from collections.abc import Iterable
from typing import Any, TypeVar

from wizardrules.errors import WizardRulesError

T = TypeVar("T")


def as_tuple(value: Iterable[T], what: str, error: type[WizardRulesError]) -> tuple[T, ...]:
    """`tuple(value)`, or `error` naming `what` when `value` is not a sequence of entries."""
    if isinstance(value, tuple):
        return value
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise error(f"{what} {value!r}: expected a sequence, got {type(value).__name__}")
    try:
        return tuple(value)
    except TypeError as problem:
        raise error(f"{what} {value!r}: {problem}") from None


class _Short(reprlib.Repr):
    """reprlib's bounded repr, with numbers too long to write out shown by their size."""

    def __init__(self) -> None:
        super().__init__()
        self.maxstring = self.maxother = self.maxlong = 40

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
        ('<a 16610-bit number>', "'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'", '[1, 2]')
    """
    try:
        return _SHORT.repr(value)
    except Exception:
        return f"<{type(value).__name__} object>"
