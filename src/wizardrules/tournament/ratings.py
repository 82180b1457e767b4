"""Ratings for 3 to 6 players: bots from a tournament, people from their score sheets (extra `ratings`).

A rating is a Bayesian estimate of skill from many-player results: each game ranks its
players (shared places for equal totals), and the Weng-Lin Plackett-Luce model of
[openskill](https://pypi.org/project/openskill/) updates every player's skill `mu` and its
uncertainty `sigma` from that ranking, game after game. A player's *conservative* rating
`mu - 3 sigma` is the one to rank by: it rises as the skill is shown, and a newcomer with
one lucky night does not overtake a player with fifty good ones.

- [`rate_tournament`][wizardrules.tournament.ratings.rate_tournament] rates the bots of a
  [`tournament`][wizardrules.tournament.tournament] from each game's final scores;
- [`rate_sheets`][wizardrules.tournament.ratings.rate_sheets] rates the people of a series of game
  nights, one finished [`ScoreSheet`][wizardrules.ScoreSheet] each, whoever sat in.

Needs the extra `ratings` (openskill): `pip install "wizardrules[ratings]"`.

Examples:
    >>> from wizardrules import ScoreSheet
    >>> night = ScoreSheet(players=["Ann", "Ben", "Cy"]).record(bids=[1, 0, 0], tricks=[1, 0, 0])
    >>> ratings = rate_sheets([night, night, night])
    >>> [rating.name for rating in ratings], ratings.games
    (['Ann', 'Ben', 'Cy'], 3)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Final

from attrs import frozen

from wizardrules._convert import as_tuple, shown, whole
from wizardrules._names import check_name
from wizardrules.cards import Language
from wizardrules.errors import RulesError
from wizardrules.sheet import GameNights, ScoreSheet, game_nights
from wizardrules.tournament._results import TournamentResult

try:
    from openskill.models import PlackettLuce
except ImportError as missing:  # pragma: no cover - the tests of this module skip without the extra
    raise ImportError(
        "wizardrules.tournament.ratings needs the 'ratings' extra (openskill is missing): "
        "pip install 'wizardrules[ratings]'",
        name=missing.name,
    ) from None

__all__ = ["Rating", "Ratings", "rate_games", "rate_nights", "rate_sheets", "rate_tournament"]

Z95: Final = 1.9599639845400536
"""The two-sided 95% quantile of the standard normal distribution."""

MAX_PLAYERS_RATED: Final = 1000
"""The most players of one game that `rate_games` rates (a table seats 3 to 6): the model's
update grows with the square of a game's players."""
MOST_GAMES: Final = 10**15
"""The most games a rating counts: more than anyone plays, and a number the tables write out."""
RATING_LIMIT: Final = 1_000_000.0
"""The largest skill and uncertainty a `Rating` holds, either way: openskill's ratings stay
within a few hundred, and the model overflows on numbers near the largest floats."""

_HEADERS: Final = {
    Language.EN: ("#", "player", "games", "rating", "skill", "95% range"),
    Language.DE: ("#", "Spieler", "Spiele", "Wertung", "Stärke", "95-%-Bereich"),
}


@frozen(kw_only=True)
class Rating:
    """One player's rating: a skill estimate with its uncertainty.

    Attributes:
        name: the player (or bot).
        mu: the estimated skill (25 at the start).
        sigma: its uncertainty, one standard deviation (25/3 at the start; shrinks with games).
        games: games rated.
    """

    name: str
    mu: float
    sigma: float
    games: int

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise RulesError(f"Rating: name {shown(self.name)} must be non-empty text")
        for name, low in (("mu", -RATING_LIMIT), ("sigma", 0.0)):
            value = getattr(self, name)
            if type(value) not in (int, float) or not low <= value <= RATING_LIMIT or (name == "sigma" and not value):
                raise RulesError(
                    f"Rating of {shown(self.name)}: {name} {shown(value)} must be a number "
                    f"{'above 0' if name == 'sigma' else f'from {-RATING_LIMIT:,.0f}'} up to {RATING_LIMIT:,.0f}"
                )
        if not whole(self.games, 0, MOST_GAMES):
            raise RulesError(
                f"Rating of {shown(self.name)}: games {shown(self.games)} must be a whole number 0..10**15"
            )

    @property
    def conservative(self) -> float:
        """`mu - 3 sigma`: the skill the player has very likely shown; what the table ranks by."""
        return self.mu - 3 * self.sigma

    @property
    def low(self) -> float:
        """The lower end of the 95% range of the skill, `mu - 1.96 sigma`."""
        return self.mu - Z95 * self.sigma

    @property
    def high(self) -> float:
        """The upper end of the 95% range of the skill, `mu + 1.96 sigma`."""
        return self.mu + Z95 * self.sigma

    def to_dict(self) -> dict[str, Any]:
        """The rating as plain data."""
        return {
            "name": self.name,
            "mu": self.mu,
            "sigma": self.sigma,
            "conservative": self.conservative,
            "range95": [self.low, self.high],
            "games": self.games,
        }


@frozen(kw_only=True)
class Ratings:
    """Every player's rating, best conservative rating first.

    Attributes:
        ratings: the players' ratings, by conservative rating from the best (then by name).
        games: the games rated.
    """

    ratings: tuple[Rating, ...]
    games: int

    def __attrs_post_init__(self) -> None:
        if type(self.ratings) is not tuple or not all(isinstance(rating, Rating) for rating in self.ratings):
            raise RulesError(f"Ratings: ratings {shown(self.ratings)} must be a tuple of Rating values")
        names = [rating.name for rating in self.ratings]
        if len(set(names)) != len(names):
            raise RulesError(f"Ratings: players {shown(names)} must be rated once each")
        if not whole(self.games, 0, MOST_GAMES):
            raise RulesError(f"Ratings: games {shown(self.games)} must be a whole number 0..10**15")

    def __iter__(self) -> Iterator[Rating]:
        """The ratings, best first."""
        return iter(self.ratings)

    def __len__(self) -> int:
        """The number of players rated."""
        return len(self.ratings)

    def __getitem__(self, name: str) -> Rating:
        """The rating of the player called `name`, in either Unicode form (NFC or NFD) of it.

        Raises:
            KeyError: no player has that name.
        """
        wanted = unicodedata.normalize("NFC", name) if isinstance(name, str) else name
        for rating in self.ratings:
            if rating.name == wanted:
                return rating
        raise KeyError(f"no player called {shown(name)}; the players are {shown([r.name for r in self.ratings])}")

    def win_chances(self, names: Sequence[str]) -> dict[str, float]:
        """Each named player's chance of winning a game among `names`, by the model (they add up to 1).

        Raises:
            RulesError: fewer than 2 different names (in the score sheet's sense: two Unicode
                forms of a name are one), or a name that is not rated.
        """
        if isinstance(names, str) or not isinstance(names, Sequence):
            raise RulesError(f"win_chances: {shown(names)} is not a list of names")
        if not all(isinstance(name, str) for name in names):
            raise RulesError(f"win_chances: {shown(names)} must be names, each text")
        wanted = [unicodedata.normalize("NFC", name) for name in names]
        if len(set(wanted)) != len(wanted) or len(wanted) < 2:
            raise RulesError(f"win_chances: {shown(list(names))} must be 2 or more different players")
        rated = {rating.name: rating for rating in self.ratings}
        missing = [name for name in wanted if name not in rated]
        if missing:
            raise RulesError(f"win_chances: no player called {shown(missing[0])}; the players are {shown(list(rated))}")
        model = PlackettLuce()
        teams = [[model.rating(mu=rated[name].mu, sigma=rated[name].sigma)] for name in wanted]
        return dict(zip(names, (float(p) for p in model.predict_win(teams)), strict=True))

    def to_dict(self) -> dict[str, Any]:
        """The ratings as plain data."""
        return {"games": self.games, "ratings": [rating.to_dict() for rating in self.ratings]}

    def to_text(self, *, language: Language = Language.EN) -> str:
        """A table, best first: place, player, games, conservative rating, skill and its 95% range.

        Args:
            language: the language of the headings; German writes decimal commas (R1.3).

        Raises:
            RulesError: `language` is not a Language.
        """
        if not isinstance(language, Language):
            raise RulesError(f"language {shown(language)}: expected Language.EN or Language.DE")
        german = language is Language.DE

        def number(value: float) -> str:
            text = f"{value:.1f}"
            return text.replace(".", ",") if german else text

        sep = ";" if german else ","
        rows = [
            (
                str(place),
                r.name,
                str(r.games),
                number(r.conservative),
                number(r.mu),
                f"[{number(r.low)}{sep} {number(r.high)}]",
            )
            for place, r in enumerate(self.ratings, start=1)
        ]
        header = _HEADERS[language]
        widths = [max(len(row[c]) for row in (header, *rows)) for c in range(len(header))]

        def line(row: Sequence[str]) -> str:
            cells = [row[0].rjust(widths[0]), row[1].ljust(widths[1])]
            cells += [cell.rjust(width) for cell, width in zip(row[2:], widths[2:], strict=True)]
            return "  ".join(cells).rstrip()

        title = f"{self.games} Spiele bewertet" if german else f"{self.games} games rated"
        return "\n".join([title, line(header), *(line(row) for row in rows)])


def rate_games(games: Iterable[Sequence[tuple[str, int]]]) -> Ratings:
    """Rate the players of `games`, in order: each game is its players with their places (1 is first).

    Players may come and go between games; a game needs 2 or more different players, and
    equal places are shared ranks. Names follow the score sheet's rule: the composed (NFC)
    and decomposed (NFD) forms of a name are one player, rated under the composed form.

    Raises:
        RulesError: a game that is not a list of (name, place) pairs of 2 or more different
            players (at most `MAX_PLAYERS_RATED`, 1,000) with places from 1 to the number of
            its players.
        PlayerError: a name the score sheet's rule refuses (a control or invisible
            character, more than 100 characters, no text).

    Examples:
        >>> ratings = rate_games([[("Ann", 1), ("Ben", 2), ("Cy", 2)], [("Ann", 1), ("Cy", 2), ("Dee", 3)]])
        >>> ratings.ratings[0].name, ratings["Ann"].games, ratings["Dee"].games
        ('Ann', 2, 1)
    """
    model = PlackettLuce()
    current: dict[str, Any] = {}
    played: dict[str, int] = {}
    count = 0
    for number, game in enumerate(games, start=1):
        entries = _game(game, number)
        teams = [[current.get(name) or model.rating(name=name)] for name, _ in entries]
        rated = model.rate(teams, ranks=[float(place) for _, place in entries])
        for (name, _), (rating,) in zip(entries, rated, strict=True):
            current[name] = rating
            played[name] = played.get(name, 0) + 1
        count += 1
    ratings = [Rating(name=name, mu=r.mu, sigma=r.sigma, games=played[name]) for name, r in current.items()]
    ratings.sort(key=lambda r: (-r.conservative, r.name))
    return Ratings(ratings=tuple(ratings), games=count)


def _game(game: object, number: int) -> list[tuple[str, int]]:
    if isinstance(game, (str, bytes)) or not isinstance(game, Sequence):
        raise RulesError(f"game {number}: {shown(game)} is not a list of (name, place) pairs")
    try:
        size = len(game)
    except (OverflowError, TypeError, ValueError):  # a sequence too long to tell its length
        size = MAX_PLAYERS_RATED + 1
    if size > MAX_PLAYERS_RATED:
        raise RulesError(f"game {number}: more than {MAX_PLAYERS_RATED:,} players, the most rated in one game")
    entries = []
    for entry in game:
        if not isinstance(entry, tuple) or len(entry) != 2:
            raise RulesError(f"game {number}: {shown(entry)} is not a (name, place) pair")
        name, place = entry[0], entry[1]  # by index: a tuple subclass may iterate otherwise
        if not isinstance(name, str) or not name:
            raise RulesError(f"game {number}: player {shown(name)} must be a non-empty name")
        name = check_name(name, f"game {number}: player")  # one player in either Unicode form
        if not whole(place, 1, len(game)):
            raise RulesError(
                f"game {number}: place {shown(place)} of {shown(name)} must be a whole number 1 to {len(game)}, "
                "the number of its players"
            )
        entries.append((name, place))
    names = [name for name, _ in entries]
    if len(set(names)) != len(names) or len(names) < 2:
        raise RulesError(f"game {number}: players {shown(names)} must be 2 or more different names")
    return entries


def _places(scores: Sequence[int]) -> list[int]:
    """Each score's place, 1 for the highest; equal scores share a place."""
    return [1 + sum(other > score for other in scores) for score in scores]


def rate_tournament(result: TournamentResult) -> Ratings:
    """Rate the bots of a tournament from each game's final scores (equal scores share a place).

    A `TournamentResult` is checked when it is made or read, so every bot has one score per
    game and a name the score sheet's rule allows.

    Raises:
        RulesError: `result` is not a TournamentResult.

    Examples:
        >>> from wizardrules import RandomBot, RuleBot, Rules, Schedule
        >>> from wizardrules.tournament import tournament
        >>> short = Rules(schedule=Schedule.ladder(3, rounds=3))
        >>> result = tournament([RuleBot, RandomBot, RandomBot], 30, rules=short, executor=None)
        >>> rate_tournament(result).ratings[0].name
        'RuleBot'
    """
    if not isinstance(result, TournamentResult):
        raise RulesError(f"rate_tournament: {shown(result)} is not a TournamentResult")
    names = [stats.name for stats in result.bots]
    by_game = zip(*(stats.scores for stats in result.bots), strict=True)
    return rate_games([list(zip(names, _places(scores), strict=True)) for scores in by_game])


def rate_sheets(sheets: Iterable[ScoreSheet]) -> Ratings:
    """Rate the people of a series of game nights, one score sheet each, in order.

    Each sheet ranks its players by its standings (the rules' tie-break, shared places on
    ties, R7); whoever played that night is rated, and the names join the nights.

    Raises:
        RulesError: something that is not a ScoreSheet, or a sheet with no rounds recorded.
    """
    games = []
    for number, sheet in enumerate(sheets, start=1):
        if not isinstance(sheet, ScoreSheet):
            raise RulesError(f"rate_sheets: game night {number}, {shown(sheet)}, is not a ScoreSheet")
        if not sheet.rounds:
            raise RulesError(f"rate_sheets: game night {number} has no rounds recorded")
        games.append(list(zip(sheet.players, sheet.standings(), strict=True)))
    return rate_games(games)


def rate_nights(sheets: Iterable[ScoreSheet]) -> GameNights:
    """The [`game_nights`][wizardrules.game_nights] table of a series of game nights, with each person's rating.

    The people are ranked by their conservative rating (`mu - 3 sigma`, best first), which
    [`rate_sheets`][wizardrules.tournament.ratings.rate_sheets] gives from the nights' places.

    Raises:
        RulesError: something that is not a ScoreSheet, or a sheet with no rounds recorded.

    Examples:
        >>> from wizardrules import ScoreSheet
        >>> night = ScoreSheet(players=["Ann", "Ben", "Cy"]).record(bids=[1, 0, 0], tricks=[0, 1, 0])
        >>> table = rate_nights([night, night])
        >>> [(person.player, person.wins) for person in table.people], table.rated
        ([('Cy', 2), ('Ann', 0), ('Ben', 0)], True)
    """
    nights = as_tuple(sheets, "game nights", RulesError, limit=100_000, what_de="Spieleabende")  # read once, used twice
    return game_nights(nights).with_ratings(rate_sheets(nights))
