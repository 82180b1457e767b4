"""The compiled fast core: whole games and batches of games at machine speed (extra `fast`).

[`playouts`][wizardrules.fast.playouts] plays many whole games of random legal play in
parallel over the cores and returns numpy arrays; every game can be turned into a
[`GameRecord`][wizardrules.GameRecord] that replays through the engine to the same totals.
The code is compiled by numba on first use and cached on disk, so a second process starts
at once.

Needs the extra `fast` (numba, numpy): `pip install ".[fast]"` from a checkout (once
published, `pip install "wizardrules[fast]"`). `python -m wizardrules.fast --compile`
compiles it all ahead of first use.

Examples:
    >>> from wizardrules.fast import playouts
    >>> run = playouts(1000, players=4, seed=7)
    >>> run.totals.shape, bool((run.tricks.sum(axis=2) == run.tricks.sum(axis=2)[0]).all())
    ((1000, 4), True)
"""

try:
    import numba  # noqa: F401 - the extra's presence is checked here, once
    import numpy  # noqa: F401
except ImportError as missing:  # pragma: no cover - the tests run with the extra installed
    raise ImportError(
        f"wizardrules.fast needs the 'fast' extra ({missing.name} is missing): "
        "pip install '.[fast]' in a checkout, 'wizardrules[fast]' once published",
        name=missing.name,
    ) from None

from wizardrules.fast._playouts import Playouts, playouts
from wizardrules.fast._vector import VectorGame

__all__ = ["Playouts", "VectorGame", "playouts"]
