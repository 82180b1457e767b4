"""The score pad app's Python side: every answer the pad shows comes from here, and from the library.

The app (`pad.js`) calls these functions through the shell (`app.call(name, args)`, see
`../shell.py`): plain values in, plain values out. A game travels as its share code
(`ScoreSheet.to_code`): the page keeps it on the device and in the address, and hands it back
with each entry; every entry is recorded, and every refusal given, by `ScoreSheet` itself.
What this module adds is words: the labels of the presets and options, and the lines of the
pad, in English and German.

Only the public API is used, so the module runs unchanged under CPython, where the tests call
it (tests/test_pad_app.py).

Example:
    >>> pad = new(players=["Ann", "Ben", "Cem"], preset="official", lang="en")
    >>> pad = step(code=pad["code"], action="bids", bids=[1, 1, 0], lang="en")
    >>> pad = step(code=pad["code"], action="tricks", tricks=[1, 0, 0], lang="en")
    >>> [(row["name"], row["total"], row["place"]) for row in pad["standings"]]
    [('Ann', 30, 1), ('Cem', 20, 2), ('Ben', -10, 3)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs

from wizardrules import (
    BidNotAllowedError,
    CloudChange,
    EntryKind,
    EqualBids,
    FormatError,
    FreeBids,
    Language,
    NotEqualBids,
    Preset,
    Rules,
    Schedule,
    ScoreSheet,
    Special,
    Suit,
    TieBreak,
    Variant,
    verify_bid,
)
from wizardrules import svg as pictures
from wizardrules.bidding import BidPolicy

Answer = dict[str, Any]

CHART: Final = attrs.evolve(pictures.DEFAULT_LAYOUT, chart_width=140, chart_height=170, small_font=12)
"""The score chart's sizes for a phone: about as wide as a phone's screen, so its text stays 12 px."""

PRESETS: Final[Mapping[str, tuple[str, str]]] = {
    "rulebook": ("Rulebook: free bids", "Regelheft: freie Ansagen"),
    "official": ("Official: the bids never add up (±1)", "Offiziell: Ansagen gehen nie auf (±1)"),
    "score-pad": ("Score pad: ±1, ties by exact bids", "Spielblock: ±1, Gleichstand nach Treffern"),
    "tournament": ("Tournament: 10 rounds, ±1", "Turnier: 10 Runden, ±1"),
    "hidden-bids": ("Hidden bids, at once", "Verdeckte Ansagen, gleichzeitig"),
    "secret-bids": ("Secret bids", "Geheime Vorhersage"),
    "app-free": ("App: free bids", "App: freie Ansagen"),
    "app-not-equal": ("App: not equal, round 1 free", "App: ungleich, 1. Runde frei"),
    "app-equal": ("App: the bids add up", "App: gleiche Stiche"),
    "anniversary-2016": ("Anniversary 2016: six special cards", "Jubiläum 2016: sechs Sonderkarten"),
    "anniversary-2021": ("Anniversary 2021: seven special cards", "Jubiläum 2021: sieben Sonderkarten"),
}
"""The presets the pad offers, with their labels in English and German (each a `Preset` value)."""

BID_RULES: Final[Mapping[str, tuple[str, str]]] = {
    "free": ("Free bids", "Freie Ansagen"),
    "not-equal": ("Not equal: the bids never add up", "Ungleich: Ansagen gehen nie auf"),
    "not-equal-first-free": ("Not equal, round 1 free", "Ungleich, 1. Runde frei"),
    "equal": ("Equal: the bids add up", "Gleich: Ansagen gehen auf"),
}
"""The bid rules the pad offers (R4.2), by the name the page sends."""

TIEBREAKS: Final[Mapping[str, tuple[str, str]]] = {
    TieBreak.NONE.value: ("Ties share the place", "Gleichstand teilt den Platz"),
    TieBreak.EXACT_HITS.value: ("Ties: more exact bids first", "Gleichstand: mehr Treffer vorn"),
}

_WORDS: Final[Mapping[str, tuple[str, str]]] = {
    "round": ("Round {n}", "Runde {n}"),
    "bids": ("bids", "Ansagen"),
    "cloud": ("Cloud", "Wolke"),
    "tricks": ("tricks", "Stiche"),
    "whole": ("bids and tricks", "Ansagen und Stiche"),
    "rounds": ("{rounds} rounds", "{rounds} Runden"),
    "cut": ("{name}, first {rounds} rounds", "{name}, erste {rounds} Runden"),
    "tie": ("{names} share place {place}", "{names} teilen Platz {place}"),
    "tie-broken": (
        "Equal totals: more exact bids ranks higher (R7.2)",
        "Gleiche Summe: mehr Treffer steht vorn (R7.2)",
    ),
    "wins": ("{names} wins with {total} points", "{names} gewinnt mit {total} Punkten"),
    "win-tie": ("{names} win with {total} points", "{names} gewinnen mit {total} Punkten"),
}


def _lang(lang: str) -> Language:
    return Language.DE if lang == "de" else Language.EN


def _word(key: str, lang: Language, **fields: object) -> str:
    return _WORDS[key][lang is Language.DE].format(**fields)


def _policy(name: str) -> BidPolicy:
    if name == "free":
        return FreeBids()
    if name == "not-equal":
        return NotEqualBids()
    if name == "not-equal-first-free":
        return NotEqualBids(first_round_free=True)
    if name == "equal":
        return EqualBids()
    raise FormatError(
        f"bid rule {name!r}: expected one of {', '.join(BID_RULES)}",
        german=f"Ansage-Regel {name!r}: erwartet eine von {', '.join(BID_RULES)}",
    )


def _special(name: str) -> Special:
    try:
        return Special[str(name).upper()]
    except KeyError:
        names = ", ".join(s.name for s in Special)
        raise FormatError(
            f"special card {name!r}: expected one of {names}", german=f"Sonderkarte {name!r}: erwartet eine von {names}"
        ) from None


def rules_of(
    preset: str,
    players: int,
    *,
    bid_rule: str | None = None,
    blind: bool = False,
    clairvoyance: bool = False,
    specials: Sequence[str] | None = None,
    tiebreak: str | None = None,
    rounds: int | None = None,
) -> Rules:
    """The rules of a preset, with the options the setup changes; `rounds` cuts the schedule short (R2.3).

    Raises:
        RulesError, FormatError: a preset, option or number of rounds the rules do not have.
    """
    rules = Preset.parse(preset).rules()
    changes: dict[str, Any] = {}
    if bid_rule:
        changes["bid_policy"] = _policy(bid_rule)
    variants = rules.variants
    variants = variants | Variant.BLIND_BIDS if blind else variants & ~Variant.BLIND_BIDS
    variants = variants | Variant.CLAIRVOYANCE if clairvoyance else variants & ~Variant.CLAIRVOYANCE
    changes["variants"] = variants
    if specials is not None:
        changes["special_cards"] = frozenset(_special(name) for name in specials)
    if tiebreak:
        changes["tiebreak"] = TieBreak(tiebreak)
    rules = attrs.evolve(rules, **changes)
    full = rules.schedule_for(players)
    if rounds is not None and rounds != full.rounds:
        if type(rounds) is not int or not 1 <= rounds <= full.rounds:
            raise FormatError(
                f"rounds {rounds!r}: this game has 1..{full.rounds}",
                german=f"Runden {rounds!r}: dieses Spiel hat 1..{full.rounds}",
            )
        if full == Schedule.ladder(players):
            schedule = Schedule.ladder(players, rounds=rounds)
        else:
            schedule = Schedule(
                cards_per_round=full.cards_per_round[:rounds],
                trumps=full.trumps[:rounds],
                name=f"{full.name} ({rounds} rounds)",
            )
        rules = attrs.evolve(rules, schedule=schedule)
    rules.schedule_for(players)  # checks the cut schedule against the deck
    return rules


def options(lang: str = "en") -> Answer:
    """What the setup offers: presets, bid rules, tie-breaks and special cards, with their labels.

    Example:
        >>> sorted(options()["bid_rules"])[:2]
        ['equal', 'free']
    """
    german = _lang(lang) is Language.DE
    return {
        "presets": {name: label[german] for name, label in PRESETS.items()},
        "bid_rules": {name: label[german] for name, label in BID_RULES.items()},
        "tiebreaks": {name: label[german] for name, label in TIEBREAKS.items()},
        "specials": {s.name.lower(): s.card.display(_lang(lang)) for s in Special},
    }


def setup(
    preset: str = "rulebook",
    players: int = 4,
    *,
    specials: Sequence[str] | None = None,
    clairvoyance: bool = False,
    lang: str = "en",
) -> Answer:
    """The preset's options for `players`: its bid rule, blind bids, tie-break, special cards and rounds.

    Example:
        >>> setup("official", 4)["rounds"], setup("official", 4)["bid_rule"]
        (15, 'not-equal')
    """
    rules = rules_of(preset, int(players), specials=specials, clairvoyance=clairvoyance)
    policy = rules.bid_policy
    bid_rule = next(
        (name for name in BID_RULES if _policy(name) == policy),
        "free",
    )
    schedule = rules.schedule_for(int(players))
    return {
        "bid_rule": bid_rule,
        "blind": Variant.BLIND_BIDS in Preset.parse(preset).rules().variants,
        "tiebreak": rules.tiebreak.value,
        "specials": [s.name.lower() for s in Special if s in rules.special_cards],
        "rounds": schedule.rounds,
        "schedule": _word("rounds", _lang(lang), rounds=schedule.rounds),
    }


def new(
    players: Sequence[str],
    preset: str = "rulebook",
    *,
    bid_rule: str | None = None,
    blind: bool = False,
    clairvoyance: bool = False,
    specials: Sequence[str] | None = None,
    tiebreak: str | None = None,
    rounds: int | None = None,
    first_dealer: int = 0,
    lang: str = "en",
) -> Answer:
    """A new score pad for `players` (names) under a preset and the setup's options; `first_dealer` is a seat.

    Raises:
        PlayerError, RulesError, FormatError: names, rules or options the pad cannot take.
    """
    names = [str(name).strip() for name in players]
    rules = rules_of(
        preset,
        len(names),
        bid_rule=bid_rule,
        blind=blind,
        clairvoyance=clairvoyance,
        specials=specials,
        tiebreak=tiebreak,
        rounds=rounds,
    )
    sheet = ScoreSheet(names, rules=rules, first_dealer=int(first_dealer))
    return _answer(sheet, _lang(lang), {})


def show(code: str, lang: str = "en", bids: Mapping[str, int] | None = None) -> Answer:
    """The pad of the share code `code`; `bids` (seat → bid, as typed so far) gives each bidder's allowed bids."""
    return _answer(ScoreSheet.from_code(code), _lang(lang), _typed(bids))


def step(
    code: str,
    action: str,
    lang: str = "en",
    *,
    bids: Sequence[int] | None = None,
    blind: Sequence[int] = (),
    tricks: Sequence[int] | None = None,
    bombs: int = 0,
    trump: str | None = None,
    seat: int | None = None,
    change: str | None = None,
    back: int | None = None,
) -> Answer:
    """One entry on the pad: `bids`, `cloud`, `tricks`, `undo`, or `back` (undo to the first `back` entries).

    Every entry goes through the score sheet's own checks; a refused one raises the sheet's
    error, so the page shows the reason and keeps the pad as it was.
    """
    sheet = ScoreSheet.from_code(code)
    if action == "bids":
        sheet = sheet.record_bids(list(bids or ()), blind=[int(s) for s in blind])
    elif action == "cloud":
        sheet = sheet.change_bid(int(seat or 0), CloudChange.UP if change == "up" else CloudChange.DOWN)
    elif action == "tricks":
        sheet = sheet.record_tricks(list(tricks or ()), bombs=int(bombs), trump=Suit.parse(trump) if trump else None)
    elif action == "undo":
        sheet = sheet.undo()
    elif action == "back":
        sheet = sheet.undo(steps=sheet.entries - int(back if back is not None else sheet.entries))
    else:
        raise FormatError(
            f"score pad action {action!r}: expected bids, cloud, tricks, undo or back",
            german=f"Spielblock-Aktion {action!r}: erwartet bids, cloud, tricks, undo oder back",
        )
    return _answer(sheet, _lang(lang), {})


def export(code: str, form: str, lang: str = "en") -> Answer:
    """The pad as a file: `json` (exact, read back by `ScoreSheet.from_json`) or `csv` (German: semicolons)."""
    sheet = ScoreSheet.from_code(code)
    if form == "csv":
        return {"text": sheet.to_csv(language=_lang(lang)), "name": "wizard-score-pad.csv", "type": "text/csv"}
    if form == "json":
        return {"text": sheet.to_json(), "name": "wizard-score-pad.json", "type": "application/json"}
    raise FormatError(
        f"export form {form!r}: expected json or csv", german=f"Export-Format {form!r}: erwartet json oder csv"
    )


def load(text: str, lang: str = "en", like: str | None = None) -> Answer:
    """A pad read from a file or a link: a sheet's JSON, its CSV (either language), or a share code or link.

    A CSV holds no rules: it is read with the rules of the pad `like` (a share code) when
    given, else with the rulebook's.
    """
    if not isinstance(text, str):
        raise FormatError("a score pad file must be text", german="eine Spielblock-Datei muss Text sein")
    body = text.lstrip("\ufeff").strip()
    if body.startswith("{"):
        sheet = ScoreSheet.from_json(body)
    elif body.split("\n", 1)[0].startswith(("round,", "Runde;")):
        rules = ScoreSheet.from_code(like).rules if like else Rules()
        sheet = ScoreSheet.from_csv(text, rules=rules)
    else:
        sheet = ScoreSheet.from_code(body)
    return _answer(sheet, _lang(lang), {})


# -- the answer: what the page draws -------------------------------------------------------------


def _typed(bids: Mapping[str, int] | None) -> dict[int, int]:
    out = {}
    for key, value in (bids or {}).items():
        if type(value) is int:
            out[int(key)] = value
    return out


def _hints(sheet: ScoreSheet, typed: Mapping[int, int], lang: Language) -> list[Answer]:
    """Each bidder in order: the bids the rule allows, given the bids typed before, and why the others are not."""
    cards = sheet.cards
    number = sheet.current_round
    dealer = sheet.dealer
    if cards is None or number is None or dealer is None or sheet.pending is not None:
        return []
    hints = []
    made: list[int] = []
    known = True
    for seat in sheet.bidding_order:
        refused: dict[int, str] = {}
        if known:
            for bid in range(cards + 1):
                try:
                    verify_bid(
                        sheet.rules.bid_policy,
                        bid,
                        cards=cards,
                        bids=made,
                        players=len(sheet.players),
                        round_number=number,
                        totals=sheet.totals,
                        dealer=dealer,
                    )
                except BidNotAllowedError as error:
                    refused[bid] = error.reason_text(language=lang)
        hints.append({"seat": seat, "known": known, "refused": refused})
        if seat in typed:
            made.append(typed[seat])
        else:
            known = False
    return hints


def _standings(sheet: ScoreSheet, lang: Language) -> tuple[list[Answer], str | None]:
    places = sheet.standings()
    last = sheet.rounds[-1].points if sheet.rounds else None
    order = sorted(range(len(sheet.players)), key=lambda seat: (places[seat], seat))
    rows = [
        {
            "seat": seat,
            "name": sheet.players[seat],
            "total": sheet.totals[seat],
            "place": places[seat],
            "hits": sheet.hits[seat],
            "last": None if last is None else last[seat],
            "dealer": seat == sheet.dealer,
            "first": seat == sheet.first_bidder,
        }
        for seat in order
    ]
    note = None
    totals = sheet.totals
    if sheet.rules.tiebreak is TieBreak.EXACT_HITS and len(set(totals)) < len(totals):
        note = _word("tie-broken", lang)
    return rows, note


def _log(sheet: ScoreSheet, lang: Language) -> list[Answer]:
    words = {
        EntryKind.ROUND: "whole",
        EntryKind.BIDS: "bids",
        EntryKind.CLOUD: "cloud",
        EntryKind.TRICKS: "tricks",
    }
    return [
        {
            "index": index,
            "number": entry.number,
            "kind": entry.kind.value,
            "label": f"{_word('round', lang, n=entry.number)} · {_word(words[entry.kind], lang)}",
        }
        for index, entry in enumerate(sheet.log, start=1)
    ]


def _answer(sheet: ScoreSheet, lang: Language, typed: Mapping[int, int]) -> Answer:
    rules = sheet.rules
    rows = []
    running = [0] * len(sheet.players)
    for done in sheet.rounds:
        running = [total + points for total, points in zip(running, done.points, strict=True)]
        rows.append(
            {
                "number": done.number,
                "cards": done.cards,
                "dealer": done.dealer,
                "bombs": done.bombs,
                "trump": None if done.trump is None else done.trump.letter,
                "cells": [
                    {
                        "bid": bid,
                        "final": final,
                        "blind": blind,
                        "tricks": taken,
                        "points": points,
                        "hit": final == taken,
                    }
                    for bid, final, blind, taken, points in zip(
                        done.bids, done.final_bids, done.blind, done.tricks, done.points, strict=True
                    )
                ],
                "totals": running,
            }
        )
    pending = sheet.pending
    standings, tie_note = _standings(sheet, lang)
    winners = sheet.winners() if sheet.is_over and sheet.rounds else ()
    total = sheet.totals[sheet.players.index(winners[0])] if winners else None
    blind_now = Variant.BLIND_BIDS in rules.variants and not (
        Variant.CLAIRVOYANCE in rules.variants and sheet.current_round == 1
    )
    return {
        "code": sheet.to_code(),
        "players": list(sheet.players),
        "round": sheet.current_round,
        "rounds": sheet.schedule.rounds,
        "cards": sheet.cards,
        "dealer": sheet.dealer,
        "first_bidder": sheet.first_bidder,
        "order": list(sheet.bidding_order),
        "is_over": sheet.is_over,
        "phase": "over" if sheet.is_over else "bids" if pending is None else "tricks",
        "pending": None
        if pending is None
        else {
            "bids": list(pending.bids),
            "final_bids": list(pending.final_bids),
            "blind": list(pending.blind),
            "cloud": pending.cloud is not None,
        },
        "blind_bids": blind_now,
        "cloud": Special.CLOUD in rules.special_cards,
        "bomb": Special.BOMB in rules.special_cards,
        "fixed_trump": sheet.current_round is not None and sheet.schedule.fixed_trump(sheet.current_round) is not None,
        "hints": _hints(sheet, typed, lang),
        "standings": standings,
        "tie_note": tie_note,
        "winners": list(winners),
        "winner_text": None
        if not winners
        else _word("wins" if len(winners) == 1 else "win-tie", lang, names=" & ".join(winners), total=total),
        "rows": rows,
        "statistics": [stats.to_dict() for stats in sheet.statistics()],
        "chart": pictures.scores(sheet, lang=lang, layout=CHART) if sheet.rounds else "",
        "log": _log(sheet, lang),
        "entries": sheet.entries,
        "schedule": sheet.schedule.name,
        "suits": [{"letter": s.letter, "symbol": s.symbol, "name": s.display(lang)} for s in Suit],
    }


API: Final = {
    "options": options,
    "setup": setup,
    "new": new,
    "show": show,
    "step": step,
    "export": export,
    "load": load,
}
"""What the page may call (see `../shell.py`)."""
