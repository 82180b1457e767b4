"""RL encodings: the action codec covers every legal action, masks match, observations leak nothing."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytest.importorskip("numpy", reason='needs the extra rl: pip install -e ".[rl]"')

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from wizardrules import (
    EDITION_2021,
    ActionError,
    Bid,
    BidReveal,
    Card,
    Deal,
    GameState,
    IllegalActionError,
    Look,
    PassCard,
    Phase,
    PlayerView,
    Preset,
    Rules,
    RulesError,
    Schedule,
    ScheduleKind,
    StandardScore,
    Variant,
    new_game,
    parse_action,
)
from wizardrules.rl import (
    ActionCodec,
    Encoding,
    Observer,
    Reward,
    SectionKind,
    points_bounds,
    table_text,
)

EXTRA_RULES = (
    Rules(variants=Variant.BLIND_BIDS | Variant.CLAIRVOYANCE),
    Rules(
        bid_reveal=BidReveal.SECRET,
        variants=Variant.BLIND_BIDS,
        special_cards=Preset.ANNIVERSARY_2021.rules().special_cards,
    ),
    Rules(schedule=ScheduleKind.MAXIMUS),
    Rules(schedule=ScheduleKind.EINFARBIG, score_rule=StandardScore(hit_bonus=30)),
)
ALL_RULES = tuple(preset.rules() for preset in Preset) + EXTRA_RULES


def playable(rules: Rules, players: int) -> bool:
    try:
        rules.check(players)
    except RulesError:
        return False
    return True


TABLES = [(rules, players) for rules in ALL_RULES for players in range(3, 7) if playable(rules, players)]
TABLE_IDS = [f"{i}-{players}p" for i, (_, players) in enumerate(TABLES)]


def game_states(rules: Rules, players: int, seed: int) -> Iterator[GameState]:
    """Every state of a whole game of random legal actions, the final one included."""
    rng = random.Random(seed)
    state = new_game(players, rules=rules, rng=rng)
    yield state
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        yield state


def check_vector(vector: np.ndarray, observer: Observer, encoding: Encoding) -> None:
    """The vector has its layout's size, is finite, within bounds, and one-hot and bit sections hold 0s and 1s."""
    layout = observer.describe(encoding)
    assert vector.shape == (layout.size,)
    assert vector.dtype == np.float32
    assert np.isfinite(vector).all()
    low, high = layout.bounds()
    assert (vector >= low).all()
    assert (vector <= high).all()
    for section in layout.sections:
        part = vector[section.slice]
        if section.kind in (SectionKind.ONE_HOT, SectionKind.BITS):
            assert set(np.unique(part)) <= {0.0, 1.0}, section.name
        if section.kind is SectionKind.ONE_HOT:
            blocks = part.reshape(-1, section.shape[-1])
            assert (blocks.sum(axis=1) <= 1).all(), section.name


# -- the action codec ------------------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "players"), TABLES, ids=TABLE_IDS)
def test_codec_indexes_every_legal_action_and_masks_match(rules: Rules, players: int) -> None:
    """Every rule set, 3-6 players: each legal action round-trips through its index; the mask is the legal set."""
    codec = ActionCodec(rules, players)
    observer = Observer(rules, players)
    rng = random.Random(players)
    for state in game_states(rules, players, seed=players):
        legal = state.legal_actions()
        for action in legal:
            assert codec.action(codec.index(action)) == action
        mask = codec.mask(state)
        assert mask.dtype == np.bool_
        assert mask.shape == (codec.size,)
        assert [codec.action(i) for i in np.flatnonzero(mask)] == [codec.action(i) for i in codec.indices(legal)]
        assert sorted(map(str, legal)) == sorted(str(codec.action(i)) for i in np.flatnonzero(mask))
        if state.is_over or rng.random() < 0.1:  # every check on a sample of the states
            view = state.view(rng.randrange(players))
            check_vector(observer.observation(view), observer, Encoding.OBSERVATION)
            check_vector(observer.information_state(view), observer, Encoding.INFORMATION_STATE)


@settings(max_examples=15, deadline=None)
@given(table=st.sampled_from(range(len(TABLES))), seed=st.integers(0, 2**32))
def test_codec_masks_match_legal_actions_in_random_games(table: int, seed: int) -> None:
    """At every step of random games the mask is exactly the legal actions, and nothing else."""
    rules, players = TABLES[table]
    codec = ActionCodec(rules, players)
    for state in game_states(rules, players, seed):
        assert set(np.flatnonzero(codec.mask(state))) == {codec.index(a) for a in state.legal_actions()}


def test_codec_sections_cover_the_space_in_order() -> None:
    """The kinds of action follow each other without a gap; each action lies in the section of its kind."""
    rules = Rules(variants=Variant.BLIND_BIDS, special_cards=Preset.ANNIVERSARY_2021.rules().special_cards)
    codec = ActionCodec(rules, 4)
    layout = codec.describe()
    assert layout.names == ("bid", "blind bid", "look", "trump", "no trump", "play", "cloud", "pass")
    assert [s.start for s in layout.sections] == [0, *[s.stop for s in layout.sections[:-1]]]
    assert layout.size == codec.size == len(codec.actions)
    assert len(set(codec.actions)) == codec.size
    words = {"bid": "bid", "look": "look", "trump": "trump", "play": "play", "cloud": "cloud", "pass": "pass"}
    for section in layout.sections:
        for i in range(section.start, section.stop):
            text = str(codec.action(i))
            assert text.startswith(words[section.name.split()[-1]])
            assert ("blind" in text) == (section.name == "blind bid")
    assert layout["bid"].size == 16  # bids 0..15, the ladder's last round for 4 players (R4.1)
    assert str(codec.action(layout["no trump"].start)) == "trump none"  # the Werewolf's holder (R8.6)
    assert {str(codec.action(i)) for i in range(layout["play"].start, layout["play"].stop)} >= {
        "play CLOUD:R",
        "play JUGGLER:B",
        "play SHAPESHIFTER:W",
        "play DRAGON",
    }
    assert "play WEREWOLF" not in {str(a) for a in codec.actions}  # swapped, never played (R8.6)


def test_codec_space_depends_only_on_rules_and_players() -> None:
    """Two codecs of equal rules agree index by index; the plain rules have no special actions."""
    assert ActionCodec(Rules(), 4).actions == ActionCodec(Rules(), 4).actions
    plain = ActionCodec(Rules(), 3)
    assert plain.describe().names == ("bid", "trump", "play")
    assert plain.size == 21 + 4 + 54  # bids 0..20, four suits, 52 suit cards, Wizard, Jester
    fixed = ActionCodec(Rules(schedule=ScheduleKind.MAXIMUS), 4)
    assert "trump" not in fixed.describe()  # every round's trump is fixed (R3.5)


def test_codec_refuses_actions_and_indices_outside_its_space() -> None:
    codec = ActionCodec(Rules(), 4)
    for action in (
        Bid(tricks=3, blind=True),
        Look(),
        Bid(tricks=16),
        parse_action("play CLOUD:R"),
        PassCard(Card.WIZARD),
    ):
        with pytest.raises(ActionError, match="not an action of these rules"):
            codec.index(action)
        with pytest.raises(ActionError):
            codec.mask_of([action])
    with pytest.raises(ActionError, match="not an action of these rules"):
        codec.index(["bid", 1])  # type: ignore[arg-type]
    for index in (-1, codec.size, 10**30):
        with pytest.raises(ActionError, match="outside"):
            codec.action(index)
    for wrong in ("3", 1.5, None):
        with pytest.raises(ActionError, match="not an integer"):
            codec.action(wrong)  # type: ignore[arg-type]
    assert codec.action(np.int64(3)) == Bid(tricks=3)
    with pytest.raises(RulesError, match="not a game of this codec"):
        codec.mask(new_game(3, seed=1))
    shared = Preset.RULEBOOK.rules()  # the same rules object, another number of players
    with pytest.raises(RulesError, match="not a game of this codec"):
        ActionCodec(shared, 4).mask(new_game(3, rules=shared, seed=1))
    with pytest.raises(RulesError, match="other rules or players"):
        Observer(shared, 4).observation(new_game(3, rules=shared, seed=1).view(0))
    with pytest.raises(RulesError, match="not a game of this codec"):
        codec.mask(new_game(4, rules=Preset.OFFICIAL.rules(), seed=1))


def test_codec_and_observer_refuse_impossible_tables() -> None:
    for players in (2, 7, "4"):
        with pytest.raises(RulesError, match="Wizard is for 3 to 6"):
            ActionCodec(Rules(), players)  # type: ignore[arg-type]
        with pytest.raises(RulesError):
            Observer(Rules(), players)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="einfarbig"):
        ActionCodec(Rules(schedule=ScheduleKind.EINFARBIG), 5)
    with pytest.raises(RulesError, match="expected a Rules"):
        ActionCodec("rulebook", 4)  # type: ignore[arg-type]


# -- the observer ------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [Rules(), *EXTRA_RULES, Preset.ANNIVERSARY_2021.rules()])
def test_layouts_cover_the_vectors_exactly(rules: Rules) -> None:
    """Sections follow each other from 0 to the vector's size; the information state extends the observation."""
    observer = Observer(rules, 4)
    observation = observer.describe(Encoding.OBSERVATION)
    information = observer.describe(Encoding.INFORMATION_STATE)
    for layout in (observation, information):
        assert [s.start for s in layout.sections] == [0, *[s.stop for s in layout.sections[:-1]]]
        assert layout.size == sum(s.size for s in layout.sections)
        assert len(set(layout.names)) == len(layout.names)
        table = layout.table()
        assert table.count("\n") == len(layout.sections) + 1
        assert all(f"`{name}`" in table for name in layout.names)
    assert information.sections[: len(observation.sections)] == observation.sections
    assert information.names[len(observation.names) :] == ("tricks", "leaders", "sheet", "sheet_trump")
    assert ("seen_hands" in observation) == (Variant.CLAIRVOYANCE in rules.variants)
    assert ("blind" in observation) == (Variant.BLIND_BIDS in rules.variants)
    assert ("passed" in observation) == bool(rules.special_cards)
    with pytest.raises(RulesError, match="no section 'nothing'"):
        observation["nothing"]
    with pytest.raises(RulesError, match="the observer encodes"):
        observer.describe(Encoding.ACTION_MASK)
    with pytest.raises(RulesError, match="the observer encodes"):
        observer.encode(new_game(4, rules=rules, seed=1).view(0), Encoding.ACTION_MASK)
    assert ActionCodec(rules, 4).describe().encoding is Encoding.ACTION_MASK


def section(vector: np.ndarray, observer: Observer, name: str) -> np.ndarray:
    layout = observer.describe(
        Encoding.INFORMATION_STATE if vector.size > observer.describe().size else Encoding.OBSERVATION
    )
    part = layout[name]
    return vector[part.slice].reshape(part.shape)


def test_observation_sections_hold_the_view_with_relative_seats() -> None:
    """Per-seat blocks start with the observing seat; counts are scaled by the most cards, totals by the game bound."""
    rules = Preset.OFFICIAL.rules()
    observer = Observer(rules, 4)
    states = list(game_states(rules, 4, seed=5))
    state = next(
        s for s in states if s.round_number == 6 and s.phase is Phase.PLAYING and len(s.current_trick.cards) == 2
    )
    for seat in range(4):
        view = state.view(seat)
        vector = observer.observation(view)
        order = [(seat + k) % 4 for k in range(4)]
        assert section(vector, observer, "hand_sizes").tolist() == pytest.approx(
            [view.hand_sizes[s] / 15 for s in order]
        )
        assert section(vector, observer, "totals").tolist() == pytest.approx([view.totals[s] / 1500 for s in order])
        assert section(vector, observer, "round").tolist() == pytest.approx([6 / 15])
        bids = section(vector, observer, "bids")
        assert [int(np.flatnonzero(bids[k])[0]) for k in range(4)] == [view.bids[s] for s in order]
        assert np.flatnonzero(section(vector, observer, "to_move"))[0] == (view.current_trick.leader + 2 - seat) % 4
        assert np.flatnonzero(section(vector, observer, "dealer"))[0] == (state.dealer - seat) % 4
        hand = section(vector, observer, "hand")
        assert hand.sum() == len(view.hand or ())
        trick = section(vector, observer, "trick")
        assert trick.sum() == 2
        leader = (view.current_trick.leader - seat) % 4
        assert trick[leader].any()
        assert trick[(leader + 1) % 4].any()
        played = section(vector, observer, "played")
        assert played.sum() == sum(len(t.cards) for t in view.completed_tricks) + 2
        assert section(vector, observer, "phase").tolist() == [0, 0, 1, 0, 0, 0]


def test_wizards_and_jesters_fill_their_places_in_card_planes() -> None:
    """A hand of two Wizards and three Jesters sets the first two Wizard and first three Jester bits."""
    hands = ["W W J J J", "R1 R2 R3 R4 R5", "Y1 Y2 Y3 Y4 Y5"]
    deals = [
        Deal(hands=[tuple(Card.parse(c) for c in hand.split()[:cards]) for hand in hands], turned_up=Card.parse("G1"))
        for cards in range(1, 6)
    ]
    rules = Rules(schedule=Schedule(cards_per_round=(1, 2, 3, 4, 5)))
    state = new_game(3, rules=rules, deal=deals, first_dealer=2)
    while state.round_number < 5:
        state = state.apply(state.legal_actions()[0])
    observer = Observer(rules, 3)
    hand = section(observer.observation(state.view(0)), observer, "hand")
    assert hand[52:60].tolist() == [1, 1, 0, 0, 1, 1, 1, 0]
    assert hand[:52].sum() == 0


def swapped_twin(state: GameState, rng: random.Random) -> GameState | None:
    """The same game and actions, but two seats swap a card of the current round that neither has played yet."""
    n = len(state.players)
    a, b = rng.sample(range(n), 2)
    held_a, held_b = state.hand(a), state.hand(b)
    if not held_a or not held_b:
        return None
    card_a, card_b = rng.choice(held_a), rng.choice(held_b)
    deals = list(state.deals)
    now = state.round_number - 1
    dealt = [list(hand) for hand in deals[now].hands]
    if card_a == card_b or card_a not in dealt[a] or card_b not in dealt[b]:  # e.g. passed after a Juggler
        return None
    dealt[a][dealt[a].index(card_a)] = card_b
    dealt[b][dealt[b].index(card_b)] = card_a
    deals[now] = Deal(hands=dealt, turned_up=deals[now].turned_up)
    twin = new_game(n, rules=state.rules, deal=deals, first_dealer=state.first_dealer)
    try:
        for action in state.actions:
            twin = twin.apply(action)
    except IllegalActionError:  # the swap would have made an earlier action illegal (e.g. a void shown)
        return None
    return twin


@pytest.mark.parametrize(
    "rules",
    [Rules(), Preset.HIDDEN_BIDS.rules(), Preset.ANNIVERSARY_2021.rules(), *EXTRA_RULES[:2]],
    ids=["rulebook", "hidden-bids", "anniversary-2021", "blind-clairvoyant", "secret-blind-special"],
)
def test_observations_depend_only_on_what_the_seat_may_know(rules: Rules) -> None:
    """Twin states whose deals differ in cards a seat cannot see give that seat equal vectors and strings;
    a seat that can tell them apart gets different information states (R4.3-R4.5)."""
    observer = Observer(rules, 4)
    rng = random.Random(11)
    equal = different = 0
    for game in range(4):
        for state in game_states(rules, 4, seed=100 + game):
            if state.is_over or rng.random() > 0.15:
                continue
            twin = swapped_twin(state, rng)
            if twin is None:
                continue
            assert twin.hands != state.hands
            for seat in range(4):
                mine, theirs = state.view(seat), twin.view(seat)
                if mine == theirs:
                    equal += 1
                    assert np.array_equal(observer.observation(mine), observer.observation(theirs))
                    assert np.array_equal(observer.information_state(mine), observer.information_state(theirs))
                    assert observer.observation_string(mine) == observer.observation_string(theirs)
                    assert observer.information_state_string(mine) == observer.information_state_string(theirs)
                else:
                    different += 1
                    assert not np.array_equal(observer.information_state(mine), observer.information_state(theirs))
                    assert observer.information_state_string(mine) != observer.information_state_string(theirs)
    assert equal > 50
    assert different > 20


@pytest.mark.parametrize(
    "rules", [Rules(), Preset.SECRET_BIDS.rules(), *EXTRA_RULES[:2], Preset.ANNIVERSARY_2016.rules()]
)
def test_information_states_tell_apart_exactly_the_views_that_differ(rules: Rules) -> None:
    """Perfect recall: within a game, a seat's information state (vector and text) differs whenever its view does."""
    observer = Observer(rules, 3)
    for game in range(1):
        for seat in range(3):
            by_vector: dict[bytes, PlayerView] = {}
            by_text: dict[str, PlayerView] = {}
            for state in game_states(rules, 3, seed=game):
                view = state.view(seat)
                assert by_vector.setdefault(observer.information_state(view).tobytes(), view) == view
                assert by_text.setdefault(observer.information_state_string(view), view) == view
            assert len(by_vector) > 100


def test_information_state_recalls_the_round_and_the_score_sheet() -> None:
    """The finished tricks card by card with their leaders, and every finished round's row."""
    rules = Rules()
    observer = Observer(rules, 3)
    state = next(s for s in game_states(rules, 3, seed=2) if s.round_number == 4 and len(s.completed_tricks) == 2)
    view = state.view(1)
    vector = observer.information_state(view)
    assert np.array_equal(vector[: observer.describe().size], observer.observation(view))
    tricks = section(vector, observer, "tricks")
    leaders = section(vector, observer, "leaders")
    assert tricks.sum() == 6
    assert leaders.sum() == 2
    for t, trick in enumerate(view.completed_tricks):
        assert np.flatnonzero(leaders[t])[0] == (trick.leader - 1) % 3
        for seat in trick.seats:
            assert tricks[t, (seat - 1) % 3].sum() == 1
    sheet = section(vector, observer, "sheet")
    assert sheet[3:].sum() == 0
    first = view.finished_rounds[0]
    assert sheet[0, 0].tolist() == pytest.approx(
        [
            first.bids[1] / 20,
            first.final_bids[1] / 20,
            first.tricks[1] / 20,
            0,
            float(first.hits[1]),
            first.points[1] / 220,
        ]
    )
    assert section(vector, observer, "sheet_trump")[:3].sum() == 3
    text = observer.information_state_string(view)
    assert text.count("\ntrick ") == 2
    assert text.count("\nround ") == 3


def test_encodings_fill_a_given_vector_and_refuse_foreign_views() -> None:
    observer = Observer(Rules(), 4)
    state = new_game(4, seed=9)
    view = state.view(2)
    out = np.full(observer.describe().size, 7.0, dtype=np.float32)
    assert observer.observation(view, out) is out
    assert np.array_equal(out, observer.observation(view))
    info = np.empty(observer.describe(Encoding.INFORMATION_STATE).size, dtype=np.float32)
    assert np.array_equal(observer.information_state(view, info), observer.encode(view, Encoding.INFORMATION_STATE))
    with pytest.raises(RulesError, match="expected"):
        observer.observation(view, np.zeros(3, dtype=np.float32))
    with pytest.raises(RulesError, match="expected"):
        observer.observation(view, np.zeros(observer.describe().size, dtype=np.float64))
    with pytest.raises(RulesError, match="other rules or players"):
        observer.observation(new_game(3, seed=1).view(0))
    with pytest.raises(RulesError, match="other rules or players"):
        observer.observation_string(new_game(4, rules=Preset.OFFICIAL.rules(), seed=1).view(0))


def test_observation_strings_describe_the_view() -> None:
    rules = Rules(variants=Variant.BLIND_BIDS | Variant.CLAIRVOYANCE)
    observer = Observer(rules, 3)
    state = new_game(3, rules=rules, seed=4)
    text = observer.observation_string(state.view(0))
    assert "hand: unseen" in text  # clairvoyance: the own card is not seen (R4.5)
    assert "hand of +1: " in text
    assert "hand of +2: " in text
    while state.round_number < 2:  # blind bids from round 2: in round 1 nobody sees their own card anyway
        state = state.apply(state.legal_actions()[0])
    blind_bid = next(a for a in state.legal_actions() if isinstance(a, Bid) and a.blind)
    after = state.apply(blind_bid)
    mover = state.to_move
    assert mover is not None
    assert f"+0 {blind_bid.tricks} blind" in observer.observation_string(after.view(mover))


def test_points_bounds_and_reward_scales() -> None:
    """The largest round: 20 + 10 x 20 for 3 players; the ladder's sum; doubled with blind bids (R6.1, R6.2)."""
    assert points_bounds(Rules(), 3) == (220, sum(20 + 10 * c for c in range(1, 21)))
    assert points_bounds(Rules(variants=Variant.BLIND_BIDS), 3) == (440, 2 * sum(20 + 10 * c for c in range(1, 21)))
    assert points_bounds(Rules(score_rule=StandardScore(miss_penalty=100)), 4)[0] == 1500
    assert Reward.POINTS.scale(Rules(), 4) == 1.0
    assert Reward.SCALED.scale(Rules(), 4) == pytest.approx(1 / 170)

    class Halves:
        def points(self, bid: int, tricks: int, *, blind: bool = False) -> float:
            return 0.5

    with pytest.raises(RulesError, match="whole number"):
        points_bounds(Rules(score_rule=Halves()), 4)  # type: ignore[arg-type]


def test_table_text_shows_every_hand() -> None:
    state = new_game(4, seed=1)
    text = table_text(state)
    for seat, name in enumerate(state.players):
        assert f"{name}: " in text
        assert all(str(card) in text for card in state.hand(seat))
    assert "<- to act" in text


def test_the_docs_tables_are_the_layouts() -> None:
    """The layout tables of the docs page are those `describe()` gives, so they cannot drift."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "rl.md").read_text(encoding="utf-8")
    everything = Rules(variants=Variant.BLIND_BIDS | Variant.CLAIRVOYANCE, special_cards=EDITION_2021)
    assert ActionCodec(Rules(), 4).describe().table() in text
    assert ActionCodec(Rules(variants=Variant.BLIND_BIDS, special_cards=EDITION_2021), 4).describe().table() in text
    assert Observer(Rules(), 4).describe(Encoding.INFORMATION_STATE).table() in text
    assert Observer(everything, 4).describe().table() in text


# -- hostile input (found by tests/test_fuzz_extras.py) -------------------------------------------


def test_values_of_the_wrong_type_get_library_errors() -> None:
    """Values of the wrong type reached attribute look-ups, numpy's truth tests and unbounded reprs;
    each is refused with a library error naming it."""
    codec, observer = ActionCodec(Rules(), 4), Observer(Rules(), 4)
    state = new_game(4, seed=1)
    view = state.view(0)
    huge = 10**5000
    cases: list[tuple[Callable[[], object], type[Exception], str]] = [
        (lambda: points_bounds(None, 4), RulesError, "expected a Rules value"),  # type: ignore[arg-type]
        (lambda: Reward.SCALED.scale("rulebook", 4), RulesError, "expected a Rules value"),  # type: ignore[arg-type]
        (lambda: ActionCodec(Rules(), huge), RulesError, "16610-bit number"),
        (lambda: codec.action(huge), ActionError, "16610-bit number"),
        (lambda: codec.action(True), ActionError, "not an integer"),
        (lambda: codec.indices(5), ActionError, "expected a sequence"),  # type: ignore[arg-type]
        (lambda: codec.mask_of(5), ActionError, "expected a sequence"),  # type: ignore[arg-type]
        (lambda: codec.mask("state"), RulesError, "not a game"),  # type: ignore[arg-type]
        (lambda: codec.describe()[5], RulesError, "no section 5"),  # type: ignore[index]
        (lambda: observer.describe(["observation"]), RulesError, "encodes observations"),  # type: ignore[arg-type]
        (lambda: observer.encode(view, huge), RulesError, "encodes observations"),  # type: ignore[arg-type]
        (lambda: observer.observation("view"), RulesError, "not a PlayerView"),  # type: ignore[arg-type]
        (lambda: observer.information_state(None), RulesError, "not a PlayerView"),  # type: ignore[arg-type]
        (lambda: observer.observation_string(5), RulesError, "not a PlayerView"),  # type: ignore[arg-type]
        (lambda: observer.observation(view, out=[0.0] * 496), RulesError, "out has"),  # type: ignore[arg-type]
        (lambda: table_text("state"), RulesError, "not a GameState"),  # type: ignore[arg-type]
        (lambda: table_text(state, ["Ann"]), RulesError, "one per seat"),
        (lambda: table_text(state, 5), RulesError, "expected a sequence"),  # type: ignore[arg-type]
    ]
    for call, error, words in cases:
        with pytest.raises(error, match=words) as info:
            call()
        assert len(str(info.value)) < 300
    assert np.array([1, 2]) not in codec.describe()  # numpy's elementwise == is not asked for its truth
    assert codec.action(np.uint8(3)) == Bid(tricks=3)


def test_a_read_only_or_misshapen_out_buffer_is_refused_and_left_as_it_was() -> None:
    """An `out=` buffer the encoding cannot be written into is refused before anything is written."""
    observer = Observer(Rules(), 4)
    view = new_game(4, seed=1).view(0)
    size = observer.describe().size
    frozen = np.full(size, 7.0, dtype=np.float32)
    frozen.setflags(write=False)
    for out in (frozen, np.full(size + 1, 7.0, dtype=np.float32), np.full(size, 7.0)):
        with pytest.raises(RulesError, match="out"):
            observer.observation(view, out=out)
        assert (out == 7.0).all()
    strided = np.zeros(2 * size, dtype=np.float32)[::2]  # a vector of the right size, if not contiguous
    assert np.array_equal(observer.observation(view, out=strided), observer.observation(view))
