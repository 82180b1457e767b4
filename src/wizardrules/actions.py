"""Game actions and their notation (engine layer).

Actions are small frozen values with a compact notation that round-trips:
`bid 2`, `bid 0 blind`, `look`, `play R13`, `trump green`, and with special cards (R8)
`play CLOUD:R`, `trump none` (the Werewolf's holder), `cloud +1` and `pass R7` (the Juggler),
and in a clairvoyance round (R4.5) `play unseen`: play the one card one holds without seeing it.

Examples:
    >>> from wizardrules import parse_action
    >>> action = parse_action("Play g13")
    >>> action, str(action)
    (Play(card=Card.parse('G13')), 'play G13')
    >>> parse_action("bid 2 blind")
    Bid(tricks=2, blind=True)
"""

from __future__ import annotations

from typing import Final, TypeAlias

from attrs import field, frozen

from wizardrules._convert import shown, whole
from wizardrules.bidding import CloudChange
from wizardrules.cards import ALL_CARDS, Card, Suit
from wizardrules.errors import ActionError, NotationError

__all__ = ["Action", "Bid", "ChangeBid", "ChooseTrump", "Look", "PassCard", "Play", "PlayUnseen", "parse_action"]

MAX_BID: Final = 67


@frozen(cache_hash=True)
class Bid:
    """Bid a number of tricks (R4.1); `blind` when made before looking at the hand (R4.4).

    The number of tricks may be given by position, `blind` only by name.

    Attributes:
        tricks: the tricks bid, 0 up to the round's cards.
        blind: whether the bid is made before looking at the hand (R4.4).

    Examples:
        >>> str(Bid(0)), str(Bid(tricks=3, blind=True))
        ('bid 0', 'bid 3 blind')
    """

    tricks: int
    blind: bool = field(default=False, kw_only=True)

    def __attrs_post_init__(self) -> None:
        if not whole(self.tricks, 0, MAX_BID):
            raise ActionError(
                f"Bid(tricks={shown(self.tricks)}): a bid is a whole number 0 or more, up to {MAX_BID} (R4.1)",
                german=f"Bid(tricks={shown(self.tricks)}): eine Ansage ist eine ganze Zahl von 0 bis {MAX_BID} (R4.1)",
            )
        if type(self.blind) is not bool:
            raise ActionError(f"Bid(blind={shown(self.blind)}): blind is True or False")

    def __str__(self) -> str:
        return f"bid {self.tricks} blind" if self.blind else f"bid {self.tricks}"


@frozen(cache_hash=True)
class Play:
    """Play a card to the current trick (R5.3).

    A Cloud or Juggler is played with the suit its player names, a Shapeshifter with the
    role its player declares (R8.2, R8.3, R8.7).

    Attributes:
        card: the card played, declared if it needs a declaration.

    Examples:
        >>> str(Play(Card.parse("R13"))), str(Play(Card.parse("CLOUD:G")))
        ('play R13', 'play CLOUD:G')
    """

    card: Card
    _index: int = field(default=-1, init=False, eq=False, repr=False)
    """The engine's bit index of a standard card on its shared Play (52 for the Wizard, 56 for
    the Jester), so that playing it needs no look-up; -1 on any other Play. Not part of the value."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.card, Card):
            raise ActionError(f"Play({shown(self.card)}): expected a Card, e.g. Card.parse('R13')")

    def __str__(self) -> str:
        return f"play {self.card}"


@frozen(cache_hash=True)
class ChooseTrump:
    """Name the trump suit: the dealer after a Wizard or a special card is turned up (R3.2, R8.10),
    or the Werewolf's holder after the swap, who may also name no trump (`suit=None`, R8.6).

    Attributes:
        suit: the trump suit, `None` for no trump.

    Examples:
        >>> str(ChooseTrump(Suit.GREEN)), str(ChooseTrump(None))
        ('trump green', 'trump none')
    """

    suit: Suit | None

    def __attrs_post_init__(self) -> None:
        if self.suit is not None and not isinstance(self.suit, Suit):
            raise ActionError(
                f"ChooseTrump({shown(self.suit)}): expected a Suit, e.g. Suit.GREEN, or None for no trump"
            )

    def __str__(self) -> str:
        return "trump none" if self.suit is None else f"trump {self.suit.name.lower()}"


@frozen(cache_hash=True)
class ChangeBid:
    """The winner of the Cloud's trick changes their bid by one, up or down (R8.2).

    Attributes:
        change: up or down by one.

    Examples:
        >>> str(ChangeBid(CloudChange.UP)), str(ChangeBid(CloudChange.DOWN))
        ('cloud +1', 'cloud -1')
    """

    change: CloudChange

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.change, CloudChange):
            raise ActionError(f"ChangeBid({shown(self.change)}): expected CloudChange.UP or CloudChange.DOWN")

    def __str__(self) -> str:
        return f"cloud {self.change.delta:+d}"


@frozen(cache_hash=True)
class PassCard:
    """After the Juggler's trick, pass a card of one's hand to the left player (R8.3).

    Attributes:
        card: the card passed, as held (undeclared).

    Examples:
        >>> str(PassCard(Card.parse("W")))
        'pass W'
    """

    card: Card

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.card, Card):
            raise ActionError(f"PassCard({shown(self.card)}): expected a Card, e.g. Card.parse('R13')")
        if self.card.undeclared != self.card:
            raise ActionError(f"PassCard({self.card}): a card is passed as held, without a declaration")

    def __str__(self) -> str:
        return f"pass {self.card}"


@frozen(cache_hash=True)
class Look:
    """Look at one's hand before bidding; afterwards a blind bid is no longer possible (R4.4)."""

    def __str__(self) -> str:
        return "look"


@frozen(cache_hash=True)
class PlayUnseen:
    """Play the card one holds without seeing it: the play of a clairvoyance round (R4.5).

    In a clairvoyance round each player holds one card to the forehead and sees every card
    but their own, so a play that names the card would tell them what it is. This action
    names none: the table plays the card the player holds. It is the one entry of the
    player's [`PlayerView.legal_actions`][wizardrules.PlayerView] on their turn in that
    round. Clairvoyance is played with one card (R4.5), so there is no choice to make; a
    Cloud, Juggler or Shapeshifter played unseen takes the first declaration
    [`GameState.legal_actions`][wizardrules.GameState.legal_actions] lists for it (red, a
    Wizard) and so does what the card says. The game's record keeps the card played.

    Examples:
        >>> from wizardrules import Rules, Variant, new_game
        >>> state = new_game(["Ann", "Ben", "Cem"], rules=Rules(variants=Variant.CLAIRVOYANCE), seed=2)
        >>> while state.phase.value != "playing":
        ...     state = state.apply(state.legal_actions()[0])
        >>> me = state.to_move
        >>> view = state.view(me)
        >>> view.hand, [str(action) for action in view.legal_actions]
        (None, ['play unseen'])
        >>> left = (me + 1) % 3  # the next player sees the card played
        >>> state.apply(PlayUnseen(), seat=me).current_trick.cards == state.view(left).seen_hands[me]
        True
    """

    def __str__(self) -> str:
        return "play unseen"


Action: TypeAlias = "Bid | Play | ChooseTrump | Look | ChangeBid | PassCard | PlayUnseen"
"""Any action a player can take."""
ACTION_CLASSES: Final = (Bid, Play, ChooseTrump, Look, ChangeBid, PassCard, PlayUnseen)
"""The classes of `Action`, for `isinstance`."""

# Shared instances, so that listing legal actions allocates nothing.
LOOK: Final = Look()
PLAY_UNSEEN: Final = PlayUnseen()
BIDS: Final = tuple(Bid(tricks=n) for n in range(MAX_BID + 1))
BLIND_BIDS: Final = tuple(Bid(tricks=n, blind=True) for n in range(MAX_BID + 1))
PLAYS: Final = {card: Play(card) for card in ALL_CARDS}
TRUMPS: Final = {suit: ChooseTrump(suit) for suit in (*Suit, None)}
CHANGES: Final = {change: ChangeBid(change) for change in CloudChange}
PASSES: Final = {card: PassCard(card) for card in ALL_CARDS if card.undeclared is card}
_CHANGE_WORDS: Final = {"+1": CloudChange.UP, "up": CloudChange.UP, "-1": CloudChange.DOWN, "down": CloudChange.DOWN}


def parse_action(text: str) -> Action:
    """Read an action in its notation.

    The forms are `bid N`, `bid N blind`, `look`, `play CARD`, `play unseen` (R4.5),
    `trump SUIT`, `trump none`, `cloud +1`, `cloud -1` (also `cloud up`, `cloud down`) and
    `pass CARD`.

    Raises:
        NotationError: the text is not an action; the message says why.

    Examples:
        >>> parse_action("trump B"), parse_action("LOOK")
        (ChooseTrump(suit=<Suit.BLUE: 'B'>), Look())
    """
    if not isinstance(text, str):
        raise NotationError(f"{shown(text)} is not an action: expected text")
    words = text.split()
    if not words:
        raise NotationError(f"{shown(text)} is not an action: the text is empty")
    verb = words[0].lower()
    rest = words[1:]
    if verb == "look" and not rest:
        return LOOK
    if verb == "play" and len(rest) == 1:
        if rest[0].lower() == "unseen":
            return PLAY_UNSEEN
        card = Card.parse(rest[0])
        return PLAYS.get(card) or Play(card)
    if verb == "trump" and len(rest) == 1:
        return TRUMPS[None if rest[0].lower() == "none" else Suit.parse(rest[0])]
    if verb == "cloud" and len(rest) == 1 and rest[0].lower() in _CHANGE_WORDS:
        return CHANGES[_CHANGE_WORDS[rest[0].lower()]]
    if verb == "pass" and len(rest) == 1:
        card = Card.parse(rest[0])
        found = PASSES.get(card)
        if found is None:
            raise NotationError(f"{shown(text)} is not an action: a card is passed as held, without a declaration")
        return found
    if verb == "bid" and rest and len(rest) <= 2:
        number = rest[0]
        if not (number.isascii() and number.isdigit()) or len(number) > 2 or int(number) > MAX_BID:
            raise NotationError(f"{shown(text)} is not an action: {shown(number)} is not a bid 0..{MAX_BID}")
        if len(rest) == 2 and rest[1].lower() != "blind":
            raise NotationError(f"{shown(text)} is not an action: after the bid only 'blind' may follow")
        return (BLIND_BIDS if len(rest) == 2 else BIDS)[int(number)]
    raise NotationError(
        f"{shown(text)} is not an action: expected 'bid N', 'bid N blind', 'look', 'play CARD', 'play unseen', "
        "'trump SUIT', 'trump none', 'cloud +1', 'cloud -1' or 'pass CARD'"
    )
