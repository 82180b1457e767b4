"""ExpertBot: legal, reproducible, worlds weighted by the bids, stronger than RuleBot; defers where it cannot search."""

from __future__ import annotations

import random
import statistics
from typing import Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wizardrules import (
    EDITION_2016,
    Bid,
    Bot,
    Card,
    CardKind,
    ExpertBot,
    GameState,
    MonteCarloBot,
    NotEqualBids,
    RandomBot,
    RuleBot,
    Rules,
    RulesError,
    Schedule,
    Suit,
    new_game,
    play_game,
)
from wizardrules.sampling import sample_world, world_state
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
    monte = play_game([MonteCarloBot(samples=3, seed=1), RuleBot(), RuleBot()], rules=special, seed=2)
    assert searched.actions == monte.actions


@pytest.mark.parametrize(
    ("option", "value"),
    [("worlds", 0), ("worlds", 2.5), ("oversample", 0), ("spread", 0), ("spread", True), ("time_ms", -1)],
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


@pytest.mark.parametrize("seed", range(4))
def test_the_simulator_scores_as_the_compiled_core(seed: int) -> None:
    """The pure-Python rollouts mirror RuleBot as the compiled ones do: with no early stop, the same scores."""
    pytest.importorskip("numba", reason='needs the extra fast: pip install -e ".[fast]"')
    from wizardrules.expert import _codes, _simulator
    from wizardrules.fast._kernels import worlds

    rules = Rules(schedule=Schedule.ladder(4, rounds=5))
    bot = ExpertBot(worlds=3, seed=seed, horizon=15)
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
                world = world_state(view, [tuple(sorted(_codes.CARD_OF[c] for c in hand)) for hand in hands])
                masks = [[_codes.mask_of(hand) for hand in hands]]
                (scores,) = worlds.batch_scores(view, world, masks, legal)
                assert scores == pytest.approx([_simulator.rollout(game, known, hands, action) for action in legal])
                compared += 1
        state = state.apply(RuleBot().act(view, legal))
    assert compared > 10


def test_r4_1_numpy_worlds_follow_the_bids_as_the_python_ones() -> None:
    """With the fast core the worlds are drawn in numpy, from the same weights: the bidder's hands alike."""
    pytest.importorskip("numba", reason='needs the extra fast: pip install -e ".[fast]"')
    from wizardrules.expert import _codes
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
            hands = [tuple(_codes.CARD_OF[c] for c in _codes.unmask(mask)) for mask in row]
            assert hands[view.seat] == tuple(_codes.CARD_OF[c] for c in known.mine)
            assert [len(hand) for hand in hands] == list(view.hand_sizes)
            dealt += [_worth(hands[bidder], view.trump)] * int(count)
        python_means.append(statistics.fmean(drawn))
        numpy_means.append(statistics.fmean(dealt))
        uniform_means.append(statistics.fmean(_worth(sample_world(view, rng)[bidder], view.trump) for _ in range(400)))
    assert abs(statistics.fmean(python_means) - statistics.fmean(numpy_means)) < 0.2
    assert statistics.fmean(numpy_means) > statistics.fmean(uniform_means) + 0.5


@pytest.mark.parametrize("astray", [False, True])
def test_r5_plays_are_weighed_by_whether_rulebot_would_make_them(astray: bool) -> None:
    """In the true deal, RuleBots' plays are RuleBot's choices (no miss); a RandomBot's often are not."""
    pytest.importorskip("numba", reason='needs the extra fast: pip install -e ".[fast]"')
    from wizardrules.fast._kernels import worlds
    from wizardrules.fast._kernels.actions import hand_masks

    rules = Rules(schedule=Schedule(cards_per_round=(6,)))
    total = 0
    for seed in range(6):
        bots: list[Bot] = [RuleBot(), RandomBot(seed=seed) if astray else RuleBot(), RuleBot(), RuleBot()]
        state = new_game(4, rules=rules, seed=seed)
        while state.phase.name != "PLAYING" or len(state.completed_tricks) < 3:
            seat = state.to_move
            assert seat is not None
            state = state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
        view = state.view(state.to_move or 0)
        played: list[list[Card]] = [[] for _ in range(4)]
        for trick in (*view.completed_tricks, view.current_trick):
            for seat, card in zip(trick.seats, trick.cards, strict=True):
                played[seat].append(card)
        truth = [state.hand(seat) for seat in range(4)]
        dealt = hand_masks([(*truth[seat], *played[seat]) for seat in range(4)])
        (misses,) = worlds.play_misses(view, world_state(view, truth), [dealt])
        assert misses[view.seat] == 0
        total += int(misses.sum())
    assert (total > 0) is astray
