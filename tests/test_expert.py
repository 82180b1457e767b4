"""ExpertBot: legal, reproducible, worlds weighted by the bids, stronger than RuleBot; defers where it cannot search."""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Iterator
from typing import Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wizardrules import (
    EDITION_2016,
    Action,
    Bid,
    Bot,
    Card,
    CardKind,
    EqualBids,
    ExpertBot,
    GameState,
    MonteCarloBot,
    NotEqualBids,
    Play,
    PlayerView,
    RandomBot,
    RuleBot,
    Rules,
    RulesError,
    Schedule,
    ScorekeeperHook,
    StandardScore,
    Suit,
    new_game,
    play_game,
)
from wizardrules._tables.codes import CARD_OF
from wizardrules.bots import sample_world, world_state
from wizardrules.tournament import BotFactory, tournament

SHORT: Final = Rules(schedule=Schedule.ladder(4, rounds=4))


def _worth(hand: tuple[Card, ...], trump: Suit | None) -> float:
    """RuleBot's worth of a hand: Wizards, high trumps and high cards."""
    total = 0.0
    for card in hand:
        if card.kind is CardKind.WIZARD:
            total += 1
        elif card.kind is CardKind.SUIT and card.suit is trump:
            total += 0.35 + 0.05 * card.rank
        elif card.kind is CardKind.SUIT:
            total += {13: 0.7, 12: 0.4, 11: 0.2}.get(card.rank, 0.0)
    return total


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), compiled=st.booleans(), policy=st.sampled_from([None, NotEqualBids()]))
def test_r4_r5_expert_bot_plays_only_legal_actions(seed: int, compiled: bool, policy: NotEqualBids | None) -> None:
    """A whole short game: every action the bot picks is legal (the engine checks each, R4.2, R5.2)."""
    rules = SHORT if policy is None else Rules(schedule=SHORT.schedule, bid_policy=policy)
    bots: list[Bot] = [ExpertBot(worlds=3, seed=seed, compiled=compiled), RuleBot(), RandomBot(seed=seed), RuleBot()]
    final = play_game(bots, rules=rules, seed=seed)
    assert final.is_over


def test_expert_bot_is_reproducible() -> None:
    def game() -> GameState:
        return play_game([ExpertBot(worlds=4, seed=3), RuleBot(), RuleBot(), RuleBot()], rules=SHORT, seed=11)

    assert game().actions == game().actions


def test_r4_1_weighted_worlds_follow_the_bids() -> None:
    """A seat that bid high is dealt stronger hands in the bot's worlds than in uniform ones."""
    rules = Rules(schedule=Schedule(cards_per_round=(6,)))
    rng = random.Random(0)
    uniform_gap, weighted_gap = [], []
    for seed in range(12):
        state = new_game(4, rules=rules, seed=seed)
        if state.trump is None and state.phase.name == "TRUMP":
            continue
        bidder = state.to_move
        assert bidder is not None
        state = state.apply(Bid(tricks=4))  # the first bidder claims four tricks of six
        view = state.view((bidder + 1) % 4)
        trump = view.trump
        uniform = [_worth(sample_world(view, rng)[bidder], trump) for _ in range(40)]
        weighted = [_worth(world[bidder], trump) for world in ExpertBot(worlds=40, seed=seed).sample_worlds(view)]
        uniform_gap.append(abs(4 - statistics.fmean(uniform)))
        weighted_gap.append(abs(4 - statistics.fmean(weighted)))
    assert statistics.fmean(weighted_gap) < statistics.fmean(uniform_gap) - 0.5


def test_sample_worlds_respect_the_view() -> None:
    state = new_game(4, rules=SHORT, seed=5)
    while state.phase.name != "PLAYING" or not state.current_trick.cards:
        state = state.apply(RuleBot().act(state.view(state.to_move or 0), state.legal_actions()))
    view = state.view(state.to_move or 0)
    for world in ExpertBot(worlds=10).sample_worlds(view):
        assert world[view.seat] == view.hand
        assert [len(hand) for hand in world] == list(view.hand_sizes)
        played = [card for trick in (*view.completed_tricks, view.current_trick) for card in trick.cards]
        everything = [card for hand in world for card in hand] + played
        assert everything.count(Card.WIZARD) <= 4
        assert len({card for card in everything if card.kind is CardKind.SUIT}) == sum(
            card.kind is CardKind.SUIT for card in everything
        )


def test_expert_bot_beats_rule_bots() -> None:
    """Over duplicate deals of the ladder's first four rounds, the bot outscores the RuleBots by far."""
    result = tournament(
        [BotFactory(ExpertBot, worlds=12, compiled=False), RuleBot, RuleBot, RuleBot],
        24,
        rules=SHORT,
        seed=2,
        duplicate=True,
        executor=None,
    )
    assert result.compare("ExpertBot", "RuleBot 1").ci_low > 0


def test_r8_special_cards_are_left_to_monte_carlo() -> None:
    """With special cards the bot plays as MonteCarloBot with the same budget and seed."""
    special = Rules(special_cards=EDITION_2016, schedule=Schedule.ladder(3, rounds=3))
    searched = play_game([ExpertBot(worlds=3, seed=1), RuleBot(), RuleBot()], rules=special, seed=2)
    monte = play_game([MonteCarloBot(worlds=3, seed=1), RuleBot(), RuleBot()], rules=special, seed=2)
    assert searched.actions == monte.actions


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("worlds", 0),
        ("worlds", 2.5),
        ("oversample", 0),
        ("spread", 0),
        ("spread", True),
        ("time_ms", -1),
        ("rivalry", -0.1),
        ("rivalry", 1.5),
        ("rivalry", float("nan")),
        ("rivalry", True),
        ("rivalry", "1"),
    ],
)
def test_bad_options_are_refused(option: str, value: object) -> None:
    with pytest.raises(RulesError, match=option):
        ExpertBot(**{option: value})  # type: ignore[arg-type]


def test_bad_calls_are_refused() -> None:
    state = new_game(4, seed=1)
    bot = ExpertBot(worlds=2)
    with pytest.raises(RulesError, match="not a PlayerView"):
        bot.act("view", state.legal_actions())  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="legal"):
        bot.act(state.view(1), [])
    with pytest.raises(RulesError, match="not a PlayerView"):
        bot.sample_worlds(42)  # type: ignore[arg-type]
    special = new_game(3, rules=Rules(special_cards=EDITION_2016), seed=1)
    with pytest.raises(RulesError, match="standard deck"):
        bot.sample_worlds(special.view(special.to_move or 0))


@pytest.mark.parametrize(("seed", "rivalry"), [(0, 0.0), (1, 1.0), (2, 0.5), (3, 0.0)])
def test_the_simulator_scores_as_the_compiled_core(seed: int, rivalry: float) -> None:
    """The pure-Python rollouts mirror RuleBot as the compiled ones do: with no early stop, the same scores."""
    pytest.importorskip("numba", reason='needs the extra fast: pip install -e ".[fast]"')
    from wizardrules.bots.expert import _codes, _simulator
    from wizardrules.fast._kernels import worlds

    rules = Rules(schedule=Schedule.ladder(4, rounds=5))
    bot = ExpertBot(worlds=3, seed=seed, horizon=15, rivalry=rivalry)
    state = new_game(4, rules=rules, seed=seed)
    compared = 0
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        view, legal = state.view(seat), state.legal_actions()
        if len(legal) > 1 and state.phase.name in {"BIDDING", "PLAYING"}:
            game = bot._round(view)
            known = _codes.known_from(view)
            for hands, _ in bot._worlds(view, game, known):
                world = world_state(view, [_codes.cards_of_codes(hand) for hand in hands])
                masks = [[_codes.mask_of(hand) for hand in hands]]
                (scores,) = worlds.batch_scores(view, world, masks, legal, rivalry=rivalry)
                assert scores == pytest.approx([_simulator.rollout(game, known, hands, action) for action in legal])
                compared += 1
        state = state.apply(RuleBot().act(view, legal))
    assert compared > 10


_LADDER_4 = Schedule.ladder(4, rounds=4)


@pytest.mark.parametrize(
    ("rules", "rivalry"),
    [
        (Rules(schedule=_LADDER_4), 0.0),
        (Rules(schedule=_LADDER_4), 1.0),
        (Rules(schedule=_LADDER_4, bid_policy=EqualBids(), score_rule=StandardScore(hit_bonus=30, per_trick=5)), 0.5),
        (Rules(schedule=_LADDER_4, bid_policy=ScorekeeperHook(scorekeeper=2)), 0.0),
    ],
    ids=["rulebook", "rivalry-1", "equal-bids-other-score", "scorekeeper-hook"],
)
def test_r6_a_rollout_scores_the_seats_own_points_less_rivalry_times_the_others_mean(
    rules: Rules, rivalry: float
) -> None:
    """In the true world each action's score is the round's points as the engine plays it out with RuleBots.

    Under any bid rule and score rule: the rollouts ask the game's own (R4.2, R6).
    """
    from wizardrules.bots.expert import _codes, _simulator

    checked = 0
    for seed in range(6):
        state = new_game(4, rules=rules, seed=seed)
        while not state.is_over and checked < 40:
            seat = state.to_move
            assert seat is not None
            view, legal = state.view(seat), state.legal_actions()
            if len(legal) > 1 and state.phase.name in {"BIDDING", "PLAYING"} and state.round_number == 4:
                bot = ExpertBot(horizon=15, rivalry=rivalry)
                game, known = bot._round(view), _codes.known_from(view)
                taken = {c for cards in (known.mine, *known.played) for c in cards}
                hands = [list(known.mine) if s == seat else [] for s in range(4)]
                for other in range(4):
                    if other != seat:
                        hands[other] = sorted(_codes.codes_of(state.hands[other], taken))
                        taken.update(hands[other])
                for action in legal:
                    after = state.apply(action)
                    while after.round_number == 4 and not after.is_over:
                        mover = after.to_move
                        assert mover is not None
                        after = after.apply(RuleBot().act(after.view(mover), after.legal_actions()))
                    points = [after.totals[s] - state.totals[s] for s in range(4)]
                    expected = points[seat] - rivalry * (sum(points) - points[seat]) / 3
                    assert _simulator.rollout(game, known, hands, action) == pytest.approx(expected)
                    checked += 1
            state = state.apply(RuleBot().act(view, legal))
    assert checked >= 20


def _best_line(state: GameState, seat: int, before: tuple[int, ...], rivalry: float) -> float:
    """The engine's brute force: the seat's best round score from `state`, trying each of its plays, others RuleBot."""
    rnd = state.round_number
    while not state.is_over and state.round_number == rnd:
        mover, legal = state.to_move, state.legal_actions()
        assert mover is not None
        if mover == seat and len(legal) > 1:
            return max(_best_line(state.apply(action), seat, before, rivalry) for action in legal)
        state = state.apply(RuleBot().act(state.view(mover), legal))
    points = [state.totals[s] - before[s] for s in range(len(before))]
    return points[seat] - rivalry * (sum(points) - points[seat]) / (len(before) - 1)


def _choices_in_true_worlds(
    seeds: range,
) -> Iterator[tuple[GameState, PlayerView, tuple[Action, ...], GameState, list[list[int]]]]:
    """Every bid and play with a choice in RuleBot games of the ladder's first five rounds: the state, the
    mover's view and legal actions, and the true world as `batch_scores` takes it (its state and masks)."""
    from wizardrules.fast._kernels.actions import hand_masks

    rules = Rules(schedule=Schedule.ladder(4, rounds=5))
    for seed in seeds:
        state = new_game(4, rules=rules, seed=seed)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view, legal = state.view(seat), state.legal_actions()
            if len(legal) > 1 and state.phase.name in {"BIDDING", "PLAYING"}:
                yield state, view, legal, world_state(view, state.hands), [hand_masks(state.hands)]
            state = state.apply(RuleBot().act(view, legal))


@pytest.mark.parametrize("rivalry", [0.0, 0.5])
def test_r5_a_planned_rollout_scores_the_seats_best_line_against_rulebots(rivalry: float) -> None:
    """With its own play planned, a rollout in the true world scores the best the seat's plays can reach
    there, the other seats playing as RuleBot: the engine's brute force over every line of the seat's cards."""
    pytest.importorskip("numba", reason='needs the extra fast: pip install -e ".[fast]"')
    from wizardrules.fast._kernels import worlds

    checked = {"BIDDING": 0, "PLAYING": 0}
    for state, view, legal, world, masks in _choices_in_true_worlds(range(4)):
        if state.round_number >= 3:
            (scores,) = worlds.batch_scores(view, world, masks, legal, own=worlds.OwnPlay.PLANNING, rivalry=rivalry)
            expected = [_best_line(state.apply(action), view.seat, state.totals, rivalry) for action in legal]
            assert scores == pytest.approx(expected)
            checked[state.phase.name] += 1
    assert min(checked.values()) >= 10, checked


def test_r5_a_planned_rollouts_score_at_least_the_lines_seen_trick_by_trick() -> None:
    """The best line is at least as good as the seat's play with each trick seen through, in every world,
    and a blended rollout scores the mean of the two."""
    pytest.importorskip("numba", reason='needs the extra fast: pip install -e ".[fast]"')
    from wizardrules.fast._kernels import worlds

    better = 0
    for _, view, legal, world, masks in _choices_in_true_worlds(range(6)):
        (planned,) = worlds.batch_scores(view, world, masks, legal, own=worlds.OwnPlay.PLANNING, rivalry=0.0)
        (seen,) = worlds.batch_scores(view, world, masks, legal, own=worlds.OwnPlay.SEEING, rivalry=0.0)
        (blended,) = worlds.batch_scores(view, world, masks, legal, own=worlds.OwnPlay.BLENDED, rivalry=0.0)
        assert all(p >= s for p, s in zip(planned, seen, strict=True))
        assert blended == pytest.approx([(p + s) / 2 for p, s in zip(planned, seen, strict=True)])
        better += sum(p > s for p, s in zip(planned, seen, strict=True))
    assert better > 0


def test_r4_1_numpy_worlds_follow_the_bids_as_the_python_ones() -> None:
    """With the fast core the worlds are drawn in numpy, from the same weights: the bidder's hands alike."""
    pytest.importorskip("numba", reason='needs the extra fast: pip install -e ".[fast]"')
    from wizardrules.bots.expert import _codes
    from wizardrules.fast._kernels import worlds

    rules = Rules(schedule=Schedule(cards_per_round=(6,)))
    python_means, numpy_means, uniform_means = [], [], []
    rng = random.Random(0)
    for seed in range(8):
        state = new_game(4, rules=rules, seed=seed)
        if state.phase.name == "TRUMP":
            continue
        bidder = state.to_move
        assert bidder is not None
        state = state.apply(Bid(tricks=4))
        view = state.view((bidder + 1) % 4)
        bot = ExpertBot(worlds=400, seed=seed)
        game, known = bot._round(view), _codes.known_from(view)
        drawn = [_worth(world[bidder], view.trump) for world in bot.sample_worlds(view)]
        masks, counts, _ = bot._compiled_worlds(worlds, view, game, known)
        assert sum(counts) == 400
        dealt = []
        for row, count in zip(masks, counts, strict=True):
            hands = [tuple(CARD_OF[c] for c in _codes.unmask(mask)) for mask in row]
            assert hands[view.seat] == tuple(CARD_OF[c] for c in known.mine)
            assert [len(hand) for hand in hands] == list(view.hand_sizes)
            dealt += [_worth(hands[bidder], view.trump)] * int(count)
        python_means.append(statistics.fmean(drawn))
        numpy_means.append(statistics.fmean(dealt))
        uniform_means.append(statistics.fmean(_worth(sample_world(view, rng)[bidder], view.trump) for _ in range(400)))
    assert abs(statistics.fmean(python_means) - statistics.fmean(numpy_means)) < 0.2
    assert statistics.fmean(numpy_means) > statistics.fmean(uniform_means) + 0.5


def _played_as_rulebot(bots: list[Bot], seed: int) -> list[tuple[bool, bool, bool]]:
    """Per play of a 6-card round: whether RuleBot would have made it, whether its reading rules out
    a card the seat held then or marks it a known miss, and whether it is read in full (not a Wizard
    or Jester on a led suit, where the cards of other suits are not read)."""
    from wizardrules.bots.expert._codes import codes_of
    from wizardrules.bots.expert._reading import _copies, rulebot_readings

    state = new_game(4, rules=Rules(schedule=Schedule(cards_per_round=(6,))), seed=seed)
    made: list[list[tuple[bool, tuple[Card, ...], bool]]] = [[] for _ in range(4)]
    while not state.is_over and not (state.phase.name == "PLAYING" and len(state.completed_tricks) == 5):
        seat = state.to_move
        assert seat is not None
        view, legal = state.view(seat), state.legal_actions()
        action = bots[seat].act(view, legal)
        if state.phase.name == "PLAYING":
            trick = state.current_trick.cards
            led_suit = next((c.suit for c in trick if c.kind is not CardKind.JESTER), None) if trick else None
            assert isinstance(action, Play)
            whole = led_suit is None or action.card.kind is CardKind.SUIT
            made[seat].append((RuleBot().act(view, legal) == action, state.hand(seat), whole))
        state = state.apply(action)
    readings = rulebot_readings(state.view(state.to_move or 0))
    out = []
    for seat in range(4):
        if seat == state.to_move:
            continue
        assert len(readings[seat]) == len(made[seat])
        for (ruled_out, missed), (same, hand, whole) in zip(readings[seat], made[seat], strict=True):
            held = {copy for code in codes_of(hand, set()) for copy in _copies(code)}  # any Wizard, any Jester
            out.append((same, missed or not held.isdisjoint(ruled_out), whole))
    return out


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_r5_a_play_read_as_rulebot_rules_out_exactly_the_cards_it_would_have_played(seed: int) -> None:
    """A play is a miss in a hand if and only if RuleBot, holding that hand, would have played another card."""
    bots: list[Bot] = [RandomBot(seed=seed + s) for s in range(4)]
    plays = _played_as_rulebot(bots, seed)
    for same, miss, whole in plays:
        if same:
            assert not miss, "RuleBot's own choice is never read as a miss"
        elif whole:
            assert miss, "any other play, read in full, is a miss in the hand that made it"
    assert any(not same for same, _, _ in plays)


@pytest.mark.parametrize("seed", range(4))
def test_r5_rulebots_plays_are_never_misses(seed: int) -> None:
    """In the true deal no RuleBot play is read as a miss: its readings only ever rule out cards it does not hold."""
    plays = _played_as_rulebot([RuleBot(), RuleBot(), RuleBot(), RuleBot()], seed)
    assert plays
    assert all(same and not miss for same, miss, _ in plays)


def test_r5_numpy_worlds_weigh_the_plays_as_uniform_deals_weighed_in_full() -> None:
    """Mid-round, the numpy draw (half its deals without the cards the plays rule out, reweighed by how
    likely they were dealt) gives each hand the worth that many uniform deals, weighed by the bids and
    the plays, give it; and the plays move it away from the uniform deals' worth."""
    pytest.importorskip("numba", reason='needs the extra fast: pip install -e ".[fast]"')
    from wizardrules.bots.expert import _codes, _worlds
    from wizardrules.bots.expert._reading import rulebot_readings
    from wizardrules.fast._kernels import worlds

    rules = Rules(schedule=Schedule(cards_per_round=(7,)))
    gaps, moves = [], []
    for seed in range(3):
        state = new_game(4, rules=rules, seed=seed)
        while state.phase.name != "PLAYING" or len(state.completed_tricks) < 3:
            state = state.apply(RuleBot().act(state.view(state.to_move or 0), state.legal_actions()))
        view = state.view(state.to_move or 0)
        bot = ExpertBot(worlds=600, oversample=4, seed=seed)
        game, known = bot._round(view), _codes.known_from(view)
        masks, counts, _ = bot._compiled_worlds(worlds, view, game, known)
        readings = rulebot_readings(view)
        rng = random.Random(seed)
        deals, weights = [], []
        for _ in range(20000):
            hands = _worlds.deal(known, view.seat, rng, 1000)
            assert hands is not None
            weight = math.exp(_worlds.log_weight(game, known, hands, bot.spread))
            for other, reads in enumerate(readings):
                misses = sum(missed or not set(hands[other]).isdisjoint(out) for out, missed in reads)
                weight *= _worlds.ASTRAY**misses + _worlds.ASTRAY_FLOOR if reads else 1.0
            deals.append(hands)
            weights.append(weight)
        for other in range(4):
            if other == view.seat:
                continue
            units = _codes.units(game.trump)
            drawn = [sum(units[c] for c in _codes.unmask(row[other])) / 20 for row in masks]
            numpy_mean = sum(w * int(k) for w, k in zip(drawn, counts, strict=True)) / sum(counts)
            worth = [sum(units[c] for c in hands[other]) / 20 for hands in deals]
            full_mean = sum(w * x for w, x in zip(worth, weights, strict=True)) / sum(weights)
            gaps.append(abs(numpy_mean - full_mean))
            moves.append(abs(full_mean - statistics.fmean(worth)))
    assert statistics.fmean(gaps) < 0.1
    assert statistics.fmean(moves) > 2 * statistics.fmean(gaps)
