"""Duplicate decisions: where a candidate would choose otherwise, the round played on both ways."""

from __future__ import annotations

import copy
import json
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wizardrules import (
    Action,
    Bid,
    IllegalActionError,
    IllegalBidError,
    Language,
    Phase,
    PlayerView,
    RandomBot,
    RuleBot,
    Rules,
    RulesError,
    Schedule,
    WrongPhaseError,
    new_game,
    play_game,
)
from wizardrules.tournament import (
    BotFactory,
    bot_seed,
    compare_decisions,
    deal_seed,
    seating,
    tournament,
)

SHORT: Final = Rules(schedule=Schedule.ladder(4, rounds=3))
ONE_CARD: Final = Rules(schedule=Schedule(cards_per_round=(1,)))


class ZeroBidder:
    """Bids nothing whenever it may, else plays as RuleBot."""

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if Bid(tricks=0) in legal:
            return Bid(tricks=0)
        return RuleBot().act(view, legal)


class LockHolder:
    """A bot that cannot be deep-copied: it holds a lock."""

    def __init__(self) -> None:
        self.lock = threading.Lock()

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return legal[0]


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_bot_compared_with_itself_never_differs(seed: int) -> None:
    """The candidate gets the reference's seed and sees every decision of the seat: a copy keeps in step."""
    gain = compare_decisions(
        RandomBot, RandomBot, [RuleBot, RandomBot, RuleBot], 3, rules=SHORT, seed=seed, executor=None
    )
    assert gain.mean == 0.0
    assert gain.gains == (0, 0, 0)
    assert {Phase.BIDDING, Phase.PLAYING} <= {phase.phase for phase in gain.phases}
    assert all(phase.differed == 0 for phase in gain.phases)


def test_r4_each_gain_is_the_round_played_with_the_candidates_bid_less_with_the_references() -> None:
    """In single one-card rounds the bid is the seat's only choice: the gain is the game's score difference.

    Game `g` is played twice on its own, with the reference (RuleBot) and with the candidate
    (ZeroBidder) in the reference's seat, the same deal and the same other bots: the
    difference of that seat's totals is the game's gain (R4: the bid, R6: its points).
    """
    gain = compare_decisions(ZeroBidder, RuleBot, [RuleBot, RuleBot, RuleBot], 24, rules=ONE_CARD, executor=None)
    expected = []
    for game in range(24):
        seat = seating(game, 4).index(0)
        totals = []
        for mine in (ZeroBidder(), RuleBot()):
            bots = [mine if s == seat else RuleBot() for s in range(4)]
            totals.append(play_game(bots, rules=ONE_CARD, seed=deal_seed(0, game)).totals[seat])
        expected.append(totals[0] - totals[1])
    assert gain.gains == tuple(expected)
    assert gain[Phase.BIDDING].gains == tuple(expected)
    assert any(expected), "some game must differ for the test to say anything"
    assert gain[Phase.BIDDING].differed == sum(1 for e in expected if e)  # bids 0 and 1 never score alike


def test_a_better_bidder_gains_in_the_bidding_and_the_phases_come_in_order() -> None:
    gain = compare_decisions(RuleBot, RandomBot, [RuleBot] * 3, 40, rules=SHORT, executor=None)
    assert gain.candidate == "RuleBot"
    assert gain.reference == "RandomBot"
    bidding = gain[Phase.BIDDING]
    assert bidding.differed > 0
    assert bidding.ci_low > 0
    assert bidding.decisions == 40 * 3  # one bid a round, always a choice
    order = list(Phase)
    assert [order.index(p.phase) for p in gain.phases] == sorted(order.index(p.phase) for p in gain.phases)
    assert gain.gains == tuple(sum(p.gains[g] for p in gain.phases) for g in range(40))
    assert gain.mean == sum(gain.gains) / 40
    assert gain.ci == (gain.ci_low, gain.ci_high)
    assert gain.ci_low < gain.mean < gain.ci_high


def test_the_result_is_the_same_whatever_runs_the_games_and_parts_combine() -> None:
    args = (BotFactory(RandomBot).named("Random"), RuleBot, [RuleBot, RandomBot, RandomBot])
    whole = compare_decisions(*args, 12, rules=SHORT, seed=5, executor=None)
    with ThreadPoolExecutor(max_workers=2) as threads:
        assert compare_decisions(*args, 12, rules=SHORT, seed=5, executor=threads, chunk_size=5) == whole
    first = compare_decisions(*args, 5, rules=SHORT, seed=5, executor=None)
    rest = compare_decisions(*args, 7, rules=SHORT, seed=5, executor=None, start=5)
    assert first.combined(rest) == whole
    assert whole.candidate == "Random"


def test_the_candidate_is_made_with_the_references_seed() -> None:
    made: list[int] = []

    def candidate(seed: int) -> RandomBot:
        made.append(seed)
        return RandomBot(seed=seed)

    compare_decisions(candidate, RandomBot, [RuleBot] * 3, 2, rules=SHORT, seed=3, executor=None)
    assert made[1:] == [bot_seed(3, 0, 0), bot_seed(3, 1, 0)]  # the first is the up-front check


def test_to_dict_is_json_ready() -> None:
    gain = compare_decisions(RuleBot, RandomBot, [RuleBot] * 3, 4, rules=SHORT, executor=None)
    data = json.loads(json.dumps(gain.to_dict()))
    assert data["games"] == 4
    assert data["candidate"] == "RuleBot"
    assert [p["phase"] for p in data["phases"]] == [p.phase.name.lower() for p in gain.phases]
    assert data["ci95"] == [gain.ci_low, gain.ci_high]


def test_a_phase_without_decisions_is_a_key_error_that_names_the_phases() -> None:
    gain = compare_decisions(RuleBot, RandomBot, [RuleBot] * 3, 2, rules=SHORT, executor=None)
    with pytest.raises(KeyError, match="PASSING"):
        gain[Phase.PASSING]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"others": RuleBot}, "others"),
        ({"others": "RuleBot"}, "others"),
        ({"games": 0}, "games"),
        ({"seed": 1.5}, "seed"),
        ({"start": -1}, "start"),
        ({"executor": "threads"}, "executor"),
        ({"candidate": 3}, "^candidate: 3 is not a bot class"),
        ({"candidate": RuleBot()}, r"^candidate: RuleBot\(\) is a bot, but"),
        ({"reference": 3}, "^bot 1: 3 is not a bot class"),
        ({"others": [RuleBot]}, "players"),
        ({"progress": "yes"}, "progress"),
    ],
)
def test_bad_arguments_are_named(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {
        "candidate": RuleBot,
        "reference": RandomBot,
        "others": [RuleBot] * 3,
        "games": 2,
        "rules": SHORT,
        "executor": None,
        **kwargs,
    }
    with pytest.raises(RulesError, match=message):
        compare_decisions(**args)  # type: ignore[arg-type]


def test_a_bot_that_cannot_be_copied_is_named() -> None:
    with pytest.raises(RulesError, match=r"LockHolder.*cannot be copied"):
        compare_decisions(RuleBot, RandomBot, [LockHolder, RuleBot, RuleBot], 2, rules=SHORT, executor=None)


def test_combined_refuses_parts_of_another_comparison() -> None:
    first = compare_decisions(RuleBot, RandomBot, [RuleBot] * 3, 2, rules=SHORT, executor=None)
    other = compare_decisions(RuleBot, RandomBot, [RuleBot] * 3, 2, rules=SHORT, seed=9, executor=None, start=2)
    late = compare_decisions(RuleBot, RandomBot, [RuleBot] * 3, 2, rules=SHORT, executor=None, start=3)
    with pytest.raises(RulesError, match="seed 9"):
        first.combined(other)
    with pytest.raises(RulesError, match="does not follow"):
        first.combined(late)
    with pytest.raises(RulesError, match="not a DecisionComparison"):
        first.combined("part")  # type: ignore[arg-type]
    assert first.combined() == first
    elsewhere = compare_decisions(
        RuleBot, RandomBot, [RuleBot, RuleBot, RandomBot], 2, rules=SHORT, executor=None, start=2
    )
    with pytest.raises(RulesError, match="not part of the comparison"):
        first.combined(elsewhere)
    other_candidate = compare_decisions(RandomBot, RuleBot, [RuleBot] * 3, 2, rules=SHORT, executor=None, start=2)
    with pytest.raises(RulesError, match="not part of the comparison"):
        first.combined(other_candidate)


def test_to_text_reads_as_a_table_in_english_and_german() -> None:
    gain = compare_decisions(RuleBot, RandomBot, [RuleBot] * 3, 6, rules=SHORT, seed=2, executor=None)
    english = gain.to_text().splitlines()
    assert english[0] == "RuleBot's choices in RandomBot's seat: 6 games, seed 2"
    assert english[1].split() == ["phase", "decisions", "differed", "gain", "a", "game", "95%", "CI"]
    assert [line.split()[0] for line in english[2:]] == [*(p.phase.value for p in gain.phases), "all"]
    assert english[-1].split()[1] == str(sum(p.decisions for p in gain.phases))
    german = gain.to_text(language=Language.DE).splitlines()
    assert german[0] == "RuleBots Wahl auf dem Platz von RandomBot: 6 Spiele, Seed 2"
    assert german[-1].startswith("alle")
    assert "," in german[-1].split()[3]
    assert "." not in german[-1].split()[3]
    with pytest.raises(RulesError, match="language"):
        gain.to_text(language="de")  # type: ignore[arg-type]


class OverBidder:
    """Bids more tricks than there are cards: never legal."""

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return Bid(tricks=view.cards + 1) if view.phase is Phase.BIDDING else legal[0]


def test_a_candidates_illegal_action_is_refused_by_the_engine() -> None:
    with pytest.raises(
        IllegalActionError, match=r"^the candidate OverBidder in RuleBot 1's seat cannot bid 2: a bid is"
    ):
        compare_decisions(OverBidder, RuleBot, [RuleBot] * 3, 1, rules=SHORT, executor=None)


class Stubborn:
    """Bids nothing, and answers every other decision with a bid too."""

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return Bid(tricks=0)


class First:
    """The first legal action."""

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return legal[0]


class Last:
    """The last legal action."""

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return legal[-1]


def test_a_candidates_illegal_answer_to_a_forced_decision_is_refused_too() -> None:
    with pytest.raises(WrongPhaseError, match=r"^the candidate Stubborn in RuleBot 1's seat cannot"):
        compare_decisions(Stubborn, RuleBot, [RuleBot] * 3, 1, rules=ONE_CARD, executor=None)


def test_another_bots_illegal_move_is_not_blamed_on_the_candidate() -> None:
    with pytest.raises(IllegalBidError) as caught:
        compare_decisions(First, Last, [RuleBot, OverBidder, RuleBot], 2, rules=SHORT, executor=None)
    assert str(caught.value).startswith("OverBidder")


def test_a_tournament_checks_its_arguments_before_it_makes_a_bot() -> None:
    """The checks run in the order of the arguments, and no bot is made for a run that is refused."""
    made: list[int] = []

    def counted(seed: int) -> RuleBot:
        made.append(seed)
        return RuleBot()

    with pytest.raises(RulesError, match=r"^bots"):
        tournament("abc", 2, duplicate=1)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="progress"):
        tournament([RuleBot] * 3, 2, duplicate=True, progress="yes")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="multiples of 3"):
        tournament([counted] * 3, 2, rules=Rules(schedule=Schedule.ladder(3, rounds=1)), duplicate=True)
    assert made == []


class Deviator:
    """Plays as `RandomBot` with the same seed, except its bid in round 3: the next legal bid instead."""

    def __init__(self, seed: int) -> None:
        self.inner = RandomBot(seed=seed)

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        chosen = self.inner.act(view, legal)  # always drawn: it keeps in step with the reference
        if view.round_number == 3 and view.phase is Phase.BIDDING:
            return legal[(list(legal).index(chosen) + 1) % len(legal)]
        return chosen


def _replayed_round_three(game: int, deviate: bool) -> int:
    """The reference seat's points in round 3 of game `game`, dealt and seeded as the comparison does, its bid
    of round 3 being the reference's own or the next legal one; from fresh bots, without copying any."""
    by_seat = seating(game, 4)
    seat = by_seat.index(0)
    bots = [RandomBot(seed=bot_seed(0, game, i)) for i in by_seat]
    state = new_game([f"P{s}" for s in range(4)], rules=SHORT, seed=deal_seed(0, game))
    while not (state.round_number == 3 and state.phase is Phase.BIDDING and state.to_move == seat):
        mover = state.to_move
        assert mover is not None
        state = state.apply(bots[mover].act(state.view(mover), state.legal_actions()), seat=mover)
    legal = state.legal_actions()
    probe = copy.deepcopy(bots[seat]).act(state.view(seat), legal)  # what the reference would bid
    action = legal[(list(legal).index(probe) + 1) % len(legal)] if deviate else probe
    before = state.totals[seat]
    state = state.apply(action, seat=seat)  # the seat's bot has not acted here: as a copy from before the decision
    while state.round_number == 3 and not state.is_over:
        mover = state.to_move
        assert mover is not None
        state = state.apply(bots[mover].act(state.view(mover), state.legal_actions()), seat=mover)
    return state.totals[seat] - before


def test_both_ways_of_a_round_start_from_the_bots_as_they_were_before_the_decision() -> None:
    """Each way is replayed from fresh bots with the same seeds: random bots at every seat must draw alike."""
    gain = compare_decisions(Deviator, RandomBot, [RandomBot] * 3, 12, rules=SHORT, executor=None)
    assert gain[Phase.BIDDING].differed == 12
    expected = tuple(
        _replayed_round_three(g, deviate=True) - _replayed_round_three(g, deviate=False) for g in range(12)
    )
    assert gain.gains == expected
    assert any(expected)
