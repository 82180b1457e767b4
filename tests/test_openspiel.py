"""OpenSpiel: the game passes OpenSpiel's own checks, its ISMCTS plays it, and observations leak nothing."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

import pytest

pytest.importorskip("pyspiel", reason='needs the extra openspiel (Python 3.11 or later): pip install -e ".[openspiel]"')

import numpy as np
import pyspiel
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from open_spiel.integration_tests import api_test
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import INFO_STATE_OBS_TYPE, make_observation

from wizardrules import (
    Card,
    CardKind,
    DealError,
    FixedTrump,
    GameState,
    IllegalActionError,
    Phase,
    PlayerError,
    Preset,
    RulesError,
)
from wizardrules.openspiel import GAME_NAME, WizardGame, WizardState
from wizardrules.rl import Encoding, Reward, points_bounds


def load(
    players: int = 4,
    preset: Preset = Preset.RULEBOOK,
    rounds: int = 0,
    reward: str = "points",
    *,
    variants: str = "",
    schedule: str = "",
) -> WizardGame:
    game = pyspiel.load_game(
        f"{GAME_NAME}(players={players},preset={preset.value},rounds={rounds},reward={reward},"
        f"variants={variants},schedule={schedule})"
    )
    assert isinstance(game, WizardGame)
    return game


class Table(NamedTuple):
    """A preset, a number of players, variants switched on and another schedule."""

    preset: Preset
    players: int
    variants: str = ""
    schedule: str = ""

    def load(self, rounds: int = 0, reward: str = "points") -> WizardGame:
        return load(self.players, self.preset, rounds, reward, variants=self.variants, schedule=self.schedule)

    @property
    def special(self) -> bool:
        return bool(self.preset.rules().special_cards)

    def __str__(self) -> str:
        return "-".join(filter(None, (self.preset.value, f"{self.players}p", self.variants, self.schedule)))


def playable(preset: Preset, players: int) -> bool:
    try:
        preset.rules().check(players)
    except RulesError:
        return False
    return True


VARIANTS = [
    *(Table(Preset.RULEBOOK, players, "blind-bids+clairvoyance") for players in range(3, 7)),
    Table(Preset.OFFICIAL, 3, "blind-bids"),
    Table(Preset.HIDDEN_BIDS, 4, "blind-bids"),
    Table(Preset.SECRET_BIDS, 5, "clairvoyance"),
    Table(Preset.ANNIVERSARY_2021, 4, "blind-bids+clairvoyance"),
    Table(Preset.OFFICIAL, 3, schedule="einfarbig"),
    Table(Preset.SECRET_BIDS, 4, "blind-bids", schedule="einfarbig"),
    Table(Preset.RULEBOOK, 5, schedule="maximus"),
    Table(Preset.HIDDEN_BIDS, 6, schedule="maximus"),
    Table(Preset.SCORE_PAD, 3, schedule="tournament"),
]
TABLES = [
    Table(preset, players) for preset in Preset for players in range(3, 7) if playable(preset, players)
] + VARIANTS
PLAIN = [table for table in TABLES if not table.special]
SPECIAL = [table for table in TABLES if table.special]


def chance(state: WizardState, rng: random.Random) -> int:
    outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
    return int(rng.choices(outcomes, probabilities)[0])


def walk(game: WizardGame, seed: int) -> Iterator[WizardState]:
    """Every state of a game of random legal actions and chance outcomes, the terminal one included."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    yield state
    while not state.is_terminal():
        state = state.child(chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
        yield state


def engine(state: WizardState) -> GameState:
    found = state.game_state
    assert found is not None
    return found


# -- OpenSpiel's own checks --------------------------------------------------------------------------


@pytest.mark.parametrize("table", TABLES, ids=str)
def test_random_sim_test_every_preset(table: Table) -> None:
    """OpenSpiel's random simulation test, states serialized and loaded again, for every preset and
    table, and with blind bids and clairvoyance."""
    pyspiel.random_sim_test(table.load(rounds=3), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(
    ("players", "preset", "reward"),
    [(4, Preset.RULEBOOK, "points"), (3, Preset.ANNIVERSARY_2021, "scaled"), (6, Preset.SECRET_BIDS, "points")],
)
def test_random_sim_test_whole_games(players: int, preset: Preset, reward: str) -> None:
    """Whole games of every round (R2.2), with special cards and secret bids."""
    pyspiel.random_sim_test(load(players, preset, reward=reward), num_sims=1, serialize=True, verbose=False)


def _partial_tree_test(name: str, game_string: str) -> type[Any]:
    """A test case of OpenSpiel's API checks on a sampled part of the tree, as its api_test makes them."""

    class Case(api_test.EnforceAPIOnPartialTreeBase):  # type: ignore[misc]  # OpenSpiel ships no types
        game_name = GAME_NAME
        game = pyspiel.load_game(game_string)

        @classmethod
        def setUpClass(cls) -> None:
            random.seed(0)  # sample_some_states draws from the global random module
            super().setUpClass()

    Case.__name__ = Case.__qualname__ = name
    return Case


TestPartialTreeRulebook = _partial_tree_test("TestPartialTreeRulebook", f"{GAME_NAME}(players=3,rounds=2)")
TestPartialTreeAnniversary = _partial_tree_test(
    "TestPartialTreeAnniversary", f"{GAME_NAME}(players=4,preset=anniversary-2021,rounds=2)"
)
TestPartialTreeHiddenBids = _partial_tree_test(
    "TestPartialTreeHiddenBids", f"{GAME_NAME}(players=5,preset=hidden-bids,rounds=1,reward=scaled)"
)


def test_partial_tree_samples_decision_nodes() -> None:
    """The sampled states the API checks look at include players' decisions, not only the deal."""
    TestPartialTreeRulebook.setUpClass()
    states = TestPartialTreeRulebook.some_states
    assert any(not state.is_chance_node() and not state.is_terminal() for state in states)


@pytest.mark.parametrize(
    ("players", "preset", "rounds", "variants"),
    [
        (3, Preset.RULEBOOK, 2, ""),
        (4, Preset.SECRET_BIDS, 2, ""),
        (5, Preset.OFFICIAL, 1, ""),
        (4, Preset.HIDDEN_BIDS, 2, "blind-bids+clairvoyance"),
    ],
)
def test_ismcts_bot_plays_whole_games(players: int, preset: Preset, rounds: int, variants: str) -> None:
    """OpenSpiel's Python ISMCTS bot, which resamples the hidden cards each simulation, plays whole games."""
    game = load(players, preset, rounds=rounds, reward="scaled", variants=variants)
    bots = [
        ismcts.ISMCTSBot(
            game,
            mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seat)),
            uct_c=2.0,
            max_simulations=8,
            random_state=np.random.RandomState(seat),
        )
        for seat in range(players)
    ]
    rng = random.Random(players)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(chance(state, rng))
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    scale = Reward.SCALED.scale(game.rules, players)
    assert state.returns() == pytest.approx([total * scale for total in engine(state).totals])


# -- chance ------------------------------------------------------------------------------------------


def test_r2_5_r2_6_chance_draws_the_dealer_then_deals_each_round_when_it_begins() -> None:
    """The first dealer is drawn uniformly; each round is dealt card by card from the dealer's left, then
    the card turned up (R3.1); the four Wizards are one outcome of four chances in the deck (R1.1)."""
    game = load(4, rounds=3)
    state = game.new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    assert state.chance_outcomes() == [(54 + seat, 0.25) for seat in range(4)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 56) == "first dealer 2"
    state.apply_action(56)  # seat 2 deals round 1
    outcomes = dict(state.chance_outcomes())
    wizard = game.table.card_ids[Card.WIZARD]
    assert len(outcomes) == 54
    assert outcomes[wizard] == pytest.approx(4 / 60)
    assert sum(outcomes.values()) == pytest.approx(1.0)
    dealt = [wizard, wizard, 0, 14]  # W W R1 Y2: one card to each of seats 3, 0, 1, 2
    for card in dealt:
        state.apply_action(card)
    assert dict(state.chance_outcomes())[wizard] == pytest.approx(2 / 56)
    state.apply_action(51)  # B13 turned up
    game_state = engine(state)
    assert [str(card) for hand in game_state.hands for card in hand] == ["W", "R1", "Y2", "W"]
    assert game_state.dealer == 2
    assert str(game_state.turned_up) == "B13"
    assert state.current_player() == 3  # left of the dealer bids first (R4.1)
    assert state.history() == [56, *dealt, 51]


def deal_runs(game: WizardGame, history: list[int]) -> list[slice]:
    """Where each round's deal lies in a history: the runs of chance outcomes after the first dealer's draw."""
    state = game.new_initial_state()
    runs: list[slice] = []
    for i, action in enumerate(history):
        if state.is_chance_node() and i:
            if runs and runs[-1].stop == i:
                runs[-1] = slice(runs[-1].start, i + 1)
            else:
                runs.append(slice(i, i + 1))
        state.apply_action(action)
    return runs


def test_chance_outcomes_are_the_cards_left() -> None:
    """At every chance node of a deal each card's probability is its copies left over the cards left
    (R2.6: every round deals from the whole deck, special cards included); they sum to 1."""
    game = load(3, Preset.ANNIVERSARY_2016, rounds=4)
    copies = game.table.copies
    assert sum(copies) == 66
    assert Counter(copies) == {1: 52 + 6, 4: 2}
    for state in walk(game, seed=3):
        history = state.history()
        if not state.is_chance_node() or not history:
            continue
        runs = deal_runs(game, history)
        dealt = Counter(history[runs[-1]] if runs and runs[-1].stop == len(history) else [])
        outcomes = state.chance_outcomes()
        assert [action for action, _ in outcomes] == sorted(action for action, _ in outcomes)
        assert state.legal_actions() == [action for action, _ in outcomes]
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        left = 66 - sum(dealt.values())
        assert [p for _, p in outcomes] == pytest.approx([(copies[c] - dealt[c]) / left for c, _ in outcomes])
        assert len(outcomes) == sum(copies[card] > dealt[card] for card in range(len(copies)))


def test_chance_refuses_cards_that_are_not_left() -> None:
    """A chance outcome that is no card left, or no seat for the dealer, is refused and changes nothing."""
    game = load(5, rounds=2)
    state = game.new_initial_state()
    with pytest.raises(DealError, match="first dealer"):
        state.apply_action(3)
    state.apply_action(54)
    for _ in range(4):
        state.apply_action(52)  # the four Wizards
    with pytest.raises(DealError, match="no such card is left"):
        state.apply_action(52)
    assert state.history() == [54, 52, 52, 52, 52]
    with pytest.raises(RulesError, match="not a chance node"):
        decision_states(game, 1, 1)[0].chance_outcomes()


# -- actions and masks ---------------------------------------------------------------------------------


@settings(max_examples=12, deadline=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32))
def test_masks_match_legal_actions(table: Table, seed: int) -> None:
    """At every decision the mask has a 1 exactly at each legal action, as the engine's legal actions
    through the codec; the other players have none."""
    players = table.players
    game = table.load(rounds=2)
    for state in walk(game, seed):
        if state.is_terminal():
            assert all(state.legal_actions(p) == [] for p in range(players))
        if state.is_chance_node() or state.is_terminal():
            continue
        player = state.current_player()
        legal = state.legal_actions()
        mask = np.array(state.legal_actions_mask(player), dtype=bool)
        assert mask.shape == (game.num_distinct_actions(),)
        assert list(np.flatnonzero(mask)) == legal
        assert (mask == game.codec.mask(engine(state))).all()
        assert legal == sorted(legal)
        assert legal == game.codec.indices(engine(state).legal_actions())
        assert all(state.legal_actions(other) == [] for other in range(players) if other != player)
        assert {state.action_to_string(player, a) for a in legal} == {str(a) for a in engine(state).legal_actions()}


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    """The engine checks every action, even through apply_action, which OpenSpiel does not check."""
    state = next(s for s in walk(load(3, rounds=2), 2) if not s.is_chance_node())
    history = state.history()
    illegal = next(a for a in range(state.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(IllegalActionError):
        state.apply_action(illegal)
    assert state.history() == history


# -- rewards -------------------------------------------------------------------------------------------


@settings(max_examples=12, deadline=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32), scaled=st.booleans())
def test_r6_3_rewards_add_up_to_the_totals(table: Table, seed: int, scaled: bool) -> None:
    """Read at each decision and at the end, the rewards add up to the returns, and the final returns
    are the totals (R6.3), scaled by the round bound with reward=scaled."""
    players = table.players
    game = table.load(rounds=3, reward="scaled" if scaled else "points")
    scale = (Reward.SCALED if scaled else Reward.POINTS).scale(game.rules, players)
    summed = np.zeros(players)
    for state in walk(game, seed):
        if state.is_chance_node():
            continue
        summed += state.rewards()
        assert state.returns() == pytest.approx(list(summed))
        assert state.returns() == pytest.approx([total * scale for total in engine(state).totals])
    assert state.is_terminal()
    assert all(abs(r) <= game.max_utility() for r in state.returns())
    if not scaled:
        assert state.returns() == [float(total) for total in engine(state).totals]


def test_utility_bounds_are_the_largest_totals() -> None:
    """min and max utility are minus and plus the largest total of a game (points_bounds), scaled."""
    game = load(5, Preset.OFFICIAL, reward="scaled")
    round_bound, game_bound = points_bounds(game.rules, 5)
    assert game.max_utility() == pytest.approx(game_bound / round_bound)
    assert game.min_utility() == pytest.approx(-game_bound / round_bound)
    assert load(4).max_utility() == points_bounds(load(4).rules, 4)[1]
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


# -- observations ----------------------------------------------------------------------------------


def twin(state: WizardState, seed: int) -> tuple[WizardState, int, int] | None:
    """The same game but for two unplayed cards swapped in the current deal between two seats, both
    held since the deal; `None` if there are none. Both cards are suit cards of one suit, or both
    not suit cards, so every action taken stays legal. Also the two seats."""
    game: WizardGame = state.get_game()
    history = state.history()
    start = deal_runs(game, history)[-1].start
    now = engine(state)
    deal = now.deals[now.round_number - 1]
    seats = list(range(game.num_players()))
    random.Random(seed).shuffle(seats)
    for seat in seats:
        for other in seats:
            for card in deal.hands[seat]:
                for swap in deal.hands[other]:
                    held = other != seat and card in now.hand(seat) and swap in now.hand(other) and card != swap
                    alike = (card.kind, card.suit) == (swap.kind, swap.suit) or CardKind.SUIT not in (
                        card.kind,
                        swap.kind,
                    )
                    if held and alike:
                        twin_state = game.new_initial_state()
                        changed = swapped(
                            game, history, start=start, dealer=now.dealer, a=(seat, card), b=(other, swap)
                        )
                        for action in changed:
                            twin_state.apply_action(action)
                        return twin_state, seat, other
    return None


def swapped(
    game: WizardGame, history: list[int], *, start: int, dealer: int, a: tuple[int, Card], b: tuple[int, Card]
) -> list[int]:
    """The history with card a[1] dealt to seat b[0] and b[1] to a[0], in the deal that begins at `start`."""
    n = game.num_players()
    ids = game.table.card_ids
    changed = list(history)
    for (seat, card), other in ((a, b[1]), (b, a[1])):
        j = next(
            j
            for j in range(start, len(history))
            if history[j] == ids[card] and changed[j] == history[j] and (dealer + 1 + j - start) % n == seat
        )
        changed[j] = ids[other]
    return changed


def decision_states(game: WizardGame, seed: int, count: int) -> list[WizardState]:
    states = [s for s in walk(game, seed) if not s.is_chance_node() and not s.is_terminal()]
    return random.Random(seed).sample(states, min(count, len(states)))


@settings(max_examples=15, deadline=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32))
def test_a_seat_observes_nothing_it_may_not_know(table: Table, seed: int) -> None:
    """Two states that differ only in two cards swapped between the hidden hands of other seats give the
    other seats equal observations and information states, as tensors and strings; the seats whose
    hands changed see the change if they see their hands (R4.4: not before looking with blind bids).
    Round 1 of clairvoyance is left out: there every seat sees the others' hands (R4.5)."""
    players = table.players
    game = table.load(rounds=3)
    first = 2 if "clairvoyance" in table.variants else 1
    bidding = [
        s
        for s in walk(game, seed)
        if s.game_state is not None and s.game_state.phase is Phase.BIDDING and s.game_state.round_number >= first
    ]
    checked = 0
    for state in random.Random(seed).sample(bidding, 3):
        found = twin(state, seed)
        if found is None:
            continue
        other_state, seat, other = found
        for player in range(players):
            same = (
                state.observation_string(player) == other_state.observation_string(player),
                state.information_state_string(player) == other_state.information_state_string(player),
                state.observation_tensor(player) == other_state.observation_tensor(player),
                state.information_state_tensor(player) == other_state.information_state_tensor(player),
            )
            sees_change = player in (seat, other) and state.view(player).hand is not None
            assert same == ((False,) * 4 if sees_change else (True,) * 4)
        assert state.legal_actions() == other_state.legal_actions() or state.current_player() in (seat, other)
        checked += 1
    assume(checked > 0)


def test_observations_are_the_shared_encodings() -> None:
    """Tensors and strings are those of wizardrules.rl.Observer for the player's view; the named parts of
    make_observation are the layout's sections."""
    game = load(4, Preset.ANNIVERSARY_2021, rounds=3)
    observer = game.observer
    state = decision_states(game, 5, 1)[0]
    for player in range(4):
        view = state.view(player)
        assert state.observation_tensor(player) == pytest.approx(list(observer.observation(view)))
        assert state.information_state_tensor(player) == pytest.approx(list(observer.information_state(view)))
        assert state.observation_string(player) == observer.observation_string(view)
        assert state.information_state_string(player) == observer.information_state_string(view)
    observation = make_observation(game)
    assert list(observation.dict) == list(observer.describe(Encoding.OBSERVATION).names)
    observation.set_from(state, 1)
    assert (observation.tensor == observer.observation(state.view(1))).all()
    assert observation.dict["hand"].shape == observer.describe()["hand"].shape
    info = make_observation(game, INFO_STATE_OBS_TYPE)
    assert info.tensor.shape == (game.information_state_tensor_size(),)
    assert game.observation_tensor_shape() == [observer.describe().size]


def test_observations_while_chance_acts_are_empty() -> None:
    """While the dealer is drawn or cards are dealt nobody acts: the tensors are zero, the strings say
    what is dealt, and there is no view."""
    game = load(3, rounds=2)
    state = game.new_initial_state()
    assert state.observation_string(0) == "the first dealer is being drawn (R2.5)"
    assert not any(state.information_state_tensor(2))
    state.apply_action(55)
    state.apply_action(7)
    assert state.information_state_string(1) == "round 1 of 2: 1 of 4 cards dealt (R2.6)"
    assert state.game_state is None
    with pytest.raises(RulesError, match="no view while chance acts"):
        state.view(0)
    assert str(state).splitlines()[2:] == ["seat 1 (dealer): -", "seat 2: R8"]


def test_only_the_two_kinds_of_observation_are_made() -> None:
    """Public or private information alone is not provided (None, as OpenSpiel's make_observation allows);
    observation parameters are refused."""
    game = load(3)
    public = pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    private = pyspiel.IIGObservationType(
        public_info=False, perfect_recall=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER
    )
    assert make_observation(game, public) is None
    assert make_observation(game, private) is None
    with pytest.raises(RulesError, match="no parameters"):
        game.make_py_observer(None, {"x": 1})
    with pytest.raises(PlayerError, match=r"players are 0\.\.2"):
        make_observation(game).set_from(game.new_initial_state(), 3)


# -- resampling ------------------------------------------------------------------------------------


@pytest.mark.parametrize("table", PLAIN, ids=str)
def test_resample_keeps_what_the_player_knows(table: Table) -> None:
    """resample_from_infostate gives states the player cannot tell from the real one (the information
    state, observation and legal actions are equal), with the hidden hands drawn anew."""
    players = table.players
    game = table.load(rounds=3)
    sampler = pyspiel.UniformProbabilitySampler(0, 0.0, 1.0)
    hidden_changed = False
    for state in decision_states(game, players, 4):
        for player in {state.current_player(), (state.current_player() + 1) % players}:
            sample = state.resample_from_infostate(player, sampler)
            assert isinstance(sample, WizardState)
            assert sample.information_state_string(player) == state.information_state_string(player)
            assert sample.information_state_tensor(player) == state.information_state_tensor(player)
            assert sample.observation_string(player) == state.observation_string(player)
            assert sample.current_player() == state.current_player()
            seen = state.view(player).hand is not None
            if seen:  # else drawn too (R4.4, R4.5)
                assert engine(sample).hand(player) == engine(state).hand(player)
            if player == state.current_player() and (seen or engine(state).phase is not Phase.PLAYING):
                assert sample.legal_actions() == state.legal_actions()
            assert engine(sample).totals == engine(state).totals
            hidden_changed |= engine(sample).hands != engine(state).hands
    assert hidden_changed


def test_r4_5_clairvoyance_the_one_legal_play_is_the_unseen_card() -> None:
    """In a clairvoyance round a player plays the card it cannot see: its one legal action names the
    card, which its information state does not hold, so resampling may draw another (documented)."""
    game = load(3, rounds=2, variants="clairvoyance")
    state = next(s for s in walk(game, 0) if s.game_state is not None and s.game_state.phase is Phase.PLAYING)
    player = state.current_player()
    assert state.view(player).hand is None
    assert [state.action_to_string(player, a) for a in state.legal_actions()] == [
        f"play {card}" for card in engine(state).hand(player)
    ]
    sampler = pyspiel.UniformProbabilitySampler(3, 0.0, 1.0)
    samples = [state.resample_from_infostate(player, sampler) for _ in range(20)]
    assert all(s.information_state_string() == state.information_state_string() for s in samples)
    assert any(s.legal_actions() != state.legal_actions() for s in samples)


def test_resample_while_dealing_draws_the_dealt_cards_again() -> None:
    """While a round is dealt nobody has seen its cards: they are drawn again; what came before stays."""
    game = load(3, rounds=3)
    states = [s for s in walk(game, 4) if s.is_chance_node() and len(s.history()) > 10 and s.game_state is None]
    sampler = pyspiel.UniformProbabilitySampler(1, 0.0, 1.0)
    for state in states[:5]:
        sample = state.resample_from_infostate(0, sampler)
        assert sample.is_chance_node()
        assert len(sample.history()) == len(state.history())
        assert sample.observation_string(0) == state.observation_string(0)
        assert sample.returns() == state.returns()


@pytest.mark.parametrize("table", SPECIAL[::3], ids=str)
def test_resample_refuses_special_cards(table: Table) -> None:
    """The sampler leaves out special cards (R8), so resampling refuses them by name."""
    state = decision_states(table.load(rounds=2), 1, 1)[0]
    with pytest.raises(RulesError, match=r"special cards \(R8\)"):
        state.resample_from_infostate(state.current_player(), pyspiel.UniformProbabilitySampler(0.0, 1.0))


def test_resample_refuses_unknown_players() -> None:
    state = decision_states(load(3, rounds=1), 1, 1)[0]
    with pytest.raises(PlayerError, match=r"players are 0\.\.2"):
        state.resample_from_infostate(3, pyspiel.UniformProbabilitySampler(0.0, 1.0))


# -- serialization and parameters ------------------------------------------------------------------


def test_serialized_states_load_and_play_on() -> None:
    """A state serialized and loaded again is replayed through the engine: equal, it plays on the same,
    and it can be resampled."""
    game = load(4, Preset.OFFICIAL, rounds=3)
    state = decision_states(game, 8, 1)[0]
    loaded = game.deserialize_state(state.serialize())
    assert str(loaded) == str(state)
    assert loaded.history() == state.history()
    assert loaded.information_state_string(2) == state.information_state_string(2)
    assert loaded.rewards() == state.rewards()
    sample = loaded.resample_from_infostate(loaded.current_player(), pyspiel.UniformProbabilitySampler(2, 0.0, 1.0))
    assert sample.information_state_string() == state.information_state_string()
    rng = random.Random(0)
    while not state.is_terminal():
        action = chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        state.apply_action(action)
        loaded.apply_action(action)
    assert loaded.returns() == state.returns()
    assert engine(loaded) == engine(state)


def test_r2_3_rounds_shorten_the_schedule() -> None:
    """rounds=k plays the first k rounds of the preset's schedule (R2.3); 0 plays them all."""
    assert load(4, rounds=3).rules.schedule_for(4).cards_per_round == (1, 2, 3)
    assert load(4, Preset.TOURNAMENT, rounds=2).rules.schedule_for(4).cards_per_round == (1, 3)
    assert load(3, schedule="einfarbig", rounds=2).rules.schedule_for(3).cards_per_round == (4, 5)
    maximus = load(4, schedule="maximus").rules.schedule_for(4)
    assert (maximus.cards_per_round, maximus.fixed_trump(5)) == ((15,) * 5, FixedTrump.NONE)
    assert load(4).rules is Preset.RULEBOOK.rules()
    assert load(3, rounds=20).rules is Preset.RULEBOOK.rules()
    game = load(5, rounds=2)
    assert game.max_chance_nodes_in_history() == 1 + (5 + 1) + (10 + 1)
    assert game.max_game_length() == 2 * (1 + 5) + 5 + 10


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"players": 7}, "7 players"),
        ({"players": "4"}, "players='4' must be a whole number"),
        ({"preset": "house" * 50}, "preset='househousehouse"),
        ({"rounds": 16}, r"rounds 1\.\.15"),
        ({"rounds": -1}, r"rounds 1\.\.15"),
        ({"reward": "money"}, "expected 'points' or 'scaled'"),
        ({"seats": 4}, "no parameter 'seats'"),
        ({"preset": 3}, "must be a name"),
        ({"variants": "telepathy"}, "'telepathy' is not a variant; they are blind-bids, clairvoyance"),
        ({"variants": "clairvoyance", "preset": "tournament", "players": 3}, "clairvoyance: round 1"),
        ({"schedule": "spiral"}, "'spiral' is not a built-in schedule; they are ladder, tournament"),
        ({"schedule": "einfarbig", "players": 5}, "einfarbig: 5 players"),
        ({"schedule": "maximus", "preset": "anniversary-2016"}, r"Werewolf .* turns up none \(R8\.6"),
    ],
)
def test_bad_parameters_are_refused(params: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        WizardGame(params)


def test_load_game_refuses_bad_parameters() -> None:
    """Through pyspiel.load_game too, with wizardrules' error; OpenSpiel itself refuses unknown names."""
    with pytest.raises(RulesError, match="Wizard is for 3 to 6"):
        pyspiel.load_game(f"{GAME_NAME}(players=7)")
    with pytest.raises(RulesError, match=r"rounds 1\.\.10"):
        pyspiel.load_game(f"{GAME_NAME}(players=4,preset=tournament,rounds=11)")
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        pyspiel.load_game(f"{GAME_NAME}(seats=4)")


def test_game_type() -> None:
    """Registered under its name: sequential, imperfect information, explicit chance, rewards per round."""
    game_type = load(3).get_type()
    assert game_type.short_name == GAME_NAME
    assert game_type.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert game_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game_type.reward_model == pyspiel.GameType.RewardModel.REWARDS
    assert (game_type.min_num_players, game_type.max_num_players) == (3, 6)
    assert GAME_NAME in [g.short_name for g in pyspiel.registered_games()]


# -- hostile input (found by tests/test_fuzz_extras.py) -------------------------------------------


def test_hostile_parameters_and_arguments_get_library_errors() -> None:
    """Parameters and arguments of the wrong type met `sorted()`, unbounded reprs, attribute look-ups
    or a call of a value that is no function; each is refused with a library error naming it."""
    huge = 10**5000
    game = load(3, rounds=2)
    state = game.new_initial_state()
    observer = game.make_py_observer()
    assert observer is not None
    cases: list[tuple[Callable[[], object], type[Exception], str]] = [
        (lambda: WizardGame(["players"]), RulesError, "expected a dict"),  # type: ignore[arg-type]
        (lambda: WizardGame({1: 2, "x": 3}), RulesError, "no parameter 1"),  # type: ignore[dict-item]
        (lambda: WizardGame({"players": huge}), RulesError, "16610-bit number"),
        (lambda: WizardGame({"rounds": huge}), RulesError, "16610-bit number"),
        (lambda: WizardGame({"preset": b"official"}), RulesError, "must be a name"),
        (lambda: state.view(huge), PlayerError, "16610-bit number"),
        (lambda: state.action_to_string(7, 0), PlayerError, "player 7"),
        (lambda: state.resample_from_infostate(0, 5), RulesError, "not a function"),  # type: ignore[arg-type]
        (lambda: game.make_py_observer("info state"), RulesError, "IIGObservationType"),
        (lambda: game.make_py_observer(None, np.array([1, 2])), RulesError, "take no parameters"),  # type: ignore[arg-type]
        (lambda: observer.set_from(huge, 0), RulesError, "16610-bit number"),  # type: ignore[arg-type]
    ]
    for call, error, words in cases:
        with pytest.raises(error, match=words) as info:
            call()
        assert len(str(info.value)) < 300
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(chance(state, rng))

    def failing() -> float:
        raise LookupError("no number")

    for sampler in (lambda: math.nan, lambda: 2.0, lambda: "0.5", failing):
        with pytest.raises(RulesError, match="probability_sampler"):
            state.resample_from_infostate(0, sampler)  # type: ignore[arg-type]
    assert state.resample_from_infostate(0, lambda: np.float32(0.5)).history()[:1] == state.history()[:1]
