"""What one player may know: the information-safe view of a game (R4.3, R4.4, R4.5).

A [`PlayerView`][wizardrules.PlayerView] is a plain frozen value built from the state; it
holds no reference to the state, so a bot given a view cannot see other hands. Two states
that differ only in what the player may not know give equal views.

Examples:
    >>> from wizardrules import new_game
    >>> state = new_game(["Ann", "Ben", "Cem"], seed=3)
    >>> view = state.view(0)
    >>> view.hand == state.hand(0), view.hand_sizes
    (True, (1, 1, 1))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from attrs import field, frozen

from wizardrules import _lazy
from wizardrules._convert import shown
from wizardrules._tables.codes import CARD_OF, HAND_BITS, cards_of
from wizardrules._words import (
    checked_language,
    names_list,
    round_of,
    seat_label,
    sentence,
    trump_text,
    winners_text,
)
from wizardrules.actions import PLAY_UNSEEN, Action
from wizardrules.bidding import CloudChange
from wizardrules.cards import Card, Language, Suit
from wizardrules.engine._bids import allowed_bids_at
from wizardrules.engine._layout import (
    BIDDING_PHASE,
    DONE,
    HANDS,
    LEADER,
    MOVE,
    NO_BID,
    NO_CARD,
    NO_SEAT,
    NO_SUIT,
    OVER_PHASE,
    PHASE,
    PHASES,
    PLAYING_PHASE,
    R_BIDS,
    R_BLIND,
    R_CACHE,
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
    Core,
    Done,
    Game,
    Phase,
    RoundCache,
    trick_value,
    won_of,
)
from wizardrules.engine._reach import reach_problem
from wizardrules.engine._round import sheet_of
from wizardrules.errors import FormatError
from wizardrules.rules import BidReveal, Rules, Variant
from wizardrules.scoring import winners
from wizardrules.sheet import Round
from wizardrules.tricks import MAX_PLAYERS, Trick

__all__ = ["PlayerView", "game_over_text", "table_text", "view_problem"]


@frozen(kw_only=True)
class PlayerView:
    """Everything one seat may know at one moment, and nothing more.

    Attributes:
        seat: whose view this is.
        players: the players' names in seat order.
        rules: the game's rules (public).
        round_number: the current round, from 1.
        rounds: the number of rounds in the game.
        cards: cards dealt to each player this round.
        dealer: this round's dealer.
        phase: the phase of the round.
        to_move: the seat to act, `None` when the game is over.
        trump: the trump suit, `None` for no trump or while the dealer chooses.
        turned_up: the card turned up for trump, if any.
        hand: this seat's cards; `None` while they may not see them (before looking when
            blind bids are on, R4.4; in a clairvoyance round, R4.5).
        seen_hands: per seat, the cards this seat sees in that hand: others' hands in a
            clairvoyance round, else `None` for every other seat; this seat's own entry is
            `hand`.
        hand_sizes: how many cards each seat holds.
        bids: per seat, the bid when this seat may know it (R4.3), else `None`.
        blind: per seat, whether the bid was blind, when the bid is known, else `None`.
        current_trick: the trick being played.
        completed_tricks: this round's finished tricks.
        tricks_won: tricks each seat has taken this round.
        totals: each seat's total points over the finished rounds.
        finished_rounds: the finished rounds as on the score sheet: bids (secret ones
            included, now revealed), blind marks, tricks and points.
        allowed_bids: the bids this seat may make when it is to bid (blind ones if the seat
            has not looked), else empty.
        werewolf: the seat that swapped the Werewolf for the turned-up card this round, so
            holds that card (R8.6); `None` if nobody did.
        cloud: this round's Cloud change (R8.2) as (seat, direction), when this seat may
            know that seat's bid, else `None`.
        passing: while passing after the Juggler (R8.3), the card this seat has chosen;
            `None` before it chooses and outside the passing phase. Others' choices stay hidden.
        passed: this round's passings as this seat saw them: (card given left, card received
            from the right), in order.
        legal_actions: the actions this seat may take now, as
            [`GameState.legal_actions`][wizardrules.GameState.legal_actions] lists them; empty
            when another seat is to act. In a clairvoyance round a seat cannot see the one card
            it holds (R4.5), so its view lists the one play that names no card,
            [`PlayUnseen`][wizardrules.PlayUnseen] (`play unseen`).

    A view travels as JSON in the wire format of [`wizardrules.wire`][wizardrules.wire]:
    `wire.to_json(view)` writes it, `wire.view_from_json(text)` reads it back equal.
    """

    seat: int
    players: tuple[str, ...]
    rules: Rules
    round_number: int
    rounds: int
    cards: int
    dealer: int
    phase: Phase
    to_move: int | None
    trump: Suit | None
    turned_up: Card | None
    hand: tuple[Card, ...] | None
    seen_hands: tuple[tuple[Card, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    bids: tuple[int | None, ...]
    blind: tuple[bool | None, ...]
    current_trick: Trick
    completed_tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    totals: tuple[int, ...]
    finished_rounds: tuple[Round, ...]
    allowed_bids: frozenset[int]
    werewolf: int | None = None
    cloud: tuple[int, CloudChange] | None = None
    passing: Card | None = None
    passed: tuple[tuple[Card, Card], ...] = ()
    legal_actions: tuple[Action, ...] = ()
    _checked: bool = field(default=False, init=False, eq=False, repr=False)
    """Whether the engine made this view (or the wire's reader read it): the wire writes it without
    checking it again. A view made by hand, or changed with `attrs.evolve`, is checked. Not part of the value."""

    @property
    def is_my_turn(self) -> bool:
        """Whether this seat is to act."""
        return self.to_move == self.seat

    def to_text(self, *, language: Language = Language.EN) -> str:
        """The view in one sentence: the round, the trump, this seat's hand and who acts.

        `str(view)` is the English text; at the end of the game it names the winners.

        Raises:
            CardError: `language` is not a `Language`.

        Examples:
            >>> from wizardrules import Language, new_game
            >>> view = new_game(["Ann", "Ben", "Cem"], seed=3).view(1)
            >>> print(view)
            Round 1 of 20, trump green: Ben holds Wizard; Cem to bid
            >>> print(view.to_text(language=Language.DE))
            Runde 1 von 20, Trumpf Grün: Ben hat Zauberer; Cem sagt an
        """
        lang = checked_language(language)
        if not self._checked:
            problem = reach_problem(self)
            if problem:
                raise FormatError(f"view: no game reaches this view: {problem}")
        if self.phase is Phase.OVER:
            hits = [sum(r.hits[seat] for r in self.finished_rounds) for seat in range(len(self.players))]
            first = winners(self.totals, tiebreak=self.rules.tiebreak, hits=hits)
            return game_over_text(self.players, self.totals, first, lang)
        me = self.players[self.seat]
        if self.hand is None:
            holds = sentence("hand unseen", lang, who=me)
        elif self.hand:
            holds = sentence("holds", lang, who=me, cards=names_list(self.hand, lang))
        else:
            holds = sentence("holds nothing", lang, who=me)
        head = table_text(self.round_number, self.rounds, self.trump, self.phase, self.to_move, self.players, lang)
        return head.replace(": ", f": {holds}; ", 1)

    def __str__(self) -> str:
        return self.to_text()

    def _repr_html_(self) -> str | None:
        """The table as this seat sees it, as HTML for notebooks, drawn by `wizardrules.svg`."""
        return _lazy.render(_lazy.Picture.PLAYERVIEW, self)


def view_problem(view: object) -> str:
    """Why no game can show `view`, or the empty string when the view alone does not tell.

    Every reader and consumer of a view shares this check (see `engine._reach`). Linear in the
    view's size; it never builds a table of the round's size first.

    Examples:
        >>> from wizardrules import new_game
        >>> view_problem(new_game(4, seed=1).view(0))
        ''
        >>> view_problem("a view")
        "'a view' is not a PlayerView"
    """
    if not isinstance(view, PlayerView):
        return f"{shown(view)} is not a PlayerView"
    return reach_problem(view)


_TURN: Final = {
    Phase.TRUMP: "to choose trump",
    Phase.BIDDING: "to bid",
    Phase.PLAYING: "to play",
    Phase.CLOUD: "to change the bid",
    Phase.PASSING: "to pass",
}


def table_text(
    number: int,
    rounds: int,
    trump: Suit | None,
    phase: Phase,
    to_move: int | None,
    players: Sequence[str],
    lang: Language,
) -> str:
    """`Round 3 of 15, trump red: Ann to play`: where a game that is not over stands."""
    trump_words = sentence("trump to choose", lang) if phase is Phase.TRUMP else trump_text(trump, lang)
    turn = "" if to_move is None else sentence(_TURN[phase], lang, who=seat_label(to_move, players, lang))
    return f"{round_of(number, rounds, lang)}, {trump_words}: {turn}"


def game_over_text(players: Sequence[str], totals: Sequence[int], first: Sequence[int], lang: Language) -> str:
    """`Game over: Ann wins with 120 points`, from the seats in first place."""
    names = [players[seat] for seat in first]
    return sentence("game over", lang, winners=winners_text(names, totals[first[0]], lang))


def _bid_visible(reveal: BidReveal, phase: int, seat: int, other: int) -> bool:
    if other == seat or reveal is BidReveal.OPEN:
        return True
    if reveal is BidReveal.SIMULTANEOUS:
        return phase >= PLAYING_PHASE  # revealed together before the first card
    # Secret bids are revealed when the round is over: then they stand in `finished_rounds`,
    # and only the game's last round is still the current one.
    return phase == OVER_PHASE


def make_view(s: Core, seat: int, legal: tuple[Action, ...]) -> PlayerView:
    """The view of `seat` of the state whose core is `s`, who may take the actions `legal` (for `GameState.view`)."""
    rp = s[ROUND]
    game: Game = rp[R_GAME]
    n = game.n
    rnd = rp[R_NUMBER]
    phase = s[PHASE]
    rules = game.rules
    clairvoyant = rnd == 0 and phase != OVER_PHASE and Variant.CLAIRVOYANCE in rules.variants
    hands = s[HANDS]
    masks = [hands >> shift & HAND_BITS for shift in SEAT_SHIFTS[:n]]
    hand = cards_of(masks[seat]) if rp[R_LOOKED] >> seat & 1 and not clairvoyant else None
    if clairvoyant:  # every other hand is seen, the own one not (R4.5)
        seen = tuple(None if other == seat else cards_of(mask) for other, mask in enumerate(masks))
    else:
        seen = (*_NONE[:seat], hand, *_NONE[seat + 1 : n])
    bids = rp[R_BIDS]
    blind = rp[R_BLIND]
    reveal = rules.bid_reveal
    if reveal is BidReveal.OPEN:  # the common case: every bid made is known (R4.3)
        visible = [bid != NO_BID for bid in bids]
    else:
        visible = [bids[o] != NO_BID and _bid_visible(reveal, phase, seat, o) for o in range(n)]
    trump = rp[R_TRUMP]
    turned = game.turned[rnd]
    to_move = None if phase == OVER_PHASE else s[MOVE]
    extra = rp[R_SPECIAL]
    werewolf: int | None = None
    cloud: tuple[int, CloudChange] | None = None
    passing: Card | None = None
    passed: tuple[tuple[Card, Card], ...] = ()
    if extra is not None:  # the special cards' public facts, and this seat's own passing (R8)
        werewolf = None if extra.wolf == NO_SEAT else extra.wolf
        if extra.cloud is not None and visible[extra.cloud[0]]:
            cloud = (extra.cloud[0], CloudChange(extra.cloud[1]))
        if extra.passes is not None and extra.passes[seat] != NO_CARD:
            passing = CARD_OF[extra.passes[seat]]
        passed = tuple((CARD_OF[bits[seat]], CARD_OF[bits[(seat - 1) % n]]) for bits in extra.passed)
    view = PlayerView(
        seat=seat,
        players=game.players,
        rules=rules,
        round_number=rnd + 1,
        rounds=len(game.masks),
        cards=game.cards[rnd],
        dealer=(game.first_dealer + rnd) % n,
        phase=PHASES[phase],
        to_move=to_move,
        trump=None if trump == NO_SUIT else SUITS[trump],
        turned_up=None if turned == NO_CARD else CARD_OF[turned],
        hand=hand,
        seen_hands=seen,
        hand_sizes=tuple([mask.bit_count() for mask in masks]),
        bids=tuple([bid if known else None for bid, known in zip(bids, visible)]),  # noqa: B905 - both have n
        blind=tuple([bool(blind >> o & 1) if known else None for o, known in enumerate(visible)]),
        current_trick=trick_value(s[LEADER], n, trump, s[TRICK]),
        completed_tricks=_completed(s[DONE], rp[R_CACHE], n, trump),
        tricks_won=won_of(s[WON], n),
        totals=rp[R_TOTALS],
        finished_rounds=sheet_of(s).rounds,
        allowed_bids=allowed_bids_at(rp) if phase == BIDDING_PHASE and to_move == seat else _NO_BIDS,
        werewolf=werewolf,
        cloud=cloud,
        passing=passing,
        passed=passed,
        legal_actions=_UNSEEN if legal and clairvoyant and phase == PLAYING_PHASE else legal,  # R4.5
    )
    object.__setattr__(view, "_checked", True)  # a game reaches it: the wire need not check it
    return view


_NONE: Final = (None,) * MAX_PLAYERS
_NO_BIDS: Final[frozenset[int]] = frozenset()
_UNSEEN: Final[tuple[Action, ...]] = (PLAY_UNSEEN,)


def _completed(done: Done, cache: RoundCache, n: int, trump: int) -> tuple[Trick, ...]:
    """The round's finished tricks up to the `done` node, as `Trick` values built once per round and kept."""
    if done is None:
        return ()
    found = cache.tricks.get(id(done))
    if found is not None and found[0] is done:
        return found[1]
    leader, cards, rest = done
    tricks = (*_completed(rest, cache, n, trump), trick_value(leader, n, trump, cards))
    cache.tricks[id(done)] = (done, tricks)
    return tricks
