"""Game nights: a series of score sheets, one a night, summed up per person.

Whoever sat in on a night counts for it. Names join the nights under the one rule for
names: the same name in either Unicode form (NFC or NFD) is one person. A night is the
sheet's standings (with its rules' tie-break, R7) and its statistics; a night need not be
played to its last round, but it needs one round.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final, Protocol

from attrs import evolve, frozen

from wizardrules._convert import shown
from wizardrules._names import lookup
from wizardrules.cards import Language
from wizardrules.errors import RulesError
from wizardrules.sheet._stats import PlayerStatistics

__all__ = ["GameNights", "NightsPlayer", "RatingLike", "summed"]


class RatingLike(Protocol):
    """What a rating gives the game nights' table (as `wizardrules.tournament.ratings.Rating` does)."""

    @property
    def name(self) -> str:
        """The rated player."""

    @property
    def conservative(self) -> float:
        """The rating to rank by (`mu - 3 sigma`)."""

    @property
    def low(self) -> float:
        """The lower end of the skill's 95% range."""

    @property
    def high(self) -> float:
        """The upper end of the skill's 95% range."""


@frozen(kw_only=True)
class NightsPlayer:
    """One person over a series of game nights.

    Attributes:
        player: the name (composed, NFC).
        nights: the nights the person played.
        wins: nights in first place (a shared first place too).
        points: the points of all those nights together.
        mean_place: the mean place over the nights.
        rounds: the rounds the person played.
        exact: the rounds with the bid hit exactly.
        exact_rate: `exact / rounds`.
        rating: the conservative rating (`mu - 3 sigma`) when the nights are rated, else `None`.
        skill_range: the skill's 95% range when rated, else `None`.
    """

    player: str
    nights: int
    wins: int
    points: int
    mean_place: float
    rounds: int
    exact: int
    exact_rate: float
    rating: float | None = None
    skill_range: tuple[float, float] | None = None

    def to_dict(self) -> dict[str, Any]:
        """The person's figures as plain data, the keys named as the attributes."""
        return {
            "player": self.player,
            "nights": self.nights,
            "wins": self.wins,
            "points": self.points,
            "mean_place": self.mean_place,
            "rounds": self.rounds,
            "exact": self.exact,
            "exact_rate": self.exact_rate,
            "rating": self.rating,
            "skill_range": None if self.skill_range is None else list(self.skill_range),
        }


@frozen(kw_only=True)
class GameNights:
    """The people of a series of game nights, best first.

    Unrated, the best is the one with the best mean place (then more wins, then more
    points); rated (see [`rate_nights`][wizardrules.tournament.ratings.rate_nights]), the one
    with the best conservative rating.

    Attributes:
        people: each person's figures, best first.
        nights: the nights in the series.
        rated: whether the figures carry ratings.
    """

    people: tuple[NightsPlayer, ...]
    nights: int
    rated: bool = False

    def with_ratings(self, ratings: Iterable[RatingLike]) -> GameNights:
        """The same figures with each person's rating, ranked by it (best conservative rating first).

        Raises:
            RulesError: a rating for someone who played none of the nights, or none for someone who did.
        """
        by_name = {}
        for rating in ratings:
            by_name[lookup(rating.name)] = rating
        names = {person.player for person in self.people}
        strangers = sorted(set(by_name) - names)
        missing = sorted(names - set(by_name))
        if strangers or missing:
            who = strangers or missing
            what = "has a rating but played no night" if strangers else "played but has no rating"
            was = "hat eine Wertung, aber keinen Abend gespielt" if strangers else "hat gespielt, aber keine Wertung"
            raise RulesError(f"game nights: {shown(who[0])} {what}", german=f"Spieleabende: {shown(who[0])} {was}")
        people = [
            evolve(
                person,
                rating=by_name[person.player].conservative,
                skill_range=(by_name[person.player].low, by_name[person.player].high),
            )
            for person in self.people
        ]
        people.sort(key=lambda p: (-(p.rating or 0.0), p.mean_place, -p.wins, -p.points, p.player))
        return GameNights(people=tuple(people), nights=self.nights, rated=True)

    def to_dict(self) -> dict[str, Any]:
        """The table as plain data (JSON-ready)."""
        return {"nights": self.nights, "rated": self.rated, "people": [p.to_dict() for p in self.people]}

    def to_text(self, *, language: Language = Language.EN) -> str:
        """The table as text: a row a person, best first, and a line that says how it is ranked.

        Examples:
            >>> from wizardrules import Language, ScoreSheet, game_nights
            >>> night = ScoreSheet(["Ann", "Ben", "Cem"]).record(bids=[1, 0, 0], tricks=[1, 0, 0])
            >>> print(game_nights([night]).to_text(language=Language.DE).splitlines()[0])
            # | Spieler | Abende | Siege | Punkte | Ø Platz | Trefferquote
        """
        if not isinstance(language, Language):
            raise RulesError(
                f"language {shown(language)}: expected Language.EN or Language.DE",
                german=f"Sprache {shown(language)}: erwartet Language.EN oder Language.DE",
            )
        words = _WORDS[language]
        heads = [*words["heads"], *(words["rating"] if self.rated else ())]
        rows = [heads]
        for place, person in enumerate(self.people, start=1):
            row = [
                str(place),
                person.player,
                str(person.nights),
                str(person.wins),
                str(person.points),
                _decimal(person.mean_place, language, 2),
                _percent(person.exact_rate, language),
            ]
            if self.rated and person.rating is not None and person.skill_range is not None:
                low, high = person.skill_range
                row += [
                    _decimal(person.rating, language, 1),
                    _decimal((low + high) / 2, language, 1),
                    f"{_decimal(low, language, 1)}–{_decimal(high, language, 1)}",
                ]
            rows.append(row)
        widths = [max(len(row[i]) for row in rows) for i in range(len(heads))]

        def line(row: Sequence[str]) -> str:
            cells = [cell.ljust(widths[i]) if i == 1 else cell.rjust(widths[i]) for i, cell in enumerate(row)]
            return " | ".join(cells).rstrip()

        rule = "-+-".join("-" * w for w in widths)
        note = words["rated" if self.rated else "unrated"].format(nights=self.nights)
        return "\n".join([line(rows[0]), rule, *(line(row) for row in rows[1:]), "", note])


_WORDS: Final[dict[Language, dict[str, Any]]] = {
    Language.EN: {
        "heads": ("#", "player", "nights", "wins", "points", "mean place", "exact rate"),
        "rating": ("rating", "skill", "95% range"),
        "unrated": "{nights} nights; ranked by mean place, then wins, then points. "
        "With the ratings extra, `wizardrules nights` ranks by rating.",
        "rated": "{nights} nights; ranked by rating: the skill less three times its uncertainty, so it grows "
        "as the skill is shown night after night; the 95% range of the skill narrows with every night played.",
    },
    Language.DE: {
        "heads": ("#", "Spieler", "Abende", "Siege", "Punkte", "Ø Platz", "Trefferquote"),
        "rating": ("Wertung", "Stärke", "95-%-Bereich"),
        "unrated": "{nights} Abende; geordnet nach Ø Platz, dann Siegen, dann Punkten. "
        "Mit dem Extra ratings ordnet `wizardrules nights` nach der Wertung.",
        "rated": "{nights} Abende; geordnet nach der Wertung: die Stärke weniger dreimal ihre Unsicherheit, sie "
        "wächst also, wenn sich die Stärke Abend für Abend zeigt; der 95-%-Bereich der Stärke wird mit jedem "
        "Abend enger.",
    },
}


def _decimal(value: float, language: Language, places: int) -> str:
    text = f"{value:.{places}f}"
    return text.replace(".", ",") if language is Language.DE else text


def _percent(value: float, language: Language) -> str:
    return f"{round(100 * value)} %" if language is Language.DE else f"{round(100 * value)}%"


def summed(nights: Iterable[Sequence[PlayerStatistics]]) -> GameNights:
    """The people of the nights whose players' statistics are `nights`, one sequence a night, summed up."""
    totals: dict[str, dict[str, int]] = {}
    count = 0
    for night in nights:
        count += 1
        for stats in night:
            person = totals.setdefault(
                stats.player, {"nights": 0, "wins": 0, "points": 0, "places": 0, "rounds": 0, "exact": 0}
            )
            person["nights"] += 1
            person["wins"] += stats.place == 1
            person["points"] += stats.total
            person["places"] += stats.place
            person["rounds"] += stats.rounds
            person["exact"] += stats.exact
    people = [
        NightsPlayer(
            player=name,
            nights=t["nights"],
            wins=t["wins"],
            points=t["points"],
            mean_place=t["places"] / t["nights"],
            rounds=t["rounds"],
            exact=t["exact"],
            exact_rate=t["exact"] / t["rounds"],
        )
        for name, t in totals.items()
    ]
    people.sort(key=lambda p: (p.mean_place, -p.wins, -p.points, p.player))
    return GameNights(people=tuple(people), nights=count)
