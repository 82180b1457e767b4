"""Progress on stderr for long runs: tqdm's bar when tqdm is installed (the `progress` extra), else a counter.

A run asks for progress with `True` (shown from the start) or a number of seconds (shown
once the run has taken that long, so that quick runs print nothing).
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable
from typing import Protocol, TypeAlias

from wizardrules import _lazy
from wizardrules._convert import shown

Progress: TypeAlias = "bool | float"
"""`False`: no progress; `True`: from the start; a number: once the run has taken that many seconds."""


class Bar(Protocol):
    """What a run reports its progress to."""

    def update(self, n: int) -> object:
        """`n` more steps are done."""
        ...

    def close(self) -> None:
        """The run is over."""
        ...


def load_tqdm() -> Callable[..., Bar] | None:
    """tqdm's progress bar class, `None` when tqdm is not installed (it is optional)."""
    module = _lazy.optional("tqdm")
    if module is None:
        return None
    bar: Callable[..., Bar] = module.tqdm
    return bar


class _Counter:
    """A plain progress counter on stderr, for when tqdm is not installed."""

    def __init__(self, total: int, desc: str, unit: str, delay: float) -> None:
        self._total = total
        self._desc = desc
        self._unit = unit
        self._done = 0
        self._start = time.monotonic()
        self._delay = delay
        self._shown = 0.0
        self._started = False
        self._show_if_due()

    def _show_if_due(self) -> None:
        now = time.monotonic()
        if now - self._start < self._delay:
            return
        if self._started and self._done < self._total and now - self._shown < 0.2:
            return
        self._started = True
        sys.stderr.write(f"\r{self._desc}: {self._done}/{self._total} {self._unit}s")
        sys.stderr.flush()
        self._shown = now

    def update(self, n: int) -> None:
        self._done += n
        self._show_if_due()

    def close(self) -> None:
        if self._started:  # a quick run that never showed stays quiet
            self._shown = 0.0
            self._show_if_due()
            sys.stderr.write("\n")
            sys.stderr.flush()


class _NoBar:
    """The progress display when none is wanted: it shows nothing."""

    def update(self, n: int) -> None:
        """Steps done: nothing to show."""

    def close(self) -> None:
        """The run is over: nothing to close."""


def checked(progress: object, what: str, error: type[Exception]) -> Progress:
    """`progress` if it is a valid choice, else `error` naming `what`."""
    if isinstance(progress, bool):
        return progress
    if isinstance(progress, (int, float)) and math.isfinite(progress) and progress >= 0:
        return float(progress)
    raise error(f"{what}: progress {shown(progress)} must be True, False or a number of seconds (0 or more)")


def progress_bar(total: int, *, desc: str, unit: str, progress: Progress) -> Bar:
    """A bar for `total` steps as `progress` asks (see `Progress`)."""
    if progress is False:
        return _NoBar()
    delay = 0.0 if progress is True else float(progress)
    tqdm = load_tqdm()
    if tqdm is None:
        return _Counter(total, desc, unit, delay)
    return tqdm(total=total, unit=unit, desc=desc, delay=delay)
