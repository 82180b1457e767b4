"""The moves: every action's transition, checked against the rules, from one core to the next.

`act` takes any action of the player to move and returns the next core, or raises the
[`IllegalActionError`][wizardrules.IllegalActionError] subclass that says why not: naming
the trump (R3.2, R8.6), looking at the hand (R4.4), bidding (R4.1, R4.2, R4.4), playing a
card (R5, R8) and the special cards' phases (R8.2, R8.3). `GameState.apply` plays a
standard card on its own unrolled copy of `play_card`; everything else comes here.
"""

from __future__ import annotations

from typing import Final

from wizardrules._convert import shown
from wizardrules._tables import CODES, winner_index
from wizardrules._tables.codes import BITS_OF, CARD_OF, HELD_BITS, SUIT_BITS
from wizardrules.actions import (
    ACTION_CLASSES,
    PLAYS,
    TRUMPS,
    Action,
    Bid,
    ChangeBid,
    ChooseTrump,
    Look,
    PassCard,
    Play,
    PlayUnseen,
)
from wizardrules.cards import Card
from wizardrules.engine._bids import NO_BIDS, allowed_bids_at, bid_actions, bid_context
from wizardrules.engine._layout import (
    ACTS,
    BIDDING_PHASE,
    CLOUD_PHASE,
    HANDS,
    LEADER,
    LED,
    MOVE,
    NO_SEAT,
    NO_SUIT,
    OVER_PHASE,
    PASSING_PHASE,
    PHASE,
    PLAYING_PHASE,
    R_ALLOWED,
    R_BIDS,
    R_BLIND,
    R_GAME,
    R_LOOKED,
    R_NUMBER,
    R_SPECIAL,
    R_TRUMP,
    ROUND,
    SEAT_SHIFTS,
    SUITS,
    TRUMP_PHASE,
    WON_BY,
    Core,
    Game,
    RoundPart,
    checked_seat,
    hand_of,
    name_of,
)
from wizardrules.engine._round import finish_round
from wizardrules.engine._special import change_bid, end_trick, pass_card, play_special, special_actions
from wizardrules.errors import (
    CardNotHeldError,
    IllegalActionError,
    IllegalBidError,
    IllegalTrumpError,
    MustFollowSuitError,
    NotYourTurnError,
    WrongPhaseError,
)
from wizardrules.rules import Variant

TRUMP_ACTIONS: Final = tuple(TRUMPS[suit] for suit in SUITS)
"""The dealer's four trump choices, in suit order (R3.2)."""
WEREWOLF_TRUMP_ACTIONS: Final = (*TRUMP_ACTIONS, TRUMPS[None])
"""The Werewolf's holder's choices: the four suits or no trump (R8.6)."""


def act(s: Core, action: Action, seat: int | None = None) -> Core:
    """The core after `action` by the player to move (by `seat`, if given, which is checked too)."""
    phase = s[PHASE]
    if seat is not None:
        seat = checked_seat(s, seat)
        if seat != s[MOVE] and phase != OVER_PHASE:
            shown_action = str(action) if isinstance(action, ACTION_CLASSES) else shown(action)  # no str(10**5000)
            raise NotYourTurnError(
                player=name_of(s, seat), action=shown_action, reason=f"it is {name_of(s, s[MOVE])}'s turn"
            )
    cls = action.__class__
    if cls is Bid and phase == BIDDING_PHASE:  # first: bids are the most common actions here
        return bid(s, action)  # type: ignore[arg-type]
    if isinstance(action, Play) and phase == PLAYING_PHASE:
        return play(s, action)
    if cls is ChooseTrump and phase == TRUMP_PHASE:
        return choose_trump(s, action)  # type: ignore[arg-type]
    if cls is Look and phase == BIDDING_PHASE:
        return look(s, action)  # type: ignore[arg-type]
    if cls is ChangeBid and phase == CLOUD_PHASE:
        return change_bid(s, action)  # type: ignore[arg-type]
    if cls is PassCard and phase == PASSING_PHASE:
        return pass_card(s, action)  # type: ignore[arg-type]
    if cls is PlayUnseen and phase == PLAYING_PHASE:  # GameState.apply plays it in a clairvoyance round
        raise WrongPhaseError(
            player=name_of(s, s[MOVE]),
            action=str(action),
            reason="a card is played unseen only in a clairvoyance round (R4.5); name the card to play",
        )
    raise _wrong_phase(s, action, seat)


def plays_unseen(s: Core) -> bool:
    """Whether the player to move plays the card they cannot see: a clairvoyance round's play (R4.5)."""
    rp = s[ROUND]
    return s[PHASE] == PLAYING_PHASE and rp[R_NUMBER] == 0 and Variant.CLAIRVOYANCE in rp[R_GAME].rules.variants


# -- naming the trump, looking, bidding -------------------------------------------------------


def choose_trump(s: Core, action: ChooseTrump) -> Core:
    """The dealer names the trump after a Wizard (R3.2, R8.10), or the Werewolf's holder does (R8.6)."""
    me = s[MOVE]
    suit = action.suit
    extra = s[ROUND][R_SPECIAL]
    wolf = extra is not None and extra.wolf != NO_SEAT
    if suit is None and not wolf:
        raise IllegalTrumpError(
            player=name_of(s, me), action=str(action), reason="the dealer must name one of the four suits (R3.2)"
        )
    if suit is not None and suit not in SUITS:
        raise IllegalTrumpError(
            player=name_of(s, me), action=str(action), reason="the trump must be one of the four suits"
        )
    rp = s[ROUND]
    trump = NO_SUIT if suit is None else SUITS.index(suit)
    round_part: RoundPart = (*rp[:R_TRUMP], trump, rp[R_BIDS], rp[R_LOOKED] | 1 << me, *rp[R_BLIND:])
    # the first bidder is left of the dealer, whoever named the trump (R4.1, R8.6)
    return (round_part, BIDDING_PHASE, s[LEADER], *s[HANDS:ACTS], (action, 0, s[ACTS]))


def look(s: Core, action: Look) -> Core:
    """A player looks at their hand before bidding, giving up a blind bid (R4.4)."""
    me = s[MOVE]
    rp = s[ROUND]
    if not rp[R_GAME].blind_rounds[rp[R_NUMBER]]:
        raise _wrong_phase(s, action)
    if rp[R_LOOKED] >> me & 1:
        raise WrongPhaseError(player=name_of(s, me), action="look", reason="they have looked at their cards already")
    round_part: RoundPart = (*rp[:R_LOOKED], rp[R_LOOKED] | 1 << me, *rp[R_BLIND:])
    return (round_part, *s[PHASE:ACTS], (action, 0, s[ACTS]))


def bid(s: Core, action: Bid) -> Core:
    """A player bids (R4.1) a number the bid policy allows (R4.2), blind if they have not looked (R4.4)."""
    game, rnd, trump, bids, looked, blind, totals, finished, made, bid_sum, cache, extra, allowed = s[ROUND]
    me = s[MOVE]
    tricks = action.tricks
    if action.blind or not looked >> me & 1 or tricks not in allowed:
        blind = _checked_bid(s, action)  # raises, or the blind mask after a legal blind bid
    n = game.n
    new_bids = list(bids)  # cheaper than joining slices around the new bid
    new_bids[me] = tricks
    made += 1
    bid_sum += tricks
    next_allowed: frozenset[int] | None  # None: not in the memo, worked out below
    if made == n:  # everyone has bid: the player left of the dealer leads (R5.1)
        phase, to_move, next_allowed = PLAYING_PHASE, s[LEADER], NO_BIDS
    else:
        phase, to_move = BIDDING_PHASE, game.next_seat[me]
        memo = game.allowed_memo  # the next bidder's bids, looked up as allowed_bids_at does
        next_allowed = None if memo is None else memo.get(game.bid_keys[rnd] | bid_sum << 1 | (made == n - 1))
    looked |= 1 << me
    rp: RoundPart = (
        game,
        rnd,
        trump,
        tuple(new_bids),
        looked,
        blind,
        totals,
        finished,
        made,
        bid_sum,
        cache,
        extra,
        next_allowed or NO_BIDS,
    )
    if next_allowed is None:  # a custom policy, or a situation not in the memo yet
        rp = (*rp[:R_ALLOWED], allowed_bids_at(rp))
    # while bidding, no card is played yet: no trick, no led suit, no tricks won
    return (rp, phase, to_move, s[HANDS], (), s[LEADER], NO_SUIT, 0, None, (action, 0, s[ACTS]))


def _checked_bid(s: Core, action: Bid) -> int:
    """Check a blind bid, or a bid refused on `bid`'s fast path: the blind mask after it, else the error."""
    rp = s[ROUND]
    game: Game = rp[R_GAME]
    me = s[MOVE]
    player = game.players[me]
    tricks = action.tricks
    rnd = rp[R_NUMBER]
    cards = game.cards[rnd]
    if type(tricks) is not int or not 0 <= tricks <= cards:
        raise IllegalBidError(player=player, action=str(action), reason=f"a bid is 0..{cards} (R4.1)")
    bit = 1 << me
    blind: int = rp[R_BLIND]
    if action.blind:
        if not game.blind_rounds[rnd]:
            reason = "the rules do not allow blind bids (R4.4)"
            if Variant.BLIND_BIDS in game.rules.variants:
                reason = "nobody can bid blind in a clairvoyance round (R4.5)"
            raise IllegalBidError(player=player, action=str(action), reason=reason)
        if rp[R_LOOKED] & bit:
            raise IllegalBidError(player=player, action=str(action), reason="they have looked at their cards (R4.4)")
        blind |= bit
    elif not rp[R_LOOKED] & bit:
        raise IllegalBidError(player=player, action=str(action), reason="look at the cards first, or bid blind (R4.4)")
    if tricks not in rp[R_ALLOWED]:
        reason = game.rules.bid_policy.refusal(bid_context(rp), tricks) or "the bid policy forbids it"
        raise IllegalBidError(player=player, action=str(action), reason=f"{reason} (R4.2)")
    return blind


# -- playing a card ---------------------------------------------------------------------------


def play(s: Core, action: Play) -> Core:
    """Play the held card of any Play value: a special card with its declaration (R8), else a standard card."""
    held = hand_of(s[HANDS], s[MOVE]) & HELD_BITS.get(action.card, 0)
    if not held:
        raise refused_play(s, action, held)
    index = (held & -held).bit_length() - 1
    if index >= 60:
        return play_special(s, action, index)
    return play_card(s, index)


def play_card(s: Core, index: int) -> Core:
    """Play a standard card, given by its bit index (any copy of a Wizard or Jester), and decide a complete trick.

    This is the rule as written (R5.1-R5.4). `GameState.apply` plays standard cards on an
    unrolled copy of it for speed; `tests/test_engine_layout.py` pins the two together.
    """
    rp, _phase, me, hands, trick, leader, led, won, done, acts = s
    game: Game = rp[R_GAME]
    hand = hand_of(hands, me)
    held = hand & BITS_OF[CARD_OF[index]]  # a Wizard or Jester: any of its four copies
    if not held:
        raise refused_play(s, PLAYS[CARD_OF[index]], held)
    if led >= 0 and hand & SUIT_BITS[led] and not game.follow[led + 2] >> index & 1:
        raise refused_play(s, PLAYS[CARD_OF[index]], held)  # holding the led suit, they must follow it (R5.3)
    held &= -held  # the lowest copy held
    index = held.bit_length() - 1
    led = game.led_after[(led + 2) * CODES + index]  # R5.2
    hands ^= held << SEAT_SHIFTS[me]
    trick = (*trick, index)
    nxt = game.next_seat[me]
    if nxt != leader:  # the trick goes on
        return (rp, PLAYING_PHASE, nxt, hands, trick, leader, led, won, done, acts)
    if rp[R_SPECIAL] is not None:  # the special cards decide their tricks (R8.9)
        return end_trick(rp, hands, trick, leader, won, done, acts)
    winner = (leader + winner_index(trick, rp[R_TRUMP])) % game.n  # R5.4
    won += WON_BY[winner]
    done = (leader, trick, done)
    if hands:  # cards remain: the winner leads the next trick (R5.1)
        return (rp, PLAYING_PHASE, winner, hands, (), winner, NO_SUIT, won, done, acts)
    return finish_round(rp, won, done, acts)


def refused_play(s: Core, action: Play, held: int) -> IllegalActionError:
    """Why a play is refused: the card is not held (`held` is 0), or the led suit must be followed."""
    player = name_of(s, s[MOVE])
    if not held:
        reason = f"{action.card} is not in their hand"
        if action.card == Card.WEREWOLF:
            reason = "the Werewolf is never played: it is swapped for the turned-up card (R8.6)"
        return CardNotHeldError(player=player, action=str(action), reason=reason)
    led = SUITS[s[LED]].name.lower()
    reason = f"they hold {led}, the led suit, and must follow it (R5.3)"
    return MustFollowSuitError(player=player, action=str(action), reason=reason)


# -- what may be done, and why not ------------------------------------------------------------


def other_actions(s: Core) -> tuple[Action, ...]:
    """The legal actions of the phases other than playing (which `GameState.legal_actions` lists itself)."""
    phase = s[PHASE]
    if phase == BIDDING_PHASE:
        rp = s[ROUND]
        return bid_actions(rp[R_ALLOWED], not rp[R_LOOKED] >> s[MOVE] & 1)
    if phase == TRUMP_PHASE:
        extra = s[ROUND][R_SPECIAL]
        return TRUMP_ACTIONS if extra is None or extra.wolf == NO_SEAT else WEREWOLF_TRUMP_ACTIONS
    if phase == OVER_PHASE:
        return ()
    return special_actions(s)


_PHASE_REASONS: Final = {
    TRUMP_PHASE: "the dealer must first choose the trump suit (R3.2)",
    BIDDING_PHASE: "it is time to bid (R4.1)",
    PLAYING_PHASE: "the bidding is over; it is time to play a card (R5)",
    CLOUD_PHASE: "the winner of the Cloud's trick must first change their bid (R8.2)",
    PASSING_PHASE: "after the Juggler's trick every player first passes a card (R8.3)",
}


def _wrong_phase(s: Core, action: object, seat: int | None = None) -> IllegalActionError:
    """The error for an action that belongs to another phase, or that is no action at all."""
    phase = s[PHASE]
    if seat is not None:
        player = name_of(s, seat)
    elif phase == OVER_PHASE:
        player = "a player"
    else:
        player = name_of(s, s[MOVE])
    if not isinstance(action, ACTION_CLASSES):
        return WrongPhaseError(player=player, action=shown(action), reason="it is not an action")
    if phase == OVER_PHASE:
        return WrongPhaseError(player=player, action=str(action), reason="the game is over")
    if isinstance(action, Look) and phase == BIDDING_PHASE:
        reason = "looking at the hand belongs to blind bidding, which is not on (R4.4)"
        if Variant.BLIND_BIDS in s[ROUND][R_GAME].rules.variants:
            reason = "nobody looks at their own cards in a clairvoyance round (R4.5)"
    else:
        reason = _PHASE_REASONS[phase]
        extra = s[ROUND][R_SPECIAL]
        if phase == TRUMP_PHASE and extra is not None and extra.wolf != NO_SEAT:
            reason = f"{name_of(s, extra.wolf)}, who swapped the Werewolf, must first name the trump (R8.6)"
    return WrongPhaseError(player=player, action=str(action), reason=reason)
