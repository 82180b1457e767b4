"""The package's one way to defer an import: a module loaded by name when it is first needed.

Three kinds of module are loaded late, all through [`load`][wizardrules._lazy.load] or
[`optional`][wizardrules._lazy.optional]:

- the parts of the package that `import wizardrules` does not pay for (the pictures, the
  search bot), named by the package's PEP 562 `__getattr__`;
- an optional extra's package (tqdm, numba), which may be missing;
- a layer above the caller that the caller serves without depending on it: the notebook
  reprs of low-layer values draw with `wizardrules.svg`, and `MonteCarloBot` runs its
  rollouts on the compiled core when the `fast` extra is installed.

A module named here is imported by name, not by an `import` statement, so the import
layers (`lint-imports`) stay as DESIGN.md draws them; each call site says why it defers.

Examples:
    >>> from wizardrules import _lazy
    >>> _lazy.load("wizardrules.cards").Suit.RED.name
    'RED'
    >>> _lazy.optional("a_module_that_is_not_installed") is None
    True
"""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["load", "optional"]


def load(name: str) -> ModuleType:
    """The module `name`, imported now if it was not yet (Python keeps it after that)."""
    return importlib.import_module(name)


def optional(name: str) -> ModuleType | None:
    """The module `name` of an optional extra, `None` when it is not installed."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None
