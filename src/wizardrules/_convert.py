"""Turning caller input into tuples and sets, with the library's own errors on bad input."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

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
