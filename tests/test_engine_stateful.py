"""Stateful test of the game engine (RULES R2-R8; the engine issue's invariants).

A hypothesis `RuleBasedStateMachine` starts a game with 3..6 players under every preset and
the engine's variants (blind bids, clairvoyance, simultaneous and secret bids, the tournament,
Einfarbig and Maximus schedules, every special card of R8), cut to a few rounds, and then plays
random legal actions, sometimes through `step` so the events are checked too. It also tries
random illegal actions: each must raise its specific `IllegalActionError` subclass and leave the
(immutable) state as it was. After every action the invariants check the whole state against
the rules: one player to move until the game is over, the legal actions (against
`allowed_bids` and `legal_plays`, and in the Cloud's and the Juggler's phases), the deal and the
Werewolf's swap, hand sizes, tricks (a Bomb's trick counts for nobody), the Cloud's bid change,
the passing after the Juggler, trump, scores against the score sheet, and every seat's
`PlayerView`: exactly what that seat may know (R4.3, R4.4, R4.5, R8.3, R8.6) and no reference
into the state. Hidden choices (a card to pass, a secret or simultaneous bid, a secret bid's
Cloud change) and the Werewolf's holder's other cards are checked not to show in the other
seats' views.
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
    BidChanged,
    BidMade,
    BidReveal,
    Card,
    CardKind,
    CardNotHeldError,
    CardPassed,
    CardPlayed,
    CardsPassed,
    ChangeBid,
    ChooseTrump,
    CloudChange,
    Deal,
    Event,
    GameOver,
    GameRecord,
    GameState,
    HandSeen,
    IllegalActionError,
    IllegalBidError,
    IllegalTrumpError,
    Look,
    MustFollowSuitError,
    NotEqualBids,
    NotYourTurnError,
    PassCard,
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
    Special,
    Suit,
    Trick,
    TrickVoided,
    TrickWon,
    TrumpChosen,
    UndeclaredCardError,
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

SPECIALS: Final = frozenset(Special)
"""All seven special cards (R8)."""

HELD_FORMS: Final = tuple(c for c in ALL_CARDS if c.undeclared is c)
"""Every distinct card as it is dealt and held: the 54 of the standard deck and the seven special cards."""

PLAYED_FORMS: Final = tuple(c for c in ALL_CARDS if not c.needs_declaration)
"""Every distinct card as it is played, a Cloud, Juggler or Shapeshifter with its declaration (R8)."""

EVERY_TRUMP: Final = (*(ChooseTrump(suit) for suit in Suit), ChooseTrump(None))
"""The four suits and no trump: the Werewolf's holder's choices (R8.6)."""

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
    """Every preset and the engine's variants with the standard deck, before the schedule is cut (R2.4, R4.2-R4.5)."""
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


def _special_rule_sets(n: int) -> list[Rules]:
    """The presets with special cards, and every special card with the engine's variants (R8 with R2.4, R4.2-R4.5)."""
    sets = [preset.rules() for preset in Preset if preset.rules().special_cards]
    sets += [
        Rules(special_cards=SPECIALS, variants=Variant.BLIND_BIDS | Variant.CLAIRVOYANCE),
        Rules(special_cards=SPECIALS, bid_reveal=BidReveal.SECRET),
        Rules(special_cards=SPECIALS, bid_reveal=BidReveal.SIMULTANEOUS, variants=Variant.BLIND_BIDS),
        Rules(special_cards=SPECIALS, bid_policy=NotEqualBids()),
        # The ladder's last round: 60 of the 67 cards are dealt, so nearly every special card is in play.
        Rules(special_cards=SPECIALS, schedule=Schedule(cards_per_round=(DECK // n,)), bid_reveal=BidReveal.SECRET),
        # A fixed trump turns up nothing, which the Werewolf needs (R8.6): Maximus takes the others.
        Rules(special_cards=SPECIALS - {Special.WEREWOLF}, schedule=Schedule.maximus(n)),
    ]
    return sets


def _deck(rules: Rules) -> Counter[Card]:
    """The game's deck as held cards: the standard deck and its special cards (R1.1, R1.4)."""
    deck = Counter(card for card in ALL_CARDS if card.kind is CardKind.SUIT)
    deck[Card.WIZARD] = deck[Card.JESTER] = 4
    deck.update(special.card for special in rules.special_cards)
    return deck


def _has(trick: Trick, kind: CardKind) -> bool:
    """Whether a special card of `kind` is in the trick."""
    return any(card.kind is kind for card in trick.cards)


def _private_ids(state: GameState) -> set[int]:
    """The ids of the state's internal tuples: the core tuple and its non-empty tuple items.

    The empty tuple is a shared singleton that carries nothing, so it is left out.
    """
    core = state._core
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
        state.werewolf,
        state.cloud,
        state.passes,
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
        self.trick_winners: list[int | None] = []
        """The winners of this round's completed tricks, as the tricks module decides them (R5.4, R8.9);
        `None` for a trick a Bomb voided (R8.1)."""
        self.trump_chosen: ChooseTrump | None = None
        """This round's trump choice, by the dealer or the Werewolf's holder (R3.2, R8.6, R8.10)."""
        self.cloud_change: tuple[int, CloudChange] | None = None
        """This round's Cloud change: the seat and the direction (R8.2)."""
        self.passings: list[tuple[Card, ...]] = []
        """This round's passings after the Juggler, each the card every seat passed left (R8.3)."""

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

    def _new_round(self) -> None:
        """Forget what the machine follows of a round once the next round is dealt."""
        self.bids_made = []
        self.trick_winners = []
        self.trump_chosen = None
        self.cloud_change = None
        self.passings = []

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
        """R3.2, R4.1, R4.4, R5.1, R5.4, R6, R8: what one legal action must change."""
        seat = before.to_move
        assert seat is not None
        assert after.actions == (*before.actions, action)
        if isinstance(action, ChooseTrump):
            self.trump_chosen = action
            assert after.trump is action.suit
            assert after.phase is Phase.BIDDING
            assert after.to_move == (before.dealer + 1) % self.n, "left of the dealer bids first (R4.1, R8.6)"
            assert after.looked[seat], "the dealer who chose trump has looked (R4.4)"
            assert after.hands == before.hands
        elif isinstance(action, Look):
            assert after.looked[seat]
            assert after.to_move == seat
            assert after.phase is Phase.BIDDING
            assert after.bids == before.bids
        elif isinstance(action, Bid):
            self.bids_made.append((seat, action.tricks, action.blind))
            assert after.bids[seat] == action.tricks
            assert after.blind[seat] == action.blind
        elif isinstance(action, ChangeBid):
            self._check_cloud_change(before, seat, action, after)
        elif isinstance(action, PassCard):
            self._check_pass(before, seat, action, after)
        else:
            assert isinstance(action, Play)  # the state lists a clairvoyant play by its card (R4.5)
            self._check_play(before, seat, action, after)

    def _check_play(self, before: GameState, seat: int, action: Play, after: GameState) -> None:
        """R5.1, R5.4, R8.1-R8.3, R8.9: a card leaves the hand; a complete trick is decided and its effects follow."""
        trick = before.current_trick.add(action.card)
        remaining = Counter(before.hand(seat))
        remaining[action.card.undeclared] -= 1
        hands = tuple(
            tuple(sorted(remaining.elements(), key=before.hand(seat).index)) if other == seat else before.hand(other)
            for other in range(self.n)
        )
        if not trick.is_complete:
            assert after.hands == hands
            assert after.current_trick == trick
            assert after.phase is Phase.PLAYING
            return
        winner = trick.winner
        leader = trick.next_leader
        assert leader is not None
        assert winner in (leader, None), "the winner leads, or after a Bomb the would-be winner (R5.1, R8.1)"
        assert (winner is None) == _has(trick, CardKind.BOMB), "a Bomb voids the trick (R8.1)"
        self.trick_winners.append(winner)
        more = len(before.completed_tricks) + 1 < before.cards
        cloud = winner is not None and _has(trick, CardKind.CLOUD)
        if not more and not cloud:
            self._check_round_scored(before, after)
            return
        assert after.round_number == before.round_number
        assert after.hands == hands
        assert after.completed_tricks == (*before.completed_tricks, trick)
        assert after.current_trick.cards == ()
        assert after.bids == before.bids
        won = [t + (s == winner) for s, t in enumerate(before.tricks_won)]
        assert after.tricks_won == tuple(won)
        if cloud:
            assert after.phase is Phase.CLOUD, "the Cloud's winner changes their bid (R8.2)"
            assert after.to_move == winner
        elif _has(trick, CardKind.JUGGLER):
            assert after.phase is Phase.PASSING, "after the Juggler's trick every seat passes a card (R8.3)"
            assert after.to_move == leader, "the next leader chooses first"
            assert after.passes == (None,) * self.n
        else:
            assert after.phase is Phase.PLAYING
            assert after.to_move == leader, "the trick's winner leads the next trick (R5.1, R8.1)"

    def _check_cloud_change(self, before: GameState, seat: int, action: ChangeBid, after: GameState) -> None:
        """R8.2, R8.11: the Cloud's winner changes their bid by one; then the Juggler's passing, if due."""
        assert before.phase is Phase.CLOUD
        assert self.cloud_change is None, "one Cloud, one change"
        self.cloud_change = (seat, action.change)
        last = before.completed_tricks[-1]
        assert last.winner == seat
        if len(before.completed_tricks) == before.cards:
            self._check_round_scored(before, after)
            return
        assert after.round_number == before.round_number
        bid = before.bids[seat]
        assert bid is not None
        assert after.bids == tuple(bid + action.change.delta if s == seat else b for s, b in enumerate(before.bids))
        assert after.cloud == (seat, action.change)
        assert after.hands == before.hands
        assert after.completed_tricks == before.completed_tricks
        assert after.tricks_won == before.tricks_won
        if _has(last, CardKind.JUGGLER):
            assert after.phase is Phase.PASSING, "the Cloud, then the Juggler (R8.11)"
            assert after.passes == (None,) * self.n
        else:
            assert after.phase is Phase.PLAYING
        assert after.to_move == last.next_leader == seat

    def _check_pass(self, before: GameState, seat: int, action: PassCard, after: GameState) -> None:
        """R8.3: each seat chooses in turn, the card stays in the hand; once all have chosen, all pass left."""
        n = self.n
        assert before.phase is Phase.PASSING
        chosen = list(before.passes)
        assert chosen[seat] is None
        chosen[seat] = action.card
        assert after.round_number == before.round_number
        assert after.completed_tricks == before.completed_tricks
        assert after.tricks_won == before.tricks_won
        assert after.bids == before.bids
        leader = before.completed_tricks[-1].next_leader
        if (seat + 1) % n != leader:
            assert after.phase is Phase.PASSING
            assert after.to_move == (seat + 1) % n, "the seats choose in turn"
            assert after.passes == tuple(chosen)
            assert after.hands == before.hands, "the chosen card stays in the hand until everyone has chosen"
            return
        passed = tuple(card for card in chosen if card is not None)
        assert len(passed) == n, f"everyone has chosen: {chosen}"
        self.passings.append(passed)
        assert after.phase is Phase.PLAYING
        assert after.to_move == leader
        assert after.passes == ()
        for other in range(n):
            hand = Counter(before.hand(other))
            hand[passed[other]] -= 1
            hand[passed[(other - 1) % n]] += 1
            assert after.hand(other) == tuple(sorted(hand.elements())), f"seat {other} passes left, gets from the right"

    def _check_round_scored(self, before: GameState, after: GameState) -> None:
        """R6.1-R6.3, R8.1, R8.2: the finished round on the sheet is the round as played."""
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
        final = list(bids)
        if self.cloud_change is not None:
            seat, change = self.cloud_change
            final[seat] += change.delta
        assert finished.bids == tuple(bids), "the sheet keeps the bids as made (R8.2)"
        assert finished.final_bids == tuple(final), "and the bids after the Cloud's change (R8.2)"
        assert finished.cloud == self.cloud_change
        assert finished.blind == tuple(blind)
        bombs = self.trick_winners.count(None)
        assert finished.bombs == bombs, "the tricks a Bomb voided (R8.1)"
        taken = Counter(self.trick_winners)
        assert finished.tricks == tuple(taken[seat] for seat in range(self.n))
        assert sum(finished.tricks) == finished.cards - bombs
        points = tuple(round_points(b, t, blind=bl) for b, t, bl in zip(final, finished.tricks, blind, strict=True))
        assert finished.points == points, "the points of the final bids (R6.1, R6.2, R8.2)"
        assert after.totals == tuple(t + p for t, p in zip(before.totals, points, strict=True))
        if after.is_over:
            assert GameRecord.from_state(after).replay() == after, "a finished game's record replays to an equal state"
            _check_copies(GameRecord.from_state(after).replay(), after)
        else:
            self._new_round()

    def _expected_events(self, before: GameState, action: Action, after: GameState) -> tuple[Event, ...]:
        """The events a transition must report, in order."""
        seat = before.to_move
        assert seat is not None
        events: list[Event]
        if isinstance(action, ChooseTrump):
            events = [TrumpChosen(seat=seat, suit=action.suit)]
        elif isinstance(action, Look):
            events = [HandSeen(seat=seat)]
        elif isinstance(action, Bid):
            events = [BidMade(seat=seat, bid=action.tricks, blind=action.blind)]
        elif isinstance(action, ChangeBid):
            bid = before.bids[seat]
            assert bid is not None
            events = [BidChanged(seat=seat, change=action.change, bid=bid + action.change.delta)]
        elif isinstance(action, PassCard):
            events = [CardPassed(seat=seat, card=action.card)]
            if after.phase is not Phase.PASSING:
                events.append(CardsPassed(cards=self.passings[-1]))
        else:
            assert isinstance(action, Play)
            events = [CardPlayed(seat=seat, card=action.card)]
            trick = before.current_trick.add(action.card)
            if trick.is_complete:
                winner = trick.winner
                leader = trick.next_leader
                assert leader is not None
                events.append(
                    TrickVoided(leader=leader, trick=trick) if winner is None else TrickWon(seat=winner, trick=trick)
                )
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
                    werewolf=after.werewolf,
                )
            )
        return tuple(events)

    def _illegal_actions(self) -> dict[str, list[Illegal]]:
        """Every kind of illegal action in the current state, by kind, each with the error it must raise."""
        state = self.state
        n = self.n
        some_bids: list[Action] = [Bid(tricks=0), Bid(tricks=1, blind=True)]
        some_plays: list[Action] = [Play(Card.WIZARD), Play(Card.parse("R7")), Play(Card.parse("CLOUD:G"))]
        trumps: list[Action] = list(EVERY_TRUMP)
        changes: list[Action] = [ChangeBid(change) for change in CloudChange]
        passes: list[Action] = [PassCard(Card.WIZARD), PassCard(Card.parse("R7")), PassCard(Card.JUGGLER)]
        if state.is_over:
            every = [*some_bids, *some_plays, *trumps, Look(), *changes, *passes]
            return {
                "after the game": [(a, None, WrongPhaseError) for a in every],
                "a seat after the game": [(Bid(tricks=0), seat, WrongPhaseError) for seat in range(n)],
            }
        me = state.to_move
        assert me is not None
        legal = state.legal_actions()
        kinds: dict[str, list[Illegal]] = {
            # Another seat acting, even with an action the player to move could take.
            "not your turn": [
                (action, other, NotYourTurnError) for action in legal for other in range(n) if other != me
            ],
        }
        hand = state.hand(me)
        if state.phase is Phase.TRUMP:
            wrong = [*some_bids, *some_plays, Look(), *changes, *passes]
            if state.werewolf is None:
                kinds["no trump for the dealer"] = [(ChooseTrump(None), None, IllegalTrumpError)]  # R3.2, R8.10
        elif state.phase is Phase.BIDDING:
            wrong = [*some_plays, *trumps, *changes, *passes]
            cards = state.cards
            blind = not state.looked[me]
            allowed = {a.tricks for a in legal if isinstance(a, Bid)}
            kinds["bid out of range"] = [
                (Bid(tricks=k, blind=blind), None, IllegalBidError) for k in (cards + 1, cards + 2, 67)
            ]
            kinds["bid forbidden"] = [
                (Bid(tricks=k, blind=blind), None, IllegalBidError) for k in range(cards + 1) if k not in allowed
            ]
            kinds["blind or not"] = [(Bid(tricks=k, blind=not blind), None, IllegalBidError) for k in range(cards + 1)]
            if not blind:
                wrong.append(Look())
        elif state.phase is Phase.CLOUD:
            wrong = [*some_bids, *some_plays, *trumps, Look(), *passes]
            kinds["bid change out of range"] = [  # R8.2: a bid stays within 0..cards
                (change, None, IllegalBidError) for change in changes if change not in legal
            ]
        elif state.phase is Phase.PASSING:
            wrong = [*some_bids, *some_plays, *trumps, Look(), *changes]
            kinds["card not held"] = [
                (PassCard(card), None, CardNotHeldError) for card in HELD_FORMS if card not in hand
            ]
        else:
            wrong = [*some_bids, *trumps, Look(), *changes, *passes]
            kinds["card not held"] = [
                (Play(card), None, CardNotHeldError) for card in PLAYED_FORMS if card.undeclared not in hand
            ]
            kinds["undeclared"] = [  # R8.2, R8.3, R8.7: a Cloud, Juggler or Shapeshifter is played declared
                (Play(card), None, UndeclaredCardError) for card in hand if card.needs_declaration
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
        # Half the games are played with special cards (R8), half with the standard deck.
        decks = st.sampled_from(_rule_sets(n)) | st.sampled_from(_special_rule_sets(n))
        rules = data.draw(decks, label="rules")
        full = rules.schedule_for(n)
        rounds = data.draw(st.integers(1, min(MAX_ROUNDS, full.rounds)), label="rounds")
        schedule = Schedule(cards_per_round=full.cards_per_round[:rounds], trumps=full.trumps[:rounds])
        self.game_rules = attrs.evolve(rules, schedule=schedule)
        self.state = new_game(self.players, rules=self.game_rules, seed=seed)
        self._new_round()
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
        before_copy = GameRecord.from_state(state).replay()
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
        """R2-R8: the state as a whole, then every seat's view, then what hidden choices must not show."""
        self._check_turn()
        self._check_trump()
        self._check_deal()
        self._check_bidding()
        self._check_cards_and_tricks()
        self._check_cloud()
        self._check_passing()
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
        self._check_hidden_choices()
        self._check_swap_unseen()

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
        """R3.1-R3.5, R8.6, R8.10: the turned-up card and the trump, and who chooses it and from what."""
        state = self.state
        fixed = state.schedule.fixed_trump(state.round_number)
        turned = state.turned_up
        wolf = state.werewolf
        chooser: int | None = None
        if fixed is not None:
            assert turned is None, "a fixed-trump round turns up nothing (R3.5)"
            assert state.trump is fixed.suit
        elif state.cards * self.n == DECK + len(state.rules.special_cards):
            assert turned is None, "no card is left to turn up (R3.4)"
            assert state.trump is None
        else:
            assert turned is not None, "a card is turned up (R3.1)"
            if wolf is not None:
                chooser = wolf  # the Werewolf's holder names the trump instead of the dealer (R8.6)
            elif turned.kind is CardKind.SUIT:
                assert state.trump is turned.suit
            elif turned.kind in (CardKind.JESTER, CardKind.BOMB, CardKind.FAIRY):
                assert state.trump is None, "no trump (R3.3, R8.10)"
            else:
                chooser = state.dealer  # a Wizard, Dragon, Cloud, Juggler, Shapeshifter or Werewolf (R3.2, R8.10)
        if chooser is None:
            assert state.phase is not Phase.TRUMP
            assert self.trump_chosen is None
            assert wolf is None
            return
        if state.phase is Phase.TRUMP:
            assert self.trump_chosen is None
            assert state.to_move == chooser, "the dealer, or the Werewolf's holder, chooses the trump (R3.2, R8.6)"
            assert state.trump is None
            assert state.bids == (None,) * self.n
            assert state.looked[chooser], "the chooser has looked at their hand"
            choices = EVERY_TRUMP if wolf is not None else EVERY_TRUMP[:4]
            legal = state.legal_actions()
            assert set(legal) == set(choices), "four suits, or also no trump for the Werewolf's holder (R3.2, R8.6)"
            assert len(legal) == len(choices)
        else:
            assert self.trump_chosen is not None
            assert state.trump is self.trump_chosen.suit

    def _check_deal(self) -> None:
        """R2.6, R8.6: until the first card every hand is as dealt, but for the Werewolf's swap; no card is lost."""
        state = self.state
        dealt = state.deals[state.round_number - 1]
        holders = [seat for seat, hand in enumerate(dealt.hands) if Card.WEREWOLF in hand]
        assert state.werewolf == (holders[0] if holders and dealt.turned_up is not None else None), (
            f"seat {state.werewolf} swapped the Werewolf, dealt to {holders} (R8.6)"
        )
        assert all(Card.WEREWOLF not in hand for hand in state.hands), "the Werewolf is swapped, never held (R8.6)"
        hands = [Counter(hand) for hand in dealt.hands]
        if state.werewolf is not None:
            assert dealt.turned_up is not None
            hands[state.werewolf][Card.WEREWOLF] -= 1
            hands[state.werewolf][dealt.turned_up] += 1  # the holder takes the turned-up card (R8.6)
        if state.phase in (Phase.TRUMP, Phase.BIDDING):
            assert state.hands == tuple(tuple(sorted(hand.elements())) for hand in hands)
        everywhere = sum((Counter(hand) for hand in state.hands), Counter())
        for trick in (*state.completed_tricks, state.current_trick):
            everywhere.update(card.undeclared for card in trick.cards)
        assert everywhere == sum(hands, Counter()), "played, passed or held, the round's cards are the cards dealt"

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
        """R5.1, R5.3, R5.4, R8.1, R8.9: hand sizes, leaders, winners and the playable cards."""
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
        elif state.phase in (Phase.TRUMP, Phase.BIDDING):
            assert sizes == [cards] * n
            assert trick.cards == ()
            assert done == ()
        elif state.phase in (Phase.CLOUD, Phase.PASSING):
            assert done, "the Cloud's and the Juggler's effects follow a trick (R8.2, R8.3)"
            assert sizes == [cards - len(done)] * n, "every hand shrinks by one a trick; passing keeps the sizes"
            assert trick.cards == ()
        else:
            played = set(trick.seats)
            assert sizes == [cards - len(done) - (seat in played) for seat in range(n)], (
                f"hand sizes {sizes}: {cards} cards, {len(done)} tricks done, seats {sorted(played)} played"
            )
            assert len(done) < cards
            assert len(trick.cards) < n
            assert trick.to_play == state.to_move
            assert trick.trump is state.trump
            leader = done[-1].next_leader if done else (state.dealer + 1) % n
            assert trick.leader == leader, "left of the dealer leads, then each trick's (would-be) winner (R5.1, R8.1)"
            me = state.to_move
            assert me is not None
            legal = state.legal_actions()
            assert all(isinstance(a, Play) for a in legal)
            plays = {a.card for a in legal if isinstance(a, Play)}
            allowed = {form for card in legal_plays(state.hand(me), trick.cards) for form in card.declarations()}
            assert plays == allowed, "follow suit; special cards any time, declared (R5.3, R8)"
        first = (state.dealer + 1) % n
        bombs = 0
        for index, finished in enumerate(done):
            assert finished.is_complete
            assert finished.trump is state.trump
            assert finished.leader == (done[index - 1].next_leader if index else first)
            bombs += finished.winner is None
            assert (finished.winner is None) == _has(finished, CardKind.BOMB), "only a Bomb voids a trick (R8.1)"
        won = state.tricks_won
        assert sum(won) == len(done) - bombs, "the tricks add up to the tricks played but those a Bomb voided (R8.1)"
        assert won == tuple(sum(t.winner == seat for t in done) for seat in range(n))
        assert self.trick_winners == [t.winner for t in done], "the engine's winners are R5.4's and R8.9's"

    def _check_cloud(self) -> None:
        """R8.2: after the Cloud's trick its winner changes their bid by one, unless a Bomb voided the trick."""
        state = self.state
        n = self.n
        clouds = [trick for trick in state.completed_tricks if _has(trick, CardKind.CLOUD)]
        assert len(clouds) <= 1
        made: list[int | None] = [None] * n
        for seat, tricks, _ in self.bids_made:
            made[seat] = tricks
        winner = clouds[0].winner if clouds else None
        if state.phase is Phase.CLOUD:
            assert winner is not None
            assert clouds == [state.completed_tricks[-1]]
            assert state.to_move == winner, "the Cloud's winner changes their bid"
            bid = made[winner]
            assert bid is not None
            changes = {ChangeBid(CloudChange.UP)} if bid < state.cards else set()
            changes |= {ChangeBid(CloudChange.DOWN)} if bid > 0 else set()
            legal = state.legal_actions()
            assert set(legal) == changes, "+1 or -1, but not below 0 nor above the cards (R8.2)"
            assert len(legal) == len(changes)
        elif winner is not None:
            assert self.cloud_change is not None
            seat, change = self.cloud_change
            assert seat == winner
            bid = made[seat]
            assert bid is not None
            made[seat] = bid + change.delta
            assert 0 <= bid + change.delta <= state.cards
        change_seen = None if self.cloud_change is None or state.phase is Phase.CLOUD else self.cloud_change
        assert state.cloud == change_seen
        assert state.bids == tuple(made), f"bids {state.bids}, made {self.bids_made}, Cloud {self.cloud_change}"

    def _check_passing(self) -> None:
        """R8.3, R8.11: after a Juggler's trick (not the last), each seat in turn chooses a card, then all pass."""
        state = self.state
        n = self.n
        done = state.completed_tricks
        juggled = sum(_has(trick, CardKind.JUGGLER) for trick in done[: state.cards - 1])
        due = state.phase is Phase.PASSING or (
            state.phase is Phase.CLOUD and _has(done[-1], CardKind.JUGGLER) and len(done) < state.cards
        )
        assert len(self.passings) + due == juggled, f"{juggled} Juggler tricks, {len(self.passings)} passings"
        if state.phase is not Phase.PASSING:
            assert state.passes == ()
            return
        me = state.to_move
        assert me is not None
        leader = done[-1].next_leader
        assert leader is not None
        order = [(leader + i) % n for i in range(n)]
        chosen = order[: order.index(me)]
        passes = state.passes
        assert all(passes[seat] is None for seat in order if seat not in chosen), f"passes {passes}, {me} to choose"
        assert all(passes[seat] in state.hand(seat) for seat in chosen), "the chosen card stays in the hand"
        hand = state.hand(me)
        legal = state.legal_actions()
        assert set(legal) == {PassCard(card) for card in hand}, "any card of the hand (R8.3)"
        assert len(legal) == len(set(hand)), "one action per distinct card"

    def _check_scores(self) -> None:
        """R6.1-R6.3, R7, R8.1, R8.2: totals equal the score sheet; each finished round adds up and scores."""
        state = self.state
        sheet = state.scoresheet
        assert state.totals == sheet.totals
        finished = len(sheet.rounds)
        assert finished == (state.schedule.rounds if state.is_over else state.round_number - 1)
        totals = [0] * self.n
        for r in sheet.rounds:
            assert sum(r.tricks) == r.cards - r.bombs, f"round {r.number}: tricks {r.tricks}, {r.bombs} Bomb tricks"
            assert r.bombs <= (Special.BOMB in state.rules.special_cards), "one Bomb voids at most one trick (R8.1)"
            changed = [seat for seat in range(self.n) if r.final_bids[seat] != r.bids[seat]]
            assert len(changed) <= (Special.CLOUD in state.rules.special_cards), "one Cloud changes one bid (R8.2)"
            assert all(abs(r.final_bids[seat] - r.bids[seat]) == 1 for seat in changed), "by one (R8.2)"
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
        """R4.3-R4.5, R8.2, R8.3, R8.6: a seat's view shows exactly what it may know, and nothing of the state."""
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
            or (reveal is BidReveal.SIMULTANEOUS and phase not in (Phase.TRUMP, Phase.BIDDING))
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
        assert view.werewolf == state.werewolf, "the swap is public: the holder took the turned-up card (R8.6)"
        cloud = state.cloud
        assert view.cloud == (cloud if cloud is not None and visible[cloud[0]] else None), (
            f"seat {seat} sees the Cloud's change {view.cloud} of {cloud} with bids {view.bids} (R4.3, R8.2)"
        )
        own = state.passes[seat] if state.passes else None
        assert view.passing == own, f"seat {seat} sees {view.passing} as its pass, chose {own}; no one else's (R8.3)"
        passed = tuple((cards[seat], cards[(seat - 1) % n]) for cards in self.passings)
        assert view.passed == passed, "what the seat gave left and got from the right (R8.3)"
        _assert_detached(view, private, walked, f"view({seat})")

    def _check_hidden_choices(self) -> None:
        """R4.3, R8.2, R8.3: another seat's hidden choice never shows in a view.

        The player to move takes each of its hidden choices in turn: the card to pass after the
        Juggler, a secret or simultaneous bid, the Cloud's change of a secret bid. Every seat
        that may not know the choice sees the same view after each of them: then its view is
        the same whatever the choice.
        """
        state = self.state
        me = state.to_move
        reveal = state.rules.bid_reveal
        legal = state.legal_actions()
        if state.phase is Phase.PASSING:
            choices = list(legal)
        elif state.phase is Phase.BIDDING and reveal is not BidReveal.OPEN:
            choices = [action for action in legal if isinstance(action, Bid)]
        elif state.phase is Phase.CLOUD and reveal is BidReveal.SECRET:
            choices = list(legal)
        else:
            return
        if len(choices) < 2:
            return
        assert me is not None
        afters = [state.apply(action) for action in choices]
        after = afters[0]
        if after.round_number != state.round_number or after.is_over:
            return  # the round's end reveals the secret bids and the Cloud's change (R4.3)
        if state.phase is Phase.PASSING and after.phase is not Phase.PASSING:
            # Everyone has chosen and the cards went left: only the left neighbour got the chosen card.
            unaware = [seat for seat in range(self.n) if seat not in (me, (me + 1) % self.n)]
        elif after.phase in (Phase.PASSING, Phase.BIDDING) or reveal is BidReveal.SECRET:
            unaware = [seat for seat in range(self.n) if seat != me]
        else:
            return  # the simultaneous bids are all made: revealed together before the first card (R4.3)
        for seat in unaware:
            view = after.view(seat)
            for other, action in zip(afters[1:], choices[1:], strict=True):
                assert other.view(seat) == view, f"seat {seat} tells {choices[0]} from {action} of seat {me}"

    def _check_swap_unseen(self) -> None:
        """R8.6: the Werewolf's swap shows the others which card its holder took, and nothing more.

        Right after the swap, the same game with the holder dealt other cards beside the
        Werewolf (from the cards left in the deck) looks the same to every other seat.
        """
        state = self.state
        wolf = state.werewolf
        clairvoyant = Variant.CLAIRVOYANCE in state.rules.variants and state.round_number == 1
        if state.phase is not Phase.TRUMP or wolf is None or clairvoyant:
            return
        deals = list(state.deals)
        dealt = deals[state.round_number - 1]
        assert dealt.turned_up is not None
        left = _deck(state.rules) - sum((Counter(hand) for hand in dealt.hands), Counter([dealt.turned_up]))
        kept = [card for card in dealt.hands[wolf] if card is not Card.WEREWOLF]
        spare = [card for card in sorted(left.elements()) if card not in kept][: len(kept)]
        if not spare:
            return
        hands = list(dealt.hands)
        hands[wolf] = (Card.WEREWOLF, *spare, *kept[len(spare) :])
        deals[state.round_number - 1] = Deal(hands=hands, turned_up=dealt.turned_up)
        twin = new_game(self.players, rules=self.game_rules, deal=deals, first_dealer=state.first_dealer)
        for action in state.actions:
            twin = twin.apply(action)
        assert twin.werewolf == wolf
        assert twin.hand(wolf) != state.hand(wolf)
        for seat in range(self.n):
            if seat != wolf:
                assert twin.view(seat) == state.view(seat), f"seat {seat} sees seat {wolf}'s other cards"


TestEngineStateful = EngineMachine.TestCase
# As many games as the profile gives examples: 30 by default, 150 in CI (conftest.py).
TestEngineStateful.settings = settings(stateful_step_count=50)
