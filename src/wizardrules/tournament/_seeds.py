"""Where each bot sits and which seeds deal each game and make each bot: the same on every machine."""

from __future__ import annotations


def seating(game: int, bots: int) -> tuple[int, ...]:
    """The bot at each seat in game `game` (from 0): bot `i` sits at seat `(i + game) % bots`.

    Examples:
        >>> seating(0, 3), seating(1, 3), seating(2, 3)
        ((0, 1, 2), (2, 0, 1), (1, 2, 0))
    """
    return tuple((seat - game) % bots for seat in range(bots))


def _derive(seed: int, *parts: object) -> int:
    """A 63-bit seed derived from `seed` and `parts`, the same on every machine and process."""
    text = ":".join(_written(part) for part in ("wizardrules.tournament", seed, *parts))
    import hashlib  # noqa: PLC0415 - only when a tournament runs

    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def _written(part: object) -> str:
    """`str(part)`, or a number too long for Python to write in decimal (over 4,300 digits) in hex."""
    try:
        return str(part)
    except ValueError:
        return hex(part)  # type: ignore[arg-type] # only an int is too long to write


def deal_seed(seed: int, game: int) -> int:
    """The seed of the deal of game `game` of a tournament seeded with `seed`."""
    return _derive(seed, "deal", game)


def bot_seed(seed: int, game: int, bot: int) -> int:
    """The seed given to bot number `bot` for game `game` of a tournament seeded with `seed`."""
    return _derive(seed, "bot", game, bot)
