"""Stateful test of the game engine (RULES R2-R7; the engine issue's invariants).

A hypothesis `RuleBasedStateMachine` starts a game with 3..6 players under every preset and
the engine's variants (blind bids, clairvoyance, simultaneous and secret bids, the tournament,
Einfarbig and Maximus schedules), cut to a few rounds, and then plays random legal actions,
sometimes through `step` so the events are checked too. It also tries random illegal actions:
each must raise its specific `IllegalActionError` subclass and leave the (immutable) state as
it was. After every action the invariants check the whole state against the rules: one player
to move until the game is over, the legal actions (against `allowed_bids` and `legal_plays`),
hand sizes, tricks, trump, scores against the score sheet, and every seat's `PlayerView`:
exactly what that seat may know (R4.3, R4.4, R4.5) and no reference into the state.
"""

from __future__ import annotations

import copy
import enum
import pickle
from collections import Counter
from typing import Final, NamedTuple

import attrs
import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from wizardrules import (
    ALL_CARDS,
    Action,
    Bid,
    BidMade,
    BidReveal,
    Card,
    CardKind,
    CardNotHeldError,
    CardPlayed,
    ChooseTrump,
    Event,
    GameOver,
    GameState,
    HandSeen,
    IllegalActionError,
    IllegalBidError,
    Look,
    MustFollowSuitError,
    NotEqualBids,
    NotYourTurnError,
    Phase,
    Play,
    PlayerView,
    Preset,
    RoundScored,
    RoundStarted,
    Rules,
    Schedule,
    ScheduleKind,
    ScorekeeperHook,
    Suit,
    Trick,
    TrickWon,
    TrumpChosen,
    Variant,
    WrongPhaseError,
    allowed_bids,
    legal_plays,
    new_game,
    parse_action,
    round_points,
)

MAX_ROUNDS: Final = 4
"""Schedules are cut to their first 1..MAX_ROUNDS rounds so that games stay short."""

DECK: Final = 60
"""Cards in the standard deck (R1.1)."""

STANDARD_CARDS: Final = tuple(c for c in ALL_CARDS if c.kind in (CardKind.SUIT, CardKind.WIZARD, CardKind.JESTER))
"""The 54 distinct cards of the standard deck: 52 suit cards, the Wizard and the Jester."""

FOREIGN_CARDS: Final = (Card.DRAGON, Card.BOMB, Card.parse("CLOUD:R"))
"""Cards that are never in a hand of a standard-deck game."""

HOW: Final = ("apply", "step", "seat", "copy")
"""How a legal action is applied: `apply(action)`, `step(action)`, `apply(action, seat=to_move)`, or
`apply` of an equal action that is not the listed instance."""

Illegal = tuple[Action, int | None, type[IllegalActionError]]
"""An illegal action, the seat passed with it (or `None`) and the error it must raise."""


class Facts(NamedTuple):
    """What the state shows, read once for all the views of one check."""

    hands: tuple[tuple[Card, ...], ...]
    bids: tuple[int | None, ...]
    blind: tuple[bool, ...]
    looked: tuple[bool, ...]
    current_trick: Trick
    completed_tricks: tuple[Trick, ...]
    legal: tuple[Action, ...]


def _rule_sets(n: int) -> list[Rules]:
    """Every preset and the engine's variants, before the schedule is cut (R2.4, R4.2-R4.5)."""
    sets = [preset.rules() for preset in Preset if not preset.rules().special_cards]
    sets += [
        Rules(variants=Variant.BLIND_BIDS | Variant.CLAIRVOYANCE),
        Rules(bid_reveal=BidReveal.SIMULTANEOUS),
        Rules(bid_reveal=BidReveal.SECRET, variants=Variant.BLIND_BIDS),
        Rules(schedule=ScheduleKind.TOURNAMENT),
        Rules(schedule=Schedule.maximus(n)),
        # Bid policies beyond the presets: the scorekeeper's hook and *not equal* from 2 cards on (R4.2).
        Rules(bid_policy=ScorekeeperHook(scorekeeper=1), variants=Variant.BLIND_BIDS),
        Rules(bid_policy=NotEqualBids(min_cards=2)),
        # The ladder's last round alone: the whole deck is dealt, no card is turned up (R3.4).
        Rules(schedule=Schedule(cards_per_round=(DECK // n,)), variants=Variant.BLIND_BIDS),
    ]
    if n <= 4:
        sets.append(Rules(schedule=Schedule.einfarbig(n)))
    return sets


def _private_ids(state: GameState) -> set[int]:
    """The ids of the state's internal tuples: the core tuple and its non-empty tuple items.

    The empty tuple is a shared singleton that carries nothing, so it is left out.
    """
    core = state._s
    return {id(core)} | {id(item) for item in core if isinstance(item, tuple) and item}


ATOMS: Final = (int, str, float, bool, type(None), enum.Enum, Card)
"""Values that hold no references worth walking: numbers, text, enum members and the flyweight cards."""


def _where(path: object) -> str:
    """A walked path, kept as nested (parent, key) pairs, as text."""
    keys: list[str] = []
    while isinstance(path, tuple):
        path, key = path
        keys.append(str(key))
    return ".".join([str(path), *reversed(keys)])


def _assert_detached(root: object, private: set[int], seen: dict[int, object], name: str) -> None:
    """No object reachable from `root` is a GameState, an internal tuple of it or a private engine object.

    `seen` maps the ids of the objects walked already to the objects, which keeps them alive so
    that their ids are not reused while the walk goes on.
    """
    stack: list[tuple[object, object]] = [(root, name)]
    while stack:
        value, path = stack.pop()
        if isinstance(value, ATOMS) or id(value) in seen:
            continue
        seen[id(value)] = value
        assert not isinstance(value, GameState), f"{_where(path)} is a GameState"
        kind = type(value)
        assert not (kind.__module__.startswith("wizardrules") and kind.__name__.startswith("_")), (
            f"{_where(path)} is a private {kind.__module__}.{kind.__name__}"
        )
        if attrs.has(kind):
            for a in attrs.fields(kind):
                item = getattr(value, a.name)
                if not isinstance(item, ATOMS):
                    stack.append((item, (path, a.name)))
        elif isinstance(value, (tuple, list, frozenset, set)):
            assert not value or id(value) not in private, f"{_where(path)} is one of the state's internal tuples"
            stack.extend((item, (path, i)) for i, item in enumerate(value) if not isinstance(item, ATOMS))
        elif isinstance(value, dict):
            stack.extend((item, (path, f"[{key!r}]")) for key, item in value.items())
            stack.extend((key, (path, "key")) for key in value)


def _check_copies(fresh: GameState, state: GameState) -> None:
    """An immutable state copies and pickles to an equal state, before its score sheet is read."""
    assert copy.copy(fresh) == state
    assert copy.deepcopy(fresh) == state
    assert pickle.loads(pickle.dumps(fresh)) == state  # noqa: S301 - our own data


def _snapshot(state: GameState) -> tuple[object, ...]:
    """Everything the state shows through its public API."""
    n = len(state.players)
    return (
        state.phase,
        state.to_move,
        state.is_over,
        state.round_number,
        state.dealer,
        state.hands,
        state.bids,
        state.blind,
        state.looked,
        state.trump,
        state.turned_up,
        state.current_trick,
        state.completed_tricks,
        state.tricks_won,
        state.totals,
        state.actions,
        state.legal_actions(),
        state.scoresheet,
        tuple(state.view(seat) for seat in range(n)),
    )


class EngineMachine(RuleBasedStateMachine):
    """Random legal and illegal actions on one game, checked against the rules after every action."""

    def __init__(self) -> None:
        super().__init__()
        self.players: tuple[str, ...] = ("P0", "P1", "P2")
        self.game_rules = Rules(schedule=Schedule(cards_per_round=(1,)))
        self.state = new_game(self.players, rules=self.game_rules, seed=0)
        self.bids_made: list[tuple[int, int, bool]] = []
        """This round's bids so far as (seat, bid, blind), in bidding order."""
        self.trick_winners: list[int] = []
        """The winners of this round's completed tricks, as the tricks module decides them (R5.4)."""

    # -- helpers ----------------------------------------------------------------------

    @property
    def n(self) -> int:
        """The number of players."""
        return len(self.players)

    @property
    def blind_possible(self) -> bool:
        """Whether blind bids can be made in the current round (R4.4; never in a clairvoyance round, R4.5)."""
        variants = self.game_rules.variants
        if Variant.BLIND_BIDS not in variants:
            return False
        return not (Variant.CLAIRVOYANCE in variants and self.state.round_number == 1)

    def _bids_in_order(self, state: GameState) -> list[int]:
        """The bids made this round, in bidding order from the dealer's left (R4.1)."""
        first = (state.dealer + 1) % self.n
        order = [(first + i) % self.n for i in range(self.n)]
        made = [state.bids[seat] for seat in order]
        count = sum(bid is not None for bid in made)
        assert all(bid is not None for bid in made[:count]), f"bids {state.bids} not made in order from seat {first}"
        return [bid for bid in made[:count] if bid is not None]

    def _advance(self, action: Action, how: str) -> None:
        """Apply a legal action as `how` says, check the transition and its events, and move on."""
        before = self.state
        seat = before.to_move
        assert seat is not None
        if how == "step":
            after, events = before.step(action)
            assert after == before.apply(action), "step and apply disagree"
        elif how == "seat":
            after = before.apply(action, seat=seat)
            events = None
        elif how == "copy":
            twin = attrs.evolve(action)
            assert twin == action
            assert twin is not action
            after = before.apply(twin)
            events = None
        else:
            after = before.apply(action)
            events = None
        assert after is not before
        self._check_transition(before, action, after)
        if events is not None:
            assert events == self._expected_events(before, action, after), f"events of {action}: {events}"
        self.state = after

    def _check_transition(self, before: GameState, action: Action, after: GameState) -> None:
        """R3.2, R4.1, R4.4, R5.1, R5.4, R6: what one legal action must change."""
        seat = before.to_move
        assert seat is not None
        assert after.actions == (*before.actions, action)
        if isinstance(action, ChooseTrump):
            assert after.trump is action.suit
            assert after.phase is Phase.BIDDING
            assert after.looked[seat], "the dealer who chose trump has looked (R4.4)"
        elif isinstance(action, Look):
            assert after.looked[seat]
            assert after.to_move == seat
            assert after.phase is Phase.BIDDING
            assert after.bids == before.bids
        elif isinstance(action, Bid):
            self.bids_made.append((seat, action.tricks, action.blind))
            assert after.bids[seat] == action.tricks
            assert after.blind[seat] == action.blind
        else:
            assert isinstance(action, Play)
            trick = before.current_trick.add(action.card)
            remaining = Counter(before.hand(seat))
            remaining[action.card] -= 1
            if not trick.is_complete:
                assert after.hand(seat) == tuple(sorted(remaining.elements(), key=before.hand(seat).index))
                assert after.current_trick == trick
                return
            winner = trick.winner
            assert winner is not None
            self.trick_winners.append(winner)
            if after.round_number == before.round_number and not after.is_over:
                assert after.completed_tricks == (*before.completed_tricks, trick)
                assert after.to_move == winner, "the trick's winner leads the next trick (R5.1)"
                return
            self._check_round_scored(before, after)

    def _check_round_scored(self, before: GameState, after: GameState) -> None:
        """R6.1-R6.3: the finished round on the sheet is the round as played."""
        if not after.is_over:
            assert after.round_number == before.round_number + 1
        finished = after.scoresheet.rounds[-1]
        assert finished.number == before.round_number
        assert len(after.scoresheet.rounds) == before.round_number
        assert finished.dealer == before.dealer
        assert finished.cards == before.cards
        assert finished.trump == before.trump
        bids = [0] * self.n
        blind = [False] * self.n
        for seat, bid, is_blind in self.bids_made:
            bids[seat] = bid
            blind[seat] = is_blind
        assert sorted(seat for seat, _, _ in self.bids_made) == list(range(self.n))
        assert finished.bids == tuple(bids)
        assert finished.final_bids == tuple(bids)
        assert finished.blind == tuple(blind)
        taken = Counter(self.trick_winners)
        assert finished.tricks == tuple(taken[seat] for seat in range(self.n))
        points = tuple(round_points(b, t, blind=bl) for b, t, bl in zip(bids, finished.tricks, blind, strict=True))
        assert finished.points == points
        assert after.totals == tuple(t + p for t, p in zip(before.totals, points, strict=True))
        self.bids_made = []
        self.trick_winners = []
        if after.is_over:
            assert after.record.replay() == after, "a finished game's record replays to an equal state"
            _check_copies(after.record.replay(), after)

    def _expected_events(self, before: GameState, action: Action, after: GameState) -> tuple[Event, ...]:
        """The events a transition must report, in order."""
        seat = before.to_move
        assert seat is not None
        if isinstance(action, ChooseTrump):
            return (TrumpChosen(seat=seat, suit=action.suit),)
        if isinstance(action, Look):
            return (HandSeen(seat=seat),)
        if isinstance(action, Bid):
            return (BidMade(seat=seat, bid=action.tricks, blind=action.blind),)
        assert isinstance(action, Play)
        events: list[Event] = [CardPlayed(seat=seat, card=action.card)]
        trick = before.current_trick.add(action.card)
        if not trick.is_complete:
            return tuple(events)
        winner = trick.winner
        assert winner is not None
        events.append(TrickWon(seat=winner, trick=trick))
        if after.round_number == before.round_number and not after.is_over:
            return tuple(events)
        events.append(RoundScored(round=after.scoresheet.rounds[-1], totals=after.totals))
        if after.is_over:
            events.append(GameOver(totals=after.totals, standings=after.standings(), winners=after.winners()))
        else:
            events.append(
                RoundStarted(
                    round_number=after.round_number,
                    dealer=after.dealer,
                    turned_up=after.turned_up,
                    trump=after.trump,
                )
            )
        return tuple(events)

    def _illegal_actions(self) -> dict[str, list[Illegal]]:
        """Every kind of illegal action in the current state, by kind, each with the error it must raise."""
        state = self.state
        n = self.n
        some_bids: list[Action] = [Bid(tricks=0), Bid(tricks=1, blind=True)]
        some_plays: list[Action] = [Play(Card.WIZARD), Play(Card.parse("R7"))]
        trumps: list[Action] = [ChooseTrump(suit) for suit in Suit]
        if state.is_over:
            return {
                "after the game": [(a, None, WrongPhaseError) for a in [*some_bids, *some_plays, *trumps, Look()]],
                "a seat after the game": [(Bid(tricks=0), seat, WrongPhaseError) for seat in range(n)],
            }
        me = state.to_move
        assert me is not None
        kinds: dict[str, list[Illegal]] = {
            # Another seat acting, even with an action the player to move could take.
            "not your turn": [
                (action, other, NotYourTurnError)
                for action in state.legal_actions()
                for other in range(n)
                if other != me
            ],
        }
        if state.phase is Phase.TRUMP:
            wrong = [*some_bids, *some_plays, Look()]
        elif state.phase is Phase.BIDDING:
            wrong = [*some_plays, *trumps]
            cards = state.cards
            blind = not state.looked[me]
            allowed = {a.tricks for a in state.legal_actions() if isinstance(a, Bid)}
            kinds["bid out of range"] = [
                (Bid(tricks=k, blind=blind), None, IllegalBidError) for k in (cards + 1, cards + 2, 67)
            ]
            kinds["bid forbidden"] = [
                (Bid(tricks=k, blind=blind), None, IllegalBidError) for k in range(cards + 1) if k not in allowed
            ]
            kinds["blind or not"] = [(Bid(tricks=k, blind=not blind), None, IllegalBidError) for k in range(cards + 1)]
            if not blind:
                wrong.append(Look())
        else:
            wrong = [*some_bids, *trumps, Look()]
            hand = state.hand(me)
            kinds["card not held"] = [
                (Play(card), None, CardNotHeldError) for card in (*STANDARD_CARDS, *FOREIGN_CARDS) if card not in hand
            ]
            led = state.current_trick.led_suit
            if led is not None and any(card.suit is led for card in hand):
                kinds["not following suit"] = [
                    (Play(card), None, MustFollowSuitError)
                    for card in hand
                    if card.kind is CardKind.SUIT and card.suit is not led
                ]
        kinds["wrong phase"] = [(a, None, WrongPhaseError) for a in wrong]
        kinds["own seat, wrong phase"] = [(a, me, WrongPhaseError) for a in wrong]
        return {kind: found for kind, found in kinds.items() if found}

    # -- setup ------------------------------------------------------------------------

    @initialize(n=st.integers(3, 6), data=st.data(), seed=st.integers(0, 2**32 - 1))
    def start(self, n: int, data: st.DataObject, seed: int) -> None:
        """R2.1-R2.6: 3..6 players, any preset or variant, the schedule cut to 1..4 rounds, a seed."""
        self._start(n, data, seed)

    @precondition(lambda self: self.state.is_over)
    @rule(n=st.integers(3, 6), data=st.data(), seed=st.integers(0, 2**32 - 1))
    def next_game(self, n: int, data: st.DataObject, seed: int) -> None:
        """R2.1-R2.6, R7: once a game is over, another one starts, so one run covers several games."""
        self._start(n, data, seed)

    def _start(self, n: int, data: st.DataObject, seed: int) -> None:
        """Start a game and check its first state."""
        self.players = tuple(f"P{seat}" for seat in range(n))
        rules = data.draw(st.sampled_from(_rule_sets(n)), label="rules")
        full = rules.schedule_for(n)
        rounds = data.draw(st.integers(1, min(MAX_ROUNDS, full.rounds)), label="rounds")
        schedule = Schedule(cards_per_round=full.cards_per_round[:rounds], trumps=full.trumps[:rounds])
        self.game_rules = attrs.evolve(rules, schedule=schedule)
        self.state = new_game(self.players, rules=self.game_rules, seed=seed)
        self.bids_made = []
        self.trick_winners = []
        state = self.state
        assert state == new_game(self.players, rules=self.game_rules, seed=seed), "same seed, same game (R2.6)"
        assert state.players == self.players
        assert state.schedule == schedule
        assert state.round_number == 1
        assert state.dealer == state.first_dealer
        assert state.totals == (0,) * n
        assert state.actions == ()
        _check_copies(state, state)
        assert state.scoresheet.rounds == ()
        self._check_invariants()

    # -- legal actions ----------------------------------------------------------------

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        """R3.2, R4.1, R4.4, R5: one random legal action, through `apply`, `step` or `apply(seat=)`."""
        legal = self.state.legal_actions()
        index = data.draw(st.integers(0, len(legal) - 1), label="action")
        how = data.draw(st.sampled_from(HOW), label="how")
        self._advance(legal[index], how)

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data(), length=st.integers(1, 60))
    def play_on(self, data: st.DataObject, length: int) -> None:
        """R2.2, R7: a run of random legal actions (checked after each), so games reach their end."""
        for step in range(length):
            if self.state.is_over:
                break
            if step:  # the invariant checks the state after the last action
                self._check_invariants()
            legal = self.state.legal_actions()
            index = data.draw(st.integers(0, len(legal) - 1), label="action")
            self._advance(legal[index], "step" if index % 3 == 0 else "apply")

    # -- illegal actions --------------------------------------------------------------

    @rule(data=st.data())
    def illegal(self, data: st.DataObject) -> None:
        """R3.2, R4.1, R4.2, R4.4, R5.3: an illegal action raises its specific error; the state is unchanged."""
        state = self.state
        kinds = self._illegal_actions()
        kind = data.draw(st.sampled_from(sorted(kinds)), label="kind")
        action, seat, error = data.draw(st.sampled_from(kinds[kind]), label="illegal action")
        legal = state.legal_actions()
        if seat is None:
            assert action not in legal
        before_copy = state.record.replay()
        assert before_copy == state
        snapshot = _snapshot(state)
        with pytest.raises(IllegalActionError) as caught:
            state.apply(action, seat=seat)
        assert type(caught.value) is error, f"{action} (seat {seat}): {caught.value!r}, expected {error.__name__}"
        assert caught.value.action == str(action)
        assert caught.value.reason
        if seat is not None:
            assert caught.value.player == self.players[seat], "the error names the player who tried"
        elif state.to_move is not None:
            assert caught.value.player == self.players[state.to_move]
        with pytest.raises(error):
            state.step(action, seat=seat)
        if seat is None:
            with pytest.raises(error):
                state.apply(action)
        assert not state.is_legal(action, seat=seat)
        if seat is None:
            assert not state.is_legal(action)
        # The old state is unchanged and still works.
        assert self.state is state
        assert state == before_copy
        assert _snapshot(state) == snapshot
        assert state.legal_actions() == legal
        if legal:
            index = data.draw(st.integers(0, len(legal) - 1), label="then")
            assert state.apply(legal[index]) == before_copy.apply(legal[index])

    # -- invariants -------------------------------------------------------------------

    @invariant()
    def invariants_hold(self) -> None:
        """The invariants below, after every rule (and `play_on` checks them after every action)."""
        self._check_invariants()

    def _check_invariants(self) -> None:
        """R2-R7: the state as a whole, then every seat's view."""
        self._check_turn()
        self._check_trump()
        self._check_bidding()
        self._check_cards_and_tricks()
        self._check_scores()
        state = self.state
        facts = Facts(
            hands=state.hands,
            bids=state.bids,
            blind=state.blind,
            looked=state.looked,
            current_trick=state.current_trick,
            completed_tricks=state.completed_tricks,
            legal=state.legal_actions(),
        )
        private = _private_ids(state)
        walked: dict[int, object] = {}
        for seat in range(self.n):
            self._check_view(seat, facts, private, walked)

    def _check_turn(self) -> None:
        """One player to move unless the game is over; legal actions exactly while it is not (R4.1, R5.1, R7)."""
        state = self.state
        over = state.is_over
        assert (state.to_move is None) == over
        assert (state.phase is Phase.OVER) == over
        legal = state.legal_actions()
        assert bool(legal) != over, f"legal actions {legal} while is_over={over}"
        assert len(set(legal)) == len(legal), f"duplicate legal actions {legal}"
        assert all(parse_action(str(action)) == action for action in legal), "the notation round-trips"
        me = state.to_move
        for action in legal:
            assert state.is_legal(action)
            assert state.is_legal(action, seat=me)
            assert not any(state.is_legal(action, seat=other) for other in range(self.n) if other != me)
        assert state.schedule == self.game_rules.schedule
        assert 1 <= state.round_number <= state.schedule.rounds
        assert state.cards == state.schedule.cards_per_round[state.round_number - 1]
        assert state.dealer == (state.first_dealer + state.round_number - 1) % self.n, "the deal passes left (R2.5)"

    def _check_trump(self) -> None:
        """R3.1-R3.5: the turned-up card and the trump; the dealer chooses after a Wizard."""
        state = self.state
        fixed = state.schedule.fixed_trump(state.round_number)
        turned = state.turned_up
        if fixed is not None:
            assert turned is None, "a fixed-trump round turns up nothing (R3.5)"
            assert state.trump is fixed.suit
        elif state.cards * self.n == DECK:
            assert turned is None, "no card is left to turn up (R3.4)"
            assert state.trump is None
        else:
            assert turned is not None, "a card is turned up (R3.1)"
            if turned.kind is CardKind.SUIT:
                assert state.trump is turned.suit
            elif turned.kind is CardKind.JESTER:
                assert state.trump is None
            else:
                assert turned.kind is CardKind.WIZARD
                assert (state.phase is Phase.TRUMP) == (state.trump is None)
        if state.phase is Phase.TRUMP:
            assert turned is not None
            assert turned.kind is CardKind.WIZARD
            assert state.to_move == state.dealer, "the dealer chooses the trump (R3.2)"
            assert set(state.legal_actions()) == {ChooseTrump(suit) for suit in Suit}, "one of the four suits (R3.2)"
            assert state.bids == (None,) * self.n

    def _check_bidding(self) -> None:
        """R4.1, R4.2, R4.4: bids in turn from the dealer's left, the allowed bids, looking and blind bids."""
        state = self.state
        if state.phase is Phase.TRUMP:
            return
        made = self._bids_in_order(state)
        if state.phase is not Phase.BIDDING:
            assert len(made) == self.n, "everyone has bid before play"
            return
        me = state.to_move
        assert me is not None
        assert len(made) < self.n
        assert me == (state.dealer + 1 + len(made)) % self.n, "bids in turn from the dealer's left (R4.1)"
        assert [b for _, b, _ in self.bids_made] == made
        legal = state.legal_actions()
        blind = not state.looked[me]
        if not self.blind_possible:
            assert all(state.looked), "without blind bids everyone sees their hand"
        bids = [a for a in legal if isinstance(a, Bid)]
        assert all(b.blind == blind for b in bids), "blind bids before looking, open bids after (R4.4)"
        assert (Look() in legal) == blind
        assert len(bids) + blind == len(legal)
        allowed = allowed_bids(
            self.game_rules.bid_policy,
            cards=state.cards,
            bids=made,
            players=self.n,
            round_number=state.round_number,
            totals=state.totals,
            dealer=state.dealer,
        )
        assert {b.tricks for b in bids} == allowed, f"bids {bids} after {made}, the policy allows {sorted(allowed)}"
        assert allowed <= set(range(state.cards + 1)), "a bid is 0..cards (R4.1)"

    def _check_cards_and_tricks(self) -> None:
        """R5.1, R5.3, R5.4: hand sizes, leaders, winners and the playable cards."""
        state = self.state
        n = self.n
        cards = state.cards
        sizes = [len(state.hand(seat)) for seat in range(n)]
        assert state.hands == tuple(state.hand(seat) for seat in range(n))
        done = state.completed_tricks
        trick = state.current_trick
        if state.phase is Phase.OVER:
            assert sizes == [0] * n
            assert trick.cards == ()
            assert len(done) == cards
        elif state.phase is not Phase.PLAYING:
            assert sizes == [cards] * n
            assert trick.cards == ()
            assert done == ()
        else:
            played = set(trick.seats)
            assert sizes == [cards - len(done) - (seat in played) for seat in range(n)], (
                f"hand sizes {sizes}: {cards} cards, {len(done)} tricks done, seats {sorted(played)} played"
            )
            assert len(trick.cards) < n
            assert trick.to_play == state.to_move
            assert trick.trump is state.trump
            leader = done[-1].winner if done else (state.dealer + 1) % n
            assert trick.leader == leader, "left of the dealer leads, then each trick's winner (R5.1)"
            me = state.to_move
            assert me is not None
            legal = state.legal_actions()
            assert all(isinstance(a, Play) for a in legal)
            plays = {a.card for a in legal if isinstance(a, Play)}
            assert plays == legal_plays(state.hand(me), trick.cards), "follow suit (R5.3)"
        first = (state.dealer + 1) % n
        for index, finished in enumerate(done):
            assert finished.is_complete
            assert finished.trump is state.trump
            assert finished.leader == (done[index - 1].winner if index else first)
        won = state.tricks_won
        assert sum(won) == len(done)
        assert won == tuple(sum(t.winner == seat for t in done) for seat in range(n))
        if state.phase is Phase.PLAYING:
            assert self.trick_winners == [t.winner for t in done], "the engine's winners are R5.4's"

    def _check_scores(self) -> None:
        """R6.1-R6.3, R7: totals equal the score sheet; each finished round adds up and scores by the rule."""
        state = self.state
        sheet = state.scoresheet
        assert state.totals == sheet.totals
        finished = len(sheet.rounds)
        assert finished == (state.schedule.rounds if state.is_over else state.round_number - 1)
        totals = [0] * self.n
        for r in sheet.rounds:
            assert sum(r.tricks) == r.cards, f"round {r.number}: tricks {r.tricks} do not add up to {r.cards}"
            assert r.cards == state.schedule.cards_per_round[r.number - 1]
            assert r.dealer == (state.first_dealer + r.number - 1) % self.n
            assert r.points == tuple(
                round_points(b, t, blind=bl) for b, t, bl in zip(r.final_bids, r.tricks, r.blind, strict=True)
            )
            totals = [t + p for t, p in zip(totals, r.points, strict=True)]
        assert tuple(totals) == state.totals
        if state.is_over:
            assert sheet.is_over
            assert state.standings() == sheet.standings()
            assert state.winners() == sheet.winners()
            assert all(state.standings()[state.players.index(name)] == 1 for name in state.winners())

    def _check_view(self, seat: int, facts: Facts, private: set[int], walked: dict[int, object]) -> None:
        """R4.3, R4.4, R4.5: a seat's view shows exactly what that seat may know and holds nothing of the state."""
        state = self.state
        n = self.n
        view = state.view(seat)
        assert isinstance(view, PlayerView)
        assert view.seat == seat
        assert view.players == state.players
        assert view.rules == state.rules
        assert view.round_number == state.round_number
        assert view.rounds == state.schedule.rounds
        assert view.cards == state.cards
        assert view.dealer == state.dealer
        assert view.phase is state.phase
        assert view.to_move == state.to_move
        assert view.trump is state.trump
        assert view.turned_up == state.turned_up
        clairvoyant = Variant.CLAIRVOYANCE in state.rules.variants and state.round_number == 1 and not state.is_over
        hand = facts.hands[seat] if facts.looked[seat] and not clairvoyant else None
        assert view.hand == hand, f"seat {seat} sees {view.hand}, may see {hand} (R4.4, R4.5)"
        seen = tuple(hand if other == seat else (facts.hands[other] if clairvoyant else None) for other in range(n))
        assert view.seen_hands == seen, "only in a clairvoyance round are the others' cards seen (R4.5)"
        assert view.hand_sizes == tuple(len(h) for h in facts.hands)
        reveal = state.rules.bid_reveal
        phase = state.phase
        shown = (
            reveal is BidReveal.OPEN
            or (reveal is BidReveal.SIMULTANEOUS and phase in (Phase.PLAYING, Phase.OVER))
            or (reveal is BidReveal.SECRET and phase is Phase.OVER)
        )
        bids = facts.bids
        visible = [bids[other] is not None and (other == seat or shown) for other in range(n)]
        assert view.bids == tuple(bids[o] if visible[o] else None for o in range(n)), (
            f"seat {seat} sees bids {view.bids} of {bids} under {reveal.value} bids in {phase.value} (R4.3)"
        )
        assert view.blind == tuple(facts.blind[o] if visible[o] else None for o in range(n))
        assert view.current_trick == facts.current_trick
        assert view.completed_tricks == facts.completed_tricks
        assert view.tricks_won == state.tricks_won
        assert view.totals == state.totals
        expected_allowed: frozenset[int] = frozenset()
        if phase is Phase.BIDDING and state.to_move == seat:
            expected_allowed = frozenset(a.tricks for a in facts.legal if isinstance(a, Bid))
        assert view.allowed_bids == expected_allowed
        assert view.is_my_turn == (state.to_move == seat)
        _assert_detached(view, private, walked, f"view({seat})")


TestEngineStateful = EngineMachine.TestCase
TestEngineStateful.settings = settings(max_examples=80, stateful_step_count=50, deadline=None)
