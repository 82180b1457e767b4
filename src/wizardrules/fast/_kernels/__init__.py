"""Compiled code on demand: plain Python functions that numba compiles on first use (extra `fast`).

The kernels of the fast core are written in the modules of this package as ordinary
functions on numbers and numpy arrays, marked with [`kernel`][wizardrules.fast._kernels.kernel].
Nothing here imports numba or numpy: [`jit`][wizardrules.fast._kernels.jit] does, the
first time a compiled kernel is asked for, and wraps every kernel in a numba dispatcher that
compiles it on its first call and caches the machine code on disk (`cache=True`), so that a
second process loads it at once. Importing wizardrules therefore never pays for numba, and
layers below the `fast` package (such as `MonteCarloBot`'s rollouts) can use the compiled
code when the extra is installed, without importing anything above them.

In a kernel, `np` is numpy and `prange` is numba's parallel range; both are given to the
kernels when they are compiled (`if TYPE_CHECKING` imports name them for the type checker).
A module-level tuple of whole numbers (or of floats) that a kernel reads becomes a numpy
array of int64 (or float64) there: this is how the kernels read the rule tables that
`wizardrules._tables` computes from the rules' own statements.
"""

from __future__ import annotations

import functools
import importlib.util
import threading
import types
from collections.abc import Callable
from typing import Any, Final, TypeVar

from wizardrules import _lazy

F = TypeVar("F", bound=Callable[..., Any])

_KERNELS: dict[str, tuple[Callable[..., Any], dict[str, Any]]] = {}
"""Every kernel by name, with its numba options."""
_LOCK: Final = threading.Lock()
_COMPILED: dict[str, Any] = {}
"""The environment of the compiled kernels: numpy, prange, constants and the dispatchers by name."""


def kernel(*, parallel: bool = False, inline: bool = False, allocates: bool = False) -> Callable[[F], F]:
    """Mark a module-level function as a kernel: compiled by numba (nopython) on first use.

    The function itself is returned unchanged. Kernel names are unique across the package,
    because the compiled kernels call each other by name. `inline` kernels are compiled into
    the kernels that call them (numba's `inline="always"`): for small steps called in loops,
    where passing a game's arrays to a call would cost more than the work.

    Only a kernel that `allocates` arrays is compiled with numba's reference counting: in
    every other kernel, each array handed along (to an inlined step, a view of a row) would
    otherwise cost an atomic count up and down, which took half the time of a game. Such a
    kernel is given the room it works in (a scratch array) by its caller.
    """

    def mark(function: F) -> F:
        name = function.__name__
        if name in _KERNELS and _KERNELS[name][0] is not function:
            raise ValueError(f"two kernels are named {name!r}")  # a programming error of the package itself
        options: dict[str, Any] = {"parallel": parallel}
        if inline:
            options["inline"] = "always"
        if not allocates:
            options["_nrt"] = False
        _KERNELS[name] = (function, options)
        return function

    return mark


@functools.cache
def available() -> bool:
    """Whether the compiled core can run here: numba and numpy are installed (the `fast` extra)."""
    return all(importlib.util.find_spec(name) is not None for name in ("numba", "numpy"))


def numpy() -> types.ModuleType:
    """The numpy module, imported on first use (for the Python side of the compiled core).

    Raises:
        ImportError: numpy is missing; the message names the extra.
    """
    try:
        return _lazy.load("numpy")
    except ImportError:
        raise ImportError(
            "the compiled core needs the 'fast' extra (numpy is missing): "
            "pip install '.[fast]' in a checkout, 'wizardrules[fast]' once published"
        ) from None


def jit(function: F) -> F:
    """The compiled form of the kernel `function` (a numba dispatcher: compiled, or loaded from the disk
    cache, on its first call with each signature).

    Raises:
        ImportError: numba or numpy is missing; the message names the extra.
        ValueError: `function` is not a kernel (a programming error of the package itself).
    """
    name = function.__name__
    if _KERNELS.get(name, (None,))[0] is not function:
        raise ValueError(f"{name} is not a kernel")
    found = _COMPILED.get(name)
    if found is not None:  # the common case: wrapped before
        return found
    with _LOCK:
        missing = [other for other in _KERNELS if other not in _COMPILED]
        if missing:
            _compile(missing)
        compiled: F = _COMPILED[name]
        return compiled


def _compile(names: list[str]) -> None:
    try:
        numba = _lazy.load("numba")
        numpy = _lazy.load("numpy")
    except ImportError as error:
        raise ImportError(
            f"the compiled core needs the 'fast' extra ({error.name} is missing): "
            "pip install '.[fast]' in a checkout, 'wizardrules[fast]' once published"
        ) from None
    env = _COMPILED
    if not env:
        env.update(np=numpy, prange=numba.prange)
    for function, _options in _KERNELS.values():  # the kernels' own modules' constants
        for key, value in function.__globals__.items():
            if not key.startswith("__") and key not in _KERNELS and key not in ("np", "prange"):
                env.setdefault(key, _array(numpy, value))  # tables as arrays
    for name in names:
        function, options = _KERNELS[name]
        clone = types.FunctionType(function.__code__, env, name, function.__defaults__, function.__closure__)
        clone.__module__ = function.__module__
        clone.__qualname__ = function.__qualname__
        env[name] = numba.njit(cache=True, **options)(clone)


def _array(numpy: types.ModuleType, value: object) -> object:
    """A tuple of whole numbers as an int64 array, of floats as a float64 array; any other value as it is."""
    if isinstance(value, tuple) and value:
        if all(type(item) is int for item in value):
            return numpy.array(value, dtype=numpy.int64)
        if all(type(item) is float for item in value):
            return numpy.array(value, dtype=numpy.float64)
    return value
