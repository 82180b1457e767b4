"""The observation and information-state tensors of a view, and their text forms: `Observer`."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from itertools import chain
from typing import Final

import numpy as np

from wizardrules._convert import as_tuple, shown
from wizardrules.cards import Card, Suit
from wizardrules.engine import GameState, Phase, PlayerView
from wizardrules.engine.view import view_problem
from wizardrules.errors import RulesError
from wizardrules.rl._actions import ActionCodec
from wizardrules.rl._layout import (
    ABSENT,
    JESTER_SLOT,
    PHASES,
    STANDARD_SLOTS,
    SUIT_CARDS,
    SUITS,
    WIZARD_SLOT,
    Encoding,
    FloatArray,
    VectorLayout,
    cards_of_deck,
    playable,
    points_bounds,
    sections_of,
)
from wizardrules.rules import Rules
from wizardrules.sheet import Round
from wizardrules.tricks import Trick

_TRUMP_LABEL: Final[dict[Suit | None, str]] = {None: "none", **{suit: suit.name.lower() for suit in SUITS}}


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

    A view is input: built by hand or read from JSON, it may hold what no game shows. Each
    method checks the view it is given as the searching bots do (a view of a game these rules
    and players reach, its counts within the round, its finished rounds and totals as the
    score rule gives them) before it sizes or indexes anything by it, and refuses any other
    with a `RulesError`. The check takes the time of a few observations; the environments of
    [`wizardrules.rl`][wizardrules.rl] encode the views they make of their own game states
    without it.

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
        "_last_checked",
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
        deck = cards_of_deck(rules)
        plays = playable(rules)
        p = len(plays)
        o, observation, information = sections_of(rules, n, most, schedule.rounds)
        self._layouts: Final = {
            Encoding.OBSERVATION: VectorLayout(encoding=Encoding.OBSERVATION, sections=observation),
            Encoding.INFORMATION_STATE: VectorLayout(encoding=Encoding.INFORMATION_STATE, sections=information),
        }
        self._o: Final = o
        names = (
            "dealer", "to_move", "trump", "turned_up", "hand_seen", "seen_hands", "blind",
            "leader", "led", "werewolf", "cloud", "passing", "passed",
        )  # fmt: skip
        wizards = (o["hand"] + WIZARD_SLOT, o["played"] + WIZARD_SLOT)  # the first Wizard's places
        self._offsets: Final = (*(o.get(name, ABSENT) for name in names), *wizards)
        self._info: Final = (o["tricks"], o["leaders"], o["sheet"], o["sheet_trump"])
        self._sizes: Final = {encoding: layout.size for encoding, layout in self._layouts.items()}
        # card -> its place in a card plane (Wizards and Jesters: their first place), declared forms as held
        plane = {card: i for i, card in enumerate(SUIT_CARDS)}
        plane |= {Card.WIZARD: WIZARD_SLOT, Card.JESTER: JESTER_SLOT}
        plane |= {card: STANDARD_SLOTS + i for i, card in enumerate(deck[54:])}
        plane |= {card: plane[card.undeclared] for card in plays}
        self._plane: Final = plane
        self._hand: Final = _CardIndex({card: o["hand"] + i for card, i in plane.items()})
        self._played: Final = _CardIndex({card: o["played"] + i for card, i in plane.items()})
        self._turned: Final = _CardIndex({card: i for i, card in enumerate(deck)})
        self._code: Final = _CardIndex({card: i for i, card in enumerate(plays)})
        self._phase: Final = {id(phase): o["phase"] + i for i, phase in enumerate(PHASES)}
        self._suit: Final = {id(suit): i for i, suit in enumerate(SUITS)}
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
        self._last_checked: list[PlayerView] = []

    def __repr__(self) -> str:
        sizes = ", ".join(f"{e.value} {layout.size}" for e, layout in self._layouts.items())
        return f"<Observer {self.players} players: {sizes}>"

    def describe(self, encoding: Encoding = Encoding.OBSERVATION) -> VectorLayout:
        """The layout of `encoding`: its named sections, offsets, shapes and meaning.

        Raises:
            RulesError: `encoding` is not a vector of the observer (the action mask's layout
                is [`ActionCodec.describe`][wizardrules.rl.ActionCodec.describe]).

        Examples:
            >>> from wizardrules import Rules
            >>> layout = Observer(Rules(), 4).describe()
            >>> layout.size, layout["hand"].slice
            (496, slice(87, 147, None))
        """
        layout = self._layouts.get(encoding) if isinstance(encoding, Encoding) else None
        if layout is None:
            raise RulesError(f"{shown(encoding)}: the observer encodes observations and information states")
        return layout

    def encode(self, view: PlayerView, encoding: Encoding = Encoding.OBSERVATION) -> FloatArray:
        """The [`observation`][wizardrules.rl.Observer.observation] or
        [`information_state`][wizardrules.rl.Observer.information_state] of `view`.

        Raises:
            RulesError: `encoding` is not a vector of the observer, or as for `observation`.
        """
        if encoding is Encoding.OBSERVATION:
            return self.observation(view)
        if encoding is Encoding.INFORMATION_STATE:
            return self.information_state(view)
        raise RulesError(f"{shown(encoding)}: the observer encodes observations and information states")

    def observation(self, view: PlayerView, out: FloatArray | None = None) -> FloatArray:
        """What `view`'s seat knows now, as a float32 vector laid out as `describe(Encoding.OBSERVATION)`.

        Args:
            view: a view of a game of these rules and players.
            out: a float32 vector of the right size to fill instead of a new one.

        Raises:
            RulesError: `view` is no view of a game of these rules and players, or one no game
                reaches (the reason named), or `out` is no writable float32 vector of the right size.
        """
        self._check(view)
        return self._encode_observation(view, out)

    def _encode_observation(self, view: PlayerView, out: FloatArray | None = None) -> FloatArray:
        """`observation` of a view made from a game state by the caller: not checked for reachability."""
        if out is None and type(view) is PlayerView and view.rules is self.rules and len(view.players) == self.players:
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
            RulesError: `view` is no view of a game of these rules and players, or one no game
                reaches (the reason named), or `out` is no writable float32 vector of the right size.
        """
        self._check(view)
        return self._encode_information_state(view, out)

    def _encode_information_state(self, view: PlayerView, out: FloatArray | None = None) -> FloatArray:
        """`information_state` of a view made from a game state by the caller: not checked for reachability."""
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

    def _check(self, view: PlayerView) -> None:
        """Raise unless `view` is a view of a game of these rules and players that a game can reach.

        A view is input, and the encodings index by its seats, counts and cards: a view no
        game reaches (`engine._reach.view_problem`) is refused before anything is read. The
        view checked last is kept, so that its encodings and texts check it once.

        Raises:
            RulesError: not such a view; the message names the reason.
        """
        if self._last_checked and self._last_checked[0] is view:
            return
        if not isinstance(view, PlayerView):
            raise RulesError(f"{shown(view)} is not a PlayerView (a state's view(seat))")
        problem = view_problem(view)
        if problem:
            raise RulesError(f"no game reaches this view of seat {shown(view.seat)}: {problem}")
        if len(view.players) != self.players or (view.rules is not self.rules and view.rules != self.rules):
            raise RulesError(
                f"a view of a game of other rules or players than this observer's ({self.players} players)"
            )
        self._last_checked[:] = [view]

    def _target(self, view: PlayerView, out: FloatArray | None, encoding: Encoding) -> FloatArray:
        """A zeroed vector to encode `view` into: `out` or a new one, each checked.

        Raises:
            RulesError: `view` is no view of a game of these rules and players, or `out` does not fit.
        """
        if not isinstance(view, PlayerView):
            raise RulesError(f"{shown(view)} is not a PlayerView (a state's view(seat))")
        if len(view.players) != self.players or (view.rules is not self.rules and view.rules != self.rules):
            raise RulesError(
                f"a view of a game of other rules or players than this observer's ({self.players} players)"
            )
        size = self._sizes[encoding]
        if out is None:
            return np.zeros(size, dtype=np.float32)
        if not isinstance(out, np.ndarray) or out.shape != (size,) or out.dtype != np.float32:
            got = f"shape {out.shape} and dtype {out.dtype}" if isinstance(out, np.ndarray) else shown(out)
            raise RulesError(f"out has {got}; expected a float32 vector of shape ({size},)")
        if not out.flags.writeable:
            raise RulesError("out is read-only; expected a writable float32 vector")
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
        if o_seen_hands != ABSENT:
            size = STANDARD_SLOTS + len(self.rules.special_cards)
            for other, seen in enumerate(view.seen_hands):
                if seen is not None and other != seat:
                    start = o_seen_hands + (rel[other] - 1) * size
                    _add_plane(ones, [start + self._plane[card] for card in seen], start + WIZARD_SLOT)
        for start, bid in zip(self._bid_starts[seat], view.bids, strict=True):
            if bid is not None:
                ones.append(start + bid)
        if o_blind != ABSENT:
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
        if o_wolf != ABSENT and view.werewolf is not None:
            ones.append(o_wolf + rel[view.werewolf])
        if o_cloud != ABSENT and view.cloud is not None:
            changed, change = view.cloud
            ones.append(o_cloud + rel[changed] * 2 + (change.delta < 0))
        if o_passing != ABSENT:
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

        Examples:
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

        Raises:
            RulesError: as for [`observation`][wizardrules.rl.Observer.observation].
        """
        self._check(view)
        return self._observation_text(view)

    def _observation_text(self, view: PlayerView) -> str:
        """`observation_string` of a view made from a game state by the caller: not checked for reachability."""
        self._target(view, None, Encoding.OBSERVATION)
        return "\n".join(self._lines(view))

    def information_state_string(self, view: PlayerView) -> str:
        """The information state as text: the observation's lines, every finished trick and round.

        Raises:
            RulesError: as for [`observation`][wizardrules.rl.Observer.observation].
        """
        self._check(view)
        return self._information_text(view)

    def _information_text(self, view: PlayerView) -> str:
        """`information_state_string` of a view made from a game state by the caller: not checked for reachability."""
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
    jester = wizard + JESTER_SLOT - WIZARD_SLOT
    jesters = places.count(jester)
    if jesters > 1:
        ones += range(jester + 1, jester + jesters)


def table_text(state: GameState, names: Sequence[str] | None = None) -> str:
    """The whole table as text, every hand shown: for watching a game, not for agents.

    Args:
        state: the game.
        names: a name per seat, by default the state's players.

    Raises:
        RulesError: `state` is no game state, or `names` is not one text per seat.

    Examples:
        >>> from wizardrules import new_game
        >>> print(table_text(new_game(3, seed=3), ["ann", "ben", "cem"]))
        round 1 of 20, 1 card, dealer ben, bidding, trump green (turned up G11)
        ann: hand R8
        ben: hand W
        cem: hand G4 <- to act
        totals: ann 0, ben 0, cem 0
    """
    if not isinstance(state, GameState):
        raise RulesError(f"table_text: {shown(state)} is not a GameState")
    n = len(state.players)
    names = state.players if names is None else as_tuple(names, "table_text: names", RulesError, limit=n)
    if len(names) != n or not all(isinstance(name, str) for name in names):
        raise RulesError(f"table_text: names {shown(names)}: expected {n} texts, one per seat")
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
