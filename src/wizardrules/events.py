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

This module is the events' one registry: each event class states here everything the
package does with it. Its fields say what they hold on the wire (a `Kind` in each field's
metadata), its `_seen` who may know it (a `Seen`, with the form a seat gets that may not:
`_hidden`, `_part`), and its `_words` and `_text` its sentence in English and German.
`events_for` (`engine/_seen.py`), the wire format (`wire/_events.py`) and its JSON Schema
read them from here; `EVENT_CLASSES` lists the events in order.

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

import enum
from collections.abc import Mapping, Sequence
from typing import ClassVar, Final, TypeAlias, TypeVar, cast

import attrs
from attrs import field, frozen

from wizardrules._words import (
    card_object,
    card_subject,
    card_with,
    checked_language,
    checked_names,
    seat_label,
    sentence,
    suit_text,
    template,
    trump_text,
    winners_text,
)
from wizardrules._words import say as word
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


# -- the registry's terms ---------------------------------------------------------------------------


class Seen(enum.Enum):
    """Who may know an event as `step` reports it, and so what `events_for` hands each seat (R4.3, R8.2, R8.3).

    Who may know a bid is the views' rule (`engine/view.py`); `events_for` asks it.
    """

    PUBLIC = "public"
    """Every seat knows it as it is."""
    BID = "bid"
    """A bid: a seat that may not know it yet gets its `_hidden` form; when the step makes the
    bids known (the last simultaneous bid), they are revealed after it."""
    BID_CHANGE = "bid change"
    """A Cloud's change of a bid (R8.2): a seat that may not know the bid gets its `_hidden` form."""
    CHOICE = "choice"
    """A seat's hidden choice (the card to pass, R8.3): the other seats get its `_hidden` form."""
    SPLIT = "split"
    """Each seat gets its own part (`_part`), and nothing of the others' (R8.3)."""
    ROUND_END = "round end"
    """Public, and ends a round: the bids still hidden are revealed before it (R4.3)."""
    FOR_SEAT = "for seat"
    """Made by `events_for` for one seat (a hidden form or a reveal); `step` never reports it."""


class Kind(enum.Enum):
    """What a field of an event holds: the wire format writes, reads and describes each kind one way."""

    SEAT = "seat"
    """A seat, from 0 (R2.1)."""
    COUNT = "count"
    """Cards or tricks: a bid, 0 up to the largest deck (R4.1)."""
    NUMBER = "number"
    """A round's number, from 1 (R2.2)."""
    FLAG = "flag"
    """True or false."""
    CARD = "card"
    """A card in its notation, declared if it needs a declaration (R1.2, R8)."""
    SUIT = "suit"
    """A suit, by its notation letter (R1.2)."""
    CHANGE = "change"
    """A Cloud's change: up or down (R8.2)."""
    TRICK = "trick"
    """A trick: its players in play order, its trump and its cards (R5)."""
    ROUND = "round"
    """A finished round as the score sheet records it (R6)."""
    POINTS = "points"
    """Points, either way (R6)."""
    PLACE = "place"
    """A place in the standings, from 1 (R7)."""
    NAME = "name"
    """A player's name."""


class Shape(enum.Enum):
    """How many values of its kind a field holds."""

    ONE = "one"
    """One value."""
    OPTIONAL = "optional"
    """One value, or none (`None`)."""
    PER_SEAT = "per seat"
    """One value per seat, in seat order."""
    SOME = "some"
    """One value for each of some of the players (at least one)."""


@frozen
class OnWire:
    """What an event's field holds on the wire: its kind and how many of it.

    Attributes:
        kind: the kind of value.
        shape: one, optional, one per seat or some.
    """

    kind: Kind
    shape: Shape = Shape.ONE


WIRE: Final = "wire"
"""The key of an event field's metadata that holds its `OnWire`."""


def _on_wire(kind: Kind, shape: Shape = Shape.ONE) -> dict[str, OnWire]:
    return {WIRE: OnWire(kind, shape)}


class _Say:
    """An event's sentence being written: its words in one language, and the players' names."""

    __slots__ = ("lang", "names", "words")

    def __init__(self, words: Mapping[str, tuple[str, str]], lang: Language, names: tuple[str, ...] | None) -> None:
        self.words = words
        self.lang = lang
        self.names = names

    def __call__(self, key: str, **fields: object) -> str:
        english, german = self.words[key]
        return (german if self.lang is Language.DE else english).format(**fields)

    def who(self, seat: int) -> str:
        """The player at `seat`, by name or as `Seat 2`."""
        return seat_label(seat, self.names, self.lang)


_E = TypeVar("_E", bound="_Told")
_Words: TypeAlias = "Mapping[str, tuple[str, str]]"
_REGISTERED: list[type[_Told]] = []


def _event(cls: type[_E]) -> type[_E]:
    """Enter an event class in the registry, in the order of this module."""
    _REGISTERED.append(cls)
    return cls


class _Told:
    """What every event shares: a sentence for people, as `str()` and in German with names.

    Each event class sets `_seen` (who may know it), `_words` (its sentences' templates, English
    and German) and `_text` (which template, filled how).
    """

    __slots__ = ()

    _seen: ClassVar[Seen]
    _words: ClassVar[_Words]

    def to_text(self, *, language: Language = Language.EN, names: Sequence[str] | None = None) -> str:
        """The event as a short sentence: `Ann bids 2`, `Ben wins the trick with the Wizard`.

        Args:
            language: English or German.
            names: the players' names in seat order; without them, players are `Seat 2`.

        Raises:
            CardError: `language` is not a `Language`.
            PlayerError: `names` is not a name per seat.
        """
        return self._text(_Say(self._words, checked_language(language), checked_names(names)))

    def _text(self, say: _Say) -> str:
        """The sentence, from `say` (this event's words in the reader's language)."""
        return type(self).__name__

    def __str__(self) -> str:
        return self.to_text()


@_event
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

    round_number: int = field(metadata=_on_wire(Kind.NUMBER))
    dealer: int = field(metadata=_on_wire(Kind.SEAT))
    turned_up: Card | None = field(metadata=_on_wire(Kind.CARD, Shape.OPTIONAL))
    trump: Suit | None = field(metadata=_on_wire(Kind.SUIT, Shape.OPTIONAL))
    werewolf: int | None = field(default=None, metadata=_on_wire(Kind.SEAT, Shape.OPTIONAL))

    _seen: ClassVar[Seen] = Seen.PUBLIC
    _words: ClassVar[_Words] = {
        "started": ("Round {number}: {who} deals; {trump}", "Runde {number}: {who} gibt; {trump}"),
        "nothing turned up": ("nothing is turned up, {trump}", "nichts ist aufgedeckt, {trump}"),
        "werewolf": ("{who} swaps the Werewolf for it", "{who} tauscht den Werwolf dagegen"),
    }

    def _text(self, say: _Say) -> str:
        lang = say.lang
        if self.trump is None and (
            self.werewolf is not None or (self.turned_up is not None and self.turned_up.kind in _CHOSEN_LATER)
        ):
            trump = sentence("trump to choose", lang)
        else:
            trump = trump_text(self.trump, lang)
        if self.turned_up is None:
            trump = say("nothing turned up", trump=trump)
        else:
            trump = sentence("turned up", lang, card=card_subject(self.turned_up, lang), trump=trump)
        if self.werewolf is not None:
            trump += "; " + say("werewolf", who=say.who(self.werewolf))
        return say("started", number=self.round_number, who=say.who(self.dealer), trump=trump)


_CHOSEN_LATER: Final = frozenset(
    {CardKind.WIZARD, CardKind.DRAGON, CardKind.CLOUD, CardKind.JUGGLER, CardKind.SHAPESHIFTER, CardKind.WEREWOLF}
)
"""Turned-up cards after which the dealer names the trump (R3.2, R8.10)."""


@_event
@frozen(kw_only=True)
class TrumpChosen(_Told):
    """The trump was named: by the dealer after a Wizard or special card was turned up (R3.2,
    R8.10), or by the Werewolf's holder, who may name no trump (`suit=None`, R8.6).

    Attributes:
        seat: the player who named it.
        suit: the trump suit, `None` for no trump.
    """

    seat: int = field(metadata=_on_wire(Kind.SEAT))
    suit: Suit | None = field(metadata=_on_wire(Kind.SUIT, Shape.OPTIONAL))

    _seen: ClassVar[Seen] = Seen.PUBLIC
    _words: ClassVar[_Words] = {
        "suit": ("{who} chooses {suit} as trump", "{who} wählt {suit} als Trumpf"),
        "none": ("{who} chooses no trump", "{who} wählt keinen Trumpf"),
    }

    def _text(self, say: _Say) -> str:
        if self.suit is None:
            return say("none", who=say.who(self.seat))
        return say("suit", who=say.who(self.seat), suit=suit_text(self.suit, say.lang))


@_event
@frozen(kw_only=True)
class HandSeen(_Told):
    """A player looked at their hand, giving up a blind bid (R4.4).

    Attributes:
        seat: the player who looked.
    """

    seat: int = field(metadata=_on_wire(Kind.SEAT))

    _seen: ClassVar[Seen] = Seen.PUBLIC
    _words: ClassVar[_Words] = {"seen": ("{who} looks at the hand", "{who} sieht sich die Karten an")}

    def _text(self, say: _Say) -> str:
        return say("seen", who=say.who(self.seat))


@_event
@frozen(kw_only=True)
class BidMade(_Told):
    """A player bid (R4.1).

    Attributes:
        seat: the bidder.
        bid: the tricks bid.
        blind: whether the bid was made without looking at the hand (R4.4).
    """

    seat: int = field(metadata=_on_wire(Kind.SEAT))
    bid: int = field(metadata=_on_wire(Kind.COUNT))
    blind: bool = field(metadata=_on_wire(Kind.FLAG))

    _seen: ClassVar[Seen] = Seen.BID
    _words: ClassVar[_Words] = {
        "bid": ("{who} bids {bid}", "{who} sagt {bid} an"),
        "blind": ("{who} bids {bid} blind", "{who} sagt {bid} blind an"),
    }

    def _text(self, say: _Say) -> str:
        return say("blind" if self.blind else "bid", who=say.who(self.seat), bid=self.bid)

    def _hidden(self) -> Event:
        return BidHidden(seat=self.seat)


@_event
@frozen(kw_only=True)
class BidHidden(_Told):
    """Another player bid, and the bid is hidden from this seat until it is revealed (R4.3).

    The redacted [`BidMade`][wizardrules.BidMade] of simultaneous and secret bids, as
    [`GameState.events_for`][wizardrules.GameState.events_for] gives it to the other seats;
    whether the bid was blind is hidden with it.

    Attributes:
        seat: the bidder.
    """

    seat: int = field(metadata=_on_wire(Kind.SEAT))

    _seen: ClassVar[Seen] = Seen.FOR_SEAT
    _words: ClassVar[_Words] = {"hidden": ("{who} bids, hidden", "{who} sagt verdeckt an")}

    def _text(self, say: _Say) -> str:
        return say("hidden", who=say.who(self.seat))


@_event
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

    bids: tuple[int, ...] = field(metadata=_on_wire(Kind.COUNT, Shape.PER_SEAT))
    blind: tuple[bool, ...] = field(metadata=_on_wire(Kind.FLAG, Shape.PER_SEAT))

    _seen: ClassVar[Seen] = Seen.FOR_SEAT
    _words: ClassVar[_Words] = {"revealed": ("The bids are revealed: {bids}", "Die Ansagen werden aufgedeckt: {bids}")}

    def _text(self, say: _Say) -> str:
        bids = ", ".join(
            f"{say.who(seat)}: {bid}" + (f" {word('blind', say.lang)}" if blind else "")
            for seat, (bid, blind) in enumerate(zip(self.bids, self.blind, strict=False))
        )
        return say("revealed", bids=bids)


@_event
@frozen(kw_only=True)
class CardPlayed(_Told):
    """A player played a card (R5.3); a Cloud, Juggler or Shapeshifter with its declaration (R8).

    Attributes:
        seat: the player.
        card: the card as played, declared if it needs a declaration.
    """

    seat: int = field(metadata=_on_wire(Kind.SEAT))
    card: Card = field(metadata=_on_wire(Kind.CARD))

    _seen: ClassVar[Seen] = Seen.PUBLIC
    _words: ClassVar[_Words] = {"played": ("{who} plays {card}", "{who} spielt {card}")}

    def _text(self, say: _Say) -> str:
        return say("played", who=say.who(self.seat), card=card_object(self.card, say.lang))


@_event
@frozen(kw_only=True)
class TrickWon(_Told):
    """A trick is complete and `seat` took it (R5.4, R8.9).

    Attributes:
        seat: the player who took the trick, and leads the next one.
        trick: the complete trick: its leader, its cards in play order and its trump.
    """

    seat: int = field(metadata=_on_wire(Kind.SEAT))
    trick: Trick = field(metadata=_on_wire(Kind.TRICK))

    _seen: ClassVar[Seen] = Seen.PUBLIC
    _words: ClassVar[_Words] = {"won": template("trick won")}

    def _text(self, say: _Say) -> str:
        trick = self.trick
        index = trick.seats.index(self.seat) if self.seat in trick.seats else -1
        card = card_with(trick.cards[index], say.lang) if index >= 0 else "?"
        return say("won", who=say.who(self.seat), card=card)


@_event
@frozen(kw_only=True)
class TrickVoided(_Told):
    """A Bomb voided the complete trick: nobody took it, and `leader` leads next (R8.1).

    Attributes:
        leader: the player who led the trick, and leads the next one.
        trick: the complete trick.
    """

    leader: int = field(metadata=_on_wire(Kind.SEAT))
    trick: Trick = field(metadata=_on_wire(Kind.TRICK))

    _seen: ClassVar[Seen] = Seen.PUBLIC
    _words: ClassVar[_Words] = {"voided": template("trick voided")}

    def _text(self, say: _Say) -> str:
        text = say("voided", who=say.who(self.leader))
        return text[0].upper() + text[1:]


@_event
@frozen(kw_only=True)
class BidChanged(_Told):
    """The winner of the Cloud's trick changed their bid by one (R8.2).

    Attributes:
        seat: the player whose bid changed.
        change: up or down by one.
        bid: the bid after the change.
    """

    seat: int = field(metadata=_on_wire(Kind.SEAT))
    change: CloudChange = field(metadata=_on_wire(Kind.CHANGE))
    bid: int = field(metadata=_on_wire(Kind.COUNT))

    _seen: ClassVar[Seen] = Seen.BID_CHANGE
    _words: ClassVar[_Words] = {
        "changed": (
            "{who} changes the bid by {change} to {bid} (Cloud)",
            "{who} ändert die Ansage um {change} auf {bid} (Wolke)",
        )
    }

    def _text(self, say: _Say) -> str:
        return say("changed", who=say.who(self.seat), change=f"{self.change.delta:+d}", bid=self.bid)

    def _hidden(self) -> Event:
        return BidChangeHidden(seat=self.seat)


@_event
@frozen(kw_only=True)
class BidChangeHidden(_Told):
    """The winner of the Cloud's trick changed their secret bid, up or down: hidden (R4.3, R8.2).

    The redacted [`BidChanged`][wizardrules.BidChanged] under secret bids, for the other seats.

    Attributes:
        seat: the player whose bid changed.
    """

    seat: int = field(metadata=_on_wire(Kind.SEAT))

    _seen: ClassVar[Seen] = Seen.FOR_SEAT
    _words: ClassVar[_Words] = {
        "hidden": ("{who} changes the bid by one, hidden (Cloud)", "{who} ändert die Ansage verdeckt um eins (Wolke)")
    }

    def _text(self, say: _Say) -> str:
        return say("hidden", who=say.who(self.seat))


@_event
@frozen(kw_only=True)
class CardPassed(_Told):
    """A player chose the card to pass left after the Juggler's trick (R8.3); hidden from the others.

    Attributes:
        seat: the player.
        card: the card chosen.
    """

    seat: int = field(metadata=_on_wire(Kind.SEAT))
    card: Card = field(metadata=_on_wire(Kind.CARD))

    _seen: ClassVar[Seen] = Seen.CHOICE
    _words: ClassVar[_Words] = {"passed": ("{who} passes {card} to the left", "{who} gibt {card} nach links weiter")}

    def _text(self, say: _Say) -> str:
        return say("passed", who=say.who(self.seat), card=card_object(self.card, say.lang))

    def _hidden(self) -> Event:
        return PassHidden(seat=self.seat)


@_event
@frozen(kw_only=True)
class PassHidden(_Told):
    """Another player chose the card to pass left after the Juggler's trick; which one is hidden (R8.3).

    The redacted [`CardPassed`][wizardrules.CardPassed], for the other seats.

    Attributes:
        seat: the player who chose.
    """

    seat: int = field(metadata=_on_wire(Kind.SEAT))

    _seen: ClassVar[Seen] = Seen.FOR_SEAT
    _words: ClassVar[_Words] = {
        "hidden": ("{who} chooses a card to pass to the left", "{who} wählt eine Karte zum Weitergeben")
    }

    def _text(self, say: _Say) -> str:
        return say("hidden", who=say.who(self.seat))


@_event
@frozen(kw_only=True)
class CardsPassed(_Told):
    """Every player has chosen: the cards went left together (R8.3).

    Attributes:
        cards: by seat, the card each player passed to the left.
    """

    cards: tuple[Card, ...] = field(metadata=_on_wire(Kind.CARD, Shape.PER_SEAT))

    _seen: ClassVar[Seen] = Seen.SPLIT
    _words: ClassVar[_Words] = {
        "passed": ("Everyone passes a card to the left: {cards}", "Alle geben eine Karte nach links weiter: {cards}")
    }

    def _text(self, say: _Say) -> str:
        cards = ", ".join(f"{say.who(seat)} {card.display(say.lang)}" for seat, card in enumerate(self.cards))
        return say("passed", cards=cards)

    def _part(self, seat: int) -> Event:
        n = len(self.cards)
        return PassReceived(seat=seat, given=self.cards[seat], received=self.cards[(seat - 1) % n])


@_event
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

    seat: int = field(metadata=_on_wire(Kind.SEAT))
    given: Card = field(metadata=_on_wire(Kind.CARD))
    received: Card = field(metadata=_on_wire(Kind.CARD))

    _seen: ClassVar[Seen] = Seen.FOR_SEAT
    _words: ClassVar[_Words] = {
        "received": (
            "{who} passes {given} to the left and gets {received}",
            "{who} gibt {given} nach links weiter und bekommt {received}",
        )
    }

    def _text(self, say: _Say) -> str:
        lang = say.lang
        return say(
            "received",
            who=say.who(self.seat),
            given=card_object(self.given, lang),
            received=card_object(self.received, lang),
        )


@_event
@frozen(kw_only=True)
class RoundScored(_Told):
    """A round is over and scored (R6).

    Attributes:
        round: the finished round as the score sheet records it: bids, tricks, points.
        totals: each player's total after the round, in seat order.
    """

    round: Round = field(metadata=_on_wire(Kind.ROUND))
    totals: tuple[int, ...] = field(metadata=_on_wire(Kind.POINTS, Shape.PER_SEAT))

    _seen: ClassVar[Seen] = Seen.ROUND_END
    _words: ClassVar[_Words] = {
        "scored": ("Round {number} is scored: {points}", "Runde {number} ist gewertet: {points}"),
        "points": ("{who} {points:+d} (total {total})", "{who} {points:+d} (Summe {total})"),
    }

    def _text(self, say: _Say) -> str:
        points = ", ".join(
            say("points", who=say.who(seat), points=points, total=total)
            for seat, (points, total) in enumerate(zip(self.round.points, self.totals, strict=False))
        )
        return say("scored", number=self.round.number, points=points)


@_event
@frozen(kw_only=True)
class GameOver(_Told):
    """The last round is scored (R7).

    Attributes:
        totals: each player's final total, in seat order.
        standings: each player's place, 1 for first, shared on a tie the tie-break leaves (R7.2).
        winners: the names in first place.
    """

    totals: tuple[int, ...] = field(metadata=_on_wire(Kind.POINTS, Shape.PER_SEAT))
    standings: tuple[int, ...] = field(metadata=_on_wire(Kind.PLACE, Shape.PER_SEAT))
    winners: tuple[str, ...] = field(metadata=_on_wire(Kind.NAME, Shape.SOME))

    _seen: ClassVar[Seen] = Seen.PUBLIC
    _words: ClassVar[_Words] = {"over": ("Game over: {winners}", "Spielende: {winners}")}

    def _text(self, say: _Say) -> str:
        first = self.standings.index(1) if 1 in self.standings else 0
        points = self.totals[first] if first < len(self.totals) else 0
        return say("over", winners=winners_text(self.winners, points, say.lang))


Event: TypeAlias = (
    "RoundStarted | TrumpChosen | HandSeen | BidMade | BidHidden | BidsRevealed | CardPlayed | TrickWon"
    " | TrickVoided | BidChanged | BidChangeHidden | CardPassed | PassHidden | CardsPassed | PassReceived"
    " | RoundScored | GameOver"
)
"""Any event: the full ones of `step`, and the redacted ones and reveals of `events_for`."""

EVENT_CLASSES: Final[tuple[type[Event], ...]] = cast("tuple[type[Event], ...]", tuple(_REGISTERED))
"""Every event class, in the order of a round (the registry: each states its visibility, sentences and wire fields)."""
STEP_EVENTS: Final = frozenset(cls for cls in EVENT_CLASSES if cls._seen is not Seen.FOR_SEAT)
"""The events `step` reports; the others only `events_for` makes."""


def wire_fields(cls: type[Event]) -> tuple[tuple[str, OnWire], ...]:
    """The fields of an event class in order, each with what it holds on the wire."""
    return tuple((found.name, found.metadata[WIRE]) for found in attrs.fields(cls))
