"""The words people read, in English and German (R1.3): shared by `str()`, the pictures and the command line.

`say` translates single words and labels; `sentence` fills a sentence's template; the other
helpers name seats, cards and lists of names the same way everywhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from wizardrules._convert import as_tuple, shown
from wizardrules.cards import Card, CardKind, Language, Suit
from wizardrules.errors import CardError, PlayerError

__all__ = [
    "and_list",
    "card_object",
    "card_subject",
    "card_with",
    "checked_language",
    "checked_names",
    "names_list",
    "round_of",
    "say",
    "seat_label",
    "sentence",
    "suit_text",
    "template",
    "trump_text",
    "winners_text",
]

_GERMAN: Final = {
    "Trump": "Trumpf",
    "no trump": "kein Trumpf",
    "to be chosen": "wird gewählt",
    "game over": "Spiel vorbei",
    "winner": "Gewinner",
    "no cards": "keine Karten",
    "to act": "ist am Zug",
    "Led": "Ausgespielt",
    "no suit": "keine Farbe",
    "wins": "gewinnt",
    "win": "gewinnen",
    "leads next": "spielt aus",
    "to play": "ist dran",
    "Seat": "Platz",
    "Round": "Runde",
    "of": "von",
    "bid": "Ansage",
    "tricks": "Stiche",
    "cards": "Karten",
    "dealer": "Geber",
    "you": "du",
    "blind": "blind",
    "hidden": "verdeckt",
    "Hand": "Hand",
    "not looked at yet": "noch nicht angesehen",
    "unseen in a clairvoyance round": "in der Hellseh-Runde unsichtbar",
    "Turned up": "Aufgedeckt",
    "nothing": "nichts",
    "Trick": "Stich",
    "no cards yet": "noch keine Karten",
    "hit": "getroffen",
    "missed": "daneben",
    "Scores": "Punkte",
    "total": "Summe",
    "place": "Platz",
    "Cards": "Karten",
    "Card": "Karte",
    "as": "als",
    "with": "mit",
    "legal": "spielbar",
    "trump": "Trumpfwahl",
    "bidding": "Ansagen",
    "playing": "Spiel",
    "over": "Spielende",
    "cloud": "Wolke",
    "passing": "Weitergeben",
    "no rounds yet": "noch keine Runden",
    "Bids": "Ansagen",
    "Tricks": "Stiche",
    "Totals": "Stand",
    "Player": "Spieler",
    "Your hand": "Deine Hand",
    "Last trick": "Letzter Stich",
    "Passed": "Weitergegeben",
    "received": "bekommen",
    "to move": "am Zug",
    "deals": "gibt",
    "Human": "Mensch",
}

# Sentence templates: English, German. Fields are filled by `sentence`. An event's own sentences
# are its class's (`wizardrules.events`); these are the ones that views, tricks and lessons share.
_SENTENCES: Final = {
    "round of": ("Round {number} of {rounds}", "Runde {number} von {rounds}"),
    "turned up": ("{card} is turned up, {trump}", "{card} ist aufgedeckt, {trump}"),
    "trick won": ("{who} wins the trick with {card}", "{who} gewinnt den Stich mit {card}"),
    "trick voided": (
        "the Bomb voids the trick, nobody wins it; {who} leads next",
        "die Bombe hebt den Stich auf, niemand gewinnt ihn; {who} spielt aus",
    ),
    "game over short": ("Game over", "Spielende"),
    "game over": ("Game over: {winners}", "Spielende: {winners}"),
    "wins": ("{who} wins with {points} points", "{who} gewinnt mit {points} Punkten"),
    "share": ("{who} share the win with {points} points", "{who} teilen sich den Sieg mit {points} Punkten"),
    "leads": ("{who} leads; no cards yet", "{who} spielt aus; noch keine Karten"),
    "holds": ("{who} holds {cards}", "{who} hat {cards}"),
    "holds nothing": ("{who} holds no cards", "{who} hat keine Karten"),
    "hand unseen": ("{who} has not seen the hand", "{who} kennt die eigenen Karten nicht"),
    "trump": ("trump {suit}", "Trumpf {suit}"),
    "trump to choose": ("trump to be chosen", "Trumpf wird gewählt"),
    "no trump": ("no trump", "kein Trumpf"),
    "to choose trump": ("{who} to choose trump", "{who} wählt Trumpf"),
    "to bid": ("{who} to bid", "{who} sagt an"),
    "to play": ("{who} to play", "{who} spielt"),
    "to change the bid": ("{who} to change the bid (Cloud)", "{who} ändert die Ansage (Wolke)"),
    "to pass": ("{who} to pass a card", "{who} gibt eine Karte weiter"),
    "seat": ("Seat {seat}", "Platz {seat}"),
}

# A special card's name with its article, as object, after "with"/"mit" and as subject
# (German accusative, dative, nominative).
_GERMAN_PHRASES: Final = {
    CardKind.WIZARD: ("den Zauberer", "dem Zauberer", "der Zauberer"),
    CardKind.JESTER: ("den Narren", "dem Narren", "der Narr"),
    CardKind.DRAGON: ("den Drachen", "dem Drachen", "der Drache"),
    CardKind.FAIRY: ("die Fee", "der Fee", "die Fee"),
    CardKind.BOMB: ("die Bombe", "der Bombe", "die Bombe"),
    CardKind.WEREWOLF: ("den Werwolf", "dem Werwolf", "der Werwolf"),
    CardKind.JUGGLER: ("den Jongleur", "dem Jongleur", "der Jongleur"),
    CardKind.CLOUD: ("die Wolke", "der Wolke", "die Wolke"),
    CardKind.SHAPESHIFTER: ("den Gestaltwandler", "dem Gestaltwandler", "der Gestaltwandler"),
}


def say(english: str, lang: Language) -> str:
    """`english`, or its German words when `lang` is German.

    Examples:
        >>> say("Trump", Language.DE)
        'Trumpf'
    """
    return _GERMAN[english] if lang is Language.DE else english


def round_of(number: int, rounds: int, lang: Language) -> str:
    """`Round 3 of 15`, or in German `Runde 3 von 15`."""
    return sentence("round of", lang, number=number, rounds=rounds)


def sentence(key: str, lang: Language, **fields: object) -> str:
    """The sentence `key` in `lang`, its fields filled in.

    Examples:
        >>> sentence("round of", Language.DE, number=3, rounds=15)
        'Runde 3 von 15'
    """
    english, german = _SENTENCES[key]
    return (german if lang is Language.DE else english).format(**fields)


def template(key: str) -> tuple[str, str]:
    """The sentence `key`'s templates, English and German, for an event that says what a trick says."""
    return _SENTENCES[key]


def checked_language(language: object) -> Language:
    """`language` when it is a `Language`, else a `CardError` naming it."""
    if not isinstance(language, Language):
        raise CardError(f"language {shown(language)}: expected Language.EN or Language.DE")
    return language


def checked_names(names: Sequence[str] | None) -> tuple[str, ...] | None:
    """`names` as a tuple of texts, or `None`; else a `PlayerError` naming them."""
    if names is None:
        return None
    found = as_tuple(names, "names", PlayerError, limit=64)
    if not all(isinstance(name, str) for name in found):
        raise PlayerError(f"names {shown(names)}: expected a name (text) per seat")
    return found


def seat_label(seat: int, names: Sequence[str] | None, lang: Language) -> str:
    """The player at `seat`: their name when `names` are given, else `Seat 2` (`Platz 2`).

    Raises:
        PlayerError: `names` has no name for `seat`.

    Examples:
        >>> seat_label(2, None, Language.EN), seat_label(1, ("Ann", "Ben"), Language.DE)
        ('Seat 2', 'Ben')
    """
    if names is None:
        return sentence("seat", lang, seat=seat)
    if not 0 <= seat < len(names):
        raise PlayerError(f"names {shown(names)} has no name for seat {seat}")
    return names[seat]


def and_list(items: Sequence[str], lang: Language) -> str:
    """`Ann`, `Ann and Ben`, `Ann, Ben and Cem` (German `und`).

    Examples:
        >>> and_list(["Ann", "Ben", "Cem"], Language.EN), and_list(["Ann", "Ben"], Language.DE)
        ('Ann, Ben and Cem', 'Ann und Ben')
    """
    if len(items) < 2:
        return "".join(items)
    word = " und " if lang is Language.DE else " and "
    return ", ".join(items[:-1]) + word + items[-1]


def suit_text(suit: Suit, lang: Language) -> str:
    """A suit as it stands in a sentence: `red` in English, `Rot` in German."""
    name = suit.display(lang)
    return name if lang is Language.DE else name.lower()


def trump_text(trump: Suit | None, lang: Language) -> str:
    """`trump red` or `no trump` (`Trumpf Rot`, `kein Trumpf`)."""
    if trump is None:
        return sentence("no trump", lang)
    return sentence("trump", lang, suit=suit_text(trump, lang))


def _phrase(card: Card, lang: Language, case: int) -> str:
    name = card.display(lang)
    if card.kind is CardKind.SUIT:
        return name
    if lang is Language.DE:
        plain = card.undeclared.display(lang)
        return _GERMAN_PHRASES[card.kind][case] + name[len(plain) :]
    return f"the {name}"


def card_object(card: Card, lang: Language) -> str:
    """A card as the object of a sentence: `Green 7`, `the Wizard` (German `den Zauberer`)."""
    return _phrase(card, lang, 0)


def card_with(card: Card, lang: Language) -> str:
    """A card after "with": `Green 7`, `the Wizard` (German `dem Zauberer`).

    Examples:
        >>> card_with(Card.WIZARD, Language.DE), card_with(Card.parse("CLOUD:R"), Language.EN)
        ('dem Zauberer', 'the Cloud (Red)')
    """
    return _phrase(card, lang, 1)


def card_subject(card: Card, lang: Language) -> str:
    """A card as the subject of a sentence: `Green 7`, `the Jester` (German `der Narr`)."""
    return _phrase(card, lang, 2)


def names_list(cards: Sequence[Card], lang: Language) -> str:
    """Cards by their names, separated by commas: `Red 3, Green 7, Wizard`."""
    return ", ".join(card.display(lang) for card in cards)


def winners_text(winners: Sequence[str], points: int, lang: Language) -> str:
    """`Ann wins with 120 points`, or on a tie `Ann and Ben share the win with 90 points`.

    Examples:
        >>> winners_text(["Ann", "Ben"], 90, Language.EN)
        'Ann and Ben share the win with 90 points'
    """
    key = "share" if len(winners) > 1 else "wins"
    return sentence(key, lang, who=and_list(winners, lang), points=points)
