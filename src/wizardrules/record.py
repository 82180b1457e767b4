"""Game records: rules, chance and actions as versioned JSON that replays to an equal state.

Examples:
    >>> import random
    >>> from wizardrules import GameRecord, Schedule, Rules, new_game
    >>> state = new_game(["Ann", "Ben", "Cem"], rules=Rules(schedule=Schedule.ladder(3, rounds=2)), seed=5)
    >>> rng = random.Random(0)
    >>> while not state.is_over:
    ...     state = state.apply(rng.choice(state.legal_actions()))
    >>> GameRecord.from_json(GameRecord.from_state(state).to_json()).replay() == state
    True
"""

from __future__ import annotations

import json
from typing import Any, Final

from attrs import field, frozen

from wizardrules import _codec
from wizardrules._convert import as_tuple, shown, whole
from wizardrules.actions import ACTION_CLASSES, Action, parse_action
from wizardrules.cards import Card, parse_cards
from wizardrules.engine import Deal, GameState, new_game
from wizardrules.errors import FormatError, WizardRulesError
from wizardrules.rules import Rules

__all__ = ["GameRecord"]

FORMAT: Final = "wizardrules/game"
VERSION: Final = 1


def _names(values: Any) -> tuple[str, ...]:
    names = as_tuple(values, "record players", FormatError)
    for name in names:
        if not isinstance(name, str):
            raise FormatError(f"record players: {shown(name)} is not a name")
    return tuple(map(str.__str__, names))  # plain strs, also of str subclasses


def _deals(values: Any) -> tuple[Deal, ...]:
    deals = as_tuple(values, "record deals", FormatError)
    for deal in deals:
        if not isinstance(deal, Deal):
            raise FormatError(f"record deals: {shown(deal)} is not a Deal")
    return deals


def _actions(values: Any) -> tuple[Action, ...]:
    actions = as_tuple(values, "record actions", FormatError)
    for action in actions:
        if not isinstance(action, ACTION_CLASSES):
            raise FormatError(f"record actions: {shown(action)} is not an action")
    return actions


@frozen(kw_only=True)
class GameRecord:
    """A whole game (or its beginning) as data: who played, under which rules, the deals and the actions.

    A record is checked for the kinds of its parts when it is made, and as a game when it
    is replayed.

    Attributes:
        players: the players' names in seat order.
        rules: the rules.
        first_dealer: the seat that dealt round 1.
        deals: every round's deal (the game's chance).
        actions: the actions taken, in order.

    Raises:
        FormatError: a part of the wrong kind: names that are not text, rules that are not
            `Rules`, a first dealer who is not a seat, deals that are not `Deal`s, actions that
            are not actions.
    """

    players: tuple[str, ...] = field(converter=_names)
    rules: Rules
    first_dealer: int
    deals: tuple[Deal, ...] = field(converter=_deals)
    actions: tuple[Action, ...] = field(converter=_actions)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise FormatError(f"record rules {shown(self.rules)} is not a Rules value")
        if not whole(self.first_dealer, 0, max(len(self.players) - 1, 0)):
            raise FormatError(f"record first_dealer {shown(self.first_dealer)} is not a seat of the players")

    @classmethod
    def from_state(cls, state: GameState) -> GameRecord:
        """The game so far as a record: rules, chance (the deals) and actions; it replays to `state`.

        Examples:
            >>> from wizardrules import GameRecord, new_game
            >>> state = new_game(3, seed=1)
            >>> state = state.apply(state.legal_actions()[0])
            >>> record = GameRecord.from_state(state)
            >>> [str(action) for action in record.actions], record.replay() == state
            (['bid 0'], True)
        """
        return cls(
            players=state.players,
            rules=state.rules,
            first_dealer=state.first_dealer,
            deals=state.deals,
            actions=state.actions,
        )

    def replay(self) -> GameState:
        """Play the record again from its deals; the result equals the recorded state.

        Raises:
            WizardRulesError: the record does not describe a legal game (a subclass says why).
        """
        state = new_game(self.players, rules=self.rules, deal=self.deals, first_dealer=self.first_dealer)
        for action in self.actions:
            state = state.apply(action)
        return state

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as versioned JSON; [`from_json`][wizardrules.GameRecord.from_json] reads it back.

        Note that the record holds every round's deal, also of rounds not yet played: share
        a record of an unfinished game only with those who may know the future hands.

        Raises:
            FormatError: the rules use a custom bid policy or score rule, which has no saved form.
            WizardRulesError: the record does not replay (a subclass says why).
        """
        totals = list(self.replay().totals)  # first: the replay checks the deals and actions
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "players": list(self.players),
            "rules": _codec.rules_to_data(self.rules),
            "first_dealer": self.first_dealer,
            "deals": [
                {
                    "hands": [" ".join(str(c) for c in hand) for hand in deal.hands],
                    "turned_up": None if deal.turned_up is None else str(deal.turned_up),
                }
                for deal in self.deals
            ],
            "actions": [str(action) for action in self.actions],
            "totals": totals,
        }
        data["checksum"] = _codec.checksum(data)
        return json.dumps(data, indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Read a record, replaying it to check that every action is legal and the totals match.

        The file carries a checksum of its content, so an edited file is refused even when the
        edit would replay (another name, a changed future deal). It catches edits, not forgery.

        Raises:
            FormatError: not a game record, another version, or a record that was tampered with.
        """
        data = _codec.load_versioned(text, format_name=FORMAT, version=VERSION, what="game record")
        try:
            record = cls(
                players=_codec.field_of(data, "players", list, "game record"),
                rules=_codec.rules_from_data(_codec.field_of(data, "rules", dict, "game record")),
                first_dealer=_codec.field_of(data, "first_dealer", int, "game record"),
                deals=[_deal(item, i) for i, item in enumerate(_codec.field_of(data, "deals", list, "game record"), 1)],
                actions=[_action(item) for item in _codec.field_of(data, "actions", list, "game record")],
            )
            totals = record.replay().totals
        except FormatError:
            raise
        except WizardRulesError as error:
            raise FormatError(f"game record does not replay: {error}") from None
        _codec.check_checksum(data, "game record")
        if json.dumps(data.get("totals")) != json.dumps(list(totals)):
            raise FormatError(
                f"game record was tampered with: totals {shown(data.get('totals'))} "
                f"do not match the replay ({shown(list(totals))})"
            )
        return record


def _deal(item: Any, number: int) -> Deal:
    what = f"game record deal {number}"
    hands = _codec.field_of(item, "hands", list, what)
    if not all(isinstance(h, str) for h in hands):
        raise FormatError(f"{what}: hands must be card notation")
    turned = item.get("turned_up")
    if turned is not None and not isinstance(turned, str):
        raise FormatError(f"{what}: turned_up {shown(turned)} must be a card or null")
    return Deal(hands=[parse_cards(h) for h in hands], turned_up=None if turned is None else Card.parse(turned))


def _action(item: Any) -> Action:
    if not isinstance(item, str):
        raise FormatError(f"game record action {shown(item)} must be action notation")
    return parse_action(item)
