"""Tests of `wizardrules.lessons`, the rules app's lessons, against the rules functions.

Every answer a lesson gives is checked against the function that states the rule:
`decide_trick` and `trick_winner` (R5.4), `led_suit` and `legal_plays` (R5.2, R5.3),
`allowed_bids` and the policies' refusals (R4.2), `round_points` (R6.1), the schedules
(R2.2-R2.4), the engine's deals and its trump table `_tables.TRUMP_OF_TURNED` (R3, R8.6,
R8.10). Questions are drawn over seeds with hypothesis; the spread of the answers over the
positions is measured on a fixed sample of seeds. English and German are both complete.
"""

from __future__ import annotations

import functools
import json
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from typing import Any, Final

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from _hostile import hostile, maybe, outcome
from wizardrules import (
    EDITION_2021,
    BidError,
    BidPolicy,
    Card,
    CardError,
    CardKind,
    ChooseTrump,
    Deck,
    EqualBids,
    FixedTrump,
    FreeBids,
    Language,
    NotationError,
    NotEqualBids,
    Phase,
    Preset,
    Rules,
    RulesError,
    Schedule,
    ScheduleKind,
    ScorekeeperHook,
    Special,
    Suit,
    TrickError,
    WinReason,
    WizardRulesError,
    allowed_bids,
    decide_trick,
    led_suit,
    legal_plays,
    lessons,
    new_game,
    parse_cards,
    round_points,
    trick_winner,
)
from wizardrules._tables import DEALER_CHOOSES, NO_TRUMP, TRUMP_OF_TURNED
from wizardrules._tables.codes import BITS_OF
from wizardrules.bidding import BidContext
from wizardrules.lessons import (
    BidQuestion,
    GameLength,
    PlayQuestion,
    Step,
    Task,
    TaskKind,
    TrickQuestion,
    TrumpReason,
    TurnUp,
    Verdict,
    bid_question,
    game_length,
    play_question,
    play_situations,
    trick_examples,
    trick_question,
    turn_up,
    tutorial,
)

seeds = st.integers(-(2**70), 2**70)
levels = st.sampled_from((1, 2, 3))
tables = st.none() | st.integers(3, 6)
languages = st.sampled_from(Language)
SAMPLE: Final = range(800)
"""The fixed sample of seeds the spread of the answers is measured on."""


def _texts(task: Task) -> Iterator[str]:
    yield task.question
    for choice in task.choices:
        yield choice.label
        yield choice.verdict.reason


def _json_round_trip(value: Any) -> None:
    """The value's `to_dict()` is plain JSON: written and read back unchanged."""
    data = value.to_dict()
    assert json.loads(json.dumps(data)) == data


# -- the tutorial --------------------------------------------------------------------------------------------


def test_tutorial_has_the_eight_steps_of_the_introduction() -> None:
    """The cards; dealing and rounds; trump; bids; following suit; who wins a trick; points; a whole round."""
    steps = tutorial()
    assert [step.number for step in steps] == list(range(1, 9))
    assert [step.title for step in steps] == [
        "The cards",
        "Dealing and rounds",
        "Trump",
        "Bids",
        "Following suit",
        "Who wins the trick?",
        "Points",
        "A whole round",
    ]
    assert [step.task.kind for step in steps] == [
        TaskKind.COUNT,
        TaskKind.COUNT,
        TaskKind.TRUMP,
        TaskKind.BID,
        TaskKind.PLAY,
        TaskKind.WINNER,
        TaskKind.POINTS,
        TaskKind.POINTS,
    ]
    for step in steps:
        assert step.task.answers, step.title  # every task has a right answer
        assert any(not choice.verdict.correct for choice in step.task.choices), step.title  # and a wrong one
        _json_round_trip(step)


def test_tutorial_is_complete_in_english_and_german() -> None:
    """Every title, text, example, question, label and reason is in both languages, and differs where words are."""
    english, german = tutorial(Language.EN), tutorial(Language.DE)
    for en, de in zip(english, german, strict=True):
        assert en.language is Language.EN
        assert de.language is Language.DE
        assert en.title
        assert de.title
        assert en.title != de.title
        assert en.text
        assert de.text
        assert en.text != de.text
        assert len(en.examples) == len(de.examples)
        for a, b in zip(en.examples, de.examples, strict=True):
            assert a
            assert b
            assert a != b
        assert en.task.answers == de.task.answers
        for a, b in zip(_texts(en.task), _texts(de.task), strict=True):
            assert a
            assert b
            assert a != b or a.lstrip("+-").isdigit()  # a number reads the same in both
        assert "{" not in en.text + de.text  # every field filled in


def test_tutorial_is_the_same_when_asked_twice() -> None:
    assert tutorial(Language.DE) == tutorial(Language.DE)


def test_r1_1_the_cards_task_counts_the_deck() -> None:
    task = tutorial()[0].task
    assert task.answers == (len(Deck()),) == (60,)
    assert {choice.answer for choice in task.choices} >= {52, 56, len(Deck(specials=frozenset(Special)))}
    verdict = task.check(52)
    assert not verdict.correct
    assert verdict.clause == "R1.1"
    assert verdict.reason.startswith("52 are the number cards alone.")


def test_r2_2_the_rounds_task_follows_the_ladder() -> None:
    task = tutorial()[1].task
    assert task.answers == (Schedule.ladder(5).rounds,)
    assert {choice.answer for choice in task.choices} == {Schedule.ladder(n).rounds for n in range(3, 7)}
    assert tutorial(Language.DE)[1].task.check(15).reason.startswith("15 Runden hat das Spiel zu viert.")


def test_r3_2_the_dealer_names_one_of_the_four_suits_after_a_wizard() -> None:
    """The trump task's verdicts are the engine's: after a Wizard every suit, and not no trump."""
    task = tutorial()[2].task
    assert task.answers == tuple(Suit)
    assert not task.check(None).correct
    assert task.check(None).clause == "R3.2"
    assert task.check("none") == task.check(None)
    assert task.check("grün") == task.check(Suit.GREEN) == task.check("G")
    assert task.check(Suit.RED).reason.startswith("Red is trump.")
    with pytest.raises(NotationError):
        task.check("purple")
    with pytest.raises(NotationError):
        task.check(3)
    examples = tutorial()[2].examples
    assert examples[1].startswith("A Wizard is turned up")
    assert examples[3].startswith("Round 15 deals all 60")


def test_r4_2_the_bids_task_is_seed_002s_dealer() -> None:
    """Round 3, bids 1, 0, 1, not equal: the dealer may bid 0, 2 or 3, not 1."""
    task = tutorial()[3].task
    assert task.answers == tuple(sorted(allowed_bids(NotEqualBids(), cards=3, bids=[1, 0, 1], players=4))) == (0, 2, 3)
    assert tutorial(Language.DE)[3].task.check(1).reason == "Die 1 ist gesperrt: Sonst ergäben die Ansagen genau 3."
    with pytest.raises(BidError, match="answer 4"):
        task.check(4)


def test_r5_3_the_following_suit_task_is_situation_1() -> None:
    step = tutorial()[4]
    first = play_situations()[0]
    assert step.task == first.task
    assert step.task.answers == tuple(card for card in first.hand if card in legal_plays(first.hand, first.trick))
    assert len(step.examples) == 4


def test_r5_4_the_trick_task_and_its_four_worked_examples() -> None:
    step = tutorial()[5]
    cards = parse_cards("G12 J R1 G13")
    assert step.task.answers == (trick_winner(cards, Suit.RED),) == (2,)
    assert step.examples[0] == (
        "Trump green: Blue 9, Wizard, Green 13, Wizard. The 2nd card takes the trick: Wizard. The first Wizard wins."
    )
    assert tutorial(Language.DE)[5].examples[3] == (
        "Trumpf Gelb: Narr, Narr, Narr. Den Stich holt die 1. Karte: Narr. Nur Narren: der erste Narr gewinnt."
    )


def test_r6_1_the_points_task_scores_seed_002s_block() -> None:
    """Lena 2 and 2: +40; Mia 0 and 0: +20; Tom 1 and 3: -20."""
    step = tutorial()[6]
    assert step.task.answers == (round_points(1, 3),) == (-20,)
    assert "+40" in step.examples[0]
    assert "+20" in step.examples[1]
    assert round_points(3, 3) in {choice.answer for choice in step.task.choices}  # as if the tricks were bid


def test_a_whole_round_is_played_by_the_engine() -> None:
    """Step 8 narrates a round the engine plays; its task's answer is the score sheet's points."""
    step = tutorial()[7]
    assert step.examples[0] == "Round 3: Mia deals, everyone holds 3 cards; Green 7 is turned up, trump green"
    assert step.examples[-1] == "Tricks taken: Lena 1, Tom 1, Mia 1."
    assert sum(line.startswith(("Lena plays", "Tom plays", "Mia plays")) for line in step.examples) == 9
    assert sum(" wins the trick " in line for line in step.examples) == 3
    assert step.task.answers == (round_points(0, 1),) == (-10,)
    german = tutorial(Language.DE)[7]
    assert "Tom spielt den Zauberer" in german.examples
    assert "Lena spielt den Narren" in german.examples


def test_tutorial_language_must_be_a_language() -> None:
    with pytest.raises(CardError, match="language 'de'"):
        tutorial("de")  # type: ignore[arg-type]


def test_task_refuses_an_answer_it_does_not_offer() -> None:
    """An answer of the wrong kind, or not among the choices, is refused with the task's kind of error."""
    steps = tutorial()
    with pytest.raises(RulesError, match="answer 61 is not one of this task's choices: 52, 56, 60, 67"):
        steps[0].task.check(61)
    with pytest.raises(RulesError):
        steps[0].task.check(True)  # True is not a number of cards
    with pytest.raises(TrickError, match="answer 'G12'"):
        steps[5].task.check("G12")
    with pytest.raises(TrickError):
        steps[4].task.check("Y1")  # not in the hand
    with pytest.raises(NotationError):
        steps[4].task.check("R14")


# -- which card takes the trick ------------------------------------------------------------------------------


@given(seeds, levels, tables, languages)
def test_r5_4_trick_question_answers_as_the_rules(seed: int, level: int, players: int | None, lang: Language) -> None:
    """The answer, the rule and the led suit are `decide_trick`'s and `led_suit`'s; the same question twice is equal."""
    question = trick_question(seed, level=level, players=players, language=lang)
    assert question == trick_question(seed, level=level, players=players, language=lang)
    decision = decide_trick(question.cards, question.trump)
    assert question.answer == trick_winner(question.cards, question.trump) == decision.winner
    assert question.rule is decision.reason
    assert question.clause == "R5.4"
    assert question.led is led_suit(question.cards)
    assert 3 <= len(question.cards) <= 6
    assert players is None or len(question.cards) == players
    for index in range(len(question.cards)):
        verdict = question.check(index)
        assert verdict.correct is (index == question.answer)
        assert verdict.clause == "R5.4"
        assert verdict.reason.endswith(question.reason)
    assert question.task.answers == (question.answer,)
    _json_round_trip(question)


@given(seeds, levels, tables)
def test_trick_questions_have_the_features_of_their_level(seed: int, level: int, players: int | None) -> None:
    """1: suit cards only, one trump at most, the trump or the led suit decides; 2: a Wizard or Jester, a suit
    card first, one Wizard at most; 3: a Wizard or Jester first, several trumps or Wizards, or only Jesters."""
    question = trick_question(seed, level=level, players=players)
    cards, trump = question.cards, question.trump
    specials = [card for card in cards if not card.is_suit_card]
    trumps = sum(card.suit is trump for card in cards if card.is_suit_card)
    wizards = cards.count(Card.WIZARD)
    if level == 1:
        assert not specials
        assert trump is not None
        assert trumps <= 1
        assert question.rule in (WinReason.HIGHEST_TRUMP, WinReason.HIGHEST_LED)
    elif level == 2:
        assert specials
        assert cards[0].is_suit_card
        assert wizards <= 1
    else:
        first_special = not cards[0].is_suit_card
        assert first_special or trumps >= 2 or wizards >= 2 or cards.count(Card.JESTER) == len(cards)


@pytest.mark.parametrize("level", [1, 2, 3])
@pytest.mark.parametrize("players", [3, 4, 6])
def test_trick_answers_spread_over_the_positions(level: int, players: int) -> None:
    """Over a fixed sample of seeds, every position is the answer about as often as any other."""
    counts = Counter(trick_question(seed, level=level, players=players).answer for seed in SAMPLE)
    share = 1 / players
    for position in range(players):
        assert abs(counts[position] / len(SAMPLE) - share) < share / 3, counts


def test_trick_question_levels_reach_every_rule_of_r5_4() -> None:
    rules = {trick_question(seed, level=level).rule for seed in range(200) for level in (1, 2, 3)}
    assert rules == {WinReason.FIRST_WIZARD, WinReason.HIGHEST_TRUMP, WinReason.HIGHEST_LED, WinReason.FIRST_JESTER}
    assert any(trick_question(seed, level=2).trump is None for seed in range(50))  # no trump at times


@given(seeds, levels)
def test_trick_question_is_complete_in_both_languages(seed: int, level: int) -> None:
    english = trick_question(seed, level=level, language=Language.EN)
    german = trick_question(seed, level=level, language=Language.DE)
    assert (english.cards, english.trump, english.answer) == (german.cards, german.trump, german.answer)
    assert english.reason != german.reason
    assert english.question != german.question
    for a, b in zip(_texts(english.task), _texts(german.task), strict=True):
        assert a
        assert b
        assert a != b


def test_r5_4_the_four_worked_examples() -> None:
    """Seed 002: trump green B9 W G13 W: 2nd; trump red B13 R2 B9: 2nd; trump blue Y7 Y11 R13: 2nd; J J J: 1st."""
    examples = trick_examples()
    assert [(" ".join(map(str, q.cards)), q.trump, q.answer) for q in examples] == [
        ("B9 W G13 W", Suit.GREEN, 1),
        ("B13 R2 B9", Suit.RED, 1),
        ("Y7 Y11 R13", Suit.BLUE, 1),
        ("J J J", Suit.YELLOW, 0),
    ]
    assert [q.rule for q in examples] == [
        WinReason.FIRST_WIZARD,
        WinReason.HIGHEST_TRUMP,
        WinReason.HIGHEST_LED,
        WinReason.FIRST_JESTER,
    ]
    assert trick_examples(Language.DE)[2].reason == (
        "Den Stich holt die 2. Karte: Gelb 11. Die höchste Karte der ausgespielten Farbe gewinnt."
    )
    assert trick_examples(Language.DE)[0].check(3).reason.startswith("Der Zauberer holt ihn nicht.")


# -- may I play this card ------------------------------------------------------------------------------------


@given(seeds, levels, tables, languages)
def test_r5_3_play_question_answers_as_the_rules(seed: int, level: int, players: int | None, lang: Language) -> None:
    """`legal` is `legal_plays`'s answer, each card's verdict says so, and each card refused has its reason."""
    question = play_question(seed, level=level, players=players, language=lang)
    assert question == play_question(seed, level=level, players=players, language=lang)
    legal = legal_plays(question.hand, question.trick)
    assert question.legal == tuple(card for card in question.hand if card in legal)
    assert question.led is led_suit(question.trick)
    assert question.hand == tuple(sorted(question.hand))
    assert players is None or len(question.trick) < players
    assert set(question.refusals) == set(question.hand) - legal
    for card in question.hand:
        verdict = question.check(card)
        assert verdict.correct is (card in legal)
        assert verdict.clause in ("R5.2", "R5.3")
        assert question.check(str(card)) == verdict
    for reason in question.refusals.values():
        assert reason.startswith(question.led.display(lang) if question.led else "")
    _json_round_trip(question)


@given(seeds, levels, tables)
def test_play_questions_have_the_features_of_their_level(seed: int, level: int, players: int | None) -> None:
    """1: a suit card leads a trick of suit cards; 2: a suit card leads, Wizards or Jesters in the hand;
    3: you lead, or a Wizard or a Jester comes first."""
    question = play_question(seed, level=level, players=players)
    trick = question.trick
    if level == 1:
        assert trick
        assert all(card.is_suit_card for card in trick)
    elif level == 2:
        assert trick
        assert trick[0].is_suit_card
        assert any(card.kind in (CardKind.WIZARD, CardKind.JESTER) for card in question.hand + trick)
    else:
        assert not trick or not trick[0].is_suit_card


def test_play_questions_ask_both_ways() -> None:
    """Over a sample of seeds, at every level some hands must follow suit and some may play anything."""
    for level in (1, 2, 3):
        refusing = [bool(play_question(seed, level=level).refusals) for seed in range(100)]
        assert 15 < sum(refusing) < 85, level


@given(seeds, levels)
def test_play_question_is_complete_in_both_languages(seed: int, level: int) -> None:
    english = play_question(seed, level=level, language=Language.EN)
    german = play_question(seed, level=level, language=Language.DE)
    assert (english.hand, english.trick, english.legal) == (german.hand, german.trick, german.legal)
    for a, b in zip(_texts(english.task), _texts(german.task), strict=True):
        assert a
        assert b
        assert a != b


def test_r5_2_r5_3_the_four_situations() -> None:
    """You hold the led suit; you do not; a Wizard first; a Jester first, then the next suit card sets the suit."""
    situations = play_situations()
    assert [" ".join(map(str, q.legal)) for q in situations] == ["J B7", "R3 Y5 G13 W", "R3 G13 B7", "J G9"]
    assert [q.led for q in situations] == [Suit.BLUE, Suit.BLUE, None, Suit.GREEN]
    assert situations[0].refusals[Card.parse("R3")] == (
        "Blue was led and you hold Blue 7: follow suit, or play a Wizard or a Jester."
    )
    assert situations[1].check("R3").reason == "You have no Blue, the led suit: any card may be played, trump too."
    assert situations[2].check("B7").clause == "R5.2"
    assert "A Jester sets no suit, Green 4 does" in situations[3].question
    german = play_situations(Language.DE)
    assert (
        german[0].check("J").reason == "Zauberer und Narren darfst du immer spielen, selbst wenn du bedienen könntest."
    )
    assert german[0].check("B7").reason == "Blau 7 bedient die ausgespielte Farbe Blau."


# -- what may the dealer bid ---------------------------------------------------------------------------------

policies: st.SearchStrategy[BidPolicy] = st.sampled_from(
    [FreeBids(), NotEqualBids(), NotEqualBids(first_round_free=True), EqualBids(), ScorekeeperHook(scorekeeper=2)]
)


@st.composite
def bidding(draw: st.DrawFn) -> dict[str, Any]:
    players = draw(st.integers(3, 6))
    cards = draw(st.integers(1, 60 // players))
    made = draw(st.integers(0, players - 1))
    bids = draw(st.lists(st.integers(0, cards), min_size=made, max_size=made))
    totals = draw(st.lists(st.integers(-100, 100), min_size=players, max_size=players))
    return {
        "cards": cards,
        "bids": bids,
        "players": players,
        "round_number": draw(st.integers(1, 3)),
        "totals": totals,
        "dealer": draw(st.integers(0, players - 1)),
    }


@given(policies, bidding(), languages)
def test_r4_2_bid_question_answers_as_the_policy(policy: BidPolicy, situation: dict[str, Any], lang: Language) -> None:
    """The allowed bids are `allowed_bids`'s; each refused bid gives the policy's reason, in German too."""
    question = bid_question(policy, **situation, language=lang)
    allowed = allowed_bids(policy, **situation)
    assert question.allowed == tuple(sorted(allowed))
    assert [choice.answer for choice in question.task.choices] == list(range(situation["cards"] + 1))
    context = BidContext(**situation)
    for bid in range(situation["cards"] + 1):
        verdict = question.check(bid)
        assert verdict.correct is (bid in allowed)
        assert verdict.clause == "R4.2"
        refusal = policy.refusal(context, bid)
        if refusal is not None and lang is Language.EN:
            assert verdict.reason == f"{bid} is blocked: {refusal}."
        if refusal is not None and lang is Language.DE:
            assert refusal not in verdict.reason  # said in German
    assert question == bid_question(policy, **situation, language=lang)
    _json_round_trip(question)


def test_bid_question_by_default_asks_the_dealer() -> None:
    question = bid_question(EqualBids(), cards=3, bids=[1, 0, 1])
    assert question.players == 4
    assert question.allowed == (1,)
    assert question.check(0).reason == "0 is blocked: the bids must add up to 3, but would add up to 2."
    german = bid_question(EqualBids(), cards=3, bids=[1, 0, 1], language=Language.DE)
    assert german.check(2).reason == "Die 2 ist gesperrt: Sonst ergäben die Ansagen 4, mehr als die 3 Karten."
    early = bid_question(NotEqualBids(), cards=2, bids=[], players=3)
    assert early.allowed == (0, 1, 2)
    assert "one more" not in early.question
    assert "2 more players bid" in early.question


def test_bid_question_refuses_bad_input() -> None:
    with pytest.raises(BidError, match="bid policy"):
        bid_question("not-equal", cards=3, bids=[1])  # type: ignore[arg-type]
    with pytest.raises(BidError, match=r"players must be 3\.\.6"):
        bid_question(FreeBids(), cards=3, bids=[1])  # the dealer after one bid: two players
    with pytest.raises(BidError, match=r"bid 5 is outside 0\.\.3"):
        bid_question(FreeBids(), cards=3, bids=[5, 0])


# -- how long is the game ------------------------------------------------------------------------------------

RULE_SETS: Final = [preset.rules() for preset in Preset]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("rules", RULE_SETS, ids=[preset.value for preset in Preset])
def test_r2_2_game_length_is_the_schedules(players: int, rules: Rules) -> None:
    """Rounds and cards are the schedule's; whether the last round turns up a card is the engine's deal (R3.4)."""
    length = game_length(players, rules)
    schedule = rules.schedule_for(players)
    assert length.rounds == schedule.rounds
    assert length.cards_per_round == schedule.cards_per_round
    assert length.last_cards == schedule.cards_per_round[-1]
    assert length.cards_left == len(rules.deck) - players * length.last_cards
    assert length.last_turns_up is (new_game(players, rules=rules, seed=5).deals[-1].turned_up is not None)
    assert length.last_turns_up is bool(rules.special_cards)  # R2.2: special cards leave cards in the last round
    for option in length.shorter:
        assert option.rounds < length.rounds
        assert option.cards_per_round == Rules(schedule=option.kind).schedule_for(players).cards_per_round
    _json_round_trip(length)


def test_r2_3_a_shorter_ladder_stops_after_any_round() -> None:
    length = game_length(3)
    assert length.stop_after == tuple(range(1, 20))
    assert [option.kind for option in length.shorter] == [
        ScheduleKind.TOURNAMENT,
        ScheduleKind.EINFARBIG,
        ScheduleKind.MAXIMUS,
    ]
    six = game_length(6)
    assert [option.kind for option in six.shorter] == [
        ScheduleKind.MAXIMUS
    ]  # the tournament is the ladder, no Einfarbig
    tournament = game_length(4, Preset.TOURNAMENT.rules())
    assert tournament.stop_after == ()
    assert ScheduleKind.LADDER not in [o.kind for o in tournament.shorter]


def test_r3_5_game_length_names_a_fixed_last_trump() -> None:
    length = game_length(4, Rules(schedule=ScheduleKind.MAXIMUS), language=Language.DE)
    assert length.last_fixed_trump is FixedTrump.NONE
    assert not length.last_turns_up
    assert "Der Spielplan legt den Trumpf der letzten Runde fest: kein Trumpf." in length.text


def test_game_length_in_both_languages_and_bad_input() -> None:
    english, german = game_length(5), game_length(5, language=Language.DE)
    assert english.text.startswith("12 rounds.")
    assert german.text.startswith("12 Runden.")
    assert [o.text for o in english.shorter] != [o.text for o in german.shorter]
    with pytest.raises(RulesError, match="2 players; Wizard is for 3 to 6"):
        game_length(2)
    with pytest.raises(RulesError, match="rules 'official'"):
        game_length(4, "official")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="einfarbig: 5 players"):
        game_length(5, Rules(schedule=ScheduleKind.EINFARBIG))


# -- the turned-up card ---------------------------------------------------------------------------------------

special_rules = st.sampled_from([Rules(), Preset.ANNIVERSARY_2016.rules(), Rules(special_cards=EDITION_2021)])


def _table_trump(card: Card) -> int:
    """The trump the rules' table gives a turned-up card: a suit's index, NO_TRUMP or DEALER_CHOOSES."""
    bits = BITS_OF[card]
    return TRUMP_OF_TURNED[(bits & -bits).bit_length()]


@given(seeds, special_rules, st.integers(3, 6), st.none() | st.integers(1, 10), languages)
def test_r3_turn_up_answers_as_the_engine_and_the_trump_table(
    seed: int, rules: Rules, players: int, number: int | None, lang: Language
) -> None:
    """The card is the one `new_game` deals for the seed; the trump is the table's, the Werewolf's holder chooses."""
    answer = turn_up(seed, rules, round=number, players=players, language=lang)
    assert answer == turn_up(seed, rules, round=number, players=players, language=lang)
    game = new_game(players, rules=rules, seed=seed)
    deal = game.deals[answer.round - 1]
    assert number is None or answer.round == number
    assert answer.turned_up == deal.turned_up
    assert answer.cards == game.schedule.cards(answer.round)
    assert answer.dealer == (game.first_dealer + answer.round - 1) % players
    wolf = next((seat for seat, hand in enumerate(deal.hands) if Card.WEREWOLF in hand), None)
    if answer.turned_up is None:
        assert answer.trump is None
        assert answer.chooser is None
        assert answer.reason is TrumpReason.NOTHING_LEFT
        assert answer.round == game.schedule.rounds
    elif wolf is not None:
        assert answer.reason is TrumpReason.WEREWOLF
        assert answer.chooser == wolf
        assert answer.choices == (*Suit, None)
        assert answer.turned_up in answer.hands[wolf]
    else:
        table = _table_trump(answer.turned_up)
        if table == DEALER_CHOOSES:
            assert answer.chooser == answer.dealer
            assert answer.choices == tuple(Suit)
            assert answer.trump is None
        elif table == NO_TRUMP:
            assert answer.trump is None
            assert answer.chooser is None
        else:
            assert answer.trump is tuple(Suit)[table]
            assert answer.chooser is None
    assert answer.text
    assert "{" not in answer.text
    _json_round_trip(answer)


def _find(rules: Rules, reason: TrumpReason, players: int = 4, number: int = 1) -> tuple[int, TurnUp]:
    """The first seed whose round `number` the rules decide by `reason`, and its turn-up."""
    for seed in range(3000):
        answer = turn_up(seed, rules, round=number, players=players)
        if answer.reason is reason:
            return seed, answer
    raise AssertionError(f"no seed turns up {reason}")


def test_r3_1_a_suit_card_makes_its_suit_trump() -> None:
    _, answer = _find(Rules(), TrumpReason.SUIT)
    assert answer.turned_up is not None
    assert answer.trump is answer.turned_up.suit
    assert answer.clause == "R3.1"


def test_r3_2_a_wizard_turned_up_the_dealer_chooses() -> None:
    seed, answer = _find(Rules(), TrumpReason.WIZARD)
    assert answer.turned_up == Card.WIZARD
    assert answer.chooser == answer.dealer
    assert answer.clause == "R3.2"
    state = new_game(4, rules=Rules(), seed=seed)
    assert state.phase is Phase.TRUMP
    assert state.to_move == answer.chooser
    assert answer.choices == tuple(a.suit for a in state.legal_actions() if isinstance(a, ChooseTrump))


def test_r3_3_a_jester_turned_up_no_trump() -> None:
    _, answer = _find(Rules(), TrumpReason.JESTER)
    assert answer.turned_up == Card.JESTER
    assert answer.trump is None
    assert answer.chooser is None
    assert turn_up(0, language=Language.DE).language is Language.DE


def test_r3_4_the_last_round_turns_up_nothing() -> None:
    answer = turn_up(9, round=15, players=4)
    assert answer.turned_up is None
    assert answer.reason is TrumpReason.NOTHING_LEFT
    assert answer.clause == "R3.4"
    assert answer.text == "Round 15 deals all 60 cards: nothing is left to turn up, so there is no trump."
    special = turn_up(9, Preset.ANNIVERSARY_2016.rules(), round=15, players=4)
    assert special.turned_up is not None  # R2.2: cards remain in the last round with special cards


def test_r3_5_a_fixed_trump_turns_up_nothing() -> None:
    answer = turn_up(2, Rules(schedule=ScheduleKind.MAXIMUS), round=2, players=4)
    assert answer.turned_up is None
    assert answer.trump is Suit.YELLOW
    assert answer.reason is TrumpReason.FIXED
    assert answer.text == "The schedule fixes this round's trump, and nothing is turned up: trump yellow."


def test_r8_10_special_cards_turned_up() -> None:
    """The Bomb and the Fairy make no trump; the Dragon, Cloud, Juggler and Shapeshifter have the dealer choose."""
    rules = Rules(special_cards=EDITION_2021 - {Special.WEREWOLF})
    _, chooses = _find(rules, TrumpReason.SPECIAL_CHOOSES)
    assert chooses.turned_up is not None
    assert chooses.turned_up.is_special
    assert chooses.chooser == chooses.dealer
    assert chooses.clause == "R8.10"
    assert chooses.text.startswith("The ")
    _, none = _find(rules, TrumpReason.SPECIAL_NO_TRUMP)
    assert none.turned_up in (Card.BOMB, Card.FAIRY)
    assert none.trump is None
    assert none.chooser is None


def test_r8_6_the_werewolfs_holder_names_the_trump() -> None:
    rules = Rules(special_cards={Special.WEREWOLF})
    seed, answer = _find(rules, TrumpReason.WEREWOLF, players=3, number=10)
    assert answer.chooser is not None
    assert answer.choices == (*Suit, None)
    assert answer.clause == "R8.6"
    assert Card.WEREWOLF not in answer.hands[answer.chooser]
    assert answer.turned_up in answer.hands[answer.chooser]
    assert f"Seat {answer.chooser} was dealt the Werewolf" in answer.text
    german = turn_up(seed, rules, round=10, players=3, language=Language.DE)
    assert f"Platz {answer.chooser} hat den Werwolf" in german.text


def test_trump_reasons_in_both_languages() -> None:
    for reason in TrumpReason:
        assert reason.display(Language.DE) != reason.display(Language.EN)
        assert reason.clause.startswith("R")


def test_turn_up_refuses_bad_input() -> None:
    with pytest.raises(RulesError, match="round 16 is not in the schedule"):
        turn_up(1, round=16, players=4)
    with pytest.raises(RulesError, match="seed '1' must be an integer"):
        turn_up("1")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="2 players"):
        turn_up(1, players=2)


# -- bad input everywhere -------------------------------------------------------------------------------------


@pytest.mark.parametrize("ask", [trick_question, play_question])
def test_questions_refuse_bad_seeds_levels_players_and_languages(ask: Any) -> None:
    with pytest.raises(RulesError, match=r"seed 1\.5 must be an integer"):
        ask(1.5)
    with pytest.raises(RulesError, match="seed True must be an integer"):
        ask(True)
    for level in (0, 4, True, "2"):
        with pytest.raises(RulesError, match="level"):
            ask(1, level=level)
    with pytest.raises(RulesError, match="2 players"):
        ask(1, players=2)
    with pytest.raises(CardError, match="language 'en'"):
        ask(1, language="en")
    for error in (RulesError, CardError):
        assert issubclass(error, ValueError)


hostile_arguments = st.fixed_dictionaries(
    {
        "seed": maybe(seeds),
        "level": maybe(levels),
        "players": maybe(tables),
        "language": maybe(languages),
        "rules": maybe(special_rules),
        "other": hostile,
    }
)


@given(hostile_arguments)
def test_every_entry_point_returns_or_refuses_with_the_librarys_error(values: dict[str, Any]) -> None:
    """Hostile values anywhere: an answer, or a WizardRulesError naming the input, within a moment."""
    seed, level, players, language, rules, other = values.values()
    question = outcome(lambda: trick_question(seed, level=level, players=players, language=language))
    if isinstance(question, TrickQuestion):
        outcome(lambda: question.check(other))
    played = outcome(lambda: play_question(seed, level=level, players=players, language=language))
    if isinstance(played, PlayQuestion):
        outcome(lambda: played.check(other))
    outcome(lambda: turn_up(seed, rules, round=other, players=players or 4, language=language))
    outcome(lambda: game_length(players, rules, language=language))
    outcome(lambda: bid_question(other, cards=players, bids=[level], language=language))
    outcome(lambda: bid_question(NotEqualBids(), cards=other, bids=other, players=players, language=language))
    for step in tutorial():
        assert isinstance(outcome(functools.partial(step.task.check, other)), (Verdict, WizardRulesError))


# -- the module's place -------------------------------------------------------------------------------------


def test_import_wizardrules_leaves_the_lessons_until_they_are_asked_for() -> None:
    code = "import sys, wizardrules; print('wizardrules.lessons' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)  # noqa: S603
    assert done.stdout.strip() == "False"
    assert lessons.tutorial is tutorial


def test_values_are_frozen() -> None:
    step = tutorial()[0]
    for value in (step, step.task, step.task.choices[0], trick_examples()[0], game_length(4), turn_up(1)):
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            value.__setattr__("language", Language.DE)
    assert isinstance(step, Step)
    assert isinstance(game_length(4), GameLength)
    assert isinstance(bid_question(FreeBids(), cards=1, bids=[0, 0]), BidQuestion)
