"""Hostile values and the check every fuzzed call passes, shared by the fuzz tests.

`tests/test_fuzz.py` drives the core library with them, `tests/test_fuzz_extras.py` the
optional extras (RL encodings, PettingZoo, Gymnasium, OpenSpiel, the compiled core).
`outcome` runs one call and checks what the library promises of it; the strategies draw
wrong types, huge and negative numbers, NaN and infinities, bools, subclasses of int, str,
tuple and list, nested containers, iterators and other domain values, and
`maybe` mixes them with valid values so that calls get past their first check.
"""

from __future__ import annotations

import math
import random
import time
import tracemalloc
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any, TypeVar

import attrs
import pytest
from hypothesis import strategies as st

from wizardrules import (
    ALL_CARDS,
    STANDARD_SCORE,
    Action,
    Bid,
    BidReveal,
    Card,
    CardKind,
    ChangeBid,
    ChooseTrump,
    CloudChange,
    Deck,
    EqualBids,
    FixedTrump,
    FreeBids,
    GameState,
    Language,
    Look,
    NotEqualBids,
    PassCard,
    Phase,
    Play,
    PlayerView,
    Preset,
    Round,
    RuleBot,
    Rules,
    Schedule,
    ScheduleKind,
    ScorekeeperHook,
    Special,
    StandardScore,
    Suit,
    TieBreak,
    Trick,
    Variant,
    WizardRulesError,
    new_game,
)
from wizardrules._convert import shown
from wizardrules.actions import PLAY_UNSEEN

T = TypeVar("T")

MOMENT = 1.0
"""Seconds any single call may take (generous, so that a busy machine does not fail it)."""
SHORT = Rules(schedule=Schedule.ladder(3, rounds=2))
"""Rules of games short enough to play out inside a moment."""


# -- the check every call passes -------------------------------------------------------------------


def outcome(call: Callable[[], T], subject: Callable[[], object] | None = None) -> T | WizardRulesError:
    """Run `call`: it returns, or raises a WizardRulesError with a short message, within a moment.

    `subject` takes a snapshot of the object the call was made on: after a refusal, the
    snapshot must be as before.
    """
    before = None if subject is None else subject()
    started = time.perf_counter()
    try:
        result: T | WizardRulesError = call()
    except WizardRulesError as error:
        result = error
    except Exception as error:  # the very thing this test looks for
        pytest.fail(f"{type(error).__name__} escaped: {shown(str(error))}")
    elapsed = time.perf_counter() - started
    assert elapsed < MOMENT, f"the call took {elapsed:.2f} s"
    if isinstance(result, WizardRulesError):
        message = str(result)
        assert len(message) < 2000, shown(message)
        if subject is not None:
            assert subject() == before, f"refused with {shown(message)}, but the object changed"
    return result


def refused(result: object) -> bool:
    return isinstance(result, WizardRulesError)


def refused_at_once(call: Callable[[int], object], number: int) -> None:
    """`call` refuses `number` (a huge one) with a library error within milliseconds, allocating under 100 KB."""
    tracemalloc.start()
    started = time.perf_counter()
    try:
        result = outcome(lambda: call(number))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert refused(result), call
    assert time.perf_counter() - started < 0.2
    assert peak < 100_000, (peak, shown(str(result)))


def refused_before_copying(call: Callable[[Any], object], sequence: object) -> None:
    """`call` refuses `sequence` (far too long) with a library error within a moment, allocating under 1 MB."""
    tracemalloc.start()
    try:
        result = outcome(lambda: call(sequence))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert refused(result), (call, sequence)
    assert peak < 1_000_000, (peak, shown(str(result)))


# -- hostile values ------------------------------------------------------------------------------------


class IntSub(int):
    """An int that is not quite an int."""


class FloatSub(float):
    """A float subclass."""


class StrSub(str):
    """Text that writes itself as other text."""

    def __str__(self) -> str:
        return "Wizard"


class TupleSub(tuple):  # type: ignore[type-arg]
    """A tuple that shows other entries each time it is read."""

    def __iter__(self) -> Iterator[Any]:
        return iter((*super().__iter__(), 1))


class ListSub(list):  # type: ignore[type-arg]
    """A list subclass."""


def power(exponent: int) -> int:
    """Plus or minus ten to the power: too long for Python to write out from 4,300 digits on."""
    magnitude = int(10 ** abs(exponent))
    return magnitude if exponent >= 0 else -magnitude


# Huge numbers are drawn as their exponents, as hypothesis writes out (repr) what it draws from.
huge = st.sampled_from([5000, -5000, 200_000, 40, -40, 19, -19]).map(power)
NOT_A_NUMBER = (math.nan, math.inf, -math.inf, -0.0)

numbers = st.one_of(
    st.integers(-3, 70),
    st.integers(),
    huge,
    st.floats(),
    st.sampled_from(NOT_A_NUMBER),
    st.booleans(),
    st.integers(-3, 70).map(IntSub),
    st.floats(-3, 70).map(FloatSub),
    st.complex_numbers(max_magnitude=10),
)
texts = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["", " ", "R13", "w", "CLOUD:R", "bid 2", "play G7", "none", "x" * 10_000, "9" * 5000, "\ud800"]),
    st.text(max_size=8).map(StrSub),
    st.binary(max_size=8),
)
domain = st.sampled_from(
    [
        *Suit,
        *Special,
        *CardKind,
        *BidReveal,
        *TieBreak,
        *FixedTrump,
        *CloudChange,
        *Language,
        *ScheduleKind,
        Variant.BLIND_BIDS | Variant.CLAIRVOYANCE,
        Card.WIZARD,
        Card.CLOUD,
        Card.parse("CLOUD:R"),
        Card.parse("G7"),
        Card.WEREWOLF,
        FreeBids(),
        NotEqualBids(),
        EqualBids(),
        ScorekeeperHook(scorekeeper=1),
        STANDARD_SCORE,
        Rules(),
        SHORT,
        Schedule.ladder(3),
        Bid(tricks=1),
        Look(),
        ChooseTrump(None),
        RuleBot(),
        RuleBot,
        Deck(),
        object(),
        print,
        int,
        random.Random(1),
    ]
)
scalars = st.one_of(st.none(), numbers, texts, domain)
hashables = st.one_of(st.none(), numbers, st.text(max_size=5), domain.filter(lambda v: v.__hash__ is not None))
hostile: st.SearchStrategy[Any] = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=7),
        st.tuples(inner, inner),
        st.lists(inner, max_size=7).map(TupleSub),
        st.lists(inner, max_size=7).map(ListSub),
        st.lists(inner, max_size=7).map(iter),
        st.frozensets(hashables, max_size=4),
        st.dictionaries(st.text(max_size=4), inner, max_size=3),
    ),
    max_leaves=10,
)


# -- names ------------------------------------------------------------------------------------------------------

NAME_CHARACTERS = (
    *"AaZz09 '\"\\,;<>&=+-@\t\r\n",  # letters, markup, CSV and formula characters, tab and line breaks
    *"\x00\x01\x08\x0b\x0c\x1b\x7f\x85\x9b",  # controls, C0 and C1
    *"\ud800\udbff\udc00\udfff\ufffe\uffff",  # lone surrogates, the two noncharacters XML forbids
    *"\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c",  # bidi controls
    *"\u200b\u200c\u200d\u2060\ufeff\u180e\u034f\u3164\uffa0",  # zero-width and invisible
    *"\u00eb\u0308\u00c5\u212b\u0041\u030a\uff1d\uff0b\u2028\U0001f0cf\u4e2d",  # composed and combining forms
)
"""Characters a name may hold or must not: what breaks documents, hides or reorders text, or composes."""
names = st.one_of(
    st.text(alphabet=st.sampled_from(NAME_CHARACTERS), min_size=0, max_size=6),
    st.text(max_size=6),
    st.sampled_from(
        ["Ann", "Ben", "Cem", "Zo\u00eb", "Zoe\u0308", "=HYPERLINK(1)", "A final", "A", "x" * 101, "x" * 100]
    ),
    st.text(max_size=4).map(StrSub),
)
"""Player names, hostile and fine: a name is refused with a PlayerError or kept in composed form."""


class Endless:
    """A sequence as long as it says (any length, up to beyond an index), whose entries never end."""

    def __init__(self, length: int, entry: object = 0) -> None:
        self.length = length
        self.entry = entry

    def __len__(self) -> int:
        return self.length

    def __iter__(self) -> Iterator[object]:
        while True:
            yield self.entry

    def __getitem__(self, index: int) -> object:
        return self.entry

    def __repr__(self) -> str:
        return f"Endless({self.length})"


HUGE_LENGTHS = (10**12, 2**62, 2**70)
"""Lengths nothing may be built for: a refusal must come before a copy."""
huge_sequences = st.one_of(
    st.sampled_from(HUGE_LENGTHS).map(range),
    st.sampled_from(HUGE_LENGTHS).map(Endless),
    st.just(iter(int, 1)),  # an iterator without end (int() never equals 1)
)
"""Sequences too long for any entry point: ranges and sized objects of huge lengths, endless iterators."""


def maybe(valid: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Valid values half of the time, so that calls get past their first check; hostile ones otherwise."""
    return st.one_of(valid, hostile)


cards = st.sampled_from(ALL_CARDS)
card_lists = st.lists(cards, max_size=7)
seats = st.integers(-1, 6)
counts = st.integers(-1, 25)
suits = st.one_of(st.none(), st.sampled_from(Suit))
specials = st.frozensets(st.sampled_from(Special))
policies = st.sampled_from(
    [FreeBids(), NotEqualBids(), NotEqualBids(first_round_free=True), EqualBids(), ScorekeeperHook(scorekeeper=2)]
)
schedules = st.one_of(
    st.none(),
    st.sampled_from(ScheduleKind),
    st.integers(3, 6).map(lambda n: Schedule.ladder(n, rounds=2)),
    st.lists(st.integers(1, 3), min_size=1, max_size=3).map(lambda c: Schedule(cards_per_round=c)),
)
rule_fields = st.fixed_dictionaries(
    {},
    optional={
        "bid_policy": maybe(policies),
        "bid_reveal": maybe(st.sampled_from(BidReveal)),
        "variants": maybe(
            st.sampled_from([Variant.NONE, Variant.BLIND_BIDS, Variant.BLIND_BIDS | Variant.CLAIRVOYANCE])
        ),
        "special_cards": maybe(specials),
        "schedule": maybe(schedules),
        "score_rule": maybe(st.sampled_from([STANDARD_SCORE, StandardScore(hit_bonus=-5, blind_multiplier=3)])),
        "tiebreak": maybe(st.sampled_from(TieBreak)),
    },
)


def made_rules(fields: dict[str, Any]) -> Any:
    """The rules of `fields`, or the fields themselves (a hostile value) when they make none."""
    try:
        return Rules(**fields)
    except WizardRulesError:
        return fields


rules_st = rule_fields.map(made_rules)
"""Rules made with some hostile fields: a `Rules` value, or the fields that make none."""
actions = st.one_of(
    st.builds(Bid, tricks=st.integers(0, 67), blind=st.booleans()),
    st.builds(Play, cards),
    st.builds(ChooseTrump, suits),
    st.builds(ChangeBid, st.sampled_from(CloudChange)),
    st.builds(PassCard, cards.filter(lambda c: not c.needs_declaration and c.undeclared == c)),
    st.just(Look()),
)


def call_with(target: Callable[..., T], names: dict[str, Any]) -> Callable[[], T]:
    return lambda: target(**names)


# -- games ----------------------------------------------------------------------------------------------


@cache
def states() -> tuple[GameState, ...]:
    """States of random games at every phase: standard, with every special card, with blind bids."""
    found: list[GameState] = []
    for rules, seed in (
        (SHORT, 1),
        (Rules(special_cards=frozenset(Special), schedule=Schedule(cards_per_round=(3, 5))), 2),
        (
            Rules(
                special_cards={Special.JUGGLER, Special.CLOUD, Special.BOMB}, schedule=Schedule(cards_per_round=(6, 6))
            ),
            3,
        ),
        (Rules(variants=Variant.BLIND_BIDS | Variant.CLAIRVOYANCE, schedule=Schedule.ladder(4, rounds=3)), 4),
        (Preset.SECRET_BIDS.rules(), 5),
    ):
        state = new_game(4, rules=rules, seed=seed)
        rng = random.Random(seed)
        while True:
            found.append(state)
            if state.is_over or len(found) > 40 * seed:
                break
            state = state.apply(rng.choice(state.legal_actions()))
    return tuple(found)


# -- hostile views ------------------------------------------------------------------------------------------------

_VIEW_NUMBERS = st.one_of(st.integers(-2, 70), st.sampled_from([100_000, 10**12, 2**63, -(2**63) - 1]), huge)
"""Numbers a hostile view holds: within and beyond a round, beyond 64 bits, and beyond what Python writes out."""


def _trick_or_none(leader: int, players: int, trump: Suit | None, played: list[Card]) -> Trick | None:
    try:
        return Trick(leader=leader, players=players, trump=trump, cards=tuple(played))
    except WizardRulesError:
        return None


_tricks = st.builds(_trick_or_none, st.integers(0, 8), st.integers(3, 8), suits, st.lists(cards, max_size=8)).filter(
    lambda trick: trick is not None
)
"""Tricks of any table's size, of any cards (duplicates, specials the rules lack)."""
_per_seat = st.lists(st.one_of(st.none(), _VIEW_NUMBERS), max_size=8).map(tuple)
_view_fields: dict[str, st.SearchStrategy[Any]] = {
    "seat": _VIEW_NUMBERS,
    "dealer": _VIEW_NUMBERS,
    "to_move": st.one_of(st.none(), _VIEW_NUMBERS),
    "players": st.lists(st.sampled_from(["Ann", "Ben", "Cem", "Dan"]), max_size=8).map(tuple),
    "round_number": _VIEW_NUMBERS,
    "rounds": _VIEW_NUMBERS,
    "cards": _VIEW_NUMBERS,
    "phase": st.sampled_from(Phase),
    "trump": suits,
    "turned_up": st.one_of(st.none(), cards),
    "hand": st.one_of(st.none(), st.lists(cards, max_size=70).map(tuple)),
    "seen_hands": st.lists(st.one_of(st.none(), card_lists.map(tuple)), max_size=8).map(tuple),
    "hand_sizes": st.lists(_VIEW_NUMBERS, max_size=8).map(tuple),
    "bids": _per_seat,
    "blind": st.lists(st.one_of(st.none(), st.booleans()), max_size=8).map(tuple),
    "current_trick": _tricks,
    "completed_tricks": st.lists(_tricks, max_size=8).map(tuple),
    "tricks_won": st.lists(_VIEW_NUMBERS, max_size=8).map(tuple),
    "totals": st.lists(_VIEW_NUMBERS, max_size=8).map(tuple),
    "allowed_bids": st.frozensets(_VIEW_NUMBERS, max_size=5),
    "werewolf": st.one_of(st.none(), _VIEW_NUMBERS),
    "cloud": st.one_of(
        st.none(),
        st.tuples(_VIEW_NUMBERS, st.sampled_from(CloudChange)),
        st.tuples(st.integers(0, 3), st.one_of(_VIEW_NUMBERS, st.none(), cards)),
        st.lists(st.integers(0, 3), max_size=3).map(tuple),
    ),
    "passing": st.one_of(st.none(), cards, _VIEW_NUMBERS),
    "passed": st.one_of(
        st.lists(st.tuples(cards, cards), max_size=3).map(tuple),
        st.lists(st.one_of(_VIEW_NUMBERS, cards, st.tuples(cards), st.tuples(cards, _VIEW_NUMBERS)), max_size=2).map(
            tuple
        ),
        st.lists(st.tuples(cards, cards), max_size=2),
    ),
    "legal_actions": st.one_of(
        st.lists(actions, max_size=4).map(tuple),
        st.lists(st.one_of(actions, _VIEW_NUMBERS, st.none(), cards), max_size=3).map(tuple),
        st.just((PLAY_UNSEEN,)),
        st.lists(actions, max_size=2),
    ),
    "rules": st.sampled_from([SHORT, Rules(), Rules(special_cards=frozenset(Special)), Preset.SECRET_BIDS.rules()]),
}
"""Per field of a view, values a view from `view_from_json` or built by hand may hold."""
_seat_entries: dict[str, st.SearchStrategy[Any]] = {
    "seen_hands": st.one_of(st.none(), card_lists.map(tuple)),
    "hand_sizes": _VIEW_NUMBERS,
    "bids": st.one_of(st.none(), _VIEW_NUMBERS),
    "blind": st.one_of(st.none(), st.booleans()),
    "tricks_won": _VIEW_NUMBERS,
    "totals": _VIEW_NUMBERS,
}
"""Per per-seat field, entries of one seat: drawn one per seat, so that a view gets past its lengths' check."""


@cache
def _other_rounds() -> tuple[Round, ...]:
    """Finished rounds of games of 3, 4 and 5 players, under other rules: rows a view's score sheet may not hold."""
    found: list[Round] = []
    for players, rules in ((3, SHORT), (5, SHORT), (4, Rules(schedule=Schedule(cards_per_round=(2, 1, 3))))):
        state = new_game(players, rules=rules, seed=players)
        bot = RuleBot()
        while not state.is_over:
            state = state.apply(bot.act(state.view(state.to_move or 0), state.legal_actions()))
        found += state.view(0).finished_rounds
    return tuple(found)


_ROUND_CHANGES: dict[str, st.SearchStrategy[Any]] = {
    "number": _VIEW_NUMBERS,
    "cards": _VIEW_NUMBERS,
    "dealer": _VIEW_NUMBERS,
    "bombs": _VIEW_NUMBERS,
    "trump": suits,
}
"""A finished round's single numbers and trump, spoiled one at a time."""


def _spoiled_round(data: st.DataObject, found: Round) -> Any:
    """`found` with one field spoiled: a number, a seat's points (by one, or huge), bids, blind marks or tricks."""
    n = len(found.bids)
    name = data.draw(st.sampled_from([*_ROUND_CHANGES, "points", "bids", "final_bids", "blind", "tricks"]))
    if name in _ROUND_CHANGES:
        value: Any = data.draw(_ROUND_CHANGES[name], label=f"round {name}")
    elif name == "blind":
        value = data.draw(st.lists(st.booleans(), min_size=n, max_size=n).map(tuple), label="round blind")
    else:
        seat = data.draw(st.integers(0, n - 1))
        entry = data.draw(st.one_of(st.integers(-1, 3).map(lambda d: getattr(found, name)[seat] + d), _VIEW_NUMBERS))
        value = (*getattr(found, name)[:seat], entry, *getattr(found, name)[seat + 1 :])
    try:
        return attrs.evolve(found, **{name: value})
    except WizardRulesError:
        return data.draw(st.one_of(st.none(), _VIEW_NUMBERS, st.just(attrs.asdict(found))), label="not a round")


def _spoiled_rounds(data: st.DataObject, view: PlayerView) -> Any:
    """The view's finished rounds with one spoiled, some left out or repeated, or rounds of other games."""
    own = view.finished_rounds
    how = data.draw(st.sampled_from(["spoil", "cut", "repeat", "others", "hostile"] if own else ["others", "hostile"]))
    if how == "spoil":
        at = data.draw(st.integers(0, len(own) - 1))
        return (*own[:at], _spoiled_round(data, own[at]), *own[at + 1 :])
    if how == "cut":
        return own[: data.draw(st.integers(0, len(own) - 1))]
    if how == "repeat":
        return (*own, own[-1])
    if how == "others":
        return tuple(data.draw(st.lists(st.sampled_from(_other_rounds()), max_size=4), label="other rounds"))
    return data.draw(st.lists(st.one_of(st.none(), _VIEW_NUMBERS, texts), max_size=3).map(tuple), label="rounds")


def hostile_views(data: st.DataObject, states: tuple[GameState, ...]) -> tuple[PlayerView, tuple[Action, ...]]:
    """A view of one of `states` with one to three fields spoiled, and the legal actions of the view's seat.

    The view is the seat's to move, or any seat's once the game is over (no legal actions then).
    """
    state = data.draw(st.sampled_from(states))
    seat = state.to_move
    if seat is None:
        seat = data.draw(st.integers(0, len(state.players) - 1), label="seat at the game's end")
    view = state.view(seat)
    spoiled = data.draw(
        st.lists(st.sampled_from(sorted([*_view_fields, "finished_rounds"])), min_size=1, max_size=3, unique=True)
    )
    n = len(view.players)
    changes = {
        name: _spoiled_rounds(data, view)
        if name == "finished_rounds"
        else data.draw(
            st.one_of(_view_fields[name], st.lists(_seat_entries[name], min_size=n, max_size=n).map(tuple))
            if name in _seat_entries
            else _view_fields[name],
            label=name,
        )
        for name in spoiled
    }
    return attrs.evolve(view, **changes), () if state.is_over else state.legal_actions()
