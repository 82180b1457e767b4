"""The Try-it pages' Python glue (docs/_tryit/tryit_glue.py) under CPython: its answers are the library's.

The browser tests (tests/test_tryit_browser.py) check that the pages show these answers; here
every tool is compared with the public API directly, on drawn cases.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wizardrules import (
    ALL_CARDS,
    STANDARD_SCORE,
    BidContext,
    BidNotAllowedError,
    BidPolicy,
    Card,
    CardKind,
    EqualBids,
    FreeBids,
    GameOver,
    GameState,
    IllegalActionError,
    Language,
    NotEqualBids,
    Preset,
    RuleBot,
    Rules,
    Schedule,
    ScorekeeperHook,
    ScoreSheet,
    Suit,
    TieBreak,
    Variant,
    WizardRulesError,
    allowed_bids,
    decide_trick,
    legal_plays,
    new_game,
    parse_action,
    round_points,
    wire,
)

GLUE_DIR = Path(__file__).resolve().parent.parent / "docs" / "_tryit"


def _glue() -> ModuleType:
    if str(GLUE_DIR) not in sys.path:
        sys.path.insert(0, str(GLUE_DIR))
    return importlib.import_module("tryit_glue")


glue = _glue()

PLAYABLE = [c for c in ALL_CARDS if not c.needs_declaration and c.kind is not CardKind.WEREWOLF]
HOLDABLE = [c for c in ALL_CARDS if c.undeclared == c and c.kind is not CardKind.WEREWOLF]
trumps = st.sampled_from([*Suit, None])
langs = st.sampled_from(["en", "de"])


def _text(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _refusal(ask: Callable[[], object]) -> dict[str, str] | None:
    """The library's refusal of a question as the glue reports it, `None` if it answers."""
    try:
        ask()
    except WizardRulesError as error:
        return {"error": str(error), "kind": type(error).__name__}
    return None


def _trump_field(trump: Suit | None) -> str:
    return "none" if trump is None else trump.letter


@st.composite
def tricks(draw: st.DrawFn) -> tuple[Card, ...]:
    size = draw(st.integers(1, 6))
    cards = draw(st.lists(st.sampled_from(PLAYABLE), min_size=size, max_size=size))
    return tuple(cards)


@given(tricks(), trumps, langs)
def test_r5_4_trick_checker_answers_as_decide_trick(cards: tuple[Card, ...], trump: Suit | None, lang: str) -> None:
    language = Language.DE if lang == "de" else Language.EN
    refused = _refusal(lambda: decide_trick(cards, trump))
    if refused:
        assert (
            json.loads(glue.call("trick", json.dumps({"cards": _text(cards), "trump": _trump_field(trump)}))) == refused
        )
        return
    decision = decide_trick(cards, trump)
    answer = glue.trick(_text(cards), _trump_field(trump), lang)
    assert answer["winner"] == decision.winner
    assert answer["would_be_winner"] == decision.would_be_winner
    assert answer["reason"] == decision.reason.display(language)
    assert answer["svg"].startswith("<svg")
    assert [c["card"] for c in answer["cards"]] == [str(c) for c in cards]


@given(st.lists(st.sampled_from(HOLDABLE), min_size=1, max_size=10, unique=True), tricks(), trumps)
def test_r5_3_may_play_marks_the_legal_plays(hand: list[Card], trick: tuple[Card, ...], trump: Suit | None) -> None:
    refused = _refusal(lambda: legal_plays(hand, trick))
    if refused:
        asked = {"hand": _text(hand), "trick": _text(trick), "trump": _trump_field(trump)}
        assert json.loads(glue.call("may_play", json.dumps(asked))) == refused
        return
    legal = legal_plays(hand, trick)
    answer = glue.may_play(_text(hand), _text(trick), _trump_field(trump))
    assert {c["card"] for c in answer["cards"] if c["legal"]} == {str(c) for c in legal}
    assert [c["card"] for c in answer["cards"]] == [str(c) for c in sorted(hand)]
    for card in answer["cards"]:
        assert (card["why"] is None) == card["legal"]


def test_r5_3_may_play_names_the_rule() -> None:
    answer = glue.may_play("B3 R7 J", "B9", "G", "de")
    assert answer["rule"].startswith("Blau wurde ausgespielt")
    assert glue.may_play("R3 G5", "W R2")["rule"] == "a Wizard leads: no suit to follow (R5.2)"
    assert glue.may_play("R3 G5", "")["legal"] == ["G5", "R3"]
    assert [c["takes"] for c in glue.may_play("R3 G5 W", "Y9", "G")["cards"]] == [False, True, True]


POLICIES: dict[str, BidPolicy] = {
    "free": FreeBids(),
    "not-equal": NotEqualBids(),
    "equal": EqualBids(),
}


@given(
    st.sampled_from(sorted(POLICIES)),
    st.integers(3, 6),
    st.integers(0, 20),
    st.data(),
)
def test_r4_2_bid_helper_answers_as_allowed_bids(policy: str, players: int, cards: int, data: st.DataObject) -> None:
    count = data.draw(st.integers(0, players - 1))
    made = data.draw(st.lists(st.integers(0, cards), min_size=count, max_size=count))
    rule = POLICIES[policy]
    refused = _refusal(lambda: allowed_bids(rule, cards=cards, bids=made, players=players))
    if refused:
        asked = {"policy": policy, "cards": cards, "made": made, "players": players}
        assert json.loads(glue.call("bids", json.dumps(asked))) == refused
        return
    allowed = allowed_bids(rule, cards=cards, bids=made, players=players)
    answer = glue.bids(policy, cards, made, players)
    assert {b["bid"] for b in answer["bids"] if b["allowed"]} == set(allowed)
    context = BidContext(cards=cards, bids=tuple(made), players=players)
    for bid in answer["bids"]:
        assert bid["why"] == rule.refusal(context, bid["bid"])


def test_r4_2_bid_helper_scorekeepers_hook_and_first_round() -> None:
    hook = glue.bids("hook", 3, [1, 0, 1], 4, round_number=2, scorekeeper=0, dealer=0, totals=[10, 40, 30, 20])
    expected = allowed_bids(
        ScorekeeperHook(scorekeeper=0),
        cards=3,
        bids=[1, 0, 1],
        players=4,
        round_number=2,
        totals=[10, 40, 30, 20],
        dealer=0,
    )
    assert {b["bid"] for b in hook["bids"] if b["allowed"]} == expected == {0, 2, 3}
    assert hook["bidder"] == 0
    assert hook["last"]
    free_first = glue.bids("not-equal", 1, [0, 0], 3, round_number=1, first_round_free=True)
    assert all(b["allowed"] for b in free_first["bids"])
    missing = json.loads(glue.call("bids", json.dumps({"policy": "hook", "cards": 3, "made": [1, 0, 1], "players": 4})))
    assert missing["kind"] == "BidError"


@given(st.integers(0, 20), st.integers(0, 20), st.booleans(), langs)
def test_r6_points_calculator_answers_as_round_points(bid: int, tricks: int, blind: bool, lang: str) -> None:
    answer = glue.points(bid, tricks, blind, lang=lang)
    assert answer["total"] == round_points(bid, tricks, blind=blind)
    parts = STANDARD_SCORE.breakdown(bid, tricks, blind=blind)
    assert (answer["hit"], answer["base"], answer["count"], answer["unit"], answer["multiplier"]) == (
        parts.hit,
        parts.base,
        parts.count,
        parts.unit,
        parts.multiplier,
    )
    if lang == "en":
        assert answer["words"] == parts.describe()
    assert answer["words"].endswith(f"= {parts.total:+d}")


def test_score_pad_keeps_the_sheet_as_its_json() -> None:
    pad = glue.sheet_new(["Lena", "Tom", "Mia"], "anniversary-2016", blind=True, tiebreak="exact-hits", rounds=3)
    rules = Rules(
        special_cards=Preset.ANNIVERSARY_2016.rules().special_cards,
        variants=Variant.BLIND_BIDS,
        tiebreak=TieBreak.EXACT_HITS,
        schedule=Schedule.ladder(3, rounds=3),
    )
    sheet = ScoreSheet(players=["Lena", "Tom", "Mia"], rules=rules)
    assert ScoreSheet.from_json(pad["json"]) == sheet
    pad = glue.sheet_step(pad["json"], "bids", bids=[1, 0, 0], blind=["Tom"])
    pad = glue.sheet_step(pad["json"], "tricks", tricks=[1, 0, 0])
    pad = glue.sheet_step(pad["json"], "bids", bids=[1, 0, 0])
    pad = glue.sheet_step(pad["json"], "cloud", player="Mia", change="up")
    pad = glue.sheet_step(pad["json"], "tricks", tricks=[1, 0, 1])
    sheet = sheet.record_bids([1, 0, 0], blind=["Tom"]).record_tricks([1, 0, 0])
    sheet = sheet.record_bids([1, 0, 0]).change_bid("Mia", glue.CloudChange.UP).record_tricks([1, 0, 1])
    assert ScoreSheet.from_json(pad["json"]) == sheet
    assert pad["totals"] == list(sheet.totals)
    assert pad["standings"] == list(sheet.standings())
    assert pad["rows"][1]["cells"][2]["final_bid"] == 1
    assert pad["rows"][0]["cells"][1]["blind"]
    assert pad["chart"].startswith("<svg")
    wrong = json.loads(
        glue.call("sheet_step", json.dumps({"state": pad["json"], "action": "tricks", "tricks": [3, 0, 0]}))
    )
    assert wrong["kind"] == "PhaseError"
    undone = glue.sheet_step(pad["json"], "undo")
    assert undone["pending"]["final_bids"] == [1, 0, 1]
    csv = glue.sheet_export(pad["json"], "csv")["text"]
    assert csv == sheet.to_csv()
    back = glue.sheet_import(csv, "csv", preset="anniversary-2016", blind=True, tiebreak="exact-hits")
    assert back["totals"] == list(sheet.totals)
    assert glue.sheet_import(glue.sheet_export(pad["json"], "json")["text"], "json")["json"] == pad["json"]
    like = glue.sheet_import(csv, "csv", like=glue.sheet_new(["A", "B", "C"], "anniversary-2016", blind=True)["json"])
    assert like["totals"] == list(sheet.totals)


def test_score_pad_refuses_what_the_sheet_refuses() -> None:
    pad = glue.sheet_new(["Ann", "Ben", "Cem", "Dana"], "official")
    answer = json.loads(
        glue.call("sheet_step", json.dumps({"state": pad["json"], "action": "bids", "bids": [0, 0, 0, 1]}))
    )
    assert answer["kind"] == "BidNotAllowedError"
    with pytest.raises(BidNotAllowedError) as refused:
        ScoreSheet(players=["Ann", "Ben", "Cem", "Dana"], rules=Preset.OFFICIAL.rules()).record_bids([0, 0, 0, 1])
    assert answer["error"] == str(refused.value)
    assert (
        json.loads(glue.call("sheet_step", json.dumps({"state": pad["json"], "action": "fly"})))["kind"] == "EntryError"
    )
    assert json.loads(glue.call("sheet_new", json.dumps({"players": ["Ann", "Ann", "Ben"]})))["kind"] == "PlayerError"
    assert json.loads(glue.call("sheet_import", json.dumps({"text": "{", "form": "json"})))["kind"] == "FormatError"
    assert json.loads(glue.call("nothing", "{}"))["kind"] == "LookupError"


def test_meta_lists_suits_and_presets() -> None:
    meta = glue.meta("en")
    assert [s["symbol"] for s in meta["suits"]] == [s.symbol for s in Suit]
    assert meta["presets"] == [p.value for p in Preset]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_r1_3_cards_have_names_and_symbols(lang: str) -> None:
    language = Language.DE if lang == "de" else Language.EN
    card = Card.parse("G7")
    answer = glue.trick("G7", "none", lang)["cards"][0]
    assert answer == {"card": "G7", "name": card.display(language), "short": card.display(language, symbols=True)}


def _replay(preset: Preset, rounds: int, seed: int, mine: list[str]) -> GameState:
    """The game the table played, replayed on the engine: the visitor's moves in seat 0, RuleBots elsewhere."""
    rules = attrs.evolve(preset.rules(), schedule=Schedule.ladder(4, rounds=rounds))
    state = new_game(["Alex", "Bot 1", "Bot 2", "Bot 3"], rules=rules, seed=seed)
    moves = iter(mine)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        if seat == 0:
            state = state.apply(parse_action(next(moves)))
        else:
            state = state.apply(RuleBot().act(state.view(seat), state.legal_actions()))
    assert next(moves, None) is None
    return state


def _send(action: str) -> str:
    return json.dumps({"format": "wizardrules/action", "version": 2, "action": action})


def _play(game: dict[str, Any], pick: Callable[[list[str], int], str]) -> tuple[dict[str, Any], list[str], list[Any]]:
    """Play the visitor's seat to the end; the last answer, the moves sent and every wire document received."""
    mine: list[str] = []
    documents: list[Any] = [game["view"], *game["events"]]
    while game["view"]["phase"] != "over":
        choice = pick(game["view"]["legal_actions"], len(mine))
        mine.append(choice)
        game = glue.table_move(game["table"], _send(choice))
        documents += [game["view"], *game["events"]]
    return game, mine, documents


@pytest.mark.parametrize(("preset", "seed"), [(Preset.RULEBOOK, 3), (Preset.ANNIVERSARY_2021, 5), (Preset.OFFICIAL, 8)])
def test_the_table_plays_a_whole_game_as_the_engine(preset: Preset, seed: int) -> None:
    game, mine, documents = _play(
        glue.table_new(preset.value, rounds=4, seed=seed), lambda legal, n: legal[n % len(legal)]
    )
    state = _replay(preset, 4, seed, mine)
    assert game["view"] == json.loads(wire.to_json(state.view(0)))
    assert game["chart"].startswith("<svg")
    assert game["status"] == state.view(0).to_text()
    over = state.scoresheet
    assert game["sentences"][-1] == GameOver(
        totals=over.totals, standings=over.standings(), winners=over.winners()
    ).to_text(names=state.players)
    schema = wire.schema()
    validator = jsonschema.validators.validator_for(schema)(schema)
    for document in documents:  # every document the page gets is the wire format's
        validator.validate(document)


@pytest.mark.parametrize("preset", [Preset.HIDDEN_BIDS, Preset.SECRET_BIDS, Preset.ANNIVERSARY_2016])
def test_r4_3_r8_3_the_table_sends_the_visitor_only_its_own_events(preset: Preset) -> None:
    for seed in range(1, 40):
        _, _, documents = _play(glue.table_new(preset.value, rounds=8, seed=seed), lambda legal, n: legal[0])
        events = [e for d in documents if d["format"] == "wizardrules/events" for e in d["events"]]
        kinds = {e["type"] for e in events}
        assert not any(
            e["type"] == "BidMade" and e["seat"] != 0 and preset is not Preset.ANNIVERSARY_2016 for e in events
        )
        assert "CardsPassed" not in kinds
        assert not any(e["type"] == "CardPassed" and e["seat"] != 0 for e in events)
        if kinds & {"BidHidden", "PassReceived"}:
            return
    pytest.fail("no game showed a hidden choice")


def test_the_table_shows_only_the_visitors_view_and_refuses_illegal_moves() -> None:
    game = glue.table_new("rulebook", name="Du", rounds=2, seed=4, lang="de")
    assert game["view"]["players"][0] == "Du"
    state = new_game(
        ["Du", "Bot 1", "Bot 2", "Bot 3"], rules=attrs.evolve(Rules(), schedule=Schedule.ladder(4, rounds=2)), seed=4
    )
    shown = {state.turned_up, *state.hand(0)}
    for card in state.hand(1):  # another seat's cards never reach the page
        if card.is_suit_card and card not in shown:
            assert card.display(Language.DE) not in game["picture"]
            assert str(card) not in json.dumps(game["view"])
    assert game["view"]["legal_actions"] == [str(a) for a in glue._TABLES[game["table"]].state.legal_actions()]
    assert set(game["labels"]) == set(game["view"]["legal_actions"])
    wrong = json.loads(glue.call("table_move", json.dumps({"table": game["table"], "message": _send("bid 9")})))
    with pytest.raises(IllegalActionError) as refused:
        glue._TABLES[game["table"]].state.apply(parse_action("bid 9"), seat=0)
    assert wrong == {"error": str(refused.value), "kind": type(refused.value).__name__}
    garbled = json.loads(glue.call("table_move", json.dumps({"table": game["table"], "message": '{"action": 1}'})))
    assert garbled["kind"] == "FormatError"
    missing = json.loads(glue.call("table_move", json.dumps({"table": 999, "message": _send("bid 0")})))
    assert missing["kind"] == "EntryError"
    assert json.loads(glue.call("table_new", json.dumps({"preset": "no-such-rules"})))["kind"] == "RulesError"


def test_r1_3_the_pages_get_the_librarys_refusals_in_german() -> None:
    """R1.3: with `lang: de` a refusal comes in German; the bid helper's reasons too."""
    pad = glue.sheet_new(["Ann", "Ben", "Cem", "Dana"], "official")
    answer = json.loads(
        glue.call(
            "sheet_step", json.dumps({"state": pad["json"], "action": "bids", "bids": [0, 0, 0, 1], "lang": "de"})
        )
    )
    with pytest.raises(BidNotAllowedError) as refused:
        ScoreSheet(players=["Ann", "Ben", "Cem", "Dana"], rules=Preset.OFFICIAL.rules()).record_bids([0, 0, 0, 1])
    assert answer == {"error": refused.value.to_text(language=Language.DE), "kind": "BidNotAllowedError"}
    assert answer["error"] == "Ansagen: Ann darf in Runde 1 nicht 0 ansagen: sonst ergäben die Ansagen genau 1"
    card = json.loads(glue.call("trick", json.dumps({"cards": "X9", "lang": "de"})))
    assert card["error"] == "'X9' ist keine Karte: 'X' ist kein Farbbuchstabe (R, Y, G, B)"
    why = [b["why"] for b in glue.bids("not-equal", 3, [1, 0, 1], 4, lang="de")["bids"]]
    assert why == [None, "sonst ergäben die Ansagen genau 3", None, None]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_values_of_the_wrong_kind_name_no_class_of_the_code(lang: str) -> None:
    """A page that sends a wrong kind of value gets one sentence, naming the tool and no private class."""
    pad = glue.sheet_new(["Ann", "Ben", "Cem"], "official")
    for name, args in [
        ("sheet_step", {"state": pad["json"], "action": "bids", "bids": ["x"]}),
        ("sheet_step", {"state": pad["json"], "action": "bids", "colour": 3}),
        ("table_move", {"table": "x", "message": "{}"}),
    ]:
        answer = json.loads(glue.call(name, json.dumps({**args, "lang": lang})))
        assert answer["error"].startswith(f"{name}: ")
        assert "_" not in answer["error"].removeprefix(name)
        assert ("Seite" in answer["error"]) is (lang == "de")
