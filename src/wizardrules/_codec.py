"""Plain-data (JSON-ready) forms of `Rules`, kept out of the model classes, and the checks
every saved file passes when it is read.

Only the built-in bid policies and the standard score rule have a saved form; a game
under a custom policy or score rule cannot be saved (a `FormatError` says so).

Loaders are the boundary for untrusted files: anything wrong in a file, whatever its kind
(not JSON, nested too deep, a wrong type anywhere, numbers out of range, an edit that the
checksum catches), is a `FormatError`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from wizardrules._convert import file_text, shown, type_name
from wizardrules.bidding import BidPolicy, EqualBids, FreeBids, NotEqualBids, ScorekeeperHook
from wizardrules.cards import Special
from wizardrules.errors import FormatError, WizardRulesError
from wizardrules.rules import BidReveal, FixedTrump, Rules, Schedule, ScheduleKind, Variant
from wizardrules.scoring import ScoreRule, StandardScore, TieBreak

JSON = Any
_VARIANTS: Final = tuple(v for v in Variant if v is not Variant.NONE)

_WHAT_DE: Final = {
    "score sheet CSV": "Spielblock-CSV",
    "score sheet entry": "Spielblock, Eintrag",
    "score sheet": "Spielblock",
    "game record": "Spielbericht",
    "saved table": "gespeicherter Tisch",
    "schedule trump": "Trumpf im Spielplan",
    "schedule": "Spielplan",
    "special card": "Sonderkarte",
    "rules": "Regeln",
}
"""The parts of saved files named in messages, in German; a field's name (`bid_policy`) is kept."""


def what_de(what: str) -> str:
    """The part of a file `what` names, in German: `score sheet entry 3` is `Spielblock, Eintrag 3`.

    Examples:
        >>> what_de("score sheet entry 3"), what_de("bid_policy")
        ('Spielblock, Eintrag 3', 'bid_policy')
    """
    for english, german in _WHAT_DE.items():
        if what == english or what.startswith(f"{english} "):
            return german + what[len(english) :]
    return what


def policy_to_data(policy: BidPolicy) -> dict[str, JSON]:
    if isinstance(policy, FreeBids):
        return {"type": "free"}
    if isinstance(policy, NotEqualBids):
        return {
            "type": "not-equal",
            "first_round_free": policy.first_round_free,
            "min_cards": policy.min_cards,
        }
    if isinstance(policy, EqualBids):
        return {"type": "equal"}
    if isinstance(policy, ScorekeeperHook):
        return {"type": "scorekeeper-hook", "scorekeeper": policy.scorekeeper}
    raise FormatError(
        f"bid policy {shown(policy)} has no saved form; only the built-in policies can be saved",
        german=f"die Ansageregel {shown(policy)} lässt sich nicht speichern; nur die eingebauten Regeln",
    )


def policy_from_data(data: JSON) -> BidPolicy:
    kind = _field(data, "type", str, "bid_policy")
    if kind == "free":
        return FreeBids()
    if kind == "not-equal":
        return NotEqualBids(
            first_round_free=_field(data, "first_round_free", bool, "bid_policy"),
            min_cards=_field(data, "min_cards", int, "bid_policy"),
        )
    if kind == "equal":
        return EqualBids()
    if kind == "scorekeeper-hook":
        return ScorekeeperHook(scorekeeper=_field(data, "scorekeeper", int, "bid_policy"))
    raise FormatError(
        f"bid_policy type {shown(kind)} is unknown", german=f"bid_policy: Typ {shown(kind)} ist unbekannt"
    )


def _score_to_data(rule: ScoreRule) -> dict[str, JSON]:
    if isinstance(rule, StandardScore):
        return {
            "type": "standard",
            "hit_bonus": rule.hit_bonus,
            "per_trick": rule.per_trick,
            "miss_penalty": rule.miss_penalty,
            "blind_multiplier": rule.blind_multiplier,
        }
    raise FormatError(
        f"score rule {shown(rule)} has no saved form; only StandardScore can be saved",
        german=f"die Wertung {shown(rule)} lässt sich nicht speichern; nur StandardScore",
    )


def _score_from_data(data: JSON) -> ScoreRule:
    kind = _field(data, "type", str, "score_rule")
    if kind != "standard":
        raise FormatError(
            f"score_rule type {shown(kind)} is unknown", german=f"score_rule: Typ {shown(kind)} ist unbekannt"
        )
    return StandardScore(
        hit_bonus=_field(data, "hit_bonus", int, "score_rule"),
        per_trick=_field(data, "per_trick", int, "score_rule"),
        miss_penalty=_field(data, "miss_penalty", int, "score_rule"),
        blind_multiplier=_field(data, "blind_multiplier", int, "score_rule"),
    )


def _schedule_to_data(schedule: Schedule | ScheduleKind | None) -> JSON:
    if schedule is None:  # the ladder (R2.2), written by name; files of old versions have null, read as the same
        return ScheduleKind.LADDER.value
    if isinstance(schedule, ScheduleKind):
        return schedule.value
    return {
        "name": schedule.name,
        "cards_per_round": list(schedule.cards_per_round),
        "trumps": [None if t is None else t.value for t in schedule.trumps],
    }


def _schedule_from_data(data: JSON) -> Schedule | ScheduleKind | None:
    if data is None:
        return None
    if isinstance(data, str):
        kind: ScheduleKind = _enum(ScheduleKind, data, "schedule")
        return kind
    cards = _field(data, "cards_per_round", list, "schedule")
    trumps = _field(data, "trumps", list, "schedule")
    return Schedule(
        name=_field(data, "name", str, "schedule"),
        cards_per_round=tuple(cards),
        trumps=tuple(None if t is None else _enum(FixedTrump, t, "schedule trump") for t in trumps),
    )


def rules_to_data(rules: Rules) -> dict[str, JSON]:
    """The JSON-ready form of `rules`.

    Raises:
        FormatError: the rules use a custom policy or score rule.
    """
    return {
        "bid_policy": policy_to_data(rules.bid_policy),
        "bid_reveal": rules.bid_reveal.value,
        "variants": [v.name for v in _VARIANTS if v in rules.variants],
        "special_cards": [s.value for s in Special if s in rules.special_cards],
        "schedule": _schedule_to_data(rules.schedule),
        "score_rule": _score_to_data(rules.score_rule),
        "tiebreak": rules.tiebreak.value,
    }


def rules_from_data(data: JSON) -> Rules:
    """Rules from their JSON-ready form.

    Raises:
        FormatError: the data is not a saved rule set, or describes impossible rules.
    """
    try:
        variants = Variant.NONE
        for name in _field(data, "variants", list, "rules"):
            if not isinstance(name, str) or name not in Variant.__members__ or name == "NONE":
                raise FormatError(
                    f"rules: variant {shown(name)} is unknown", german=f"Regeln: Variante {shown(name)} ist unbekannt"
                )
            variants |= Variant[name]
        return Rules(
            bid_policy=policy_from_data(_field(data, "bid_policy", dict, "rules")),
            bid_reveal=_enum(BidReveal, _field(data, "bid_reveal", str, "rules"), "bid_reveal"),
            variants=variants,
            special_cards=frozenset(
                _enum(Special, s, "special card") for s in _field(data, "special_cards", list, "rules")
            ),
            schedule=_schedule_from_data(data.get("schedule")),
            score_rule=_score_from_data(_field(data, "score_rule", dict, "rules")),
            tiebreak=_enum(TieBreak, _field(data, "tiebreak", str, "rules"), "tiebreak"),
        )
    except FormatError:
        raise
    except WizardRulesError as error:
        raise FormatError(f"rules: {error}", german=f"Regeln: {error.german}") from error


class TwiceError(Exception):
    """A key twice in one object of a JSON text (raised by `strict_pairs`, read as a `FormatError`)."""


def strict_pairs(pairs: list[tuple[str, JSON]]) -> dict[str, JSON]:
    """An object of a JSON text (`object_pairs_hook`), refusing a key that comes twice: no last one wins."""
    found: dict[str, JSON] = {}
    for key, value in pairs:
        if key in found:
            raise TwiceError(key)
        found[key] = value
    return found


def no_constant(name: str) -> JSON:
    """`NaN`, `Infinity` and `-Infinity` (`parse_constant`), which Python reads and JSON does not have."""
    raise ValueError(f"{name} is not JSON")


MAX_DEPTH: Final = 16
"""How deeply a saved file may nest arrays and objects; the library's own files nest 4 deep."""


def load_versioned(text: str | bytes, *, format_name: str, version: int, what: str) -> dict[str, JSON]:
    """The JSON object of a saved file, checked for its format, its nesting and its version.

    Raises:
        FormatError: longer than `wizardrules._convert.MAX_FILE` (16 MiB), not JSON (`NaN` and
            `Infinity` are not), a key twice in one object, nested more than `MAX_DEPTH` deep,
            not an object of `format_name`, or another version.
    """
    de = what_de(what)
    if not isinstance(text, (str, bytes, bytearray)):
        raise FormatError(
            f"{what}: expected JSON text, got {type_name(text)}",
            german=f"{de}: erwartet JSON-Text, nicht {type_name(text)}",
        )
    text = file_text(text, what, FormatError, what_de=de)  # at most MAX_FILE, before anything is read
    try:
        data = json.loads(text, object_pairs_hook=strict_pairs, parse_constant=no_constant)
    except TwiceError as error:
        raise FormatError(
            f"{what}: the key {shown(error.args[0])} appears twice in one object",
            german=f"{de}: der Schlüssel {shown(error.args[0])} steht zweimal in einem Objekt",
        ) from None
    except (ValueError, RecursionError) as error:
        place = f" (Zeile {error.lineno}, Spalte {error.colno})" if isinstance(error, json.JSONDecodeError) else ""
        raise FormatError(f"{what}: not JSON ({shown(str(error))})", german=f"{de}: kein JSON{place}") from None
    if _depth(data) > MAX_DEPTH:
        raise FormatError(
            f"{what}: arrays and objects nested more than {MAX_DEPTH} deep",
            german=f"{de}: Listen und Objekte mehr als {MAX_DEPTH} Ebenen tief verschachtelt",
        )
    if not isinstance(data, dict) or data.get("format") != format_name:
        raise FormatError(
            f"not a {what}: the 'format' field must be {format_name!r}",
            german=f"kein {de}: das Feld 'format' muss {format_name!r} sein",
        )
    found = data.get("version")
    if type(found) is not int or found != version:
        raise FormatError(
            f"{what} version {shown(found)} is not supported (this reads {version})",
            german=f"{de}: Version {shown(found)} wird nicht gelesen (gelesen wird Version {version})",
        )
    return data


def _depth(data: JSON) -> int:
    """How deeply `data` nests lists and dicts (0 for a plain value), up to one past `MAX_DEPTH`.

    Found level by level without recursion, keeping only the containers of the next level,
    so that the walk takes a fraction of the memory the parsed file takes.
    """
    level = [data] if type(data) in (list, dict) else []
    depth = 0
    while level and depth <= MAX_DEPTH:  # deeper is refused anyway: no need to look further
        depth += 1
        below: list[JSON] = []
        for value in level:
            below.extend(
                item for item in (value.values() if type(value) is dict else value) if type(item) in (list, dict)
            )
        level = below
    return depth


def checksum(data: Mapping[str, JSON]) -> str:
    """SHA-256 of the canonical JSON of a saved file's content (all but its `checksum` field).

    It catches edits, not forgery: anyone can compute it again for an edited file.
    """
    content = {key: value for key, value in data.items() if key != "checksum"}
    canonical = json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    import hashlib  # noqa: PLC0415 - only when a file is saved or loaded, not on import

    return hashlib.sha256(canonical.encode("utf-8", "surrogatepass")).hexdigest()


def check_checksum(data: Mapping[str, JSON], what: str) -> None:
    """Refuse a saved file whose content does not match its checksum (an edited file).

    Raises:
        FormatError: the checksum is missing or does not match.
    """
    if "checksum" not in data:
        raise FormatError(
            f"{what} has no checksum: it was not written by to_json, or it was edited",
            german=f"{what_de(what)} hat keine Prüfsumme: nicht von to_json geschrieben, oder bearbeitet",
        )
    if data["checksum"] != checksum(data):
        raise FormatError(
            f"{what} was edited: its checksum does not match its content",
            german=f"{what_de(what)} wurde bearbeitet: die Prüfsumme passt nicht zum Inhalt",
        )


def _enum(cls: Any, value: JSON, what: str) -> Any:
    try:
        return cls(value)
    except (ValueError, TypeError):
        names = ", ".join(repr(m.value) for m in cls)
        raise FormatError(
            f"{what} {shown(value)} is unknown; expected one of {names}",
            german=f"{what_de(what)} {shown(value)} ist unbekannt; erwartet eins von {names}",
        ) from None


def _field(data: JSON, key: str, kind: type, what: str) -> Any:
    de = what_de(what)
    if not isinstance(data, Mapping):
        raise FormatError(
            f"{what}: expected an object, got {type_name(data)}",
            german=f"{de}: erwartet ein Objekt, nicht {type_name(data)}",
        )
    if key not in data:
        raise FormatError(f"{what}: the field {key!r} is missing", german=f"{de}: das Feld {key!r} fehlt")
    value = data[key]
    if kind is int and (type(value) is not int):
        raise FormatError(
            f"{what}: {key} {shown(value)} must be a whole number",
            german=f"{de}: {key} {shown(value)} muss eine ganze Zahl sein",
        )
    if not isinstance(value, kind):
        raise FormatError(
            f"{what}: {key} {shown(value)} must be of type {kind.__name__}",
            german=f"{de}: {key} {shown(value)} muss vom Typ {kind.__name__} sein",
        )
    return value


field_of = _field
