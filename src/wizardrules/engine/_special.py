"""The special cards in play (R8): declared plays, the effects of the Bomb, Cloud and
Juggler after a trick, and the Cloud and passing phases.

These transitions run only in games whose deck holds special cards, so the standard game
never reaches them. (The Werewolf's swap happens at a round's start, in `_round`.)
"""

from __future__ import annotations

from typing import Final

from attrs import evolve

from wizardrules._tables import CODES, winner_index
from wizardrules._tables.codes import BITS_OF, CARD_OF, CODE_OF, DECLARED_BASE, cards_of
from wizardrules.actions import CHANGES, PASSES, Action, ChangeBid, PassCard, Play
from wizardrules.bidding import CloudChange
from wizardrules.cards import CardKind
from wizardrules.engine._layout import (
    ACTS,
    CLOUD_PHASE,
    DONE,
    HANDS,
    LEADER,
    MOVE,
    NO_CARD,
    NO_SUIT,
    PASSING_PHASE,
    PHASE,
    PLAYING_PHASE,
    R_ALLOWED,
    R_BID_SUM,
    R_BIDS,
    R_CACHE,
    R_GAME,
    R_LOOKED,
    R_NUMBER,
    R_SPECIAL,
    R_TRUMP,
    ROUND,
    SEAT_SHIFTS,
    SUITS,
    WON,
    Acts,
    Code,
    Core,
    Done,
    Extra,
    Game,
    Hands,
    RoundPart,
    hand_of,
    name_of,
    tricks_finished,
)
from wizardrules.engine._round import finish_round
from wizardrules.errors import CardNotHeldError, IllegalBidError, UndeclaredCardError
from wizardrules.tricks import decide_trick

_JUGGLERS: Final = range(DECLARED_BASE, DECLARED_BASE + 4)
"""Trick codes of a Juggler declared red, yellow, green, blue."""
_CLOUDS: Final = range(DECLARED_BASE + 4, DECLARED_BASE + 8)
"""Trick codes of a Cloud declared red, yellow, green, blue."""


def _extra_of(rp: RoundPart) -> Extra:
    """The round's special-card state, which a game with special cards always has."""
    extra = rp[R_SPECIAL]
    assert extra is not None  # noqa: S101 - `start_round` sets it whenever the deck has special cards
    return extra


def _with_extra(rp: RoundPart, extra: Extra) -> RoundPart:
    return (*rp[:R_SPECIAL], extra, *rp[R_ALLOWED:])


def play_special(s: Core, action: Play, index: int) -> Core:
    """Play a special card (hand bit `index`), with its declaration (R8.2, R8.3, R8.7, R8.8)."""
    rp, _phase, me, hands, trick, leader, led, won, done, acts = s
    card = action.card
    if card.needs_declaration:
        if card.kind is CardKind.SHAPESHIFTER:
            reason = "a Shapeshifter is played as a Wizard or a Jester: SHAPESHIFTER:W or SHAPESHIFTER:J (R8.7)"
        else:
            reason = f"a {card.kind.name.title()} is played with the suit its player names, e.g. {card}:R (R8.2, R8.3)"
        raise UndeclaredCardError(player=name_of(s, me), action=str(action), reason=reason)
    code = CODE_OF.get(card, index)
    hands ^= 1 << index << SEAT_SHIFTS[me]
    game: Game = rp[R_GAME]
    led = game.led_after[(led + 2) * CODES + code]  # R8.8
    trick = (*trick, code)
    n = game.n
    if len(trick) < n:
        return (rp, PLAYING_PHASE, (me + 1) % n, hands, trick, leader, led, won, done, acts)
    return end_trick(rp, hands, trick, leader, won, done, acts)


def end_trick(
    rp: RoundPart, hands: Hands, trick: tuple[Code, ...], leader: int, won: int, done: Done, acts: Acts
) -> Core:
    """Decide a complete trick of a special-card game, then resolve Cloud and Juggler in that order (R8.11)."""
    n = rp[R_GAME].n
    trump = rp[R_TRUMP]
    winner: int | None
    if max(trick) < 60:
        nxt = winner = (leader + winner_index(trick, trump)) % n
    else:
        decision = decide_trick([CARD_OF[code] for code in trick], None if trump == NO_SUIT else SUITS[trump])
        nxt = (leader + decision.would_be_winner) % n  # after a Bomb the would-be winner leads (R8.1)
        winner = None if decision.winner is None else nxt
    if winner is not None:
        won += 1 << (8 * winner)
    done = (leader, trick, done)
    juggle = hands != 0 and any(code in _JUGGLERS for code in trick)  # none after the last trick (R8.3)
    if winner is not None and any(code in _CLOUDS for code in trick):  # no change after a Bomb (R8.2)
        extra = evolve(_extra_of(rp), juggle=juggle)
        return (_with_extra(rp, extra), CLOUD_PHASE, winner, hands, (), nxt, NO_SUIT, won, done, acts)
    return _carry_on(rp, hands, nxt, won, done, acts, juggle=juggle)


def _carry_on(rp: RoundPart, hands: Hands, nxt: int, won: int, done: Done, acts: Acts, *, juggle: bool) -> Core:
    """After a trick's effects: pass for the Juggler, lead the next trick, or score the round."""
    if juggle:
        extra = evolve(_extra_of(rp), juggle=False, passes=(NO_CARD,) * rp[R_GAME].n)
        return (_with_extra(rp, extra), PASSING_PHASE, nxt, hands, (), nxt, NO_SUIT, won, done, acts)
    if hands:
        return (rp, PLAYING_PHASE, nxt, hands, (), nxt, NO_SUIT, won, done, acts)
    return finish_round(rp, won, done, acts)


def change_bid(s: Core, action: ChangeBid) -> Core:
    """The Cloud's winner changes their bid by one (R8.2)."""
    rp = s[ROUND]
    me = s[MOVE]
    delta = action.change.delta
    bids = rp[R_BIDS]
    cards = rp[R_GAME].schedule.cards_per_round[rp[R_NUMBER]]
    new = bids[me] + delta
    if not 0 <= new <= cards:
        raise IllegalBidError(
            player=name_of(s, me),
            action=str(action),
            reason=f"their bid {bids[me]} cannot go {action.change.name.lower()}; a bid stays within 0..{cards} (R8.2)",
        )
    extra = _extra_of(rp)
    round_part: RoundPart = (
        *rp[:R_BIDS],
        (*bids[:me], new, *bids[me + 1 :]),
        *rp[R_LOOKED:R_BID_SUM],
        rp[R_BID_SUM] + delta,
        rp[R_CACHE],
        evolve(extra, cloud=(me, delta), juggle=False),
        *rp[R_ALLOWED:],
    )
    acts = (action, tricks_finished(s), s[ACTS])
    return _carry_on(round_part, s[HANDS], s[LEADER], s[WON], s[DONE], acts, juggle=extra.juggle)


def pass_card(s: Core, action: PassCard) -> Core:
    """Choose the card to pass left; once every seat has chosen, all pass at once (R8.3)."""
    rp = s[ROUND]
    me = s[MOVE]
    hands = s[HANDS]
    held = hand_of(hands, me) & BITS_OF.get(action.card, 0)
    if not held:
        raise CardNotHeldError(player=name_of(s, me), action=str(action), reason=f"{action.card} is not in their hand")
    n = rp[R_GAME].n
    extra = _extra_of(rp)
    assert extra.passes is not None  # noqa: S101 - set when the passing phase starts
    passes = (*extra.passes[:me], (held & -held).bit_length() - 1, *extra.passes[me + 1 :])
    acts = (action, tricks_finished(s), s[ACTS])
    nxt = (me + 1) % n
    leader = s[LEADER]
    if nxt != leader:
        round_part = _with_extra(rp, evolve(extra, passes=passes))
        return (round_part, PASSING_PHASE, nxt, hands, (), leader, NO_SUIT, s[WON], s[DONE], acts)
    for seat, bit in enumerate(passes):  # everyone has chosen: the cards go left together
        hands ^= 1 << bit << SEAT_SHIFTS[seat] | 1 << bit << SEAT_SHIFTS[(seat + 1) % n]
    round_part = _with_extra(rp, evolve(extra, passes=None, passed=(*extra.passed, passes)))
    return (round_part, PLAYING_PHASE, leader, hands, (), leader, NO_SUIT, s[WON], s[DONE], acts)


def special_actions(s: Core) -> tuple[Action, ...]:
    """The legal actions of the Cloud and passing phases."""
    rp = s[ROUND]
    me = s[MOVE]
    if s[PHASE] == CLOUD_PHASE:
        bid = rp[R_BIDS][me]
        cards = rp[R_GAME].schedule.cards_per_round[rp[R_NUMBER]]
        ups = (CHANGES[CloudChange.UP],) if bid < cards else ()
        return ups + ((CHANGES[CloudChange.DOWN],) if bid > 0 else ())
    return tuple(PASSES[card] for card in dict.fromkeys(cards_of(hand_of(s[HANDS], me))))
