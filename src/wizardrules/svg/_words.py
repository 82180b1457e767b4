"""The words written on the pictures, in English and German (R1.3)."""

from __future__ import annotations

from typing import Final

from wizardrules.cards import Language

__all__ = ["round_of", "say"]

_GERMAN: Final = {
    "Trump": "Trumpf",
    "no trump": "kein Trumpf",
    "to be chosen": "wird gewählt",
    "game over": "Spiel vorbei",
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
    return f"{say('Round', lang)} {number} {say('of', lang)} {rounds}"
