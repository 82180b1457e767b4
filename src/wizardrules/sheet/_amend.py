"""Amending a finished round of a score sheet: the round recorded anew, every later entry checked again."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Final, NamedTuple, TypeAlias

from wizardrules._convert import shown
from wizardrules.bidding import CloudChange
from wizardrules.cards import Suit
from wizardrules.errors import AmendError, EntryError, WizardRulesError
from wizardrules.sheet._rows import BidsEntry, CloudEntry, Entry, RoundEntry, TricksEntry

if TYPE_CHECKING:  # the sheet amends itself with this module
    from wizardrules.sheet import ScoreSheet

Player: TypeAlias = "str | int"


class Recorded(enum.Enum):
    """The default of `ScoreSheet.amend`'s options."""

    AS_RECORDED = "as recorded"


AS_RECORDED: Final = Recorded.AS_RECORDED
"""For `ScoreSheet.amend`: keep the round's value as it was recorded."""


def entries_by_round(entries: Iterable[Entry]) -> list[tuple[Entry, ...]]:
    """The entries grouped by round: each finished round's, then the open round's if any."""
    groups: list[tuple[Entry, ...]] = []
    current: list[Entry] = []
    for entry in entries:
        current.append(entry)
        if isinstance(entry, (TricksEntry, RoundEntry)):
            groups.append(tuple(current))
            current = []
    if current:
        groups.append(tuple(current))
    return groups


def record_again(sheet: ScoreSheet, entry: Entry) -> ScoreSheet:
    """`sheet` with `entry` recorded again, through the checks of a live entry."""
    if isinstance(entry, RoundEntry):
        cloud = entry.cloud
        return sheet.record(
            bids=entry.bids.bids,
            blind=[s for s, b in enumerate(entry.bids.blind) if b],
            cloud=None if cloud is None else (cloud.seat, cloud.change),
            tricks=entry.tricks.tricks,
            bombs=entry.tricks.bombs,
            trump=entry.tricks.trump,
        )
    if isinstance(entry, BidsEntry):
        return sheet.record_bids(entry.bids, blind=[s for s, b in enumerate(entry.blind) if b])
    if isinstance(entry, CloudEntry):
        return sheet.change_bid(entry.seat, entry.change)
    return sheet.record_tricks(entry.tricks, bombs=entry.bombs, trump=entry.trump)


class Changes(NamedTuple):
    """What `ScoreSheet.amend` changes in a round: each field as `record` takes it, or `AS_RECORDED`."""

    bids: Sequence[int] | Mapping[str, int] | Recorded
    tricks: Sequence[int] | Mapping[str, int] | Recorded
    blind: Iterable[Player] | Recorded
    cloud: tuple[Player, CloudChange] | Recorded | None
    bombs: int | Recorded
    trump: Suit | Recorded | None


def _merged(
    players: Sequence[str], recorded: Sequence[int], given: Sequence[int] | Mapping[str, int]
) -> Sequence[int] | Mapping[str, int]:
    """`given` as `record` takes it; by name, the players left out keep their `recorded` values.

    The names given are not checked here: an unknown one stays in the mapping, for `record` to refuse.
    """
    if not isinstance(given, Mapping):
        return given
    return {**dict(zip(players, recorded, strict=True)), **given}


def amend(sheet: ScoreSheet, entries: Sequence[Entry], round_number: int, changes: Changes) -> ScoreSheet:
    """`sheet`, made of `entries`, with finished round `round_number` recorded anew (see `ScoreSheet.amend`)."""
    bids, tricks, blind, cloud, bombs, trump = changes
    if type(round_number) is not int or not 1 <= round_number <= len(sheet.rounds):
        finished = f"1..{len(sheet.rounds)}" if sheet.rounds else "none yet"
        finished_de = f"1..{len(sheet.rounds)}" if sheet.rounds else "noch keine"
        raise EntryError(
            f"amend: round {shown(round_number)} is not a finished round (finished: {finished})",
            german=f"ändern: Runde {shown(round_number)} ist keine beendete Runde (beendet: {finished_de})",
        )
    old = sheet.rounds[round_number - 1]
    by_round = entries_by_round(entries)
    fresh = type(sheet)(sheet.players, rules=sheet.rules, first_dealer=sheet.first_dealer)
    for entry in (entry for earlier in by_round[: round_number - 1] for entry in earlier):
        fresh = record_again(fresh, entry)
    fresh = fresh.record(
        bids=old.bids if isinstance(bids, Recorded) else _merged(sheet.players, old.bids, bids),
        blind=[s for s, b in enumerate(old.blind) if b] if isinstance(blind, Recorded) else blind,
        cloud=old.cloud if isinstance(cloud, Recorded) else cloud,
        tricks=old.tricks if isinstance(tricks, Recorded) else _merged(sheet.players, old.tricks, tricks),
        bombs=old.bombs if isinstance(bombs, Recorded) else bombs,
        trump=old.trump if isinstance(trump, Recorded) else trump,
    )
    for number, later in enumerate(by_round[round_number:], start=round_number + 1):
        for entry in later:
            try:
                fresh = record_again(fresh, entry)
            except WizardRulesError as error:
                raise AmendError(
                    f"amend round {round_number}: round {number} no longer checks: {error}; nothing was changed",
                    german=f"Runde {round_number} ändern: Runde {number} stimmt dann nicht mehr: {error.german}; "
                    "nichts wurde geändert",
                ) from error
    return fresh
