"""The game engine: the whole game as a fast immutable state machine (RULES R2-R7).

[`new_game`][wizardrules.new_game] deals every round up front from an explicit seed,
`random.Random` or fixed deal, so a state never depends on hidden global randomness.
Each [`GameState`][wizardrules.GameState] lists its legal actions and
[`apply`][wizardrules.GameState.apply] checks legality and returns a new state; the old
one is untouched. Players see the game only through
[`view`][wizardrules.GameState.view].

Example:
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

import enum
import random
from collections.abc import Sequence
from math import floor
from operator import add, getitem
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from attrs import field, frozen

from wizardrules import _core, _pictures
from wizardrules._convert import as_tuple
from wizardrules._core import (
    ANY_SUIT_BITS,
    BITS_OF,
    CARD_OF,
    HAND_BITS,
    SPECIAL_BIT,
    SPECIAL_BITS,
    SPECIAL_PLAYS,
    SUIT_BITS,
    SUIT_PLAYS,
    SUIT_SHIFT,
    WIN_KEYS,
)
from wizardrules.actions import (
    BIDS,
    BLIND_BIDS,
    LOOK,
    PLAYS,
    TRUMPS,
    Action,
    Bid,
    ChangeBid,
    ChooseTrump,
    Look,
    PassCard,
    Play,
)
from wizardrules.bidding import BidContext, EqualBids, FreeBids, NotEqualBids
from wizardrules.cards import Card, Special, Suit
from wizardrules.errors import (
    CardNotHeldError,
    DealError,
    IllegalActionError,
    IllegalBidError,
    MustFollowSuitError,
    NotYourTurnError,
    PlayerError,
    RulesError,
    WrongPhaseError,
)
from wizardrules.rules import Rules, Schedule, Variant
from wizardrules.scoring import StandardScore
from wizardrules.sheet import CloudChange, ScoreSheet
from wizardrules.tricks import MAX_PLAYERS, MIN_PLAYERS, Trick

if TYPE_CHECKING:  # the layers above build on GameState's internals
    from wizardrules.events import Event
    from wizardrules.record import GameRecord
    from wizardrules.view import PlayerView

__all__ = ["Deal", "GameState", "Phase", "new_game"]

SUITS: Final = tuple(Suit)
"""The suits by index."""
TRUMP_PHASE, BIDDING_PHASE, PLAYING_PHASE, OVER_PHASE, CLOUD_PHASE, PASSING_PHASE = 0, 1, 2, 3, 4, 5
_TRUMP, _BIDDING, _PLAYING, _OVER = TRUMP_PHASE, BIDDING_PHASE, PLAYING_PHASE, OVER_PHASE
_NOT_FIXED: Final = -2
_NO_BIDS: Final[frozenset[int]] = frozenset()
# Built-in policies whose allowed bids depend only on (cards, bid sum, last bidder, round 1).
_SIMPLE_POLICIES: Final = (FreeBids, NotEqualBids, EqualBids)


class Phase(enum.Enum):
    """Where a round stands; dealing and scoring happen by themselves."""

    TRUMP = "trump"
    """The dealer names the trump suit after a Wizard or special card was turned up (R3.2, R8.10),
    or the Werewolf's holder after the swap (R8.6)."""
    BIDDING = "bidding"
    """Players bid in turn from the dealer's left (R4.1)."""
    PLAYING = "playing"
    """Tricks are played (R5)."""
    OVER = "over"
    """The schedule's last round is scored (R7)."""
    CLOUD = "cloud"
    """The winner of the Cloud's trick changes their bid by one (R8.2)."""
    PASSING = "passing"
    """After the Juggler's trick each player passes a card to the left, chosen in secret (R8.3)."""


PHASES: Final = (Phase.TRUMP, Phase.BIDDING, Phase.PLAYING, Phase.OVER, Phase.CLOUD, Phase.PASSING)
"""The public phase of each internal phase number."""


def _hands_tuple(hands: Sequence[Sequence[Card]]) -> tuple[tuple[Card, ...], ...]:
    if isinstance(hands, (str, bytes)):
        raise DealError(f"hands {hands!r}: expected one sequence of cards per player")
    try:
        return tuple(tuple(hand) for hand in hands)
    except TypeError:
        raise DealError(f"hands {hands!r}: expected one sequence of cards per player") from None


@frozen(kw_only=True)
class Deal:
    """The cards of one round: each seat's hand and the turned-up card (R2.6, R3.1).

    A deal is checked against the schedule and the deck when a game is made from it.

    Attributes:
        hands: per seat, the cards dealt.
        turned_up: the card turned up for trump; `None` when none is (a fixed-trump round,
            or no card left, R3.4, R3.5).

    Example:
        >>> from wizardrules import parse_cards
        >>> Deal(hands=[parse_cards("R1"), parse_cards("W"), parse_cards("B7")], turned_up=Card.parse("G2"))
        Deal(hands=((Card.parse('R1'),), (Card.parse('W'),), (Card.parse('B7'),)), turned_up=Card.parse('G2'))
    """

    hands: tuple[tuple[Card, ...], ...] = field(converter=_hands_tuple)
    turned_up: Card | None = None


# Caches of pure functions of frozen values, shared by all games; they stay small (bounded by
# the card counts of a round). Each game holds the inner dict of its own policy and score rule.
_ALLOWED_BY_POLICY: dict[Any, dict[int, frozenset[int]]] = {}
_POINTS_BY_RULE: dict[Any, dict[tuple[int, int, bool], int]] = {}
_BID_ACTIONS_MEMO: dict[frozenset[int], tuple[Action, ...]] = {}
_BLIND_BID_ACTIONS_MEMO: dict[frozenset[int], tuple[Action, ...]] = {}


@frozen(kw_only=True)
class _Game:
    """What stays fixed for a whole game: players, rules, schedule and every round's deal."""

    players: tuple[str, ...]
    rules: Rules
    schedule: Schedule
    first_dealer: int
    masks: tuple[int, ...]
    """Per round, every seat's hand as dealt, packed into one int, 67 bits a seat."""
    turned: tuple[int, ...]
    n: int = field(eq=False)
    next_seat: tuple[int, ...] = field(eq=False)
    """The seat after each seat, clockwise."""
    cards: tuple[int, ...] = field(eq=False)
    """Cards dealt to each seat per round (the schedule's)."""
    fixed: tuple[int, ...] = field(eq=False)
    blind_rounds: tuple[bool, ...] = field(eq=False)
    allowed_memo: dict[int, frozenset[int]] | None = field(eq=False)
    """Allowed bids by `bid_keys[round] | bid sum << 1 | last bidder`, for the built-in policies that need no more."""
    bid_keys: tuple[int, ...] = field(eq=False)
    """Per round, the part of an allowed-bids key that is fixed for the round: its cards and whether it is round 1."""
    points_memo: dict[tuple[int, int, bool], int] | None = field(eq=False)
    points_table: tuple[tuple[int, ...], ...] | None = field(eq=False)
    """For a built-in score rule, `points_table[bid][tricks]`: the points of a bid made looking (R6)."""
    specials: int = field(default=0, eq=False)
    """The hand bits of the special cards in the deck (R8); 0 for the standard deck."""
    deck_size: int = field(default=_core.DECK_SIZE, eq=False)


# The state is two nested tuples, so that a card played copies only what a card changes.
# Round part, fixed while the cards are played:
RG, RND, RTRUMP, RBIDS, RLOOKED, RBLIND, RTOTALS, RROUNDS, RNBIDS, RSUM, RCACHE, RSPECIAL, RALLOWED = range(13)
# Whole state:
R, PHASE, MOVE, HANDS, TRICK, LEADER, LED, WON, DONE, ACTS = range(10)
# `HANDS` packs each seat's hand into 67 bits (seat s at bit 67*s); `WON` packs the tricks
# taken, 8 bits a seat; `DONE` is a linked list (leader, card codes, rest) of the round's
# finished tricks. `ACTS` is a linked list (action, tricks finished before it, rest) of the
# round's actions other than plays: the plays are read back from the tricks. `LED` is the
# led suit, -1 while none is set and -2 once a Wizard freed the trick. `RROUNDS` is a tuple
# of the finished rounds, each (bids, blind mask, tricks won, trump, cloud, bombs, ACTS,
# DONE); `cloud` is (seat, +1 or -1) or None. `RSPECIAL` is None for the standard
# deck, else the round's special-card state (`_special.Extra`). `RALLOWED` holds the bids
# the next bidder may make, worked out once per bid for both `legal_actions` and `apply`
# (empty once the bidding is over). Tricks hold card codes (see `_core`), so a declared
# card keeps its declaration.


class _RoundCache:
    """What is worth computing once per round, shared by the round's states.

    It never takes part in a state's value: all caches compare equal.
    """

    __slots__ = ("previous", "sheet")

    def __init__(self, previous: _RoundCache | None = None) -> None:
        self.sheet: ScoreSheet | None = None
        self.previous = previous  # the cache of the round before, whose sheet lacks one round

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _RoundCache)

    def __hash__(self) -> int:
        return 0

    def __reduce__(self) -> tuple[type[_RoundCache], tuple[()]]:
        return (_RoundCache, ())


_HAND_BITS: Final = HAND_BITS


def hand_of(hands: int, seat: int) -> int:
    """One seat's hand mask out of the packed hands (67 bits a seat)."""
    return hands >> (seat * 67) & _HAND_BITS


def won_of(won: int, n: int) -> tuple[int, ...]:
    """The packed tricks-taken counts as a tuple by seat."""
    return tuple(won >> (8 * seat) & 0xFF for seat in range(n))


@frozen(init=False)  # the engine sets the only slot itself: see _state
class GameState:
    """One moment of a game; immutable. Make one with [`new_game`][wizardrules.new_game].

    Equal states come from equal games (players, rules, deals, first dealer) and equal actions.
    """

    _s: tuple[Any, ...]

    def __repr__(self) -> str:
        if self.is_over:
            return f"<GameState over, totals {self.totals}>"
        return f"<GameState round {self.round_number}, {self.phase.value}, {self.players[self._s[MOVE]]} to act>"

    def _repr_html_(self) -> str | None:
        """The table as the player to act sees it, as HTML for notebooks, drawn by `wizardrules.svg`."""
        return _pictures.render(_pictures.Picture.GAMESTATE, self)

    @property
    def _game(self) -> _Game:
        game: _Game = self._s[R][RG]
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
        return PHASES[self._s[PHASE]]

    @property
    def is_over(self) -> bool:
        """Whether the last round is scored."""
        over: bool = self._s[PHASE] == _OVER  # annotated rather than bool(...): one call less per step
        return over

    @property
    def to_move(self) -> int | None:
        """The seat to act; `None` when the game is over."""
        return None if self._s[PHASE] == _OVER else int(self._s[MOVE])

    @property
    def round_number(self) -> int:
        """The current round, counted from 1 (the last round once the game is over)."""
        return int(self._s[R][RND]) + 1

    @property
    def cards(self) -> int:
        """Cards dealt to each player this round."""
        return self.schedule.cards_per_round[self.round_number - 1]

    @property
    def dealer(self) -> int:
        """This round's dealer seat (R2.5)."""
        game = self._game
        return (game.first_dealer + self.round_number - 1) % game.n

    @property
    def trump(self) -> Suit | None:
        """This round's trump suit; `None` for no trump, or while the dealer has yet to choose."""
        trump = self._s[R][RTRUMP]
        return None if trump < 0 else SUITS[trump]

    @property
    def turned_up(self) -> Card | None:
        """The card turned up for trump this round, or `None` (R3.1, R3.4, R3.5)."""
        turned = self._game.turned[self.round_number - 1]
        return None if turned < 0 else CARD_OF[turned]

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards `seat` holds, in display order (full information: bots get views)."""
        return _core.cards_of(hand_of(self._s[HANDS], self._seat(seat)))

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's hand (full information)."""
        return tuple(_core.cards_of(hand_of(self._s[HANDS], seat)) for seat in range(self._game.n))

    @property
    def bids(self) -> tuple[int | None, ...]:
        """This round's bids by seat; `None` for a seat yet to bid (full information)."""
        return tuple(None if b < 0 else b for b in self._s[R][RBIDS])

    @property
    def blind(self) -> tuple[bool, ...]:
        """Per seat, whether this round's bid was blind (R4.4)."""
        mask = self._s[R][RBLIND]
        return tuple(bool(mask >> seat & 1) for seat in range(self._game.n))

    @property
    def looked(self) -> tuple[bool, ...]:
        """Per seat, whether the player has seen their hand this round (R4.4)."""
        mask = self._s[R][RLOOKED]
        return tuple(bool(mask >> seat & 1) for seat in range(self._game.n))

    @property
    def current_trick(self) -> Trick:
        """The trick being played (empty between tricks and outside the playing phase)."""
        s = self._s
        return trick_value(s[LEADER], self._game.n, s[R][RTRUMP], s[TRICK])

    @property
    def werewolf(self) -> int | None:
        """The seat that swapped the Werewolf for the turned-up card this round (R8.6), or `None`."""
        extra = self._s[R][RSPECIAL]
        return None if extra is None or extra.wolf < 0 else int(extra.wolf)

    @property
    def cloud(self) -> tuple[int, CloudChange] | None:
        """This round's Cloud bid change (R8.2): the seat and the direction, or `None`."""
        extra = self._s[R][RSPECIAL]
        if extra is None or extra.cloud is None:
            return None
        seat, delta = extra.cloud
        return seat, CloudChange(delta)

    @property
    def passes(self) -> tuple[Card | None, ...]:
        """While passing after the Juggler (R8.3), the card each seat has chosen, `None` for one yet to choose.

        Full information; empty outside the passing phase.
        """
        extra = self._s[R][RSPECIAL]
        if extra is None or extra.passes is None:
            return ()
        return tuple(None if code < 0 else CARD_OF[code] for code in extra.passes)

    @property
    def completed_tricks(self) -> tuple[Trick, ...]:
        """This round's finished tricks, in order."""
        s = self._s
        return tuple(trick_value(leader, self._game.n, s[R][RTRUMP], cards) for leader, cards in done_tricks(s))

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks each seat has taken this round."""
        return won_of(self._s[WON], self._game.n)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's total points over the finished rounds."""
        totals: tuple[int, ...] = self._s[R][RTOTALS]
        return totals

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action taken since the game began, in order."""
        s = self._s
        finished = [action for *_, acts, done in s[R][RROUNDS] for action in _round_actions(acts, done, ())]
        if s[PHASE] == _OVER:  # the last round is among the finished ones
            return tuple(finished)
        return (*finished, *_round_actions(s[ACTS], s[DONE], s[TRICK]))

    @property
    def scoresheet(self) -> ScoreSheet:
        """The game's score sheet with every finished round (built on first use, then kept)."""
        cache: _RoundCache = self._s[R][RCACHE]
        sheet = cache.sheet
        if sheet is None:
            sheet = cache.sheet = _build_sheet(self._s, cache)
        return sheet

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
                hands=tuple(_core.cards_of(hand_of(packed, seat)) for seat in range(game.n)),
                turned_up=None if turned < 0 else CARD_OF[turned],
            )
            for packed, turned in zip(game.masks, game.turned, strict=True)
        )

    def _seat(self, seat: int) -> int:
        n = self._game.n
        if type(seat) is not int or not 0 <= seat < n:
            raise PlayerError(f"seat {seat!r} does not exist: the seats are 0..{n - 1}")
        return seat

    # -- acting ---------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the player to move may take, in a fixed order; `()` when the game is over.

        Example:
            >>> from wizardrules import new_game
            >>> " | ".join(str(a) for a in new_game(3, seed=3).legal_actions())
            'bid 0 | bid 1'
        """
        s = self._s
        if s[PHASE] == _PLAYING:
            # The plays are listed inline from tables (no helper call): this runs once per card
            # played, and a call would cost as much as the table look-ups themselves.
            hand = s[HANDS] >> _SEAT_SHIFTS[s[MOVE]] & _HAND_BITS
            led = s[LED]
            # holding the led suit, only it may be played (R5.3), besides the free cards
            plays: tuple[Play, ...] = _SUIT_PLAYS[led][hand >> _SUIT_SHIFT[led] & 0x1FFF] if led >= 0 else ()
            if not plays:
                plays = (
                    _RED[hand & 0x1FFF]
                    + _YELLOW[hand >> 13 & 0x1FFF]
                    + _GREEN[hand >> 26 & 0x1FFF]
                    + _BLUE[hand >> 39 & 0x1FFF]
                )
            free = hand >> 52
            if free:
                if free & 0xF0:
                    plays = _PLAY_J + plays
                if free & 0xF:
                    plays += _PLAY_W
                if free > 0xFF:
                    plays += _SPECIAL_PLAYS[free >> 8]
            return plays
        if s[PHASE] == _BIDDING:
            rp = s[R]
            if rp[RLOOKED] >> s[MOVE] & 1:  # the common case, as bid_actions(allowed, False)
                bids = _BID_ACTIONS_MEMO.get(rp[RALLOWED])
                if bids is not None:
                    return bids
            return bid_actions(rp[RALLOWED], not rp[RLOOKED] >> s[MOVE] & 1)
        return _other_actions(s)

    def is_legal(self, action: Action, *, seat: int | None = None) -> bool:
        """Whether `action` (by `seat`, if given) is one of `legal_actions()`, which `apply` accepts."""
        if seat is not None and (self._s[PHASE] == _OVER or seat != self._s[MOVE]):
            return False
        return action in self.legal_actions()

    def apply(self, action: Action, seat: int | None = None) -> GameState:  # noqa: PLR0915 - the hot path, written out
        """The state after `action`, always checked for legality; this state is unchanged.

        Args:
            action: the action of the player to move.
            seat: the seat acting, if the caller wants that checked too.

        Raises:
            NotYourTurnError: `seat` is not the player to move.
            WrongPhaseError: the action belongs to another phase, or the game is over.
            CardNotHeldError: the card is not in the hand.
            MustFollowSuitError: the player holds the led suit and does not follow (R5.3).
            IllegalBidError: a bid the rules forbid here (R4), or a Cloud change past 0 or the cards (R8.2).
            UndeclaredCardError: a Cloud or Juggler without a suit, a Shapeshifter without a role (R8).
        """
        s = self._s
        # a shared Play of a standard card holds the card's bit index; any other Play holds -1
        if s[PHASE] == _PLAYING and seat is None and action.__class__ is Play and (index := action._index) >= 0:
            # A standard card played (R5): the engine's most common step, written out here
            # because a call would cost as much as the checks. The hands of all seats are
            # one big int, so the masks come ready-shifted to the seat from tables.
            rp, _phase, me, before, trick, leader, led, won, done, acts = s
            if index < 52:
                # flipping the card's bit takes it out of the hand, or shows it was not there
                hands = before ^ _HELD_AT[me][index]
                if hands > before or (led >= 0 and index // 13 != led and before & _SUIT_AT[me][led]):
                    raise _refused_play(s, action, hands < before)
                if led == -1:
                    led = index // 13
            else:
                held = before & _HELD_AT[me][index]
                if not held:  # no copy of the Wizard or Jester is held
                    raise _refused_play(s, action, held)
                held &= -held  # the lowest copy held
                index = held.bit_length() - 1 - me * 67
                if led == -1 and index < 56:
                    led = -2  # a Wizard before any suit card frees the trick (R5.2)
                hands = before ^ held
            trick += _ALONE[index]  # the action is not kept: a play is read back from its trick
            nxt = rp[RG].next_seat[me]
            if nxt != leader:  # the trick goes on
                state = _new_state()
                _set_s(state, (rp, _PLAYING, nxt, hands, trick, leader, led, won, done, acts))
                return state
            # the trick is complete: decide it (R5.4)
            if rp[RSPECIAL] is not None:
                from wizardrules import _special  # noqa: PLC0415 - special cards build on this module

                return _special.end_trick(rp, hands, trick, leader, won, done, acts)
            # As _core.winner_index, by a WIN_KEYS look-up per card: the first highest key wins.
            # The first four cards are unrolled (3 to 6 players): a loop costs twice as much.
            keys = _WIN_KEYS[rp[RTRUMP] + 1][led + 2]
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
            won += _WON_BY[winner]
            done = (leader, trick, done)
            if hands:  # cards remain: the winner leads the next trick (R5.1)
                state = _new_state()
                _set_s(state, (rp, _PLAYING, winner, hands, (), winner, -1, won, done, acts))
                return state
            return finish_round(rp, won, done, acts)
        if seat is not None and seat != s[MOVE] and s[PHASE] != _OVER:
            raise NotYourTurnError(
                player=_name(s, seat), action=str(action), reason=f"it is {_name(s, s[MOVE])}'s turn"
            )
        cls = action.__class__
        phase = s[PHASE]
        if cls is Bid and phase == _BIDDING:  # first: bids are the most common actions here
            return _bid(s, action)  # type: ignore[arg-type]
        if isinstance(action, Play) and phase == _PLAYING:
            return _play(s, action)
        if cls is ChooseTrump and phase == _TRUMP:
            return _choose_trump(s, action)  # type: ignore[arg-type]
        if cls is Look and phase == _BIDDING:
            return _look(s, action)  # type: ignore[arg-type]
        if cls is ChangeBid and phase == CLOUD_PHASE:
            from wizardrules import _special  # noqa: PLC0415 - special cards build on this module

            return _special.change_bid(s, action)  # type: ignore[arg-type]
        if cls is PassCard and phase == PASSING_PHASE:
            from wizardrules import _special  # noqa: PLC0415 - special cards build on this module

            return _special.pass_card(s, action)  # type: ignore[arg-type]
        raise _wrong_phase(s, action, seat)

    def view(self, seat: int) -> PlayerView:
        """What `seat` may know now, and nothing else (see [`PlayerView`][wizardrules.PlayerView])."""
        from wizardrules.view import make_view  # noqa: PLC0415 - the view layer builds on this one

        return make_view(self, self._s, self._seat(seat))

    def step(self, action: Action, *, seat: int | None = None) -> tuple[GameState, tuple[Event, ...]]:
        """Apply `action` and also say what happened.

        Returns:
            The new state and the events of the transition, in order.

        Raises:
            IllegalActionError: as for [`apply`][wizardrules.GameState.apply].
        """
        from wizardrules.events import events_between  # noqa: PLC0415 - events build on this module

        after = self.apply(action, seat=seat)
        return after, events_between(self, after, action)

    @property
    def record(self) -> GameRecord:
        """The game so far as a record: rules, chance (the deals) and actions; it replays to this state."""
        from wizardrules.record import GameRecord  # noqa: PLC0415 - records build on this module

        return GameRecord(
            players=self.players,
            rules=self.rules,
            first_dealer=self.first_dealer,
            deals=self.deals,
            actions=self.actions,
        )


_SUIT_PLAYS: Final = SUIT_PLAYS
_SUIT_SHIFT: Final = SUIT_SHIFT
_RED, _YELLOW, _GREEN, _BLUE = SUIT_PLAYS
_PLAY_J: Final = (PLAYS[Card.JESTER],)
_PLAY_W: Final = (PLAYS[Card.WIZARD],)
_SPECIAL_PLAYS: Final = SPECIAL_PLAYS
_WIN_KEYS: Final = WIN_KEYS
_HELD_BITS: Final = _core.HELD_BITS
_HELD_AT: Final = tuple(
    tuple((BITS_OF[card] if i >= 52 else 1 << i) << (seat * 67) for i, card in enumerate(CARD_OF[:60]))
    for seat in range(MAX_PLAYERS)
)
"""Per seat, the packed-hands bits of each standard card's bit index; all four copies for a Wizard or Jester."""
_SUIT_AT: Final = tuple(tuple(suit << (seat * 67) for suit in SUIT_BITS) for seat in range(MAX_PLAYERS))
"""Per seat, the packed-hands bits of each suit."""
_ALONE: Final = tuple((code,) for code in range(len(CARD_OF)))
"""Each card code in a tuple of its own, to add to a trick without building one."""
_WON_BY: Final = tuple(1 << (8 * seat) for seat in range(MAX_PLAYERS))
"""What a trick won adds to the packed tricks-taken counts, by seat."""
_new_state = GameState  # with no __init__, calling the class makes an empty state fastest
_set = object.__setattr__
# Sets a state's only slot directly: about 20 ns cheaper than object.__setattr__, which first
# looks the name up on the class.
_set_s = GameState.__dict__["_s"].__set__


def _state(s: tuple[Any, ...]) -> GameState:
    state = _new_state()
    _set_s(state, s)
    return state


def _round_actions(acts: Any, done: Any, trick: tuple[int, ...]) -> list[Action]:
    """A round's actions in order: those other than plays, with the plays read from its tricks between them."""
    tricks = [cards for _leader, cards in _unlink_tricks(done)]
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


def tricks_finished(s: tuple[Any, ...]) -> int:
    """How many tricks of the round are finished."""
    count = 0
    node = s[DONE]
    while node is not None:
        node = node[2]
        count += 1
    return count


def done_tricks(s: tuple[Any, ...]) -> list[tuple[int, tuple[int, ...]]]:
    """The round's finished tricks as (leader, card codes), in order."""
    return _unlink_tricks(s[DONE])


def _unlink_tricks(node: Any) -> list[tuple[int, tuple[int, ...]]]:
    tricks: list[tuple[int, tuple[int, ...]]] = []
    append = tricks.append
    while node is not None:
        leader, cards, node = node
        append((leader, cards))
    tricks.reverse()
    return tricks


def _name(s: tuple[Any, ...], seat: object) -> str:
    players = s[R][RG].players
    if type(seat) is int and 0 <= seat < len(players):
        return str(players[seat])
    return f"seat {seat!r}"


def _wrong_phase(s: tuple[Any, ...], action: object, seat: int | None = None) -> IllegalActionError:
    phase = s[PHASE]
    if seat is not None:
        player = _name(s, seat)
    elif phase == _OVER:
        player = "a player"
    else:
        player = _name(s, s[MOVE])
    if not isinstance(action, (Bid, Play, ChooseTrump, Look, ChangeBid, PassCard)):
        return WrongPhaseError(player=player, action=repr(action), reason="it is not an action")
    if phase == _OVER:
        return WrongPhaseError(player=player, action=str(action), reason="the game is over")
    if isinstance(action, Look) and phase == _BIDDING:
        reason = "looking at the hand belongs to blind bidding, which is not on (R4.4)"
        if Variant.BLIND_BIDS in s[R][RG].rules.variants:
            reason = "nobody looks at their own cards in a clairvoyance round (R4.5)"
    else:
        reason = {
            _TRUMP: "the dealer must first choose the trump suit (R3.2)",
            _BIDDING: "it is time to bid (R4.1)",
            _PLAYING: "the bidding is over; it is time to play a card (R5)",
            CLOUD_PHASE: "the winner of the Cloud's trick must first change their bid (R8.2)",
            PASSING_PHASE: "after the Juggler's trick every player first passes a card (R8.3)",
        }[phase]
        extra = s[R][RSPECIAL]
        if phase == _TRUMP and extra is not None and extra.wolf >= 0:
            reason = f"{_name(s, extra.wolf)}, who swapped the Werewolf, must first name the trump (R8.6)"
    return WrongPhaseError(player=player, action=str(action), reason=reason)


def trick_value(leader: int, n: int, trump: int, cards: tuple[int, ...]) -> Trick:
    """The public Trick value of an engine trick, which is valid by construction (no re-check)."""
    trick = _new_trick(Trick)
    _set(trick, "leader", leader)
    _set(trick, "players", n)
    _set(trick, "trump", None if trump < 0 else SUITS[trump])
    _set(trick, "cards", tuple(map(CARD_OF.__getitem__, cards)))
    return trick


_new_trick = Trick.__new__


# -- transitions -------------------------------------------------------------------------


def _start_round(
    game: _Game, rnd: int, totals: tuple[int, ...], rounds: Any, acts: Any, cache: _RoundCache
) -> GameState:
    n = game.n
    dealer = (game.first_dealer + rnd) % n
    phase = _BIDDING
    to_move = (dealer + 1) % n
    looked = 0 if game.blind_rounds[rnd] else (1 << n) - 1
    fixed = game.fixed[rnd]
    if fixed != _NOT_FIXED:
        trump = fixed
    else:
        turned = game.turned[rnd]
        trump = -1
        if 0 <= turned < 52:
            trump = turned // 13
        elif 52 <= turned < 56 or turned in _DEALER_CHOOSES:  # the dealer chooses after looking (R3.2, R8.10)
            phase = _TRUMP
            to_move = dealer
            looked |= 1 << dealer
    hands = game.masks[rnd]
    extra = None
    if game.specials:
        from wizardrules import _special  # noqa: PLC0415 - special cards build on this module

        hands, extra, wolf = _special.swap_werewolf(game, rnd, hands)
        if wolf >= 0:  # the Werewolf's holder names the trump instead of the dealer (R8.6)
            phase, to_move, trump = _TRUMP, wolf, -1
            looked = (0 if game.blind_rounds[rnd] else (1 << n) - 1) | 1 << wolf
    memo = game.allowed_memo  # the first bidder's bids, looked up as allowed_bids_at does
    allowed = None if memo is None else memo.get(game.bid_keys[rnd] | (n == 1))
    round_part: tuple[Any, ...] = (game, rnd, trump, (-1,) * n, looked, 0, totals, rounds, 0, 0, cache, extra, allowed)
    if allowed is None:  # a custom policy, or a situation not in the memo yet
        round_part = (*round_part[:RALLOWED], allowed_bids_at(round_part))
    state = _new_state()
    _set_s(state, (round_part, phase, to_move, hands, (), (dealer + 1) % n, -1, 0, None, acts))
    return state


def _choose_trump(s: tuple[Any, ...], action: ChooseTrump) -> GameState:
    me = s[MOVE]
    suit = action.suit
    extra = s[R][RSPECIAL]
    wolf = extra is not None and extra.wolf >= 0
    if suit is None and not wolf:
        raise WrongPhaseError(
            player=_name(s, me), action=str(action), reason="the dealer must name one of the four suits (R3.2)"
        )
    if suit is not None and not isinstance(suit, Suit):
        raise WrongPhaseError(player=_name(s, me), action=str(action), reason="the trump must be one of the four suits")
    round_part = list(s[R])
    round_part[RTRUMP] = -1 if suit is None else SUITS.index(suit)
    round_part[RLOOKED] |= 1 << me
    # the first bidder is left of the dealer, whoever named the trump (R4.1, R8.6)
    return _state((tuple(round_part), _BIDDING, s[LEADER], *s[HANDS:ACTS], (action, 0, s[ACTS])))


def _look(s: tuple[Any, ...], action: Look) -> GameState:
    me = s[MOVE]
    rp = s[R]
    if not rp[RG].blind_rounds[rp[RND]]:
        raise _wrong_phase(s, action)
    if rp[RLOOKED] >> me & 1:
        raise WrongPhaseError(player=_name(s, me), action="look", reason="they have looked at their cards already")
    round_part = list(rp)
    round_part[RLOOKED] |= 1 << me
    return _state((tuple(round_part), *s[PHASE:ACTS], (action, 0, s[ACTS])))


def _bids_in_order(rp: tuple[Any, ...]) -> tuple[int, ...]:
    game = rp[RG]
    n = game.n
    first = (game.first_dealer + rp[RND] + 1) % n
    bids = rp[RBIDS]
    return tuple(bids[(first + i) % n] for i in range(rp[RNBIDS]))


def bid_context(rp: tuple[Any, ...]) -> BidContext:
    """The bidding situation of a round part, for bid policies."""
    game: _Game = rp[RG]
    rnd = rp[RND]
    return BidContext(
        cards=game.schedule.cards_per_round[rnd],
        bids=_bids_in_order(rp),
        players=game.n,
        round_number=rnd + 1,
        totals=rp[RTOTALS],
        dealer=(game.first_dealer + rnd) % game.n,
    )


def bid_key(cards: int, first_round: bool) -> int:
    """The round's part of a key of the allowed-bids memo; a key adds `bid sum << 1 | last bidder`.

    A bid sum is at most 6 players times 67 cards, below 512, so nine bits hold it.
    """
    return (cards << 1 | first_round) << 10


def allowed_bids_at(rp: tuple[Any, ...]) -> frozenset[int]:
    """The bids the next bidder of a round part may make (memoized for the built-in policies)."""
    game: _Game = rp[RG]
    memo = game.allowed_memo
    if memo is None:
        return _policy_bids(rp)
    rnd = rp[RND]
    key = game.bid_keys[rnd] | rp[RSUM] << 1 | (rp[RNBIDS] == game.n - 1)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _policy_bids(rp)
    return found


def _policy_bids(rp: tuple[Any, ...]) -> frozenset[int]:
    """The policy's allowed bids, kept to whole numbers 0..cards whatever a custom policy returns."""
    context = bid_context(rp)
    allowed = rp[RG].rules.bid_policy.allowed(context)
    return frozenset(b for b in allowed if type(b) is int and 0 <= b <= context.cards)


def _bid(s: tuple[Any, ...], action: Bid) -> GameState:
    game, rnd, trump, bids, looked, blind, totals, rounds, nbids, bid_sum, cache, extra, allowed = s[R]
    me = s[MOVE]
    tricks = action.tricks
    if action.blind or not looked >> me & 1 or tricks not in allowed:
        blind = _checked_bid(s, action)  # raises, or the blind mask after a legal blind bid
    n = game.n
    bids = list(bids)  # cheaper than joining slices around the new bid
    bids[me] = tricks
    nbids += 1
    bid_sum += tricks
    if nbids == n:  # everyone has bid: the player left of the dealer leads (R5.1)
        phase, to_move, allowed = _PLAYING, s[LEADER], _NO_BIDS
    else:
        phase, to_move = _BIDDING, (me + 1) % n
        memo = game.allowed_memo  # the next bidder's bids, looked up as allowed_bids_at does
        allowed = None if memo is None else memo.get(game.bid_keys[rnd] | bid_sum << 1 | (nbids == n - 1))
    looked |= 1 << me
    round_part: tuple[Any, ...] = (
        game,
        rnd,
        trump,
        tuple(bids),
        looked,
        blind,
        totals,
        rounds,
        nbids,
        bid_sum,
        cache,
        extra,
        allowed,
    )
    if allowed is None:  # a custom policy, or a situation not in the memo yet
        round_part = (*round_part[:RALLOWED], allowed_bids_at(round_part))
    state = _new_state()
    # while bidding, no card is played yet: no trick, no led suit, no tricks won
    _set_s(state, (round_part, phase, to_move, s[HANDS], (), s[LEADER], -1, 0, None, (action, 0, s[ACTS])))
    return state


def _checked_bid(s: tuple[Any, ...], action: Bid) -> int:
    """Check a blind bid, or a bid refused on `_bid`'s fast path: the blind mask after it, else the error."""
    rp = s[R]
    game: _Game = rp[RG]
    me = s[MOVE]
    player = game.players[me]
    tricks = action.tricks
    rnd = rp[RND]
    cards = game.cards[rnd]
    if type(tricks) is not int or not 0 <= tricks <= cards:
        raise IllegalBidError(player=player, action=str(action), reason=f"a bid is 0..{cards} (R4.1)")
    bit = 1 << me
    blind: int = rp[RBLIND]
    if action.blind:
        if not game.blind_rounds[rnd]:
            reason = "the rules do not allow blind bids (R4.4)"
            if Variant.BLIND_BIDS in game.rules.variants:
                reason = "nobody can bid blind in a clairvoyance round (R4.5)"
            raise IllegalBidError(player=player, action=str(action), reason=reason)
        if rp[RLOOKED] & bit:
            raise IllegalBidError(player=player, action=str(action), reason="they have looked at their cards (R4.4)")
        blind |= bit
    elif not rp[RLOOKED] & bit:
        raise IllegalBidError(player=player, action=str(action), reason="look at the cards first, or bid blind (R4.4)")
    if tricks not in rp[RALLOWED]:
        reason = game.rules.bid_policy.refusal(bid_context(rp), tricks) or "the bid policy forbids it"
        raise IllegalBidError(player=player, action=str(action), reason=f"{reason} (R4.2)")
    return blind


def _play(s: tuple[Any, ...], action: Play) -> GameState:
    """Play the held card of any Play value; a standard card goes on as its shared Play, on `apply`'s fast path."""
    me = s[MOVE]
    card = action.card
    held = hand_of(s[HANDS], me) & _HELD_BITS.get(card, 0)
    if not held:
        raise _refused_play(s, action, held)
    index = (held & -held).bit_length() - 1
    if index >= 60:  # a special card (R8)
        from wizardrules import _special  # noqa: PLC0415 - special cards build on this module

        return _special.play_special(s, action, index)
    return _state(s).apply(PLAYS[card])


def _refused_play(s: tuple[Any, ...], action: Play, held: int) -> IllegalActionError:
    """Why a play is refused: the card is not held (`held` is 0), or the led suit must be followed."""
    player = _name(s, s[MOVE])
    if not held:
        reason = f"{action.card} is not in their hand"
        if action.card is Card.WEREWOLF:
            reason = "the Werewolf is never played: it is swapped for the turned-up card (R8.6)"
        return CardNotHeldError(player=player, action=str(action), reason=reason)
    led = SUITS[s[LED]].name.lower()
    reason = f"they hold {led}, the led suit, and must follow it (R5.3)"
    return MustFollowSuitError(player=player, action=str(action), reason=reason)


def finish_round(rp: tuple[Any, ...], won_packed: int, done: Any, acts: Any) -> GameState:
    """Score the round onto the totals, then deal the next round or end the game (R6, R7)."""
    game, rnd, trump, bids, looked, blind, totals, rounds, _nbids, bid_sum, cache, extra, _allowed = rp
    n = game.n
    won = tuple(won_packed.to_bytes(n, "little"))  # as won_of: the counts are the bytes
    table = game.points_table
    if table is not None and not blind:  # the common case: a built-in score rule and no blind bid
        totals = tuple(map(add, totals, map(getitem, map(table.__getitem__, bids), won)))
    else:
        keys = tuple(zip(bids, won, _BLIND_FLAGS[n][blind], strict=True))
        memo = game.points_memo
        points = None if memo is None else list(map(memo.get, keys))
        if points is None or None in points:  # a custom score rule, or points not in the memo yet
            points = _round_points(game, keys)
        totals = tuple(map(add, totals, points))
    cloud = bombs = None
    if extra is not None:
        cloud = extra.cloud
        bombs = sum(_core.BOMB in cards for _leader, cards in _unlink_tricks(done))
    rounds = (*rounds, (bids, blind, won, trump, cloud, bombs or 0, acts, done))
    if rnd + 1 < len(game.masks):
        return _start_round(game, rnd + 1, totals, rounds, None, _RoundCache(cache))
    round_part = (
        game,
        rnd,
        trump,
        bids,
        looked,
        blind,
        totals,
        rounds,
        n,
        bid_sum,
        _RoundCache(cache),
        extra,
        _NO_BIDS,
    )
    dealer = (game.first_dealer + rnd) % n
    return _state((round_part, _OVER, -1, 0, (), (dealer + 1) % n, -1, won_packed, done, None))


def _round_points(game: _Game, keys: tuple[tuple[int, int, bool], ...]) -> list[int]:
    """Each seat's points by (bid, tricks, blind), from the score rule (R6).

    A built-in score rule's points are kept in its shared memo; a custom rule has none and
    is asked once per distinct key of the round.
    """
    memo: dict[tuple[int, int, bool], int] = {} if game.points_memo is None else game.points_memo
    points = []
    for key in keys:
        value = memo.get(key)
        if value is None:
            bid, tricks, blind = key
            value = memo[key] = game.rules.score_rule.points(bid, tricks, blind=blind)
        points.append(value)
    return points


# -- legal actions ---------------------------------------------------------------------


def _other_actions(s: tuple[Any, ...]) -> tuple[Action, ...]:
    phase = s[PHASE]
    if phase == _BIDDING:
        rp = s[R]
        return bid_actions(rp[RALLOWED], not rp[RLOOKED] >> s[MOVE] & 1)
    if phase == _TRUMP:
        extra = s[R][RSPECIAL]
        return TRUMP_ACTIONS if extra is None or extra.wolf < 0 else WEREWOLF_TRUMP_ACTIONS
    if phase == _OVER:
        return ()
    from wizardrules import _special  # noqa: PLC0415 - special cards build on this module

    return _special.special_actions(s)


def bid_actions(allowed: frozenset[int], blind: bool) -> tuple[Action, ...]:
    """The bidding actions for the allowed bids: `look` and blind bids before looking, else bids."""
    memo = _BLIND_BID_ACTIONS_MEMO if blind else _BID_ACTIONS_MEMO
    found = memo.get(allowed)
    if found is None:
        bids = tuple((BLIND_BIDS if blind else BIDS)[b] for b in sorted(allowed))
        found = memo[allowed] = (LOOK, *bids) if blind else bids
    return found


TRUMP_ACTIONS: Final = tuple(TRUMPS[suit] for suit in SUITS)
"""The dealer's four trump choices, in suit order."""
WEREWOLF_TRUMP_ACTIONS: Final = (*TRUMP_ACTIONS, TRUMPS[None])
"""The Werewolf's holder's choices: the four suits or no trump (R8.6)."""
_DEALER_CHOOSES: Final = frozenset(
    SPECIAL_BIT[s] for s in (Special.DRAGON, Special.CLOUD, Special.JUGGLER, Special.SHAPESHIFTER, Special.WEREWOLF)
)
"""Turned-up special cards after which the dealer names the trump (R8.10)."""


# -- the score sheet -------------------------------------------------------------------------


def _build_sheet(s: tuple[Any, ...], cache: _RoundCache) -> ScoreSheet:
    """The sheet of the finished rounds, from the previous round's sheet when it was built."""
    game: _Game = s[R][RG]
    finished = s[R][RROUNDS]
    previous = cache.previous
    if previous is not None and previous.sheet is not None and len(previous.sheet.rounds) == len(finished) - 1:
        sheet = previous.sheet
        finished = finished[-1:]
    else:
        sheet = ScoreSheet(players=game.players, rules=game.rules, first_dealer=game.first_dealer)
    cache.previous = None  # the older sheets are no longer needed
    for final_bids, blind, won, trump, cloud, bombs, *_actions in finished:
        bids, change = final_bids, None
        if cloud is not None:  # the sheet takes the bids as made and the Cloud's change (R8.2)
            seat, delta = cloud
            bids = (*bids[:seat], bids[seat] - delta, *bids[seat + 1 :])
            change = (seat, CloudChange(delta))
        sheet = sheet.record(
            bids=bids,
            tricks=won,
            blind=[seat for seat in range(game.n) if blind >> seat & 1],
            trump=None if trump < 0 else SUITS[trump],
            cloud=change,
            bombs=bombs,
        )
    return sheet


# -- new games -------------------------------------------------------------------------------


def draw_dealer(n: int, rng: random.Random) -> int:
    """R2.5: each player draws a card; the highest deals (Wizard, then rank, Jester lowest); ties draw again."""
    drawing = list(range(n))
    while True:
        picks = rng.sample(range(_core.DECK_SIZE), len(drawing))
        values = [14 if 52 <= c < 56 else (0 if c >= 56 else c % 13 + 1) for c in picks]
        best = max(values)
        drawing = [seat for seat, value in zip(drawing, values, strict=True) if value == best]
        if len(drawing) == 1:
            return drawing[0]


_Dealt = list[tuple[int, int]]
"""Per round: every hand packed into one int (67 bits a seat) and the turned-up card's bit or -1."""


# What each card adds to a hand's sum: a suit or special card its own bit, each Wizard 1 << 52
# and each Jester 1 << 56, so that summing a dealt hand counts its Wizards (bits 52..54) and
# Jesters (bits 56..58) in one C-level call.
_DECK_VALUES: Final = [1 << i for i in range(52)] + [1 << 52] * 4 + [1 << 56] * 4
_ONE_WIZARD: Final = 1 << 52
_ONE_JESTER: Final = 1 << 56
_KEEP: Final = ANY_SUIT_BITS | SPECIAL_BITS
_ANY_SUIT: Final = ANY_SUIT_BITS
_SEAT_SHIFTS: Final = tuple(seat * 67 for seat in range(MAX_PLAYERS))
_NEXT_SEAT: Final = tuple(tuple((seat + 1) % n for seat in range(n)) for n in range(MAX_PLAYERS + 1))
"""`_NEXT_SEAT[n][seat]`: the seat after `seat` at a table of `n`."""
_HAND_SLICES: Final = tuple(
    tuple(tuple(slice(seat * cards, (seat + 1) * cards) for seat in range(n)) for cards in range(68))
    for n in range(MAX_PLAYERS + 1)
)
"""`_HAND_SLICES[n][cards]`: where each seat's hand lies in a dealt deck."""
_NEXT_COPIES: Final = tuple((52 + used // 5, 56 + used % 5) for used in range(25))
"""The bit of the next Wizard and the next Jester to number, once `used` copies are numbered (5 * Wizards + Jesters)."""


def _renumber_table() -> tuple[tuple[tuple[int, int], ...], ...]:
    """`[used][counts]`: the copy bits of a hand with `counts` (Wizards + 16 * Jesters), and the new `used`.

    `used` counts the copies numbered before the hand, 5 * Wizards + Jesters.
    """
    table = []
    for used in range(25):
        wizard, jester = _NEXT_COPIES[used]
        row = []
        for counts in range(256):
            w, k = counts & 0xF, counts >> 4
            if wizard + w > 56 or jester + k > 60:  # more copies than the deck has: never looked up
                w = k = 0
            bits = ((1 << w) - 1) << wizard | ((1 << k) - 1) << jester
            row.append((bits, used + 5 * w + k))
        table.append(tuple(row))
    return tuple(table)


_RENUMBER: Final = _renumber_table()
_BLIND_FLAGS: Final = tuple(
    tuple(tuple(bool(mask >> seat & 1) for seat in range(n)) for mask in range(1 << n)) for n in range(MAX_PLAYERS + 1)
)
"""`_BLIND_FLAGS[n][mask]`: per seat, whether the blind mask `mask` has the seat's bit."""


_SPANS: Final = tuple(tuple(float(size - i) for i in range(size)) for size in range(_core.DECK_SIZE + 8))
"""`_SPANS[size]`: the cards left to draw from, as floats, at each step of a deal from `size` cards."""


def random_deals(schedule: Schedule, n: int, fixed: tuple[int, ...], rng: random.Random, specials: int = 0) -> _Dealt:
    """Deal every round (R2.6): a partial Fisher-Yates shuffle of the deck per round.

    `specials` holds the hand bits of the special cards in the deck (R1.4).
    """
    deals = []
    uniform = rng.random
    full_deck = _DECK_VALUES + [1 << i for i in range(60, 67) if specials >> i & 1]
    size = len(full_deck)
    spans = _SPANS[size]
    for rnd, cards in enumerate(schedule.cards_per_round):
        dealt = n * cards
        turn_up = fixed[rnd] == _NOT_FIXED and dealt < size
        needed = dealt + 1 if turn_up else dealt
        deck = full_deck[:]
        # j = i + int(uniform() * (size - i)): uniform up to float rounding (2**-53). Written
        # with floor (a plain function, cheaper than calling int) and the spans as floats.
        for i, span in zip(range(needed), spans, strict=False):  # the first `needed` spans
            j = i + floor(uniform() * span)
            deck[i], deck[j] = deck[j], deck[i]
        packed = 0
        used = 0  # copies of the Wizard and the Jester numbered so far, as _RENUMBER counts them
        for shift, hand in zip(_SEAT_SHIFTS, map(sum, map(deck.__getitem__, _HAND_SLICES[n][cards])), strict=False):
            if hand > _ANY_SUIT:
                # Wizards and Jesters are interchangeable: number their copies seat by seat, as
                # an explicit deal does, so that a game and its replay hold the very same bits.
                bits, used = _RENUMBER[used][hand >> 52 & 0xFF]
                packed |= (hand & _KEEP | bits) << shift
            else:
                packed |= hand << shift
        turned = -1
        if turn_up:
            value = deck[dealt]
            if value == _ONE_WIZARD:
                turned = _NEXT_COPIES[used][0]
            elif value == _ONE_JESTER:
                turned = _NEXT_COPIES[used][1]
            else:
                turned = value.bit_length() - 1
        deals.append((packed, turned))
    return deals


def _not_in_deck(card: object) -> str:
    """Why a card of an explicit deal is refused."""
    if isinstance(card, Card) and card.undeclared is not card:
        return "is a card as played; a deal holds cards as dealt, without a declaration (R1.2)"
    return "is not a card left in the deck"


def _given_deals(deal: Sequence[Deal], schedule: Schedule, n: int, fixed: tuple[int, ...], specials: int) -> _Dealt:
    rounds = as_tuple(deal, "deal", DealError)
    in_deck = (1 << 60) - 1 | specials
    deck_size = _core.DECK_SIZE + specials.bit_count()
    if len(rounds) != schedule.rounds:
        raise DealError(f"deal: {len(rounds)} rounds given, the schedule has {schedule.rounds}")
    result = []
    for number, (item, cards) in enumerate(zip(rounds, schedule.cards_per_round, strict=True), start=1):
        if not isinstance(item, Deal):
            raise DealError(f"deal round {number}: {item!r} is not a Deal")
        if len(item.hands) != n:
            raise DealError(f"deal round {number}: {len(item.hands)} hands for {n} players")
        packed = 0
        used = 0
        for seat, hand in enumerate(item.hands):
            if len(hand) != cards:
                raise DealError(f"deal round {number}: seat {seat} has {len(hand)} cards, the round deals {cards}")
            mask = 0
            for card in hand:
                free = BITS_OF.get(card, 0) & in_deck & ~(used | mask) if isinstance(card, Card) else 0
                if not free:
                    raise DealError(f"deal round {number}: {card!r} {_not_in_deck(card)}")
                mask |= free & -free
            used |= mask
            packed |= mask << (seat * 67)
        turned = -1
        expect_card = fixed[number - 1] == _NOT_FIXED and n * cards < deck_size
        if item.turned_up is not None:
            if not expect_card:
                raise DealError(f"deal round {number}: no card is turned up in this round (R3.4, R3.5)")
            card = item.turned_up
            free = BITS_OF.get(card, 0) & in_deck & ~used if isinstance(card, Card) else 0
            if not free:
                raise DealError(f"deal round {number}: turned-up {card!r} {_not_in_deck(card)}")
            turned = (free & -free).bit_length() - 1
        elif expect_card:
            raise DealError(f"deal round {number}: a card must be turned up for trump (R3.1)")
        result.append((packed, turned))
    return result


def new_game(
    players: Sequence[str] | int,
    *,
    rules: Rules | None = None,
    seed: int | None = None,
    rng: random.Random | None = None,
    deal: Sequence[Deal] | None = None,
    first_dealer: int | None = None,
) -> GameState:
    """Start a game: deal every round from the given chance and return the first state.

    Give exactly one source of chance (R2.6): `seed`, `rng` or an explicit `deal` per round.

    Args:
        players: the players' names in seat order, or their number (named "Player 1", ...).
        rules: the rules; the rulebook's by default.
        seed: a seed for a new `random.Random`.
        rng: a `random.Random` to draw the deals (and the first dealer) from.
        deal: every round's hands and turned-up card, for replays and tests.
        first_dealer: the seat dealing round 1; by default drawn as in R2.5 (seat 0 with `deal`).

    Raises:
        RulesError: a wrong number of players, rules the engine cannot play, or not exactly one source of chance.
        PlayerError: duplicate or empty names.
        DealError: an explicit deal that does not fit the schedule or the deck.

    Example:
        >>> state = new_game(4, seed=1)
        >>> state.players, state.phase.value, len(state.hand(state.to_move))
        (('Player 1', 'Player 2', 'Player 3', 'Player 4'), 'bidding', 1)
    """
    if rules is None:
        rules = _DEFAULT_RULES
    if isinstance(players, int):
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RulesError(f"{players!r} players; Wizard is for {MIN_PLAYERS} to {MAX_PLAYERS} (R2.1)")
        setup = _SETUPS.get((id(rules), players))
        if setup is None or setup.rules is not rules:
            setup = _setup(tuple(f"Player {i + 1}" for i in range(players)), rules)
            if len(_SETUPS) >= _MAX_SETUPS:
                _SETUPS.clear()
            _SETUPS[id(rules), players] = setup
    else:
        setup = _setup(players, rules)
    n = setup.n
    schedule = setup.schedule
    fixed = setup.fixed
    specials = setup.specials
    sources = sum(x is not None for x in (seed, rng, deal))
    if sources != 1:
        raise RulesError(f"new_game needs exactly one source of chance (seed=, rng= or deal=), got {sources} (R2.6)")
    if seed is not None:
        if type(seed) is not int:
            raise RulesError(f"seed {seed!r} must be an integer")
        rng = random.Random(seed)
    if rng is not None and not isinstance(rng, random.Random):
        raise RulesError(f"rng {rng!r} must be a random.Random")
    if first_dealer is None:
        first_dealer = 0 if rng is None else draw_dealer(n, rng)
    elif type(first_dealer) is not int or not 0 <= first_dealer < n:
        raise RulesError(f"first_dealer {first_dealer!r} must be a seat 0..{n - 1}")
    if rng is not None:
        deals = random_deals(schedule, n, fixed, rng, specials)
    else:
        assert deal is not None  # noqa: S101 - exactly one source was given
        deals = _given_deals(deal, schedule, n, fixed, specials)
    game = _Game(
        players=setup.players,
        rules=rules,
        schedule=schedule,
        first_dealer=first_dealer,
        n=n,
        next_seat=_NEXT_SEAT[n],
        cards=schedule.cards_per_round,
        masks=tuple(packed for packed, _ in deals),
        turned=tuple(turned for _, turned in deals),
        fixed=fixed,
        blind_rounds=setup.blind_rounds,
        allowed_memo=setup.allowed_memo,
        bid_keys=setup.bid_keys,
        points_memo=setup.points_memo,
        points_table=setup.points_table,
        specials=specials,
        deck_size=setup.deck_size,
    )
    return _start_round(game, 0, (0,) * n, (), None, _RoundCache())


class _Setup(NamedTuple):
    """What a game takes from its players and rules alone, checked and worked out once."""

    rules: Rules
    players: tuple[str, ...]
    n: int
    schedule: Schedule
    fixed: tuple[int, ...]
    blind_rounds: tuple[bool, ...]
    allowed_memo: dict[int, frozenset[int]] | None
    bid_keys: tuple[int, ...]
    points_memo: dict[tuple[int, int, bool], int] | None
    points_table: tuple[tuple[int, ...], ...] | None
    specials: int
    deck_size: int


def _setup(names: Sequence[str], rules: Rules) -> _Setup:
    sheet = ScoreSheet(players=names, rules=rules)  # checks names, rules and player count
    schedule = sheet.schedule
    specials = sum(1 << SPECIAL_BIT[special] for special in rules.special_cards)
    blind_on = Variant.BLIND_BIDS in rules.variants
    clairvoyance = Variant.CLAIRVOYANCE in rules.variants
    # StandardScore is frozen, so its points can be shared; a custom rule is asked every time.
    standard = rules.score_rule if isinstance(rules.score_rule, StandardScore) else None
    return _Setup(
        rules=rules,
        players=sheet.players,
        n=len(sheet.players),
        schedule=schedule,
        fixed=tuple(
            _NOT_FIXED if t is None else (-1 if t.suit is None else SUITS.index(t.suit))
            for t in (schedule.fixed_trump(r) for r in range(1, schedule.rounds + 1))
        ),
        blind_rounds=tuple(blind_on and not (clairvoyance and r == 0) for r in range(schedule.rounds)),
        bid_keys=tuple(bid_key(cards, rnd == 0) for rnd, cards in enumerate(schedule.cards_per_round)),
        allowed_memo=_ALLOWED_BY_POLICY.setdefault(rules.bid_policy, {})
        if type(rules.bid_policy) in _SIMPLE_POLICIES
        else None,
        points_memo=None if standard is None else _POINTS_BY_RULE.setdefault(standard, {}),
        points_table=None if standard is None else _points_table(standard, max(schedule.cards_per_round)),
        specials=specials,
        deck_size=_core.DECK_SIZE + specials.bit_count(),
    )


def _points_table(rule: StandardScore, most: int) -> tuple[tuple[int, ...], ...]:
    """`[bid][tricks]`: the points of a bid made looking, for bids and tricks up to `most` (kept per rule)."""
    table = _POINTS_TABLES.get((rule, most))
    if table is None:
        if len(_POINTS_TABLES) >= _MAX_SETUPS:
            _POINTS_TABLES.clear()
        table = _POINTS_TABLES[rule, most] = tuple(
            tuple(rule.points(bid, tricks) for tricks in range(most + 1)) for bid in range(most + 1)
        )
    return table


_POINTS_TABLES: dict[tuple[StandardScore, int], tuple[tuple[int, ...], ...]] = {}
_DEFAULT_RULES: Final = Rules()
_SETUPS: dict[tuple[int, int], _Setup] = {}
"""The setups of games with numbered players by (id(rules), players): rules are frozen, so the
checks of a rules value and a player count pass once for all. Each setup holds its rules,
which keeps the id from being reused, and is used only for that very rules object."""
_MAX_SETUPS: Final = 64


def is_clairvoyant(s: tuple[Any, ...]) -> bool:
    """Whether the current round is played with clairvoyance (R4.5: round 1 only)."""
    return s[R][RND] == 0 and Variant.CLAIRVOYANCE in s[R][RG].rules.variants
