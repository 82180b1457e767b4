"""The rules app (docs/app/rules/): its Python glue, the shell's Python side, the apps hook, and the app in Chromium.

- The glue (`rules_app.py`) under CPython: every function of its `API` gives the library's
  answer (hypothesis over seeds where there are seeds), refuses bad input with the library's
  error as `{error, kind}`, and speaks English and German alike.
- The shell (`shell.py`): `call`'s refusals, the library's first answer, and the bytecode it
  keeps for the next visit (a bundle Python checks against the sources; a bad one is left out).
- The apps hook (`docs/_hooks/apps.py`) and the manifests: the service worker's list names
  every app file, Pyodide and the wheels; its version changes with any file's bytes.
- The app in Debian's Chromium at 375 and 1280 px, in English and German: every tutorial task
  answered wrong and right, the quiz scored, the progress kept over a reload, each tool of
  "Wizard in 3 minutes" and of the table, the topics searched, text of at least 12 px and no
  sideways scrolling on every screen, no request to another host, and the app starting and
  answering with the network off after the first visit.

The browser tests need Debian's Chromium (`/usr/bin/chromium`, or `WIZARDRULES_CHROMIUM`),
Playwright for Python (the extra `browser`) and a site built with Pyodide in it (`python
tools/tryit_assets.py`; the site is built here with `mkdocs build` unless
`WIZARDRULES_TRYIT_SITE` names one built already). Each missing piece skips them with its
reason. Screenshots of every screen go to `WIZARDRULES_SCREENSHOTS` when it is set.
"""

from __future__ import annotations

import importlib.util
import inspect
import json
import os
import re
import string
import sys
import zipfile
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import wizardrules
from wizardrules import (
    ALL_CARDS,
    STANDARD_SCORE,
    Card,
    CardKind,
    Deck,
    EqualBids,
    FreeBids,
    Language,
    NotEqualBids,
    Suit,
    WizardRulesError,
    allowed_bids,
    decide_trick,
    led_suit,
    legal_plays,
    lessons,
    parse_cards,
    round_points,
    trick_winner,
)
from wizardrules import errors as library_errors
from wizardrules import svg as pictures

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "docs" / "app"


def _load(name: str, path: Path) -> ModuleType:
    """The module at `path` under `name` (the browser loads the shell as `app_shell`, the glue by its file name)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


shell = _load("app_shell", APP / "shell.py")
glue = _load("rules_app", APP / "rules" / "rules_app.py")
hook = _load("apps_hook", ROOT / "docs" / "_hooks" / "apps.py")

LANGS = ("en", "de")
LANGUAGE = {"en": Language.EN, "de": Language.DE}
langs = st.sampled_from(LANGS)
seeds = st.integers(min_value=0, max_value=2**32)
levels = st.integers(min_value=1, max_value=3)
PLAYABLE = [c for c in ALL_CARDS if not c.needs_declaration and c.kind is not CardKind.WEREWOLF]
POLICIES: Mapping[str, Callable[[], Any]] = {
    "free": FreeBids,
    "not-equal": NotEqualBids,
    "not-equal-first-free": lambda: NotEqualBids(first_round_free=True),
    "equal": EqualBids,
}
ERROR_KINDS = {
    name
    for name, value in vars(library_errors).items()
    if isinstance(value, type) and issubclass(value, WizardRulesError)
}


def _call(name: str, **kwargs: Any) -> Any:
    """The glue's answer as the page gets it: through the shell, JSON in and out."""
    return json.loads(shell.call("rules_app", name, json.dumps(kwargs)))


def _refusal(ask: Callable[[], object], lang: object = "en") -> dict[str, str]:
    """The library's refusal of a question, as the shell reports it: in the language the page asked for."""
    with pytest.raises(WizardRulesError) as refused:
        ask()
    language = Language.DE if lang == "de" else Language.EN
    return {"error": refused.value.to_text(language=language), "kind": type(refused.value).__name__}


def _shape(value: object) -> object:
    """The structure of an answer without its words: keys, lengths and the types of the leaves."""
    if isinstance(value, dict):
        return {key: _shape(item) for key, item in value.items() if key not in ("language",)}
    if isinstance(value, list):
        return [_shape(item) for item in value]
    return type(value).__name__


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


# -- the glue: each function of its API against the library ---------------------------------------


def test_the_api_is_every_function_tested_here() -> None:
    tested = {
        "deck", "length", "trump", "name_trump", "bids", "situations", "play", "examples", "points",
        "quiz", "quiz_check", "tutorial", "tutorial_check", "progress", "trick", "topics",
    }  # fmt: skip
    assert set(glue.API) == tested
    assert set(BAD_INPUT) == tested


@pytest.mark.parametrize("lang", LANGS)
def test_r1_1_r1_3_the_deck_to_tap_open_is_the_librarys(lang: str) -> None:
    language = LANGUAGE[lang]
    answer = _call("deck", lang=lang)
    deck = tuple(Deck())
    assert answer["size"] == len(deck) == 60
    assert [card["card"] for card in answer["cards"]] == list(glue.DECK_CARDS)
    for shown in answer["cards"]:
        card = Card.parse(shown["card"])
        assert shown["name"] == card.display(language)
        assert shown["svg"] == pictures.card(card, size=glue.BIG_CARD, lang=language, layout=glue.LAYOUT)
        same = [c for c in deck if (c.suit is card.suit if card.kind is CardKind.SUIT else c.kind is card.kind)]
        assert f"{len(same)} " in shown["text"]
        if card.suit is not None:
            assert card.suit.symbol in shown["text"]
    assert [(s["letter"], s["name"], s["symbol"]) for s in answer["suits"]] == [
        (s.letter, s.display(language), s.symbol) for s in Suit
    ]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_r2_2_r2_3_the_game_length_is_the_librarys(players: int, lang: str) -> None:
    answer = _call("length", players=players, lang=lang)
    assert answer == lessons.game_length(players, language=LANGUAGE[lang]).to_dict()
    assert answer["rounds"] == 60 // players
    assert answer["stop_after"] == list(range(1, 60 // players))


@given(seed=seeds, round=st.none() | st.integers(min_value=1, max_value=15), lang=langs)
def test_r3_the_turned_up_trump_is_the_librarys(seed: int, round: int | None, lang: str) -> None:
    language = LANGUAGE[lang]
    answer = _call("trump", seed=seed, round=round, lang=lang)
    turned = lessons.turn_up(seed, round=round, language=language)
    extra = {"svg", "chooser_hand", "choice_names"}
    assert {k: v for k, v in answer.items() if k not in extra} == json.loads(json.dumps(turned.to_dict()))
    if turned.turned_up is None:
        assert answer["svg"] == ""
    else:
        assert answer["svg"] == pictures.card(turned.turned_up, size=glue.BIG_CARD, lang=language, layout=glue.LAYOUT)
    hand = () if turned.chooser is None else turned.hands[turned.chooser]
    assert answer["chooser_hand"] == [pictures.card(c, size=glue.CARD, lang=language, layout=glue.LAYOUT) for c in hand]
    no_trump = {"en": "no trump", "de": "kein Trumpf"}[lang]
    assert answer["choice_names"] == [
        no_trump if c is None else f"{c.symbol} {c.display(language)}" for c in turned.choices
    ]


@given(seed=seeds, lang=langs)
def test_r3_2_the_dealer_names_one_of_the_choices_and_nothing_else(seed: int, lang: str) -> None:
    turned = lessons.turn_up(seed, round=1, language=LANGUAGE[lang])
    for choice in turned.choices:
        named = _call("name_trump", seed=seed, round=1, suit=None if choice is None else choice.name.lower(), lang=lang)
        assert named["trump"] == (None if choice is None else choice.name.lower())
        assert (choice.display(LANGUAGE[lang]) if choice else "") in named["text"]
    for other in [None, *Suit]:
        if other not in turned.choices:
            refused = _call("name_trump", seed=seed, round=1, suit=None if other is None else other.letter, lang=lang)
            assert refused["kind"] == "RulesError"


def test_r3_2_after_a_wizard_the_dealer_names_a_suit_not_no_trump() -> None:
    answer = _call("trump", seed=4, round=1, lang="en")
    assert answer["reason"] == "WIZARD"
    assert answer["choices"] == ["red", "yellow", "green", "blue"]
    assert _call("name_trump", seed=4, round=1, suit="G", lang="en") == {
        "trump": "green",
        "text": "Green is trump: the dealer named it.",
    }
    refused = _call("name_trump", seed=4, round=1, suit=None, lang="de")
    assert refused == {"error": "kein Trumpf ist hier keine Wahl: Rot, Gelb, Grün, Blau", "kind": "RulesError"}


@given(
    rule=st.sampled_from(sorted(POLICIES)),
    cards=st.integers(min_value=1, max_value=10),
    data=st.data(),
    round_number=st.integers(min_value=1, max_value=15),
    lang=langs,
)
def test_r4_2_the_dealers_bids_are_the_librarys(
    rule: str, cards: int, data: st.DataObject, round_number: int, lang: str
) -> None:
    made = data.draw(st.lists(st.integers(min_value=0, max_value=cards), min_size=2, max_size=5))
    answer = _call("bids", rule=rule, cards=cards, made=made, round_number=round_number, lang=lang)
    policy = POLICIES[rule]()

    def ask() -> frozenset[int]:
        return allowed_bids(policy, cards=cards, bids=made, players=len(made) + 1, round_number=round_number)

    try:
        allowed = sorted(ask())
    except WizardRulesError:
        assert answer["kind"] == _refusal(ask)["kind"]
        return
    assert answer["allowed"] == allowed
    assert [o["bid"] for o in answer["options"] if o["allowed"]] == allowed
    assert (
        answer
        == lessons.bid_question(
            policy, cards=cards, bids=made, round_number=round_number, language=LANGUAGE[lang]
        ).to_dict()
    )


def test_r4_2_the_example_of_the_rules_under_not_equal() -> None:
    assert _call("bids", rule="not-equal")["allowed"] == [0, 2, 3]
    assert _call("bids", rule="equal")["allowed"] == [1]
    assert _call("bids", rule="free")["allowed"] == [0, 1, 2, 3]


@pytest.mark.parametrize("lang", LANGS)
def test_r5_3_the_four_situations_are_the_librarys(lang: str) -> None:
    answers = _call("situations", lang=lang)
    assert len(answers) == 4
    for answer, question in zip(answers, lessons.play_situations(LANGUAGE[lang]), strict=True):
        hand, trick = parse_cards(" ".join(c["card"] for c in answer["hand"])), question.trick
        assert hand == question.hand
        legal = legal_plays(hand, trick)
        assert answer["legal"] == [str(c) for c in question.legal]
        assert {c["card"] for c in answer["cards"] if c["legal"]} == {str(c) for c in legal}
        assert set(answer["cards_svg"]) == {str(c) for c in hand}
        assert len(answer["trick_svg"]) == len(trick)


@given(seed=seeds, level=levels, lang=langs)
def test_r5_3_may_i_play_is_the_librarys(seed: int, level: int, lang: str) -> None:
    answer = _call("play", seed=seed, level=level, lang=lang)
    question = lessons.play_question(seed, level=level, language=LANGUAGE[lang])
    legal = legal_plays(question.hand, question.trick)
    assert {c["card"] for c in answer["cards"] if c["legal"]} == {str(c) for c in legal}
    assert [c["card"] for c in answer["cards"]] == [str(c) for c in question.hand]
    assert answer["trick_svg"] == [
        pictures.card(c, size=glue.CARD, lang=LANGUAGE[lang], layout=glue.LAYOUT) for c in question.trick
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_r5_4_the_four_worked_examples(lang: str) -> None:
    examples = [("B9 W G13 W", Suit.GREEN), ("B13 R2 B9", Suit.RED), ("Y7 Y11 R13", Suit.BLUE), ("J J J", Suit.YELLOW)]
    answers = _call("examples", lang=lang)
    assert [(" ".join(c["card"] for c in a["cards"]), a["trump"]) for a in answers] == [
        (cards, trump.name.lower()) for cards, trump in examples
    ]
    assert [a["answer"] for a in answers] == [trick_winner(parse_cards(c), t) for c, t in examples] == [1, 1, 1, 0]
    assert all(len(a["cards_svg"]) == len(a["cards"]) for a in answers)
    assert [a["led_name"] for a in answers] == [
        f"{s.symbol} {s.display(LANGUAGE[lang])}" for s in (Suit.BLUE, Suit.BLUE, Suit.YELLOW)
    ] + [None]


@given(
    bid=st.integers(min_value=0, max_value=20),
    tricks=st.integers(min_value=0, max_value=20),
    blind=st.booleans(),
    lang=langs,
)
def test_r6_1_r6_2_the_points_are_the_librarys(bid: int, tricks: int, blind: bool, lang: str) -> None:
    answer = _call("points", bid=bid, tricks=tricks, blind=blind, lang=lang)
    assert answer["total"] == round_points(bid, tricks, blind=blind)
    assert answer["hit"] is (bid == tricks)
    assert answer["words"].endswith(f"= {answer['total']:+d}")
    assert answer["total"] == STANDARD_SCORE.breakdown(bid, tricks, blind=blind).total


@given(seed=seeds, level=levels, lang=langs)
def test_r5_4_the_quiz_is_the_librarys_and_asked_twice_the_same(seed: int, level: int, lang: str) -> None:
    question = _call("quiz", seed=seed, level=level, lang=lang)
    assert question == _call("quiz", seed=seed, level=level, lang=lang)
    cards = parse_cards(" ".join(c["card"] for c in question["cards"]))
    trump = None if question["trump"] is None else Suit.parse(question["trump"])
    winner = trick_winner(cards, trump)
    assert question["answer"] == winner
    assert question["cards_svg"] == [
        pictures.card(c, size=glue.CARD, lang=LANGUAGE[lang], layout=glue.LAYOUT) for c in cards
    ]
    for index in range(len(cards)):
        verdict = _call("quiz_check", seed=seed, level=level, answer=index, lang=lang)
        assert verdict["correct"] is (index == winner)
        assert verdict["answer"] == winner
        assert verdict["clause"] == "R5.4"


@pytest.mark.parametrize("lang", LANGS)
def test_the_tutorials_eight_steps_and_each_verdict_are_the_librarys(lang: str) -> None:
    language = LANGUAGE[lang]
    steps = _call("tutorial", lang=lang)
    library = lessons.tutorial(language)
    assert len(steps) == 8
    assert steps == json.loads(json.dumps([step.to_dict() for step in library]))
    for step, task in zip(steps, (s.task for s in library), strict=True):
        for choice in step["task"]["choices"]:
            verdict = _call("tutorial_check", step=step["number"], answer=choice["answer"], lang=lang)
            assert verdict == json.loads(json.dumps(task.check(choice["answer"]).to_dict()))
            assert verdict["correct"] is choice["verdict"]["correct"]
        assert any(c["verdict"]["correct"] for c in step["task"]["choices"])
        assert not all(c["verdict"]["correct"] for c in step["task"]["choices"])


def test_the_tutorials_kept_progress_is_checked_again() -> None:
    kept = _call("progress", answers={"1": 60, "2": 10, "3": None, "7": -20}, lang="en")
    assert {k: v["correct"] for k, v in kept["steps"].items()} == {"1": True, "2": False, "3": False, "7": True}
    assert kept["dropped"] == []
    dropped = _call("progress", answers={"0": 1, "9": 1, "x": 1, "1": "sixty", "5": "Z99"}, lang="de")
    assert dropped["steps"] == {}
    assert [d["step"] for d in dropped["dropped"]] == ["0", "9", "x", "1", "5"]
    assert all(d["reason"] for d in dropped["dropped"])
    assert _call("progress", answers=[1, 2], lang="en")["dropped"][0]["reason"] == "not a list of answers: list"


tricks_cards = st.lists(st.sampled_from(PLAYABLE), min_size=1, max_size=6)


@given(cards=tricks_cards, trump=st.sampled_from([*Suit, None]), lang=langs)
def test_r5_4_r8_9_the_trick_checker_is_the_librarys(cards: list[Card], trump: Suit | None, lang: str) -> None:
    language = LANGUAGE[lang]
    text = " ".join(str(c) for c in cards)
    answer = _call("trick", cards=text, trump="none" if trump is None else trump.letter, lang=lang)
    try:
        decision = decide_trick(cards, trump)
    except WizardRulesError:  # the same card twice
        assert answer == _refusal(lambda: decide_trick(cards, trump), lang)
        return
    assert answer["winner"] == decision.winner == trick_winner(cards, trump)
    assert answer["would_be_winner"] == decision.would_be_winner
    assert answer["reason"] == decision.reason.display(language)
    led = led_suit(cards)
    assert answer["led"] == (None if led is None else led.display(language))
    assert [c["card"] for c in answer["cards"]] == [str(c) for c in cards]


RULES_CLAUSES = re.findall(r"\*\*(R\d\.\d+)\*\*", (ROOT / "docs" / "rules.md").read_text(encoding="utf-8"))


def test_every_clause_of_the_rules_has_a_topic_of_its_own() -> None:
    assert len(RULES_CLAUSES) >= 42
    clauses = [topic[0] for topic in glue.TOPICS]
    assert clauses == sorted(set(RULES_CLAUSES), key=lambda c: tuple(int(n) for n in c[1:].split(".")))
    assert len(clauses) == len(set(clauses))
    steps = {step.task.clause for step in lessons.tutorial()}
    assert steps <= set(RULES_CLAUSES)


@pytest.mark.parametrize(
    ("query", "lang", "clauses"),
    [
        ("wolke ansage", "de", ["R8.2", "R8.11"]),
        ("cloud bid", "de", ["R8.2", "R8.11"]),  # an English word finds the German topic
        ("Narr", "en", ["R1.1", "R1.2", "R2.5", "R3.3", "R5.2", "R5.3", "R5.4", "R8.5", "R8.7", "R8.8", "R8.9"]),
        ("JESTER", "de", ["R1.1", "R1.2", "R2.5", "R3.3", "R5.2", "R5.3", "R5.4", "R8.5", "R8.7", "R8.8", "R8.9"]),
        ("fee drache", "en", ["R1.4", "R8.4", "R8.5", "R8.8", "R8.9", "R8.10"]),
        ("blind doppelt", "en", ["R4.4", "R6.2"]),
        ("kein treffer mit zebra", "de", []),
    ],
)
def test_the_topics_are_found_by_a_german_or_an_english_word(query: str, lang: str, clauses: list[str]) -> None:
    found = _call("topics", query=query, lang=lang)
    shown = [t["clause"] for t in found["topics"] if "step" not in t]
    assert shown == clauses, shown
    assert found["count"] == len(found["topics"])


def test_every_topic_and_step_is_listed_without_a_query() -> None:
    for lang in LANGS:
        every = _call("topics", query="", lang=lang)
        assert every["count"] == len(glue.TOPICS) + 8
        assert [t["step"] for t in every["topics"] if "step" in t] == list(range(1, 9))


# -- English and German alike ----------------------------------------------------------------------


def test_every_text_table_of_the_glue_is_in_english_and_german() -> None:
    for key, (english, german) in glue._WORDS.items():
        assert english.strip(), key
        assert german.strip(), key
        assert _fields(english) == _fields(german), key
    for clause, en_title, en_text, de_title, de_text in glue.TOPICS:
        assert all(part.strip() for part in (en_title, en_text, de_title, de_text)), clause
        assert en_text != de_text, clause
        symbols = set("▲●■◆¾½±")
        assert {c for c in en_text if c in symbols} == {c for c in de_text if c in symbols}, clause


@pytest.mark.parametrize(
    ("name", "kwargs"),
    [
        ("deck", {}),
        ("length", {"players": 5}),
        ("trump", {"seed": 4, "round": 1}),
        ("trump", {"seed": 1, "round": 15}),
        ("name_trump", {"seed": 4, "round": 1, "suit": "B"}),
        ("bids", {"rule": "not-equal-first-free"}),
        ("situations", {}),
        ("play", {"seed": 9, "level": 3}),
        ("examples", {}),
        ("points", {"bid": 1, "tricks": 3, "blind": True}),
        ("quiz", {"seed": 5, "level": 3}),
        ("quiz_check", {"seed": 5, "level": 3, "answer": 0}),
        ("tutorial", {}),
        ("tutorial_check", {"step": 3, "answer": None}),
        ("progress", {"answers": {"1": 60, "9": 2}}),
        ("trick", {"cards": "B9 W G13 W", "trump": "G"}),
        ("topics", {"query": "R5"}),
    ],
)
def test_english_and_german_answers_have_the_same_shape(name: str, kwargs: dict[str, Any]) -> None:
    english, german = _call(name, lang="en", **kwargs), _call(name, lang="de", **kwargs)
    assert "error" not in english
    assert _shape(english) == _shape(german)
    if name != "progress":
        assert english != german, "the German answer says something in German"


# -- bad input: the library's error, as {error, kind} ----------------------------------------------

BAD_INPUT: Mapping[str, list[tuple[dict[str, Any], Callable[[], object] | str]]] = {
    "deck": [({"lang": "fr"}, "CardError")],
    "length": [
        ({"players": 7}, lambda: lessons.game_length(7)),
        ({"players": "four"}, lambda: lessons.game_length("four")),  # type: ignore[arg-type]
    ],
    "trump": [
        ({"seed": 1, "round": 16}, lambda: lessons.turn_up(1, round=16)),
        ({"seed": "x"}, lambda: lessons.turn_up("x")),  # type: ignore[arg-type]
        ({"seed": 1, "lang": None}, "CardError"),
    ],
    "name_trump": [({"seed": 1, "round": 1, "suit": "purple"}, lambda: Suit.parse("purple"))],
    "bids": [
        ({"rule": "loose"}, "RulesError"),
        (
            {"rule": "free", "cards": 3, "made": [4]},
            lambda: lessons.bid_question(FreeBids(), cards=3, bids=[4], round_number=3),
        ),
    ],
    "situations": [({"lang": "xx"}, "CardError")],
    "play": [({"seed": 1, "level": 4}, lambda: lessons.play_question(1, level=4))],
    "examples": [({"lang": 3}, "CardError")],
    "points": [({"bid": -1, "tricks": 0}, "RulesError"), ({"bid": 1, "tricks": True}, "RulesError")],
    "quiz": [
        ({"seed": 1, "level": 0}, lambda: lessons.trick_question(1, level=0)),
        ({"seed": None, "level": 1}, lambda: lessons.trick_question(None, level=1)),  # type: ignore[arg-type]
    ],
    "quiz_check": [
        ({"seed": 1, "level": 1, "answer": 9}, lambda: lessons.trick_question(1, level=1).check(9)),
        ({"seed": 1, "level": 1, "answer": "first"}, lambda: lessons.trick_question(1, level=1).check("first")),
    ],
    "tutorial": [({"lang": "EN"}, "CardError")],
    "tutorial_check": [
        ({"step": 9, "answer": 1}, "RulesError"),
        ({"step": 1, "answer": "sixty"}, lambda: lessons.tutorial()[0].task.check("sixty")),
    ],
    "progress": [({"answers": {}, "lang": "es"}, "CardError")],
    "trick": [
        ({"cards": "R14 W"}, lambda: parse_cards("R14 W")),
        ({"cards": "R3 W", "trump": "purple"}, lambda: Suit.parse("purple")),
        ({"cards": 5}, lambda: parse_cards(5)),  # type: ignore[arg-type]
    ],
    "topics": [({"query": 5}, "RulesError")],
}


@pytest.mark.parametrize(
    ("name", "kwargs", "library"),
    [(name, kwargs, library) for name, cases in BAD_INPUT.items() for kwargs, library in cases],
)
def test_bad_input_is_refused_with_the_librarys_error(
    name: str, kwargs: dict[str, Any], library: Callable[[], object] | str
) -> None:
    answer = _call(name, **kwargs)
    assert set(answer) == {"error", "kind"}
    if isinstance(library, str):
        assert answer["kind"] == library
        assert answer["kind"] in ERROR_KINDS
        assert answer["error"]
    else:
        assert answer == _refusal(library, kwargs.get("lang", "en"))
    with pytest.raises(WizardRulesError) as refused:  # the same, called directly
        glue.API[name](**kwargs)
    assert isinstance(refused.value, ValueError)
    language = Language.DE if kwargs.get("lang") == "de" else Language.EN
    assert refused.value.to_text(language=language) == answer["error"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(10**12), max_value=10**12) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=8,
)


@given(name=st.sampled_from(sorted(glue.API)), data=st.data())
def test_hostile_values_get_an_answer_or_a_refusal_never_a_crash(name: str, data: st.DataObject) -> None:
    parameters = list(inspect.signature(glue.API[name]).parameters)
    kwargs = data.draw(st.dictionaries(st.sampled_from(parameters), json_values, max_size=len(parameters)))
    answer = json.loads(shell.call("rules_app", name, json.dumps(kwargs)))
    if isinstance(answer, dict) and "error" in answer:
        assert answer["kind"] in ERROR_KINDS | {"AppError"}, answer
        assert answer["error"]


# -- the shell's Python side -----------------------------------------------------------------------


def test_the_shell_refuses_what_the_glue_does_not_offer() -> None:
    assert _call("winner")["kind"] == "AppError"
    assert "it has: bids, deck" in _call("winner")["error"]
    for args, words in [("[1, 2]", "not a JSON object"), ("{", "not JSON"), ('{"bid": 1}', "do not fit")]:
        answer = json.loads(shell.call("rules_app", "points", args))
        assert answer["kind"] == "AppError"
        assert words in answer["error"]
    answer = json.loads(shell.call("rules_app", "points", '{"bid": 1, "tricks": 1, "colour": "red"}'))
    assert answer["kind"] == "AppError"
    assert "colour" in answer["error"]


def test_the_shells_first_answer_is_the_librarys() -> None:
    assert json.loads(shell.hello()) == {"version": wizardrules.__version__, "winner": 1}


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder with a small package and glue of its own, importable, whose modules the shell keeps."""
    folder = tmp_path / "site"
    (folder / "smallpkg").mkdir(parents=True)
    (folder / "smallpkg" / "__init__.py").write_text("from smallpkg.part import VALUE\n")
    (folder / "smallpkg" / "part.py").write_text("VALUE = 1\n")
    (folder / "small_glue.py").write_text("import smallpkg\nAPI = {'value': lambda: {'value': smallpkg.VALUE}}\n")
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.setattr(shell, "app_folders", lambda: [folder])
    yield folder
    for name in ("smallpkg", "smallpkg.part", "small_glue"):
        sys.modules.pop(name, None)


def _forget(*names: str) -> None:
    for name in names:
        sys.modules.pop(name, None)
    importlib.invalidate_caches()


def test_the_bytecode_kept_is_used_on_the_next_visit_and_checked_against_its_source(
    package: Path, tmp_path: Path
) -> None:
    first = json.loads(shell.start("small_glue"))  # the first visit: no bundle, the imports write their pycs
    assert first["bytecode"] == "none"
    assert first["winner"] == 1
    bundle = tmp_path / "bundle.zip"
    assert shell.bytecode_bundle(str(bundle), [package]) == 3
    with zipfile.ZipFile(bundle) as archive:
        names = archive.namelist()
        headers = {name: archive.read(name)[:16] for name in names}
    assert all("/__pycache__/" in name and not name.startswith("/") for name in names)
    for name, header in headers.items():
        source = Path("/", name).parent.parent / (Path(name).name.split(".")[0] + ".py")
        assert header[:4] == importlib.util.MAGIC_NUMBER
        assert header[4:8] == (0b11).to_bytes(4, "little"), "checked against its source"
        assert header[8:16] == importlib.util.source_hash(source.read_bytes())
    for cached in package.rglob("__pycache__"):  # the next visit: a new interpreter, no pycs
        for pyc in cached.iterdir():
            pyc.unlink()
    _forget("smallpkg", "smallpkg.part", "small_glue")
    second = json.loads(shell.start("small_glue", str(bundle)))
    assert second["bytecode"] == "used"
    assert len(list(package.rglob("*.pyc"))) == 3
    assert sys.modules["small_glue"].API["value"]() == {"value": 1}

    (package / "smallpkg" / "part.py").write_text("VALUE = 2  # changed\n")  # a new source: its pyc is not used
    _forget("smallpkg", "smallpkg.part", "small_glue")
    third = json.loads(shell.start("small_glue", str(bundle)))
    assert third["bytecode"] == "used"
    assert sys.modules["small_glue"].API["value"]() == {"value": 2}


def test_a_broken_bundle_is_left_out(package: Path, tmp_path: Path) -> None:
    bundle = tmp_path / "bundle.zip"
    header = importlib.util.MAGIC_NUMBER + (0b11).to_bytes(4, "little")
    part = package / "smallpkg" / "part.py"
    cached = importlib.util.cache_from_source(str(part))
    with zipfile.ZipFile(bundle, "w") as archive:
        archive.writestr(cached.lstrip("/"), header + importlib.util.source_hash(part.read_bytes()) + b"\x00garbage")
        archive.writestr("etc/__pycache__/passwd.cpython-311.pyc", header + b"x" * 8)  # outside the app's folders
        archive.writestr(cached.lstrip("/").replace(".pyc", ".txt"), b"not a pyc")
        archive.writestr(str(Path(cached).parent / "old.pyc").lstrip("/"), b"\x00\x00\x00\x00" + b"x" * 20)
    written = shell.install_bytecode(str(bundle))
    assert written == [cached]  # only the pyc of this Python, in the app's folders
    Path(cached).unlink()
    _forget("smallpkg", "smallpkg.part", "small_glue")
    answer = json.loads(shell.start("small_glue", str(bundle)))  # bad marshal data: imported again without it
    assert answer["bytecode"] == "refused"
    assert sys.modules["small_glue"].API["value"]() == {"value": 1}
    assert not Path(cached).exists() or Path(cached).read_bytes()[8:16] != b"\x00garbage"[:8]

    (tmp_path / "not.zip").write_bytes(b"PK nothing")
    _forget("smallpkg", "smallpkg.part", "small_glue")
    assert json.loads(shell.start("small_glue", str(tmp_path / "not.zip")))["bytecode"] == "refused"
    with pytest.raises(ValueError, match="not a zip"):
        shell.install_bytecode(str(tmp_path / "not.zip"))


def test_a_bundle_too_large_is_refused(package: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bundle = tmp_path / "big.zip"
    with zipfile.ZipFile(bundle, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("x/__pycache__/a.pyc", b"\x00" * 2_000)
    monkeypatch.setattr(shell, "BUNDLE_LIMIT", 1_000)
    with pytest.raises(ValueError, match="more than 1000 bytes"):
        shell.install_bytecode(str(bundle))


# -- the apps hook and the manifests ---------------------------------------------------------------


def _fake_files(extra: Mapping[str, bytes]) -> list[SimpleNamespace]:
    """The site's files as the hook sees them: the apps' sources and a runtime under tryit/."""
    files = [
        SimpleNamespace(src_uri=f"app/{name}", abs_src_path=str(path), content_bytes=b"")
        for name, path in hook.app_files().items()
        if name != "sw.js"
    ]
    files.append(SimpleNamespace(src_uri="app/config.json", abs_src_path=None, content_bytes=b"{}"))
    files += [SimpleNamespace(src_uri=uri, abs_src_path=None, content_bytes=data) for uri, data in extra.items()]
    return files


RUNTIME = {
    "tryit/pyodide/pyodide.mjs": b"mjs",
    "tryit/pyodide/pyodide.asm.wasm": b"wasm",
    "tryit/pyodide/python_stdlib.zip": b"zip",
    "tryit/wizardrules-0.1.0-py3-none-any.whl": b"wheel",
    "tryit/attrs-26.1.0-py3-none-any.whl": b"attrs",
    "try-it/index.html": b"a docs page, not the apps'",
}
APP_CONFIG = {
    "pyodide": "../tryit/pyodide/",
    "wheels": ["../tryit/wizardrules-0.1.0-py3-none-any.whl", "../tryit/attrs-26.1.0-py3-none-any.whl"],
}


def test_the_workers_list_names_every_app_file_pyodide_and_the_wheels() -> None:
    sources = hook.app_files()
    assert {"shell.js", "shell.py", "shell.css", "sw.js", "rules/index.html", "rules/rules_app.py"} <= set(sources)
    assert not any("__pycache__" in name or name.endswith(".pyc") for name in sources)
    names = [name for name in sources if name != "sw.js"] + ["config.json"]
    version, urls = hook.precache(_fake_files(RUNTIME), names, APP_CONFIG)
    assert re.fullmatch(r"[0-9a-f]{16}", version)
    assert set(names) <= set(urls)
    assert {"rules/", *APP_CONFIG["wheels"]} <= set(urls)
    assert {f"../{uri}" for uri in RUNTIME if uri.startswith("tryit/pyodide/")} <= set(urls)
    assert not any("try-it/" in url for url in urls)
    assert len(urls) == len(set(urls))


@pytest.mark.parametrize(
    "changed", ["app/rules/rules_app.py", "tryit/pyodide/pyodide.asm.wasm", "tryit/attrs-26.1.0-py3-none-any.whl"]
)
def test_the_workers_version_changes_when_any_file_changes(changed: str) -> None:
    names = [name for name in hook.app_files() if name != "sw.js"] + ["config.json"]
    version, _ = hook.precache(_fake_files(RUNTIME), names, APP_CONFIG)
    assert hook.precache(_fake_files(RUNTIME), names, APP_CONFIG)[0] == version, "the same bytes, the same version"
    files = _fake_files(RUNTIME)
    (file,) = (f for f in files if f.src_uri == changed)
    before = Path(file.abs_src_path).read_bytes() if file.abs_src_path else file.content_bytes
    file.abs_src_path, file.content_bytes = None, before + b" "  # one byte more
    assert hook.precache(files, names, APP_CONFIG)[0] != version
    unchanged = _fake_files({**RUNTIME, "try-it/index.html": b"another docs page"})
    assert hook.precache(unchanged, names, APP_CONFIG)[0] == version, "a docs page is not the apps'"


@pytest.mark.parametrize(
    ("changed", "names_a_new_snapshot"),
    [
        ("tryit/pyodide/pyodide.asm.wasm", True),
        ("tryit/attrs-26.1.0-py3-none-any.whl", True),
        ("shell.js", True),
        ("shell.py", True),
        ("rules/rules_app.py", True),
        ("rules/index.html", False),
        ("shell.css", False),
        ("try-it/index.html", False),
    ],
)
def test_the_snapshots_name_changes_with_what_pythons_state_is_made_of(
    changed: str, names_a_new_snapshot: bool, tmp_path: Path
) -> None:
    """config.json's `python` names the shell's snapshot: the runtime, the wheels, the shell, the apps' Python."""
    sources = {name: tmp_path / name for name in hook.app_files()}
    for name, path in hook.app_files().items():
        sources[name].parent.mkdir(parents=True, exist_ok=True)
        sources[name].write_bytes(path.read_bytes())
    digest = hook.python_hash(_fake_files(RUNTIME), APP_CONFIG, sources)
    assert re.fullmatch(r"[0-9a-f]{16}", digest)
    files = _fake_files(RUNTIME)
    if changed in sources:
        sources[changed].write_bytes(sources[changed].read_bytes() + b" ")
    else:
        (file,) = (f for f in files if f.src_uri == changed)
        file.content_bytes += b" "
    assert (hook.python_hash(files, APP_CONFIG, sources) != digest) is names_a_new_snapshot


def test_the_worker_knows_the_runtime_only_when_it_is_on_this_site() -> None:
    assert hook.worker_list("v", ["a"], APP_CONFIG) == {"version": "v", "urls": ["a"], "runtime": "../tryit/pyodide/"}
    cdn = {"pyodide": "https://cdn.jsdelivr.net/npm/pyodide@1/", "wheels": []}
    assert hook.worker_list("v", [], cdn)["runtime"] is None


def test_the_app_config_points_at_the_runtime_from_app() -> None:
    config = hook.app_config(
        {"version": "1", "mode": "local", "missing": None, "bytes": 3, "pyodide": "pyodide/", "wheels": ["a.whl"]}
    )
    assert config == {
        "version": "1",
        "mode": "local",
        "missing": None,
        "bytes": 3,
        "pyodide": "../tryit/pyodide/",
        "wheels": ["../tryit/a.whl"],
    }
    cdn = hook.app_config({"pyodide": "https://cdn.jsdelivr.net/npm/pyodide@1/", "wheels": []})
    assert cdn["pyodide"] == "https://cdn.jsdelivr.net/npm/pyodide@1/"


def test_the_worker_template_has_the_line_the_hook_fills_in() -> None:
    template = (APP / "sw.js").read_text(encoding="utf-8")
    assert template.count(hook.PRECACHE_LINE) == 1


MANIFESTS = sorted(APP.glob("*/manifest.webmanifest"))


@pytest.mark.parametrize("manifest", MANIFESTS, ids=[m.parent.name for m in MANIFESTS])
def test_each_apps_manifest_makes_it_installable(manifest: Path) -> None:
    data = json.loads(manifest.read_text(encoding="utf-8"))
    assert data["start_url"] == data["scope"] == "./"
    assert data["display"] in ("standalone", "fullscreen")
    assert data["name"]
    assert data["short_name"]
    sizes = set()
    for icon in data["icons"]:
        path = (manifest.parent / icon["src"]).resolve()
        assert path.is_file(), icon
        assert path.is_relative_to(APP)
        if icon["type"] == "image/png":
            from PIL import Image

            with Image.open(path) as image:
                assert f"{image.width}x{image.height}" == icon["sizes"]
            sizes.add(icon["sizes"])
    assert {"192x192", "512x512"} <= sizes
    page = (manifest.parent / "index.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="manifest.webmanifest">' in page
    assert 'data-ready="false"' in page


def test_the_built_site_holds_every_file_the_worker_lists(site: Path) -> None:
    worker = (site / "app" / "sw.js").read_text(encoding="utf-8")
    found = re.search(r"const PRECACHE = (\{.*\});", worker)
    assert found is not None, "the hook filled in the list"
    listed = json.loads(found.group(1))
    assert listed["runtime"] == "../tryit/pyodide/"
    base = site / "app"
    for url in listed["urls"]:
        path = (base / url).resolve()
        assert (path / "index.html" if url.endswith("/") else path).is_file(), url
    shipped = {p.relative_to(base).as_posix() for p in base.rglob("*") if p.is_file()} - {"sw.js"}
    assert shipped <= set(listed["urls"])
    runtime = {f"../tryit/pyodide/{p.name}" for p in (site / "tryit" / "pyodide").iterdir()}
    assert runtime <= set(listed["urls"])
    config = json.loads((base / "config.json").read_text(encoding="utf-8"))
    assert set(config["wheels"]) <= set(listed["urls"])
    assert config["mode"] == "local"


# -- the app in Chromium ---------------------------------------------------------------------------

SHOTS = os.environ.get("WIZARDRULES_SCREENSHOTS")
READY_MS = 120_000  # a cold start on a busy 2-core machine, with room to spare; benchmarks/bench_apps.py measures it
SCREENS = ("learn", "tutorial", "quiz", "table", "topics")


_READY = "['true', 'failed'].includes(document.getElementById('app')?.dataset.ready)"
_SMALLEST_TEXT = """() => {
  let smallest = { size: 1000, what: "" };
  for (const el of document.querySelectorAll("#app *")) {
    if (el.closest("[hidden]") || el.getClientRects().length === 0) continue;
    const style = getComputedStyle(el);
    if (style.display === "none" || style.visibility === "hidden") continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    let size = parseFloat(style.fontSize);
    if (el instanceof SVGElement) {  // the pictures' text, as drawn: the font size in the picture's units, scaled
      const m = el.getScreenCTM();
      size *= Math.hypot(m.a, m.b);
    }
    if (size < smallest.size) smallest = { size, what: `${el.tagName} ${el.textContent.trim().slice(0, 30)}` };
  }
  return smallest;
}"""
_SIDEWAYS = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
_HOSTS = "() => [...new Set(performance.getEntriesByType('resource').map((e) => new URL(e.name).host))]"
_PARITY = """async () => {
  const [{ WORDS }, { SHELL_WORDS }] = await Promise.all([import("./words.js"), import("../shell.js")]);
  const problems = [];
  const fields = (text) => [...text.matchAll(/\\{(\\w+)\\}/g)].map((m) => m[1]).sort().join(",");
  const same = (en, de, where) => {
    if (typeof en !== typeof de) return problems.push(`${where}: ${typeof en} in English, ${typeof de} in German`);
    if (typeof en === "string") {
      if (!en.trim() || !de.trim()) problems.push(`${where} is empty`);
      if (fields(en) !== fields(de)) problems.push(`${where}: fields ${fields(en)} and ${fields(de)}`);
      const untranslated = en === de && !/^[\\W\\d]*$/.test(en) && !["Quiz", "blind"].includes(en);
      if (untranslated) problems.push(`${where} is not translated: ${en}`);
      return;
    }
    const keys = (o) => Object.keys(o).sort().join(",");
    if (keys(en) !== keys(de)) return problems.push(`${where}: keys ${keys(en)} and ${keys(de)}`);
    for (const key of Object.keys(en)) same(en[key], de[key], `${where}.${key}`);
  };
  same(WORDS.en, WORDS.de, "rules");
  same(SHELL_WORDS.en, SHELL_WORDS.de, "shell");
  return problems;
}"""


def _words(text: str) -> str:
    return " ".join(text.split())


def _answer_key(answer: object) -> str:
    return "none" if answer is None else str(answer)


class Visit:
    """One person with a phone or a laptop: a browser context on the rules app.

    It gathers the page's errors and every request to another host (each refused).
    """

    def __init__(self, browser: Any, server: str, width: int, lang: str) -> None:
        self.server, self.width, self.lang = server, width, lang
        self.language = LANGUAGE[lang]
        self.context = browser.new_context(viewport={"width": width, "height": 800})
        self.elsewhere: list[str] = []
        self.context.route(re.compile(r"^(?!https?://127\.0\.0\.1[:/])[a-z-]+:"), self._refuse)
        self.errors: list[str] = []
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        self.page.on("console", self._console)

    def _refuse(self, route: Any) -> None:
        if not route.request.url.startswith(("data:", "blob:")):
            self.elsewhere.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")

    def open(self) -> None:
        self.page.goto(f"{self.server}app/rules/?lang={self.lang}#learn")
        self.wait()

    def wait(self) -> None:
        self.page.wait_for_function(_READY, timeout=READY_MS)
        state = self.page.evaluate("document.getElementById('app').dataset.ready")
        assert state == "true", self.page.locator("[data-shell=status]").inner_text()

    def go(self, screen: str) -> Any:
        self.page.click(f"nav [data-tab={screen}]")
        view = self.page.locator(f"#view-{screen}")
        assert view.is_visible()
        return view

    def shoot(self, name: str) -> None:
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            self.page.screenshot(path=str(Path(SHOTS) / f"rules-{name}-{self.width}-{self.lang}.png"), full_page=True)


@pytest.fixture(
    scope="module", params=[(375, "en"), (375, "de"), (1280, "en"), (1280, "de")], ids=lambda p: f"{p[0]}px-{p[1]}"
)
def visit(request: pytest.FixtureRequest, browser: Any, server: str) -> Iterator[Visit]:
    width, lang = request.param
    visitor = Visit(browser, server, width, lang)
    visitor.open()
    yield visitor
    visitor.context.close()


def test_browser_the_app_starts_in_its_language_with_every_text_in_both(visit: Visit) -> None:
    page = visit.page
    assert page.evaluate("document.documentElement.lang") == visit.lang
    assert page.locator("#app").get_attribute("data-lang") == visit.lang
    assert page.title() == ("Wizard rules" if visit.lang == "en" else "Wizard-Regeln")
    assert page.evaluate(_PARITY) == []
    assert page.locator("button[data-lang=de]").get_attribute("aria-pressed") == str(visit.lang == "de").lower()


def test_browser_each_tutorial_task_answered_wrong_then_right_and_the_progress_kept(visit: Visit) -> None:
    page = visit.page
    view = visit.go("tutorial")
    view.locator("button[name=reset]").click()
    steps = glue.tutorial(visit.lang)
    for step in steps:
        number = step["number"]
        article = view.locator(f"article.rules-step[data-step='{number}']")
        assert article.locator("h3").inner_text() == step["title"]
        assert article.locator(".rules-question").inner_text() == step["task"]["question"]
        choices = step["task"]["choices"]
        wrong = next(c for c in choices if not c["verdict"]["correct"])
        right = next(c for c in choices if c["verdict"]["correct"])
        for choice, correct in ((wrong, False), (right, True)):
            article.locator(f".rules-choices button[data-answer='{_answer_key(choice['answer'])}']").click()
            verdict = glue.tutorial_check(step=number, answer=choice["answer"], lang=visit.lang)
            assert verdict["correct"] is correct
            shown = article.locator(".rules-verdict .rules-result")
            assert shown.get_attribute("data-correct") == str(correct).lower()
            assert verdict["reason"] in shown.inner_text()
            assert verdict["clause"] in shown.inner_text()
        assert view.locator("[data-done]").get_attribute("data-done") == str(number)
        if number < len(steps):
            view.locator("button[name=step-next]").click()
    assert view.locator("button[name=step-next]").is_disabled()
    visit.shoot("tutorial")

    page.reload()  # the progress stays on the device
    visit.wait()
    view = visit.go("tutorial")
    assert view.locator("[data-done]").get_attribute("data-done") == "8"
    assert view.locator(".rules-dots button[data-mark=right]").count() == 8
    view.locator(".rules-dots button[data-step='3']").click()
    kept = view.locator("article[data-step='3'] .rules-verdict .rules-result")
    assert kept.get_attribute("data-correct") == "true"


def test_browser_the_quiz_is_scored_as_the_library_decides(visit: Visit) -> None:
    view = visit.go("quiz")
    score = view.locator(".rules-score")
    for level, answer_right in ((1, True), (2, False), (3, True)):
        view.locator("select[name=level]").select_option(str(level))
        asked, right = int(score.get_attribute("data-asked") or 0), int(score.get_attribute("data-right") or 0)
        seed = int(view.locator(".rules-question").get_attribute("data-seed") or "")
        question = glue.quiz(seed, level, visit.lang)
        assert view.locator(".rules-question").inner_text() == question["question"]
        cards = parse_cards(" ".join(c["card"] for c in question["cards"]))
        trump = None if question["trump"] is None else Suit.parse(question["trump"])
        winner = trick_winner(cards, trump)
        assert winner is not None
        tap = winner if answer_right else (winner + 1) % len(cards)
        view.locator(f".rules-card[data-index='{tap}']").click()
        verdict = view.locator(".rules-verdict .rules-result")
        assert verdict.get_attribute("data-correct") == str(answer_right).lower()
        assert glue.quiz_check(seed, level, tap, visit.lang)["reason"] in verdict.inner_text()
        assert view.locator(f".rules-card[data-index='{winner}']").get_attribute("data-verdict") == "winner"
        assert score.get_attribute("data-asked") == str(asked + 1)
        assert score.get_attribute("data-right") == str(right + answer_right)
        assert str(asked + 1) in score.inner_text()
        if level == 3:
            visit.shoot("quiz")
        view.locator("button[name=quiz-next]").click()
        assert view.locator(".rules-question").get_attribute("data-seed") != str(seed)
        assert view.locator(".rules-verdict .rules-result").count() == 0


def test_browser_every_tool_of_wizard_in_3_minutes(visit: Visit) -> None:
    lang, language = visit.lang, visit.language
    view = visit.go("learn")
    # the cards, tapped open one by one
    deck = glue.deck(lang)
    for card in deck["cards"]:
        button = view.locator(f"button.rules-flip[data-card='{card['card']}']")
        assert button.get_attribute("aria-expanded") == "false"
        button.click()
        assert button.get_attribute("aria-expanded") == "true"
        assert button.locator(".rules-card-text").inner_text() == card["text"]
        assert button.locator("svg").count() == 1
    # how long is your game
    tool = view.locator("[data-tool=length]")
    for players in (3, 6):
        tool.locator("select[name=players]").select_option(str(players))
        length = lessons.game_length(players, language=language)
        assert tool.locator("[data-rounds]").get_attribute("data-rounds") == str(length.rounds)
        assert _words(length.text) in _words(tool.inner_text())
    # turn up the trump: tap the stack until a suit card, a Wizard (then choose), a Jester and the last round came up
    tool = view.locator("[data-tool=trump]")
    seen: set[str] = set()
    for _ in range(400):
        tool.locator("button[name=stack]").click()
        answer = tool.locator(".rules-answer")
        seed, round = int(answer.get_attribute("data-seed") or ""), int(answer.get_attribute("data-round") or "")
        turned = lessons.turn_up(seed, round=round, language=language)
        reason = tool.locator("[data-reason]").get_attribute("data-reason")
        assert reason == turned.reason.name
        assert _words(turned.text) in _words(tool.inner_text())
        if reason == "WIZARD" and reason not in seen:
            assert turned.choices == tuple(Suit)
            tool.locator("button[data-choice=green]").click()
            chosen = tool.locator(".rules-chosen")
            assert chosen.get_attribute("data-trump") == "green"
            assert chosen.inner_text() == glue.name_trump(seed, round, "green", lang)["text"]
            assert tool.locator("button[data-choice=none]").count() == 0, "R3.2: no trump is not a choice"
        seen.add(reason or "")
        if {"SUIT", "WIZARD", "JESTER", "NOTHING_LEFT"} <= seen:
            break
    assert {"SUIT", "WIZARD", "JESTER", "NOTHING_LEFT"} <= seen, seen
    # what may the dealer bid, under each bid rule
    tool = view.locator("[data-tool=bids]")
    for rule, policy in POLICIES.items():
        tool.locator("select[name=bid-rule]").select_option(rule)
        allowed = sorted(allowed_bids(policy(), cards=3, bids=[1, 0, 1], players=4, round_number=3))
        shown = [int(li.get_attribute("data-bid") or "") for li in tool.locator("li[data-allowed=true]").all()]
        assert shown == allowed, rule
    # may I play this card: situation 1 of 4, and more, every card tapped
    tool = view.locator("[data-tool=may-play]")
    for number, question in enumerate(glue.situations(lang), start=1):
        assert tool.locator("[data-situation]").get_attribute("data-situation") == str(number)
        legal = legal_plays(
            parse_cards(" ".join(c["card"] for c in question["hand"])),
            parse_cards(" ".join(c["card"] for c in question["trick"])),
        )
        for card in question["cards"]:
            tool.locator(f"button.rules-card[data-card='{card['card']}']").click()
            tapped = tool.locator(f"button.rules-card[data-card='{card['card']}']")
            assert tapped.get_attribute("data-verdict") == ("legal" if Card.parse(card["card"]) in legal else "illegal")
            assert card["reason"] in tool.locator(".rules-result").inner_text()
        tool.locator("button[name=situation-next]").click()
    seed = int(tool.locator(".rules-answer").get_attribute("data-seed") or "")
    extra = lessons.play_question(seed, level=2, language=language)
    shown = tool.locator("button.rules-card")  # a drawn hand may hold two Wizards or two Jesters
    assert [b.get_attribute("data-card") for b in shown.all()] == [str(c) for c in extra.hand]
    legal = legal_plays(extra.hand, extra.trick)
    for i, card in enumerate(extra.hand):
        shown.nth(i).click()
        assert shown.nth(i).get_attribute("data-verdict") == ("legal" if card in legal else "illegal")
    # who wins the trick: the four worked examples
    examples = view.locator("[data-tool=examples] > li").all()
    assert [li.get_attribute("data-answer") for li in examples] == ["1", "1", "1", "0"]
    for li, example in zip(examples, glue.examples(lang), strict=True):
        assert li.locator(".rules-marked").get_attribute("data-index") == str(example["answer"])
        assert li.locator("svg").count() == len(example["cards"])
        assert example["reason"] in li.inner_text()
    # points
    tool = view.locator("[data-tool=points]")
    for bid, took, blind in ((2, 2, False), (1, 3, False), (0, 0, True), (3, 1, True)):
        tool.locator("input[name=bid]").fill(str(bid))
        tool.locator("input[name=tricks]").fill(str(took))
        tool.locator("input[name=blind]").set_checked(blind)
        assert tool.locator("[data-total]").get_attribute("data-total") == str(round_points(bid, took, blind=blind))
    tool.locator("input[name=blind]").set_checked(False)
    tool.locator("button[aria-label='+1']").first.click()
    assert tool.locator("input[name=bid]").input_value() == "4"
    # the way to the quiz
    view.locator("button[name=to-quiz]").click()
    assert visit.page.locator("#view-quiz").is_visible()


def test_browser_the_tools_for_a_dispute_at_the_table(visit: Visit) -> None:
    view = visit.go("table")
    tool = view.locator("[data-tool=checker]")
    for cards, trump in (("B13 R2 B9", "R"), ("J J J", "Y"), ("Y7 BOMB Y11", "none"), ("DRAGON FAIRY R5", "B")):
        tool.locator("input[name=cards]").fill(cards)
        tool.locator("select[name=trump]").select_option(trump)
        tool.locator("input[name=cards]").press("Enter")
        decision = decide_trick(parse_cards(cards), None if trump == "none" else Suit.parse(trump))
        result = tool.locator("[data-winner]")
        assert result.get_attribute("data-winner") == ("none" if decision.winner is None else str(decision.winner))
        assert decision.reason.display(visit.language) in result.inner_text()
    tool.locator("input[name=cards]").fill("R14 W")
    tool.locator("button[name=decide]").click()
    with pytest.raises(WizardRulesError) as refused:
        parse_cards("R14 W")
    error = tool.locator(".rules-error")
    assert error.inner_text() == refused.value.to_text(language=visit.language)  # the library's words, no class name
    assert error.get_attribute("data-kind") == type(refused.value).__name__
    tool.locator("button[name=clear]").click()  # the keys write the notation the library reads
    tool.locator("button[name=suit-G]").click()
    tool.locator("button[name=rank-13]").click()
    tool.locator("button[name=add-W]").click()
    tool.locator("button[name=suit-B]").click()
    tool.locator("button[name=rank-2]").click()
    wizard = "Z" if visit.lang == "de" else "W"  # the keys write the language's letters, which the library reads
    assert tool.locator("input[name=cards]").input_value() == f"G13 {wizard} B2"
    tool.locator("select[name=trump]").select_option("B")
    assert tool.locator("[data-winner]").get_attribute("data-winner") == "1"
    tool.locator("button[name=undo]").click()
    assert tool.locator("input[name=cards]").input_value() == f"G13 {wizard}"
    points = view.locator("[data-tool=table-points]")
    points.locator("input[name=bid]").fill("1")
    points.locator("input[name=tricks]").fill("3")
    assert points.locator("[data-total]").get_attribute("data-total") == "-20"


def test_browser_the_topics_are_found_by_a_german_and_an_english_word(visit: Visit) -> None:
    view = visit.go("topics")
    search = view.locator("input[name=search]")
    assert view.locator("[data-count]").get_attribute("data-count") == str(len(glue.TOPICS) + 8)
    for word in ("Zauberer", "Wizard", "Wolke", "Cloud"):
        search.fill(word)
        expected = glue.topics(word, visit.lang)
        assert expected["count"] > 0
        assert view.locator("[data-count]").get_attribute("data-count") == str(expected["count"])
        shown = [a.get_attribute("data-clause") for a in view.locator("article.rules-topic").all()]
        assert shown == [t["clause"] for t in expected["topics"]]
    search.fill("Wolke")
    assert (
        view.locator("article[data-clause='R8.2'] h3")
        .inner_text()
        .startswith("Wolke" if visit.lang == "de" else "Cloud")
    )


def test_browser_every_screen_fits_the_width_with_text_of_12_px_at_least(visit: Visit) -> None:
    page = visit.page
    for screen in SCREENS:
        visit.go(screen)
        if screen == "learn":
            page.locator("#view-learn details").first.evaluate("(d) => (d.open = true)")
        smallest = page.evaluate(_SMALLEST_TEXT)
        assert smallest["size"] >= 12, (screen, smallest)
        assert page.evaluate(_SIDEWAYS) <= 0, f"{screen} scrolls sideways at {visit.width} px"
        if screen not in ("tutorial", "quiz"):
            visit.shoot(screen)


_KEPT = (
    "['saved', 'used'].includes(document.getElementById('app').dataset.bytecode)"
    " && ['bare', 'saved', 'used'].includes(document.getElementById('app').dataset.snapshot)"
)


def test_browser_offline_after_the_first_visit(visit: Visit) -> None:
    """Offline, the app starts from what the device kept: the bytecode, then Python's snapshot.

    The first visit keeps a bare snapshot (Python started); the next restores it and keeps the
    full one (the library imported) if Python's memory allows; the one after that starts from
    the full one, or the bare one; the library answers after each.
    """
    page = visit.page
    page.wait_for_function("document.getElementById('app').dataset.offline === 'true'", timeout=READY_MS)
    page.wait_for_function(_KEPT, timeout=READY_MS)
    root = page.locator("#app")
    first = (root.get_attribute("data-python"), root.get_attribute("data-snapshot"))
    visit.context.set_offline(True)
    try:
        seen = []
        for _ in range(2):
            page.reload()
            visit.wait()
            page.wait_for_function(_KEPT, timeout=READY_MS)
            assert page.evaluate("navigator.onLine") is False
            assert root.get_attribute("data-bytecode") == "used"
            seen.append((root.get_attribute("data-python"), root.get_attribute("data-snapshot")))
            view = visit.go("table")
            view.locator("[data-tool=checker] input[name=cards]").fill("R3 W G13")
            view.locator("[data-tool=checker] input[name=cards]").press("Enter")
            assert view.locator("[data-tool=checker] [data-winner]").get_attribute("data-winner") == "1"
            assert visit.go("topics").locator("[data-count]").get_attribute("data-count") == str(len(glue.TOPICS) + 8)
        if first == ("started", "bare"):  # this context's first visit
            second, third = seen
            assert second in (("bare", "saved"), ("bare", "used")), seen
            assert third == (("full", "used") if second[1] == "saved" else ("bare", "used")), seen
        assert seen[-1][0] in ("full", "bare"), seen
    finally:
        visit.context.set_offline(False)


def test_browser_a_snapshot_that_does_not_restore_is_dropped_and_python_starts_afresh(visit: Visit) -> None:
    """A kept snapshot is input: one that is not Pyodide's is dropped, the app starts as on a first visit."""
    page = visit.page
    page.wait_for_function(_KEPT, timeout=READY_MS)
    kept = page.evaluate(
        """async () => {
          const cache = await caches.open("wizardrules-snapshot");
          const keys = await cache.keys();
          const junk = new Blob([new Uint8Array(4096).fill(7)]).stream().pipeThrough(new CompressionStream("gzip"));
          for (const request of keys) await cache.put(request, new Response(junk));
          return keys.length;
        }"""
    )
    assert kept == 1
    page.reload()
    visit.wait()
    page.wait_for_function(_KEPT, timeout=READY_MS)
    assert page.locator("#app").get_attribute("data-ready") == "true"
    assert page.locator("#app").get_attribute("data-python") == "started"
    assert page.locator("#app").get_attribute("data-snapshot") == "bare", "a new bare snapshot in place of the junk"
    view = visit.go("table")
    view.locator("[data-tool=checker] input[name=cards]").fill("R3 W G13")
    view.locator("[data-tool=checker] input[name=cards]").press("Enter")
    assert view.locator("[data-tool=checker] [data-winner]").get_attribute("data-winner") == "1"


def test_browser_pyodide_from_the_device_when_the_connection_answers_nothing(visit: Visit) -> None:
    """Online, the browser fetches Pyodide itself (its HTTP cache keeps the compiled code); when
    that fails on a connection that answers nothing, the shell asks the worker's copy."""
    page = visit.page
    page.wait_for_function("document.getElementById('app').dataset.offline === 'true'", timeout=READY_MS)
    runtime = re.compile(r"^http://127\.0\.0\.1:\d+/tryit/pyodide/")
    visit.context.route(runtime, lambda route: route.abort())
    seen = len(visit.errors)
    try:
        page.reload()
        visit.wait()
        assert page.evaluate("navigator.onLine") is True
        fetched = page.evaluate("performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)")
        assert "/app/offline/pyodide.asm.wasm" in fetched
        view = visit.go("table")
        view.locator("[data-tool=checker] input[name=cards]").fill("J J J")
        view.locator("[data-tool=checker] input[name=cards]").press("Enter")
        assert view.locator("[data-tool=checker] [data-winner]").get_attribute("data-winner") == "0"
    finally:
        visit.context.unroute(runtime)
    refused = visit.errors[seen:]
    assert all("Failed to load resource" in error or "pyodide.mjs" in error for error in refused), refused
    del visit.errors[seen:]  # the refused requests, as the browser reports them


def test_browser_no_request_to_another_host_and_no_error(visit: Visit) -> None:
    hosts = visit.page.evaluate(_HOSTS)
    assert all(host.startswith("127.0.0.1:") for host in hosts), hosts
    assert visit.elsewhere == []
    assert visit.errors == []
