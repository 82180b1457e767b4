"""Events: what a transition did, for logs, UIs and animations.

Events are plain frozen values. [`GameState.step`][wizardrules.GameState.step] returns the
new state with the events of the transition. Those report the full truth (hidden bids and
passed cards included): a log or a spectator may see them. A player gets them through
[`GameState.events_for`][wizardrules.GameState.events_for], which hands over each event as
that seat may know it: a hidden choice of another seat as [`BidHidden`][wizardrules.BidHidden],
[`BidChangeHidden`][wizardrules.BidChangeHidden] or [`PassHidden`][wizardrules.PassHidden],
hidden bids later as [`BidsRevealed`][wizardrules.BidsRevealed], the Juggler's passing as the
seat's own [`PassReceived`][wizardrules.PassReceived] (R4.3, R8.2, R8.3).

`str(event)` is a short English sentence naming players by seat (`Seat 2 bids 0`);
`event.to_text(language=..., names=...)` writes it in German and with the players' names.

Examples:
    >>> from wizardrules import new_game
    >>> state = new_game(["Ann", "Ben", "Cem"], seed=3)
    >>> state, events = state.step(state.legal_actions()[0])
    >>> events
    (BidMade(seat=2, bid=0, blind=False),)
    >>> print(events[0])
    Seat 2 bids 0
    >>> from wizardrules import Language
    >>> print(events[0].to_text(language=Language.DE, names=state.players))
    Cem sagt 0 an
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, TypeAlias

from attrs import frozen

from wizardrules._words import (
    card_object,
    card_subject,
    card_with,
    checked_language,
    checked_names,
    say,
    seat_label,
    sentence,
    suit_text,
    trump_text,
    winners_text,
)
from wizardrules.bidding import CloudChange
from wizardrules.cards import Card, CardKind, Language, Suit
from wizardrules.sheet import Round
from wizardrules.tricks import Trick

__all__ = [
    "BidChangeHidden",
    "BidChanged",
    "BidHidden",
    "BidMade",
    "BidsRevealed",
    "CardPassed",
    "CardPlayed",
    "CardsPassed",
    "Event",
    "GameOver",
    "HandSeen",
    "PassHidden",
    "PassReceived",
    "RoundScored",
    "RoundStarted",
    "TrickVoided",
    "TrickWon",
    "TrumpChosen",
]


class _Told:
    """What every event shares: a sentence for people, as `str()` and in German with names."""

    __slots__ = ()

    def to_text(self, *, language: Language = Language.EN, names: Sequence[str] | None = None) -> str:
        """The event as a short sentence: `Ann bids 2`, `Ben wins the trick with the Wizard`.

        Args:
            language: English or German.
            names: the players' names in seat order; without them, players are `Seat 2`.

        Raises:
            CardError: `language` is not a `Language`.
            PlayerError: `names` is not a name per seat.
        """
        return _TELL[type(self)](self, checked_language(language), checked_names(names))

    def __str__(self) -> str:
        return self.to_text()


@frozen(kw_only=True)
class TrumpChosen(_Told):
    """The trump was named: by the dealer after a Wizard or special card was turned up (R3.2,
    R8.10), or by the Werewolf's holder, who may name no trump (`suit=None`, R8.6).

    Attributes:
        seat: the player who named it.
        suit: the trump suit, `None` for no trump.
    """

    seat: int
    suit: Suit | None


@frozen(kw_only=True)
class HandSeen(_Told):
    """A player looked at their hand, giving up a blind bid (R4.4).

    Attributes:
        seat: the player who looked.
    """

    seat: int


@frozen(kw_only=True)
class BidMade(_Told):
    """A player bid (R4.1).

    Attributes:
        seat: the bidder.
        bid: the tricks bid.
        blind: whether the bid was made without looking at the hand (R4.4).
    """

    seat: int
    bid: int
    blind: bool


@frozen(kw_only=True)
class CardPlayed(_Told):
    """A player played a card (R5.3); a Cloud, Juggler or Shapeshifter with its declaration (R8).

    Attributes:
        seat: the player.
        card: the card as played, declared if it needs a declaration.
    """

    seat: int
    card: Card


@frozen(kw_only=True)
class TrickWon(_Told):
    """A trick is complete and `seat` took it (R5.4, R8.9).

    Attributes:
        seat: the player who took the trick, and leads the next one.
        trick: the complete trick: its leader, its cards in play order and its trump.
    """

    seat: int
    trick: Trick


@frozen(kw_only=True)
class TrickVoided(_Told):
    """A Bomb voided the complete trick: nobody took it, and `leader` leads next (R8.1).

    Attributes:
        leader: the player who led the trick, and leads the next one.
        trick: the complete trick.
    """

    leader: int
    trick: Trick


@frozen(kw_only=True)
class BidChanged(_Told):
    """The winner of the Cloud's trick changed their bid by one (R8.2).

    Attributes:
        seat: the player whose bid changed.
        change: up or down by one.
        bid: the bid after the change.
    """

    seat: int
    change: CloudChange
    bid: int


@frozen(kw_only=True)
class CardPassed(_Told):
    """A player chose the card to pass left after the Juggler's trick (R8.3); hidden from the others.

    Attributes:
        seat: the player.
        card: the card chosen.
    """

    seat: int
    card: Card


@frozen(kw_only=True)
class CardsPassed(_Told):
    """Every player has chosen: the cards went left together (R8.3).

    Attributes:
        cards: by seat, the card each player passed to the left.
    """

    cards: tuple[Card, ...]


@frozen(kw_only=True)
class BidHidden(_Told):
    """Another player bid, and the bid is hidden from this seat until it is revealed (R4.3).

    The redacted [`BidMade`][wizardrules.BidMade] of simultaneous and secret bids, as
    [`GameState.events_for`][wizardrules.GameState.events_for] gives it to the other seats;
    whether the bid was blind is hidden with it.

    Attributes:
        seat: the bidder.
    """

    seat: int


@frozen(kw_only=True)
class BidsRevealed(_Told):
    """The hidden bids are revealed (R4.3): simultaneous bids before the first card, secret bids
    after the round's last trick (then before its [`RoundScored`][wizardrules.RoundScored]).

    Only [`GameState.events_for`][wizardrules.GameState.events_for] reports it; the full
    events need no reveal.

    Attributes:
        bids: each player's bid as it stands, after a Cloud's change (R8.2), in seat order.
        blind: per player, whether the bid was blind (R4.4).
    """

    bids: tuple[int, ...]
    blind: tuple[bool, ...]


@frozen(kw_only=True)
class BidChangeHidden(_Told):
    """The winner of the Cloud's trick changed their secret bid, up or down: hidden (R4.3, R8.2).

    The redacted [`BidChanged`][wizardrules.BidChanged] under secret bids, for the other seats.

    Attributes:
        seat: the player whose bid changed.
    """

    seat: int


@frozen(kw_only=True)
class PassHidden(_Told):
    """Another player chose the card to pass left after the Juggler's trick; which one is hidden (R8.3).

    The redacted [`CardPassed`][wizardrules.CardPassed], for the other seats.

    Attributes:
        seat: the player who chose.
    """

    seat: int


@frozen(kw_only=True)
class PassReceived(_Told):
    """The cards went left after the Juggler's trick (R8.3), as one seat saw it.

    What [`CardsPassed`][wizardrules.CardsPassed] is for each seat: the card it gave and the
    card it got; the other passings stay hidden.

    Attributes:
        seat: the seat that saw it.
        given: the card this seat passed to its left.
        received: the card this seat got from its right.
    """

    seat: int
    given: Card
    received: Card


@frozen(kw_only=True)
class RoundScored(_Told):
    """A round is over and scored (R6).

    Attributes:
        round: the finished round as the score sheet records it: bids, tricks, points.
        totals: each player's total after the round, in seat order.
    """

    round: Round
    totals: tuple[int, ...]


@frozen(kw_only=True)
class RoundStarted(_Told):
    """A new round is dealt (R2.6, R3).

    Attributes:
        round_number: the round, counted from 1.
        dealer: the dealer's seat.
        turned_up: the card turned up for trump, `None` when none is (R3.4, R3.5).
        trump: the trump suit, `None` while the dealer has still to name it or for no trump.
        werewolf: the seat that swapped the Werewolf for the turned-up card, if one did (R8.6).
    """

    round_number: int
    dealer: int
    turned_up: Card | None
    trump: Suit | None
    werewolf: int | None = None


@frozen(kw_only=True)
class GameOver(_Told):
    """The last round is scored (R7).

    Attributes:
        totals: each player's final total, in seat order.
        standings: each player's place, 1 for first, shared on a tie the tie-break leaves (R7.2).
        winners: the names in first place.
    """

    totals: tuple[int, ...]
    standings: tuple[int, ...]
    winners: tuple[str, ...]


Event: TypeAlias = (
    "TrumpChosen | HandSeen | BidMade | CardPlayed | TrickWon | TrickVoided | BidChanged | CardPassed"
    " | CardsPassed | RoundScored | RoundStarted | GameOver"
    " | BidHidden | BidsRevealed | BidChangeHidden | PassHidden | PassReceived"
)
"""Any event: the full ones of `step`, and the redacted ones and reveals of `events_for`."""


_Names: TypeAlias = "tuple[str, ...] | None"


def _trump_chosen(event: TrumpChosen, lang: Language, names: _Names) -> str:
    who = seat_label(event.seat, names, lang)
    if event.suit is None:
        return sentence("no trump chosen", lang, who=who)
    return sentence("trump chosen", lang, who=who, suit=suit_text(event.suit, lang))


def _hand_seen(event: HandSeen, lang: Language, names: _Names) -> str:
    return sentence("hand seen", lang, who=seat_label(event.seat, names, lang))


def _bid_made(event: BidMade, lang: Language, names: _Names) -> str:
    return sentence("blind bid" if event.blind else "bid", lang, who=seat_label(event.seat, names, lang), bid=event.bid)


def _card_played(event: CardPlayed, lang: Language, names: _Names) -> str:
    return sentence("card played", lang, who=seat_label(event.seat, names, lang), card=card_object(event.card, lang))


def _trick_won(event: TrickWon, lang: Language, names: _Names) -> str:
    trick = event.trick
    index = trick.seats.index(event.seat) if event.seat in trick.seats else -1
    card = card_with(trick.cards[index], lang) if index >= 0 else "?"
    return sentence("trick won", lang, who=seat_label(event.seat, names, lang), card=card)


def _trick_voided(event: TrickVoided, lang: Language, names: _Names) -> str:
    text = sentence("trick voided", lang, who=seat_label(event.leader, names, lang))
    return text[0].upper() + text[1:]


def _bid_changed(event: BidChanged, lang: Language, names: _Names) -> str:
    who = seat_label(event.seat, names, lang)
    return sentence("bid changed", lang, who=who, change=f"{event.change.delta:+d}", bid=event.bid)


def _card_passed(event: CardPassed, lang: Language, names: _Names) -> str:
    return sentence("card passed", lang, who=seat_label(event.seat, names, lang), card=card_object(event.card, lang))


def _cards_passed(event: CardsPassed, lang: Language, names: _Names) -> str:
    cards = ", ".join(f"{seat_label(seat, names, lang)} {card.display(lang)}" for seat, card in enumerate(event.cards))
    text = sentence("cards passed", lang, cards=cards)
    return text[0].upper() + text[1:]


def _bid_hidden(event: BidHidden, lang: Language, names: _Names) -> str:
    return sentence("bid hidden", lang, who=seat_label(event.seat, names, lang))


def _bids_revealed(event: BidsRevealed, lang: Language, names: _Names) -> str:
    bids = ", ".join(
        f"{seat_label(seat, names, lang)}: {bid}" + (f" {say('blind', lang)}" if blind else "")
        for seat, (bid, blind) in enumerate(zip(event.bids, event.blind, strict=False))
    )
    text = sentence("bids revealed", lang, bids=bids)
    return text[0].upper() + text[1:]


def _bid_change_hidden(event: BidChangeHidden, lang: Language, names: _Names) -> str:
    return sentence("bid change hidden", lang, who=seat_label(event.seat, names, lang))


def _pass_hidden(event: PassHidden, lang: Language, names: _Names) -> str:
    return sentence("pass hidden", lang, who=seat_label(event.seat, names, lang))


def _pass_received(event: PassReceived, lang: Language, names: _Names) -> str:
    return sentence(
        "pass received",
        lang,
        who=seat_label(event.seat, names, lang),
        given=card_object(event.given, lang),
        received=card_object(event.received, lang),
    )


def _round_scored(event: RoundScored, lang: Language, names: _Names) -> str:
    points = ", ".join(
        sentence("points", lang, who=seat_label(seat, names, lang), points=points, total=total)
        for seat, (points, total) in enumerate(zip(event.round.points, event.totals, strict=True))
    )
    return sentence("round scored", lang, number=event.round.number, points=points)


_CHOSEN_LATER: Final = frozenset(
    {CardKind.WIZARD, CardKind.DRAGON, CardKind.CLOUD, CardKind.JUGGLER, CardKind.SHAPESHIFTER, CardKind.WEREWOLF}
)
"""Turned-up cards after which the dealer names the trump (R3.2, R8.10)."""


def _round_started(event: RoundStarted, lang: Language, names: _Names) -> str:
    if event.trump is None and (
        event.werewolf is not None or (event.turned_up is not None and event.turned_up.kind in _CHOSEN_LATER)
    ):
        trump = sentence("trump to choose", lang)
    else:
        trump = trump_text(event.trump, lang)
    if event.turned_up is None:
        trump = sentence("nothing turned up", lang, trump=trump)
    else:
        trump = sentence("turned up", lang, card=card_subject(event.turned_up, lang), trump=trump)
    if event.werewolf is not None:
        trump += "; " + sentence("werewolf", lang, who=seat_label(event.werewolf, names, lang))
    return sentence(
        "round started", lang, number=event.round_number, who=seat_label(event.dealer, names, lang), trump=trump
    )


def _game_over(event: GameOver, lang: Language, names: _Names) -> str:
    first = event.standings.index(1) if 1 in event.standings else 0
    points = event.totals[first] if event.totals else 0
    return sentence("game over", lang, winners=winners_text(event.winners, points, lang))


_TELL: Final[dict[type, Callable[[Any, Language, _Names], str]]] = {
    TrumpChosen: _trump_chosen,
    HandSeen: _hand_seen,
    BidMade: _bid_made,
    CardPlayed: _card_played,
    TrickWon: _trick_won,
    TrickVoided: _trick_voided,
    BidChanged: _bid_changed,
    CardPassed: _card_passed,
    CardsPassed: _cards_passed,
    RoundScored: _round_scored,
    RoundStarted: _round_started,
    GameOver: _game_over,
    BidHidden: _bid_hidden,
    BidsRevealed: _bids_revealed,
    BidChangeHidden: _bid_change_hidden,
    PassHidden: _pass_hidden,
    PassReceived: _pass_received,
}
"""Each event's sentence."""
