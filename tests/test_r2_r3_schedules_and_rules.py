"""Tests for schedules and the game configuration (RULES R2, R3.5, R4.3): `Schedule`, `Rules`, presets.

The built-in schedules are compared with the tables of R2.2-R2.4 written out here; `Rules`
is checked for its rulebook defaults, immutability, keyword-only construction and the
configuration errors of R2.1, R2.4 and R4.3.
"""

from __future__ import annotations

from typing import cast

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wizardrules import (
    STANDARD_SCORE,
    BidPolicy,
    BidReveal,
    EqualBids,
    FixedTrump,
    FreeBids,
    NotEqualBids,
    Preset,
    Rules,
    RulesError,
    Schedule,
    ScheduleKind,
    ScorekeeperHook,
    ScoreRule,
    Special,
    StandardScore,
    Suit,
    TieBreak,
    Variant,
    WizardRulesError,
)

PLAYERS = (3, 4, 5, 6)

players_st = st.sampled_from(PLAYERS)

TOURNAMENT = {
    3: (2, 4, 6, 8, 10, 12, 14, 16, 18, 20),
    4: (1, 3, 5, 7, 9, 11, 12, 13, 14, 15),
    5: (2, 4, 5, 6, 7, 8, 9, 10, 11, 12),
    6: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
}
"""R2.4 tournament tables, copied from RULES.md."""

MAXIMUS_DEFAULT = (FixedTrump.RED, FixedTrump.YELLOW, FixedTrump.GREEN, FixedTrump.BLUE, FixedTrump.NONE)


# -- R2.1 players ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [-1, 0, 1, 2, 7, 8])
def test_r2_1_wrong_player_counts_are_rules_errors(players: int) -> None:
    """R2.1: 3 to 6 players; anything else is a RulesError naming the count."""
    for make in (Schedule.ladder, Schedule.tournament, Schedule.einfarbig, Schedule.maximus):
        with pytest.raises(RulesError, match=f"{players} players"):
            make(players)
    with pytest.raises(RulesError, match=f"{players} players"):
        Schedule.ladder(4).check(players)
    with pytest.raises(RulesError, match=f"{players} players"):
        Rules().schedule_for(players)
    with pytest.raises(RulesError):
        Rules().check(players)


def test_r2_1_rules_error_is_a_value_error() -> None:
    """R2.1: RulesError is a WizardRulesError and a ValueError."""
    with pytest.raises(ValueError, match="players") as info:
        Rules().schedule_for(2)
    assert isinstance(info.value, RulesError)
    assert isinstance(info.value, WizardRulesError)


# -- R2.2 ladder, R2.3 shorter game ------------------------------------------------------


@pytest.mark.parametrize(("players", "rounds"), [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_r2_2_ladder_rounds_per_player_count(players: int, rounds: int) -> None:
    """R2.2: the ladder deals k cards in round k, k = 1..60/n (3->20, 4->15, 5->12, 6->10)."""
    ladder = Schedule.ladder(players)
    assert ladder.rounds == rounds
    assert ladder.cards_per_round == tuple(range(1, rounds + 1))
    assert all(ladder.cards(k) == k for k in range(1, rounds + 1))
    assert all(ladder.fixed_trump(k) is None for k in range(1, rounds + 1))
    ladder.check(players)
    assert Rules().schedule_for(players) == ladder
    assert ScheduleKind.LADDER.for_players(players) == ladder


@pytest.mark.parametrize("players", PLAYERS)
def test_r2_2_ladder_ignores_special_cards(players: int) -> None:
    """R2.2: the number of rounds depends on the 60 standard cards even with special cards."""
    rules = Rules(special_cards=set(Special))
    assert len(rules.deck) == 67
    assert rules.schedule_for(players).cards_per_round == tuple(range(1, 60 // players + 1))


@given(players_st, st.data())
def test_r2_3_shortened_ladder_stops_after_any_round(players: int, data: st.DataObject) -> None:
    """R2.3: the players may stop after any number of rounds of the ladder."""
    rounds = data.draw(st.integers(1, 60 // players))
    schedule = Schedule.ladder(players, rounds=rounds)
    assert schedule.cards_per_round == tuple(range(1, rounds + 1))
    assert schedule.rounds == rounds
    assert Rules(schedule=schedule).schedule_for(players) == schedule


@given(players_st, st.data())
def test_r2_3_shortened_ladder_bounds(players: int, data: st.DataObject) -> None:
    """R2.3: the shortened ladder has 1..60/n rounds; 0 or more than the ladder is a RulesError."""
    rounds = data.draw(st.one_of(st.integers(-5, 0), st.integers(60 // players + 1, 40)))
    with pytest.raises(RulesError, match=str(rounds)):
        Schedule.ladder(players, rounds=rounds)


def test_r2_3_full_length_shortened_ladder_is_the_ladder() -> None:
    """R2.3: asking for all rounds gives the full ladder."""
    assert Schedule.ladder(4, rounds=15).cards_per_round == Schedule.ladder(4).cards_per_round


# -- R2.4 built-in schedules -------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
def test_r2_4_tournament_tables(players: int) -> None:
    """R2.4: tournament 3: 2,4,..,20; 4: 1,3,5,7,9,11,12..15; 5: 2,4,5,..,12; 6: the ladder."""
    schedule = Schedule.tournament(players)
    assert schedule.cards_per_round == TOURNAMENT[players]
    assert ScheduleKind.TOURNAMENT.for_players(players) == schedule
    assert Rules(schedule=ScheduleKind.TOURNAMENT).schedule_for(players) == schedule
    schedule.check(players)


def test_r2_4_tournament_for_6_is_the_ladder() -> None:
    """R2.4: the 6-player tournament is the ladder of 10 rounds."""
    assert Schedule.tournament(6).cards_per_round == Schedule.ladder(6).cards_per_round


@pytest.mark.parametrize("players", [3, 4])
def test_r2_4_einfarbig_12_rounds_of_4_to_15_never_trump(players: int) -> None:
    """R2.4/R3.5: Einfarbig: 12 rounds of 4..15 cards, each with the fixed trump NONE."""
    schedule = Schedule.einfarbig(players)
    assert schedule.cards_per_round == tuple(range(4, 16))
    assert schedule.rounds == 12
    assert schedule.trumps == (FixedTrump.NONE,) * 12
    assert all(schedule.fixed_trump(k) is FixedTrump.NONE for k in range(1, 13))
    assert FixedTrump.NONE.suit is None
    assert Rules(schedule=ScheduleKind.EINFARBIG).schedule_for(players) == schedule


@pytest.mark.parametrize("players", [5, 6])
def test_r2_4_einfarbig_only_for_3_or_4_players(players: int) -> None:
    """R2.4: Einfarbig is for 3 or 4 players."""
    with pytest.raises(RulesError, match="einfarbig"):
        Schedule.einfarbig(players)
    with pytest.raises(RulesError, match="einfarbig"):
        Rules(schedule=ScheduleKind.EINFARBIG).schedule_for(players)


@pytest.mark.parametrize("players", PLAYERS)
def test_r2_4_maximus_five_rounds_whole_deck_fixed_trumps(players: int) -> None:
    """R2.4/R3.5: Maximus: 5 rounds of 60/n cards, trumps red, yellow, green, blue, none."""
    schedule = Schedule.maximus(players)
    assert schedule.cards_per_round == (60 // players,) * 5
    assert schedule.trumps == MAXIMUS_DEFAULT
    assert [schedule.fixed_trump(k) for k in range(1, 6)] == list(MAXIMUS_DEFAULT)
    assert [t.suit for t in schedule.trumps] == [Suit.RED, Suit.YELLOW, Suit.GREEN, Suit.BLUE, None]
    assert Rules(schedule=ScheduleKind.MAXIMUS).schedule_for(players) == schedule
    schedule.check(players)


@given(players_st, st.permutations(MAXIMUS_DEFAULT))
def test_r2_4_maximus_trump_order_is_configurable(players: int, order: list[FixedTrump]) -> None:
    """R2.4: the Maximus trump order is configurable."""
    schedule = Schedule.maximus(players, trumps=order)
    assert schedule.trumps == tuple(order)
    assert schedule.cards_per_round == (60 // players,) * 5


@pytest.mark.parametrize(
    "trumps",
    [(), (FixedTrump.RED,) * 4, (FixedTrump.RED,) * 6, (FixedTrump.RED, None, None, None, None)],
)
def test_r2_4_maximus_needs_five_fixed_trumps(trumps: tuple[FixedTrump, ...]) -> None:
    """R2.4: Maximus has exactly five rounds, each with a fixed trump."""
    with pytest.raises(RulesError, match="maximus"):
        Schedule.maximus(4, trumps=trumps)


def test_r2_4_custom_schedule_with_per_round_trumps() -> None:
    """R2.4/R3.5: a custom schedule lists cards per round and may fix each round's trump."""
    schedule = Schedule(
        cards_per_round=(3, 5, 7),
        trumps=(FixedTrump.GREEN, None, FixedTrump.NONE),
        name="three rounds",
    )
    assert schedule.rounds == 3
    assert [schedule.cards(k) for k in (1, 2, 3)] == [3, 5, 7]
    assert schedule.fixed_trump(1) is FixedTrump.GREEN
    assert FixedTrump.GREEN.suit is Suit.GREEN
    assert schedule.fixed_trump(2) is None  # a card is turned up (R3.1)
    assert schedule.fixed_trump(3) is FixedTrump.NONE  # fixed: no trump, nothing turned up
    assert FixedTrump.of(Suit.BLUE) is FixedTrump.BLUE
    assert FixedTrump.of(None) is FixedTrump.NONE
    assert Rules(schedule=schedule).schedule_for(5) is schedule


def test_r2_4_custom_schedule_without_trumps_turns_up_cards() -> None:
    """R3.1/R3.5: a schedule without trumps fixes none: every round turns up a card."""
    schedule = Schedule(cards_per_round=[2, 2])
    assert schedule.cards_per_round == (2, 2)
    assert schedule.fixed_trump(1) is None
    assert schedule.fixed_trump(2) is None


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        ({"cards_per_round": ()}, "at least one round"),
        ({"cards_per_round": (1, 0)}, "0"),
        ({"cards_per_round": (1, -2)}, "-2"),
        ({"cards_per_round": (1, 2), "trumps": (FixedTrump.RED,)}, "1 trumps for 2 rounds"),
        ({"cards_per_round": (1,), "trumps": ("R",)}, "'R'"),
    ],
)
def test_r2_4_impossible_schedules_are_rules_errors(kwargs: dict[str, object], named: str) -> None:
    """R2.4: an empty schedule, a round of < 1 card or trumps that do not fit are RulesErrors."""
    with pytest.raises(RulesError, match=named):
        Schedule(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("round_number", [0, 4, -1])
def test_r2_4_schedule_rounds_count_from_1(round_number: int) -> None:
    """R2.4: rounds are numbered 1..rounds; others are RulesErrors."""
    schedule = Schedule(cards_per_round=(1, 2, 3))
    with pytest.raises(RulesError, match=str(round_number)):
        schedule.cards(round_number)
    with pytest.raises(RulesError, match=str(round_number)):
        schedule.fixed_trump(round_number)


@given(players_st, st.data())
def test_r2_4_check_rejects_rounds_needing_more_cards_than_the_deck(players: int, data: st.DataObject) -> None:
    """R2.4: a round that needs more cards than the deck holds is a configuration error."""
    deck = data.draw(st.integers(60, 67))
    fits = deck // players
    too_many = fits + data.draw(st.integers(1, 5))
    Schedule(cards_per_round=(1, fits)).check(players, deck)
    with pytest.raises(RulesError, match=f"round 2 deals {too_many} cards"):
        Schedule(cards_per_round=(1, too_many)).check(players, deck)


def test_r2_4_check_default_deck_is_60_cards() -> None:
    """R2.4: without a deck size, the check uses the standard 60 cards."""
    Schedule(cards_per_round=(20,)).check(3)
    with pytest.raises(RulesError, match="60"):
        Schedule(cards_per_round=(21,)).check(3)


def test_r2_4_rules_schedule_for_counts_special_cards_in_the_deck() -> None:
    """R2.4/R1.4: Rules.schedule_for checks against len(rules.deck), special cards included."""
    schedule = Schedule(cards_per_round=(21,))
    with pytest.raises(RulesError, match="21"):
        Rules(schedule=schedule).schedule_for(3)
    two = Rules(schedule=schedule, special_cards={Special.BOMB, Special.CLOUD})
    assert len(two.deck) == 62
    with pytest.raises(RulesError, match="62"):
        two.schedule_for(3)
    three = Rules(schedule=schedule, special_cards={Special.BOMB, Special.CLOUD, Special.DRAGON})
    assert len(three.deck) == 63
    assert three.schedule_for(3) is schedule
    three.check(3)
    with pytest.raises(RulesError):
        three.schedule_for(4)


@pytest.mark.parametrize("players", PLAYERS)
def test_r2_4_schedule_for_resolves_none_kind_and_schedule(players: int) -> None:
    """R2.2/R2.4: schedule None is the ladder, a ScheduleKind is resolved, a Schedule is used as given."""
    assert Rules().schedule_for(players) == Schedule.ladder(players)
    assert Rules(schedule=ScheduleKind.LADDER).schedule_for(players) == Schedule.ladder(players)
    assert Rules(schedule=ScheduleKind.TOURNAMENT).schedule_for(players).cards_per_round == TOURNAMENT[players]
    assert Rules(schedule=ScheduleKind.MAXIMUS).schedule_for(players) == Schedule.maximus(players)
    custom = Schedule(cards_per_round=(1, 1, 1))
    assert Rules(schedule=custom).schedule_for(players) is custom


def test_r2_4_rules_reject_a_non_schedule() -> None:
    """R2.4: schedule must be a Schedule, a ScheduleKind or None."""
    with pytest.raises(RulesError, match="schedule"):
        Rules(schedule=cast(Schedule, "ladder"))
    with pytest.raises(RulesError, match="schedule"):
        Rules(schedule=cast(Schedule, (1, 2, 3)))


# -- Rules: defaults, immutability ---------------------------------------------------------


def test_rules_defaults_are_the_rulebook() -> None:
    """R2.2/R4/R6/R7.2: Rules() is free, open, no variants, no specials, ladder, standard score, NONE."""
    rules = Rules()
    assert rules.bid_policy == FreeBids()
    assert rules.bid_reveal is BidReveal.OPEN
    assert rules.variants == Variant.NONE
    assert not rules.variants
    assert rules.special_cards == frozenset()
    assert rules.schedule is None
    assert rules.score_rule == STANDARD_SCORE
    assert rules.score_rule == StandardScore()
    assert rules.tiebreak is TieBreak.NONE
    assert len(rules.deck) == 60
    assert Rules() == Rules()
    assert Preset.RULEBOOK.rules() == rules


def test_rules_is_frozen() -> None:
    """Rules is immutable: assigning a field raises attrs' FrozenInstanceError."""
    rules = Rules()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rules.tiebreak = TieBreak.EXACT_HITS  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rules.bid_policy = NotEqualBids()  # type: ignore[misc]
    assert rules.tiebreak is TieBreak.NONE
    changed = attrs.evolve(rules, tiebreak=TieBreak.EXACT_HITS)
    assert changed.tiebreak is TieBreak.EXACT_HITS
    assert rules.tiebreak is TieBreak.NONE
    assert hash(Rules()) == hash(Rules())


def test_rules_is_keyword_only() -> None:
    """Rules takes keyword arguments only."""
    with pytest.raises(TypeError):
        Rules(FreeBids())  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Schedule((1, 2, 3))  # type: ignore[call-arg]


def test_rules_special_cards_become_a_frozenset() -> None:
    """R1.4: the special cards of the rules are a set of Special, and the deck holds them."""
    rules = Rules(special_cards=[Special.BOMB, Special.CLOUD])
    assert rules.special_cards == frozenset({Special.BOMB, Special.CLOUD})
    assert len(rules.deck) == 62
    with pytest.raises(RulesError, match="special_cards"):
        Rules(special_cards=cast(list[Special], ["BOMB"]))


@pytest.mark.parametrize(
    ("field", "value"),
    [
        pytest.param("bid_policy", "not-equal", id="policy-text"),
        pytest.param("bid_policy", NotEqualBids, id="policy-class-not-instance"),
        pytest.param("bid_reveal", "open", id="reveal-text"),
        pytest.param("variants", 1, id="variants-int"),
        pytest.param("tiebreak", "none", id="tiebreak-text"),
        pytest.param("score_rule", StandardScore, id="score-rule-class-not-instance"),
    ],
)
def test_rules_reject_values_of_the_wrong_type(field: str, value: object) -> None:
    """R2-R7: every Rules field is checked on construction; a wrong value is a RulesError naming the field."""
    with pytest.raises(RulesError, match=field):
        Rules(**{field: value})  # type: ignore[arg-type]


# -- R4.3 bid reveal ------------------------------------------------------------------------


def _needs_open() -> list[BidPolicy]:
    return [
        NotEqualBids(),
        NotEqualBids(first_round_free=True, min_cards=3),
        EqualBids(),
        ScorekeeperHook(scorekeeper=0),
    ]


@pytest.mark.parametrize("policy", _needs_open(), ids=repr)
@pytest.mark.parametrize("reveal", [BidReveal.SIMULTANEOUS, BidReveal.SECRET])
def test_r4_3_restrictions_need_open_bids(policy: BidPolicy, reveal: BidReveal) -> None:
    """R4.3: not equal, equal and the scorekeeper's hook with simultaneous or secret bids are RulesErrors."""
    with pytest.raises(RulesError, match=r"R4\.3"):
        Rules(bid_policy=policy, bid_reveal=reveal)


@pytest.mark.parametrize("policy", _needs_open(), ids=repr)
def test_r4_3_restrictions_work_with_open_bids(policy: BidPolicy) -> None:
    """R4.3: the restricting policies work with open bids."""
    assert Rules(bid_policy=policy, bid_reveal=BidReveal.OPEN).bid_policy is policy


@pytest.mark.parametrize("reveal", list(BidReveal))
def test_r4_3_free_bids_work_with_every_reveal(reveal: BidReveal) -> None:
    """R4.3: free bids combine with open, simultaneous and secret bids."""
    rules = Rules(bid_policy=FreeBids(), bid_reveal=reveal)
    assert rules.bid_reveal is reveal
    rules.check(4)


def test_r4_2_scorekeeper_seat_beyond_players_is_a_rules_error() -> None:
    """R4.2/R2.1: the scorekeeper's seat must exist among the players of the game."""
    rules = Rules(bid_policy=ScorekeeperHook(scorekeeper=4))
    assert rules.schedule_for(5) == Schedule.ladder(5)
    with pytest.raises(RulesError, match="scorekeeper"):
        rules.schedule_for(4)
    with pytest.raises(RulesError, match="scorekeeper"):
        rules.check(3)


# -- Variants and presets -----------------------------------------------------------------


def test_r4_4_r4_5_variant_flags_combine() -> None:
    """R4.4/R4.5: Variant flags combine with |, and Rules keep the combination."""
    both = Variant.BLIND_BIDS | Variant.CLAIRVOYANCE
    assert Variant.BLIND_BIDS in both
    assert Variant.CLAIRVOYANCE in both
    assert Variant.BLIND_BIDS not in Variant.CLAIRVOYANCE
    assert Variant.NONE | Variant.BLIND_BIDS == Variant.BLIND_BIDS
    rules = Rules(variants=both)
    assert Variant.BLIND_BIDS in rules.variants
    assert Variant.CLAIRVOYANCE in rules.variants


@pytest.mark.parametrize("preset", list(Preset), ids=lambda p: p.value)
def test_presets_resolve_for_every_player_count(preset: Preset) -> None:
    """R2-R7: every preset gives valid Rules, playable by 3 to 6 players."""
    rules = preset.rules()
    assert isinstance(rules, Rules)
    assert isinstance(rules.bid_policy, BidPolicy)
    assert isinstance(rules.score_rule, ScoreRule)
    for players in PLAYERS:
        assert rules.schedule_for(players).rounds >= 1


@pytest.mark.parametrize("preset", list(Preset), ids=lambda p: p.value)
def test_presets_parse_by_value(preset: Preset) -> None:
    """Presets are found by their value, case-insensitively, with _ for -."""
    assert Preset.parse(preset.value) is preset
    assert Preset.parse(preset.value.upper()) is preset
    assert Preset.parse(f" {preset.value.replace('-', '_')} ") is preset


@pytest.mark.parametrize("name", ["", "offical", "wizard", "rulebook!"])
def test_presets_reject_unknown_names(name: str) -> None:
    """An unknown preset name is a RulesError that names the input."""
    with pytest.raises(RulesError, match="not a preset"):
        Preset.parse(name)


def test_presets_mean_what_their_names_say() -> None:
    """R4.2/R4.3/R7.2/R2.4: the documented presets carry their rules."""
    assert Preset.OFFICIAL.rules().bid_policy == NotEqualBids()
    assert Preset.HIDDEN_BIDS.rules().bid_reveal is BidReveal.SIMULTANEOUS
    assert Preset.SECRET_BIDS.rules().bid_reveal is BidReveal.SECRET
    assert Preset.APP_NOT_EQUAL.rules().bid_policy == NotEqualBids(first_round_free=True)
    assert Preset.APP_EQUAL.rules().bid_policy == EqualBids()
    assert Preset.SCORE_PAD.rules().tiebreak is TieBreak.EXACT_HITS
    assert Preset.SCORE_PAD.rules().bid_policy == NotEqualBids()
    tournament = Preset.TOURNAMENT.rules()
    assert tournament.schedule is ScheduleKind.TOURNAMENT
    assert tournament.tiebreak is TieBreak.EXACT_HITS
    assert tournament.schedule_for(4).cards_per_round == TOURNAMENT[4]
