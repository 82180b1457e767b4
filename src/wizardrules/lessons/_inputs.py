"""The lessons' checks of their input: seeds, levels, player counts, rules and languages.

Each refuses a bad value with the library's error naming the input and the reason, before
anything is computed from it.
"""

from __future__ import annotations

from typing import Final

from wizardrules._convert import shown, whole
from wizardrules._words import checked_language
from wizardrules.errors import RulesError
from wizardrules.rules import Rules
from wizardrules.tricks import MAX_PLAYERS, MIN_PLAYERS

__all__ = ["LEVELS", "checked_language", "checked_level", "checked_players", "checked_rules", "checked_seed"]

LEVELS: Final = (1, 2, 3)
"""The levels of the questions: plain, with Wizards and Jesters, tricky."""


def checked_seed(seed: object, what: str) -> int:
    """`seed` when it is an integer (not a bool), else a `RulesError` naming it."""
    if type(seed) is not int:
        raise RulesError(
            f"{what}: seed {shown(seed)} must be an integer",
            german=f"{what}: Seed {shown(seed)} muss eine ganze Zahl sein",
        )
    return seed


def checked_level(level: object, what: str) -> int:
    """`level` when it is 1, 2 or 3, else a `RulesError` naming it."""
    if not whole(level, LEVELS[0], LEVELS[-1]):
        raise RulesError(
            f"{what}: level {shown(level)} must be 1 (plain), 2 (Wizards and Jesters) or 3 (tricky)",
            german=f"{what}: die Stufe {shown(level)} muss 1 (einfach), 2 (Zauberer und Narren) oder 3 (knifflig) sein",
        )
    return level  # type: ignore[return-value]  # whole() checked that it is an int


def checked_players(players: object, what: str) -> int:
    """`players` when it is a number of players 3..6, else a `RulesError` naming it (R2.1)."""
    if not whole(players, MIN_PLAYERS, MAX_PLAYERS):
        raise RulesError(
            f"{what}: {shown(players)} players; Wizard is for {MIN_PLAYERS} to {MAX_PLAYERS} (R2.1)",
            german=f"{what}: {shown(players)} Spieler; Wizard ist für {MIN_PLAYERS} bis {MAX_PLAYERS} (R2.1)",
        )
    return players  # type: ignore[return-value]  # whole() checked that it is an int


def checked_rules(rules: object, what: str) -> Rules:
    """`rules`, the rulebook's `Rules()` for `None`, else a `RulesError` naming it."""
    if rules is None:
        return Rules()
    if not isinstance(rules, Rules):
        raise RulesError(f"{what}: rules {shown(rules)} is not a Rules value")
    return rules
