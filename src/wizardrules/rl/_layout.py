"""The RL encodings' vocabulary: what a vector's sections are, the rules' decks and bounds, the layout."""

from __future__ import annotations

import enum
import math
from typing import Final

import numpy as np
import numpy.typing as npt
from attrs import frozen

from wizardrules._convert import shown
from wizardrules.cards import Card, CardKind, Special, Suit
from wizardrules.engine import Phase
from wizardrules.errors import RulesError
from wizardrules.rules import Rules, Variant

FloatArray = npt.NDArray[np.float32]
"""A float32 vector: an observation or information state."""
BoolArray = npt.NDArray[np.bool_]
"""A boolean vector: an action mask."""

SUITS: Final = tuple(Suit)
SUIT_CARDS: Final = tuple(Card.suited(suit, rank) for suit in SUITS for rank in range(1, 14))
PHASES: Final = tuple(Phase)
WIZARD_SLOT: Final = 52
JESTER_SLOT: Final = 56
STANDARD_SLOTS: Final = 60


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
class VectorLayout:
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
        if isinstance(name, str):
            for section in self.sections:
                if section.name == name:
                    return section
        raise RulesError(
            f"no section {shown(name)} in the {self.encoding.value} layout; it has {', '.join(self.names)}"
        )

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and any(section.name == name for section in self.sections)

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


def cards_of_deck(rules: Rules) -> tuple[Card, ...]:
    """The distinct cards of the deck as held: the suit cards, Wizard, Jester, the special cards."""
    specials = tuple(special.card for special in Special if special in rules.special_cards)
    return (*SUIT_CARDS, Card.WIZARD, Card.JESTER, *specials)


def playable(rules: Rules) -> tuple[Card, ...]:
    """Every card as it can be played: declared forms of the Cloud, Juggler and Shapeshifter (R8)."""
    return tuple(
        declared
        for card in cards_of_deck(rules)
        if card.kind is not CardKind.WEREWOLF  # the Werewolf is swapped, never played (R8.6)
        for declared in card.declarations()
    )


def checked_players(players: object, what: str) -> int:
    if type(players) is not int or not 3 <= players <= 6:
        raise RulesError(f"{what}: {shown(players)} players; Wizard is for 3 to 6 (R2.1)")
    return players


def checked_rules(rules: object, what: str) -> Rules:
    if not isinstance(rules, Rules):
        raise RulesError(f"{what}: rules {shown(rules)}: expected a Rules value")
    return rules


def points_bounds(rules: Rules, players: int) -> tuple[int, int]:
    """The largest magnitude of one round's points, and of a whole game's total, under `rules`.

    Found by scoring every bid and trick count each round of the schedule allows (R6.4: any
    score rule), blind bids included when the rules have them; at least 1 each, so they can
    divide. The encodings scale points by them, so that they stay within [-1, 1].

    Raises:
        RulesError: `rules` is no `Rules` value, the rules cannot be played by `players`, or the
            score rule gives no whole number.

    Examples:
        >>> from wizardrules import Rules
        >>> points_bounds(Rules(), 6)  # 10 cards: 20 + 10 x 10 at best; the ladder 1..10
        (120, 750)
    """
    schedule = checked_rules(rules, "points_bounds").schedule_for(checked_players(players, "points_bounds"))
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
                            f"score rule {shown(rules.score_rule)} gives {shown(points)} for bid {bid}, "
                            f"tricks {tricks}: expected a whole number (R6.4)"
                        )
                    most = max(most, abs(points))
        by_cards[cards] = most
    return max(1, *by_cards.values()), max(1, sum(by_cards[cards] for cards in schedule.cards_per_round))


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


ABSENT: Final = -1
"""The offset of a section the rules leave out."""


def sections_of(
    rules: Rules, n: int, most: int, rounds: int
) -> tuple[dict[str, int], tuple[Section, ...], tuple[Section, ...]]:
    """The sections of the encodings: each section's offset by name, the observation's, the information state's."""
    specials = rules.special_cards
    p = len(playable(rules))
    d = STANDARD_SLOTS + len(specials)
    u = len(cards_of_deck(rules))
    b = _Builder()
    add = b.add
    seat_doc = "per seat from this one to its left"
    o: dict[str, int] = {}
    phases = ", ".join(phase.value for phase in PHASES)
    o["phase"] = add("phase", (len(PHASES),), SectionKind.ONE_HOT, "the phase: " + phases)
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
