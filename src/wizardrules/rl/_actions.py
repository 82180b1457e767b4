"""The fixed action index space of a game's rules: `ActionCodec`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, SupportsIndex

import numpy as np

from wizardrules._convert import as_tuple, integer, shown
from wizardrules.actions import Action, parse_action
from wizardrules.cards import CardKind, Special
from wizardrules.engine import GameState
from wizardrules.errors import ActionError, RulesError
from wizardrules.rl._layout import (
    SUITS,
    BoolArray,
    Encoding,
    Section,
    SectionKind,
    VectorLayout,
    cards_of_deck,
    checked_players,
    checked_rules,
    playable,
)
from wizardrules.rules import Rules, Variant

_MOST_ACTIONS: Final = 100_000
"""The most actions `indices` and `mask_of` read: far more than any state's legal actions."""


class ActionCodec:
    """A fixed index space of every action the rules allow, for `players` players.

    The indices run section by section (see [`describe`][wizardrules.rl.ActionCodec.describe]):
    bids 0 to the most cards a round deals, then blind bids and `look` (with blind bids,
    R4.4), the four trump suits (when some round turns up a card, R3.2) and no trump (with
    the Werewolf, R8.6), a play of each card (declared forms of the Cloud, Juggler and
    Shapeshifter each their own, R8), the Cloud's two bid changes (R8.2) and a pass of each
    card (with the Juggler, R8.3). Every rule set is covered; the space depends only on the
    rules and the number of players.

    Args:
        rules: the game's rules.
        players: the number of players, 3 to 6.

    Raises:
        RulesError: the rules cannot be played by that many players.

    Examples:
        >>> from wizardrules import Bid, Preset, parse_action
        >>> codec = ActionCodec(Preset.ANNIVERSARY_2021.rules(), 4)
        >>> codec.size, codec.index(Bid(tricks=2)), str(codec.action(codec.index(parse_action("play CLOUD:G"))))
        (150, 2, 'play CLOUD:G')
    """

    __slots__ = ("_by_id", "_index", "actions", "players", "rules", "sections")

    def __init__(self, rules: Rules, players: int) -> None:
        schedule = checked_rules(rules, "ActionCodec").schedule_for(checked_players(players, "ActionCodec"))
        most = max(schedule.cards_per_round)
        blind = Variant.BLIND_BIDS in rules.variants
        specials = rules.special_cards
        turns_up = any(schedule.fixed_trump(r) is None for r in range(1, schedule.rounds + 1))
        held = [card for card in cards_of_deck(rules) if card.kind is not CardKind.WEREWOLF]
        groups: list[tuple[str, list[str], str]] = [
            ("bid", [f"bid {n}" for n in range(most + 1)], f"bid 0..{most} (R4.1)"),
        ]
        if blind:
            groups.append(
                ("blind bid", [f"bid {n} blind" for n in range(most + 1)], "bid blind, before looking (R4.4)")
            )
            groups.append(("look", ["look"], "look at the hand (R4.4)"))
        if turns_up or Special.WEREWOLF in specials:
            groups.append(("trump", [f"trump {s.name.lower()}" for s in SUITS], "name the trump suit (R3.2, R8.10)"))
        if Special.WEREWOLF in specials:
            groups.append(("no trump", ["trump none"], "the Werewolf's holder names no trump (R8.6)"))
        groups.append(("play", [f"play {card}" for card in playable(rules)], "play a card, declared if it needs it"))
        if Special.CLOUD in specials:
            groups.append(("cloud", ["cloud +1", "cloud -1"], "change the bid after the Cloud's trick (R8.2)"))
        if Special.JUGGLER in specials:
            groups.append(("pass", [f"pass {card}" for card in held], "pass a card after the Juggler's trick (R8.3)"))
        actions: list[Action] = []
        sections: list[Section] = []
        for name, texts, doc in groups:
            sections.append(
                Section(name=name, start=len(actions), shape=(len(texts),), kind=SectionKind.ONE_HOT, doc=doc)
            )
            actions += (parse_action(text) for text in texts)  # the engine's shared action values
        self.rules: Final = rules
        """The rules the space is for."""
        self.players: Final = players
        """The number of players."""
        self.actions: Final[tuple[Action, ...]] = tuple(actions)
        """Every action, by index."""
        self.sections: Final = tuple(sections)
        """The kinds of action and their index ranges, in order."""
        self._index: Final = {action: i for i, action in enumerate(self.actions)}
        self._by_id: Final = {id(action): i for action, i in self._index.items()}

    def __repr__(self) -> str:
        return f"<ActionCodec {self.size} actions, {self.players} players>"

    @property
    def size(self) -> int:
        """The number of actions: indices run 0..size-1."""
        return len(self.actions)

    def describe(self) -> VectorLayout:
        """The index ranges of each kind of action, as a layout of a mask vector.

        Examples:
            >>> from wizardrules import Rules
            >>> ActionCodec(Rules(), 3).describe().names
            ('bid', 'trump', 'play')
        """
        return VectorLayout(encoding=Encoding.ACTION_MASK, sections=self.sections)

    def index(self, action: Action) -> int:
        """The index of `action`.

        Raises:
            ActionError: the action is not one the rules allow, e.g. a blind bid without blind bids.
        """
        try:
            found = self._index.get(action)
        except TypeError:  # unhashable: no action at all
            found = None
        if found is None:
            raise ActionError(f"{shown(action)} is not an action of these rules for {self.players} players")
        return found

    def action(self, index: SupportsIndex) -> Action:
        """The action at `index` (a Python or NumPy integer; not a bool).

        Raises:
            ActionError: `index` is not an integer 0..size-1.
        """
        i = index if type(index) is int else integer(index)  # a plain int as it is: the common case
        if i is None:
            raise ActionError(f"action index {shown(index)} is not an integer")
        if not 0 <= i < len(self.actions):
            raise ActionError(f"action index {shown(i)} is outside 0..{len(self.actions) - 1}")
        return self.actions[i]

    def indices(self, actions: Iterable[Action]) -> list[int]:
        """The indices of `actions`, in ascending order (as OpenSpiel lists legal actions).

        Raises:
            ActionError: an action is not in the space.
        """
        return sorted(self._many(as_tuple(actions, "actions", ActionError, limit=_MOST_ACTIONS)))

    def mask(self, state: GameState) -> BoolArray:
        """A boolean vector with `True` at the index of each of `state.legal_actions()`.

        Raises:
            RulesError: `state` is no game state, or a game of other rules or another number of players.
        """
        if (
            not isinstance(state, GameState)
            or len(state.players) != self.players
            or (state.rules is not self.rules and state.rules != self.rules)
        ):
            raise RulesError(f"{shown(state)} is not a game of this codec's rules for {self.players} players")
        return self.mask_of(state.legal_actions())

    def mask_of(self, actions: Iterable[Action]) -> BoolArray:
        """A boolean vector with `True` at the index of each of `actions`.

        Raises:
            ActionError: an action is not in the space.
        """
        flags = bytearray(len(self.actions))  # filled byte by byte: cheaper than NumPy for a few indices
        listed = actions if type(actions) is tuple else as_tuple(actions, "actions", ActionError, limit=_MOST_ACTIONS)
        for index in self._many(listed):
            flags[index] = 1
        return np.frombuffer(flags, dtype=np.bool_)

    def _many(self, actions: tuple[Action, ...]) -> list[int]:
        """The indices of `actions`: looked up by the identity of the engine's shared action values, else by value."""
        found = list(map(self._by_id.get, map(id, actions)))
        if None in found:
            return [self.index(action) for action in actions]
        return found  # type: ignore[return-value]  # None was excluded above
