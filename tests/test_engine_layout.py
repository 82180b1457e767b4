"""The engine's build: its state layout, its one home per rule, and its one-way layers.

These tests reach into the engine's private modules on purpose: they pin the layout that
the index constants read, and the unrolled hot path of `GameState.apply` to the rule as
written in `_moves.play_card`.
"""

from __future__ import annotations

import ast
import functools
import random
import re
import types
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Final, NamedTuple

import pytest

from wizardrules import (
    ALL_CARDS,
    CardKind,
    GameState,
    IllegalActionError,
    Phase,
    Play,
    Preset,
    Rules,
    Variant,
    actions,
    new_game,
)
from wizardrules._tables.codes import CARD_OF
from wizardrules.actions import PLAYS
from wizardrules.engine import _layout
from wizardrules.engine._layout import CoreFields, FinishedFields, RoundFields, fields_of
from wizardrules.engine._moves import play_card

SRC: Final = Path(__file__).resolve().parent.parent / "src" / "wizardrules"
DOCS: Final = Path(__file__).resolve().parent.parent / "docs"

_CORE_CONSTANTS: Final = {
    "round": "ROUND",
    "phase": "PHASE",
    "to_move": "MOVE",
    "hands": "HANDS",
    "trick": "TRICK",
    "leader": "LEADER",
    "led": "LED",
    "won": "WON",
    "done": "DONE",
    "acts": "ACTS",
}


_TWINS: Final[tuple[tuple[type[NamedTuple], object], ...]] = (
    (CoreFields, _layout.Core),
    (RoundFields, _layout.RoundPart),
    (FinishedFields, _layout.Finished),
)
"""Each named twin with the tuple type the engine is checked with."""
_NAMES: Final = {**vars(actions), **vars(_layout)}
"""The names the layout's annotations and string aliases (`Done`, `Acts`, `Action`) are written with."""


def _type(annotation: object) -> object:
    """An annotation as a type: the strings of postponed annotations and recursive aliases evaluated."""
    if isinstance(annotation, typing.ForwardRef):  # how a NamedTuple keeps a postponed annotation
        annotation = annotation.__forward_arg__
    return _evaluated(annotation) if isinstance(annotation, str) else annotation


@functools.cache
def _evaluated(annotation: str) -> object:
    kind: object = annotation
    while isinstance(kind, str):  # a name such as `Done` evaluates to its alias's string first
        kind = eval(kind, _NAMES)  # noqa: S307 - the layout's own annotations
    return kind


def _fits(value: object, annotation: object) -> bool:
    """Whether `value` has the type `annotation`, element by element for tuples and frozensets."""
    kind = _type(annotation)
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if kind is None:
        return value is None
    if origin in (types.UnionType, typing.Union):
        return any(_fits(value, arg) for arg in args)
    if origin is tuple:
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(item, args[0]) for item in value)
        return len(value) == len(args) and all(_fits(item, arg) for item, arg in zip(value, args, strict=True))
    if origin is frozenset:
        return isinstance(value, frozenset) and all(_fits(item, args[0]) for item in value)
    assert isinstance(kind, type), kind
    return isinstance(value, kind)


def _states(games: int, rules: Rules, players: int = 4, seed: int = 0) -> Iterator[GameState]:
    """Every state of `games` random games."""
    rng = random.Random(seed)
    for game in range(games):
        state = new_game(players, rules=rules, seed=seed * 1000 + game)
        yield state
        while actions := state.legal_actions():
            state = state.apply(rng.choice(actions))
            yield state


# -- the layout -------------------------------------------------------------------------------


def test_index_constants_come_from_the_twins_fields() -> None:
    """Each index constant is its field's position in the twin, and every field has one."""
    assert tuple(_CORE_CONSTANTS) == CoreFields._fields
    for position, name in enumerate(CoreFields._fields):
        assert getattr(_layout, _CORE_CONSTANTS[name]) == position
    for position, name in enumerate(RoundFields._fields):
        assert getattr(_layout, f"R_{name.upper()}") == position


@pytest.mark.parametrize("preset", [Preset.RULEBOOK, Preset.ANNIVERSARY_2021])
def test_every_core_fits_its_twins(preset: Preset) -> None:
    """Every core of random games has the twins' shape, and `fields_of` names it without loss."""
    for state in _states(3, preset.rules(), seed=1):
        core = state._core
        named = fields_of(core)
        assert len(core) == len(CoreFields._fields)
        assert len(core[_layout.ROUND]) == len(RoundFields._fields)
        assert named.hands == core[_layout.HANDS]
        assert named.trick == core[_layout.TRICK]
        round_part = named.round
        assert isinstance(round_part, RoundFields)
        assert round_part[: _layout.R_FINISHED] == core[_layout.ROUND][: _layout.R_FINISHED]
        for finished in round_part.finished:
            assert isinstance(finished, FinishedFields)
            assert len(finished.bids) == len(state.players)
        assert _layout.PHASES[named.phase] is state.phase


@pytest.mark.parametrize(("twin", "alias"), _TWINS, ids=lambda x: getattr(x, "__name__", ""))
def test_core_types_are_the_twins_fields_in_order(twin: type[NamedTuple], alias: object) -> None:
    """The tuple types mypy checks the engine with (`Core`, `RoundPart`, `Finished`) give the twins' field
    types, in the twins' order."""
    assert typing.get_origin(alias) is tuple
    fields = [_type(twin.__annotations__[name]) for name in twin._fields]
    assert fields == [_type(arg) for arg in typing.get_args(alias)]
    assert len(fields) == len(twin._fields)


@pytest.mark.parametrize("preset", [Preset.RULEBOOK, Preset.ANNIVERSARY_2021])
def test_every_core_has_the_field_types(preset: Preset) -> None:
    """Every core of a random game holds values of its fields' types, down to the finished rounds and the
    linked lists of tricks and actions."""
    checked = 0
    for state in _states(1, preset.rules(), seed=2):
        assert _fits(state._core, _layout.Core), fields_of(state._core)
        checked += 1
    assert checked > 300


def test_sentinels_are_no_valid_value() -> None:
    """The named sentinels lie outside the values they stand in for: suits 0..3, seats, bids and card bits."""
    assert _layout.NO_SUIT not in range(4)
    assert _layout.FREED not in range(4)
    assert _layout.NOT_FIXED not in range(-1, 4)
    for sentinel in (_layout.NO_SEAT, _layout.NO_BID, _layout.NO_CARD):
        assert sentinel < 0


def test_a_finished_game_has_no_seat_to_move() -> None:
    """Once the game is over the core's seat to act is `NO_SEAT` and nobody is to move (R7)."""
    *_, last = _states(1, Preset.RULEBOOK.rules(), players=3, seed=4)
    assert last.is_over
    assert last._core[_layout.MOVE] == _layout.NO_SEAT
    assert last.to_move is None


def test_phases_have_one_name_each() -> None:
    """Each phase number maps to its public Phase, and no phase has two numbers."""
    numbers = (
        _layout.TRUMP_PHASE,
        _layout.BIDDING_PHASE,
        _layout.PLAYING_PHASE,
        _layout.OVER_PHASE,
        _layout.CLOUD_PHASE,
        _layout.PASSING_PHASE,
    )
    assert sorted(numbers) == list(range(len(Phase)))
    assert [_layout.PHASES[n].name for n in numbers] == ["TRUMP", "BIDDING", "PLAYING", "OVER", "CLOUD", "PASSING"]


def test_docs_state_layout_table_lists_the_twins_fields() -> None:
    """The contributors' page lists the core's and the round part's fields in order, so it cannot drift."""
    text = (DOCS / "engine-internals.md").read_text(encoding="utf-8")
    for twin in (CoreFields, RoundFields, FinishedFields):
        section = text.split(f"<!-- {twin.__name__} -->", 1)[1].split("\n\n", 1)[0]
        rows = re.findall(r"^\| (\d+) \| `(\w+)` \|", section, flags=re.MULTILINE)
        assert [(int(i), name) for i, name in rows] == list(enumerate(twin._fields)), twin.__name__


# -- one home for each rule -------------------------------------------------------------------


STANDARD_INDICES: Final = tuple(
    PLAYS[card]._index for card in ALL_CARDS if card.kind in (CardKind.SUIT, CardKind.WIZARD, CardKind.JESTER)
)
"""Every standard card's bit index as `apply` reads it from its shared Play (52 for any Wizard, 56 for any Jester)."""


@pytest.mark.parametrize(
    "rules",
    [
        Preset.RULEBOOK.rules(),
        Preset.OFFICIAL.rules(),
        Rules(variants=Variant.BLIND_BIDS),
        Preset.ANNIVERSARY_2016.rules(),
    ],
)
@pytest.mark.parametrize("players", [3, 4, 6])
def test_apply_hot_path_equals_play_card(rules: Rules, players: int, thorough: bool) -> None:
    """R5: every standard card tried on every playing state of a whole game (two in a thorough run): apply's
    unrolled copy and `play_card` agree.

    Both give an equal next core, or both refuse with the same error class and message.
    """
    compared = refused = 0
    for state in _states(2 if thorough else 1, rules, players=players, seed=players):
        if state.phase is not Phase.PLAYING:
            continue
        for index in STANDARD_INDICES:
            action = PLAYS[CARD_OF[index]]
            try:
                expected = play_card(state._core, index)
            except IllegalActionError as error:
                with pytest.raises(type(error), match=f"^{re.escape(str(error))}$"):
                    state.apply(action)
                refused += 1
            else:
                assert state.apply(action)._core == expected
                compared += 1
    assert compared > 100
    assert refused > 100


def test_play_card_is_what_apply_does_for_a_caller_made_play() -> None:
    """A Play made by the caller (not the shared one) goes through `play_card`; the result is the same state."""
    for state in _states(2, Preset.RULEBOOK.rules(), seed=3):
        if state.phase is Phase.PLAYING:
            for action in state.legal_actions():
                assert isinstance(action, Play)
                assert state.apply(Play(action.card)) == state.apply(action)


# -- one-way layers ---------------------------------------------------------------------------


def _modules() -> Iterator[tuple[str, ast.Module]]:
    for path in sorted(SRC.rglob("*.py")):
        yield str(path.relative_to(SRC.parent)), ast.parse(path.read_text(encoding="utf-8"))


def _imports_own_package(node: ast.AST) -> bool:
    if isinstance(node, ast.ImportFrom):
        return node.level > 0 or (node.module or "").split(".")[0] == "wizardrules"
    if isinstance(node, ast.Import):
        return any(alias.name.split(".")[0] == "wizardrules" for alias in node.names)
    return False


def _top_level(statements: list[ast.stmt]) -> Iterator[ast.stmt]:
    """A module's statements outside functions and classes: in `if` and `try` blocks too."""
    for statement in statements:
        yield statement
        if isinstance(statement, ast.If | ast.Try):
            yield from _top_level(statement.body)
            yield from _top_level(statement.orelse)
        if isinstance(statement, ast.Try):
            for handler in statement.handlers:
                yield from _top_level(handler.body)


def test_no_function_level_import_of_the_package() -> None:
    """Every import of the package's own modules is at a module's top level, not in a function."""
    found = []
    for name, module in _modules():
        top_level = {id(statement) for statement in _top_level(module.body)}
        for node in ast.walk(module):
            if _imports_own_package(node) and id(node) not in top_level:
                found.append(f"{name}:{node.lineno}")  # type: ignore[attr-defined]
    assert found == []


def test_engine_modules_fit_on_a_few_screens() -> None:
    """No module of the package is over 700 lines."""
    lengths = {path.name: len(path.read_text(encoding="utf-8").splitlines()) for path in SRC.rglob("*.py")}
    assert {name: n for name, n in lengths.items() if n > 700} == {}
