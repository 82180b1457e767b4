"""The special cards in the engine (R8): the Werewolf's swap, special plays, and the effects
of the Bomb, Cloud and Juggler after a trick.

These transitions run only in games whose deck holds special cards, so the standard game
never pays for them; the engine imports this module on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from attrs import evolve, frozen

from wizardrules._core import (
    BITS_OF,
    CARD_OF,
    CODE_OF,
    DECLARED_BASE,
    DRAGON,
    WEREWOLF,
    cards_of,
    winner_index,
)
from wizardrules.actions import CHANGES, PASSES, Action, ChangeBid, PassCard, Play
from wizardrules.bidding import CloudChange
from wizardrules.cards import CardKind
from wizardrules.engine import (
    ACTS,
    CLOUD_PHASE,
    DONE,
    HANDS,
    LEADER,
    MOVE,
    PASSING_PHASE,
    PHASE,
    PLAYING_PHASE,
    RBIDS,
    RCACHE,
    RG,
    RND,
    RSPECIAL,
    RSUM,
    RTRUMP,
    SUITS,
    WON,
    GameState,
    R,
    _name,
    _state,
    finish_round,
    hand_of,
    tricks_finished,
)
from wizardrules.errors import CardNotHeldError, IllegalBidError, UndeclaredCardError
from wizardrules.tricks import decide_trick

if TYPE_CHECKING:
    from wizardrules.engine import _Game

_JUGGLERS: Final = range(DECLARED_BASE, DECLARED_BASE + 4)
"""Trick codes of a Juggler declared red, yellow, green, blue."""
_CLOUDS: Final = range(DECLARED_BASE + 4, DECLARED_BASE + 8)
"""Trick codes of a Cloud declared red, yellow, green, blue."""
_SHAPESHIFTER_WIZARD: Final = DECLARED_BASE + 8
_FREES_TRICK: Final = frozenset({DRAGON, _SHAPESHIFTER_WIZARD})
"""Codes that free the trick like a Wizard when played before any suit (R8.8)."""


@frozen(kw_only=True)
class Extra:
    """A round's special-card state, kept in the engine's round part.

    Attributes:
        wolf: the seat that swapped the Werewolf for the turned-up card (R8.6), or -1.
        cloud: the Cloud's change this round as (seat, +1 or -1), or `None` (R8.2).
        juggle: a Juggler's passing is due once the Cloud's winner has changed their bid (R8.11).
        passes: while passing (R8.3), per seat the hand bit chosen, -1 for one yet to choose.
        passed: the round's finished passings, each the hand bit every seat passed left.
    """

    wolf: int = -1
    cloud: tuple[int, int] | None = None
    juggle: bool = False
    passes: tuple[int, ...] | None = None
    passed: tuple[tuple[int, ...], ...] = ()


def swap_werewolf(game: _Game, rnd: int, hands: int) -> tuple[int, Extra, int]:
    """Swap a dealt Werewolf for the turned-up card (R8.6).

    Returns:
        The hands after the swap, the round's special state, and the Werewolf's holder or -1.
    """
    turned = game.turned[rnd]
    if game.specials >> WEREWOLF & 1 and turned >= 0:  # the rules make sure a card is turned up
        for seat in range(game.n):
            if hands >> ((seat * 67) + WEREWOLF) & 1:
                hands ^= (1 << WEREWOLF | 1 << turned) << (seat * 67)
                return hands, Extra(wolf=seat), seat
    return hands, Extra(), -1


def _with_extra(rp: tuple[Any, ...], extra: Extra) -> tuple[Any, ...]:
    return (*rp[:RSPECIAL], extra, *rp[RSPECIAL + 1 :])


def play_special(s: tuple[Any, ...], action: Play, index: int) -> GameState:
    """Play a special card (hand bit `index`), with its declaration (R8.2, R8.3, R8.7, R8.8)."""
    rp, _phase, me, hands, trick, leader, led, won, done, acts = s
    card = action.card
    if card.needs_declaration:
        if card.kind is CardKind.SHAPESHIFTER:
            reason = "a Shapeshifter is played as a Wizard or a Jester: SHAPESHIFTER:W or SHAPESHIFTER:J (R8.7)"
        else:
            reason = f"a {card.kind.name.title()} is played with the suit its player names, e.g. {card}:R (R8.2, R8.3)"
        raise UndeclaredCardError(player=_name(s, me), action=str(action), reason=reason)
    code = CODE_OF.get(card, index)
    hands ^= 1 << index << (me * 67)
    if led == -1:
        if code in _JUGGLERS or code in _CLOUDS:  # a Cloud or Juggler sets the led suit (R8.8)
            led = (code - DECLARED_BASE) % 4
        elif code in _FREES_TRICK:
            led = -2
    trick = (*trick, code)
    n = rp[RG].n
    if len(trick) < n:
        return _state((rp, PLAYING_PHASE, (me + 1) % n, hands, trick, leader, led, won, done, acts))
    return end_trick(rp, hands, trick, leader, won, done, acts)


def end_trick(
    rp: tuple[Any, ...], hands: int, trick: tuple[int, ...], leader: int, won: int, done: Any, acts: Any
) -> GameState:
    """Decide a complete trick of a special-card game, then resolve Cloud and Juggler in that order (R8.11)."""
    n = rp[RG].n
    trump = rp[RTRUMP]
    if max(trick) < 60:
        nxt = winner = (leader + winner_index(trick, trump)) % n
    else:
        decision = decide_trick([CARD_OF[code] for code in trick], None if trump < 0 else SUITS[trump])
        nxt = (leader + decision.would_be_winner) % n  # after a Bomb the would-be winner leads (R8.1)
        winner = None if decision.winner is None else nxt
    if winner is not None:
        won += 1 << (8 * winner)
    done = (leader, trick, done)
    juggle = hands != 0 and any(code in _JUGGLERS for code in trick)  # none after the last trick (R8.3)
    if winner is not None and any(code in _CLOUDS for code in trick):  # no change after a Bomb (R8.2)
        extra = evolve(rp[RSPECIAL], juggle=juggle)
        return _state((_with_extra(rp, extra), CLOUD_PHASE, winner, hands, (), nxt, -1, won, done, acts))
    return _carry_on(rp, hands, nxt, won, done, acts, juggle=juggle)


def _carry_on(rp: tuple[Any, ...], hands: int, nxt: int, won: int, done: Any, acts: Any, *, juggle: bool) -> GameState:
    """After a trick's effects: pass for the Juggler, lead the next trick, or score the round."""
    if juggle:
        extra = evolve(rp[RSPECIAL], juggle=False, passes=(-1,) * rp[RG].n)
        return _state((_with_extra(rp, extra), PASSING_PHASE, nxt, hands, (), nxt, -1, won, done, acts))
    if hands:
        return _state((rp, PLAYING_PHASE, nxt, hands, (), nxt, -1, won, done, acts))
    return finish_round(rp, won, done, acts)


def change_bid(s: tuple[Any, ...], action: ChangeBid) -> GameState:
    """The Cloud's winner changes their bid by one (R8.2)."""
    rp = s[R]
    me = s[MOVE]
    delta = action.change.delta
    bids = rp[RBIDS]
    cards = rp[RG].schedule.cards_per_round[rp[RND]]
    new = bids[me] + delta
    if not 0 <= new <= cards:
        raise IllegalBidError(
            player=_name(s, me),
            action=str(action),
            reason=f"their bid {bids[me]} cannot go {action.change.name.lower()}; a bid stays within 0..{cards} (R8.2)",
        )
    extra: Extra = rp[RSPECIAL]
    round_part = (
        *rp[:RBIDS],
        (*bids[:me], new, *bids[me + 1 :]),
        *rp[RBIDS + 1 : RSUM],
        rp[RSUM] + delta,
        rp[RCACHE],
        evolve(extra, cloud=(me, delta), juggle=False),
        *rp[RSPECIAL + 1 :],
    )
    acts = (action, tricks_finished(s), s[ACTS])
    return _carry_on(round_part, s[HANDS], s[LEADER], s[WON], s[DONE], acts, juggle=extra.juggle)


def pass_card(s: tuple[Any, ...], action: PassCard) -> GameState:
    """Choose the card to pass left; once every seat has chosen, all pass at once (R8.3)."""
    rp = s[R]
    me = s[MOVE]
    hands = s[HANDS]
    held = hand_of(hands, me) & BITS_OF.get(action.card, 0)
    if not held:
        raise CardNotHeldError(player=_name(s, me), action=str(action), reason=f"{action.card} is not in their hand")
    n = rp[RG].n
    extra: Extra = rp[RSPECIAL]
    assert extra.passes is not None  # noqa: S101 - set when the passing phase starts
    passes = (*extra.passes[:me], (held & -held).bit_length() - 1, *extra.passes[me + 1 :])
    acts = (action, tricks_finished(s), s[ACTS])
    nxt = (me + 1) % n
    leader = s[LEADER]
    if nxt != leader:
        round_part = _with_extra(rp, evolve(extra, passes=passes))
        return _state((round_part, PASSING_PHASE, nxt, hands, (), leader, -1, s[WON], s[DONE], acts))
    for seat, bit in enumerate(passes):  # everyone has chosen: the cards go left together
        hands ^= 1 << bit << (seat * 67) | 1 << bit << (((seat + 1) % n) * 67)
    round_part = _with_extra(rp, evolve(extra, passes=None, passed=(*extra.passed, passes)))
    return _state((round_part, PLAYING_PHASE, leader, hands, (), leader, -1, s[WON], s[DONE], acts))


def special_actions(s: tuple[Any, ...]) -> tuple[Action, ...]:
    """The legal actions of the Cloud and passing phases."""
    rp = s[R]
    me = s[MOVE]
    if s[PHASE] == CLOUD_PHASE:
        bid = rp[RBIDS][me]
        cards = rp[RG].schedule.cards_per_round[rp[RND]]
        ups = (CHANGES[CloudChange.UP],) if bid < cards else ()
        return ups + ((CHANGES[CloudChange.DOWN],) if bid > 0 else ())
    return tuple(PASSES[card] for card in dict.fromkeys(cards_of(hand_of(s[HANDS], me))))
