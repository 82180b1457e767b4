"""A view is input: its finished rounds, totals, phase and special facts are checked like its sizes.

Regression tests for the views that got past `view_problem` and broke a consumer: totals
beyond 64 bits in the compiled search (`OverflowError`), totals beyond what Python writes out
in the table picture, finished rounds of another table's size at a game's end (`IndexError`),
entries that are not rounds (`AttributeError`), a bidding phase whose seat to bid has bid (a
crash of the compiled rollouts), and the RL observer, which read views unchecked. Each is
refused now with the library's error naming the reason; views of real games still pass.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from importlib.util import find_spec
from typing import Any

import attrs
import pytest

from wizardrules import (
    ALL_CARDS,
    Card,
    CloudChange,
    EntryError,
    ExpertBot,
    FormatError,
    GameState,
    Language,
    MonteCarloBot,
    Phase,
    Play,
    PlayerView,
    Preset,
    Round,
    RuleBot,
    Rules,
    RulesError,
    Schedule,
    Special,
    Variant,
    WizardRulesError,
    new_game,
    svg,
    wire,
)
from wizardrules.actions import PLAY_UNSEEN
from wizardrules.engine.view import view_problem

SHORT = Rules(schedule=Schedule.ladder(4, rounds=3))


def played(state: GameState, steps: int, seed: int = 1) -> GameState:
    """`state` after `steps` random legal actions, or at its end."""
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def mid_game(rules: Rules = SHORT) -> PlayerView:
    """A view of the seat to move in round 3 of a 4-player game: two finished rounds behind it."""
    state = new_game(4, rules=rules, seed=2)
    bot = RuleBot()
    while state.round_number < 3:
        state = state.apply(bot.act(state.view(state.to_move or 0), state.legal_actions()))
    return state.view(state.to_move or 0)


def game_over(players: int = 4, rules: Rules = SHORT) -> PlayerView:
    state = played(new_game(players, rules=rules, seed=3), 10_000)
    assert state.is_over
    return state.view(1)


def refusals(view: PlayerView) -> dict[str, Callable[[], object]]:
    """Every consumer of a view that must refuse it: its own text, the table picture, and the searching bots."""
    legal = view.legal_actions
    calls: dict[str, Callable[[], object]] = {
        "svg.table": lambda: svg.table(view),
        "to_text": view.to_text,
        "to_text, German": lambda: view.to_text(language=Language.DE),
    }
    if not legal:  # the game is over: a bot has nothing to choose
        return calls
    calls["MonteCarloBot"] = lambda: MonteCarloBot(worlds=2, compiled=False, seed=1).act(view, legal)
    calls["ExpertBot"] = lambda: ExpertBot(worlds=2, compiled=False, seed=1).act(view, legal)
    if find_spec("numba") is not None:
        calls["MonteCarloBot, compiled"] = lambda: MonteCarloBot(worlds=2, seed=1).act(view, legal)
        calls["ExpertBot, compiled"] = lambda: ExpertBot(worlds=2, seed=1).act(view, legal)
    return calls


def assert_refused_everywhere(view: PlayerView, reason: str) -> None:
    """`view_problem` names `reason`; every consumer raises the library's error, never another exception."""
    problem = view_problem(view)
    assert reason in problem, problem
    for name, call in refusals(view).items():
        with pytest.raises(WizardRulesError) as raised:
            call()
        assert reason in str(raised.value), (name, str(raised.value))


def test_views_of_real_games_pass() -> None:
    """Every seat's view at every step of games with the special cards, blind bids and secret bids passes."""
    for rules, seed in (
        (SHORT, 1),
        (Rules(special_cards=frozenset(Special), schedule=Schedule(cards_per_round=(3, 5, 4))), 2),
        (Rules(variants=Variant.BLIND_BIDS | Variant.CLAIRVOYANCE, schedule=Schedule.ladder(4, rounds=3)), 3),
        (attrs.evolve(Preset.SECRET_BIDS.rules(), schedule=Schedule.ladder(4, rounds=3)), 4),
    ):
        state = new_game(4, rules=rules, seed=seed)
        while True:
            for seat in range(4):
                assert view_problem(state.view(seat)) == "", (rules, state.view(seat))
            if state.is_over:
                break
            state = played(state, 1, seed)


@pytest.mark.parametrize("exponent", [0, 19, 5000])
@pytest.mark.parametrize("sign", [1, -1])
def test_r6_3_totals_are_the_sum_of_the_finished_rounds_points(exponent: int, sign: int) -> None:
    """Totals other than the finished rounds' points added up are refused (R6.3): a view that passes fits 64 bits."""
    view = mid_game()
    spoiled = attrs.evolve(view, totals=(view.totals[0] + sign * 10**exponent, *view.totals[1:]))
    assert_refused_everywhere(spoiled, "totals[0]")
    data = json.loads(wire.to_json(view))
    data["totals"][0] += 1
    with pytest.raises(FormatError, match=r"totals\[0\]"):
        wire.view_from_json(json.dumps(data))


def test_finished_rounds_of_another_table_are_refused_at_the_games_end() -> None:
    """Rounds of a 3-player game in a 4-player view, entries that are not rounds: refused, the picture included."""
    view = game_over()
    other = game_over(players=3)
    cases: tuple[tuple[tuple[Any, ...], str], ...] = (
        (other.finished_rounds, "players' entries at a table of 4"),
        ((None, *view.finished_rounds[1:]), "is None, not a Round"),
        ((*view.finished_rounds[:-1], 7), "is 7, not a Round"),
        (view.finished_rounds[:-1], "finished rounds in round 3"),
        ((*view.finished_rounds, view.finished_rounds[-1]), "finished rounds in round 3"),
    )
    for rounds, reason in cases:
        assert_refused_everywhere(attrs.evolve(view, finished_rounds=rounds), reason)
    assert svg.table(view).startswith("<svg")


def spoiled_round(found: Round, **changes: Any) -> Round:
    return attrs.evolve(found, **changes)


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"number": 5}, "is numbered 5"),
        ({"cards": 3}, "the schedule's round 1"),
        ({"dealer": 2}, "the schedule's dealer is seat"),
        ({"points": (999, 0, 0, 0)}, "gives seat 0"),
        ({"points": (0, 10**5000, 0, 0)}, "gives seat 1 <a 16610-bit number> points"),
        ({"blind": (True, False, False, False)}, "no blind bids"),
        ({"bombs": 1}, "by a Bomb"),
    ],
)
def test_a_finished_round_is_the_schedules_and_scored_by_the_rules(changes: dict[str, Any], reason: str) -> None:
    """Each finished round's number, cards, dealer, blind marks, Bomb and points are what a game records (R2, R6)."""
    view = mid_game()
    first = view.finished_rounds[0]
    if "points" in changes:
        changes = {"points": tuple(p + c for p, c in zip(first.points, changes["points"], strict=True))}
    rounds = (spoiled_round(first, **changes), *view.finished_rounds[1:])
    assert_refused_everywhere(attrs.evolve(view, finished_rounds=rounds), reason)


def test_a_cloud_change_without_the_cloud_is_refused() -> None:
    """A finished round's bid changed without the Cloud in the deck, or by more than one, is refused (R8.2)."""
    view = mid_game()
    first = view.finished_rounds[0]
    rounds = (spoiled_round(first, final_bids=(first.bids[0] + 1, *first.bids[1:])), *view.finished_rounds[1:])
    problem = view_problem(attrs.evolve(view, finished_rounds=rounds))
    assert "more than a Cloud changes (R8.2)" in problem or "beyond its" in problem, problem
    with pytest.raises(EntryError, match=r"R8\.2"):  # by two: no Round at all
        spoiled_round(first, final_bids=(first.bids[0] + 2, *first.bids[1:]))


@attrs.frozen
class Fragile:
    """A custom score rule that fails once `broken` is set: user code the check must survive."""

    broken: list[bool]

    def points(self, bid: int, tricks: int, *, blind: bool = False) -> int:
        if self.broken:
            raise KeyError("the rule's table has no such row")
        return 5 if bid == tricks else 0


def test_a_custom_score_rule_that_fails_is_named_not_raised() -> None:
    """The finished rounds are scored again by the rules' own score rule; its failure is the view's problem."""
    broken: list[bool] = []
    view = mid_game(attrs.evolve(SHORT, score_rule=Fragile(broken)))
    assert view_problem(view) == ""
    broken.append(True)
    rounds = tuple(r for r in view.finished_rounds)  # new rounds: the check of the last ones is not reused
    problem = view_problem(attrs.evolve(view, finished_rounds=rounds))
    assert "the score rule gives no points" in problem
    assert "KeyError" in problem


def test_phase_bids_and_special_facts_are_checked() -> None:
    """A seat to bid that has bid, bids before the trump, a Cloud or passing the deck lacks: refused."""
    state = new_game(4, rules=SHORT, seed=5)
    state = played(state, 1)  # round 1, one bid made
    view = state.view(state.to_move or 0)
    assert view.phase is Phase.BIDDING
    assert_refused_everywhere(attrs.evolve(view, bids=(1, 1, 1, 1)), "is to bid, and has bid")
    assert "after the bids" in view_problem(attrs.evolve(view, phase=Phase.PLAYING))
    for changes, reason in (
        ({"cloud": (0, CloudChange.UP)}, "of a game with the Cloud"),
        ({"passing": Card.parse("R3")}, "chosen while passing"),
        ({"passed": ((Card.parse("R3"), Card.parse("R4")),)}, "the Juggler's passings"),
        ({"passed": [(Card.parse("R3"), Card.parse("R4"))]}, "the Juggler's passings"),
        ({"legal_actions": (PLAY_UNSEEN, "bid 1")}, "is not a tuple of actions"),
        ({"turned_up": ALL_CARDS[-1]}, "turned_up"),
        ({"players": ("Ann", "Ben", 3, "Dan")}, "a player's name is text"),
    ):
        assert reason in view_problem(attrs.evolve(view, **changes)), changes


def test_the_rl_observer_refuses_views_no_game_reaches() -> None:
    """`Observer`'s encodings and texts refuse a seat beyond the table, short per-seat fields and totals
    beyond any game with a RulesError, before indexing anything (they raised IndexError, ValueError and
    OverflowError)."""
    pytest.importorskip("numpy", reason='needs the extra rl: pip install -e ".[rl]"')
    from wizardrules.rl import Encoding, Observer

    view = mid_game()
    observer = Observer(view.rules, 4)
    for changes in ({"seat": 9}, {"hand_sizes": (1, 2)}, {"totals": (10**5000, 0, 0, 0)}, {"totals": (2**63, 0, 0, 0)}):
        spoiled = attrs.evolve(view, **changes)
        for encode in (
            observer.observation,
            observer.information_state,
            lambda v: observer.encode(v, Encoding.INFORMATION_STATE),
            observer.observation_string,
            observer.information_state_string,
        ):
            with pytest.raises(RulesError, match="no game reaches this view"):
                encode(spoiled)
    assert observer.observation(view).shape == (observer.describe().size,)


def test_a_compiled_rollout_never_takes_an_action_its_world_does_not_allow() -> None:
    """Actions the view's round does not allow get the engine's error before the compiled rollouts run
    (a play in the bidding phase crashed them)."""
    pytest.importorskip("numba", reason='needs the extra fast: pip install -e ".[fast]"')
    from wizardrules.bots import sample_world, world_state
    from wizardrules.errors import WrongPhaseError
    from wizardrules.fast._kernels.actions import hand_masks
    from wizardrules.fast._kernels.worlds import batch_scores

    state = played(new_game(4, rules=SHORT, seed=6), 1)
    view = state.view(state.to_move or 0)
    world = world_state(view, sample_world(view, random.Random(1)))
    assert view.phase is Phase.BIDDING
    assert view.hand
    with pytest.raises(WrongPhaseError):
        batch_scores(view, world, [hand_masks(world.hands)], [*state.legal_actions(), Play(view.hand[0])])
    assert len(batch_scores(view, world, [hand_masks(world.hands)], state.legal_actions())[0]) == len(
        state.legal_actions()
    )
