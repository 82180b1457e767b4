"""Engine edge cases: malformed actions and inputs, long games, custom rules, revealed secrets."""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections.abc import Callable

import attrs
import pytest

from wizardrules import (
    ActionError,
    Bid,
    BidContext,
    BidReveal,
    ChooseTrump,
    DealError,
    FormatError,
    GameRecord,
    GameState,
    Phase,
    Play,
    Rules,
    RulesError,
    Schedule,
    SeatError,
    StandardScore,
    Variant,
    WizardRulesError,
    WrongPhaseError,
    new_game,
)


def play_out(state: GameState, seed: int = 0) -> GameState:
    """Play random legal actions to the end of the game."""
    rng = random.Random(seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


BAD_INPUTS: list[tuple[str, Callable[[], object], type[WizardRulesError]]] = [
    ("ChooseTrump('red')", lambda: ChooseTrump("red"), ActionError),  # type: ignore[arg-type]
    ("Play([1])", lambda: Play([1]), ActionError),  # type: ignore[arg-type]
    ("Bid(tricks=True)", lambda: Bid(tricks=True), ActionError),
    ("Bid(blind='yes')", lambda: Bid(tricks=1, blind="yes"), ActionError),  # type: ignore[arg-type]
    ("new_game(deal=5)", lambda: new_game(3, deal=5), DealError),  # type: ignore[arg-type]
    ("new_game(10**8)", lambda: new_game(10**8, seed=1), RulesError),
    ("view('x')", lambda: new_game(3, seed=1).view("x"), SeatError),  # type: ignore[arg-type]
    ("hand(-1)", lambda: new_game(3, seed=1).hand(-1), SeatError),
    ("GameRecord(players=5)", lambda: attrs.evolve(GameRecord.from_state(new_game(3, seed=1)), players=5), FormatError),
]


@pytest.mark.parametrize(("label", "call", "error"), BAD_INPUTS, ids=[case[0] for case in BAD_INPUTS])
def test_bad_engine_input_raises_the_library_error(
    label: str, call: Callable[[], object], error: type[WizardRulesError]
) -> None:
    """Malformed actions and inputs raise the library's own error, never TypeError or AttributeError."""
    with pytest.raises(error):
        call()


def test_a_non_action_is_a_wrong_phase_error() -> None:
    """Applying something that is not an action names it in a WrongPhaseError (an IllegalActionError)."""
    state = new_game(3, seed=2)
    with pytest.raises(WizardRulesError, match="not an action"):
        state.apply("bid 1")  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_finished_games_copy_pickle_and_compare(players: int) -> None:
    """A finished game (hundreds of actions) deep-copies, pickles and compares without recursion limits."""
    state = play_out(new_game(players, seed=players))
    assert copy.deepcopy(state) == state
    assert pickle.loads(pickle.dumps(state)) == state  # noqa: S301 - our own bytes
    assert GameRecord.from_state(state).replay() == state
    assert len(state.actions) > 100


def test_long_custom_schedules_replay() -> None:
    """Two hundred one-card rounds still compare, pickle and replay."""
    state = play_out(new_game(3, rules=Rules(schedule=Schedule(cards_per_round=(1,) * 200)), seed=3))
    assert pickle.loads(pickle.dumps(state)) == state  # noqa: S301 - our own bytes
    assert GameRecord.from_state(state).replay() == state


@attrs.define
class MutableScore:
    """A score rule whose numbers may change between games (it is not frozen)."""

    bonus: int = 20

    def points(self, bid: int, tricks: int, *, blind: bool = False) -> int:
        """Bonus for a hit, nothing otherwise."""
        return self.bonus if bid == tricks else 0


def test_r6_4_a_changing_custom_score_rule_is_asked_every_time() -> None:
    """R6.4: a custom score rule is not cached across games; totals always equal the sheet's."""
    rule = MutableScore()
    rules = Rules(score_rule=rule, schedule=Schedule.ladder(3, rounds=2))
    first = play_out(new_game(3, rules=rules, seed=4))
    rule.bonus = 100
    second = play_out(new_game(3, rules=rules, seed=4))
    assert first.totals == tuple(20 * hits for hits in first.scoresheet.hits)
    assert second.totals == tuple(100 * hits for hits in second.scoresheet.hits)
    assert second.totals == second.scoresheet.totals


@attrs.frozen
class SloppyPolicy:
    """A custom policy that returns a mutable set with impossible bids in it."""

    @property
    def needs_open_bids(self) -> bool:
        """It works with any reveal mode."""
        return False

    def allowed(self, context: BidContext) -> frozenset[int]:
        """Every bid, plus nonsense."""
        return {-1, 99, "x", *range(context.cards + 1)}  # type: ignore[return-value]

    def refusal(self, context: BidContext, bid: int) -> str | None:
        """Nothing is refused within range."""
        return None if 0 <= bid <= context.cards else "out of range"


def test_r4_2_custom_policy_output_is_kept_to_possible_bids() -> None:
    """R4.2: the engine offers only whole bids 0..cards, whatever a custom policy returns."""
    state = new_game(3, rules=Rules(bid_policy=SloppyPolicy(), schedule=Schedule.ladder(3, rounds=2)), seed=5)
    assert [a.tricks for a in state.legal_actions() if isinstance(a, Bid)] == [0, 1]
    assert state.view(state.to_move or 0).allowed_bids == frozenset({0, 1})
    play_out(state)


def test_r4_3_secret_bids_are_revealed_in_finished_rounds() -> None:
    """R4.3: secret bids stay hidden during the round and show in the view's finished rounds after it."""
    rules = Rules(bid_reveal=BidReveal.SECRET, schedule=Schedule.ladder(3, rounds=2))
    state = new_game(["Ann", "Ben", "Cem"], rules=rules, seed=6)
    rng = random.Random(6)
    while state.round_number == 1:
        if state.phase.value == "playing":
            assert all(b is None for seat, b in enumerate(state.view(0).bids) if seat != 0)
        state = state.apply(rng.choice(state.legal_actions()))
    view = state.view(0)
    assert len(view.finished_rounds) == 1
    assert view.finished_rounds[0].bids == state.scoresheet.rounds[0].bids


def test_record_checksum_catches_an_edit_that_would_replay() -> None:
    """A renamed player replays fine, but the checksum refuses the edited record."""
    state = play_out(new_game(["Ann", "Ben", "Cem"], rules=Rules(schedule=Schedule.ladder(3, rounds=2)), seed=7))
    data = json.loads(GameRecord.from_state(state).to_json())
    data["players"][0] = "Eve"
    with pytest.raises(FormatError, match="checksum"):
        GameRecord.from_json(json.dumps(data))


def test_r5_3_a_play_made_by_the_caller_or_unpickled_plays_as_the_shared_one() -> None:
    """The engine's shared Play values carry a private index; equal Plays from elsewhere play the same."""
    state = new_game(3, seed=4)
    while state.phase is not Phase.PLAYING:
        state = state.apply(state.legal_actions()[0])
    for shared in state.legal_actions():
        made = Play(shared.card)  # type: ignore[union-attr]
        unpickled = pickle.loads(pickle.dumps(shared))  # noqa: S301 - our own bytes
        assert made == shared == unpickled
        assert hash(made) == hash(shared)
        assert repr(made) == repr(shared)
        assert state.apply(made) == state.apply(shared) == state.apply(unpickled)


def test_an_object_posing_as_a_play_is_refused() -> None:
    """Only a real Play is played: another object with a Play's private attribute is not an action."""

    class Impostor:
        _index = 0

    state = new_game(3, seed=4)
    while state.phase is not Phase.PLAYING:
        state = state.apply(state.legal_actions()[0])
    with pytest.raises(WrongPhaseError, match="not an action"):
        state.apply(Impostor())  # type: ignore[arg-type]


@pytest.mark.parametrize("variants", [Variant.NONE, Variant.BLIND_BIDS])
def test_r6_4_engine_scores_a_standard_score_with_its_own_numbers(variants: Variant) -> None:
    """R6.4: the engine scores a StandardScore with other numbers, blind bids included, as the rule does."""
    rule = StandardScore(hit_bonus=7, per_trick=3, miss_penalty=4, blind_multiplier=3)
    rules = Rules(score_rule=rule, variants=variants)
    for seed in range(4):
        state = play_out(new_game(4, rules=rules, seed=seed), seed)
        expected = [0] * 4
        for scored in state.scoresheet.rounds:
            for seat in range(4):
                bid, took = scored.bids[seat], scored.tricks[seat]
                expected[seat] += rule.points(bid, took, blind=scored.blind[seat])
        assert state.totals == tuple(expected) == state.scoresheet.totals
