"""Stateful test of the score sheet (RULES R4.1, R4.2, R4.4, R6.1-R6.3, R7.2, R8.1, R8.2; seed 000's undo).

A hypothesis `RuleBasedStateMachine` drives one `ScoreSheet` through random entries: whole
rounds, bids alone, Cloud bid changes, tricks, undo, and every kind of invalid entry. The
machine keeps its own model of the game (the rounds as recorded, scored independently with
`round_points`) and a history of the sheets before each entry, so undo can be checked against
the exact sheet it must give back. Invalid entries must raise their specific error class and
leave the (immutable) sheet as it was. After every step the invariants compare the sheet with
the model: totals, hits, rounds, the pending round, dealers, standings and the JSON round trip.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Final, NamedTuple

import attrs
import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from wizardrules import (
    BidError,
    BidNotAllowedError,
    BlindBidError,
    CloudChange,
    CloudError,
    EntryError,
    FreeBids,
    PendingRound,
    PhaseError,
    PlayerError,
    Preset,
    Rules,
    Schedule,
    ScoreSheet,
    Special,
    Suit,
    TieBreak,
    TricksError,
    UndoError,
    Variant,
    allowed_bids,
    round_points,
)

RULE_SETS: Final = (
    Rules(),
    Preset.OFFICIAL.rules(),
    Preset.APP_EQUAL.rules(),
    Rules(variants=Variant.BLIND_BIDS, special_cards={Special.BOMB, Special.CLOUD}, tiebreak=TieBreak.EXACT_HITS),
)
"""The rule sets a game is drawn from: free, *not equal*, *equal*, and blind bids with Bomb and Cloud."""

UNKNOWN: Final = "Nobody"
"""A name no player has."""

JSON_EVERY: Final = 3
"""The JSON round trip is checked after every this many steps."""


class ModelRound(NamedTuple):
    """One finished round as the machine recorded it."""

    bids: tuple[int, ...]
    final_bids: tuple[int, ...]
    blind: tuple[bool, ...]
    tricks: tuple[int, ...]
    bombs: int
    trump: Suit | None

    def points(self) -> tuple[int, ...]:
        """The round's points, scored independently of the sheet (R6.1, R6.2, R8.2)."""
        return tuple(
            round_points(bid, taken, blind=blind)
            for bid, taken, blind in zip(self.final_bids, self.tricks, self.blind, strict=True)
        )


class Model(NamedTuple):
    """The machine's own record of the game: finished rounds and the pending round's bids."""

    rounds: tuple[ModelRound, ...] = ()
    pending: PendingRound | None = None

    def totals(self, players: int) -> tuple[int, ...]:
        """Each player's total: the sum of the round points (R6.3)."""
        totals = [0] * players
        for r in self.rounds:
            for seat, points in enumerate(r.points()):
                totals[seat] += points
        return tuple(totals)

    def hits(self, players: int) -> tuple[int, ...]:
        """Each player's number of rounds with final bid equal to tricks."""
        return tuple(sum(r.final_bids[seat] == r.tricks[seat] for r in self.rounds) for seat in range(players))


def _composition(data: st.DataObject, total: int, parts: int) -> list[int]:
    """`total` split into `parts` counts 0 or more."""
    cuts = sorted(data.draw(st.lists(st.integers(0, total), min_size=parts - 1, max_size=parts - 1)))
    return [b - a for a, b in itertools.pairwise([0, *cuts, total])]


def _state(sheet: ScoreSheet) -> tuple[object, ...]:
    """Everything a sheet shows, beyond what `==` compares."""
    return (sheet.totals, sheet.hits, sheet.rounds, sheet.pending, sheet.entries, sheet.current_round, sheet.is_over)


class ScoreSheetMachine(RuleBasedStateMachine):
    """Random valid and invalid entries on one score sheet, checked against a model after every step."""

    def __init__(self) -> None:
        super().__init__()
        self.players: tuple[str, ...] = ("P0", "P1", "P2")
        self.game_rules: Rules = Rules(schedule=Schedule.ladder(3, rounds=1))
        self.first_dealer = 0
        self.sheet = ScoreSheet(players=self.players, rules=self.game_rules)
        self.model = Model()
        self.history: list[tuple[ScoreSheet, Model]] = []
        self.steps = 0

    # -- helpers ----------------------------------------------------------------------

    @property
    def n(self) -> int:
        """The number of players."""
        return len(self.players)

    @property
    def is_open(self) -> bool:
        """A round is open for bids: the game is not over and no bids are pending."""
        return not self.sheet.is_over and self.sheet.pending is None

    @property
    def has_cloud(self) -> bool:
        """The game has the Cloud (R8.2)."""
        return Special.CLOUD in self.game_rules.special_cards

    @property
    def has_bomb(self) -> bool:
        """The game has the Bomb (R8.1)."""
        return Special.BOMB in self.game_rules.special_cards

    @property
    def has_blind(self) -> bool:
        """The game allows blind bids (R4.4)."""
        return Variant.BLIND_BIDS in self.game_rules.variants

    def _cards(self) -> int:
        cards = self.sheet.cards
        assert cards is not None
        return cards

    def _draw_bids(self, data: st.DataObject) -> list[int]:
        """Bids in seat order that the bid policy allows, drawn in bidding order (R4.1, R4.2)."""
        sheet = self.sheet
        bids = [0] * self.n
        made: list[int] = []
        for seat in sheet.bidding_order:
            allowed = allowed_bids(
                self.game_rules.bid_policy,
                cards=self._cards(),
                bids=made,
                players=self.n,
                round_number=sheet.current_round or 0,
                totals=sheet.totals,
                dealer=sheet.dealer,
            )
            assert allowed, f"no bid allowed for seat {seat} after {made}"
            bid = data.draw(st.sampled_from(sorted(allowed)), label=f"bid of P{seat}")
            bids[seat] = bid
            made.append(bid)
        return bids

    def _draw_blind(self, data: st.DataObject) -> frozenset[int]:
        """Blind bidders when the variant is on (R4.4), none otherwise."""
        if not self.has_blind:
            return frozenset()
        return frozenset(data.draw(st.sets(st.integers(0, self.n - 1)), label="blind"))

    def _draw_cloud(self, data: st.DataObject, final_bids: tuple[int, ...]) -> tuple[int, CloudChange]:
        """A seat and a direction the bounds allow: at 0 only up, at the cards only down (R8.2)."""
        seat = data.draw(st.integers(0, self.n - 1), label="cloud seat")
        cards = self._cards()
        changes = [c for c in CloudChange if 0 <= final_bids[seat] + c.delta <= cards]
        return seat, data.draw(st.sampled_from(changes), label="cloud change")

    def _draw_bombs(self, data: st.DataObject, cloud_seat: int | None) -> int:
        """0 or 1 Bomb trick with the Bomb (R8.1); a Cloud winner needs a trick left to win."""
        if not self.has_bomb:
            return 0
        most = 1 if cloud_seat is None or self._cards() >= 2 else 0
        return data.draw(st.integers(0, most), label="bombs")

    def _draw_tricks(self, data: st.DataObject, bombs: int, cloud_seat: int | None) -> tuple[int, ...]:
        """Tricks adding up to cards - bombs (R8.1); the Cloud's winner takes at least one (R8.2)."""
        total = self._cards() - bombs
        if cloud_seat is None:
            return tuple(_composition(data, total, self.n))
        parts = _composition(data, total - 1, self.n)
        parts[cloud_seat] += 1
        return tuple(parts)

    def _player(self, data: st.DataObject, seat: int) -> str | int:
        """The player at `seat`, named by name or by seat number."""
        return self.players[seat] if data.draw(st.booleans(), label="by name") else seat

    def _by_name(self, values: tuple[int, ...] | list[int]) -> dict[str, int]:
        return dict(zip(self.players, values, strict=True))

    def _apply(self, sheet: ScoreSheet, model: Model) -> None:
        """Accept a valid entry: remember the sheet before it, then move on."""
        assert sheet.entries == self.sheet.entries + 1
        self.history.append((self.sheet, self.model))
        self.sheet = sheet
        self.model = model

    def _finish(self, pending: PendingRound, tricks: tuple[int, ...], bombs: int, trump: Suit | None) -> Model:
        finished = ModelRound(pending.bids, pending.final_bids, pending.blind, tricks, bombs, trump)
        return Model(rounds=(*self.model.rounds, finished), pending=None)

    def _rejects(self, error: type[Exception], entry: Callable[[], object]) -> Exception:
        """The entry raises exactly `error` (not a parent or sibling class) and the sheet stays as it was."""
        before = self.sheet
        state = _state(before)
        text = before.to_json()
        with pytest.raises(error) as caught:
            entry()
        assert type(caught.value) is error
        assert self.sheet is before
        assert ScoreSheet.from_json(text) == before
        assert _state(before) == state
        assert before.to_json() == text
        assert before.totals == self.model.totals(self.n)
        return caught.value

    # -- setup ------------------------------------------------------------------------

    @initialize(
        n=st.integers(3, 6),
        rules=st.sampled_from(RULE_SETS),
        rounds=st.integers(1, 4),
        data=st.data(),
    )
    def setup(self, n: int, rules: Rules, rounds: int, data: st.DataObject) -> None:
        """R2.1-R2.3, R2.5: 3..6 players, a short ladder, a chosen first dealer."""
        self.players = tuple(f"P{i}" for i in range(n))
        self.game_rules = attrs.evolve(rules, schedule=Schedule.ladder(n, rounds=rounds))
        self.first_dealer = data.draw(st.integers(0, n - 1), label="first dealer")
        self.sheet = ScoreSheet(players=self.players, rules=self.game_rules, first_dealer=self.first_dealer)
        self.model = Model()
        self.history = []
        assert self.sheet.totals == (0,) * n
        assert self.sheet.entries == 0
        assert self.sheet.schedule.rounds == rounds

    # -- valid entries ----------------------------------------------------------------

    @precondition(lambda self: self.is_open)
    @rule(data=st.data())
    def record_round(self, data: st.DataObject) -> None:
        """R4.1, R4.2, R4.4, R8.1, R8.2: a whole round in one entry (bids, blind, Cloud, Bomb, tricks)."""
        self._record_round(data)

    @precondition(lambda self: self.is_open)
    @rule(data=st.data())
    def record_rounds_to_the_end(self, data: st.DataObject) -> None:
        """R2.2, R2.3, R7.1: whole rounds until the game is over, so the end of the game is reached often."""
        while not self.sheet.is_over:
            self._record_round(data)
        assert self.sheet.current_round is None

    def _record_round(self, data: st.DataObject) -> None:
        """Record one whole round with `record` and update the model."""
        bids = tuple(self._draw_bids(data))
        blind = self._draw_blind(data)
        cloud = None
        final = bids
        if self.has_cloud and data.draw(st.booleans(), label="cloud"):
            cloud = self._draw_cloud(data, bids)
            changed = list(bids)
            changed[cloud[0]] += cloud[1].delta
            final = tuple(changed)
        cloud_seat = None if cloud is None else cloud[0]
        bombs = self._draw_bombs(data, cloud_seat)
        tricks = self._draw_tricks(data, bombs, cloud_seat)
        trump = data.draw(st.none() | st.sampled_from(Suit), label="trump")
        by_name = data.draw(st.booleans(), label="by name")
        sheet = self.sheet.record(
            bids=self._by_name(bids) if by_name else bids,
            tricks=self._by_name(tricks) if by_name else list(tricks),
            blind=[self._player(data, seat) for seat in sorted(blind)],
            cloud=None if cloud is None else (self._player(data, cloud[0]), cloud[1]),
            bombs=bombs,
            trump=trump,
        )
        pending = PendingRound(bids=bids, final_bids=final, blind=tuple(s in blind for s in range(self.n)))
        self._apply(sheet, self._finish(pending, tricks, bombs, trump))

    @precondition(lambda self: self.is_open)
    @rule(data=st.data())
    def record_bids(self, data: st.DataObject) -> None:
        """R4.1, R4.2, R4.4: the round's bids alone, in seat order or by name."""
        bids = tuple(self._draw_bids(data))
        blind = self._draw_blind(data)
        by_name = data.draw(st.booleans(), label="by name")
        sheet = self.sheet.record_bids(
            self._by_name(bids) if by_name else bids,
            blind=[self._player(data, seat) for seat in sorted(blind)],
        )
        pending = PendingRound(bids=bids, final_bids=bids, blind=tuple(s in blind for s in range(self.n)))
        self._apply(sheet, Model(rounds=self.model.rounds, pending=pending))

    @precondition(lambda self: self.has_cloud and self.sheet.pending is not None and self.sheet.pending.cloud is None)
    @rule(data=st.data())
    def change_bid(self, data: st.DataObject) -> None:
        """R8.2: a Cloud changes one bid by +1 or -1 (only +1 at 0, only -1 at the cards)."""
        pending = self.model.pending
        assert pending is not None
        seat, change = self._draw_cloud(data, pending.final_bids)
        sheet = self.sheet.change_bid(self._player(data, seat), change)
        final = list(pending.final_bids)
        final[seat] += change.delta
        changed = PendingRound(bids=pending.bids, final_bids=tuple(final), blind=pending.blind)
        assert sheet.pending is not None
        assert sheet.pending.cloud == (seat, change)
        self._apply(sheet, Model(rounds=self.model.rounds, pending=changed))

    @precondition(lambda self: self.sheet.pending is not None)
    @rule(data=st.data())
    def record_tricks(self, data: st.DataObject) -> None:
        """R6.1, R8.1, R8.2: the tricks of the pending round; a Cloud's winner took a trick."""
        pending = self.model.pending
        assert pending is not None
        cloud = pending.cloud
        cloud_seat = None if cloud is None else cloud[0]
        bombs = self._draw_bombs(data, cloud_seat)
        tricks = self._draw_tricks(data, bombs, cloud_seat)
        trump = data.draw(st.none() | st.sampled_from(Suit), label="trump")
        by_name = data.draw(st.booleans(), label="by name")
        sheet = self.sheet.record_tricks(self._by_name(tricks) if by_name else tricks, bombs=bombs, trump=trump)
        self._apply(sheet, self._finish(pending, tricks, bombs, trump))

    @precondition(lambda self: self.sheet.entries > 0)
    @rule()
    def undo(self) -> None:
        """Seed 000 ("Zurück"): undo gives back exactly the sheet before the last entry."""
        undone = self.sheet.undo()
        before, model = self.history.pop()
        assert undone == before
        assert _state(undone) == _state(before)
        assert undone.to_json() == before.to_json()
        self.sheet = undone
        self.model = model

    # -- invalid entries --------------------------------------------------------------

    @precondition(lambda self: self.is_open)
    @rule(data=st.data())
    def reject_wrong_count_of_bids(self, data: st.DataObject) -> None:
        """R4.1: one bid per player; too few, too many or a player missing is an EntryError."""
        bids = self._draw_bids(data)
        kind = data.draw(st.sampled_from(["short", "long", "missing"]), label="kind")
        wrong: list[int] | dict[str, int]
        if kind == "short":
            wrong = bids[:-1]
        elif kind == "long":
            wrong = [*bids, 0]
        else:
            wrong = self._by_name(bids)
            del wrong[self.players[data.draw(st.integers(0, self.n - 1), label="missing")]]
        if data.draw(st.booleans(), label="whole round"):
            tricks = self._draw_tricks(data, 0, None)
            self._rejects(EntryError, lambda: self.sheet.record(bids=wrong, tricks=tricks))
        else:
            self._rejects(EntryError, lambda: self.sheet.record_bids(wrong))

    @precondition(lambda self: self.sheet.pending is not None)
    @rule(data=st.data())
    def reject_wrong_count_of_tricks(self, data: st.DataObject) -> None:
        """R6.1: one trick count per player; too few, too many or a player missing is an EntryError."""
        tricks = list(self._draw_tricks(data, 0, None))
        kind = data.draw(st.sampled_from(["short", "long", "missing"]), label="kind")
        wrong: list[int] | dict[str, int]
        if kind == "short":
            wrong = tricks[:-1]
        elif kind == "long":
            wrong = [*tricks, 0]
        else:
            wrong = self._by_name(tricks)
            del wrong[self.players[data.draw(st.integers(0, self.n - 1), label="missing")]]
        self._rejects(EntryError, lambda: self.sheet.record_tricks(wrong))

    @precondition(lambda self: self.is_open)
    @rule(data=st.data())
    def reject_negative_bid(self, data: st.DataObject) -> None:
        """R4.1: a bid is a whole number 0 or more; a negative one is an EntryError."""
        bids = self._draw_bids(data)
        bids[data.draw(st.integers(0, self.n - 1), label="seat")] = data.draw(st.integers(-5, -1), label="bid")
        if data.draw(st.booleans(), label="whole round"):
            tricks = self._draw_tricks(data, 0, None)
            self._rejects(EntryError, lambda: self.sheet.record(bids=bids, tricks=tricks))
        else:
            self._rejects(EntryError, lambda: self.sheet.record_bids(bids))

    @precondition(lambda self: self.sheet.pending is not None)
    @rule(data=st.data())
    def reject_negative_tricks(self, data: st.DataObject) -> None:
        """R6.1: tricks taken are 0 or more; a negative count is an EntryError even if the sum is right."""
        tricks = list(self._draw_tricks(data, 0, None))
        seat = data.draw(st.integers(0, self.n - 1), label="seat")
        other = (seat + 1) % self.n
        minus = data.draw(st.integers(1, 3), label="minus")
        taken = tricks[seat]
        tricks[seat] = -minus
        tricks[other] += taken + minus  # the sum is still right: only the sign is wrong
        self._rejects(EntryError, lambda: self.sheet.record_tricks(tricks))

    @precondition(lambda self: self.is_open)
    @rule(data=st.data())
    def reject_bid_above_cards(self, data: st.DataObject) -> None:
        """R4.1: a bid is at most the round's cards; more is a BidError (not a policy refusal)."""
        bids = self._draw_bids(data)
        seat = data.draw(st.sampled_from(self.sheet.bidding_order), label="seat")
        bids[seat] = self._cards() + data.draw(st.integers(1, 3), label="excess")
        if data.draw(st.booleans(), label="whole round"):
            tricks = self._draw_tricks(data, 0, None)
            error = self._rejects(BidError, lambda: self.sheet.record(bids=bids, tricks=tricks))
        else:
            error = self._rejects(BidError, lambda: self.sheet.record_bids(bids))
        assert not isinstance(error, BidNotAllowedError)  # the range check comes before the policy (R4.1)

    @precondition(lambda self: self.is_open and not isinstance(self.game_rules.bid_policy, FreeBids))
    @rule(data=st.data())
    def reject_bid_the_policy_forbids(self, data: st.DataObject) -> None:
        """R4.2: a bid the policy forbids (*not equal*: the sum; *equal*: any but the sum) is refused."""
        sheet = self.sheet
        cards = self._cards()
        bids = self._draw_bids(data)
        order = sheet.bidding_order
        candidates: list[tuple[int, list[int]]] = []
        for position, seat in enumerate(order):
            made = [bids[s] for s in order[:position]]
            allowed = allowed_bids(
                self.game_rules.bid_policy,
                cards=cards,
                bids=made,
                players=self.n,
                round_number=sheet.current_round or 0,
                totals=sheet.totals,
                dealer=sheet.dealer,
            )
            forbidden = sorted(set(range(cards + 1)) - allowed)
            if forbidden:
                candidates.append((seat, forbidden))
        if not candidates:
            return
        seat, forbidden = data.draw(st.sampled_from(candidates), label="refused seat")
        bids[seat] = data.draw(st.sampled_from(forbidden), label="refused bid")
        error = self._rejects(BidNotAllowedError, lambda: self.sheet.record_bids(bids))
        assert isinstance(error, BidNotAllowedError)
        assert error.bid == bids[seat]
        assert error.reason

    @precondition(lambda self: self.sheet.pending is not None)
    @rule(data=st.data())
    def reject_tricks_not_adding_up(self, data: st.DataObject) -> None:
        """R8.1: the tricks add up to cards less the Bomb trick; another sum is a TricksError."""
        bombs = self._draw_bombs(data, None)
        right = self._cards() - bombs
        total = data.draw(st.integers(0, right + 3).filter(lambda t: t != right), label="wrong sum")
        tricks = _composition(data, total, self.n)
        self._rejects(TricksError, lambda: self.sheet.record_tricks(tricks, bombs=bombs))

    @precondition(lambda self: self.sheet.pending is not None)
    @rule(data=st.data())
    def reject_bomb_count(self, data: st.DataObject) -> None:
        """R8.1: a round voids 0 tricks without the Bomb and at most 1 with it; more is a TricksError."""
        bombs = data.draw(st.integers(2 if self.has_bomb else 1, 3), label="bombs")
        tricks = _composition(data, max(self._cards() - bombs, 0), self.n)
        self._rejects(TricksError, lambda: self.sheet.record_tricks(tricks, bombs=bombs))

    @precondition(
        lambda self: self.sheet.pending is not None and self.sheet.pending.cloud is not None and self.has_cloud
    )
    @rule(data=st.data())
    def reject_cloud_winner_without_trick(self, data: st.DataObject) -> None:
        """R8.2: whoever's bid a Cloud changed won the Cloud's trick, so zero tricks is a TricksError."""
        pending = self.sheet.pending
        assert pending is not None
        cloud = pending.cloud
        assert cloud is not None
        bombs = self._draw_bombs(data, None)
        tricks = _composition(data, self._cards() - bombs, self.n - 1)
        tricks.insert(cloud[0], 0)
        self._rejects(TricksError, lambda: self.sheet.record_tricks(tricks, bombs=bombs))

    @precondition(lambda self: self.sheet.pending is None)
    @rule(data=st.data())
    def reject_tricks_before_bids(self, data: st.DataObject) -> None:
        """R4.1: bids come before tricks; tricks without pending bids (or after the game) are a PhaseError."""
        cards = self.sheet.cards or 1
        tricks = _composition(data, cards, self.n)
        self._rejects(PhaseError, lambda: self.sheet.record_tricks(tricks))

    @precondition(lambda self: self.sheet.pending is not None or self.sheet.is_over)
    @rule(data=st.data())
    def reject_bids_twice(self, data: st.DataObject) -> None:
        """R4.1: one set of bids per round; bids again (or after the last round) are a PhaseError."""
        cards = self.sheet.cards or 1
        bids = [0] * self.n
        bids[data.draw(st.integers(0, self.n - 1), label="seat")] = data.draw(st.integers(0, cards), label="bid")
        if data.draw(st.booleans(), label="whole round"):
            tricks = _composition(data, cards, self.n)
            self._rejects(PhaseError, lambda: self.sheet.record(bids=bids, tricks=tricks))
        else:
            self._rejects(PhaseError, lambda: self.sheet.record_bids(bids))

    @precondition(lambda self: not self.sheet.is_over)
    @rule(data=st.data())
    def reject_unknown_player(self, data: st.DataObject) -> None:
        """R2.1: entries name the game's players only; an unknown name or seat is a PlayerError."""
        choices: list[str | int] = [UNKNOWN, self.n, -1, self.n + 2]
        unknown = data.draw(st.sampled_from(choices), label="unknown")
        if self.sheet.pending is None:
            bids = self._draw_bids(data)
            if isinstance(unknown, str) and data.draw(st.booleans(), label="in the bids"):
                by_name = self._by_name(bids)
                if data.draw(st.booleans(), label="instead of a player"):
                    del by_name[self.players[data.draw(st.integers(0, self.n - 1), label="replaced")]]
                by_name[unknown] = 0
                self._rejects(PlayerError, lambda: self.sheet.record_bids(by_name))
            else:
                self._rejects(PlayerError, lambda: self.sheet.record_bids(bids, blind=[unknown]))
            return
        pending = self.sheet.pending
        if self.has_cloud and pending.cloud is None and data.draw(st.booleans(), label="cloud"):
            self._rejects(PlayerError, lambda: self.sheet.change_bid(unknown, CloudChange.UP))
            return
        tricks = self._by_name(self._draw_tricks(data, 0, None if pending.cloud is None else pending.cloud[0]))
        tricks[str(unknown)] = 0
        self._rejects(PlayerError, lambda: self.sheet.record_tricks(tricks))

    @precondition(lambda self: self.is_open and not self.has_blind)
    @rule(data=st.data())
    def reject_blind_without_variant(self, data: st.DataObject) -> None:
        """R4.4: blind bids are a house rule; without `Variant.BLIND_BIDS` they are a BlindBidError."""
        bids = self._draw_bids(data)
        seats = data.draw(st.sets(st.integers(0, self.n - 1), min_size=1), label="blind")
        blind = [self._player(data, seat) for seat in sorted(seats)]
        if data.draw(st.booleans(), label="whole round"):
            tricks = self._draw_tricks(data, 0, None)
            self._rejects(BlindBidError, lambda: self.sheet.record(bids=bids, tricks=tricks, blind=blind))
        else:
            self._rejects(BlindBidError, lambda: self.sheet.record_bids(bids, blind=blind))

    @precondition(lambda self: self.sheet.entries == 0)
    @rule()
    def reject_undo_on_empty(self) -> None:
        """Seed 000: undo on a sheet with nothing recorded is an UndoError."""
        self._rejects(UndoError, self.sheet.undo)

    @rule(data=st.data())
    def reject_cloud_change(self, data: st.DataObject) -> None:
        """R8.2: no Cloud, a second change or a bid past 0..cards is a CloudError; no bids pending, a PhaseError."""
        seat = data.draw(st.integers(0, self.n - 1), label="seat")
        pending = self.sheet.pending
        if not self.has_cloud:
            change = data.draw(st.sampled_from(CloudChange), label="change")
            self._rejects(CloudError, lambda: self.sheet.change_bid(seat, change))
        elif pending is None:
            change = data.draw(st.sampled_from(CloudChange), label="change")
            self._rejects(PhaseError, lambda: self.sheet.change_bid(seat, change))
        elif pending.cloud is not None:
            change = data.draw(st.sampled_from(CloudChange), label="change")
            self._rejects(CloudError, lambda: self.sheet.change_bid(seat, change))
        else:
            bid = pending.final_bids[seat]
            if bid == 0:
                self._rejects(CloudError, lambda: self.sheet.change_bid(seat, CloudChange.DOWN))
            elif bid == self._cards():
                self._rejects(CloudError, lambda: self.sheet.change_bid(seat, CloudChange.UP))

    # -- invariants -------------------------------------------------------------------

    @invariant()
    def totals_are_the_sums_of_round_points(self) -> None:
        """R6.3: totals are the sum of each player's round points, and equal the model's (R6.1, R6.2)."""
        sheet = self.sheet
        sums = tuple(sum(r.points[seat] for r in sheet.rounds) for seat in range(self.n))
        assert sheet.totals == sums
        assert sheet.totals == self.model.totals(self.n)

    @invariant()
    def rounds_match_the_model(self) -> None:
        """R2.2, R2.5, R6.1, R8.1, R8.2: each round as recorded; tricks add up to cards - bombs."""
        sheet = self.sheet
        assert len(sheet.rounds) == len(self.model.rounds)
        for number, (r, expected) in enumerate(zip(sheet.rounds, self.model.rounds, strict=True), start=1):
            assert r.number == number
            assert r.cards == number  # the ladder (R2.2)
            assert r.dealer == (self.first_dealer + number - 1) % self.n
            assert sum(r.tricks) == r.cards - r.bombs
            assert r.bids == expected.bids
            assert r.final_bids == expected.final_bids
            assert r.blind == expected.blind
            assert r.tricks == expected.tricks
            assert r.bombs == expected.bombs
            assert r.trump == expected.trump
            assert r.points == expected.points()
        assert sheet.pending == self.model.pending
        assert sheet.entries == len(self.history)

    @invariant()
    def rounds_fit_the_schedule(self) -> None:
        """R2.2, R2.3: never more rounds than the schedule; over exactly when all are recorded."""
        sheet = self.sheet
        rounds = sheet.schedule.rounds
        assert len(sheet.rounds) + (1 if sheet.pending is not None else 0) <= rounds
        assert sheet.is_over == (len(sheet.rounds) == rounds)
        if sheet.is_over:
            assert sheet.pending is None
            assert sheet.current_round is None
            assert sheet.cards is None
            assert sheet.dealer is None
        else:
            assert sheet.current_round == len(sheet.rounds) + 1
            assert sheet.cards == sheet.current_round

    @invariant()
    def dealer_passes_left(self) -> None:
        """R2.5, R4.1: round r's dealer is (first_dealer + r - 1) mod n; bidding starts at their left."""
        sheet = self.sheet
        number = sheet.current_round
        if number is None:
            assert sheet.bidding_order == ()
            return
        dealer = (self.first_dealer + number - 1) % self.n
        assert sheet.dealer == dealer
        assert sheet.bidding_order == tuple((dealer + 1 + i) % self.n for i in range(self.n))
        assert sheet.first_bidder == (dealer + 1) % self.n

    @invariant()
    def hits_count_exact_bids(self) -> None:
        """R7.2: hits count, per player, the rounds whose final bid equals the tricks."""
        sheet = self.sheet
        counted = tuple(sum(r.final_bids[seat] == r.tricks[seat] for r in sheet.rounds) for seat in range(self.n))
        assert sheet.hits == counted
        assert sheet.hits == self.model.hits(self.n)

    @invariant()
    def standings_follow_totals(self) -> None:
        """R7.1, R7.2: places 1..n, someone first, a higher total never places worse; shared places on ties."""
        sheet = self.sheet
        places = sheet.standings()
        totals = sheet.totals
        assert len(places) == self.n
        assert all(1 <= place <= self.n for place in places)
        assert 1 in places
        for i, j in itertools.permutations(range(self.n), 2):
            if totals[i] > totals[j]:
                assert places[i] < places[j]
        if self.game_rules.tiebreak is TieBreak.EXACT_HITS:
            keys = list(zip(totals, sheet.hits, strict=True))
        else:
            keys = [(total, 0) for total in totals]
        assert places == tuple(1 + sum(other > key for other in keys) for key in keys)
        assert sheet.winners() == tuple(name for name, place in zip(self.players, places, strict=True) if place == 1)

    @invariant()
    def json_round_trip(self) -> None:
        """Seed 000: every few steps, `from_json(to_json())` gives the same sheet back."""
        self.steps += 1
        if self.steps % JSON_EVERY:
            return
        text = self.sheet.to_json()
        loaded = ScoreSheet.from_json(text)
        assert loaded == self.sheet
        assert _state(loaded) == _state(self.sheet)
        assert loaded.to_json() == text


TestScoreSheetStateful = ScoreSheetMachine.TestCase
# As many sheets as the profile gives examples: 30 by default, 150 in CI (conftest.py).
TestScoreSheetStateful.settings = settings(stateful_step_count=50)
