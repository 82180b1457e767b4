"""The Try-it pages' Python side: every answer the pages show comes from here.

The pages run this module in Pyodide next to the wizardrules wheel. Each tool is one
function that takes plain values (text, numbers, lists) and returns a dict of plain values
with the library's answer, its words and its SVG pictures; the page's JavaScript only
renders what it gets. `call(name, args)` is the one entry point the page uses: JSON in,
JSON out, a library error as `{"error": message, "kind": class name}`.

Only the public API is used (`wizardrules`, `wizardrules.svg`), so the module runs unchanged
under CPython, where the tests call it directly.

Example:
    >>> import json
    >>> answer = json.loads(call("trick", '{"cards": "B9 W G13 W", "trump": "G"}'))
    >>> answer["winner"], answer["reason"]
    (1, 'the first Wizard wins')
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import attrs

import wizardrules
from wizardrules import (
    ALL_CARDS,
    STANDARD_SCORE,
    Card,
    CardKind,
    CloudChange,
    EqualBids,
    FreeBids,
    Language,
    NotEqualBids,
    Preset,
    ScorekeeperHook,
    ScoreSheet,
    Suit,
    TieBreak,
    TrickError,
    Variant,
    WizardRulesError,
    decide_trick,
    led_suit,
    legal_plays,
    parse_cards,
    trick_winner,
    verify_bid,
    wire,
)
from wizardrules import BidNotAllowedError as _BidNotAllowed
from wizardrules import svg as pictures

Answer = dict[str, Any]

NO_TRUMP: Final = "none"
"""The trump field's value for a round without trump (R3.3, R3.4)."""

TABLE_PRESETS: Final = tuple(p.value for p in Preset)
"""The presets the table offers: all of them; each seat sees only what it may know (R4.3-R4.5, R8.3)."""

_WORDS: Final = {
    "hit": ("hit", "getroffen"),
    "missed": ("missed by {n}", "um {n} verfehlt"),
    "blind": ("blind", "blind"),
    "follow": (
        "{suit} was led and this hand holds {suit}: follow suit, or play a Wizard or Jester (R5.3)",
        "{suit} wurde ausgespielt und diese Hand hat {suit}: Farbe bedienen, oder Zauberer oder Narr (R5.3)",
    ),
    "free": (
        "no suit is led yet: every card may be played (R5.2, R5.3)",
        "noch keine Farbe ausgespielt: jede Karte darf (R5.2, R5.3)",
    ),
    "wizard-led": ("a Wizard leads: no suit to follow (R5.2)", "ein Zauberer führt: keine Farbe zu bedienen (R5.2)"),
    "void": (
        "{suit} was led, and this hand holds none: every card may be played (R5.3)",
        "{suit} wurde ausgespielt, die Hand hat keine: jede Karte darf (R5.3)",
    ),
    "would-win": ("takes the trick so far", "nimmt den Stich bis jetzt"),
    "bad-input": (
        "{tool}: the page sent values of the wrong kind; reload the page",
        "{tool}: die Seite hat Werte der falschen Art geschickt; bitte die Seite neu laden",
    ),
}


def _lang(value: object) -> Language:
    return Language.DE if value == "de" else Language.EN


def _say(key: str, lang: Language, **fields: object) -> str:
    return _WORDS[key][lang is Language.DE].format(**fields)


def _trump(value: object) -> Suit | None:
    if value in (None, "", NO_TRUMP):
        return None
    return Suit.parse(str(value))


def _card_answer(card: Card, lang: Language) -> Answer:
    return {"card": str(card), "name": card.display(lang), "short": card.display(lang, symbols=True)}


def meta(lang: str = "en") -> Answer:
    """What the pages' forms offer: suits with names and symbols, the other cards and their declarations, the presets.

    Example:
        >>> meta("de")["suits"][2]
        {'letter': 'G', 'name': 'Grün', 'symbol': '■'}
    """
    language = _lang(lang)
    return {
        "version": wizardrules.__version__,
        "suits": [{"letter": s.letter, "name": s.display(language), "symbol": s.symbol} for s in Suit],
        "others": [
            {
                "card": str(c),
                "name": c.display(language),
                "declarations": [{"card": str(d), "name": d.display(language)} for d in c.declarations()]
                if c.needs_declaration
                else [],
            }
            for c in ALL_CARDS
            if c.kind not in (CardKind.SUIT, CardKind.WEREWOLF) and c.undeclared == c
        ],
        "presets": [p.value for p in Preset],
        "table_presets": list(TABLE_PRESETS),
    }


def trick(cards: str, trump: str | None = NO_TRUMP, lang: str = "en") -> Answer:
    """The trick checker: the winner of a trick, the rule that decided it and the trick's picture (R5.4, R8.9).

    Example:
        >>> answer = trick("B13 R2 B9", "R")
        >>> answer["winner"], answer["reason"], answer["cards"][1]["short"]
        (1, 'the highest trump wins', '▲2')
    """
    language = _lang(lang)
    played = parse_cards(cards)
    suit = _trump(trump)
    decision = decide_trick(played, suit)
    led = led_suit(played)
    return {
        "cards": [_card_answer(c, language) for c in played],
        "winner": decision.winner,
        "would_be_winner": decision.would_be_winner,
        "reason": decision.reason.display(language),
        "reason_key": decision.reason.name,
        "deciding_reason": decision.deciding_reason.display(language),
        "led": None if led is None else led.display(language),
        "svg": pictures.trick(played, trump=suit, lang=language),
    }


def may_play(hand: str, trick: str = "", trump: str | None = NO_TRUMP, lang: str = "en") -> Answer:
    """May I play this card: each card of a hand, legal or not, and the rule (R5.2, R5.3).

    A legal card that would take the trick as it stands is marked too.

    Example:
        >>> answer = may_play("B3 R7 J", "B9", "G")
        >>> [(c["card"], c["legal"]) for c in answer["cards"]]
        [('J', True), ('R7', False), ('B3', True)]
        >>> answer["rule"]
        'Blue was led and this hand holds Blue: follow suit, or play a Wizard or Jester (R5.3)'
    """
    language = _lang(lang)
    given = parse_cards(hand)
    played = parse_cards(trick)
    suit = _trump(trump)
    legal = legal_plays(given, played)
    held = sorted(given)
    led = led_suit(played)
    if led is not None and len(legal) < len(held):
        rule = _say("follow", language, suit=led.display(language))
    elif led is not None:
        rule = _say("void", language, suit=led.display(language))
    elif any(c.kind is CardKind.WIZARD for c in played):
        rule = _say("wizard-led", language)
    else:
        rule = _say("free", language)
    answers = []
    for card in held:
        answer = _card_answer(card, language)
        answer["legal"] = card in legal
        answer["takes"] = card in legal and _takes(played, card, suit)
        answer["why"] = None if card in legal else rule
        answers.append(answer)
    return {
        "cards": answers,
        "legal": sorted(str(c) for c in legal),
        "rule": rule,
        "led": None if led is None else led.display(language),
        "hand_svg": pictures.hand(held, legal=legal, lang=language) if held else "",
        "trick_svg": pictures.trick(played, trump=suit, lang=language) if played else "",
        "takes_word": _say("would-win", language),
    }


def _takes(played: Sequence[Card], card: Card, trump: Suit | None) -> bool:
    """Whether `card` would take the trick as it stands (`False` where it cannot be added to it)."""
    if card.needs_declaration:
        return False
    try:
        return trick_winner((*played, card), trump) == len(played)
    except TrickError:  # a full trick, or one more Jester than the deck has: the card cannot join it
        return False


def _policy(name: str, *, first_round_free: bool = False, scorekeeper: int = 0) -> Any:
    if name == "free":
        return FreeBids()
    if name == "not-equal":
        return NotEqualBids(first_round_free=first_round_free)
    if name == "equal":
        return EqualBids()
    if name == "hook":
        return ScorekeeperHook(scorekeeper=scorekeeper)
    raise wizardrules.RulesError(
        f"bid rule {name!r}: expected free, not-equal, equal or hook",
        german=f"Ansageregel {name!r}: erwartet 'free', 'not-equal', 'equal' oder 'hook'",
    )


def bids(
    policy: str,
    cards: int,
    made: Sequence[int] = (),
    players: int = 4,
    *,
    round_number: int = 1,
    first_round_free: bool = False,
    scorekeeper: int = 0,
    dealer: int | None = None,
    totals: Sequence[int] | None = None,
    lang: str = "en",
) -> Answer:
    """The bid helper: each bid 0..cards for the next bidder, allowed or not and why (R4.1, R4.2).

    Example:
        >>> [(b["bid"], b["allowed"], b["why"]) for b in bids("not-equal", 3, [1, 0, 1], 4)["bids"]][:2]
        [(0, True, None), (1, False, 'the bids would add up to 3')]
        >>> bids("not-equal", 3, [1, 0, 1], 4, lang="de")["bids"][1]["why"]
        'sonst ergäben die Ansagen genau 3'
    """
    language = _lang(lang)
    rule = _policy(policy, first_round_free=first_round_free, scorekeeper=scorekeeper)
    so_far = list(made)
    before = None if totals is None else list(totals)
    answers = []
    for bid in range(cards + 1):
        try:
            verify_bid(
                rule,
                bid,
                cards=cards,
                bids=so_far,
                players=players,
                round_number=round_number,
                totals=before,
                dealer=dealer,
            )
        except _BidNotAllowed as refused:
            answers.append({"bid": bid, "allowed": False, "why": refused.reason_text(language=language)})
        else:
            answers.append({"bid": bid, "allowed": True, "why": None})
    bidder = None if dealer is None else (dealer + 1 + len(made)) % players
    return {"bids": answers, "sum": sum(made), "last": len(made) == players - 1, "bidder": bidder, "policy": repr(rule)}


def points(bid: int, tricks: int, blind: bool = False, *, lang: str = "en") -> Answer:
    """The points calculator: a round's points with their breakdown (R6.1, R6.2).

    Example:
        >>> points(2, 4, True, lang="de")["words"]
        'um 2 verfehlt: 2 × -10, × 2 blind = -40'
    """
    language = _lang(lang)
    parts = STANDARD_SCORE.breakdown(bid, tricks, blind=blind)
    if language is Language.EN:
        words = parts.describe()
    else:
        head = _say("hit", language) if parts.hit else _say("missed", language, n=parts.count)
        sums = f"{parts.base} + {parts.count} × {parts.unit}" if parts.hit else f"{parts.count} × {parts.unit}"
        blind_part = f", × {parts.multiplier} {_say('blind', language)}" if parts.multiplier != 1 else ""
        words = f"{head}: {sums}{blind_part} = {parts.total:+d}"
    return {**attrs.asdict(parts), "words": words}


# -- the score pad ----------------------------------------------------------------------


def _sheet_answer(sheet: ScoreSheet, lang: Language) -> Answer:
    rows = []
    running = [0] * len(sheet.players)
    for r in sheet.rounds:
        running = [total + points for total, points in zip(running, r.points, strict=True)]
        cells = [
            {
                "bid": bid,
                "final_bid": final,
                "blind": blind,
                "tricks": tricks,
                "points": points,
                "hit": final == tricks,
            }
            for bid, final, blind, tricks, points in zip(r.bids, r.final_bids, r.blind, r.tricks, r.points, strict=True)
        ]
        trump = None if r.trump is None else r.trump.letter
        rows.append(
            {"number": r.number, "cards": r.cards, "dealer": r.dealer, "trump": trump, "bombs": r.bombs}
            | {"cells": cells, "totals": running}
        )
    pending = sheet.pending
    rules = sheet.rules
    return {
        "json": sheet.to_json(),
        "players": list(sheet.players),
        "rows": rows,
        "totals": list(sheet.totals),
        "hits": list(sheet.hits),
        "standings": list(sheet.standings()),
        "winners": list(sheet.winners()) if sheet.is_over else [],
        "is_over": sheet.is_over,
        "round": sheet.current_round,
        "rounds": len(sheet.schedule.cards_per_round),
        "cards": sheet.cards,
        "dealer": sheet.dealer,
        "first_bidder": sheet.first_bidder,
        "bidding_order": list(sheet.bidding_order) if not sheet.is_over else [],
        "pending": None
        if pending is None
        else {"bids": list(pending.bids), "final_bids": list(pending.final_bids), "blind": list(pending.blind)},
        "blind_bids": Variant.BLIND_BIDS in rules.variants,
        "cloud": wizardrules.Special.CLOUD in rules.special_cards,
        "bomb": wizardrules.Special.BOMB in rules.special_cards,
        "tiebreak": rules.tiebreak.value,
        "entries": sheet.entries,
        "text": sheet.to_text(language=lang, legend=True),
        "chart": pictures.scores(sheet, lang=lang) if sheet.rounds else "",
    }


def _rules(preset: str, players: int, blind: bool, tiebreak: str | None, rounds: int | None) -> wizardrules.Rules:
    rules = Preset.parse(preset).rules()
    changes: dict[str, Any] = {}
    if blind:
        changes["variants"] = rules.variants | Variant.BLIND_BIDS
    if tiebreak:
        changes["tiebreak"] = TieBreak(tiebreak)
    if rounds:
        changes["schedule"] = wizardrules.Schedule.ladder(players, rounds=rounds)
    return attrs.evolve(rules, **changes) if changes else rules


def sheet_new(
    players: Sequence[str],
    preset: str = "rulebook",
    *,
    blind: bool = False,
    tiebreak: str | None = None,
    rounds: int | None = None,
    first_dealer: int = 0,
    lang: str = "en",
) -> Answer:
    """A new score pad for `players` under a preset, with blind bids, a tie-break and a shorter game if asked.

    Example:
        >>> pad = sheet_new(["Ann", "Ben", "Cem"], "score-pad", blind=True, rounds=3)
        >>> pad["round"], pad["cards"], pad["rounds"], pad["blind_bids"], pad["tiebreak"]
        (1, 1, 3, True, 'exact-hits')
    """
    names = [str(p).strip() for p in players]
    rules = _rules(preset, len(names), blind, tiebreak, rounds)
    return _sheet_answer(ScoreSheet(players=names, rules=rules, first_dealer=first_dealer), _lang(lang))


def sheet_step(state: str, action: str, lang: str = "en", **entry: Any) -> Answer:
    """One entry on the score pad kept as its JSON file: `show`, `bids`, `cloud`, `tricks` or `undo`.

    Example:
        >>> pad = sheet_new(["Ann", "Ben", "Cem"], blind=True)
        >>> pad = sheet_step(pad["json"], "bids", bids=[1, 0, 0], blind=["Ben"])
        >>> pad = sheet_step(pad["json"], "tricks", tricks=[1, 0, 0])
        >>> pad["totals"], pad["rows"][0]["cells"][1]["blind"]
        ([30, 40, 20], True)
        >>> sheet_step(pad["json"], "undo")["pending"]["bids"]
        [1, 0, 0]
    """
    sheet = ScoreSheet.from_json(state)
    if action == "bids":
        sheet = sheet.record_bids([int(b) for b in entry["bids"]], blind=list(entry.get("blind", ())))
    elif action == "cloud":
        sheet = sheet.change_bid(entry["player"], CloudChange[str(entry["change"]).upper()])
    elif action == "tricks":
        trump = entry.get("trump")
        sheet = sheet.record_tricks(
            [int(t) for t in entry["tricks"]], bombs=int(entry.get("bombs", 0)), trump=_trump(trump) if trump else None
        )
    elif action == "undo":
        sheet = sheet.undo()
    elif action != "show":
        raise wizardrules.EntryError(
            f"score pad action {action!r}: expected show, bids, cloud, tricks or undo",
            german=f"Spielblock-Aktion {action!r}: erwartet 'show', 'bids', 'cloud', 'tricks' oder 'undo'",
        )
    return _sheet_answer(sheet, _lang(lang))


def sheet_export(state: str, form: str, lang: str = "en") -> Answer:
    """The score pad as a file to save: `json` (exact, with its checksum) or `csv` (the table; German: semicolons).

    Example:
        >>> sheet_export(sheet_new(["Ann", "Ben", "Cem"])["json"], "csv")["name"]
        'wizard-scores.csv'
    """
    sheet = ScoreSheet.from_json(state)
    text = sheet.to_csv(language=_lang(lang)) if form == "csv" else sheet.to_json()
    return {"text": text, "name": f"wizard-scores.{'csv' if form == 'csv' else 'json'}"}


def sheet_import(
    text: str,
    form: str,
    *,
    preset: str = "rulebook",
    blind: bool = False,
    tiebreak: str | None = None,
    like: str | None = None,
    lang: str = "en",
) -> Answer:
    """A score pad read back from a saved file.

    A CSV file holds no rules: it is read with the rules of the pad `like` (a pad's JSON) when
    given, else with the form's preset, blind bids and tie-break.

    Example:
        >>> pad = sheet_step(sheet_new(["Ann", "Ben", "Cem"])["json"], "bids", bids=[1, 0, 1])
        >>> pad = sheet_step(pad["json"], "tricks", tricks=[0, 0, 1])
        >>> sheet_import(sheet_export(pad["json"], "csv")["text"], "csv")["totals"]
        [-10, 20, 30]
    """
    if form == "csv":
        rules = ScoreSheet.from_json(like).rules if like else _rules(preset, 3, blind, tiebreak, None)
        sheet = ScoreSheet.from_csv(text, rules=rules)
    else:
        sheet = ScoreSheet.from_json(text)
    return _sheet_answer(sheet, _lang(lang))


# -- the table ----------------------------------------------------------------------------
#
# The glue plays the table server of the "Build a UI" page: it keeps the one `GameState`,
# sends the visitor's seat its view and its own events in the wire format
# (`wizardrules.wire`), and reads the visitor's actions back from action documents. The page
# renders those documents; the sentences and pictures travel beside them.

_TABLE_WORDS: Final = {
    "none": ("no trump", "kein Trumpf"),
    "blind": (" blind", " blind"),
    "bot": ("Bot {n}", "Bot {n}"),
}


@attrs.frozen(kw_only=True)
class _Table:
    """One game at the table: the state, the visitor's seat, the bots, and the events the visitor's seat got."""

    state: wizardrules.GameState
    seat: int
    bots: tuple[wizardrules.Bot | None, ...]
    log: tuple[tuple[wizardrules.Event, ...], ...]


_TABLES: dict[int, _Table] = {}


def _label(action: wizardrules.Action, lang: Language) -> str:
    """A legal action's button label: a card or suit with its symbol, a bid's number."""
    if isinstance(action, wizardrules.Play | wizardrules.PassCard):
        return action.card.display(lang, symbols=True)
    if isinstance(action, wizardrules.ChooseTrump):
        if action.suit is None:
            return _TABLE_WORDS["none"][lang is Language.DE]
        return f"{action.suit.symbol} {action.suit.display(lang)}"
    if isinstance(action, wizardrules.Bid):
        return f"{action.tricks}{_TABLE_WORDS['blind'][lang is Language.DE] if action.blind else ''}"
    return str(action)


def _step(table: _Table, action: wizardrules.Action, seat: int) -> _Table:
    """Seat `seat`'s step (the engine checks the turn); the visitor's seat gets its events as it may know them."""
    state, events = table.state.step(action, seat=seat)
    return attrs.evolve(table, state=state, log=(*table.log, state.events_for(table.seat, events)))


def _bots_play(table: _Table) -> _Table:
    """The bots act until it is the visitor's turn or the game is over."""
    while not table.state.is_over and table.state.to_move != table.seat:
        mover = table.state.to_move
        bot = None if mover is None else table.bots[mover]
        if mover is None or bot is None:
            raise wizardrules.RulesError(
                f"seat {mover} has no bot and is not the visitor's",
                german=f"Platz {mover} hat keinen Bot und ist nicht der des Besuchers",
            )
        table = _step(table, bot.act(table.state.view(mover), table.state.legal_actions()), mover)
    return table


def _table_answer(number: int, table: _Table, lang: Language, since: int, columns: int | None = None) -> Answer:
    """What the page gets: the seat's view and events as wire documents, with their sentences and pictures."""
    state, seat = table.state, table.seat
    view = state.view(seat)
    fresh = table.log[since:]
    last = state.completed_tricks[-1] if state.completed_tricks and not state.current_trick.cards else None
    return {
        "table": number,
        "view": json.loads(wire.to_json(view)),
        "events": [json.loads(wire.events_to_json(events, seat=seat)) for events in fresh],
        "sentences": [e.to_text(language=lang, names=state.players) for events in fresh for e in events],
        "labels": {str(a): _label(a, lang) for a in view.legal_actions},
        "status": view.to_text(language=lang),
        "picture": pictures.table(view, lang=lang, columns=columns),
        "last_trick": "" if last is None else pictures.trick(last, players=list(state.players), lang=lang),
        "chart": pictures.scores(state.scoresheet, lang=lang) if state.is_over else "",
    }


def table_new(
    preset: str = "rulebook",
    *,
    name: str = "Alex",
    rounds: int | None = None,
    seed: int = 1,
    bots: str = "rule",
    lang: str = "en",
    columns: int | None = None,
) -> Answer:
    """A new game at the table: the visitor, `name`, in seat 0 against three bots (`rule` or `random`).

    `columns` is the picture's panels a row: 2 on a narrow screen (`svg.table(columns=...)`).

    The bots move until it is the visitor's turn.

    Example:
        >>> game = table_new("rulebook", rounds=2, seed=7)
        >>> game["view"]["format"], game["view"]["players"], game["view"]["legal_actions"][:2]
        ('wizardrules/view', ['Alex', 'Bot 1', 'Bot 2', 'Bot 3'], ['bid 0', 'bid 1'])
    """
    language = _lang(lang)
    if preset not in TABLE_PRESETS:
        raise wizardrules.RulesError(
            f"preset {preset!r} is not offered at the table: {', '.join(TABLE_PRESETS)}",
            german=f"die Regelvorgabe {preset!r} gibt es am Tisch nicht: {', '.join(map(repr, TABLE_PRESETS))}",
        )
    de = language is Language.DE
    names = [str(name).strip() or "Alex", *(_TABLE_WORDS["bot"][de].format(n=n) for n in (1, 2, 3))]
    rules = _rules(preset, len(names), False, None, rounds)
    state = wizardrules.new_game(names, rules=rules, seed=seed)
    players: tuple[wizardrules.Bot | None, ...] = (
        None,
        *(wizardrules.RandomBot(seed=seed + n) if bots == "random" else wizardrules.RuleBot() for n in (1, 2, 3)),
    )
    table = _Table(state=state, seat=0, bots=players, log=(state.events_for(0, state.start_events()),))
    table = _bots_play(table)
    number = max(_TABLES, default=0) + 1
    _TABLES[number] = table
    return _table_answer(number, table, language, 0, columns)


def table_move(table: int, message: str, lang: str = "en", columns: int | None = None) -> Answer:
    """The visitor's action document (`wizardrules/action`) at table `table`, then the bots' replies.

    Example:
        >>> game = table_new("rulebook", rounds=1, seed=3)
        >>> sent = {"format": "wizardrules/action", "version": 2, "action": game["view"]["legal_actions"][0]}
        >>> game = table_move(game["table"], json.dumps(sent))
        >>> any(line.startswith("Alex bids") for line in game["sentences"])
        True
    """
    current = _TABLES.get(int(table))
    if current is None:
        raise wizardrules.EntryError(
            f"table {table!r}: no such game here; start a new one",
            german=f"Tisch {table!r}: dieses Spiel gibt es hier nicht; beginne ein neues",
        )
    after = _bots_play(_step(current, wire.action_from_json(message), current.seat))
    _TABLES[int(table)] = after
    return _table_answer(int(table), after, _lang(lang), len(current.log), columns)


def table_show(table: int, lang: str = "en", columns: int | None = None) -> Answer:
    """Table `table` as it stands, drawn again: for a screen whose width crossed to another `columns`.

    Nothing is played, and the events the page has are not sent again.

    Example:
        >>> game = table_new("rulebook", rounds=1, seed=3)
        >>> again = table_show(game["table"], columns=2)
        >>> again["view"] == game["view"], again["sentences"], again["picture"].split('width="')[1][:3]
        (True, [], '296')
    """
    current = _TABLES.get(int(table))
    if current is None:
        raise wizardrules.EntryError(
            f"table {table!r}: no such game here; start a new one",
            german=f"Tisch {table!r}: dieses Spiel gibt es hier nicht; beginne ein neues",
        )
    return _table_answer(int(table), current, _lang(lang), len(current.log), columns)


# -- the one entry point ------------------------------------------------------------------

TOOLS: Final[Mapping[str, Callable[..., Answer]]] = {
    "meta": meta,
    "trick": trick,
    "may_play": may_play,
    "bids": bids,
    "points": points,
    "sheet_new": sheet_new,
    "sheet_step": sheet_step,
    "sheet_export": sheet_export,
    "sheet_import": sheet_import,
    "table_new": table_new,
    "table_move": table_move,
    "table_show": table_show,
}


def call(name: str, args: str) -> str:
    """Run tool `name` with the JSON object `args` as keyword arguments; the answer as JSON.

    A library error (every one is a `WizardRulesError`) comes back as
    `{"error": message, "kind": class name}`, the message in the page's language (`lang`),
    as does a value of the wrong type from the page, which names no class of the code.

    Example:
        >>> json.loads(call("points", '{"bid": 2, "tricks": 2}'))["total"]
        40
        >>> json.loads(call("trick", '{"cards": "R14"}'))["kind"]
        'NotationError'
        >>> json.loads(call("trick", '{"cards": "X9", "lang": "de"}'))["error"]
        "'X9' ist keine Karte: 'X' ist kein Farbbuchstabe (R, Y, G, B)"
    """
    tool = TOOLS.get(name)
    if tool is None:
        return json.dumps({"error": f"no tool named {name!r}", "kind": "LookupError"})
    given = json.loads(args)
    language = Language.DE if isinstance(given, dict) and given.get("lang") == "de" else Language.EN
    try:
        answer = tool(**given)
    except WizardRulesError as error:
        return json.dumps({"error": error.to_text(language=language), "kind": type(error).__name__})
    except (ValueError, TypeError, KeyError, AttributeError):
        return json.dumps({"error": _say("bad-input", language, tool=name), "kind": "TypeError"})
    return json.dumps(answer)
