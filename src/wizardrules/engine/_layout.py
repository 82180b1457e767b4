"""The shape of a game's state: its phases, its core tuple and the fixed part of a game.

A [`GameState`][wizardrules.GameState] holds one plain tuple, the *core*. Plain tuples are
what Python builds and reads fastest, and a card played copies only what a card changes:
the core holds a *round part*, a second tuple with what stays fixed while the cards of a
round are played, and the round part holds the [`Game`][wizardrules.engine._layout.Game],
what stays fixed for the whole game.

Each tuple has a `NamedTuple` twin here (`CoreFields`, `RoundFields`, `FinishedFields`)
that documents its fields in order, and a tuple type (`Core`, `RoundPart`, `Finished`) that
gives mypy every field's type in the same order. The engine never builds the twins on its
hot path; it reads the tuples with literal index constants (`HANDS`, `R_BIDS`, ...), so that
mypy types `core[HANDS]` as the field's own type, and `fields_of` shows any core as its twin
for debugging and tests. The tests check that the constants, the twins and the tuple types
agree, field by field. Values that stand for "none" are named (`NO_SUIT`, `FREED`,
`NO_SEAT`, `NO_BID`, `NO_CARD`, `NOT_FIXED`), never written as bare numbers.

Packed numbers (`Hands`, `Mask`, `Code`) follow the bit layout of `wizardrules._tables.codes`.

Examples:
    >>> from wizardrules import new_game
    >>> core = fields_of(new_game(3, seed=1)._core)
    >>> core.phase == BIDDING_PHASE, core.trick, core.round.number
    (True, (), 0)
"""

from __future__ import annotations

import enum
from typing import Final, NamedTuple, TypeAlias

from attrs import field, frozen

from wizardrules._convert import shown
from wizardrules._tables.codes import CARD_OF, HAND_BITS, SEAT_BITS
from wizardrules.actions import Action
from wizardrules.cards import Suit
from wizardrules.errors import SeatError
from wizardrules.rules import Rules, Schedule
from wizardrules.sheet import ScoreSheet
from wizardrules.tricks import MAX_PLAYERS, Trick

Hands: TypeAlias = int
"""Every seat's hand in one int: seat `s` holds the `SEAT_BITS` bits from `SEAT_BITS * s` (a `Mask` each)."""
Mask: TypeAlias = int
"""One hand: a bit per card held, in the bit layout of `wizardrules._tables.codes`."""
Code: TypeAlias = int
"""A card in a trick: its bit index, or the code of a declared card (from 80 up, see `_core`)."""
Done: TypeAlias = "tuple[int, tuple[Code, ...], Done] | None"
"""A round's finished tricks, newest first: `(leader, codes, rest)` nodes ending in `None`."""
Acts: TypeAlias = "tuple[Action, int, Acts] | None"
"""A round's actions other than plays, newest first: `(action, tricks finished before it, rest)`
nodes ending in `None`."""


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


# The core holds a phase as a small int, one name each; PHASES gives the public value.
TRUMP_PHASE, BIDDING_PHASE, PLAYING_PHASE, OVER_PHASE, CLOUD_PHASE, PASSING_PHASE = range(6)
PHASES: Final = (Phase.TRUMP, Phase.BIDDING, Phase.PLAYING, Phase.OVER, Phase.CLOUD, Phase.PASSING)
"""The public phase of each phase number."""

SUITS: Final = tuple(Suit)
"""The suits by index: a trump or led suit in the core is an index into this."""
NO_SUIT: Final = -1
"""A trump of none (R3.3, R3.4), or no led suit yet (only Jesters played, R5.2)."""
FREED: Final = -2
"""The led suit once a Wizard (or a Dragon, a Shapeshifter as Wizard) came first: none for the trick (R5.2, R8.8)."""
NOT_FIXED: Final = -2
"""In `Game.fixed`: a round whose trump the schedule leaves to the turned-up card (R3.5)."""
NO_SEAT: Final = -1
"""No seat: `to_move` once the game is over, `Extra.wolf` when no Werewolf was swapped (R8.6)."""
NO_BID: Final = -1
"""In a round part's bids: a seat yet to bid."""
NO_CARD: Final = -1
"""No card's bit index: `Game.turned` for a round without a turned-up card (R3.1, R3.4, R3.5), an
entry of `Extra.passes` for a seat yet to choose its card (R8.3)."""


# -- the fixed part of a game --------------------------------------------------------------


@frozen(kw_only=True)
class Game:
    """What stays fixed for a whole game: players, rules, schedule and every round's deal.

    Equal games have equal players, rules, first dealer and deals; the other fields are
    worked out from those, once, for the hot paths.
    """

    players: tuple[str, ...]
    rules: Rules
    schedule: Schedule
    first_dealer: int
    masks: tuple[Hands, ...]
    """Per round, every seat's hand as dealt."""
    turned: tuple[int, ...]
    """Per round, the bit index of the turned-up card, or `NO_CARD` when none is (R3.1, R3.4, R3.5)."""
    n: int = field(eq=False)
    """The number of players."""
    next_seat: tuple[int, ...] = field(eq=False)
    """The seat after each seat, clockwise."""
    cards: tuple[int, ...] = field(eq=False)
    """Cards dealt to each seat per round (the schedule's)."""
    fixed: tuple[int, ...] = field(eq=False)
    """Per round, the schedule's fixed trump (a suit index, `NO_SUIT` for none) or `NOT_FIXED` (R3.5)."""
    blind_rounds: tuple[bool, ...] = field(eq=False)
    """Per round, whether players bid before looking at their cards unless they look (R4.4, R4.5)."""
    allowed_memo: dict[int, frozenset[int]] | None = field(eq=False)
    """Allowed bids by `bid_keys[round] | bid sum << 1 | last bidder`, for the built-in policies
    that need no more (see `_bids`); `None` for a policy that is asked every time."""
    bid_keys: tuple[int, ...] = field(eq=False)
    """Per round, the part of an allowed-bids key that is fixed for the round: its cards and whether it is round 1."""
    points_memo: dict[tuple[int, int, bool], int] | None = field(eq=False)
    """A built-in score rule's points by (bid, tricks, blind); `None` for a custom rule."""
    points_table: tuple[tuple[int, ...], ...] | None = field(eq=False)
    """For a built-in score rule, `points_table[bid][tricks]`: the points of a bid made looking (R6)."""
    specials: Mask = field(default=0, eq=False)
    """The hand bits of the special cards in the deck (R8); 0 for the standard deck."""
    led_after: tuple[int, ...] = field(default=(), eq=False)
    """The rule of the led suit as a table (`_tables.led_after`, R5.2, R8.8)."""
    follow: tuple[int, ...] = field(default=(), eq=False)
    """The rule of following suit as a table (`_tables.follow`, R5.3)."""
    win_keys: tuple[tuple[tuple[int, ...], ...], ...] = field(default=(), eq=False)
    """The rule of the trick's winner as a table (`_tables.win_keys`, R5.4)."""


class RoundCache:
    """What is worth computing once per round, shared by the round's states: its score sheet, and
    the public `Trick` values of its finished tricks, kept by the `done` list node that ends them.

    It never takes part in a state's value: all caches compare equal.
    """

    __slots__ = ("previous", "sheet", "tricks")

    def __init__(self, previous: RoundCache | None = None) -> None:
        self.sheet: ScoreSheet | None = None
        self.previous = previous  # the cache of the round before, whose sheet lacks one round
        self.tricks: dict[int, tuple[Done, tuple[Trick, ...]]] = {}
        """By `id` of a `done` node: the node itself (which keeps the id from being reused) and the
        round's finished tricks up to it, as `Trick` values."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RoundCache)

    def __hash__(self) -> int:
        return 0

    def __reduce__(self) -> tuple[type[RoundCache], tuple[()]]:
        return (RoundCache, ())


@frozen(kw_only=True)
class Extra:
    """A round's special-card state (R8), kept in the round part; `None` there for the standard deck.

    Attributes:
        wolf: the seat that swapped the Werewolf for the turned-up card (R8.6), or `NO_SEAT`.
        cloud: the Cloud's change this round as (seat, +1 or -1), or `None` (R8.2).
        juggle: a Juggler's passing is due once the Cloud's winner has changed their bid (R8.11).
        passes: while passing (R8.3), per seat the hand bit chosen, `NO_CARD` for one yet to choose.
        passed: the round's finished passings, each the hand bit every seat passed left.
    """

    wolf: int = NO_SEAT
    cloud: tuple[int, int] | None = None
    juggle: bool = False
    passes: tuple[int, ...] | None = None
    passed: tuple[tuple[int, ...], ...] = ()


# -- the core tuple and its twins -----------------------------------------------------------


Finished: TypeAlias = tuple[
    tuple[int, ...],  # bids
    int,  # blind
    tuple[int, ...],  # won
    int,  # trump
    tuple[int, int] | None,  # cloud
    int,  # bombs
    Acts,  # acts
    Done,  # done
]
"""A finished round, laid out as `FinishedFields`."""
RoundPart: TypeAlias = tuple[
    Game,  # game
    int,  # number
    int,  # trump
    tuple[int, ...],  # bids
    int,  # looked
    int,  # blind
    tuple[int, ...],  # totals
    tuple[Finished, ...],  # finished
    int,  # bids_made
    int,  # bid_sum
    RoundCache,  # cache
    Extra | None,  # special
    frozenset[int],  # allowed
]
"""A core's round part, laid out as `RoundFields`."""
Core: TypeAlias = tuple[
    RoundPart,  # round
    int,  # phase
    int,  # to_move
    Hands,  # hands
    tuple[Code, ...],  # trick
    int,  # leader
    int,  # led
    int,  # won
    Done,  # done
    Acts,  # acts
]
"""A state's core tuple, laid out as `CoreFields`."""


class RoundFields(NamedTuple):
    """The round part of a core, field by field: what stays fixed while cards are played."""

    game: Game
    number: int
    """The round's index, from 0."""
    trump: int
    """The trump suit's index; `NO_SUIT` for no trump or while it is being chosen."""
    bids: tuple[int, ...]
    """The bids by seat, `NO_BID` for a seat yet to bid; after a Cloud, the changed bid (R8.2)."""
    looked: int
    """A bit per seat that has seen its hand (R4.4)."""
    blind: int
    """A bit per seat that bid blind (R4.4)."""
    totals: tuple[int, ...]
    """Each seat's total before this round."""
    finished: tuple[Finished, ...]
    """The finished rounds, each laid out as `FinishedFields`."""
    bids_made: int
    """How many seats have bid."""
    bid_sum: int
    """The sum of the bids made."""
    cache: RoundCache
    special: Extra | None
    """The round's special-card state; `None` for the standard deck."""
    allowed: frozenset[int]
    """The bids the next bidder may make, worked out once per bid; empty once the bidding is over."""


class CoreFields(NamedTuple):
    """A state's core tuple, field by field."""

    round: RoundPart
    """The round part, laid out as `RoundFields`."""
    phase: int
    """The phase number (`TRUMP_PHASE` ... `PASSING_PHASE`)."""
    to_move: int
    """The seat to act; `NO_SEAT` once the game is over."""
    hands: Hands
    trick: tuple[Code, ...]
    """The cards of the trick being played, in play order."""
    leader: int
    """The seat that leads (or led) the trick."""
    led: int
    """The led suit's index; `NO_SUIT` while none is set, `FREED` once a Wizard freed the trick."""
    won: int
    """Tricks taken this round, 8 bits a seat."""
    done: Done
    """The round's finished tricks, newest first: `(leader, codes, rest)`."""
    acts: Acts
    """The round's actions other than plays, newest first: `(action, tricks finished before it, rest)`;
    plays are read back from the tricks."""


class FinishedFields(NamedTuple):
    """A finished round as the round part keeps it."""

    bids: tuple[int, ...]
    """The final bids, after any Cloud change."""
    blind: int
    won: tuple[int, ...]
    """The tricks each seat took."""
    trump: int
    cloud: tuple[int, int] | None
    """The Cloud's change as (seat, +1 or -1), or `None` (R8.2)."""
    bombs: int
    """Tricks voided by a Bomb (R8.1)."""
    acts: Acts
    done: Done


# The index constants the engine reads the tuples with: each field's position in its twin
# (the tests check that they agree). They are literals so that mypy types `core[HANDS]` as the
# field's own type.
ROUND: Final = 0
PHASE: Final = 1
MOVE: Final = 2
HANDS: Final = 3
TRICK: Final = 4
LEADER: Final = 5
LED: Final = 6
WON: Final = 7
DONE: Final = 8
ACTS: Final = 9

R_GAME: Final = 0
R_NUMBER: Final = 1
R_TRUMP: Final = 2
R_BIDS: Final = 3
R_LOOKED: Final = 4
R_BLIND: Final = 5
R_TOTALS: Final = 6
R_FINISHED: Final = 7
R_BIDS_MADE: Final = 8
R_BID_SUM: Final = 9
R_CACHE: Final = 10
R_SPECIAL: Final = 11
R_ALLOWED: Final = 12


def fields_of(core: Core) -> CoreFields:
    """A core as its named twin, with the round part and the finished rounds named too (for debugging)."""
    named = CoreFields._make(core)
    rp = RoundFields._make(named.round)
    finished = tuple(FinishedFields._make(r) for r in rp.finished)
    return named._replace(round=rp._replace(finished=finished))


# -- reading packed values ------------------------------------------------------------------

SEAT_SHIFTS: Final = tuple(seat * SEAT_BITS for seat in range(MAX_PLAYERS))
"""Where each seat's hand starts in the packed `Hands`."""
WON_BY: Final = tuple(1 << (8 * seat) for seat in range(MAX_PLAYERS))
"""What a trick won adds to the packed tricks-taken counts, by seat."""


def hand_of(hands: Hands, seat: int) -> Mask:
    """One seat's hand out of the packed hands."""
    return hands >> (seat * SEAT_BITS) & HAND_BITS


def won_of(won: int, n: int) -> tuple[int, ...]:
    """The packed tricks-taken counts as a tuple by seat."""
    return tuple(won >> (8 * seat) & 0xFF for seat in range(n))


def tricks_of(done: Done) -> list[tuple[int, tuple[Code, ...]]]:
    """The finished tricks of a `done` list as (leader, codes), in order."""
    tricks: list[tuple[int, tuple[Code, ...]]] = []
    append = tricks.append
    while done is not None:
        leader, cards, done = done
        append((leader, cards))
    tricks.reverse()
    return tricks


def done_tricks(s: Core) -> list[tuple[int, tuple[Code, ...]]]:
    """The round's finished tricks as (leader, codes), in order."""
    return tricks_of(s[DONE])


def tricks_finished(s: Core) -> int:
    """How many tricks of the round are finished."""
    count = 0
    node = s[DONE]
    while node is not None:
        node = node[2]
        count += 1
    return count


def name_of(s: Core, seat: object) -> str:
    """The name of `seat` for messages (a seat not at the table is described as such)."""
    players = s[ROUND][R_GAME].players
    if type(seat) is int and 0 <= seat < len(players):
        return str(players[seat])
    return "a seat that is not at the table"


def checked_seat(s: Core, seat: object) -> int:
    """`seat` if it is a seat at the table, else a `SeatError` saying which seats there are."""
    n = s[ROUND][R_GAME].n
    if type(seat) is int and 0 <= seat < n:
        return seat
    raise SeatError(
        f"seat {shown(seat)} is not at the table: the seats are 0..{n - 1}",
        german=f"Platz {shown(seat)} ist nicht am Tisch: die Plätze sind 0..{n - 1}",
    )


_set = object.__setattr__
_new_trick = Trick.__new__


def trick_value(leader: int, n: int, trump: int, cards: tuple[Code, ...]) -> Trick:
    """The public `Trick` of an engine trick, which is valid by construction (no re-check)."""
    trick = _new_trick(Trick)
    _set(trick, "leader", leader)
    _set(trick, "players", n)
    _set(trick, "trump", None if trump == NO_SUIT else SUITS[trump])
    _set(trick, "cards", tuple(map(CARD_OF.__getitem__, cards)))
    return trick
