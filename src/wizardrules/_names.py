"""The one rule for players' names, wherever a name comes in: the sheet, the engine, the
command line, and so the pictures, files and text that show it.

A name is text of 1 to [`MAX_NAME`][wizardrules._names.MAX_NAME] characters, not blank,
and holds no character that a document cannot hold or that hides or reorders text:

- controls other than tab, newline and carriage return (C0 and C1), which XML forbids or
  terminals obey; U+FFFE and U+FFFF, which XML forbids; lone surrogates, which no UTF-8
  file can hold;
- bidirectional controls (U+202A..U+202E, U+2066..U+2069, U+200E, U+200F, U+061C), which
  reorder the text around them;
- zero-width and invisible characters (U+200B..U+200D, U+2060..U+2064, U+FEFF, U+180E,
  U+034F, the Hangul fillers U+115F, U+1160, U+3164, U+FFA0), which make two names look
  alike.

A name is kept in Unicode's composed form (NFC), so that the same name typed in two forms
("Zoë" with a composed or a combining diaeresis) is one name: the duplicate check and the
lookups by name compare composed forms.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Final

from wizardrules._convert import as_tuple, shown
from wizardrules.errors import PlayerError

__all__ = ["MAX_NAME", "check_name", "check_names", "lookup"]

MAX_NAME: Final = 100
"""The most characters a player's name may have."""

_REFUSED: Final = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f"  # controls but tab, newline, carriage return
    "\ud800-\udfff\ufffe\uffff"  # lone surrogates; the two characters XML forbids
    "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"  # bidirectional controls
    "\u200b-\u200d\u2060-\u2064\ufeff\u180e\u034f\u115f\u1160\u3164\uffa0]"  # zero-width, invisible
)

_BIDI: Final = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _why(char: str) -> tuple[str, str]:
    """Why `char` (one `_REFUSED` matches) cannot be in a name, in English and in German."""
    code = ord(char)
    if 0xD800 <= code <= 0xDFFF:
        return "a lone surrogate, which no UTF-8 file can hold", "ein einzelnes Surrogat, das keine UTF-8-Datei fasst"
    if char in _BIDI:
        return (
            "a bidirectional control, which reorders text",
            "ein Steuerzeichen der Schreibrichtung, das Text umstellt",
        )
    if char in "\ufffe\uffff":
        return "a noncharacter that XML forbids", "ein Nichtzeichen, das XML verbietet"
    if code <= 0x1F or 0x7F <= code <= 0x9F:
        return "a control character that documents cannot hold", "ein Steuerzeichen, das Dokumente nicht fassen"
    return (
        "a zero-width or invisible character, which makes names look alike",
        "ein unsichtbares Zeichen ohne Breite, das Namen gleich aussehen lässt",
    )


def check_name(name: object, what: str = "player name", what_de: str = "der Spielername") -> str:
    """`name` as a plain `str` in composed form (NFC), or a `PlayerError` saying why it cannot be a name.

    Examples:
        >>> check_name("Zoe\\u0308") == "Zo\\u00eb"
        True
        >>> check_name("Ann\\u202e")
        Traceback (most recent call last):
        ...
        wizardrules.errors.PlayerError: player name 'Ann\\u202e' holds U+202E, a bidirectional control, ...
    """
    if not isinstance(name, str):
        raise PlayerError(
            f"{what} {shown(name)} must be non-empty text", german=f"{what_de} {shown(name)} muss Text sein, nicht leer"
        )
    text = str.__str__(name)  # a plain str, also of a str subclass
    if len(text) > MAX_NAME:
        raise PlayerError(
            f"{what} {shown(text)}: {len(text)} characters, more than {MAX_NAME}",
            german=f"{what_de} {shown(text)}: {len(text)} Zeichen, mehr als {MAX_NAME}",
        )
    found = _REFUSED.search(text)
    if found is not None:
        char = found.group()
        why, why_de = _why(char)
        raise PlayerError(  # repr escapes what hides
            f"{what} {shown(text)} holds U+{ord(char):04X}, {why}",
            german=f"{what_de} {shown(text)} enthält U+{ord(char):04X}, {why_de}",
        )
    text = unicodedata.normalize("NFC", text)
    if not text.strip():
        raise PlayerError(
            f"{what} {shown(text)} must be non-empty text", german=f"{what_de} {shown(text)} muss Text sein, nicht leer"
        )
    return text


def check_names(players: object, *, limit: int = 1000) -> tuple[str, ...]:
    """`players` as a tuple of checked names ([`check_name`][wizardrules._names.check_name]), none twice.

    Raises:
        PlayerError: not a list of names, a name the rule refuses, or the same name twice
            (also when typed in two Unicode forms).
    """
    if isinstance(players, str) or not isinstance(players, Iterable):
        raise PlayerError(
            f"players {shown(players)} must be a list of names",
            german=f"die Spieler {shown(players)} müssen eine Liste von Namen sein",
        )
    names = tuple(check_name(name) for name in as_tuple(players, "players", PlayerError, limit=limit))
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise PlayerError(
                f"players {shown(list(names))}: the name {shown(name)} appears twice",
                german=f"Spieler {shown(list(names))}: der Name {shown(name)} kommt zweimal vor",
            )
        seen.add(name)
    return names


def lookup(name: str) -> str:
    """The form in which a name given to look a player up compares with the names kept (NFC).

    Examples:
        >>> lookup("Zoe\\u0308") == "Zo\\u00eb"
        True
    """
    try:
        return unicodedata.normalize("NFC", name)
    except (TypeError, ValueError):
        return name
