"""Fuzzing: every public entry point that takes outside input, driven with hostile values.

Hostile values are wrong types, huge and negative numbers, NaN and infinities, bools,
subclasses of int, str, tuple and list, nested containers, iterators, other domain values,
deep and malformed JSON and command lines. Every call must:

- return, or raise a `WizardRulesError` (apps catch that one at their boundary);
- when it refuses, leave the object it was called on as it was;
- take no more than a moment (`MOMENT`), and, given a huge number, allocate little
  (`test_huge_numbers_take_no_time_or_memory`).

The default hypothesis profile runs a few dozen examples per entry point, in seconds. The
`fuzz` profile of `conftest.py` runs a thousand each: `.ci/run` runs this module with
`HYPOTHESIS_PROFILE=fuzz`.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import math
import random
import unicodedata
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from functools import cache
from importlib.util import find_spec
from typing import Any

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from _hostile import (
    SHORT,
    actions,
    call_with,
    card_lists,
    cards,
    counts,
    hostile,
    hostile_views,
    huge_sequences,
    maybe,
    names,
    outcome,
    policies,
    power,
    refused,
    refused_at_once,
    refused_before_copying,
    rule_fields,
    rules_st,
    seats,
    states,
    suits,
)
from wizardrules import (
    Bid,
    BidContext,
    Card,
    CardKind,
    ChangeBid,
    ChooseTrump,
    CloudChange,
    Deal,
    Deck,
    EqualBids,
    ExpertBot,
    FixedTrump,
    FormatError,
    FreeBids,
    GameRecord,
    GameState,
    Language,
    MonteCarloBot,
    NotEqualBids,
    PassCard,
    Play,
    PlayerView,
    Preset,
    RandomBot,
    Round,
    RuleBot,
    Rules,
    RulesError,
    Schedule,
    ScorekeeperHook,
    ScoreSheet,
    Special,
    StandardScore,
    Suit,
    TieBreak,
    Trick,
    Variant,
    _codec,
    allowed_bids,
    decide_trick,
    led_suit,
    legal_plays,
    new_game,
    parse_action,
    parse_cards,
    play_game,
    random_games,
    round_points,
    standings,
    svg,
    tournament,
    trick_winner,
    verify_bid,
    winners,
    wire,
)
from wizardrules._convert import shown
from wizardrules.bots import sample_world, world_state
from wizardrules.cli import main
from wizardrules.engine.view import view_problem
from wizardrules.tournament import BotStats, TournamentResult

# -- notation, cards and actions ----------------------------------------------------------------------


@given(maybe(st.text(max_size=30)))
def test_notation_parsers(text: Any) -> None:
    """Card, cards, action, suit and preset notation: parsed, or a NotationError; what parses writes back."""
    card = outcome(lambda: Card.parse(text))
    if isinstance(card, Card):
        assert Card.parse(str(card)) == card
    parsed = outcome(lambda: parse_cards(text))
    if isinstance(parsed, tuple):
        assert parse_cards(" ".join(map(str, parsed))) == parsed
    action = outcome(lambda: parse_action(text))
    if not refused(action):
        assert parse_action(str(action)) == action
    outcome(lambda: Suit.parse(text))
    outcome(lambda: Preset.parse(text))


@given(
    maybe(st.sampled_from(CardKind)),
    maybe(suits),
    maybe(st.integers(-1, 14)),
    maybe(st.sampled_from([None, CardKind.WIZARD, CardKind.JESTER])),
    hostile,
)
def test_card_constructors(kind: Any, suit: Any, rank: Any, role: Any, other: Any) -> None:
    """Cards are made, or refused with a CardError."""
    outcome(lambda: Card(kind, suit, rank, role))
    outcome(lambda: Card.suited(suit, rank))
    outcome(lambda: Card.CLOUD.declared(other))
    outcome(lambda: Card.SHAPESHIFTER.declared(other))
    outcome(lambda: Card.WIZARD.display(other))
    outcome(lambda: Suit.RED.display(other))
    outcome(lambda: Deck(specials=other))
    outcome(lambda: Deck().shuffled(other))


@given(maybe(st.integers(0, 67)), maybe(st.booleans()), maybe(cards), maybe(suits), maybe(st.sampled_from(CloudChange)))
def test_action_constructors(tricks: Any, blind: Any, card: Any, suit: Any, change: Any) -> None:
    """Actions are made, or refused with an ActionError; an action made writes its notation."""
    for made in (
        outcome(lambda: Bid(tricks=tricks, blind=blind)),
        outcome(lambda: Play(card)),
        outcome(lambda: ChooseTrump(suit)),
        outcome(lambda: ChangeBid(change)),
        outcome(lambda: PassCard(card)),
    ):
        if not refused(made):
            assert parse_action(str(made)) == made


# -- tricks, scoring, bidding -----------------------------------------------------------------------------


@given(
    trick=maybe(card_lists),
    hand=maybe(card_lists),
    trump=maybe(suits),
    leader=maybe(seats),
    players=maybe(st.integers(3, 6)),
    card=maybe(cards),
)
def test_trick_functions(*, trick: Any, hand: Any, trump: Any, leader: Any, players: Any, card: Any) -> None:
    """The trick functions and `Trick` decide, or raise a TrickError."""
    outcome(lambda: led_suit(trick))
    outcome(lambda: legal_plays(hand, trick))
    outcome(lambda: trick_winner(trick, trump))
    outcome(lambda: decide_trick(trick, trump))
    made = outcome(lambda: Trick(leader=leader, players=players, trump=trump, cards=trick))
    if isinstance(made, Trick):
        assert type(made.cards) is tuple
        outcome(lambda: made.add(card))


@given(maybe(counts), maybe(counts), maybe(st.booleans()), maybe(st.lists(st.integers(-500, 500), max_size=6)), hostile)
def test_scoring(bid: Any, tricks: Any, blind: Any, totals: Any, other: Any) -> None:
    """Points, score rules and standings: computed, or a ScoringError."""
    outcome(lambda: round_points(bid, tricks, blind=blind))
    rule = outcome(lambda: StandardScore(hit_bonus=other))
    if isinstance(rule, StandardScore):
        outcome(lambda: rule.breakdown(bid, tricks, blind=blind))
    outcome(lambda: standings(totals))
    outcome(lambda: standings(totals, tiebreak=TieBreak.EXACT_HITS, hits=other))
    outcome(lambda: standings(totals, tiebreak=other, hits=totals))
    outcome(lambda: winners(other))


@given(
    maybe(policies),
    st.fixed_dictionaries(
        {
            "cards": maybe(st.integers(0, 22)),
            "bids": maybe(st.lists(st.integers(0, 5), max_size=6)),
            "players": maybe(st.integers(2, 7)),
            "round_number": maybe(st.integers(0, 20)),
            "totals": maybe(st.one_of(st.none(), st.lists(st.integers(-100, 100), min_size=3, max_size=6))),
            "dealer": maybe(st.one_of(st.none(), seats)),
        }
    ),
    maybe(counts),
    hostile,
)
def test_bidding(policy: Any, situation: dict[str, Any], bid: Any, other: Any) -> None:
    """Bidding situations and policies: answered, or a BidError."""
    outcome(call_with(BidContext, situation))
    outcome(lambda: allowed_bids(policy, **situation))
    outcome(lambda: verify_bid(policy, bid, **situation))
    outcome(lambda: NotEqualBids(first_round_free=other))
    outcome(lambda: NotEqualBids(min_cards=other))
    outcome(lambda: ScorekeeperHook(scorekeeper=other))


# -- rules and schedules ------------------------------------------------------------------------------------


@given(
    per_round=maybe(st.lists(st.integers(0, 25), max_size=4)),
    trumps=maybe(st.lists(st.one_of(st.none(), st.sampled_from(FixedTrump)), max_size=4)),
    name=maybe(st.text(max_size=10)),
    players=maybe(st.integers(2, 7)),
    deck=maybe(st.integers(55, 70)),
    other=hostile,
)
def test_schedules(*, per_round: Any, trumps: Any, name: Any, players: Any, deck: Any, other: Any) -> None:
    """Schedules and their built-in forms: made, or a RulesError."""
    made = outcome(lambda: Schedule(cards_per_round=per_round, trumps=trumps, name=name))
    if isinstance(made, Schedule):
        assert type(made.cards_per_round) is tuple
        assert type(made.name) is str
        outcome(lambda: made.check(players, deck))
        outcome(lambda: made.cards(other))
        outcome(lambda: made.fixed_trump(other))
    outcome(lambda: Schedule.ladder(players, other))
    outcome(lambda: Schedule.tournament(other))
    outcome(lambda: Schedule.einfarbig(other))
    outcome(lambda: Schedule.maximus(players, other))


@given(rule_fields, maybe(st.integers(2, 7)), hostile)
def test_rules(fields: dict[str, Any], players: Any, other: Any) -> None:
    """Rules are made, or a RulesError; rules made are checked for players, and save and load."""
    rules = outcome(lambda: Rules(**fields))
    if isinstance(rules, Rules):
        outcome(lambda: rules.check(players))
        outcome(lambda: rules.schedule_for(other))
        sheet = outcome(lambda: ScoreSheet(players=["Ann", "Ben", "Cem", "Dan"], rules=rules))
        if isinstance(sheet, ScoreSheet):
            assert ScoreSheet.from_json(sheet.to_json()) == sheet
    for name in ("bid_policy", "bid_reveal", "variants", "special_cards", "schedule", "score_rule", "tiebreak"):
        outcome(lambda name=name: Rules(**{name: other}))  # type: ignore[misc]


# -- the score sheet ----------------------------------------------------------------------------------------


@cache
def sheets() -> tuple[ScoreSheet, ...]:
    """Sheets at several moments: new, with rounds, with bids pending, with special cards and blind bids."""
    names = ["Ann", "Ben", "Cem"]
    plain = ScoreSheet(players=names).record(bids=[1, 0, 0], tricks=[1, 0, 0])
    special = ScoreSheet(
        players=[*names, "Dan"],
        rules=Rules(special_cards={Special.CLOUD, Special.BOMB}, variants=Variant.BLIND_BIDS),
    )
    special = special.record(bids=[0, 1, 0, 0], tricks=[0, 1, 0, 0], blind=["Ann"]).record_bids([1, 1, 0, 0])
    over = ScoreSheet(players=names, rules=SHORT).record(bids=[1, 0, 0], tricks=[1, 0, 0])
    over = over.record(bids=[0, 0, 0], tricks=[1, 1, 0])
    return (ScoreSheet(players=names), plain, plain.record_bids([0, 1, 1]), special, over)


def sheet_snapshot(sheet: ScoreSheet) -> Callable[[], object]:
    return lambda: (sheet.to_json(), sheet.entries, sheet.rounds, sheet.pending, sheet.totals)


player_values = st.one_of(
    st.lists(st.integers(0, 3), min_size=3, max_size=4),
    st.dictionaries(st.sampled_from(["Ann", "Ben", "Cem", "Dan", "Eve"]), st.integers(0, 3)),
)


@given(
    which=st.integers(0, 4),
    bids=maybe(player_values),
    tricks=maybe(player_values),
    blind=maybe(st.lists(st.sampled_from(["Ann", "Ben", 0, 1]), max_size=2)),
    cloud=maybe(st.one_of(st.none(), st.tuples(st.sampled_from(["Ann", "Ben", 0, 3]), st.sampled_from(CloudChange)))),
    bombs=maybe(st.integers(0, 1)),
    trump=maybe(suits),
)
def test_sheet_entries(*, which: int, bids: Any, tricks: Any, blind: Any, cloud: Any, bombs: Any, trump: Any) -> None:
    """Every entry of a sheet is recorded, or refused with the sheet as it was."""
    sheet = sheets()[which]
    same = sheet_snapshot(sheet)
    recorded = outcome(
        lambda: sheet.record(bids=bids, tricks=tricks, blind=blind, cloud=cloud, bombs=bombs, trump=trump), same
    )
    if isinstance(recorded, ScoreSheet):
        assert ScoreSheet.from_json(recorded.to_json()) == recorded
    outcome(lambda: sheet.record_bids(bids, blind=blind), same)
    outcome(lambda: sheet.record_tricks(tricks, bombs=bombs, trump=trump), same)
    outcome(
        lambda: (
            sheet.change_bid(cloud[0], cloud[1])
            if isinstance(cloud, tuple) and len(cloud) == 2
            else sheet.change_bid(cloud, cloud)
        ),
        same,
    )
    outcome(sheet.undo, same)
    outcome(lambda: sheet.seat(blind), same)
    outcome(lambda: sheet.dealer_of(bombs), same)


@given(
    maybe(st.lists(st.sampled_from(["Ann", "Ben", "Cem", "Dan", " ", ""]), max_size=7)), maybe(rules_st), maybe(seats)
)
def test_sheet_construction(players: Any, rules: Any, first_dealer: Any) -> None:
    """A sheet is made, or a library error names what is wrong; a sheet made saves and loads."""
    sheet = outcome(lambda: ScoreSheet(players=players, rules=rules, first_dealer=first_dealer))
    if isinstance(sheet, ScoreSheet):
        assert all(type(name) is str for name in sheet.players)
        assert ScoreSheet.from_json(sheet.to_json()) == sheet


# -- saved files ----------------------------------------------------------------------------------------------


json_values: st.SearchStrategy[Any] = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.sampled_from([10**3000, -(10**3000), 10**40]),
        st.floats(),
        st.text(max_size=8),
        st.sampled_from(["", "none", "R", "up", "bids", "round", "tricks", "cloud", "\ud800"]),
    ),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=8,
)


@cache
def saved_files() -> tuple[str, ...]:
    """Files the library wrote: score sheets and game records."""
    sheet = sheets()[3]
    state = new_game(
        ["Ann", "Ben", "Cem"], rules=Rules(special_cards={Special.CLOUD}, schedule=Schedule.ladder(3, rounds=2)), seed=4
    )
    rng = random.Random(4)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return (sheets()[1].to_json(), sheet.to_json(), GameRecord.from_state(state).to_json())


def paths(data: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in decoded JSON, as the keys and indexes that lead there."""
    yield prefix
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        yield from paths(value, (*prefix, key))


def replaced(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    head, *rest = path
    copy = dict(data) if isinstance(data, dict) else list(data)
    copy[head] = replaced(data[head], tuple(rest), value)
    return copy


def load(text: str | bytes) -> object:
    """The loader of the file's format (by its text); both are tried on text of neither."""
    if b"wizardrules/game" in (text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")):
        return GameRecord.from_json(text)
    return ScoreSheet.from_json(text)


@given(st.integers(0, 2), st.data(), json_values)
def test_edited_files_load_or_are_format_errors(which: int, data: st.DataObject, value: Any) -> None:
    """A saved file with any one place replaced by any JSON value loads, or is a FormatError, nothing else."""
    original = saved_files()[which]
    decoded = json.loads(original)
    path = data.draw(st.sampled_from(list(paths(decoded))))
    text = json.dumps(replaced(decoded, path, value))
    result = outcome(lambda: load(text))
    assert not refused(result) or isinstance(result, FormatError), shown(str(result))
    if not refused(result):  # only an "edit" that changes nothing: the checksum covers all the rest
        assert json.loads(text) == decoded


@given(
    st.one_of(
        st.text(max_size=50),
        st.binary(max_size=50),
        st.integers(1, 3000).map(lambda n: "[" * n),
        st.integers(1, 3000).map(lambda n: '{"a":' * n),
        st.integers(0, 2).flatmap(
            lambda i: st.integers(0, len(saved_files()[i])).map(lambda cut: saved_files()[i][:cut])
        ),
        st.sampled_from(
            ['{"format": "wizardrules/scoresheet", "version": ' + "9" * 5000 + "}", "NaN", "1e999", '"\\ud800"']
        ),
    )
)
def test_malformed_files_are_format_errors(text: str | bytes) -> None:
    """Text that is not a saved file, however malformed or deep, is a FormatError from both loaders."""
    for loader in (ScoreSheet.from_json, GameRecord.from_json):
        result = outcome(lambda loader=loader: loader(text))  # type: ignore[misc]
        assert isinstance(result, FormatError) or text in saved_files()


@given(hostile)
def test_loaders_take_only_text(value: Any) -> None:
    """Anything that is not JSON text given to a loader is a FormatError."""
    for loader in (ScoreSheet.from_json, GameRecord.from_json):
        assert isinstance(outcome(lambda loader=loader: loader(value)), FormatError)  # type: ignore[misc]


@given(st.data())
def test_game_records(data: st.DataObject) -> None:
    """`GameRecord(...)` checks the kinds of its parts; a record made replays, or raises a library error."""
    record = GameRecord.from_json(saved_files()[2])
    parts = {
        "players": data.draw(maybe(st.just(record.players))),
        "rules": data.draw(maybe(st.just(record.rules))),
        "first_dealer": data.draw(maybe(st.integers(-1, 3))),
        "deals": data.draw(maybe(st.just(record.deals))),
        "actions": data.draw(maybe(st.lists(actions, max_size=3) | st.just(record.actions))),
    }
    made = outcome(call_with(GameRecord, parts))
    if isinstance(made, GameRecord):
        assert type(made.players) is tuple
        assert type(made.actions) is tuple
        outcome(made.replay)
        outcome(made.to_json)


# -- the engine ------------------------------------------------------------------------------------------------


@given(
    players=maybe(
        st.one_of(st.integers(2, 7), st.lists(st.sampled_from(["Ann", "Ben", "Cem", "Dan", ""]), max_size=7))
    ),
    rules=maybe(rules_st),
    seed=maybe(st.integers()),
    rng=maybe(st.just(random.Random(3))),
    deal=hostile,
    first_dealer=maybe(seats),
)
def test_new_game(*, players: Any, rules: Any, seed: Any, rng: Any, deal: Any, first_dealer: Any) -> None:
    """A game starts, or a library error says why not, whatever the players, rules, chance and dealer."""
    outcome(lambda: new_game(players, rules=rules, seed=seed, first_dealer=first_dealer))
    outcome(lambda: new_game(players, rules=rules, rng=rng))
    outcome(lambda: new_game(players, rules=rules, deal=deal, first_dealer=first_dealer))


def state_snapshot(state: GameState) -> Callable[[], object]:
    def snapshot() -> object:
        return (
            state.actions,
            state.legal_actions(),
            state.hands,
            state.totals,
            state.phase,
            state.to_move,
            tuple(state.view(seat) for seat in range(len(state.players))),
        )

    return snapshot


@given(st.data(), st.one_of(actions, hostile), maybe(st.one_of(st.none(), seats)))
def test_engine_steps(data: st.DataObject, action: Any, seat: Any) -> None:
    """`apply`, `step`, `is_legal`, `view` and `hand` on states of every phase: a refusal leaves the state as it was."""
    state = data.draw(st.sampled_from(states()))
    if data.draw(st.booleans()) and state.legal_actions():
        action = data.draw(st.sampled_from(state.legal_actions()))
    same = state_snapshot(state)
    legal = outcome(lambda: state.is_legal(action, seat=seat))
    assert type(legal) is bool
    applied = outcome(lambda: state.apply(action, seat=seat), same)
    assert legal == (not refused(applied)), (shown(action), shown(seat), shown(str(applied)))
    stepped = outcome(lambda: state.step(action, seat=seat), same)
    if isinstance(stepped, tuple):
        assert stepped[0] == applied
    outcome(lambda: state.view(seat), same)
    outcome(lambda: state.hand(seat), same)


# -- bots, games, tournaments, sampling ------------------------------------------------------------------------


@cache
def warm_search() -> None:
    """One search outside the timed calls: with the `fast` extra, MonteCarloBot's first rollouts
    load (or, on a cold disk cache, compile for seconds) the compiled core's code."""
    state = new_game(3, rules=SHORT, seed=1)
    MonteCarloBot(worlds=1, seed=1).act(state.view(state.to_move or 0), state.legal_actions())


@given(
    data=st.data(),
    other=hostile,
    samples=maybe(st.integers(1, 3)),
    time_ms=maybe(st.floats(0.001, 5)),
    seed=maybe(st.integers()),
    another=maybe(st.integers()),
)
def test_bots(*, data: st.DataObject, other: Any, samples: Any, time_ms: Any, seed: Any, another: Any) -> None:
    """Bots are made, or a RulesError; `act` with a view and its legal actions answers, with anything else refuses."""
    warm_search()
    state = data.draw(st.sampled_from([s for s in states() if not s.is_over and not s.rules.special_cards]))
    seat = state.to_move
    assert seat is not None
    view, legal = state.view(seat), state.legal_actions()
    if type(samples) is int and samples > 3:
        samples = 3  # more is a request for work, not a hostile value
    random_bot = outcome(lambda: RandomBot(seed=seed))
    montecarlo = outcome(lambda: MonteCarloBot(worlds=samples, seed=another, time_ms=time_ms))
    outcome(lambda: MonteCarloBot(rollout=other))
    for bot in (random_bot, montecarlo, RuleBot()):
        if refused(bot):
            continue
        chosen = outcome(lambda bot=bot: bot.act(view, legal))  # type: ignore[misc]
        assert chosen in legal
        own = getattr(bot, "_rng", None)
        drawn: Callable[[], object] | None = None if own is None else own.getstate  # a refused act draws nothing
        outcome(lambda bot=bot: bot.act(other, legal), drawn)  # type: ignore[misc]
        outcome(lambda bot=bot: bot.act(view, other), drawn)  # type: ignore[misc]


@cache
def view_states() -> tuple[GameState, ...]:
    """States to spoil views of: every phase of `states`, and the ladder's eighth round (eight cards a hand)."""
    state = new_game(4, seed=8)
    bot = RuleBot()
    while state.round_number < 8 or len(state.current_trick.cards) < 2:
        state = state.apply(bot.act(state.view(state.to_move or 0), state.legal_actions()))
    return (*states(), state)


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_bots_and_pictures_take_hostile_views(data: st.DataObject) -> None:
    """A view is input: a bot answers a legal action or a library error, a picture draws or refuses.

    The searching bots and the table picture refuse every view `view_problem` finds no game
    reaches, before they size anything by it, and so does the reader of the view's JSON.
    """
    warm_search()
    view, legal = hostile_views(data, view_states())
    problem = outcome(lambda: view_problem(view))
    assert isinstance(problem, str), problem
    bots = (
        RandomBot(seed=1),
        RuleBot(),
        MonteCarloBot(worlds=2, seed=1),
        ExpertBot(worlds=2, oversample=2, compiled=False, seed=1),
    )
    for bot in bots:
        chosen = outcome(lambda bot=bot: bot.act(view, legal))  # type: ignore[misc]
        assert refused(chosen) or chosen in legal, (bot, chosen)
        if problem and isinstance(bot, (MonteCarloBot, ExpertBot)):
            assert refused(chosen), (bot, problem)
    picture = outcome(lambda: svg.table(view))
    assert refused(picture) == bool(problem), (problem, picture)
    if isinstance(picture, str):
        ET.fromstring(picture)  # noqa: S314 - our own output
    try:
        text = wire.to_json(view)
    except Exception:
        return
    read = outcome(lambda: wire.view_from_json(text))
    if isinstance(read, PlayerView):  # what the reader takes is reachable; an unreachable view never comes back
        assert view_problem(read) == ""
        assert not problem or read != view, problem


def test_a_view_of_a_hundred_thousand_cards_is_refused_at_once() -> None:
    """`"cards": 100000` is refused by the reader, and a view built with it by the bots, in milliseconds."""
    state = new_game(4, seed=2)
    view = state.view(state.to_move or 0)
    data = json.loads(wire.to_json(view))
    data["cards"] = data["hand_sizes"][0] = 100_000
    assert refused(outcome(lambda: wire.view_from_json(json.dumps(data))))
    spoiled = attrs.evolve(view, cards=100_000, hand_sizes=(100_000,) * 4)
    for bot in (ExpertBot(worlds=2), ExpertBot(worlds=2, compiled=False), MonteCarloBot(worlds=2)):
        refused_at_once(lambda _, bot=bot: bot.act(spoiled, state.legal_actions()), 100_000)  # type: ignore[misc]
    refused_at_once(lambda _: svg.table(spoiled), 100_000)


@given(
    maybe(st.lists(st.sampled_from([RuleBot(), RandomBot(seed=1)]), min_size=2, max_size=7)),
    maybe(st.just(SHORT)),
    maybe(st.integers()),
    maybe(st.lists(st.sampled_from(["Ann", "Ben", "Cem", ""]), max_size=4)),
)
def test_play_game(bots: Any, rules: Any, seed: Any, names: Any) -> None:
    """A game between bots is played, or refused with a library error."""
    outcome(lambda: play_game(bots, rules=rules, seed=seed, names=names))


@given(
    maybe(st.lists(st.sampled_from([RuleBot, RandomBot]), min_size=2, max_size=7)),
    maybe(st.integers(0, 2)),
    maybe(st.integers()),
    st.one_of(st.none(), hostile.filter(lambda v: v != "process")),
    maybe(st.one_of(st.none(), st.integers(0, 3))),
)
def test_tournament(bots: Any, games: Any, seed: Any, executor: Any, chunk_size: Any) -> None:
    """A small tournament runs in this process, or is refused with a library error."""
    if type(games) is int and games > 2:
        games = 2
    outcome(lambda: tournament(bots, games, rules=SHORT, seed=seed, executor=executor, chunk_size=chunk_size))


@cache
def results() -> tuple[TournamentResult, ...]:
    """Small results to tamper with: seat-rotated of one game, duplicate of two deals from game 3."""
    return (
        tournament([RuleBot, RandomBot, RandomBot], 1, rules=SHORT, executor=None),
        tournament([RuleBot, RandomBot, RandomBot], 6, rules=SHORT, duplicate=True, start=3, executor=None),
    )


def _places(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every value in plain data: object keys and list positions, from the top."""
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _places(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _places(value, (*path, index))


def tampered_data(data: st.DataObject, original: dict[str, Any]) -> Any:
    """`original` (a result's plain data) with one value replaced by a hostile or a near one, left out, repeated, or
    with a field added."""
    found = json.loads(json.dumps(original))
    path = data.draw(st.sampled_from(list(_places(found))), label="path")
    how = data.draw(st.sampled_from(["replace", "nudge", "drop", "repeat", "add"]), label="how")
    if not path:
        return data.draw(hostile, label="whole") if how == "replace" else found
    *head, last = path
    parent = found
    for step in head:
        parent = parent[step]
    value = parent[last]
    if how == "nudge" and type(value) in (int, float):
        by = data.draw(st.sampled_from([1, -1, 0.5, 10**18, power(5000), math.inf]), label="by")
        try:
            parent[last] = value + by
        except OverflowError:  # a float and a number beyond any float
            parent[last] = by
    elif how == "drop":
        del parent[last]
    elif how == "repeat" and isinstance(parent, list):
        parent.append(value)
    elif how == "add" and isinstance(parent, dict):
        parent[data.draw(st.text(max_size=6), label="key")] = data.draw(hostile, label="added")
    else:
        parent[last] = data.draw(hostile, label="value")
    return found


def read_without_failing(result: TournamentResult) -> None:
    """What reads a result answers, or refuses with a library error: texts, comparisons, ratings, the forms."""
    names = [stats.name for stats in result.bots]
    for language in Language:
        outcome(lambda language=language: result.to_text(language=language))  # type: ignore[misc]
    for better in names:
        for worse in names:
            outcome(lambda better=better, worse=worse: result.compare(better, worse))  # type: ignore[misc]
    text = outcome(result.to_json)
    if isinstance(text, str):
        assert TournamentResult.from_json(text) == result
    if find_spec("openskill") is not None:
        from wizardrules.tournament.ratings import rate_tournament

        outcome(lambda: rate_tournament(result))


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_tampered_tournament_results(data: st.DataObject) -> None:
    """A result's plain data or JSON with one value spoiled is read back checked or refused with a FormatError,
    and what is read answers `compare`, `to_text` and `rate_tournament`; a result changed with `attrs.evolve`
    is made or refused with a RulesError, likewise."""
    result = data.draw(st.sampled_from(results()))
    spoiled = tampered_data(data, result.to_dict())
    read = outcome(lambda: TournamentResult.from_dict(spoiled))
    assert isinstance(read, (TournamentResult, FormatError)), read
    try:
        text = json.dumps({**spoiled, "checksum": _codec.checksum(spoiled)}) if isinstance(spoiled, dict) else None
    except (TypeError, ValueError):  # values JSON has no form for
        text = None
    if text is not None:  # JSON makes tuples lists and keys text: it may read what from_dict refused, and back
        again = outcome(lambda: TournamentResult.from_json(text))
        assert isinstance(again, (TournamentResult, FormatError)), again
        if isinstance(again, TournamentResult) and isinstance(read, TournamentResult):
            assert again == read
    if isinstance(read, TournamentResult):
        read_without_failing(read)
    name = data.draw(st.sampled_from([f.name for f in attrs.fields(TournamentResult)]), label="field")
    value = data.draw(hostile, label=name)
    changed = outcome(lambda: attrs.evolve(result, **{name: value}))
    assert isinstance(changed, (TournamentResult, RulesError)), changed
    figure = data.draw(st.sampled_from([f.name for f in attrs.fields(BotStats)]), label="figure")
    value = data.draw(hostile, label=figure)
    made = outcome(lambda: attrs.evolve(result.bots[0], **{figure: value}))
    assert isinstance(made, (BotStats, RulesError)), made
    if isinstance(made, BotStats):
        changed = outcome(lambda: attrs.evolve(result, bots=(made, *result.bots[1:])))
    if isinstance(changed, TournamentResult):
        read_without_failing(changed)
    part = data.draw(st.one_of(st.sampled_from(results()), hostile), label="part")
    outcome(lambda: result.combined(part))


@given(
    maybe(st.integers(0, 2)),
    maybe(st.one_of(st.integers(2, 7), st.lists(st.sampled_from(["Ann", "Ben", "Cem", "Dan"]), max_size=5))),
    maybe(st.sampled_from([SHORT, Rules(bid_policy=EqualBids(), schedule=Schedule(cards_per_round=(2, 1)))])),
    maybe(st.integers()),
    st.booleans(),
)
def test_random_games(n: Any, players: Any, rules: Any, seed: Any, compiled: bool) -> None:
    """Random playouts run, or are refused with a RulesError (no allocation from a bad seed)."""
    if type(n) is int and n > 2:
        n = 2  # more is a request for work, not a hostile value
    outcome(lambda: random_games(n, players=players, rules=rules, seed=seed, compiled=compiled))


@given(st.data(), hostile)
def test_sampling(data: st.DataObject, other: Any) -> None:
    """Worlds are sampled and replayed, or a library error says why not."""
    state = data.draw(st.sampled_from([s for s in states() if not s.rules.special_cards and not s.is_over]))
    seat = data.draw(st.integers(0, len(state.players) - 1))
    view = state.view(seat)
    world = outcome(
        lambda: sample_world(
            view, data.draw(maybe(st.just(random.Random(1)))), tries=data.draw(maybe(st.integers(0, 3)))
        )
    )
    outcome(lambda: sample_world(other, random.Random(1)))
    outcome(lambda: world_state(view, world if isinstance(world, tuple) else other))
    outcome(lambda: world_state(view, other))
    outcome(lambda: world_state(other, other))
    outcome(lambda: world_state(view, sample_world(view, random.Random(2)), bidder=other))


@given(maybe(st.integers(3, 6)), hostile)
def test_rounds_and_deals(n: Any, other: Any) -> None:
    """`Round` and `Deal` values are made, or refused with a library error."""
    outcome(
        lambda: Round(
            number=other, cards=1, dealer=0, bids=(1,), final_bids=(1,), blind=(False,), tricks=(1,), points=(30,)
        )
    )
    outcome(
        lambda: Round(
            number=1, cards=1, dealer=0, bids=other, final_bids=other, blind=other, tricks=other, points=other
        )
    )
    outcome(lambda: Deal(hands=other, turned_up=None))
    outcome(lambda: Deal(hands=[other] * (n if type(n) is int and 0 < n < 7 else 3)))


# -- huge numbers: no time, no memory ----------------------------------------------------------------------------


def number_calls() -> list[Callable[[int], object]]:
    """One entry point per place a number goes in where a huge one is refused."""
    sheet = sheets()[1]
    state = states()[3]
    view = state.view(0)
    return [
        lambda x: Card.suited(Suit.RED, x),
        lambda x: Card(CardKind.SUIT, Suit.RED, x),
        lambda x: Bid(tricks=x),
        lambda x: Trick(leader=x, players=3, trump=None),
        lambda x: round_points(x, x),
        lambda x: StandardScore(per_trick=x),
        lambda x: standings([1, 2], tiebreak=TieBreak.EXACT_HITS, hits=[x, -x]),
        lambda x: BidContext(cards=x, bids=(x,), players=x, round_number=x, dealer=x),
        lambda x: verify_bid(FreeBids(), x, cards=3, bids=(), players=3),
        lambda x: Schedule(cards_per_round=(x,) * 3),
        lambda x: Schedule.ladder(x, x),
        lambda x: Schedule.ladder(3).check(x, x),
        lambda x: Schedule.ladder(3).cards(x),
        lambda x: Rules(bid_policy=NotEqualBids(min_cards=x)),
        lambda x: ScoreSheet(players=["A", "B", "C"], first_dealer=x),
        lambda x: sheet.record(bids=[x, 0, 0], tricks=[x, 0, 0], bombs=x),
        lambda x: sheet.record_bids([-x, 0, 0]),
        sheet.seat,
        sheet.dealer_of,
        lambda x: new_game(x, seed=1),
        lambda x: new_game(3, seed=1, first_dealer=x),
        state.apply,  # type: ignore[list-item]
        state.view,
        state.hand,
        lambda x: state.apply(Bid(tricks=0), seat=x),
        lambda x: random_games(-abs(x)),
        lambda x: random_games(abs(x)),
        lambda x: tournament([RuleBot] * 3, abs(x), executor=None),
        lambda x: sample_world(view, random.Random(1), tries=x),
        lambda x: MonteCarloBot(worlds=-abs(x)),
        lambda x: RuleBot().act(view, (x,)),  # type: ignore[arg-type]
        lambda x: Round(
            number=x, cards=x, dealer=x, bids=(x,), final_bids=(x,), blind=(False,), tricks=(x,), points=(x,)
        ),
        lambda x: GameRecord(players=["A", "B", "C"], rules=Rules(), first_dealer=x, deals=(), actions=()),
        lambda x: ScoreSheet.from_json(
            sheet.to_json().replace(
                '"first_dealer": 0', f'"first_dealer": {x}' if x.bit_length() < 9000 else '"first_dealer": 1e999'
            )
        ),
    ]


@settings(max_examples=4, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([5000, -5000, 200_000, -100_000]).map(power))
def test_huge_numbers_take_no_time_or_memory(number: int) -> None:
    """Given a huge number, every entry point refuses it within milliseconds, allocating under 100 KB."""
    for call in number_calls():
        refused_at_once(call, number)


# -- names, files and sizes -----------------------------------------------------------------------------------------

NAME_RULES = (
    Rules(schedule=Schedule.ladder(3, rounds=2)),
    Rules(special_cards={Special.CLOUD}, schedule=Schedule(cards_per_round=(2, 2))),
    Rules(
        special_cards={Special.CLOUD, Special.BOMB}, variants=Variant.BLIND_BIDS, schedule=Schedule.ladder(3, rounds=2)
    ),
)
FORMULA_STARTS = frozenset("=+-@\t\r\n\uff1d\uff0b\uff0d\uff20")


def csv_cells(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


@given(st.lists(names, min_size=2, max_size=7), st.sampled_from(NAME_RULES))
def test_names_are_refused_or_fit_every_document(players: list[Any], rules: Rules) -> None:
    """The sheet and the engine take the same names (composed) or refuse them alike; a name taken
    round-trips through JSON and CSV, starts no spreadsheet formula, and leaves every picture well-formed."""
    sheet = outcome(lambda: ScoreSheet(players=players, rules=rules))
    game = outcome(lambda: new_game(players, rules=rules, seed=1))
    assert refused(sheet) == refused(game)
    if not isinstance(sheet, ScoreSheet) or not isinstance(game, GameState):
        assert type(sheet) is type(game), (sheet, game)
        return
    assert sheet.players == game.players
    assert all(type(name) is str and unicodedata.is_normalized("NFC", name) for name in sheet.players)
    n = len(sheet.players)
    cards = sheet.cards
    assert cards is not None
    filled = sheet.record(bids=[cards] + [0] * (n - 1), tricks=[cards] + [0] * (n - 1))
    assert ScoreSheet.from_json(filled.to_json()) == filled
    text = filled.to_csv()
    assert ScoreSheet.from_csv(text, rules=rules) == filled
    for row in csv_cells(text):
        assert all(cell.lstrip("-").isdigit() or cell[:1] not in FORMULA_STARTS for cell in row), row
    for picture in (svg.scores(filled), svg.table(game.view(0)), filled._repr_html_() or "<div/>"):
        ET.fromstring(picture)  # noqa: S314 - our own output
    filled.to_text().encode("utf-8")
    for name in sheet.players:
        assert sheet.seat(unicodedata.normalize("NFD", name)) == sheet.players.index(name)


@cache
def csv_files() -> tuple[tuple[str, Rules], ...]:
    """CSV files the library wrote, with their rules: names that need quoting or neutralising, a Cloud's columns."""
    cloud = NAME_RULES[1]
    tricky = ScoreSheet(players=["=A", "A\rB", "A", "A final"], rules=cloud).record(
        bids=[2, 0, 0, 0], tricks=[2, 0, 0, 0]
    )
    plain = sheets()[1]
    return ((tricky.to_csv(), cloud), (plain.to_csv(), plain.rules))


@given(st.integers(0, 1), st.data(), st.one_of(names, st.sampled_from(["", "1", "-1", "B", "'", '"', "9" * 5000])))
def test_edited_csv_files_load_or_are_format_errors(which: int, data: st.DataObject, value: str) -> None:
    """A CSV file with any one cell replaced by any text loads (the same rounds), or is a FormatError."""
    original, rules = csv_files()[which]
    table = csv_cells(original)
    row = data.draw(st.integers(0, len(table) - 1))
    column = data.draw(st.integers(0, len(table[row]) - 1))
    table[row][column] = str(value)
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(table)
    result = outcome(lambda: ScoreSheet.from_csv(out.getvalue(), rules=rules))
    assert isinstance(result, (ScoreSheet, FormatError)), shown(str(result))


def sequence_calls() -> list[Callable[[Any], object]]:
    """One entry point per place a sequence goes in, where one far too long is refused before it is copied."""
    sheet = sheets()[1]
    state = states()[3]
    view = state.view(0)
    return [
        standings,
        winners,
        lambda x: standings([1, 2, 3], tiebreak=TieBreak.EXACT_HITS, hits=x),
        lambda x: ScoreSheet(players=x),
        lambda x: new_game(x, seed=1),
        lambda x: sheet.record(bids=x, tricks=[0, 0, 0]),
        lambda x: sheet.record_bids([0, 0, 0], blind=x),
        lambda x: BidContext(cards=3, bids=x, players=3),
        lambda x: Schedule(cards_per_round=x),
        lambda x: Trick(leader=0, players=3, trump=None, cards=x),
        lambda x: Deal(hands=x),
        lambda x: legal_plays(x, ()),
        lambda x: play_game(x, seed=1),
        lambda x: play_game([RuleBot()] * 3, names=x, seed=1),
        lambda x: RuleBot().act(view, x),
        svg.hand,
        svg.trick,
    ]


@settings(max_examples=6, suppress_health_check=[HealthCheck.too_slow])
@given(huge_sequences)
def test_huge_sequences_are_refused_before_they_are_copied(sequence: Any) -> None:
    """Given a sequence far too long, every entry point refuses it within a moment, allocating under 1 MB."""
    for call in sequence_calls():
        refused_before_copying(call, sequence)


# -- the command line ----------------------------------------------------------------------------------------------


OPTIONS = {
    "trick": ["--trump"],
    "points": ["--blind"],
    "bids": ["--rule", "--round", "--cards", "--players"],
    "play": ["--preset", "--players", "--bots", "--seed"],
    "simulate": ["--games", "--preset", "--players", "--bots", "--rounds", "--seed"],
}
"""Each command's options, given hostile values by the test."""
tokens = st.one_of(
    st.sampled_from(
        [
            *("3", "4", "6", "0", "-1", "2", "13", "67", "1.5", "nan", "-0", "１"),
            *("1e9", "100000000", "9" * 50, "9" * 5000, "-" + "9" * 4000),
            *("green", "none", "equal", "official", "rule,random,rule", "random", "montecarlo,", "rule," * 50),
            *("B9 W G13 W", "CLOUD:R BOMB", "R13", "x" * 1000, "", " ", "\n", "--", "-h", "--json", "--lang"),
        ]
    ),
    st.text(max_size=10),
    st.integers().map(str),
)
"""Values for options and positions."""
cli_commands = st.sampled_from([*OPTIONS, "nonsense"]).flatmap(
    lambda command: st.tuples(
        st.just(command),
        st.lists(tokens, max_size=3),
        st.lists(st.tuples(st.sampled_from(OPTIONS.get(command, ["--x"])), tokens), max_size=3),
        st.lists(st.sampled_from(["--json", "--lang", "de", "--lang", "xx"]), max_size=2),
    )
)


def few_games(option: str, value: str) -> str:
    """A number of games over 3 is a request for work, not a hostile value: 3 are played instead."""
    try:
        many = option == "--games" and int(value) > 3
    except ValueError:
        many = False
    return "3" if many else value


@given(cli_commands)
def test_command_line(arguments: tuple[str, list[str], list[tuple[str, str]], list[str]]) -> None:
    """The command line answers, or gives exit code 1 or 2 and a one-line error: never a traceback."""
    command, positional, options, flags = arguments
    argv = [*flags, command, *positional, *(part for option in options for part in option)]
    if command == "simulate":  # a small tournament in this process, unless the arguments say otherwise
        argv = [*flags, "simulate", "--games", "2", "--rounds", "1", *argv[len(flags) + 1 :], "--jobs", "1"]
        argv = [few_games(before, a) for before, a in zip(["", *argv], argv, strict=False)]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code: object = outcome(lambda: main(argv))
        except SystemExit as exit_:  # argparse: --help, or arguments it cannot read
            code = exit_.code
    assert code in (0, 1, 2), (argv, code)
    assert "Traceback" not in err.getvalue()
    if code == 2:
        assert err.getvalue().count("\n") == 1
        assert len(err.getvalue()) < 1000
