"""The `Play` actions of every set of cards, ready for the engine to list a hand's legal plays.

A hand's legal plays are read from these tables by bits, not built card by card: per suit, the
plays of every 13-bit set of its cards (`SUIT_PLAYS`), and of every set of special cards with
their declarations (`SPECIAL_PLAYS`). The shared `Play` of each standard card also learns its
card code here, which `GameState.apply` reads on its hot path.
"""

from __future__ import annotations

from typing import Final

from wizardrules._tables.codes import CARD_OF, SPECIALS
from wizardrules.actions import PLAYS, Play
from wizardrules.cards import Card, Special

__all__ = ["PLAY_OF_INDEX", "SPECIAL_PLAYS", "SUIT_PLAYS", "SUIT_SHIFT", "build"]

PLAY_OF_INDEX: Final[tuple[Play, ...]] = tuple(PLAYS[card] for card in CARD_OF[:60])


def _suit_tables() -> tuple[list[tuple[Play, ...]], ...]:
    """For each suit, the Play actions of every 13-bit set of its cards, in rank order.

    Built by doubling: the sets with rank `r` as their highest card are the sets below `r`
    with `r`'s play added at the end.
    """
    tables = []
    for suit in range(4):
        table: list[tuple[Play, ...]] = [()]
        for play in PLAY_OF_INDEX[suit * 13 : suit * 13 + 13]:
            last = (play,)
            table += [plays + last for plays in table]
        tables.append(table)
    return tuple(tables)


SUIT_PLAYS: Final[tuple[list[tuple[Play, ...]], ...]] = ([], [], [], [])
"""Per suit, the Play actions of every 13-bit set of its cards (the suit's bits shifted down), in rank order.

Empty until `build` fills it (the engine does, for its first game): `import wizardrules` does not pay for it.
"""
SUIT_SHIFT: Final = (0, 13, 26, 39)
"""Per suit, the bit index of its first card."""


def _special_table() -> list[tuple[Play, ...]]:
    """For each 7-bit set of special cards, their Play actions with every declaration (R8).

    Built by doubling, as the suit tables are; the Werewolf is never played (R8.6).
    """
    table: list[tuple[Play, ...]] = [()]
    for special in SPECIALS:
        own = () if special is Special.WEREWOLF else tuple(PLAYS[card] for card in special.card.declarations())
        table += [plays + own for plays in table]
    return table


SPECIAL_PLAYS: Final[list[tuple[Play, ...]]] = []
"""For each 7-bit set of special cards (the hand shifted down by 60), their Play actions; filled by `build`."""


def build() -> None:
    """Fill `SUIT_PLAYS` and `SPECIAL_PLAYS` in place, once: the engine reads them by name from then on."""
    if SPECIAL_PLAYS:
        return
    for table, plays in zip(SUIT_PLAYS, _suit_tables(), strict=True):
        table.extend(plays)
    SPECIAL_PLAYS.extend(_special_table())


def _index_shared_plays() -> None:
    """Give each shared Play of a standard card its bit index: 52 for the Wizard, 56 for the Jester."""
    for index, card in [*enumerate(CARD_OF[:52]), (52, Card.WIZARD), (56, Card.JESTER)]:
        object.__setattr__(PLAYS[card], "_index", index)  # a private field outside the value


_index_shared_plays()
