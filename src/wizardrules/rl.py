"""Encodings for reinforcement learning: a fixed action index space and observation tensors.

The RL adapters ([`wizardrules.pettingzoo`][wizardrules.pettingzoo],
[`wizardrules.gymnasium`][wizardrules.gymnasium]) share these encodings, so an agent trained
through one sees the same numbers through another. Both depend only on the rules
and the number of players:

- [`ActionCodec`][wizardrules.rl.ActionCodec] numbers every action the rules allow (bids,
  blind bids, look, trump choices, each card with each declaration, Cloud changes,
  Juggler passes) and turns a state's legal actions into a boolean mask.
- [`Observer`][wizardrules.rl.Observer] turns a [`PlayerView`][wizardrules.PlayerView] into
  a float32 vector: [`observation`][wizardrules.rl.Observer.observation] (what the player
  knows now) or [`information_state`][wizardrules.rl.Observer.information_state] (that and
  the whole public history of the round and the score sheet), and the same as text. It reads
  nothing but the view, so it cannot leak what the view does not hold. Seats are relative:
  every per-seat block starts with the observing seat, then the seats to its left in order.

The vector is made of named sections at fixed offsets ([`describe`][wizardrules.rl.Observer.describe]):
one-hot blocks, one bit per card, and counts and points scaled into [0, 1] or [-1, 1].

Needs the extra `rl` (numpy): `pip install "wizardrules[rl]"`.

Example:
    >>> from wizardrules import new_game
    >>> from wizardrules.rl import ActionCodec, Observer
    >>> state = new_game(4, seed=1)
    >>> codec, observer = ActionCodec(state.rules, 4), Observer(state.rules, 4)
    >>> " | ".join(str(codec.action(i)) for i in codec.mask(state).nonzero()[0])
    'bid 0 | bid 1'
    >>> vector = observer.observation(state.view(state.to_move))
    >>> vector.dtype, vector.shape == (observer.describe().size,)
    (dtype('float32'), True)
"""

from __future__ import annotations

import enum
import math
import operator
from collections.abc import Iterable, Sequence
from itertools import chain
from typing import Final, SupportsIndex

import numpy as np
import numpy.typing as npt
from attrs import frozen

from wizardrules.actions import Action, parse_action
from wizardrules.cards import Card, CardKind, Special, Suit
from wizardrules.engine import GameState, Phase, PlayerView
from wizardrules.errors import ActionError, RulesError
from wizardrules.rules import Rules, Variant
from wizardrules.sheet import Round
from wizardrules.tricks import Trick

__all__ = [
    "ActionCodec",
    "BoolArray",
    "Encoding",
    "FloatArray",
    "Layout",
    "Observer",
    "Reward",
    "Section",
    "SectionKind",
    "points_bounds",
    "table_text",
]

FloatArray = npt.NDArray[np.float32]
"""A float32 vector: an observation or information state."""
BoolArray = npt.NDArray[np.bool_]
"""A boolean vector: an action mask."""

_SUITS: Final = tuple(Suit)
_SUIT_CARDS: Final = tuple(Card.suited(suit, rank) for suit in _SUITS for rank in range(1, 14))
_PHASES: Final = tuple(Phase)
_WIZARD_SLOT: Final = 52
_JESTER_SLOT: Final = 56
_STANDARD_SLOTS: Final = 60


class SectionKind(enum.Enum):
    """What the numbers of a section mean, and so their bounds."""

    ONE_HOT = "one-hot"
    """Each block (e.g. each seat's) has at most one 1, the rest 0; all 0 when unknown or absent."""
    BITS = "bits"
    """0 or 1 each: one bit per card (Wizards and Jesters fill their four places from the first)."""
    FRACTION = "fraction"
    """A count divided by its largest possible value: 0 to 1."""
    SIGNED = "signed"
    """Points divided by the largest possible magnitude: -1 to 1."""

    @property
    def low(self) -> float:
        """The lowest value a number of this kind takes."""
        return -1.0 if self is SectionKind.SIGNED else 0.0


class Reward(enum.Enum):
    """What an adapter pays an agent when a round is scored; summed over a game, the final total."""

    POINTS = "points"
    """The round's points, as on the score sheet: the rewards of a game add up to the total (R6)."""
    SCALED = "scaled"
    """The round's points divided by the round bound of [`points_bounds`][wizardrules.rl.points_bounds],
    so within [-1, 1]: the rewards of a game add up to the total divided by that bound."""

    def scale(self, rules: Rules | None, players: int) -> float:
        """The factor from points to rewards under `rules` (the rulebook's if `None`): 1 for `POINTS`.

        Raises:
            RulesError: as [`points_bounds`][wizardrules.rl.points_bounds].
        """
        bound = points_bounds(Rules() if rules is None else rules, players)[0]
        return 1.0 if self is Reward.POINTS else 1.0 / bound


class Encoding(enum.Enum):
    """Which vector: what an adapter gives its agents, or the action mask."""

    OBSERVATION = "observation"
    """What the player knows now: [`Observer.observation`][wizardrules.rl.Observer.observation]."""
    INFORMATION_STATE = "information-state"
    """With the round's whole history: [`Observer.information_state`][wizardrules.rl.Observer.information_state]."""
    ACTION_MASK = "action-mask"
    """The legal actions over the action space: [`ActionCodec.mask`][wizardrules.rl.ActionCodec.mask]."""


@frozen(kw_only=True)
class Section:
    """A named slice of an encoded vector.

    Attributes:
        name: the section's name.
        start: its first index in the vector.
        shape: its shape, e.g. `(players, cards + 1)` for one one-hot block per seat.
        kind: what its numbers mean.
        doc: what it holds, in words.
    """

    name: str
    start: int
    shape: tuple[int, ...]
    kind: SectionKind
    doc: str

    @property
    def size(self) -> int:
        """The number of entries."""
        return math.prod(self.shape)

    @property
    def stop(self) -> int:
        """The index after its last entry."""
        return self.start + self.size

    @property
    def slice(self) -> slice:
        """The section's slice of the vector."""
        return slice(self.start, self.stop)


@frozen(kw_only=True)
class Layout:
    """The sections of one encoding, in order, covering the vector exactly.

    Attributes:
        encoding: which vector this is the layout of.
        sections: the sections in vector order.
    """

    encoding: Encoding
    sections: tuple[Section, ...]

    @property
    def size(self) -> int:
        """The vector's length."""
        return self.sections[-1].stop if self.sections else 0

    @property
    def names(self) -> tuple[str, ...]:
        """The sections' names, in order."""
        return tuple(section.name for section in self.sections)

    def __getitem__(self, name: str) -> Section:
        """The section called `name`.

        Raises:
            RulesError: no section has that name under these rules.
        """
        for section in self.sections:
            if section.name == name:
                return section
        raise RulesError(
            f"no section {name[:40]!r} in the {self.encoding.value} layout; it has {', '.join(self.names)}"
        )

    def __contains__(self, name: object) -> bool:
        return any(section.name == name for section in self.sections)

    def bounds(self) -> tuple[FloatArray, FloatArray]:
        """The lowest and highest value of every entry, e.g. for a `gymnasium.spaces.Box`."""
        low = np.zeros(self.size, dtype=np.float32)
        for section in self.sections:
            low[section.slice] = section.kind.low
        return low, np.ones(self.size, dtype=np.float32)

    def table(self) -> str:
        """The layout as a Markdown table: section, offsets, shape, kind, meaning."""
        lines = ["| section | start | stop | shape | kind | holds |", "| --- | ---: | ---: | --- | --- | --- |"]
        for s in self.sections:
            shape = " × ".join(str(d) for d in s.shape)
            lines.append(f"| `{s.name}` | {s.start} | {s.stop} | {shape} | {s.kind.value} | {s.doc} |")
        return "\n".join(lines)


def _cards_of_deck(rules: Rules) -> tuple[Card, ...]:
    """The distinct cards of the deck as held: the suit cards, Wizard, Jester, the special cards."""
    specials = tuple(special.card for special in Special if special in rules.special_cards)
    return (*_SUIT_CARDS, Card.WIZARD, Card.JESTER, *specials)


def _playable(rules: Rules) -> tuple[Card, ...]:
    """Every card as it can be played: declared forms of the Cloud, Juggler and Shapeshifter (R8)."""
    return tuple(
        declared
        for card in _cards_of_deck(rules)
        if card.kind is not CardKind.WEREWOLF  # the Werewolf is swapped, never played (R8.6)
        for declared in card.declarations()
    )


def _players(players: object, what: str) -> int:
    if type(players) is not int or not 3 <= players <= 6:
        raise RulesError(f"{what}: {players!r} players; Wizard is for 3 to 6 (R2.1)")
    return players


def points_bounds(rules: Rules, players: int) -> tuple[int, int]:
    """The largest magnitude of one round's points, and of a whole game's total, under `rules`.

    Found by scoring every bid and trick count each round of the schedule allows (R6.4: any
    score rule), blind bids included when the rules have them; at least 1 each, so they can
    divide. The encodings scale points by them, so that they stay within [-1, 1].

    Raises:
        RulesError: the rules cannot be played by `players`, or the score rule gives no whole number.

    Example:
        >>> from wizardrules import Rules
        >>> points_bounds(Rules(), 6)  # 10 cards: 20 + 10 x 10 at best; the ladder 1..10
        (120, 750)
    """
    schedule = rules.schedule_for(_players(players, "points_bounds"))
    blinds = (False, True) if Variant.BLIND_BIDS in rules.variants else (False,)
    by_cards: dict[int, int] = {}
    for cards in set(schedule.cards_per_round):
        most = 0
        for bid in range(cards + 1):
            for tricks in range(cards + 1):
                for blind in blinds:
                    points = rules.score_rule.points(bid, tricks, blind=blind)
                    if type(points) is not int:
                        raise RulesError(
                            f"score rule {repr(rules.score_rule)[:60]} gives {repr(points)[:20]} for bid {bid}, "
                            f"tricks {tricks}: expected a whole number (R6.4)"
                        )
                    most = max(most, abs(points))
        by_cards[cards] = most
    return max(1, *by_cards.values()), max(1, sum(by_cards[cards] for cards in schedule.cards_per_round))


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

    Example:
        >>> from wizardrules import Bid, Preset, parse_action
        >>> codec = ActionCodec(Preset.ANNIVERSARY_2021.rules(), 4)
        >>> codec.size, codec.index(Bid(tricks=2)), str(codec.action(codec.index(parse_action("play CLOUD:G"))))
        (150, 2, 'play CLOUD:G')
    """

    __slots__ = ("_by_id", "_index", "actions", "players", "rules", "sections")

    def __init__(self, rules: Rules, players: int) -> None:
        if not isinstance(rules, Rules):
            raise RulesError(f"rules {repr(rules)[:60]}: expected a Rules value")
        schedule = rules.schedule_for(_players(players, "ActionCodec"))
        most = max(schedule.cards_per_round)
        blind = Variant.BLIND_BIDS in rules.variants
        specials = rules.special_cards
        turns_up = any(schedule.fixed_trump(r) is None for r in range(1, schedule.rounds + 1))
        held = [card for card in _cards_of_deck(rules) if card.kind is not CardKind.WEREWOLF]
        groups: list[tuple[str, list[str], str]] = [
            ("bid", [f"bid {n}" for n in range(most + 1)], f"bid 0..{most} (R4.1)"),
        ]
        if blind:
            groups.append(
                ("blind bid", [f"bid {n} blind" for n in range(most + 1)], "bid blind, before looking (R4.4)")
            )
            groups.append(("look", ["look"], "look at the hand (R4.4)"))
        if turns_up or Special.WEREWOLF in specials:
            groups.append(("trump", [f"trump {s.name.lower()}" for s in _SUITS], "name the trump suit (R3.2, R8.10)"))
        if Special.WEREWOLF in specials:
            groups.append(("no trump", ["trump none"], "the Werewolf's holder names no trump (R8.6)"))
        groups.append(("play", [f"play {card}" for card in _playable(rules)], "play a card, declared if it needs it"))
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

    def describe(self) -> Layout:
        """The index ranges of each kind of action, as a layout of a mask vector.

        Example:
            >>> from wizardrules import Rules
            >>> ActionCodec(Rules(), 3).describe().names
            ('bid', 'trump', 'play')
        """
        return Layout(encoding=Encoding.ACTION_MASK, sections=self.sections)

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
            raise ActionError(f"{str(action)[:40]!r} is not an action of these rules for {self.players} players")
        return found

    def action(self, index: SupportsIndex) -> Action:
        """The action at `index` (a Python or NumPy integer).

        Raises:
            ActionError: `index` is not an integer 0..size-1.
        """
        try:
            i = operator.index(index)
        except TypeError:
            raise ActionError(f"action index {str(index)[:20]!r} is not an integer") from None
        if not 0 <= i < len(self.actions):
            raise ActionError(f"action index {str(i)[:20]} is outside 0..{len(self.actions) - 1}")
        return self.actions[i]

    def indices(self, actions: Iterable[Action]) -> list[int]:
        """The indices of `actions`, in ascending order (as OpenSpiel lists legal actions).

        Raises:
            ActionError: an action is not in the space.
        """
        return sorted(self._many(tuple(actions)))

    def mask(self, state: GameState) -> BoolArray:
        """A boolean vector with `True` at the index of each of `state.legal_actions()`.

        Raises:
            RulesError: `state` is a game of other rules or another number of players.
        """
        if len(state.players) != self.players or (state.rules is not self.rules and state.rules != self.rules):
            raise RulesError(f"{state!r} is not a game of this codec's rules for {self.players} players")
        return self.mask_of(state.legal_actions())

    def mask_of(self, actions: Iterable[Action]) -> BoolArray:
        """A boolean vector with `True` at the index of each of `actions`.

        Raises:
            ActionError: an action is not in the space.
        """
        flags = bytearray(len(self.actions))  # filled byte by byte: cheaper than NumPy for a few indices
        for index in self._many(actions if type(actions) is tuple else tuple(actions)):
            flags[index] = 1
        return np.frombuffer(flags, dtype=np.bool_)

    def _many(self, actions: tuple[Action, ...]) -> list[int]:
        """The indices of `actions`: looked up by the identity of the engine's shared action values, else by value."""
        found = list(map(self._by_id.get, map(id, actions)))
        if None in found:
            return [self.index(action) for action in actions]
        return found  # type: ignore[return-value]  # None was excluded above


# -- the observer ---------------------------------------------------------------------------------

_TRUMP_LABEL: Final[dict[Suit | None, str]] = {None: "none", **{suit: suit.name.lower() for suit in _SUITS}}


class _Builder:
    """Lays out sections one after the other."""

    def __init__(self) -> None:
        self.sections: list[Section] = []
        self.size = 0

    def add(self, name: str, shape: tuple[int, ...], kind: SectionKind, doc: str) -> int:
        section = Section(name=name, start=self.size, shape=shape, kind=kind, doc=doc)
        self.sections.append(section)
        self.size = section.stop
        return section.start


class _CardIndex:
    """Numbers for cards: looked up by the identity of the shared card values (no hashing), else by value."""

    __slots__ = ("by_id", "by_value")

    def __init__(self, numbers: dict[Card, int]) -> None:
        self.by_value: Final = numbers
        self.by_id: Final = {id(card): number for card, number in numbers.items()}

    def of(self, card: Card) -> int:
        found = self.by_id.get(id(card))
        return self.many((card,))[0] if found is None else found

    def many(self, cards: Sequence[Card]) -> list[int]:
        found = list(map(self.by_id.get, map(id, cards)))
        if None in found:  # a card that is not a shared value: look it up by value
            try:
                return [self.by_value[card] for card in cards]
            except KeyError as error:
                raise RulesError(f"card {str(error.args[0])[:20]} is not in the deck of these rules") from None
        return found  # type: ignore[return-value]  # None was excluded above


_NO: Final = -1
"""The offset of a section the rules leave out."""


def _layout(
    rules: Rules, n: int, most: int, rounds: int
) -> tuple[dict[str, int], tuple[Section, ...], tuple[Section, ...]]:
    """The sections of the encodings: each section's offset by name, the observation's, the information state's."""
    specials = rules.special_cards
    p = len(_playable(rules))
    d = _STANDARD_SLOTS + len(specials)
    u = len(_cards_of_deck(rules))
    b = _Builder()
    add = b.add
    seat_doc = "per seat from this one to its left"
    o: dict[str, int] = {}
    phases = ", ".join(phase.value for phase in _PHASES)
    o["phase"] = add("phase", (len(_PHASES),), SectionKind.ONE_HOT, "the phase: " + phases)
    # the fractions lie together, so that one multiplication scales them all
    o["round"] = add("round", (1,), SectionKind.FRACTION, "the round number divided by the rounds")
    o["cards"] = add("cards", (1,), SectionKind.FRACTION, "cards dealt this round, divided by the most")
    o["hand_sizes"] = add("hand_sizes", (n,), SectionKind.FRACTION, "cards held, " + seat_doc)
    o["tricks_won"] = add("tricks_won", (n,), SectionKind.FRACTION, "tricks taken this round, " + seat_doc)
    o["totals"] = add("totals", (n,), SectionKind.SIGNED, "total points divided by the game bound, " + seat_doc)
    o["dealer"] = add("dealer", (n,), SectionKind.ONE_HOT, "the dealer, relative seat")
    o["to_move"] = add("to_move", (n,), SectionKind.ONE_HOT, "the seat to act, relative; none once over")
    o["trump"] = add("trump", (5,), SectionKind.ONE_HOT, "trump red, yellow, green, blue, none; unset while chosen")
    o["turned_up"] = add("turned_up", (u,), SectionKind.ONE_HOT, "the card turned up, by card")
    o["hand"] = add("hand", (d,), SectionKind.BITS, "the own hand, one bit per card; 0 while unseen")
    o["hand_seen"] = add("hand_seen", (1,), SectionKind.BITS, "1 when the own hand is seen (R4.4, R4.5)")
    if Variant.CLAIRVOYANCE in rules.variants:
        o["seen_hands"] = add("seen_hands", (n - 1, d), SectionKind.BITS, "the others' hands seen (R4.5)")
    o["bids"] = add("bids", (n, most + 1), SectionKind.ONE_HOT, "bids as far as known (R4.3), " + seat_doc)
    if Variant.BLIND_BIDS in rules.variants:
        o["blind"] = add("blind", (n,), SectionKind.BITS, "blind bids as far as known (R4.4), " + seat_doc)
    o["leader"] = add("leader", (n,), SectionKind.ONE_HOT, "the leader of the current trick, relative seat")
    o["led"] = add("led", (4,), SectionKind.ONE_HOT, "the suit led in the current trick (R5.2)")
    o["trick"] = add("trick", (n, p), SectionKind.ONE_HOT, "the card each seat played to the current trick")
    o["played"] = add("played", (d,), SectionKind.BITS, "the cards played this round, current trick included")
    if Special.WEREWOLF in specials:
        o["werewolf"] = add("werewolf", (n,), SectionKind.ONE_HOT, "who swapped the Werewolf (R8.6)")
    if Special.CLOUD in specials:
        o["cloud"] = add("cloud", (n, 2), SectionKind.ONE_HOT, "whose bid the Cloud changed: up, down (R8.2)")
    if Special.JUGGLER in specials:
        o["passing"] = add("passing", (u,), SectionKind.ONE_HOT, "the card this seat chose to pass (R8.3)")
        o["passed"] = add("passed", (2, u), SectionKind.ONE_HOT, "the card passed left and the one received")
    observation = tuple(b.sections)
    o["tricks"] = add("tricks", (most, n, p), SectionKind.ONE_HOT, "every finished trick: the card of each seat")
    o["leaders"] = add("leaders", (most, n), SectionKind.ONE_HOT, "every finished trick's leader")
    o["sheet"] = add(
        "sheet",
        (rounds, n, 6),
        SectionKind.SIGNED,
        "each finished round per seat: bid, final bid, tricks (by the most cards), blind, hit, "
        "points (by the round bound)",
    )
    o["sheet_trump"] = add("sheet_trump", (rounds, 5), SectionKind.ONE_HOT, "each finished round's trump")
    return o, observation, tuple(b.sections)


class Observer:
    """Encodes a [`PlayerView`][wizardrules.PlayerView] as float32 vectors and as text.

    Two encodings, each with a fixed layout that depends only on the rules and the number of
    players ([`describe`][wizardrules.rl.Observer.describe]):

    - [`observation`][wizardrules.rl.Observer.observation]: what the player knows now: the
      phase, round, dealer and player to move, trump, the own hand (and the hands seen in a
      clairvoyance round), hand sizes, bids and blind marks as far as known, tricks taken,
      the current trick, the cards played this round, totals, and the special cards' public
      facts (Werewolf, Cloud, the player's own Juggler pass).
    - [`information_state`][wizardrules.rl.Observer.information_state]: the observation and
      the public history with perfect recall: every finished trick of the round, card by
      card with its leader, and every finished round's score-sheet row (bids as made and as
      changed, blind marks, tricks, hits, points, trump). The round's bids are in the
      observation already. The plays of earlier rounds are in no view and bear on nothing to
      come (each round is dealt anew), so they are left out. Within one game, two views of a
      seat that differ give different information states, and equal views equal ones.

    Seats are relative: the blocks of a per-seat section run from the observing seat to its
    left. Counts are divided by the most cards a round deals, points by
    [`points_bounds`][wizardrules.rl.points_bounds]. The text forms hold the same facts.

    Args:
        rules: the game's rules.
        players: the number of players, 3 to 6.

    Raises:
        RulesError: the rules cannot be played by that many players.
    """

    __slots__ = (
        "_bid_starts",
        "_code",
        "_fractions",
        "_hand",
        "_hist",
        "_info",
        "_layouts",
        "_o",
        "_offsets",
        "_phase",
        "_plane",
        "_played",
        "_rel",
        "_scales",
        "_sheet_cache",
        "_sizes",
        "_suit",
        "_trick",
        "_turned",
        "cards",
        "game_bound",
        "players",
        "round_bound",
        "rounds",
        "rules",
    )

    def __init__(self, rules: Rules, players: int) -> None:
        ActionCodec(rules, players)  # checks the rules and players
        n = players
        schedule = rules.schedule_for(n)
        most = max(schedule.cards_per_round)
        self.rules: Final = rules
        """The rules the layout is for."""
        self.players: Final = n
        """The number of players."""
        self.cards: Final = most
        """The most cards a round deals: counts are divided by it."""
        self.rounds: Final = schedule.rounds
        """The number of rounds."""
        round_bound, game_bound = points_bounds(rules, n)
        self.round_bound: Final = round_bound
        """The largest magnitude of one round's points: the score sheet's points are divided by it."""
        self.game_bound: Final = game_bound
        """The largest magnitude of a game's total: the totals are divided by it."""
        deck = _cards_of_deck(rules)
        plays = _playable(rules)
        p = len(plays)
        o, observation, information = _layout(rules, n, most, schedule.rounds)
        self._layouts: Final = {
            Encoding.OBSERVATION: Layout(encoding=Encoding.OBSERVATION, sections=observation),
            Encoding.INFORMATION_STATE: Layout(encoding=Encoding.INFORMATION_STATE, sections=information),
        }
        self._o: Final = o
        names = (
            "dealer", "to_move", "trump", "turned_up", "hand_seen", "seen_hands", "blind",
            "leader", "led", "werewolf", "cloud", "passing", "passed",
        )  # fmt: skip
        wizards = (o["hand"] + _WIZARD_SLOT, o["played"] + _WIZARD_SLOT)  # the first Wizard's places
        self._offsets: Final = (*(o.get(name, _NO) for name in names), *wizards)
        self._info: Final = (o["tricks"], o["leaders"], o["sheet"], o["sheet_trump"])
        self._sizes: Final = {encoding: layout.size for encoding, layout in self._layouts.items()}
        # card -> its place in a card plane (Wizards and Jesters: their first place), declared forms as held
        plane = {card: i for i, card in enumerate(_SUIT_CARDS)}
        plane |= {Card.WIZARD: _WIZARD_SLOT, Card.JESTER: _JESTER_SLOT}
        plane |= {card: _STANDARD_SLOTS + i for i, card in enumerate(deck[54:])}
        plane |= {card: plane[card.undeclared] for card in plays}
        self._plane: Final = plane
        self._hand: Final = _CardIndex({card: o["hand"] + i for card, i in plane.items()})
        self._played: Final = _CardIndex({card: o["played"] + i for card, i in plane.items()})
        self._turned: Final = _CardIndex({card: i for i, card in enumerate(deck)})
        self._code: Final = _CardIndex({card: i for i, card in enumerate(plays)})
        self._phase: Final = {id(phase): o["phase"] + i for i, phase in enumerate(_PHASES)}
        self._suit: Final = {id(suit): i for i, suit in enumerate(_SUITS)}
        # relative seat of each seat, seen from each seat
        self._rel: Final = tuple(tuple((other - seat) % n for other in range(n)) for seat in range(n))
        # the fractions: where they start, and what scales each (round, cards, hand sizes, tricks, totals)
        first = o["round"]
        self._fractions: Final = slice(first, o["totals"] + n)
        self._scales: Final = np.array(
            [1 / schedule.rounds, 1 / most, *[1 / most] * (2 * n), *[1 / self.game_bound] * n], dtype=np.float32
        )
        # per observing seat, where each seat's one-hot bid block starts
        width = most + 1
        self._bid_starts: Final = tuple(tuple(o["bids"] + r * width for r in rel) for rel in self._rel)
        # the index of the card of each place of the current trick led by relative seat r, in play order
        self._trick: Final = tuple(tuple(o["trick"] + (r + i) % n * p for i in range(n)) for r in range(n))
        # the same for finished trick t
        self._hist: Final = tuple(
            tuple(tuple(o["tricks"] + (t * n + (r + i) % n) * p for i in range(n)) for r in range(n))
            for t in range(most)
        )
        self._sheet_cache: dict[int, tuple[tuple[Round, ...], FloatArray, list[int]]] = {}

    def __repr__(self) -> str:
        sizes = ", ".join(f"{e.value} {layout.size}" for e, layout in self._layouts.items())
        return f"<Observer {self.players} players: {sizes}>"

    def describe(self, encoding: Encoding = Encoding.OBSERVATION) -> Layout:
        """The layout of `encoding`: its named sections, offsets, shapes and meaning.

        Raises:
            RulesError: `encoding` is not a vector of the observer (the action mask's layout
                is [`ActionCodec.describe`][wizardrules.rl.ActionCodec.describe]).

        Example:
            >>> from wizardrules import Rules
            >>> layout = Observer(Rules(), 4).describe()
            >>> layout.size, layout["hand"].slice
            (496, slice(87, 147, None))
        """
        layout = self._layouts.get(encoding)
        if layout is None:
            raise RulesError(f"{encoding!r}: the observer encodes observations and information states")
        return layout

    def encode(self, view: PlayerView, encoding: Encoding = Encoding.OBSERVATION) -> FloatArray:
        """The [`observation`][wizardrules.rl.Observer.observation] or
        [`information_state`][wizardrules.rl.Observer.information_state] of `view`."""
        if encoding is Encoding.OBSERVATION:
            return self.observation(view)
        if encoding is Encoding.INFORMATION_STATE:
            return self.information_state(view)
        raise RulesError(f"{encoding!r}: the observer encodes observations and information states")

    def observation(self, view: PlayerView, out: FloatArray | None = None) -> FloatArray:
        """What `view`'s seat knows now, as a float32 vector laid out as `describe(Encoding.OBSERVATION)`.

        Args:
            view: a view of a game of these rules and players.
            out: a float32 vector of the right size to fill instead of a new one.

        Raises:
            RulesError: the view is of other rules or another number of players, or `out` does not fit.
        """
        if out is None and view.rules is self.rules and len(view.players) == self.players:
            out = np.zeros(self._sizes[Encoding.OBSERVATION], dtype=np.float32)  # the common case, checked
        else:
            out = self._target(view, out, Encoding.OBSERVATION)
        ones = self._observe(view, out)
        out[np.fromiter(ones, np.intp, len(ones))] = 1.0
        return out

    def information_state(self, view: PlayerView, out: FloatArray | None = None) -> FloatArray:
        """The observation and the public history, as laid out by `describe(Encoding.INFORMATION_STATE)`.

        Args:
            view: a view of a game of these rules and players.
            out: a float32 vector of the right size to fill instead of a new one.

        Raises:
            RulesError: the view is of other rules or another number of players, or `out` does not fit.
        """
        out = self._target(view, out, Encoding.INFORMATION_STATE)
        ones = self._observe(view, out)
        rel = self._rel[view.seat]
        n = self.players
        _, o_leaders, o_sheet, o_trump = self._info
        hist = self._hist
        starts: list[int] = []
        tricks = view.completed_tricks
        for t, trick in enumerate(tricks):
            lead = rel[trick.leader]
            ones.append(o_leaders + t * n + lead)
            starts += hist[t][lead][: len(trick.cards)]
        if starts:
            codes = self._code.many(tuple(chain.from_iterable([trick.cards for trick in tricks])))
            ones += map(operator.add, starts, codes)
        rounds = view.finished_rounds
        if rounds:
            sheet, trumps = self._sheet(rounds)
            block = sheet[:, self._order(view.seat), :]
            out[o_sheet : o_sheet + block.size] = block.ravel()
            ones += [o_trump + 5 * r + t for r, t in enumerate(trumps)]
        out[np.fromiter(ones, np.intp, len(ones))] = 1.0
        return out

    def _order(self, seat: int) -> list[int]:
        """The seats in relative order, from `seat` to its left."""
        n = self.players
        return [(seat + k) % n for k in range(n)]

    def _sheet(self, rounds: tuple[Round, ...]) -> tuple[FloatArray, list[int]]:
        """The score-sheet rows of `rounds` in seat order, and each round's trump index; cached."""
        key = id(rounds)
        found = self._sheet_cache.get(key)
        if found is not None and found[0] is rounds:  # the same tuple: the engine shares it within a round
            return found[1], found[2]
        most, bound = self.cards, self.round_bound
        rows = np.array(
            [
                [
                    (
                        r.bids[s] / most,
                        r.final_bids[s] / most,
                        r.tricks[s] / most,
                        r.blind[s],
                        r.final_bids[s] == r.tricks[s],
                        r.points[s] / bound,
                    )
                    for s in range(self.players)
                ]
                for r in rounds
            ],
            dtype=np.float32,
        )
        trumps = [4 if r.trump is None else self._suit[id(r.trump)] for r in rounds]
        if len(self._sheet_cache) >= 64:
            self._sheet_cache.clear()
        self._sheet_cache[key] = (rounds, rows, trumps)
        return rows, trumps

    def _target(self, view: PlayerView, out: FloatArray | None, encoding: Encoding) -> FloatArray:
        if len(view.players) != self.players or (view.rules is not self.rules and view.rules != self.rules):
            raise RulesError(
                f"a view of a game of other rules or players than this observer's ({self.players} players)"
            )
        size = self._sizes[encoding]
        if out is None:
            return np.zeros(size, dtype=np.float32)
        if out.shape != (size,) or out.dtype != np.float32:
            raise RulesError(f"out has shape {out.shape} and dtype {out.dtype}; expected ({size},) float32")
        out.fill(0.0)
        return out

    def _observe(self, view: PlayerView, out: FloatArray) -> list[int]:  # noqa: PLR0915 - the hot path, written out
        """Write the observation's fractions into the zeroed `out`; return the indices to set to 1."""
        (
            o_dealer, o_move, o_trump, o_turned, o_seen, o_seen_hands, o_blind,
            o_leader, o_led, o_wolf, o_cloud, o_passing, o_passed, o_hand_wizard, o_played_wizard,
        ) = self._offsets  # fmt: skip
        seat = view.seat
        rel = self._rel[seat]
        ones = [self._phase[id(view.phase)], o_dealer + rel[view.dealer]]
        to_move = view.to_move
        if to_move is not None:
            ones.append(o_move + rel[to_move])
        trump = view.trump
        if trump is not None:
            ones.append(o_trump + self._suit[id(trump)])
        elif view.phase is not Phase.TRUMP:
            ones.append(o_trump + 4)
        if view.turned_up is not None:
            ones.append(o_turned + self._turned.of(view.turned_up))
        hand = view.hand
        if hand is not None:
            ones.append(o_seen)
            _add_plane(ones, self._hand.many(hand), o_hand_wizard)
        if o_seen_hands != _NO:
            size = _STANDARD_SLOTS + len(self.rules.special_cards)
            for other, seen in enumerate(view.seen_hands):
                if seen is not None and other != seat:
                    start = o_seen_hands + (rel[other] - 1) * size
                    _add_plane(ones, [start + self._plane[card] for card in seen], start + _WIZARD_SLOT)
        for start, bid in zip(self._bid_starts[seat], view.bids, strict=True):
            if bid is not None:
                ones.append(start + bid)
        if o_blind != _NO:
            ones += [o_blind + rel[other] for other, blind in enumerate(view.blind) if blind]
        trick = view.current_trick
        lead = rel[trick.leader]
        ones.append(o_leader + lead)
        played = list(trick.cards)
        if played:
            led = trick.led_suit
            if led is not None:
                ones.append(o_led + self._suit[id(led)])
            ones += map(operator.add, self._trick[lead], self._code.many(played))
        for done in view.completed_tricks:
            played += done.cards
        if played:
            _add_plane(ones, self._played.many(played), o_played_wizard)
        if o_wolf != _NO and view.werewolf is not None:
            ones.append(o_wolf + rel[view.werewolf])
        if o_cloud != _NO and view.cloud is not None:
            changed, change = view.cloud
            ones.append(o_cloud + rel[changed] * 2 + (change.delta < 0))
        if o_passing != _NO:
            if view.passing is not None:
                ones.append(o_passing + self._turned.of(view.passing))
            if view.passed:
                given, received = view.passed[-1]
                ones += (
                    o_passed + self._turned.of(given),
                    o_passed + len(self._turned.by_value) + self._turned.of(received),
                )
        sizes, won, totals = view.hand_sizes, view.tricks_won, view.totals
        fractions = out[self._fractions]
        fractions[:] = (
            view.round_number,
            view.cards,
            *sizes[seat:],
            *sizes[:seat],
            *won[seat:],
            *won[:seat],
            *totals[seat:],
            *totals[:seat],
        )
        fractions *= self._scales
        return ones

    # -- text -------------------------------------------------------------------------------

    def observation_string(self, view: PlayerView) -> str:
        """The observation as text, one fact a line, seats relative (`+0` is this seat).

        Example:
            >>> from wizardrules import Rules, new_game
            >>> state = new_game(3, seed=3)
            >>> print(Observer(Rules(), 3).observation_string(state.view(0)))
            round 1 of 20, 1 card, dealer +1, phase bidding, to move +2
            trump green, turned up G11
            hand: R8
            hand sizes: +0 1, +1 1, +2 1
            bids: +0 ?, +1 ?, +2 ?
            tricks won: +0 0, +1 0, +2 0
            totals: +0 0, +1 0, +2 0
        """
        self._target(view, None, Encoding.OBSERVATION)
        return "\n".join(self._lines(view))

    def information_state_string(self, view: PlayerView) -> str:
        """The information state as text: the observation's lines, every finished trick and round."""
        self._target(view, None, Encoding.INFORMATION_STATE)
        lines = self._lines(view)
        for number, trick in enumerate(view.completed_tricks, start=1):
            lines.append(f"trick {number}: {self._trick_text(view, trick)}")
        for r in view.finished_rounds:
            order = self._order(view.seat)
            cells = ", ".join(
                f"+{k} {r.bids[s]}{'>' + str(r.final_bids[s]) if r.final_bids[s] != r.bids[s] else ''}"
                f"{'B' if r.blind[s] else ''}/{r.tricks[s]} {r.points[s]:+d}"
                for k, s in enumerate(order)
            )
            lines.append(f"round {r.number} trump {_TRUMP_LABEL[r.trump]}: {cells}")
        return "\n".join(lines)

    def _trick_text(self, view: PlayerView, trick: Trick) -> str:
        rel = self._rel[view.seat]
        return ", ".join(f"+{rel[seat]} {card}" for seat, card in zip(trick.seats, trick.cards, strict=True))

    def _lines(self, view: PlayerView) -> list[str]:
        rel = self._rel[view.seat]
        order = self._order(view.seat)
        moving = "nobody" if view.to_move is None else f"+{rel[view.to_move]}"
        plural = "" if view.cards == 1 else "s"
        lines = [
            f"round {view.round_number} of {view.rounds}, {view.cards} card{plural}, dealer +{rel[view.dealer]}, "
            f"phase {view.phase.value}, to move {moving}"
        ]
        trump = "being chosen" if view.trump is None and view.phase is Phase.TRUMP else _TRUMP_LABEL[view.trump]
        turned = f", turned up {view.turned_up}" if view.turned_up is not None else ""
        lines.append(f"trump {trump}{turned}")
        lines.append("hand: " + ("unseen" if view.hand is None else " ".join(str(c) for c in view.hand) or "-"))
        for seat in order:
            seen = view.seen_hands[seat]
            if seat != view.seat and seen is not None:
                lines.append(f"hand of +{rel[seat]}: " + (" ".join(str(c) for c in seen) or "-"))
        lines.append("hand sizes: " + ", ".join(f"+{k} {view.hand_sizes[s]}" for k, s in enumerate(order)))
        bids = []
        for k, s in enumerate(order):
            bid = view.bids[s]
            bids.append(f"+{k} ?" if bid is None else f"+{k} {bid}{' blind' if view.blind[s] else ''}")
        lines.append("bids: " + ", ".join(bids))
        lines.append("tricks won: " + ", ".join(f"+{k} {view.tricks_won[s]}" for k, s in enumerate(order)))
        if view.current_trick.cards:
            lines.append("trick: " + self._trick_text(view, view.current_trick))
        played = [str(c) for t in view.completed_tricks for c in t.cards]
        if played:
            lines.append("played before: " + " ".join(played))
        lines.append("totals: " + ", ".join(f"+{k} {view.totals[s]}" for k, s in enumerate(order)))
        if view.werewolf is not None:
            lines.append(f"werewolf swapped by +{rel[view.werewolf]}")
        if view.cloud is not None:
            lines.append(f"cloud: +{rel[view.cloud[0]]} bid {view.cloud[1].delta:+d}")
        if view.passing is not None:
            lines.append(f"passing {view.passing}")
        for given, received in view.passed:
            lines.append(f"passed {given}, received {received}")
        return lines


def _add_plane(ones: list[int], places: list[int], wizard: int) -> None:
    """Add a card plane's bits, given each card's place (`wizard` is the first Wizard's): Wizards and
    Jesters fill their four places from the first."""
    ones += places
    wizards = places.count(wizard)
    if wizards > 1:
        ones += range(wizard + 1, wizard + wizards)
    jester = wizard + _JESTER_SLOT - _WIZARD_SLOT
    jesters = places.count(jester)
    if jesters > 1:
        ones += range(jester + 1, jester + jesters)


def table_text(state: GameState, names: Sequence[str] | None = None) -> str:
    """The whole table as text, every hand shown: for watching a game, not for agents.

    Args:
        state: the game.
        names: a name per seat, by default the state's players.

    Example:
        >>> from wizardrules import new_game
        >>> print(table_text(new_game(3, seed=3), ["ann", "ben", "cem"]))
        round 1 of 20, 1 card, dealer ben, bidding, trump green (turned up G11)
        ann: hand R8
        ben: hand W
        cem: hand G4 <- to act
        totals: ann 0, ben 0, cem 0
    """
    names = tuple(state.players if names is None else names)
    plural = "" if state.cards == 1 else "s"
    trump = "being chosen" if state.trump is None and state.phase is Phase.TRUMP else _TRUMP_LABEL[state.trump]
    turned = f" (turned up {state.turned_up})" if state.turned_up is not None else ""
    lines = [
        f"round {state.round_number} of {state.schedule.rounds}, {state.cards} card{plural}, "
        f"dealer {names[state.dealer]}, {state.phase.value}, trump {trump}{turned}"
    ]
    for seat, name in enumerate(names):
        bid = state.bids[seat]
        facts = (
            []
            if bid is None
            else [f"bid {bid}{' blind' if state.blind[seat] else ''}", f"won {state.tricks_won[seat]}"]
        )
        facts.append("hand " + (" ".join(str(card) for card in state.hand(seat)) or "-"))
        mark = " <- to act" if seat == state.to_move else ""
        lines.append(f"{name}: {', '.join(facts)}{mark}")
    trick = state.current_trick
    if trick.cards:
        lines.append("trick: " + ", ".join(f"{names[s]} {c}" for s, c in zip(trick.seats, trick.cards, strict=True)))
    lines.append("totals: " + ", ".join(f"{name} {total}" for name, total in zip(names, state.totals, strict=True)))
    return "\n".join(lines)
