"""The score sheet: a game's rounds recorded as on a score pad (seed 000), immutable.

The sheet records finished rounds — bids, tricks, blind marks, Bomb tricks and Cloud bid
changes — without any cards. Each entry returns a new sheet; a rejected entry raises a
specific [`SheetError`][wizardrules.SheetError] (or a [`BidError`][wizardrules.BidError])
and leaves the sheet as it was.

Examples:
    >>> from wizardrules import Preset, ScoreSheet
    >>> sheet = ScoreSheet(players=["Lena", "Tom", "Mia"], rules=Preset.RULEBOOK.rules())
    >>> sheet = sheet.record(bids=[1, 0, 0], tricks=[1, 0, 0])
    >>> sheet.totals
    (30, 20, 20)
    >>> sheet.current_round, sheet.cards, sheet.players[sheet.dealer]
    (2, 2, 'Tom')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeAlias

from attrs import field, frozen

from wizardrules import _lazy
from wizardrules._convert import as_tuple, shown
from wizardrules._names import check_names, lookup
from wizardrules.bidding import CloudChange, verify_bid
from wizardrules.cards import Language, Special, Suit
from wizardrules.errors import (
    BidError,
    BidNotAllowedError,
    BlindBidError,
    CloudError,
    EntryError,
    PhaseError,
    PlayerError,
    RulesError,
    TricksError,
    UndoError,
)
from wizardrules.rules import FixedTrump, Rules, Schedule, Variant
from wizardrules.scoring import points_of, standings
from wizardrules.sheet import _amend, _code, _csv, _json
from wizardrules.sheet._amend import AS_RECORDED, Changes, Recorded
from wizardrules.sheet._nights import GameNights, NightsPlayer, summed
from wizardrules.sheet._rows import (
    BidsEntry,
    CloudEntry,
    Entry,
    EntryKind,
    LogEntry,
    PendingRound,
    Round,
    RoundEntry,
    SheetState,
    TricksEntry,
    log_of,
)
from wizardrules.sheet._stats import PlayerStatistics, statistics_of
from wizardrules.sheet._text import history_line, render_table

__all__ = [
    "EntryKind",
    "GameNights",
    "LogEntry",
    "NightsPlayer",
    "PendingRound",
    "PlayerStatistics",
    "Round",
    "ScoreSheet",
    "game_nights",
]


Player: TypeAlias = "str | int"
"""A player named by name or by seat number."""


def _check_names(players: Sequence[str]) -> tuple[str, ...]:
    return check_names(players)  # the one rule for names (see wizardrules._names)


_WHAT_DE = {"bids": "Ansagen", "tricks": "Stiche"}
"""The entries of a round, named in German for the errors' German forms."""


def _game_over(rounds: int) -> PhaseError:
    return PhaseError(
        f"the game is over: all {rounds} rounds are recorded",
        german=f"das Spiel ist vorbei: alle {rounds} Runden sind eingetragen",
    )


def _fixed_de(fixed: FixedTrump) -> str:
    return "kein Trumpf" if fixed.suit is None else fixed.suit.display(Language.DE)


def _shown_game(state: SheetState) -> tuple[object, ...]:
    """What a sheet's equality compares of its state: the finished rounds and the open round's bids."""
    return (state.rounds, state.pending)


@frozen
class ScoreSheet:
    """The score pad of one game: an immutable, validated record of its rounds.

    The players may be given by position (`ScoreSheet(["Ann", "Ben", "Cem"])`), the other
    fields only by name.

    Two sheets are equal when they show the same game: the same players, rules and first
    dealer, the same finished rounds and the same open round's bids. How the rounds were
    entered is not compared: a round recorded in one step (`record`) or in two
    (`record_bids`, then `record_tricks`), a sheet read back from its CSV or JSON, and a sheet
    amended or recorded from scratch are equal when they show the same rounds (though `undo`
    steps back through each one's own entries).

    Attributes:
        players: the players' names in seat order (3 to 6, unique).
        rules: the game's rules: schedule, bid policy, variants, special cards, scoring, tie-break.
        first_dealer: the seat that deals round 1 (R2.5); the deal passes left each round.

    Raises:
        PlayerError: duplicate or empty names.
        RulesError: a wrong number of players, or rules the players cannot play (R2.1, R2.4).

    Examples:
        >>> from wizardrules import Rules, ScoreSheet, Variant
        >>> sheet = ScoreSheet(players=["Ann", "Ben", "Cem", "Dana"], rules=Rules(variants=Variant.BLIND_BIDS))
        >>> sheet = sheet.record_bids([1, 0, 0, 1], blind=["Ben"])
        >>> sheet = sheet.record_tricks({"Ann": 0, "Ben": 0, "Cem": 0, "Dana": 1})
        >>> sheet.totals, sheet.history()[0]
        ((-10, 40, 20, 30), 'R1 (1): Ann 1/0 -10 · Ben 0B/0 +40 · Cem 0/0 +20 · Dana 1/1 +30')
    """

    players: tuple[str, ...] = field(converter=_check_names)
    rules: Rules = field(factory=Rules, kw_only=True)
    first_dealer: int = field(default=0, kw_only=True)
    _entries: tuple[Any, ...] = field(default=(), init=False, eq=False, repr=False)
    _state: SheetState = field(factory=SheetState, init=False, eq=_shown_game, repr=False)
    _schedule: Schedule = field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise RulesError(f"rules {shown(self.rules)} must be a Rules value")
        schedule = self.rules.schedule_for(len(self.players))
        n = len(self.players)
        if type(self.first_dealer) is not int or not 0 <= self.first_dealer < n:
            raise PlayerError(
                f"first_dealer {shown(self.first_dealer)} must be a seat 0..{n - 1}",
                german=f"der erste Geber {shown(self.first_dealer)} muss ein Platz 0..{n - 1} sein",
            )
        object.__setattr__(self, "_schedule", schedule)
        object.__setattr__(self, "_state", SheetState(totals=(0,) * n, hits=(0,) * n))

    # -- reading ------------------------------------------------------------------------

    @property
    def schedule(self) -> Schedule:
        """The schedule of this game, resolved for its number of players."""
        return self._schedule

    @property
    def rounds(self) -> tuple[Round, ...]:
        """The finished rounds, in order."""
        return self._state.rounds

    @property
    def pending(self) -> PendingRound | None:
        """The current round's bids when they are recorded and its tricks are not yet."""
        return self._state.pending

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's total points, in seat order (R6.3)."""
        return self._state.totals

    @property
    def hits(self) -> tuple[int, ...]:
        """Each player's number of exactly hit bids, in seat order."""
        return self._state.hits

    @property
    def is_over(self) -> bool:
        """Whether every round of the schedule is recorded."""
        return len(self.rounds) == self._schedule.rounds

    @property
    def current_round(self) -> int | None:
        """The number of the round to record next, `None` when the game is over."""
        return None if self.is_over else len(self.rounds) + 1

    @property
    def cards(self) -> int | None:
        """Cards per player in the current round, `None` when the game is over."""
        number = self.current_round
        return None if number is None else self._schedule.cards_per_round[number - 1]

    def dealer_of(self, round_number: int) -> int:
        """The dealer's seat in round `round_number` (R2.5: the deal passes left)."""
        self._schedule.cards(round_number)  # checks that the round exists
        return (self.first_dealer + round_number - 1) % len(self.players)

    @property
    def dealer(self) -> int | None:
        """The current round's dealer seat, `None` when the game is over."""
        number = self.current_round
        return None if number is None else self.dealer_of(number)

    @property
    def bidding_order(self) -> tuple[int, ...]:
        """The seats in bidding order this round: left of the dealer first, the dealer last (R4.1)."""
        dealer = self.dealer
        if dealer is None:
            return ()
        n = len(self.players)
        return tuple((dealer + 1 + i) % n for i in range(n))

    @property
    def first_bidder(self) -> int | None:
        """The seat that bids first this round, `None` when the game is over."""
        order = self.bidding_order
        return order[0] if order else None

    def standings(self) -> tuple[int, ...]:
        """Each player's place 1..n, with shared places, under the rules' tie-break (R7.2)."""
        return standings(self.totals, tiebreak=self.rules.tiebreak, hits=self.hits)

    def statistics(self) -> tuple[PlayerStatistics, ...]:
        """Each player's statistics over the finished rounds so far, in seat order.

        Hits, misses over and under, the mean miss, blind rounds, the best and worst round and
        the longest run of exact rounds, besides the total and the place (R7). The figures
        read the final bids (after a Cloud, R8.2) and the tricks as recorded, which leave out a
        trick a Bomb voided (R8.1).

        Examples:
            >>> from wizardrules import ScoreSheet
            >>> sheet = ScoreSheet(["Ann", "Ben", "Cem"]).record(bids=[1, 0, 0], tricks=[0, 1, 0])
            >>> [(s.player, s.exact, s.over, s.under, s.place) for s in sheet.statistics()]
            [('Ann', 0, 0, 1, 2), ('Ben', 0, 1, 0, 2), ('Cem', 1, 0, 0, 1)]
        """
        return statistics_of(self.players, self.rounds, self.totals, self.standings())

    def winners(self) -> tuple[str, ...]:
        """The names in first place (several on a tie that the tie-break leaves)."""
        return tuple(name for name, place in zip(self.players, self.standings(), strict=True) if place == 1)

    def seat(self, player: Player) -> int:
        """The seat of `player`, given by name or seat.

        Raises:
            PlayerError: no such player.
        """
        if isinstance(player, str):
            try:
                return self.players.index(lookup(player))
            except ValueError:
                raise PlayerError(
                    f"unknown player {shown(player)}; the players are {shown(list(self.players))}",
                    german=f"unbekannter Spieler {shown(player)}; die Spieler sind {shown(list(self.players))}",
                ) from None
        if type(player) is int and 0 <= player < len(self.players):
            return player
        raise PlayerError(
            f"unknown player {shown(player)}: give a name or a seat 0..{len(self.players) - 1}",
            german=f"unbekannter Spieler {shown(player)}: erwartet ein Name oder ein Platz 0..{len(self.players) - 1}",
        )

    # -- recording ----------------------------------------------------------------------

    def record(
        self,
        *,
        bids: Sequence[int] | Mapping[str, int],
        tricks: Sequence[int] | Mapping[str, int],
        blind: Iterable[Player] = (),
        cloud: tuple[Player, CloudChange] | None = None,
        bombs: int = 0,
        trump: Suit | None = None,
    ) -> ScoreSheet:
        """Record a whole round in one entry: bids, an optional Cloud change, then tricks.

        Args:
            bids: the bids, in seat order or by name.
            tricks: the tricks taken, in seat order or by name.
            blind: the players who bid blind (R4.4), by name or seat.
            cloud: the player whose bid a Cloud changed and the direction (R8.2).
            bombs: tricks voided by a Bomb this round, 0 or 1 (R8.1).
            trump: the round's trump, if it is to be kept on the record.

        Raises:
            SheetError: a subclass naming what is wrong; the sheet is unchanged.
            BidError: a bid outside 0..cards, or one the bid policy forbids.
        """
        self._need_open_round()
        bids_entry = self._bids_entry(bids, blind)
        state = _advance(self, self._state, bids_entry)
        cloud_entry = None
        if cloud is not None:
            parts = tuple(cloud) if isinstance(cloud, tuple) else ()  # read once: a tuple subclass may say otherwise
            if len(parts) != 2:
                raise CloudError(
                    f"cloud {shown(cloud)}: expected (player, CloudChange.UP or CloudChange.DOWN)",
                    german=f"Wolke {shown(cloud)}: erwartet (Spieler, CloudChange.UP oder CloudChange.DOWN)",
                )
            player, change = parts
            cloud_entry = self._cloud_entry(state, player, change)  # type: ignore[arg-type]  # each checked there
            state = _advance(self, state, cloud_entry)
        tricks_entry = self._tricks_entry(state, tricks, bombs, trump)
        return self._with(RoundEntry(bids=bids_entry, cloud=cloud_entry, tricks=tricks_entry))

    def record_bids(self, bids: Sequence[int] | Mapping[str, int], *, blind: Iterable[Player] = ()) -> ScoreSheet:
        """Record the current round's bids, checked in bidding order against the bid policy (R4.2).

        Raises:
            PhaseError: the bids are recorded already, or the game is over.
            EntryError: not one whole number per player.
            BidError: a bid outside 0..cards; `BidNotAllowedError` names the player the policy stops.
            BlindBidError: blind bids without `Variant.BLIND_BIDS`.
        """
        self._need_open_round()
        return self._with(self._bids_entry(bids, blind))

    def change_bid(self, player: Player, change: CloudChange) -> ScoreSheet:
        """Record that a Cloud changed `player`'s bid by one (R8.2), after bids and before tricks.

        Raises:
            CloudError: no Cloud in the game, a second change this round, or a change past 0 or the cards.
            PhaseError: no bids recorded for the round.
            PlayerError: no such player.
        """
        return self._with(self._cloud_entry(self._state, player, change))

    def record_tricks(
        self,
        tricks: Sequence[int] | Mapping[str, int],
        *,
        bombs: int = 0,
        trump: Suit | None = None,
    ) -> ScoreSheet:
        """Record the tricks taken in the round whose bids are recorded, and score it.

        Raises:
            PhaseError: no bids recorded for the round.
            EntryError: not one whole number 0 or more per player.
            TricksError: the tricks do not add up to the cards less any Bomb trick.
        """
        return self._with(self._tricks_entry(self._state, tricks, bombs, trump))

    def undo(self, steps: int = 1) -> ScoreSheet:
        """The sheet without its last entry ("Rückgängig"), or its last `steps` entries: also into a Cloud change.

        `steps=sheet.entries` gives the empty sheet; [`log`][wizardrules.ScoreSheet.log] tells
        which entry is which, so an app can go back to any of them.

        Raises:
            UndoError: nothing is recorded, or `steps` is not a whole number 1..entries.

        Examples:
            >>> from wizardrules import ScoreSheet
            >>> sheet = ScoreSheet(["Ann", "Ben", "Cem"]).record_bids([1, 0, 0]).record_tricks([1, 0, 0])
            >>> sheet.undo().pending.bids, sheet.undo(steps=2).entries
            ((1, 0, 0), 0)
        """
        if not self._entries:
            raise UndoError(
                "nothing to undo: the sheet has no entries", german="nichts rückgängig zu machen: der Block ist leer"
            )
        if type(steps) is not int or not 1 <= steps <= len(self._entries):
            raise UndoError(
                f"undo steps {shown(steps)}: the sheet has {len(self._entries)} entries to undo, 1 or more",
                german=f"Schritte zurück {shown(steps)}: der Block hat {len(self._entries)} Einträge, "
                "also 1 bis so viele",
            )
        sheet = ScoreSheet(players=self.players, rules=self.rules, first_dealer=self.first_dealer)
        for entry in self._entries[:-steps]:
            sheet = sheet._with(entry)
        return sheet

    @property
    def log(self) -> tuple[LogEntry, ...]:
        """Each entry's round and kind, in the order recorded: what `undo` steps back through.

        Examples:
            >>> from wizardrules import ScoreSheet
            >>> sheet = ScoreSheet(["Ann", "Ben", "Cem"]).record(bids=[1, 0, 0], tricks=[1, 0, 0])
            >>> [(entry.number, entry.kind.value) for entry in sheet.record_bids([0, 1, 1]).log]
            [(1, 'round'), (2, 'bids')]
        """
        return log_of(self._entries)

    @property
    def entries(self) -> int:
        """The number of entries recorded (what `undo` steps back through)."""
        return len(self._entries)

    def amend(
        self,
        round_number: int,
        *,
        bids: Sequence[int] | Mapping[str, int] | Recorded = AS_RECORDED,
        tricks: Sequence[int] | Mapping[str, int] | Recorded = AS_RECORDED,
        blind: Iterable[Player] | Recorded = AS_RECORDED,
        cloud: tuple[Player, CloudChange] | Recorded | None = AS_RECORDED,
        bombs: int | Recorded = AS_RECORDED,
        trump: Suit | Recorded | None = AS_RECORDED,
    ) -> ScoreSheet:
        """The sheet with finished round `round_number` recorded anew, every later round checked again.

        For a slip noticed rounds later: give what changes, as for `record`; what is left out
        stays as recorded, and bids or tricks by name change only the players named. The round
        is checked as `record` checks a round; then every later entry is checked again in
        order, since a bid rule may depend on the totals (R4.2). The later entries stay as they
        were, so `undo` still steps back through them.

        Raises:
            EntryError: `round_number` is not a finished round (bids alone are undone with `undo`).
            SheetError: the amended round cannot be recorded: as for `record` (or a `BidError`).
            AmendError: a later round no longer passes its checks; the message names the
                round and the reason. This sheet is unchanged whatever is raised.

        Examples:
            >>> from wizardrules import ScoreSheet
            >>> sheet = ScoreSheet(["Ann", "Ben", "Cem"]).record(bids=[1, 0, 0], tricks=[1, 0, 0])
            >>> sheet = sheet.record(bids=[1, 1, 0], tricks=[0, 1, 1])
            >>> sheet.amend(1, tricks=[0, 1, 0]).totals  # round 1: Ben took the trick, not Ann
            (-20, 20, 10)
            >>> sheet.amend(2, bids={"Cem": 1}).rounds[1].bids  # round 2: Cem bid 1, not 0
            (1, 1, 1)
        """
        return _amend.amend(self, self._entries, round_number, Changes(bids, tricks, blind, cloud, bombs, trump))

    # -- validation -----------------------------------------------------------------------

    def _with(self, entry: Entry) -> ScoreSheet:
        """A copy with `entry` appended; the players and rules were checked when this sheet was made."""
        sheet = object.__new__(ScoreSheet)
        for name, value in (
            ("players", self.players),
            ("rules", self.rules),
            ("first_dealer", self.first_dealer),
            ("_schedule", self._schedule),
            ("_entries", (*self._entries, entry)),
            ("_state", _advance(self, self._state, entry)),
        ):
            object.__setattr__(sheet, name, value)
        return sheet

    def _need_open_round(self) -> None:
        if self.is_over:
            raise _game_over(self._schedule.rounds)
        if self.pending is not None:
            raise PhaseError(
                f"round {self.current_round}'s bids are recorded already; record its tricks",
                german=f"die Ansagen der Runde {self.current_round} stehen schon; jetzt die Stiche",
            )

    def _per_player(self, values: Sequence[int] | Mapping[str, int], what: str) -> tuple[int, ...]:
        n = len(self.players)
        de = _WHAT_DE[what]
        if isinstance(values, Mapping):
            given = list(values)
            values = {lookup(k) if type(k) is str else k: values[k] for k in given}  # names compare composed (NFC)
            if len(values) != len(given):
                raise PlayerError(
                    f"{what}: a player is named twice, in two Unicode forms, in {shown(given)}",
                    german=f"{de}: ein Spieler ist zweimal genannt, in zwei Unicode-Formen, in {shown(given)}",
                )
            unknown = [k for k in values if k not in self.players]
            if unknown:
                players = shown(list(self.players))
                raise PlayerError(
                    f"{what}: unknown player {shown(unknown[0])}; the players are {players}",
                    german=f"{de}: unbekannter Spieler {shown(unknown[0])}; die Spieler sind {players}",
                )
            missing = [p for p in self.players if p not in values]
            if missing:
                raise EntryError(
                    f"{what}: no entry for {shown(missing[0])}; every player needs one",
                    german=f"{de}: kein Eintrag für {shown(missing[0])}; jeder Spieler braucht einen",
                )
            result = tuple(values[p] for p in self.players)
        elif isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
            raise EntryError(
                f"{what} {shown(values)}: expected one number per player",
                german=f"{de} {shown(values)}: erwartet wird eine Zahl je Spieler",
            )
        else:  # a longer one is refused before it is copied
            result = as_tuple(values, what, EntryError, limit=n, what_de=de)
            if len(result) != n:
                raise EntryError(
                    f"{what} {shown(list(result))}: {len(result)} entries for {n} players",
                    german=f"{de} {shown(list(result))}: {len(result)} Einträge für {n} Spieler",
                )
        for name, value in zip(self.players, result, strict=True):
            if type(value) is not int:
                raise EntryError(
                    f"{what}: {name}'s entry {shown(value)} is not a whole number",
                    german=f"{de}: der Eintrag {shown(value)} von {name} ist keine ganze Zahl",
                )
            if value < 0:
                raise EntryError(
                    f"{what}: {name}'s entry {shown(value)} is negative",
                    german=f"{de}: der Eintrag {shown(value)} von {name} ist negativ",
                )
        return result

    def _bids_entry(self, bids: Sequence[int] | Mapping[str, int], blind: Iterable[Player]) -> BidsEntry:
        values = self._per_player(bids, "bids")
        blind_seats = self._blind_seats(blind)
        cards = self.cards
        number = self.current_round
        dealer = self.dealer
        assert cards is not None  # noqa: S101 - an open round has cards,
        assert number is not None  # noqa: S101 - a number
        assert dealer is not None  # noqa: S101 - and a dealer
        made: list[int] = []
        for seat in self.bidding_order:
            bid = values[seat]
            name = self.players[seat]
            if bid > cards:
                raise BidError(
                    f"bids: {name}'s bid {shown(bid)} is more than the {cards} cards of round {number} (R4.1)",
                    german=f"Ansagen: die Ansage {shown(bid)} von {name} ist mehr als die {cards} Karten der Runde "
                    f"{number} (R4.1)",
                )
            try:
                verify_bid(
                    self.rules.bid_policy,
                    bid,
                    cards=cards,
                    bids=made,
                    players=len(self.players),
                    round_number=number,
                    totals=self.totals,
                    dealer=dealer,
                )
            except BidNotAllowedError as error:
                raise BidNotAllowedError(
                    f"bids: {name} may not bid {bid} in round {number}: {error.reason}",
                    bid=bid,
                    reason=error.reason,
                    german=f"Ansagen: {name} darf in Runde {number} nicht {bid} ansagen: "
                    f"{error.reason_text(language=Language.DE)}",
                ) from None
            made.append(bid)
        return BidsEntry(bids=values, blind=tuple(seat in blind_seats for seat in range(len(self.players))))

    def _blind_seats(self, blind: Iterable[Player]) -> frozenset[int]:
        if isinstance(blind, (str, bytes)) or not isinstance(blind, Iterable):
            raise EntryError(
                f"blind {shown(blind)}: expected a collection of players (names or seats)",
                german=f"blind {shown(blind)}: erwartet eine Sammlung von Spielern (Namen oder Plätze)",
            )
        # no more than one per player
        given = as_tuple(blind, "blind", EntryError, limit=len(self.players), what_de="blind")
        seats = frozenset(self.seat(p) for p in given)
        if seats and Variant.CLAIRVOYANCE in self.rules.variants and self.current_round == 1:
            raise BlindBidError(
                "blind bids in round 1: nobody sees their own card in a clairvoyance round (R4.5)",
                german="blinde Ansagen in Runde 1: in der Hellseh-Runde sieht niemand die eigene Karte (R4.5)",
            )
        if seats and Variant.BLIND_BIDS not in self.rules.variants:
            names = sorted(self.players[s] for s in seats)
            raise BlindBidError(
                f"blind bids by {shown(names)}: the rules do not allow blind bids (Variant.BLIND_BIDS)",
                german=f"blinde Ansagen von {shown(names)}: die Regeln erlauben keine blinden Ansagen "
                "(Variant.BLIND_BIDS)",
            )
        return seats

    def _cloud_entry(self, state: SheetState, player: Player, change: CloudChange) -> CloudEntry:
        if Special.CLOUD not in self.rules.special_cards:
            raise CloudError(
                "change_bid: the game has no Cloud (Special.CLOUD is not in the rules)",
                german="Wolke: das Spiel hat keine Wolke (Special.CLOUD steht nicht in den Regeln)",
            )
        if not isinstance(change, CloudChange):
            raise CloudError(
                f"change_bid: {shown(change)} is not a CloudChange (UP or DOWN)",
                german=f"Wolke: {shown(change)} ist keine CloudChange (UP oder DOWN)",
            )
        seat = self.seat(player)
        pending = state.pending
        if pending is None:
            raise PhaseError(
                "change_bid: a Cloud changes a bid after the bids are recorded; none are",
                german="Wolke: sie ändert eine Ansage, wenn die Ansagen eingetragen sind; noch steht keine",
            )
        if pending.cloud is not None:
            raise CloudError(
                "change_bid: the round's bid is changed already; the deck has one Cloud",
                german="Wolke: in dieser Runde ist schon eine Ansage geändert; das Spiel hat eine Wolke",
            )
        new = pending.final_bids[seat] + change.delta
        cards = self.cards
        assert cards is not None  # noqa: S101 - a pending round is an open round
        if not 0 <= new <= cards:
            raise CloudError(
                f"change_bid: {self.players[seat]}'s bid {pending.final_bids[seat]} cannot go "
                f"{change.name.lower()} to {new}; bids stay within 0..{cards} (R8.2)",
                german=f"Wolke: die Ansage {pending.final_bids[seat]} von {self.players[seat]} kann nicht zu {new} "
                f"werden; Ansagen bleiben in 0..{cards} (R8.2)",
            )
        return CloudEntry(seat=seat, change=change)

    def _tricks_entry(
        self,
        state: SheetState,
        tricks: Sequence[int] | Mapping[str, int],
        bombs: int,
        trump: Suit | None,
    ) -> TricksEntry:
        if state.pending is None:
            if self.is_over:
                raise _game_over(self._schedule.rounds)
            raise PhaseError(
                f"round {self.current_round}: record the bids before the tricks",
                german=f"Runde {self.current_round}: erst die Ansagen eintragen, dann die Stiche",
            )
        values = self._per_player(tricks, "tricks")
        max_bombs = 1 if Special.BOMB in self.rules.special_cards else 0
        if type(bombs) is not int or not 0 <= bombs <= max_bombs:
            raise TricksError(
                f"bombs {shown(bombs)}: this game has {max_bombs} Bomb{'s' if max_bombs != 1 else ''}, "
                f"so a round voids 0..{max_bombs} tricks (R8.1)",
                german=f"Bomben {shown(bombs)}: dieses Spiel hat {max_bombs} "
                f"{'Bombe' if max_bombs == 1 else 'Bomben'}, also entwertet eine Runde 0..{max_bombs} Stiche (R8.1)",
            )
        if trump is not None and not isinstance(trump, Suit):
            raise EntryError(
                f"trump {shown(trump)} must be a Suit or None",
                german=f"Trumpf {shown(trump)} muss eine Farbe (Suit) oder None sein",
            )
        cards = self.cards
        assert cards is not None  # noqa: S101 - a pending round is an open round
        if trump is not None:
            self._check_trump(trump, cards)
        else:  # a fixed trump is known without being recorded (R3.5)
            fixed = self._schedule.fixed_trump(len(self.rounds) + 1)
            trump = None if fixed is None else fixed.suit
        if sum(values) != cards - bombs:
            bomb_note = f" less {bombs} Bomb trick" if bombs else ""
            bomb_de = f" weniger {bombs} Bomben-Stich" if bombs else ""
            raise TricksError(
                f"tricks {shown(list(values))} add up to {shown(sum(values))}, but round {self.current_round} "
                f"has {cards - bombs} to take ({cards} cards{bomb_note})",
                german=f"die Stiche {shown(list(values))} ergeben {shown(sum(values))}, aber in Runde "
                f"{self.current_round} gibt es {cards - bombs} ({cards} Karten{bomb_de})",
            )
        cloud = state.pending.cloud
        if cloud is not None and values[cloud[0]] == 0:
            name = self.players[cloud[0]]
            raise TricksError(
                f"tricks {shown(list(values))}: a Cloud changed {name}'s bid, so {name} won the Cloud's trick "
                "and took at least one trick (R8.2)",
                german=f"Stiche {shown(list(values))}: die Wolke hat die Ansage von {name} geändert, also hat "
                f"{name} den Wolken-Stich gewonnen und mindestens einen Stich (R8.2)",
            )
        return TricksEntry(tricks=values, bombs=bombs, trump=trump)

    def _check_trump(self, trump: Suit, cards: int) -> None:
        number = self.current_round
        assert number is not None  # noqa: S101 - a pending round is an open round
        fixed = self._schedule.fixed_trump(number)
        if fixed is not None and fixed.suit is not trump:
            raise EntryError(
                f"trump {trump.name}: round {number} of the {self._schedule.name} schedule has its trump fixed "
                f"({fixed.name.lower()}, R3.5)",
                german=f"Trumpf {trump.display(Language.DE)}: in Runde {number} des Spielplans "
                f"{self._schedule.name!r} steht der Trumpf fest ({_fixed_de(fixed)}, R3.5)",
            )
        if fixed is None and cards * len(self.players) == len(self.rules.deck):
            raise EntryError(
                f"trump {trump.name}: round {number} deals the whole deck, no card is left to turn up, "
                "so there is no trump (R3.4)",
                german=f"Trumpf {trump.display(Language.DE)}: Runde {number} verteilt alle Karten, keine bleibt "
                "zum Aufdecken, also gibt es keinen Trumpf (R3.4)",
            )

    # -- output -------------------------------------------------------------------------

    def history(self) -> tuple[str, ...]:
        """One compact line per finished round; blind bids marked `B`, Cloud changes `→`.

        Examples:
            >>> from wizardrules import ScoreSheet
            >>> ScoreSheet(players=["A", "B", "C"]).record(bids=[1, 0, 0], tricks=[0, 1, 0]).history()
            ('R1 (1): A 1/0 -10 · B 0/1 -10 · C 0/0 +20',)
        """
        return tuple(history_line(self.players, r) for r in self.rounds)

    def to_text(
        self,
        *,
        language: Language = Language.EN,
        legend: bool = False,
        width: int | None = None,
        statistics: bool = False,
    ) -> str:
        """The score table as people write it: players as columns, rounds as rows.

        Each row starts with the round and its cards, and its trump when the sheet records
        trumps; each cell shows bid/tricks, the round's points and the running total.
        `language` is that of the headings and the legend (R1.3); `legend=True` adds a few
        lines that say how to read the table. A table wider than `width` characters (say, a
        terminal's 80 columns) is cut into parts by players, one below the other, each with
        the round column again; a single player's column is never cut. `statistics=True`
        adds each player's [`statistics`][wizardrules.ScoreSheet.statistics] below, one row a
        player.

        Raises:
            EntryError: `width` is not a whole number, 1 or more.

        Examples:
            >>> from wizardrules import Language, ScoreSheet
            >>> sheet = ScoreSheet(["Ann", "Ben", "Cem"]).record(bids=[1, 0, 0], tricks=[1, 0, 0])
            >>> print(sheet.to_text(language=Language.DE).splitlines()[0])
            Runde  |          Ann |          Ben |          Cem
        """
        return render_table(self, language=language, legend=legend, width=width, statistics=statistics)

    def __str__(self) -> str:
        return self.to_text()

    def _repr_html_(self) -> str | None:
        """The score table and chart as HTML for notebooks, drawn by `wizardrules.svg`."""
        return _lazy.render(_lazy.Picture.SCORESHEET, self)

    def to_csv(self, *, language: Language = Language.EN) -> str:
        """The table as CSV, one row per finished round; `from_csv` reads it back.

        The round, cards, dealer, trump (when recorded) and Bomb tricks, then per player the
        bid, the bid after a Cloud, `B` for a blind bid, the tricks, the points and the total:
        the columns for the Cloud, the Bomb and blind bids only where the rules have them.
        `Language.DE` writes German headings and suit names, separated by semicolons, as
        German spreadsheets expect.

        Raises:
            FormatError: `language` is not a Language.

        Examples:
            >>> from wizardrules import Language, ScoreSheet
            >>> sheet = ScoreSheet(["Ann", "Ben", "Cem"]).record(bids=[1, 0, 0], tricks=[1, 0, 0])
            >>> sheet.to_csv().splitlines()[0].split(",")[:7]
            ['round', 'cards', 'dealer', 'Ann bid', 'Ann tricks', 'Ann points', 'Ann total']
            >>> sheet.to_csv(language=Language.DE).splitlines()[0].split(";")[:5]
            ['Runde', 'Karten', 'Geber', 'Ann Ansage', 'Ann Stiche']
        """
        return _csv.write(self, language)

    @classmethod
    def from_csv(cls, text: str | bytes, *, rules: Rules | None = None) -> ScoreSheet:
        """Read a table written by [`to_csv`][wizardrules.ScoreSheet.to_csv], replaying and checking every round.

        The CSV does not hold the rules: give the game's rules (the rulebook's by default).
        English (commas) and German (semicolons) files both read, told apart by their
        header row. Every row is recorded through the checks of `record`; cards, dealers,
        points and totals must be what the bids and tricks give.

        Raises:
            FormatError: not such a table for these rules, a round the rules do not allow, or
                numbers that do not add up; the message names the line.

        Examples:
            >>> from wizardrules import ScoreSheet
            >>> sheet = ScoreSheet(["Ann", "Ben", "Cem"]).record(bids=[1, 0, 0], tricks=[1, 0, 0])
            >>> ScoreSheet.from_csv(sheet.to_csv()).rounds == sheet.rounds
            True
            >>> ScoreSheet.from_csv(sheet.to_csv().replace(",30,30,", ",30,40,"))
            Traceback (most recent call last):
            ...
            wizardrules.errors.FormatError: score sheet CSV line 2: Ann's total 40 does not add up: ...
        """
        return _csv.load(cls, text, Rules() if rules is None else rules)

    def to_json(self, *, indent: int | None = 2) -> str:
        """The sheet as versioned JSON; [`from_json`][wizardrules.ScoreSheet.from_json] reads it back.

        The file carries a checksum (SHA-256) of its content, which `from_json` checks.

        Raises:
            FormatError: the rules use a custom bid policy or score rule, which has no saved form.
        """
        return _json.write(self, self._entries, indent=indent)

    def to_code(self) -> str:
        """The sheet as a share code: a short text for a link, a chat message or a QR code.

        The code carries the whole sheet (players, rules and every entry, so `undo` works on
        the sheet read back) in URL-safe characters only (`A-Z a-z 0-9 - _`, all of them
        unreserved in RFC 3986), after its version, `1`. A check inside it makes
        [`from_code`][wizardrules.ScoreSheet.from_code] refuse a code with a character
        changed. A whole official game of 4 players whose names have up to 8 characters
        takes about 140 characters.

        Raises:
            FormatError: the rules use a custom bid policy or score rule, which has no saved form.

        Examples:
            >>> from wizardrules import Preset, ScoreSheet
            >>> sheet = ScoreSheet(["Ann", "Ben", "Cem"], rules=Preset.OFFICIAL.rules())
            >>> code = sheet.record(bids=[1, 1, 1], tricks=[1, 0, 0]).to_code()
            >>> code
            '1CILc3EQmVuIhsraFAAS-gAWsnKs'
            >>> ScoreSheet.from_code(code).totals
            (30, -10, -10)
        """
        return _code.write(self, self._entries)

    @classmethod
    def from_code(cls, text: str) -> ScoreSheet:
        """Read a sheet from its share code (see [`to_code`][wizardrules.ScoreSheet.to_code]), replaying every entry.

        `text` may be the code or a whole link that ends in `#` and the code; spaces around
        it are ignored.

        Raises:
            FormatError: not a share code, an unknown version, a character changed, missing
                or added, or entries that the rules refuse (the message says which).

        Examples:
            >>> from wizardrules import ScoreSheet
            >>> ScoreSheet.from_code("1CILc3EQmVuIhsraFAAS-gAWsnKt")
            Traceback (most recent call last):
            ...
            wizardrules.errors.FormatError: share code: it was changed or cut short (its check does not match)
        """
        return _code.read(cls, text)

    @classmethod
    def from_json(cls, text: str | bytes) -> ScoreSheet:
        """Read a sheet written by [`to_json`][wizardrules.ScoreSheet.to_json], replaying and checking every entry.

        The file's checksum must match its content, so an edited file is refused even when
        the edit would replay (a renamed player, another tie-break). It catches edits, not
        forgery: anyone can compute the checksum of an edited file again.

        Raises:
            FormatError: not a score sheet, an unknown version, content that was tampered
                with or does not add up (the message says where), or a checksum that is
                missing or does not match.
        """
        return _json.load(cls, text)


def game_nights(sheets: Iterable[ScoreSheet]) -> GameNights:
    """Sum up a series of game nights, one score sheet a night, per person.

    For each person: the nights played, the nights won (first place, shared too), the points
    of all nights, the mean place and the rate of exact bids. Names join the nights as the
    score sheet compares them (NFC). A night needs at least one round; it need not be
    finished. [`rate_nights`][wizardrules.tournament.ratings.rate_nights] adds the ratings.

    Raises:
        RulesError: something that is not a ScoreSheet, or a sheet with no rounds recorded.

    Examples:
        >>> from wizardrules import ScoreSheet, game_nights
        >>> monday = ScoreSheet(["Ann", "Ben", "Cem"]).record(bids=[1, 0, 0], tricks=[1, 0, 0])
        >>> friday = ScoreSheet(["Ben", "Dora", "Ann"]).record(bids=[0, 0, 1], tricks=[1, 0, 0])
        >>> [(p.player, p.nights, p.wins, p.points, p.mean_place) for p in game_nights([monday, friday]).people]
        [('Dora', 1, 1, 20, 1.0), ('Ann', 2, 1, 20, 1.5), ('Cem', 1, 0, 20, 2.0), ('Ben', 2, 0, 10, 2.0)]
    """
    nights = []
    for number, sheet in enumerate(
        as_tuple(sheets, "game nights", RulesError, limit=100_000, what_de="Spieleabende"), start=1
    ):
        if not isinstance(sheet, ScoreSheet):
            raise RulesError(
                f"game nights: night {number}, {shown(sheet)}, is not a ScoreSheet",
                german=f"Spieleabende: Abend {number}, {shown(sheet)}, ist kein ScoreSheet",
            )
        if not sheet.rounds:
            raise RulesError(
                f"game nights: night {number} has no rounds recorded",
                german=f"Spieleabende: Abend {number} hat keine eingetragenen Runden",
            )
        nights.append(sheet.statistics())
    return summed(nights)


def _advance(sheet: ScoreSheet, state: SheetState, entry: Entry) -> SheetState:
    """The state after `entry`, which has been checked against `state` already."""
    if isinstance(entry, RoundEntry):
        state = _advance(sheet, state, entry.bids)
        if entry.cloud is not None:
            state = _advance(sheet, state, entry.cloud)
        return _advance(sheet, state, entry.tricks)
    if isinstance(entry, BidsEntry):
        opened = PendingRound(bids=entry.bids, final_bids=entry.bids, blind=entry.blind)
        return SheetState(rounds=state.rounds, pending=opened, totals=state.totals, hits=state.hits)
    pending = state.pending
    if pending is None:  # entries are checked before they are applied
        raise PhaseError("no bids are recorded for the round", german="für die Runde sind keine Ansagen eingetragen")
    if isinstance(entry, CloudEntry):
        final = list(pending.final_bids)
        final[entry.seat] += entry.change.delta
        changed = PendingRound(bids=pending.bids, final_bids=tuple(final), blind=pending.blind)
        return SheetState(rounds=state.rounds, pending=changed, totals=state.totals, hits=state.hits)
    number = len(state.rounds) + 1
    score = sheet.rules.score_rule
    points = tuple(
        points_of(score, bid, taken, blind)
        for bid, taken, blind in zip(pending.final_bids, entry.tricks, pending.blind, strict=True)
    )
    finished = Round(
        number=number,
        cards=sheet.schedule.cards_per_round[number - 1],
        dealer=(sheet.first_dealer + number - 1) % len(sheet.players),
        bids=pending.bids,
        final_bids=pending.final_bids,
        blind=pending.blind,
        tricks=entry.tricks,
        points=points,
        bombs=entry.bombs,
        trump=entry.trump,
    )
    return SheetState(
        rounds=(*state.rounds, finished),
        pending=None,
        totals=tuple(t + p for t, p in zip(state.totals, points, strict=True)),
        hits=tuple(h + hit for h, hit in zip(state.hits, finished.hits, strict=True)),
    )
