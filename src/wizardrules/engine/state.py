"""The game state: one immutable moment of a game, and the step API (RULES R2-R8).

A [`GameState`][wizardrules.GameState] wraps one core tuple (see `_layout`). It reads the
core for its properties, lists the legal actions, and applies an action by asking `_moves`
for the next core, which it wraps in a new state; the old state is untouched. Two steps
run often enough to be written out here: listing the cards one may play, and playing a
standard card (an unrolled copy of `_moves.play_card`, pinned to it by tests).

Examples:
    >>> import random
    >>> from wizardrules import Preset, new_game
    >>> state = new_game(["Ann", "Ben", "Cem"], rules=Preset.OFFICIAL.rules(), seed=7)
    >>> rng = random.Random(1)
    >>> while not state.is_over:
    ...     state = state.apply(rng.choice(state.legal_actions()))
    >>> len(state.scoresheet.rounds), state.totals == state.scoresheet.totals
    (20, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from attrs import frozen

from wizardrules import _lazy
from wizardrules._tables import plays
from wizardrules._tables.codes import BITS_OF, CARD_OF, HAND_BITS, SEAT_BITS, SUIT_BITS, cards_of
from wizardrules._tables.plays import SPECIAL_PLAYS, SUIT_PLAYS, SUIT_SHIFT
from wizardrules._words import checked_language
from wizardrules.actions import PLAYS, Action, Bid, ChangeBid, ChooseTrump, Look, PassCard, Play, PlayUnseen
from wizardrules.bidding import CloudChange
from wizardrules.cards import Card, Language, Suit
from wizardrules.engine._bids import BID_ACTIONS_MEMO, bid_actions
from wizardrules.engine._deal import Deal
from wizardrules.engine._layout import (
    ACTS,
    BIDDING_PHASE,
    DONE,
    FREED,
    HANDS,
    LEADER,
    LED,
    MOVE,
    NO_BID,
    NO_CARD,
    NO_SEAT,
    NO_SUIT,
    OVER_PHASE,
    PASSING_PHASE,
    PHASE,
    PHASES,
    PLAYING_PHASE,
    R_ALLOWED,
    R_BIDS,
    R_BLIND,
    R_FINISHED,
    R_GAME,
    R_LOOKED,
    R_NUMBER,
    R_SPECIAL,
    R_TOTALS,
    R_TRUMP,
    ROUND,
    SEAT_SHIFTS,
    SUITS,
    TRICK,
    WON,
    WON_BY,
    Acts,
    Core,
    Done,
    Game,
    Phase,
    checked_seat,
    done_tricks,
    hand_of,
    trick_value,
    tricks_of,
    won_of,
)
from wizardrules.engine._moves import act, bid, other_actions, plays_unseen, refused_play
from wizardrules.engine._round import finish_round, sheet_of
from wizardrules.engine._seen import seen_by
from wizardrules.engine._special import end_trick
from wizardrules.engine.view import PlayerView, game_over_text, make_view, table_text
from wizardrules.errors import WizardRulesError
from wizardrules.events import (
    BidChanged,
    BidMade,
    CardPassed,
    CardPlayed,
    CardsPassed,
    Event,
    GameOver,
    HandSeen,
    RoundScored,
    RoundStarted,
    TrickVoided,
    TrickWon,
    TrumpChosen,
)
from wizardrules.rules import Rules, Schedule
from wizardrules.sheet import ScoreSheet
from wizardrules.tricks import MAX_PLAYERS, Trick

__all__ = ["GameState", "restored", "wrap"]


@frozen(init=False)  # states are made by `wrap`, which sets the only slot itself
class GameState:
    """One moment of a game; immutable. Make one with [`new_game`][wizardrules.new_game].

    Equal states come from equal games (players, rules, deals, first dealer) and equal actions.
    `GameState()` itself raises a `WizardRulesError`: a state without a game means nothing.
    """

    _core: Core

    def __init__(self) -> None:
        raise WizardRulesError("GameState() has no game: start one with new_game(...), or replay a GameRecord")

    def __reduce__(self) -> tuple[Callable[[Core], GameState], tuple[Core]]:
        """Pickles and copies of a state are made again by `restored`, which readies the engine's tables."""
        return restored, (self._core,)

    def __repr__(self) -> str:
        if self.is_over:
            return f"<GameState over, totals {self.totals}>"
        return f"<GameState round {self.round_number}, {self.phase.value}, {self.players[self._core[MOVE]]} to act>"

    def to_text(self, *, language: Language = Language.EN) -> str:
        """Where the game stands, in one sentence: round, trump and who acts, or the winners.

        `str(state)` is the English text; `repr(state)` stays the short developer's form.

        Raises:
            CardError: `language` is not a `Language`.

        Examples:
            >>> from wizardrules import Language, new_game
            >>> state = new_game(["Ann", "Ben", "Cem"], seed=3)
            >>> print(state)
            Round 1 of 20, trump green: Cem to bid
            >>> print(state.to_text(language=Language.DE))
            Runde 1 von 20, Trumpf Grün: Cem sagt an
        """
        lang = checked_language(language)
        if self.is_over:
            first = [seat for seat, place in enumerate(self.standings()) if place == 1]
            return game_over_text(self.players, self.totals, first, lang)
        return table_text(
            self.round_number, self.schedule.rounds, self.trump, self.phase, self._core[MOVE], self.players, lang
        )

    def __str__(self) -> str:
        return self.to_text()

    def _repr_html_(self) -> str | None:
        """The table as the player to act sees it, as HTML for notebooks, drawn by `wizardrules.svg`."""
        return _lazy.render(_lazy.Picture.GAMESTATE, self)

    @property
    def _game(self) -> Game:
        game: Game = self._core[ROUND][R_GAME]
        return game

    # -- reading ----------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names in seat order."""
        return self._game.players

    @property
    def rules(self) -> Rules:
        """The game's rules."""
        return self._game.rules

    @property
    def schedule(self) -> Schedule:
        """The game's schedule, resolved for its number of players."""
        return self._game.schedule

    @property
    def first_dealer(self) -> int:
        """The seat that dealt round 1."""
        return self._game.first_dealer

    @property
    def phase(self) -> Phase:
        """The phase of the current round."""
        return PHASES[self._core[PHASE]]

    @property
    def is_over(self) -> bool:
        """Whether the last round is scored."""
        over: bool = self._core[PHASE] == OVER_PHASE  # annotated rather than bool(...): one call less per step
        return over

    @property
    def to_move(self) -> int | None:
        """The seat to act; `None` when the game is over."""
        return None if self._core[PHASE] == OVER_PHASE else int(self._core[MOVE])

    @property
    def round_number(self) -> int:
        """The current round, counted from 1 (the last round once the game is over)."""
        return int(self._core[ROUND][R_NUMBER]) + 1

    @property
    def cards(self) -> int:
        """Cards dealt to each player this round."""
        return self._game.cards[self.round_number - 1]

    @property
    def dealer(self) -> int:
        """This round's dealer seat (R2.5)."""
        game = self._game
        return (game.first_dealer + self.round_number - 1) % game.n

    @property
    def trump(self) -> Suit | None:
        """This round's trump suit; `None` for no trump, or while the dealer has yet to choose."""
        trump = self._core[ROUND][R_TRUMP]
        return None if trump == NO_SUIT else SUITS[trump]

    @property
    def turned_up(self) -> Card | None:
        """The card turned up for trump this round, or `None` (R3.1, R3.4, R3.5)."""
        turned = self._game.turned[self.round_number - 1]
        return None if turned == NO_CARD else CARD_OF[turned]

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards `seat` holds, in display order (full information: bots get views).

        Raises:
            SeatError: no such seat.
        """
        return cards_of(hand_of(self._core[HANDS], checked_seat(self._core, seat)))

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's hand (full information)."""
        return tuple(cards_of(hand_of(self._core[HANDS], seat)) for seat in range(self._game.n))

    @property
    def bids(self) -> tuple[int | None, ...]:
        """This round's bids by seat; `None` for a seat yet to bid (full information)."""
        return tuple(None if b == NO_BID else b for b in self._core[ROUND][R_BIDS])

    @property
    def blind(self) -> tuple[bool, ...]:
        """Per seat, whether this round's bid was blind (R4.4)."""
        mask = self._core[ROUND][R_BLIND]
        return tuple(bool(mask >> seat & 1) for seat in range(self._game.n))

    @property
    def looked(self) -> tuple[bool, ...]:
        """Per seat, whether the player has seen their hand this round (R4.4)."""
        mask = self._core[ROUND][R_LOOKED]
        return tuple(bool(mask >> seat & 1) for seat in range(self._game.n))

    @property
    def current_trick(self) -> Trick:
        """The trick being played (empty between tricks and outside the playing phase)."""
        s = self._core
        return trick_value(s[LEADER], self._game.n, s[ROUND][R_TRUMP], s[TRICK])

    @property
    def werewolf(self) -> int | None:
        """The seat that swapped the Werewolf for the turned-up card this round (R8.6), or `None`."""
        extra = self._core[ROUND][R_SPECIAL]
        return None if extra is None or extra.wolf == NO_SEAT else int(extra.wolf)

    @property
    def cloud(self) -> tuple[int, CloudChange] | None:
        """This round's Cloud bid change (R8.2): the seat and the direction, or `None`."""
        extra = self._core[ROUND][R_SPECIAL]
        if extra is None or extra.cloud is None:
            return None
        seat, delta = extra.cloud
        return seat, CloudChange(delta)

    @property
    def passes(self) -> tuple[Card | None, ...]:
        """While passing after the Juggler (R8.3), the card each seat has chosen, `None` for one yet to choose.

        Full information; empty outside the passing phase.
        """
        extra = self._core[ROUND][R_SPECIAL]
        if extra is None or extra.passes is None:
            return ()
        return tuple(None if code == NO_CARD else CARD_OF[code] for code in extra.passes)

    @property
    def completed_tricks(self) -> tuple[Trick, ...]:
        """This round's finished tricks, in order."""
        s = self._core
        n, trump = self._game.n, s[ROUND][R_TRUMP]
        return tuple(trick_value(leader, n, trump, cards) for leader, cards in done_tricks(s))

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks each seat has taken this round."""
        return won_of(self._core[WON], self._game.n)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's total points over the finished rounds."""
        totals: tuple[int, ...] = self._core[ROUND][R_TOTALS]
        return totals

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action taken since the game began, in order."""
        s = self._core
        finished = [action for *_, acts, done in s[ROUND][R_FINISHED] for action in _round_actions(acts, done, ())]
        if s[PHASE] == OVER_PHASE:  # the last round is among the finished ones
            return tuple(finished)
        return (*finished, *_round_actions(s[ACTS], s[DONE], s[TRICK]))

    @property
    def scoresheet(self) -> ScoreSheet:
        """The game's score sheet with every finished round (built on first use, then kept)."""
        return sheet_of(self._core)

    def standings(self) -> tuple[int, ...]:
        """Each seat's place 1..n by total points, with the rules' tie-break (R7)."""
        return self.scoresheet.standings()

    def winners(self) -> tuple[str, ...]:
        """The names in first place (R7.1, R7.2)."""
        return self.scoresheet.winners()

    @property
    def deals(self) -> tuple[Deal, ...]:
        """Every round's deal: the game's chance, for records and replays."""
        game = self._game
        return tuple(
            Deal(
                hands=tuple(cards_of(hand_of(packed, seat)) for seat in range(game.n)),
                turned_up=None if turned == NO_CARD else CARD_OF[turned],
            )
            for packed, turned in zip(game.masks, game.turned, strict=True)
        )

    # -- acting ---------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the player to move may take, in a fixed order; `()` when the game is over.

        Examples:
            >>> from wizardrules import new_game
            >>> " | ".join(str(a) for a in new_game(3, seed=3).legal_actions())
            'bid 0 | bid 1'
        """
        s = self._core
        if s[PHASE] == PLAYING_PHASE:
            # The plays are listed inline from tables (no helper call): this runs once per card
            # played, and a call would cost as much as the table look-ups themselves.
            hand = s[HANDS] >> SEAT_SHIFTS[s[MOVE]] & HAND_BITS
            led = s[LED]
            plays: tuple[Play, ...]
            if led >= 0 and hand & SUIT_BITS[led]:
                # Holding the led suit, the hand plays what the rule's table `follow` allows (R5.3).
                # Of the suit cards that leaves the led suit's, so only its plays are looked up.
                hand &= s[ROUND][R_GAME].follow[led + 2]
                plays = SUIT_PLAYS[led][hand >> SUIT_SHIFT[led] & 0x1FFF]
            else:
                plays = (
                    _RED[hand & 0x1FFF]
                    + _YELLOW[hand >> 13 & 0x1FFF]
                    + _GREEN[hand >> 26 & 0x1FFF]
                    + _BLUE[hand >> 39 & 0x1FFF]
                )
            free = hand >> 52
            if free:
                if free & 0xF0:
                    plays = _PLAY_JESTER + plays
                if free & 0xF:
                    plays += _PLAY_WIZARD
                if free > 0xFF:
                    plays += SPECIAL_PLAYS[free >> 8]
            return plays
        if s[PHASE] == BIDDING_PHASE:
            rp = s[ROUND]
            if rp[R_LOOKED] >> s[MOVE] & 1:  # the common case, as bid_actions(allowed, False)
                bids = BID_ACTIONS_MEMO.get(rp[R_ALLOWED])
                if bids is not None:
                    return bids
            return bid_actions(rp[R_ALLOWED], not rp[R_LOOKED] >> s[MOVE] & 1)
        return other_actions(s)

    def is_legal(self, action: Action, *, seat: int | None = None) -> bool:
        """Whether `action` (by `seat`, if given) is one of `legal_actions()`, which `apply` accepts."""
        if seat is not None and (self._core[PHASE] == OVER_PHASE or type(seat) is not int or seat != self._core[MOVE]):
            return False  # as apply refuses it: the game is over, or not a seat, or not this one's turn
        if action.__class__ is PlayUnseen:
            return plays_unseen(self._core)
        return action in self.legal_actions()

    def apply(self, action: Action, seat: int | None = None) -> GameState:  # noqa: PLR0915 - the hot path, written out
        """The state after `action`, always checked for legality; this state is unchanged.

        Args:
            action: the action of the player to move; in a clairvoyance round also
                [`PlayUnseen`][wizardrules.PlayUnseen], which plays the card they hold (R4.5).
            seat: the seat acting, if the caller wants that checked too.

        Raises:
            SeatError: `seat` is not at the table.
            NotYourTurnError: `seat` is not the player to move.
            WrongPhaseError: the action belongs to another phase, or the game is over.
            CardNotHeldError: the card is not in the hand.
            MustFollowSuitError: the player holds the led suit and does not follow (R5.3).
            IllegalBidError: a bid the rules forbid here (R4), or a Cloud change past 0 or the cards (R8.2).
            IllegalTrumpError: no trump named by the dealer (R3.2).
            UndeclaredCardError: a Cloud or Juggler without a suit, a Shapeshifter without a role (R8).
        """
        s = self._core
        # A shared Play of a standard card holds the card's bit index; any other Play holds -1.
        if s[PHASE] == PLAYING_PHASE and seat is None and action.__class__ is Play and (index := action._index) >= 0:
            # A standard card played (R5): the engine's most common step. This is `_moves.play_card`
            # written out, because a call would cost as much as the checks; the tests pin the two
            # together. The hands of all seats are one big int, so the masks come ready-shifted
            # to the seat from tables.
            rp, _phase, me, before, trick, leader, led, won, done, acts = s
            if index < 52:
                # flipping the card's bit takes it out of the hand, or shows it was not there
                hands = before ^ _HELD_AT[me][index]
                if hands > before or (led >= 0 and index // 13 != led and before & _SUIT_AT[me][led]):
                    raise refused_play(s, action, hands < before)
                if led == NO_SUIT:  # the first suit card sets the led suit (R5.2)
                    led = index // 13
            else:
                held = before & _HELD_AT[me][index]
                if not held:  # no copy of the Wizard or Jester is held
                    raise refused_play(s, action, held)
                held &= -held  # the lowest copy held
                index = held.bit_length() - 1 - SEAT_SHIFTS[me]
                if led == NO_SUIT and index < 56:
                    led = FREED  # a Wizard before any suit card frees the trick (R5.2)
                hands = before ^ held
            trick += _ALONE[index]  # the action is not kept: a play is read back from its trick
            nxt = rp[R_GAME].next_seat[me]
            if nxt != leader:  # the trick goes on
                state = _new_state()
                _set_core(state, (rp, PLAYING_PHASE, nxt, hands, trick, leader, led, won, done, acts))
                return state
            # the trick is complete: decide it (R5.4)
            if rp[R_SPECIAL] is not None:
                core = end_trick(rp, hands, trick, leader, won, done, acts)
            else:
                # As _tables.winner_index, by a look-up of the rule's keys per card: the first highest
                # key wins. The first four cards are unrolled (3 to 6 players): a loop costs twice as much.
                keys = rp[R_GAME].win_keys[rp[R_TRUMP] + 1][led + 2]
                n = len(trick)
                best = 0
                best_key = keys[trick[0]]
                key = keys[trick[1]]
                if key > best_key:
                    best, best_key = 1, key
                key = keys[trick[2]]
                if key > best_key:
                    best, best_key = 2, key
                if n > 3:
                    key = keys[trick[3]]
                    if key > best_key:
                        best, best_key = 3, key
                    if n > 4:
                        for pos in range(4, n):
                            key = keys[trick[pos]]
                            if key > best_key:
                                best, best_key = pos, key
                winner = (leader + best) % n
                won += WON_BY[winner]
                done = (leader, trick, done)
                if hands:  # cards remain: the winner leads the next trick (R5.1)
                    state = _new_state()
                    _set_core(state, (rp, PLAYING_PHASE, winner, hands, (), winner, NO_SUIT, won, done, acts))
                    return state
                core = finish_round(rp, won, done, acts)
        elif action.__class__ is Bid and s[PHASE] == BIDDING_PHASE and seat is None:
            core = bid(s, action)  # the next most common step
        elif (
            action.__class__ is PlayUnseen
            and plays_unseen(s)
            and (seat is None or (type(seat) is int and seat == s[MOVE]))
        ):
            # the card the player holds and cannot see (R4.5): the first play the state lists for it
            core = act(s, self.legal_actions()[0], seat)
        else:
            core = act(s, action, seat)
        state = _new_state()
        _set_core(state, core)
        return state

    def view(self, seat: int) -> PlayerView:
        """What `seat` may know now, and nothing else (see [`PlayerView`][wizardrules.PlayerView]).

        Raises:
            SeatError: no such seat.
        """
        s = self._core
        seat = checked_seat(s, seat)
        return make_view(s, seat, self.legal_actions() if s[MOVE] == seat and s[PHASE] != OVER_PHASE else ())

    def start_events(self) -> tuple[Event, ...]:
        """The events that open the current round, as `step` reports them when it begins a round.

        `new_game` deals round 1 without a step, so an event-driven UI starts from these: the
        `RoundStarted` of round 1, with its dealer, turned-up card and trump. After that,
        `step` reports each round's start itself. `()` once the game is over.

        Examples:
            >>> from wizardrules import new_game
            >>> new_game(["Ann", "Ben", "Cem"], seed=5).start_events()
            (RoundStarted(round_number=1, dealer=2, turned_up=Card.parse('B2'), trump=<Suit.BLUE: 'B'>, werewolf=None),)
        """
        return () if self.is_over else (_round_started(self),)

    def step(self, action: Action, *, seat: int | None = None) -> tuple[GameState, tuple[Event, ...]]:
        """Apply `action` and also say what happened.

        Returns:
            The new state and the events of the transition, in order.

        Raises:
            IllegalActionError: as for [`apply`][wizardrules.GameState.apply].
        """
        after = self.apply(action, seat=seat)
        if action.__class__ is PlayUnseen:  # the card the player could not see, now on the table (R4.5)
            action = self.legal_actions()[0]
        return after, _events(self, after, action)

    def events_for(self, seat: int, events: Sequence[Event]) -> tuple[Event, ...]:
        """The events of the step that led to this state, as `seat` may know them (R4.3, R8.2, R8.3).

        Call it on the state that [`step`][wizardrules.GameState.step] returned, with the
        events it returned (or with [`start_events`][wizardrules.GameState.start_events]). A
        public event comes as it is. Another seat's hidden choice comes redacted: a
        simultaneous or secret bid as [`BidHidden`][wizardrules.BidHidden], the Cloud's change
        of a secret bid as [`BidChangeHidden`][wizardrules.BidChangeHidden], the card chosen to
        pass after the Juggler as [`PassHidden`][wizardrules.PassHidden]. Hidden bids come as
        [`BidsRevealed`][wizardrules.BidsRevealed] when they are revealed: simultaneous ones
        after the last bid, secret ones before the round's `RoundScored`. Of the Juggler's
        passing the seat gets [`PassReceived`][wizardrules.PassReceived]: what it gave and got.

        The rule is the views' own: two states that differ only in what `seat` may not know
        give `seat` equal events, so a table server may forward them to that seat as they are.

        Raises:
            SeatError: no such seat.
            RulesError: `events` are not the events of a step (a tuple or list of them).

        Examples:
            >>> from wizardrules import BidReveal, Rules, new_game
            >>> state = new_game(["Ann", "Ben", "Cem"], rules=Rules(bid_reveal=BidReveal.SIMULTANEOUS), seed=3)
            >>> state, events = state.step(state.legal_actions()[0])
            >>> events, state.events_for(2, events), state.events_for(0, events)
            ((BidMade(seat=2, bid=0, blind=False),), (BidMade(seat=2, bid=0, blind=False),), (BidHidden(seat=2),))
        """
        return seen_by(self._core, checked_seat(self._core, seat), events)


class _State(GameState):
    """The class of the engine's states: a `GameState` that the engine makes by calling it.

    Calling a class that keeps `object.__init__` is the fastest way Python makes an object,
    and the engine makes one per action; `GameState()` itself refuses, as a state without
    a game means nothing. Pickles and copies of states stay of this class.
    """

    __slots__ = ()
    __init__ = object.__init__


_new_state: Callable[[], GameState] = _State  # calling the class with no arguments makes an empty state fastest
# Sets a state's only slot directly: about 20 ns cheaper than object.__setattr__, which first
# looks the name up on the class.
_set_core = GameState.__dict__["_core"].__set__


def restored(core: Core) -> GameState:
    """A state read back from a pickle or copied, in a process that may not have played a game yet."""
    plays.build()
    return wrap(core)


def wrap(core: Core) -> GameState:
    """The state of a core tuple: how `new_game` makes the first state of a game."""
    state = _new_state()
    _set_core(state, core)
    return state


_RED, _YELLOW, _GREEN, _BLUE = SUIT_PLAYS
_PLAY_JESTER: Final = (PLAYS[Card.JESTER],)
_PLAY_WIZARD: Final = (PLAYS[Card.WIZARD],)
_HELD_AT: Final = tuple(
    tuple((BITS_OF[card] if i >= 52 else 1 << i) << (seat * SEAT_BITS) for i, card in enumerate(CARD_OF[:60]))
    for seat in range(MAX_PLAYERS)
)
"""Per seat, the packed-hands bits of each standard card's bit index; all four copies for a Wizard or Jester."""
_SUIT_AT: Final = tuple(tuple(suit << (seat * SEAT_BITS) for suit in SUIT_BITS) for seat in range(MAX_PLAYERS))
"""Per seat, the packed-hands bits of each suit."""
_ALONE: Final = tuple((code,) for code in range(len(CARD_OF)))
"""Each card code in a tuple of its own, to add to a trick without building one."""


def _round_actions(acts: Acts, done: Done, trick: tuple[int, ...]) -> list[Action]:
    """A round's actions in order: those other than plays, with the plays read from its tricks between them."""
    tricks = [cards for _leader, cards in tricks_of(done)]
    if trick:
        tricks.append(trick)
    others: list[tuple[Action, int]] = []
    while acts is not None:
        action, before, acts = acts
        others.append((action, before))
    actions: list[Action] = []
    taken = 0  # tricks whose plays are listed
    for action, before in reversed(others):
        for cards in tricks[taken:before]:
            actions += [PLAYS[CARD_OF[code]] for code in cards]
        taken = max(taken, before)
        actions.append(action)
    for cards in tricks[taken:]:
        actions += [PLAYS[CARD_OF[code]] for code in cards]
    return actions


def _events(before: GameState, after: GameState, action: Action) -> tuple[Event, ...]:
    """The events of the transition from `before` to `after` by `action`."""
    seat = before._core[MOVE]
    events: list[Event] = []
    if isinstance(action, ChooseTrump):
        events.append(TrumpChosen(seat=seat, suit=action.suit))
    elif isinstance(action, Look):
        events.append(HandSeen(seat=seat))
    elif isinstance(action, Bid):
        events.append(BidMade(seat=seat, bid=action.tricks, blind=action.blind))
    elif isinstance(action, ChangeBid):
        bid = before._core[ROUND][R_BIDS][seat] + action.change.delta
        events.append(BidChanged(seat=seat, change=action.change, bid=bid))
    elif isinstance(action, PassCard):
        events.append(CardPassed(seat=seat, card=action.card))
        if after._core[PHASE] != PASSING_PHASE:
            chosen = before.passes
            cards = tuple(action.card if i == seat else card for i, card in enumerate(chosen))
            events.append(CardsPassed(cards=tuple(card for card in cards if card is not None)))
    elif isinstance(action, Play):  # `step` passes `play unseen` as the play it made (R4.5)
        events.append(CardPlayed(seat=seat, card=action.card))
        trick = before.current_trick.add(action.card)
        if trick.is_complete:
            winner = trick.winner
            if winner is None:  # a Bomb voided it: the would-be winner leads next (R8.1)
                leader = trick.next_leader
                events.append(TrickVoided(leader=trick.leader if leader is None else leader, trick=trick))
            else:
                events.append(TrickWon(seat=winner, trick=trick))
    if after.round_number == before.round_number and not after.is_over:
        return tuple(events)
    events.append(RoundScored(round=after.scoresheet.rounds[-1], totals=after.totals))
    if after.is_over:
        events.append(GameOver(totals=after.totals, standings=after.standings(), winners=after.winners()))
    else:
        events.append(_round_started(after))
    return tuple(events)


def _round_started(state: GameState) -> RoundStarted:
    """The start of `state`'s round: its dealer, turned-up card and trump (none yet while it is being chosen)."""
    return RoundStarted(
        round_number=state.round_number,
        dealer=state.dealer,
        turned_up=state.turned_up,
        trump=None if state.phase is Phase.TRUMP else state.trump,
        werewolf=state.werewolf,
    )
