"""What the OpenSpiel game keeps, without OpenSpiel: its fixed facts and immutable nodes.

A `Node` is one moment of `python_wizard`: the first dealer, the
chance outcomes of each deal, and the engine's game so far, in which the rounds not dealt
yet hold fixed stand-in deals that no state shows. When a round's deal is complete, the game
is replayed through the engine with it, so every rule is the engine's.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, Final, Protocol, TypeAlias

import attrs
from attrs import field, frozen

from wizardrules._convert import shown
from wizardrules.actions import Action
from wizardrules.cards import Card, Special
from wizardrules.engine import Deal, GameState, PlayerView, new_game
from wizardrules.errors import DealError, PlayerError, RulesError
from wizardrules.rl._actions import ActionCodec
from wizardrules.rl._layout import Reward, points_bounds
from wizardrules.rl._observer import Observer
from wizardrules.rules import Preset, Rules, Schedule, ScheduleKind, Variant


class Restartable(Protocol):
    """What a node keeps of the state at a round's start: a state that can be cloned (OpenSpiel's)."""

    def clone(self) -> Any:
        """A copy of the state to play on."""


__all__ = [
    "GameFacts",
    "Key",
    "Node",
    "checked_seat",
    "dealing_text",
    "redeal",
    "schedule_of",
    "table_for",
    "variants_of",
]


# -- the game's fixed facts ------------------------------------------------------------------------

Key: TypeAlias = "tuple[int, str, str, int, str, str]"
"""A game's parameters: players, preset, schedule, rounds, variants, reward."""


_VARIANTS: Final = {str(variant.name).lower().replace("_", "-"): variant for variant in Variant if variant}


def variants_of(text: str) -> Variant:
    """The variants named in `text`, joined by `+` (`"blind-bids+clairvoyance"`); none for `""`.

    Raises:
        RulesError: a name that is no variant.
    """
    variants = Variant.NONE
    for name in filter(None, (part.strip().lower().replace("_", "-") for part in text.split("+"))):
        variant = _VARIANTS.get(name)
        if variant is None:
            raise RulesError(f"variants: {name[:30]!r} is not a variant; they are {', '.join(_VARIANTS)}")
        variants |= variant
    return variants


def schedule_of(text: str) -> ScheduleKind | None:
    """The built-in schedule named `text` (R2.2, R2.4); `None` for `""`, the preset's own.

    Raises:
        RulesError: a name that is no built-in schedule.
    """
    if not text:
        return None
    for kind in ScheduleKind:
        if kind.value == text.strip().lower():
            return kind
    names = ", ".join(kind.value for kind in ScheduleKind)
    raise RulesError(f"schedule: {text[:30]!r} is not a built-in schedule; they are {names}")


def rules_for(preset: str, *, schedule: str, rounds: int, variants: str, players: int) -> Rules:
    """The preset's rules with another built-in `schedule` if named and `variants` switched on
    too, the schedule stopped after `rounds` rounds (R2.3) unless `rounds` is 0.

    Raises:
        RulesError: no such preset, schedule or variant, rules the players cannot play, or
            rounds the schedule does not have.
    """
    rules = Preset.parse(preset).rules()
    kind = schedule_of(schedule)
    if kind is not None:
        rules = attrs.evolve(rules, schedule=kind)
    extra = variants_of(variants)
    if extra & ~rules.variants:
        rules = attrs.evolve(rules, variants=rules.variants | extra)
    full = rules.schedule_for(players)
    if rounds in (0, full.rounds):
        return rules
    if not 1 <= rounds <= full.rounds:
        raise RulesError(
            f"rounds={shown(rounds)}: the {full.name} schedule for {players} players has rounds 1..{full.rounds} "
            "(0 plays them all, R2.3)"
        )
    short = Schedule(
        cards_per_round=full.cards_per_round[:rounds],
        trumps=full.trumps[:rounds],
        name=f"{full.name} ({rounds} rounds)",
    )
    return attrs.evolve(rules, schedule=short)


class GameFacts:
    """What every state of one game shares: rules, encodings, the deck as chance outcomes."""

    def __init__(self, key: Key) -> None:
        players, preset, schedule, rounds, variants, reward = key
        self.key: Final = key
        """The game's parameters: players, preset, schedule, rounds, variants, reward."""
        self.rules: Final = rules_for(preset, schedule=schedule, rounds=rounds, variants=variants, players=players)
        self.players: Final = players
        self.schedule: Final = self.rules.schedule_for(players)
        self.codec: Final = ActionCodec(self.rules, players)
        self.observer: Final = Observer(self.rules, players)
        self.scale: Final = Reward(reward).scale(self.rules, players)
        self.bound: Final = points_bounds(self.rules, players)[1] * self.scale
        deck = self.rules.deck.cards
        counts = Counter(deck)
        self.cards: Final = tuple(dict.fromkeys(deck))
        """The chance outcomes of a deal: each distinct card once, in the deck's order."""
        self.copies: Final = tuple(counts[card] for card in self.cards)
        self.card_ids: Final = {card: i for i, card in enumerate(self.cards)}
        n = players
        self.turns_up: Final = tuple(
            self.schedule.fixed_trump(r) is None and n * self.schedule.cards(r) < len(deck)
            for r in range(1, self.schedule.rounds + 1)
        )
        """Per round, whether a card is turned up for trump (R3.1, R3.4, R3.5)."""
        self.deal_sizes: Final = tuple(
            n * cards + turned for cards, turned in zip(self.schedule.cards_per_round, self.turns_up, strict=True)
        )
        """Per round, its chance outcomes: the cards dealt and the one turned up."""
        # Rounds not dealt yet stand in the engine's game as these fixed deals; no state shows them.
        self.fillers: Final = tuple(
            Deal(
                hands=[deck[seat * cards : (seat + 1) * cards] for seat in range(n)],
                turned_up=deck[n * cards] if turned else None,
            )
            for cards, turned in zip(self.schedule.cards_per_round, self.turns_up, strict=True)
        )
        specials = self.rules.special_cards
        per_round = [
            1 + n * (Variant.BLIND_BIDS in self.rules.variants) + n + n * cards
            + (Special.CLOUD in specials) + n * (Special.JUGGLER in specials)
            for cards in self.schedule.cards_per_round
        ]  # fmt: skip
        self.max_game_length: Final = sum(per_round)
        """At most: a trump choice, looks, bids, plays, a Cloud change and passes per round."""
        self.max_chance_nodes: Final = 1 + sum(self.deal_sizes)

    def deal(self, number: int, dealer: int, outcomes: Sequence[int]) -> Deal:
        """The deal of round `number` (from 0) from its chance outcomes: one card at a time clockwise from
        the dealer's left, then the turned-up card."""
        n = self.players
        hands: list[list[Card]] = [[] for _ in range(n)]
        size = n * self.schedule.cards_per_round[number]
        for j in range(size):
            hands[(dealer + 1 + j) % n].append(self.cards[outcomes[j]])
        return Deal(hands=hands, turned_up=self.cards[outcomes[size]] if self.turns_up[number] else None)


@lru_cache(maxsize=64)
def table_for(key: Key) -> GameFacts:
    """The table of a game's parameters, made once (the parameters are checked by the caller)."""
    return GameFacts(key)


# -- a state's contents --------------------------------------------------------------------------

Taken: TypeAlias = "tuple[Action, Taken] | None"


@frozen(kw_only=True)
class Node:
    """One moment of the OpenSpiel game; immutable, so that clones share it.

    Attributes:
        table: the game's fixed facts.
        dealer: the first dealer, once drawn.
        dealt: the chance outcomes of each round dealt so far.
        pending: the outcomes of the round being dealt.
        starts: per round dealt, how many player actions came before it.
        engine: the engine's game so far: real deals for the rounds dealt, fillers after.
        taken: the player actions so far, the last first, as nested pairs `(action, earlier)`.
        moves: how many player actions were taken.
        before: the totals when the last player action was taken.
        round_start: a clone of the state before the first card of the latest round was dealt
            (not pickled).
    """

    table: GameFacts
    dealer: int | None = None
    dealt: tuple[tuple[int, ...], ...] = ()
    pending: tuple[int, ...] = ()
    starts: tuple[int, ...] = ()
    engine: GameState | None = None
    taken: Taken = None
    moves: int = 0
    before: tuple[int, ...] = ()
    round_start: Restartable | None = field(default=None, eq=False, repr=False)
    _views: dict[int, PlayerView] = field(factory=dict, init=False, eq=False, repr=False)

    def __deepcopy__(self, memo: dict[int, Any]) -> Node:
        return self  # immutable: OpenSpiel's clone shares it

    def __reduce__(self) -> tuple[Callable[..., Node], tuple[Any, ...]]:
        """Pickled as the game's parameters and the actions, replayed when loaded."""
        codec = self.table.codec
        actions = tuple(codec.index(action) for action in self.actions())
        fields = {"dealer": self.dealer, "dealt": self.dealt, "pending": self.pending, "starts": self.starts}
        return restore, (self.table.key, fields, actions, self.before)

    @property
    def dealing(self) -> bool:
        """Whether chance acts: the first dealer is drawn or a round is dealt."""
        engine = self.engine
        return engine is None or (not engine.is_over and engine.round_number > len(self.dealt))

    def actions(self) -> list[Action]:
        """The player actions so far, in order."""
        actions: list[Action] = []
        taken = self.taken
        while taken is not None:
            action, taken = taken
            actions.append(action)
        actions.reverse()
        return actions

    def view(self, seat: int) -> PlayerView:
        """What `seat` may know, made once per node."""
        found = self._views.get(seat)
        if found is None:
            assert self.engine is not None  # noqa: S101 - only asked outside the deal
            found = self._views[seat] = self.engine.view(seat)
        return found

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The first dealer's seats, or the cards left to deal, with their probabilities."""
        table = self.table
        if self.dealer is None:
            n = table.players
            return [(len(table.cards) + seat, 1.0 / n) for seat in range(n)]
        left = list(table.copies)
        for card in self.pending:
            left[card] -= 1
        total = sum(left)
        return [(card, count / total) for card, count in enumerate(left) if count]

    def after_chance(self, outcome: int) -> Node:
        """The node after a chance outcome: the first dealer, or the next card of the deal.

        Raises:
            DealError: no such seat, or no such card left in the deck.
        """
        table = self.table
        n = table.players
        if self.dealer is None:
            seat = outcome - len(table.cards)
            if not 0 <= seat < n:
                raise DealError(f"chance outcome {outcome}: the first dealer is a seat 0..{n - 1} (R2.5)")
            engine = new_game(n, rules=table.rules, deal=table.fillers, first_dealer=seat)
            return attrs.evolve(self, dealer=seat, engine=engine, before=engine.totals)
        left = table.copies[outcome] - self.pending.count(outcome) if 0 <= outcome < len(table.cards) else 0
        if left <= 0:
            raise DealError(f"chance outcome {outcome}: no such card is left in the deck to deal")
        pending = (*self.pending, outcome)
        rounds = len(self.dealt)
        if len(pending) < table.deal_sizes[rounds]:
            return attrs.evolve(self, pending=pending)
        # the round is dealt: replay the game so far with its deal
        assert self.dealer is not None  # noqa: S101 - drawn before any deal
        dealt = (*self.dealt, pending)
        engine = replay(table, self.dealer, dealt, self.actions())
        return attrs.evolve(self, dealt=dealt, pending=(), starts=(*self.starts, self.moves), engine=engine)

    def after_action(self, index: int) -> Node:
        """The node after the player action of index `index`, applied and checked by the engine.

        Raises:
            ActionError: no action has that index.
            IllegalActionError: the action is not legal now.
        """
        engine = self.engine
        assert engine is not None  # noqa: S101 - players act only after the deal
        action = self.table.codec.action(index)
        after = engine.apply(action)
        return attrs.evolve(self, engine=after, taken=(action, self.taken), moves=self.moves + 1, before=engine.totals)


def replay(table: GameFacts, dealer: int, dealt: Sequence[Sequence[int]], actions: Sequence[Action]) -> GameState:
    """The engine's game with these deals (fillers for the rounds after) and these actions, each checked."""
    n = table.players
    deals = [table.deal(r, (dealer + r) % n, outcomes) for r, outcomes in enumerate(dealt)]
    state = new_game(n, rules=table.rules, deal=[*deals, *table.fillers[len(deals) :]], first_dealer=dealer)
    for action in actions:
        state = state.apply(action)
    return state


def restore(key: Key, fields: dict[str, Any], actions: tuple[int, ...], before: tuple[int, ...]) -> Node:
    """A pickled node, replayed through the engine."""
    table = table_for(key)
    dealer = fields["dealer"]
    if dealer is None:
        return Node(table=table)
    taken: Taken = None
    done = [table.codec.action(index) for index in actions]
    for action in done:
        taken = (action, taken)
    engine = replay(table, dealer, fields["dealt"], done)
    return Node(table=table, **fields, engine=engine, taken=taken, moves=len(done), before=before)


def checked_seat(player: object, players: int) -> int:
    """`player`, checked to be one of the game's players.

    Raises:
        PlayerError: it is not.
    """
    if type(player) is not int or not 0 <= player < players:
        raise PlayerError(f"player {shown(player)}: the players are 0..{players - 1}")
    return player


def dealing_text(node: Node) -> str:
    """What everyone knows while chance acts: which card of which deal is coming."""
    if node.dealer is None:
        return "the first dealer is being drawn (R2.5)"
    table = node.table
    number = len(node.dealt)
    return (
        f"round {number + 1} of {table.schedule.rounds}: {len(node.pending)} of "
        f"{table.deal_sizes[number]} cards dealt (R2.6)"
    )


def redeal(copies: Sequence[int], count: int, rng: random.Random) -> list[int]:
    """`count` cards drawn without replacement from a deck of these copies per card, as chance deals them."""
    left = list(copies)
    drawn = []
    for _ in range(count):
        pick = rng.randrange(sum(left))
        card = 0
        while pick >= left[card]:
            pick -= left[card]
            card += 1
        left[card] -= 1
        drawn.append(card)
    return drawn
