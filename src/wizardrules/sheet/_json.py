"""The score sheet's saved form: entries and rounds as JSON data, and the check of a saved file."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from wizardrules import _codec
from wizardrules._convert import shown
from wizardrules.bidding import CloudChange
from wizardrules.cards import Suit
from wizardrules.errors import FormatError, WizardRulesError
from wizardrules.sheet._rows import BidsEntry, CloudEntry, Entry, Round, TricksEntry
from wizardrules.sheet._stats import PlayerStatistics, statistics_to_data

if TYPE_CHECKING:  # the sheet writes and reads itself with this module
    from wizardrules.sheet import ScoreSheet

FORMAT: Final = "wizardrules/scoresheet"
VERSION: Final = 1


def entry_to_data(entry: Entry) -> dict[str, Any]:
    """An entry as JSON data, tagged by its `type`."""
    if isinstance(entry, BidsEntry):
        return {"type": "bids", "bids": list(entry.bids), "blind": _blind_list(entry.blind)}
    if isinstance(entry, CloudEntry):
        return {"type": "cloud", "player": entry.seat, "change": entry.change.name.lower()}
    if isinstance(entry, TricksEntry):
        return {
            "type": "tricks",
            "tricks": list(entry.tricks),
            "bombs": entry.bombs,
            "trump": _suit(entry.trump),
        }
    cloud = entry.cloud
    return {
        "type": "round",
        "bids": list(entry.bids.bids),
        "blind": _blind_list(entry.bids.blind),
        "cloud": None if cloud is None else {"player": cloud.seat, "change": cloud.change.name.lower()},
        "tricks": list(entry.tricks.tricks),
        "bombs": entry.tricks.bombs,
        "trump": _suit(entry.tricks.trump),
    }


def _blind_list(blind: Sequence[bool]) -> list[int]:
    return [seat for seat, is_blind in enumerate(blind) if is_blind]


def _suit(suit: Suit | None) -> str | None:
    return None if suit is None else suit.value


def round_to_data(r: Round) -> dict[str, Any]:
    """A finished round as JSON data, as the saved file lists it for checking."""
    return {
        "number": r.number,
        "cards": r.cards,
        "dealer": r.dealer,
        "bids": list(r.bids),
        "final_bids": list(r.final_bids),
        "blind": list(r.blind),
        "tricks": list(r.tricks),
        "points": list(r.points),
        "bombs": r.bombs,
        "trump": _suit(r.trump),
    }


def ints_of(item: Any, key: str, what: str) -> list[int]:
    """The whole numbers under `key` of a saved entry, or a `FormatError` naming `what`."""
    values: list[Any] = _codec.field_of(item, key, list, what)
    if not all(type(v) is int for v in values):
        raise FormatError(
            f"{what}: {key} {shown(values)} must be whole numbers",
            german=f"{_codec.what_de(what)}: {key} {shown(values)} müssen ganze Zahlen sein",
        )
    return [int(v) for v in values]


def blind_of(item: Any, what: str) -> list[int]:
    """The blind seats of a saved entry."""
    return ints_of(item, "blind", what)


def cloud_change(item: Any, what: str) -> CloudChange:
    """The Cloud change (`up` or `down`) of a saved entry."""
    name = _codec.field_of(item, "change", str, what)
    if name not in ("up", "down"):
        raise FormatError(
            f"{what}: cloud change {shown(name)} must be 'up' or 'down'",
            german=f"{_codec.what_de(what)}: die Änderung der Wolke {shown(name)} muss 'up' oder 'down' sein",
        )
    return CloudChange.UP if name == "up" else CloudChange.DOWN


def trump_of(item: Any, what: str) -> Suit | None:
    """The trump of a saved entry: a suit letter or null."""
    value = item.get("trump") if isinstance(item, Mapping) else None
    if value is None:
        return None
    if not isinstance(value, str) or value not in {s.value for s in Suit}:
        raise FormatError(
            f"{what}: trump {shown(value)} must be one of R, Y, G, B or null",
            german=f"{_codec.what_de(what)}: Trumpf {shown(value)} muss R, Y, G, B oder null sein",
        )
    return Suit(value)


def _canonical(value: Any) -> str:
    """Compare saved data exactly: 30.0 and true are not 30 and 1."""
    return json.dumps(value, sort_keys=True)


def _figures(saved: Any) -> str:
    """The statistics' figures, compared exactly; the names are the file's players, checked with its checksum."""
    if not isinstance(saved, list):
        return _canonical(saved)
    return _canonical(
        [{k: v for k, v in row.items() if k != "player"} if isinstance(row, dict) else row for row in saved]
    )


def check_saved(
    rounds: Sequence[Round],
    totals: Sequence[int],
    data: Mapping[str, Any],
    statistics: Sequence[PlayerStatistics] = (),
) -> None:
    """Refuse a saved sheet whose `rounds`, `totals` or `statistics` differ from what its entries replay to.

    The statistics are checked where the file has them (files written before they were
    added have none).
    """
    saved_rounds = data.get("rounds")
    replayed = [round_to_data(r) for r in rounds]
    if not isinstance(saved_rounds, list) or len(saved_rounds) != len(replayed):
        raise FormatError(
            f"score sheet was tampered with: its entries give {len(replayed)} rounds, its 'rounds' do not match",
            german=f"der Spielblock wurde verändert: seine Einträge ergeben {len(replayed)} Runden, "
            "seine 'rounds' passen nicht dazu",
        )
    for saved, actual in zip(saved_rounds, replayed, strict=True):
        if _canonical(saved) != _canonical(actual):
            differing = sorted(
                k for k in actual if not isinstance(saved, dict) or _canonical(saved.get(k)) != _canonical(actual[k])
            )
            raise FormatError(
                f"score sheet was tampered with: round {actual['number']}'s {', '.join(differing)} "
                "do not match its entries",
                german=f"der Spielblock wurde verändert: in Runde {actual['number']} passen "
                f"{', '.join(map(repr, differing))} nicht zu den Einträgen",
            )
    if _canonical(data.get("totals")) != _canonical(list(totals)):
        raise FormatError(
            f"score sheet was tampered with: totals {shown(data.get('totals'))} "
            f"do not match the rounds ({shown(list(totals))})",
            german=f"der Spielblock wurde verändert: die Summen {shown(data.get('totals'))} "
            f"passen nicht zu den Runden ({shown(list(totals))})",
        )
    if "statistics" in data and _figures(data["statistics"]) != _figures([statistics_to_data(s) for s in statistics]):
        raise FormatError(
            "score sheet was tampered with: its 'statistics' do not match its rounds",
            german="der Spielblock wurde verändert: seine Statistik passt nicht zu seinen Runden",
        )


def write(sheet: ScoreSheet, entries: Sequence[Entry], *, indent: int | None) -> str:
    """The sheet's saved form: its players, rules and entries, the rounds and totals they give, a checksum."""
    data = {
        "format": FORMAT,
        "version": VERSION,
        "players": list(sheet.players),
        "first_dealer": sheet.first_dealer,
        "rules": _codec.rules_to_data(sheet.rules),
        "entries": [entry_to_data(e) for e in entries],
        "rounds": [round_to_data(r) for r in sheet.rounds],
        "totals": list(sheet.totals),
        "statistics": [statistics_to_data(s) for s in sheet.statistics()],
    }
    data["checksum"] = _codec.checksum(data)
    return json.dumps(data, indent=indent, ensure_ascii=False)


def load(cls: type[ScoreSheet], text: str | bytes) -> ScoreSheet:
    """A sheet read back from `write`'s text by replaying its entries, checked against its rounds and checksum."""
    data = _codec.load_versioned(text, format_name=FORMAT, version=VERSION, what="score sheet")
    try:
        sheet = cls(
            players=_codec.field_of(data, "players", list, "score sheet"),
            rules=_codec.rules_from_data(_codec.field_of(data, "rules", dict, "score sheet")),
            first_dealer=_codec.field_of(data, "first_dealer", int, "score sheet"),
        )
        for index, item in enumerate(_codec.field_of(data, "entries", list, "score sheet"), start=1):
            sheet = _replay(sheet, item, index)
    except FormatError:
        raise
    except WizardRulesError as error:
        raise FormatError(
            f"score sheet is inconsistent: {error}", german=f"der Spielblock ist widersprüchlich: {error.german}"
        ) from None
    check_saved(sheet.rounds, sheet.totals, data, sheet.statistics())
    _codec.check_checksum(data, "score sheet")
    return sheet


def _replay(sheet: ScoreSheet, item: Any, index: int) -> ScoreSheet:
    what = f"score sheet entry {index}"
    kind = _codec.field_of(item, "type", str, what)
    if kind == "bids":
        return sheet.record_bids(ints_of(item, "bids", what), blind=blind_of(item, what))
    if kind == "cloud":
        return sheet.change_bid(_codec.field_of(item, "player", int, what), cloud_change(item, what))
    if kind == "tricks":
        return sheet.record_tricks(
            ints_of(item, "tricks", what),
            bombs=_codec.field_of(item, "bombs", int, what),
            trump=trump_of(item, what),
        )
    if kind == "round":
        cloud = item.get("cloud")
        return sheet.record(
            bids=ints_of(item, "bids", what),
            blind=blind_of(item, what),
            cloud=None if cloud is None else (_codec.field_of(cloud, "player", int, what), cloud_change(cloud, what)),
            tricks=ints_of(item, "tricks", what),
            bombs=_codec.field_of(item, "bombs", int, what),
            trump=trump_of(item, what),
        )
    raise FormatError(
        f"{what}: type {shown(kind)} is unknown", german=f"{_codec.what_de(what)}: Typ {shown(kind)} ist unbekannt"
    )
