"""Game configuration: schedules, variants and the `Rules` of a game (RULES R2, R3, R4.3).

Examples:
    >>> from wizardrules import Preset, Rules, Schedule, NotEqualBids
    >>> Rules().schedule_for(4).cards_per_round[-3:]
    (13, 14, 15)
    >>> Schedule.tournament(4).cards_per_round
    (1, 3, 5, 7, 9, 11, 12, 13, 14, 15)
    >>> Preset.OFFICIAL.rules().bid_policy
    NotEqualBids(first_round_free=False, min_cards=1)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import Final

from attrs import field, frozen

from wizardrules._convert import as_tuple, members_of, shown, whole
from wizardrules.bidding import MAX_ROUNDS, BidPolicy, EqualBids, FreeBids, NotEqualBids, ScorekeeperHook, is_bid_policy
from wizardrules.cards import MAX_DECK_SIZE, MAX_PLAYERS, MIN_PLAYERS, STANDARD_DECK_SIZE, Deck, Special, Suit
from wizardrules.errors import RulesError
from wizardrules.scoring import STANDARD_SCORE, ScoreRule, TieBreak

__all__ = [
    "BidReveal",
    "FixedTrump",
    "Preset",
    "Rules",
    "Schedule",
    "ScheduleKind",
    "Variant",
]


class BidReveal(enum.Enum):
    """When bids become known to the other players (R4.3)."""

    OPEN = "open"
    """In turn, each bidder sees the earlier bids."""
    SIMULTANEOUS = "simultaneous"
    """All bid hidden at once; revealed together before the first card (official variant)."""
    SECRET = "secret"
    """Bids stay hidden until the round's last trick ("Geheime Vorhersage")."""


class Variant(enum.Flag):
    """On/off house rules and variants; combine with `|`.

    Examples:
        >>> Variant.BLIND_BIDS | Variant.CLAIRVOYANCE
        <Variant.BLIND_BIDS|CLAIRVOYANCE: 3>
    """

    NONE = 0
    BLIND_BIDS = enum.auto()
    """A player bidding before looking at their cards scores the round double (R4.4)."""
    CLAIRVOYANCE = enum.auto()
    """Round 1: each player sees the others' cards but not their own (R4.5)."""


class FixedTrump(enum.Enum):
    """A trump a schedule fixes for a round instead of turning up a card (R3.5)."""

    NONE = "none"
    RED = "R"
    YELLOW = "Y"
    GREEN = "G"
    BLUE = "B"

    @property
    def suit(self) -> Suit | None:
        """The trump suit, `None` for no trump."""
        return None if self is FixedTrump.NONE else Suit(self.value)

    @classmethod
    def of(cls, suit: Suit | None) -> FixedTrump:
        """The fixed trump for `suit`, or `NONE` for `None`."""
        return cls.NONE if suit is None else cls(suit.value)


MAXIMUS_TRUMPS: Final = (
    FixedTrump.RED,
    FixedTrump.YELLOW,
    FixedTrump.GREEN,
    FixedTrump.BLUE,
    FixedTrump.NONE,
)


def _check_players(players: object, what: str, what_de: str) -> int:
    if not whole(players, MIN_PLAYERS, MAX_PLAYERS):
        raise RulesError(
            f"{what}: {shown(players)} players; Wizard is for {MIN_PLAYERS} to {MAX_PLAYERS} (R2.1)",
            german=f"{what_de}: {shown(players)} Spieler; Wizard ist für {MIN_PLAYERS} bis {MAX_PLAYERS} (R2.1)",
        )
    return players  # type: ignore[return-value] # checked to be an int


def _counts(values: Iterable[int]) -> tuple[int, ...]:
    return as_tuple(values, "schedule cards_per_round", RulesError, limit=MAX_ROUNDS)


def _trumps(values: Iterable[FixedTrump | None]) -> tuple[FixedTrump | None, ...]:
    return as_tuple(values, "schedule trumps", RulesError, limit=MAX_ROUNDS)


def _name(value: str) -> str:
    if not isinstance(value, str):
        raise RulesError(f"schedule name {shown(value)} must be text")
    return str.__str__(value)  # a plain str, also of a str subclass


@frozen(kw_only=True)
class Schedule:
    """The rounds of a game: cards per round and, optionally, a fixed trump per round (R2.2-R2.4).

    A round whose trump is `None` turns up a card (R3.1); a `FixedTrump` turns up nothing (R3.5).

    Attributes:
        cards_per_round: cards dealt to each player, per round (at most 1,000 rounds of 1..67 cards).
        trumps: per round, the fixed trump or `None`; empty means `None` for every round.
        name: a short name for display.

    Raises:
        RulesError: an empty or too long schedule, a round of fewer than one card or more than
            any deck holds, trumps that do not fit, or a name that is not text.

    Examples:
        >>> Schedule(cards_per_round=(3, 3, 3), name="three threes").rounds
        3
    """

    cards_per_round: tuple[int, ...] = field(converter=_counts)
    trumps: tuple[FixedTrump | None, ...] = field(default=(), converter=_trumps)
    name: str = field(default="custom", converter=_name)

    def __attrs_post_init__(self) -> None:
        if not self.cards_per_round:
            raise RulesError("schedule (): a game needs at least one round")
        for cards in self.cards_per_round:
            if not whole(cards, 1, MAX_DECK_SIZE):
                raise RulesError(
                    f"schedule {shown(self.cards_per_round)}: {shown(cards)} is not a card count 1..{MAX_DECK_SIZE}"
                )
        if self.trumps and len(self.trumps) != len(self.cards_per_round):
            raise RulesError(
                f"schedule {shown(self.name)}: {len(self.trumps)} trumps for {len(self.cards_per_round)} rounds"
            )
        for trump in self.trumps:
            if trump is not None and not isinstance(trump, FixedTrump):
                raise RulesError(f"schedule {shown(self.name)}: {shown(trump)} is not a FixedTrump or None")

    @property
    def rounds(self) -> int:
        """The number of rounds."""
        return len(self.cards_per_round)

    def cards(self, round_number: int) -> int:
        """Cards per player in round `round_number` (counted from 1).

        Raises:
            RulesError: there is no such round.
        """
        self._check_round(round_number)
        return self.cards_per_round[round_number - 1]

    def fixed_trump(self, round_number: int) -> FixedTrump | None:
        """The fixed trump of round `round_number`, `None` when a card is turned up.

        Raises:
            RulesError: there is no such round.
        """
        self._check_round(round_number)
        return self.trumps[round_number - 1] if self.trumps else None

    def _check_round(self, round_number: int) -> None:
        if not whole(round_number, 1, self.rounds):
            raise RulesError(
                f"round {shown(round_number)} does not exist: the schedule has rounds 1..{self.rounds}",
                german=f"Runde {shown(round_number)} gibt es nicht: der Spielplan hat die Runden 1..{self.rounds}",
            )

    def check(self, players: int, deck_size: int = STANDARD_DECK_SIZE) -> None:
        """Raise unless every round can be dealt to `players` from a deck of `deck_size` (R2.4).

        Raises:
            RulesError: a wrong number of players or deck size, or a round that needs more cards than the deck.
        """
        _check_players(players, f"schedule {shown(self.name)}", f"Spielplan {shown(self.name)}")
        if not whole(deck_size, 1, MAX_DECK_SIZE):
            raise RulesError(f"deck_size {shown(deck_size)} must be a whole number 1..{MAX_DECK_SIZE} (R1.4)")
        for number, cards in enumerate(self.cards_per_round, start=1):
            if cards * players > deck_size:
                raise RulesError(
                    f"schedule {shown(self.name)}: round {number} deals {cards} cards to {players} players, "
                    f"{cards * players} in all, but the deck has {deck_size} (R2.4)",
                    german=f"Spielplan {shown(self.name)}: Runde {number} gibt {players} Spielern je {cards} Karten, "
                    f"zusammen {cards * players}, aber das Spiel hat {deck_size} (R2.4)",
                )

    # -- built-in schedules ---------------------------------------------------------

    @classmethod
    def ladder(cls, players: int, rounds: int | None = None) -> Schedule:
        """The standard ladder 1, 2, 3, ... up to 60/players cards (R2.2), or its first `rounds` (R2.3).

        Raises:
            RulesError: a wrong number of players or rounds.

        Examples:
            >>> Schedule.ladder(5).rounds, Schedule.ladder(4, rounds=3).cards_per_round
            (12, (1, 2, 3))
        """
        _check_players(players, "ladder", "Leiter")
        full = STANDARD_DECK_SIZE // players
        if rounds is None:
            return cls(cards_per_round=range(1, full + 1), name="ladder")
        if not whole(rounds, 1, full):
            raise RulesError(
                f"ladder for {players} players: {shown(rounds)} rounds; it has 1..{full} (R2.3)",
                german=f"Leiter für {players} Spieler: {shown(rounds)} Runden; sie hat 1..{full} (R2.3)",
            )
        name = "ladder" if rounds == full else f"ladder ({rounds} rounds)"
        return cls(cards_per_round=range(1, rounds + 1), name=name)

    @classmethod
    def tournament(cls, players: int) -> Schedule:
        """The tournament schedule for `players` (R2.4).

        Examples:
            >>> Schedule.tournament(5).cards_per_round
            (2, 4, 5, 6, 7, 8, 9, 10, 11, 12)
        """
        _check_players(players, "tournament", "Turnier")
        table = {
            3: tuple(range(2, 21, 2)),
            4: (1, 3, 5, 7, 9, 11, 12, 13, 14, 15),
            5: (2, *range(4, 13)),
            6: tuple(range(1, 11)),
        }
        return cls(cards_per_round=table[players], name="tournament")

    @classmethod
    def einfarbig(cls, players: int) -> Schedule:
        """Einfarbig: 12 rounds of 4..15 cards and never a trump, for 3 or 4 players (R2.4).

        Raises:
            RulesError: for 5 or 6 players.
        """
        _check_players(players, "einfarbig", "Einfarbig")
        if players > 4:
            raise RulesError(
                f"einfarbig: {players} players; it is for 3 or 4 players (R2.4)",
                german=f"Einfarbig: {players} Spieler; es ist für 3 oder 4 Spieler (R2.4)",
            )
        return cls(cards_per_round=range(4, 16), trumps=(FixedTrump.NONE,) * 12, name="einfarbig")

    @classmethod
    def maximus(cls, players: int, trumps: Sequence[FixedTrump] = MAXIMUS_TRUMPS) -> Schedule:
        """Wizard Maximus: 5 rounds with the whole deck dealt and the trump fixed per round (R2.4).

        Args:
            players: the number of players.
            trumps: the five rounds' trumps, by default red, yellow, green, blue, none.

        Examples:
            >>> Schedule.maximus(4).cards_per_round
            (15, 15, 15, 15, 15)
        """
        _check_players(players, "maximus", "Maximus")
        chosen = as_tuple(trumps, "maximus trumps", RulesError, limit=MAX_ROUNDS)
        if len(chosen) != 5 or not all(isinstance(t, FixedTrump) for t in chosen):
            raise RulesError(f"maximus: trumps {shown(chosen)} must be five FixedTrump values")
        return cls(cards_per_round=(STANDARD_DECK_SIZE // players,) * 5, trumps=chosen, name="maximus")


class ScheduleKind(enum.Enum):
    """A built-in schedule chosen by name, resolved for the number of players when a game starts.

    Examples:
        >>> ScheduleKind.TOURNAMENT.for_players(3).cards_per_round[:3]
        (2, 4, 6)
    """

    LADDER = "ladder"
    TOURNAMENT = "tournament"
    EINFARBIG = "einfarbig"
    MAXIMUS = "maximus"

    def for_players(self, players: int) -> Schedule:
        """The schedule of this kind for `players`.

        Raises:
            RulesError: the kind is not played with that many players.
        """
        if self is ScheduleKind.TOURNAMENT:
            return Schedule.tournament(players)
        if self is ScheduleKind.EINFARBIG:
            return Schedule.einfarbig(players)
        if self is ScheduleKind.MAXIMUS:
            return Schedule.maximus(players)
        return Schedule.ladder(players)


def _ladder_as_default(schedule: Schedule | ScheduleKind | None) -> Schedule | ScheduleKind | None:
    """`ScheduleKind.LADDER` is the default, `None`: one rule set has one value (and one saved form)."""
    return None if schedule is ScheduleKind.LADDER else schedule


def _specials(values: Iterable[Special]) -> frozenset[Special]:
    return members_of(Special, values, "special_cards", RulesError)


@frozen(kw_only=True)
class Rules:
    """Everything that varies between games, checked on construction (R2-R7).

    `Rules()` is the rulebook default: free bids, open bidding, no variants, no special
    cards, the ladder, standard scoring, ties shared.

    Attributes:
        bid_policy: the bid restriction (R4.2).
        bid_reveal: when bids become known (R4.3).
        variants: house rules and variants switched on.
        special_cards: the special cards in the deck (R8).
        schedule: the rounds: a `Schedule`, a `ScheduleKind` resolved for the number of
            players, or `None` for the ladder (R2.2); `ScheduleKind.LADDER` is kept as `None`.
        score_rule: how rounds are scored (R6).
        tiebreak: how equal totals are separated (R7.2).

    Raises:
        RulesError: an impossible combination, such as a bid restriction with hidden bids (R4.3).

    Examples:
        >>> from wizardrules import BidReveal, EqualBids
        >>> Rules(bid_policy=EqualBids(), bid_reveal=BidReveal.SECRET)
        Traceback (most recent call last):
        ...
        wizardrules.errors.RulesError: bid policy EqualBids() needs open bids, not secret (R4.3)
    """

    bid_policy: BidPolicy = FreeBids()
    bid_reveal: BidReveal = BidReveal.OPEN
    variants: Variant = Variant.NONE
    special_cards: frozenset[Special] = field(default=frozenset(), converter=_specials)
    schedule: Schedule | ScheduleKind | None = field(default=None, converter=_ladder_as_default)
    score_rule: ScoreRule = STANDARD_SCORE
    tiebreak: TieBreak = TieBreak.NONE

    def __attrs_post_init__(self) -> None:
        problem = self._problem()
        if problem:
            raise RulesError(problem)

    def _problem(self) -> str:
        if not is_bid_policy(self.bid_policy):
            return f"bid_policy {shown(self.bid_policy)} is not a bid policy"
        if not isinstance(self.bid_reveal, BidReveal):
            return f"bid_reveal {shown(self.bid_reveal)} is not a BidReveal"
        if not isinstance(self.variants, Variant):
            return f"variants {shown(self.variants)} is not a Variant"
        if self.schedule is not None and not isinstance(self.schedule, (Schedule, ScheduleKind)):
            return f"schedule {shown(self.schedule)} is not a Schedule, ScheduleKind or None"
        if isinstance(self.score_rule, type) or not isinstance(self.score_rule, ScoreRule):
            return f"score_rule {shown(self.score_rule)} has no points(bid, tricks, *, blind) method"
        if not isinstance(self.tiebreak, TieBreak):
            return f"tiebreak {shown(self.tiebreak)} is not a TieBreak"
        if self.bid_policy.needs_open_bids and self.bid_reveal is not BidReveal.OPEN:
            return f"bid policy {shown(self.bid_policy)} needs open bids, not {self.bid_reveal.value} (R4.3)"
        return ""

    @property
    def deck(self) -> Deck:
        """The deck: the standard 60 cards plus the chosen special cards (R1.4)."""
        return Deck(specials=self.special_cards)

    def schedule_for(self, players: int) -> Schedule:
        """The schedule for `players`, checked against the deck (R2.1, R2.2, R2.4).

        Raises:
            RulesError: a wrong number of players, or a round the deck cannot deal.
        """
        _check_players(players, "rules", "Regeln")
        if self.schedule is None:
            schedule = Schedule.ladder(players)
        elif isinstance(self.schedule, ScheduleKind):
            schedule = self.schedule.for_players(players)
        else:
            schedule = self.schedule
        schedule.check(players, len(self.deck))
        if Variant.CLAIRVOYANCE in self.variants and schedule.cards_per_round[0] != 1:
            raise RulesError(
                f"clairvoyance: round 1 of the {schedule.name} schedule deals {schedule.cards_per_round[0]} cards; "
                "clairvoyance is played with one card, held to the forehead unseen (R4.5)",
                german=f"Hellsehen: Runde 1 des Spielplans {schedule.name!r} gibt {schedule.cards_per_round[0]} "
                "Karten; Hellsehen wird mit einer Karte gespielt, ungesehen an die Stirn gehalten (R4.5)",
            )
        if Special.WEREWOLF in self.special_cards:
            _check_werewolf(schedule, players, len(self.deck))
        if isinstance(self.bid_policy, ScorekeeperHook) and self.bid_policy.scorekeeper >= players:
            raise RulesError(
                f"scorekeeper seat {self.bid_policy.scorekeeper} does not exist among {players} players",
                german=f"den Platz {self.bid_policy.scorekeeper} des Schreibers gibt es bei {players} Spielern nicht",
            )
        return schedule

    def check(self, players: int) -> None:
        """Raise unless a game of `players` can be played under these rules.

        Raises:
            RulesError: the reason the game cannot be played.
        """
        self.schedule_for(players)


EDITION_2016: Final = frozenset(
    {Special.BOMB, Special.CLOUD, Special.DRAGON, Special.FAIRY, Special.WEREWOLF, Special.JUGGLER}
)
"""The special cards of the 2016 anniversary edition (R8)."""
EDITION_2021: Final = frozenset(Special)
"""The special cards of the 2021 anniversary edition: all seven (R8)."""


def _check_werewolf(schedule: Schedule, players: int, deck_size: int) -> None:
    """The Werewolf is swapped for the turned-up card (R8.6): every round must turn one up."""
    for number, cards in enumerate(schedule.cards_per_round, start=1):
        if schedule.fixed_trump(number) is not None or cards * players == deck_size:
            raise RulesError(
                f"the Werewolf is swapped for the turned-up card, but round {number} of the {schedule.name} "
                "schedule turns up none (R8.6, R3.4, R3.5)",
                german=f"der Werwolf wird gegen die aufgedeckte Karte getauscht, aber in Runde {number} des "
                f"Spielplans {schedule.name!r} wird keine aufgedeckt (R8.6, R3.4, R3.5)",
            )


class Preset(enum.Enum):
    """Named rule sets.

    Examples:
        >>> Preset.parse("official") is Preset.OFFICIAL
        True
        >>> Preset.SCORE_PAD.rules().tiebreak
        <TieBreak.EXACT_HITS: 'exact-hits'>
    """

    RULEBOOK = "rulebook"
    """The rulebook default: free bids, open bidding, ties shared."""
    OFFICIAL = "official"
    """The official ±1 variant: the bids never add up (R4.2 *not equal*)."""
    HIDDEN_BIDS = "hidden-bids"
    """The official variant of simultaneous hidden bids (R4.3)."""
    SECRET_BIDS = "secret-bids"
    """Bids stay secret until the round's last trick (R4.3)."""
    APP_FREE = "app-free"
    """Seed 002's app, bid rule *Frei*."""
    APP_NOT_EQUAL = "app-not-equal"
    """Seed 002's app, bid rule *Ungleiche Stiche* with round 1 free."""
    APP_EQUAL = "app-equal"
    """Seed 002's app, bid rule *Gleiche Stiche*."""
    SCORE_PAD = "score-pad"
    """Seed 000's score pad: ±1 and ties broken by exact hits."""
    TOURNAMENT = "tournament"
    """The tournament schedule with the ±1 rule and ties broken by exact hits."""
    ANNIVERSARY_2016 = "anniversary-2016"
    """The 2016 anniversary deck: Bomb, Cloud, Dragon, Fairy, Werewolf and Juggler (R8), rulebook rules."""
    ANNIVERSARY_2021 = "anniversary-2021"
    """The 2021 anniversary deck: the 2016 cards and the Shapeshifter (R8), rulebook rules."""

    def rules(self) -> Rules:
        """The rule set of this preset."""
        return _PRESETS[self]

    @classmethod
    def parse(cls, text: str) -> Preset:
        """The preset named `text` (its value, case-insensitive).

        Raises:
            RulesError: no preset has that name.
        """
        key = text.strip().lower().replace("_", "-") if isinstance(text, str) else None
        for preset in cls:
            if preset.value == key:
                return preset
        names = ", ".join(p.value for p in cls)
        raise RulesError(
            f"{shown(text)} is not a preset; the presets are: {names}",
            german=f"{shown(text)} ist keine Regelvorgabe; die Vorgaben sind: {', '.join(repr(p.value) for p in cls)}",
        )


_PRESETS: Final = {
    Preset.RULEBOOK: Rules(),
    Preset.OFFICIAL: Rules(bid_policy=NotEqualBids()),
    Preset.HIDDEN_BIDS: Rules(bid_reveal=BidReveal.SIMULTANEOUS),
    Preset.SECRET_BIDS: Rules(bid_reveal=BidReveal.SECRET),
    Preset.APP_FREE: Rules(),
    Preset.APP_NOT_EQUAL: Rules(bid_policy=NotEqualBids(first_round_free=True)),
    Preset.APP_EQUAL: Rules(bid_policy=EqualBids()),
    Preset.SCORE_PAD: Rules(bid_policy=NotEqualBids(), tiebreak=TieBreak.EXACT_HITS),
    Preset.TOURNAMENT: Rules(bid_policy=NotEqualBids(), schedule=ScheduleKind.TOURNAMENT, tiebreak=TieBreak.EXACT_HITS),
    Preset.ANNIVERSARY_2016: Rules(special_cards=EDITION_2016),
    Preset.ANNIVERSARY_2021: Rules(special_cards=EDITION_2021),
}
