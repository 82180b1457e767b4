"""The score sheet's rows: finished and pending rounds, and the entries a sheet is made of.

A [`Round`][wizardrules.Round] is the record of one finished round that the score sheet
and the engine share; a [`PendingRound`][wizardrules.PendingRound] is a round with bids and
no tricks yet. Entries are what a sheet records, in order: its state is their replay.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import TypeAlias

from attrs import field, frozen

from wizardrules._convert import as_tuple, shown, whole
from wizardrules.bidding import MAX_ROUNDS, CloudChange
from wizardrules.cards import MAX_DECK_SIZE, Suit
from wizardrules.errors import EntryError
from wizardrules.tricks import MAX_PLAYERS

__all__ = [
    "BidsEntry",
    "CloudEntry",
    "Entry",
    "EntryKind",
    "LogEntry",
    "PendingRound",
    "Round",
    "RoundEntry",
    "SheetState",
    "TricksEntry",
]


def _ints(values: Iterable[int]) -> tuple[int, ...]:
    return as_tuple(values, "round values", EntryError, limit=MAX_PLAYERS)


def _bools(values: Iterable[bool]) -> tuple[bool, ...]:
    return as_tuple(values, "blind marks", EntryError, limit=MAX_PLAYERS)


@frozen(kw_only=True)
class Round:
    """The record of one finished round, shared by the score sheet and the engine.

    All per-player tuples are in seat order.

    Attributes:
        number: the round, counted from 1.
        cards: cards dealt to each player.
        dealer: the dealer's seat.
        bids: the bids as made.
        final_bids: the bids after a Cloud change (R8.2); scoring uses these.
        blind: per player, whether the bid was blind (R4.4).
        tricks: the tricks each player took.
        points: each player's points for the round.
        bombs: tricks voided by a Bomb (R8.1): the tricks add up to `cards - bombs`.
        trump: the round's trump suit when recorded (`None`: no trump or not recorded).
    """

    number: int
    cards: int
    dealer: int
    bids: tuple[int, ...] = field(converter=_ints)
    final_bids: tuple[int, ...] = field(converter=_ints)
    blind: tuple[bool, ...] = field(converter=_bools)
    tricks: tuple[int, ...] = field(converter=_ints)
    points: tuple[int, ...] = field(converter=_ints)
    bombs: int = 0
    trump: Suit | None = None

    def __attrs_post_init__(self) -> None:
        n = len(self.bids)
        for name in ("final_bids", "blind", "tricks", "points"):
            if len(getattr(self, name)) != n:
                raise EntryError(f"round {shown(self.number)}: {name} has {len(getattr(self, name))} entries, bids {n}")
        counts = (self.cards, self.bombs, *self.bids, *self.final_bids, *self.tricks)
        if (
            not whole(self.number, 0, MAX_ROUNDS)
            or not whole(self.dealer, 0, MAX_PLAYERS - 1)
            or not all(whole(v, 0, MAX_DECK_SIZE) for v in counts)
            or any(type(v) is not int for v in self.points)
        ):
            raise EntryError(
                f"round {shown(self.number)}: numbers must be whole: the number up to {MAX_ROUNDS}, the dealer "
                f"a seat, cards, bids and tricks 0..{MAX_DECK_SIZE}"
            )
        changed = [(b, f) for b, f in zip(self.bids, self.final_bids, strict=True) if b != f]
        if len(changed) > 1 or any(abs(f - b) != 1 for b, f in changed):
            raise EntryError(
                f"round {shown(self.number)}: final bids {shown(self.final_bids)} differ from the bids "
                f"{shown(self.bids)} by more than one Cloud's change of one bid by one (R8.2)",
                german=f"Runde {shown(self.number)}: die Ansagen nach der Wolke {shown(self.final_bids)} weichen von "
                f"{shown(self.bids)} um mehr als eine Änderung einer Ansage um eins ab (R8.2)",
            )
        if any(type(b) is not bool for b in self.blind):
            raise EntryError(f"round {shown(self.number)}: blind marks {shown(self.blind)} must be True or False")
        if self.trump is not None and not isinstance(self.trump, Suit):
            raise EntryError(f"round {shown(self.number)}: trump {shown(self.trump)} must be a Suit or None")

    @property
    def hits(self) -> tuple[bool, ...]:
        """Per player, whether the (final) bid was exact."""
        return tuple(b == t for b, t in zip(self.final_bids, self.tricks, strict=True))

    @property
    def cloud(self) -> tuple[int, CloudChange] | None:
        """The seat whose bid a Cloud changed and the direction, or `None`."""
        return _cloud_of(self.bids, self.final_bids)


def _cloud_of(bids: Sequence[int], final: Sequence[int]) -> tuple[int, CloudChange] | None:
    for seat, (before, after) in enumerate(zip(bids, final, strict=True)):
        if before != after:
            return seat, CloudChange(after - before)
    return None


@frozen(kw_only=True)
class PendingRound:
    """A round whose bids are recorded and whose tricks are not yet.

    Attributes:
        bids: the bids as made, in seat order.
        final_bids: the bids after a Cloud change.
        blind: per player, whether the bid was blind.
    """

    bids: tuple[int, ...] = field(converter=_ints)
    final_bids: tuple[int, ...] = field(converter=_ints)
    blind: tuple[bool, ...] = field(converter=_bools)

    @property
    def cloud(self) -> tuple[int, CloudChange] | None:
        """The seat whose bid a Cloud changed and the direction, or `None`."""
        return _cloud_of(self.bids, self.final_bids)


# -- entries: what was recorded, in order; the sheet's state is their replay ----------


@frozen(kw_only=True)
class BidsEntry:
    """A round's bids and blind marks, by seat."""

    bids: tuple[int, ...]
    blind: tuple[bool, ...]


@frozen(kw_only=True)
class CloudEntry:
    """A Cloud's change of one seat's bid (R8.2)."""

    seat: int
    change: CloudChange


@frozen(kw_only=True)
class TricksEntry:
    """A round's tricks by seat, its Bomb tricks and its trump as recorded."""

    tricks: tuple[int, ...]
    bombs: int
    trump: Suit | None


@frozen(kw_only=True)
class RoundEntry:
    """A whole round recorded in one entry: bids, an optional Cloud change, tricks."""

    bids: BidsEntry
    cloud: CloudEntry | None
    tricks: TricksEntry


Entry: TypeAlias = "BidsEntry | CloudEntry | TricksEntry | RoundEntry"
"""Any entry of a score sheet."""


class EntryKind(enum.Enum):
    """What one entry of a score sheet recorded (see [`ScoreSheet.log`][wizardrules.ScoreSheet.log])."""

    ROUND = "round"
    """A whole round in one entry (`record`)."""
    BIDS = "bids"
    """A round's bids (`record_bids`)."""
    CLOUD = "cloud"
    """A Cloud's change of a bid (`change_bid`, R8.2)."""
    TRICKS = "tricks"
    """A round's tricks (`record_tricks`), which finish it."""


@frozen(kw_only=True)
class LogEntry:
    """One entry of a score sheet, as `undo` steps back through them.

    Attributes:
        number: the round the entry belongs to.
        kind: what the entry recorded.
    """

    number: int
    kind: EntryKind


def log_of(entries: Iterable[Entry]) -> tuple[LogEntry, ...]:
    """The round and kind of each entry, in order."""
    log = []
    number = 1
    for entry in entries:
        kind = (
            EntryKind.ROUND
            if isinstance(entry, RoundEntry)
            else EntryKind.BIDS
            if isinstance(entry, BidsEntry)
            else EntryKind.CLOUD
            if isinstance(entry, CloudEntry)
            else EntryKind.TRICKS
        )
        log.append(LogEntry(number=number, kind=kind))
        number += kind in (EntryKind.ROUND, EntryKind.TRICKS)
    return tuple(log)


@frozen(kw_only=True)
class SheetState:
    """What a sheet's entries add up to: finished rounds, the pending round, totals and hits."""

    rounds: tuple[Round, ...] = ()
    pending: PendingRound | None = None
    totals: tuple[int, ...] = ()
    hits: tuple[int, ...] = ()
